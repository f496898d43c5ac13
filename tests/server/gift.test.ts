// @vitest-environment node
// The phone-page extras of issue 13 through the real server: the gift (a PROMO_PRODUCT put in the cart at 0 with its
// phone, under it, not removable alone, only in stock, at most maxAllowedQuantity per cart — also under concurrent
// adds — its stock held by the order, dropped at validation when it ran out), the best-offer flag on details and list
// summaries, and the dropshipping products' list and device-page addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkoutReadyShopper, Customer, drivers, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';
import { productReferences, stock } from '../../server/db/tables';
import type { Manifest } from '../../renderer/router';
import type { Cart, Entry } from '../../schemas/types/api.cart';
import type { ProductSummary } from '../../schemas/types/api.catalog';

const POCO = 'XIAOMI_POCO_X7_PRO_BLACK';
const A16 = 'SAMSUNG_GALAXY_A16_BLACK';
const BUDS = 'GIFT_JBL_WAVE_BUDS';
const BUDS_V = 'GIFT_JBL_WAVE_BUDS_STD';
const CASE = 'GIFT_SAMSUNG_CASE_A16';
const deviceOnly = (deviceCode: string) => ({ deviceCode, chargeType: 'ONE_TIME_CHARGE' });
const gifts = (cart: Cart) => cart.entries.filter((e) => e.product.productOfferingType === 'PROMO_PRODUCT');

describe.each(drivers)('gift, best offer and dropshipping on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });
  const shopper = (lang: '1' | '2' = '1') => new Shopper(h.app, lang).login();
  const level = async (variant: string) => (await h.database.db.select().from(stock).where(eq(stock.variantCode, variant)))[0].level;
  const setLevel = (variant: string, n: number) => h.database.db.update(stock).set({ level: n }).where(eq(stock.variantCode, variant));
  const add = async (s: Shopper, body: unknown) => {
    const r = await s.call('POST', PATHS.addBundle, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().cart as Cart;
  };

  it('the phone page: hasGift, and the gift by the references call (PROMO_PRODUCT) with its value', async () => {
    const s = await shopper();
    const d = (await s.call('GET', `${PATHS.details}?productCode=XIAOMI_POCO_X7_PRO`)).json();
    expect(d).toMatchObject({ hasGift: true, bestOffer: true });
    expect((await s.call('GET', `${PATHS.details}?productCode=SAMSUNG_GALAXY_S25`)).json()).toMatchObject({ hasGift: false, bestOffer: false });
    const r = await s.call('GET', `${PATHS.references}?productCode=XIAOMI_POCO_X7_PRO&referenceType=PROMO_PRODUCT`);
    expect(r.statusCode).toBe(200);
    expect(r.json().references).toHaveLength(1);
    expect(r.json().references[0]).toMatchObject({
      referenceType: 'PROMO_PRODUCT',
      target: { code: BUDS, name: 'JBL Wave Buds bežične slušalice', productOfferingType: 'PROMO_PRODUCT', price: { value: 3999 }, variantCode: BUDS_V, stock: { stockLevelStatus: 'inStock' } },
    });
    expect(r.json().references[0].target.images[0].url).toBe(`/media/products/${BUDS_V}.svg`);
    const pic = await h.app.inject({ method: 'GET', url: `/media/products/${BUDS_V}.svg` });
    expect(pic.statusCode).toBe(200);
    expect(pic.body).toContain('<svg');
  });

  it('adding the phone alone adds the gift under it at 0, put in by the shop and not removable', async () => {
    const s = await shopper();
    const cart = await add(s, deviceOnly(POCO));
    expect(cart.entries).toHaveLength(2);
    const [phone] = cart.entries;
    const [gift] = gifts(cart);
    expect(phone.product.code).toBe(POCO);
    expect(gift).toMatchObject({
      product: { code: BUDS_V, baseProduct: BUDS, isRemovableEntry: false }, quantity: 1, chargeType: 'ONE_TIME_CHARGE',
      oneTimePrice: { value: 0 }, totalPrice: { value: 0 }, automaticallyAdded: true, parentEntryNumber: phone.entryNumber, bundleNo: phone.bundleNo,
    });
    // the cart's total is the phone's price alone
    expect(cart.orderPrices.totalDeviceOneTimePrice.value).toBe(phone.oneTimePrice.value);
  });

  it('with a tariff: the gift joins the bundle of the phone; removing the tariff takes the bundle and its gift', async () => {
    const s = await shopper();
    const cart = await add(s, { deviceCode: POCO, tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' });
    const phone = cart.entries.find((e) => e.product.code === POCO)!;
    const tariff = cart.entries.find((e) => e.product.code === 'ORBITA_MAX_M')!;
    expect(gifts(cart)).toHaveLength(1);
    expect(gifts(cart)[0]).toMatchObject({ bundleNo: phone.bundleNo, parentEntryNumber: phone.entryNumber, oneTimePrice: { value: 0 } });
    expect((await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${tariff.entryNumber}`)).statusCode).toBe(200);
    expect((await s.call('GET', PATHS.cart)).json().entries).toEqual([]);
  });

  it('the gift cannot be removed alone; removing the phone removes it', async () => {
    const s = await shopper();
    const cart = await add(s, deviceOnly(POCO));
    const gift = gifts(cart)[0];
    const refused = await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${gift.entryNumber}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ reason: 'notRemovable' });
    expect((await s.call('GET', PATHS.cart)).json().entries).toHaveLength(2);
    expect((await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${cart.entries[0].entryNumber}`)).statusCode).toBe(200);
    expect((await s.call('GET', PATHS.cart)).json().entries).toEqual([]);
  });

  it('no gift when it is out of stock (nor on the phone page); the phone is still added', async () => {
    const before = await level(BUDS_V);
    await setLevel(BUDS_V, 0);
    try {
      const s = await shopper();
      const cart = await add(s, deviceOnly(POCO));
      expect(cart.entries.map((e: Entry) => e.product.code)).toEqual([POCO]);
      // the read model sees the stock within its check interval
      await expect.poll(async () => (await s.call('GET', `${PATHS.details}?productCode=XIAOMI_POCO_X7_PRO`)).json().hasGift, { timeout: 5000 }).toBe(false);
    } finally {
      await setLevel(BUDS_V, before);
    }
  });

  it('one unit of stock left: the gift goes with the first phone only', async () => {
    const before = await level(BUDS_V);
    await setLevel(BUDS_V, 1);
    try {
      const s = await shopper();
      await add(s, deviceOnly(POCO));
      const cart = await add(s, deviceOnly(POCO));
      expect(gifts(cart)).toHaveLength(1);
      expect(cart.entries.filter((e: Entry) => e.product.code === POCO)).toHaveLength(2);
    } finally {
      await setLevel(BUDS_V, before);
    }
  });

  it('maxAllowedQuantity: not more gifts of a product in one cart than the reference allows (the A16 case: 1)', async () => {
    const s = await shopper();
    await add(s, deviceOnly(A16));
    const cart = await add(s, deviceOnly(A16));
    expect(cart.entries.filter((e: Entry) => e.product.baseProduct === 'SAMSUNG_GALAXY_A16')).toHaveLength(2);
    expect(gifts(cart).map((e: Entry) => e.product.baseProduct)).toEqual([CASE]);
  });

  it('without maxAllowedQuantity the default is 100: a second phone brings a second gift', async () => {
    const [ref] = await h.database.db.select().from(productReferences).where(and(eq(productReferences.productCode, 'XIAOMI_POCO_X7_PRO'), eq(productReferences.referenceType, 'PROMO_PRODUCT')));
    expect(ref.maxAllowedQuantity).toBeNull();
    const s = await shopper();
    await add(s, deviceOnly(POCO));
    const cart = await add(s, deviceOnly(POCO));
    expect(gifts(cart)).toHaveLength(2);
    expect(new Set(gifts(cart).map((e: Entry) => e.parentEntryNumber)).size).toBe(2);
  });

  it('signing in merges the guest\'s phone and gift into the customer\'s cart without passing the gift\'s limit', async () => {
    const customer = await new Customer(h.app).login();
    await customer.authorize('kupac@orbita.rs');
    await customer.call('DELETE', PATHS.deleteCart);
    await add(customer, deviceOnly(A16));
    await customer.call('POST', '/selfcare/b2c/user/logout');
    const guest = await new Customer(h.app).login();
    await add(guest, deviceOnly(A16));
    await guest.authorize('kupac@orbita.rs');
    const cart = (await guest.call('GET', PATHS.cart)).json();
    expect(cart.entries.filter((e: Entry) => e.product.baseProduct === 'SAMSUNG_GALAXY_A16')).toHaveLength(2);
    expect(gifts(cart).map((e: Entry) => e.product.baseProduct)).toEqual([CASE]);
  });

  it('two concurrent adds of the phone do not exceed the limit', async () => {
    const s = await shopper();
    const results = await Promise.all([0, 1].map(() => s.call('POST', PATHS.addBundle, deviceOnly(A16))));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const cart = (await s.call('GET', PATHS.cart)).json();
    expect(cart.entries.filter((e: Entry) => e.product.baseProduct === 'SAMSUNG_GALAXY_A16')).toHaveLength(2);
    expect(gifts(cart)).toHaveLength(1);
  });

  it('the order holds the gift\'s stock like any product', async () => {
    const before = await level(BUDS_V);
    const s = await checkoutReadyShopper(h.app, POCO);
    const r = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
    expect(r.statusCode, r.body).toBe(200);
    expect(await level(BUDS_V)).toBe(before - 1);
  });

  it('a gift that ran out after adding leaves the cart at validation, told once; the order then goes on without it', async () => {
    const before = await level(BUDS_V);
    const s = await checkoutReadyShopper(h.app, POCO);
    await setLevel(BUDS_V, 0);
    try {
      const first = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
      expect(first.statusCode).toBe(400);
      expect(first.json().errors).toEqual([expect.objectContaining({
        reason: 'giftRemoved', message: 'Poklon JBL Wave Buds bežične slušalice više nije na stanju i uklonjen je iz korpe. Porudžbina se nastavlja bez njega.',
      })]);
      const cart = (await s.call('GET', PATHS.cart)).json();
      expect(gifts(cart)).toEqual([]);
      expect(cart.entries.map((e: Entry) => e.product.code)).toEqual([POCO, 'ORBITA_MAX_M']);
      const v = (await s.call('POST', PATHS.validate, { justSteps: false, v2: true })).json();
      expect(JSON.stringify(v.errors ?? [])).not.toContain('giftRemoved');
      const again = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
      expect(again.statusCode, again.body).toBe(200);
      expect(await level(BUDS_V)).toBe(0);
    } finally {
      await setLevel(BUDS_V, before);
    }
  });

  it('best offer: on the list summaries of the flagged phones only', async () => {
    const s = await shopper();
    const r = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&pageSize=100`)).json();
    const flagged = r.products.filter((p: ProductSummary) => p.bestOffer === true).map((p: ProductSummary) => p.code).sort();
    expect(flagged).toEqual(['SAMSUNG_GALAXY_A16', 'XIAOMI_POCO_X7_PRO']);
    expect(r.products.every((p: ProductSummary) => typeof p.bestOffer === 'boolean')).toBe(true);
    // gifts are not sold on their own: not in the lists or the site search
    const all = (await s.call('GET', `${PATHS.search}?categoryCode=sve&pageSize=100`)).json();
    expect(all.products.some((p: ProductSummary) => p.productOfferingType === 'PROMO_PRODUCT')).toBe(false);
  });

  it('dropshipping: a list of its own, each product on the device page', async () => {
    const s = await shopper('2');
    const r = (await s.call('GET', `${PATHS.search}?categoryCode=dropshipping`)).json();
    expect(r.products.map((p: ProductSummary) => p.code)).toEqual(['DROP_ROBOT_VACUUM', 'DROP_AIR_PURIFIER', 'DROP_AIR_FRYER']);
    for (const p of r.products) {
      expect(p).toMatchObject({ productOfferingType: 'DROPSHIPPING', url: `/uredjaj/${p.code}`, stock: { stockLevelStatus: expect.stringMatching(/Stock/) } });
      expect(p.price.value).toBeGreaterThan(0);
    }
    expect(r.breadcrumbs[1]).toEqual({ name: 'Home appliances', url: '/Privatni/Uredjaji/Tip-uredjaja/kucni-aparati' });
    const d = (await s.call('GET', `${PATHS.details}?productCode=DROP_AIR_FRYER`)).json();
    expect(d).toMatchObject({ productOfferingType: 'DROPSHIPPING', oneOff: { purchasable: true }, hasGift: false, bestOffer: false, variants: [{ code: 'DROP_AIR_FRYER_STD' }] });
    // sold alone, at once, like an accessory
    const cart = await add(s, deviceOnly('DROP_AIR_FRYER_STD'));
    expect(cart.entries.map((e: Entry) => e.product.productOfferingType)).toEqual(['DROPSHIPPING']);
  });

  it('the list screen serves its address and the crawler pages (the manifest routes them to plp-appliances)', async () => {
    const manifest = (await h.app.inject({ method: 'GET', url: '/ui/manifest' })).json<Manifest>();
    const routes = manifest.routes.filter((r: Manifest['routes'][number]) => r.screen === 'plp-appliances').map((r: Manifest['routes'][number]) => r.route);
    expect(routes).toEqual(['/Privatni/Uredjaji/Tip-uredjaja/kucni-aparati', '/Privatni/Uredjaji/Tip-uredjaja/kucni-aparati/page/:page']);
    const screen = (await h.app.inject({ method: 'GET', url: '/ui/screens/plp-appliances' })).json();
    expect(JSON.stringify(screen)).toContain('"categoryCode":"dropshipping"');
  });
});
