// @vitest-environment node
// The commerce engine through the real server: every add-to-cart statusCode, every validation reason,
// replace, insurance, add-on, eSIM, charge type, coupons, removing, cart version and the dev routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, GUEST, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';
import { CART, codes, Customer, devCall, reasons } from './commerce-helpers';
import { products } from '../../server/db/tables';
import { rulesConfig, setRulesConfig } from '../../server/cart/config';
import type { CartModificationResponse, Entry } from '../../schemas/types/api.cart';

const A56 = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
const bundle = (deviceCode: string, tariff = 'ORBITA_MAX_M', chargeType = 'RECURRING_CHARGE') =>
  ({ deviceCode, tariffCode: tariff, subscriptionTermId: `${tariff}_T24`, chargeType });
const alone = (deviceCode: string) => ({ deviceCode, chargeType: 'ONE_TIME_CHARGE' });
const mod = (r: { json(): unknown }) => (r.json() as CartModificationResponse).cartModifications[0];

describe.each(drivers)('commerce on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { dev: true }); }, 120_000);
  afterAll(async () => { await h?.close(); });
  const shopper = () => new Shopper(h.app).login();

  describe('catalogue', () => {
    it('has an example of every product offering type and both process types', async () => {
      const rows = await h.database.db.select({ type: products.type, processType: products.processType }).from(products);
      const types = new Set(rows.map((r) => r.type));
      for (const t of ['TARIFF', 'DEVICE', 'STB_DEVICE', 'ACCESSORY', 'INSURANCE', 'MSISDN', 'ADDITIONAL_SERVICE', 'ADDON_POSTPAID', 'ADDON_PREPAID', 'TV_ADDON', 'BOX_PACKAGE', 'STREAMING_SUBSCRIPTION', 'ADDITIONAL_LANDLINE', 'DROPSHIPPING']) {
        expect(types, t).toContain(t);
      }
      expect(new Set(rows.map((r) => r.processType))).toEqual(new Set([null, 'TOP_OFFER', 'BASIC_OFFER']));
    });

    it('refuses an MTS_DISC_TARIFF device offer and a non-purchasable price plan with a clear 400', async () => {
      const s = await shopper();
      const disc = await s.call('POST', PATHS.addBundle, bundle('SAMSUNG_GALAXY_A26_BLACK', 'ORBITA_START', 'ONE_TIME_CHARGE'));
      expect(disc.statusCode).toBe(400);
      expect(disc.json().errors[0]).toMatchObject({ type: 'ValidationError', reason: 'MTS_DISC_TARIFF', message: 'Tarifa Orbita Start nije u ponudi uz Samsung Galaxy A26 5G 6/128GB. Izaberi drugu tarifu.' });
      const blocked = await s.call('POST', PATHS.addBundle, bundle('SAMSUNG_GALAXY_A26_BLACK', 'ORBITA_SMART', 'ONE_TIME_CHARGE'));
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().errors[0]).toMatchObject({ reason: 'tariffNotSold', subject: 'tariffCode', message: 'Tarifa Orbita Smart nije u ponudi uz Samsung Galaxy A26 5G 6/128GB. Izaberi drugu tarifu.' });
      expect((await s.call('GET', PATHS.cart)).json().entries).toEqual([]);
    });
  });

  describe('add to cart: every statusCode', () => {
    it('success: adds, answers the added entries and bumps the version', async () => {
      const s = await shopper();
      const v0 = (await s.call('GET', PATHS.cart)).json().version;
      const r = await s.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD'));
      expect(mod(r)).toMatchObject({ statusCode: 'success', statusMessage: 'Proizvod je dodat u korpu.', quantityAdded: 1, replaceModalEntries: [], cmsComponentId: null });
      expect(mod(r).entry!.product.code).toBe('ACC_USBC_CABLE_STD');
      expect(r.json().cart.version).toBe(v0 + 1);
    });

    it('productsNeedReplace: one postpaid tariff per cart; nothing added; replaceCart swaps it', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' });
      const body = { code: 'ORBITA_FLEX_10', subscriptionTermId: 'ORBITA_FLEX_10_T24' };
      const r = await s.call('POST', PATHS.addToCart, body);
      expect(mod(r)).toMatchObject({ statusCode: 'productsNeedReplace', quantityAdded: 0 });
      expect(mod(r).entry!.product.code).toBe('ORBITA_FLEX_10');
      expect(mod(r).replaceModalEntries!.map((e) => (e as Entry).product.code)).toEqual(['ORBITA_MAX_M']);
      expect(codes(r.json().cart)).toEqual(['ORBITA_MAX_M']);
      const rep = await s.call('PUT', CART.replaceCart, body);
      expect(rep.statusCode).toBe(200);
      expect(mod(rep).statusCode).toBe('success');
      expect(codes(rep.json().cart)).toEqual(['ORBITA_FLEX_10']);
      // a prepaid package is not in the restricted category
      const pre = await s.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_NET' });
      expect(mod(pre).statusCode).toBe('success');
    });

    it('productsNeedReplace for a device bundle lists the whole bundle; replaceServiceCart replaces it', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, { ...bundle(A56), insuranceCode: 'INSURANCE_SCREEN' });
      await s.call('POST', PATHS.addBundle, alone('ACC_TEMPERED_GLASS_STD'));
      const next = bundle('GOOGLE_PIXEL_9A_OBSIDIAN', 'ORBITA_MAX_L');
      const r = await s.call('POST', PATHS.addBundle, next);
      expect(mod(r).statusCode).toBe('productsNeedReplace');
      expect(mod(r).replaceModalEntries!.map((e) => (e as Entry).product.code)).toEqual([A56, 'ORBITA_MAX_M', 'INSURANCE_SCREEN']);
      const rep = await s.call('PUT', CART.replaceServiceCart, next);
      expect(mod(rep).statusCode).toBe('success');
      expect(codes(rep.json().cart)).toEqual(['ACC_TEMPERED_GLASS_STD', 'GOOGLE_PIXEL_9A_OBSIDIAN', 'ORBITA_MAX_L']);
    });

    it('maxOrderQuantityExceeded: at most 3 of one accessory, with the limit CMS component', async () => {
      const s = await shopper();
      for (let i = 0; i < 3; i++) expect(mod(await s.call('POST', PATHS.addBundle, alone('ACC_XIAOMI_BUDS6_ACTIVE_STD'))).statusCode).toBe('success');
      const r = await s.call('POST', PATHS.addBundle, alone('ACC_XIAOMI_BUDS6_ACTIVE_STD'));
      expect(mod(r)).toMatchObject({ statusCode: 'maxOrderQuantityExceeded', statusMessage: 'Najveća dozvoljena količina ovog proizvoda u jednoj porudžbini je 3.', cmsComponentId: 'limitOversteppedPopup', entry: null, quantityAdded: 0 });
      // one line of 3 (the same accessory alone raises its line's quantity), quantityAdded 1 each time
      expect(r.json().cart.entries.map((e: { product: { code: string }; quantity: number }) => [e.product.code, e.quantity])).toEqual([['ACC_XIAOMI_BUDS6_ACTIVE_STD', 3]]);
    });

    it('the same accessory alone again raises its line; with a phone bundle or at another price it is a line of its own', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('ACC_TEMPERED_GLASS_STD'));
      const again = await s.call('POST', PATHS.addBundle, alone('ACC_TEMPERED_GLASS_STD'));
      expect(mod(again)).toMatchObject({ statusCode: 'success', quantityAdded: 1, entry: { entryNumber: 0, quantity: 2 } });
      await s.call('POST', PATHS.addBundle, { ...bundle(A56), accessoryCodes: ['ACC_TEMPERED_GLASS_STD'] });
      const cart = (await s.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD'))).json().cart;
      expect(cart.entries.map((e: { product: { code: string }; quantity: number }) => [e.product.code, e.quantity])).toEqual([
        ['ACC_TEMPERED_GLASS_STD', 2], [A56, 1], ['ORBITA_MAX_M', 1], ['ACC_TEMPERED_GLASS_STD', 1], ['ACC_USBC_CABLE_STD', 1],
      ]);
    });

    it('allowedTotalAmountExceeded: 400,000 RSD one-time per cart, localized, with its CMS component', async () => {
      const s = await shopper();
      s.lang = '2';
      await s.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_BLACK'));
      await s.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_GRAY'));
      const r = await s.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_Z_FLIP7_JETBLACK'));
      expect(mod(r)).toMatchObject({ statusCode: 'allowedTotalAmountExceeded', statusMessage: 'The total to pay in one order cannot exceed 400.000 RSD.', cmsComponentId: 'limitOverstepped' });
      expect(r.json().cart.entries).toHaveLength(2);
      const cms = (await s.call('GET', `${PATHS.cms}?componentId=limitOverstepped`)).json();
      expect(cms.headline).toBe('Order amount exceeded');
    });

    it('noStock: a sold-out colour, with the no-stock CMS component', async () => {
      const s = await shopper();
      const r = await s.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_A56_AWESOME_PINK'));
      expect(mod(r)).toMatchObject({ statusCode: 'noStock', cmsComponentId: 'noStockPopup', quantityAdded: 0 });
    });

    it('notEligibleByAge: a signed-in customer under 18 (JMBG) cannot add a postpaid tariff; prepaid and adults can', async () => {
      const minor = new Customer(h.app);
      await minor.login();
      await minor.signIn('maloletni@orbita.rs');
      const r = await minor.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' });
      expect(mod(r)).toMatchObject({ statusCode: 'notEligibleByAge', statusMessage: 'Postpejd tarifu mogu ugovoriti samo punoletni korisnici (od 18 godina).' });
      expect(mod(await minor.call('POST', PATHS.addBundle, bundle(A56)))).toMatchObject({ statusCode: 'notEligibleByAge' });
      expect(mod(await minor.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_START' })).statusCode).toBe('success');
      const adult = new Customer(h.app);
      await adult.login();
      await adult.signIn('staff@orbita.rs');
      expect(mod(await adult.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' })).statusCode).toBe('success');
    });

    it('accessoriesNeedMerge: both carts hold accessories at sign-in; GET mergeCart answers the statuses once', async () => {
      const before = new Customer(h.app);
      await before.login();
      await before.signIn('kupac@orbita.rs');
      await before.call('POST', PATHS.addBundle, alone('ACC_JBL_TUNE_520BT_STD'));
      const anon = new Customer(h.app);
      await anon.login();
      await anon.call('POST', PATHS.addBundle, alone('ACC_ANKER_POWERBANK_10K_STD'));
      await anon.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_MAX' });
      await anon.signIn('kupac@orbita.rs');
      const m = (await anon.call('GET', CART.mergeCart)).json();
      expect(m.cartModifications.map((x: { statusCode: string; entry: { product: { code: string } } }) => [x.statusCode, x.entry.product.code])).toEqual([
        ['accessoriesNeedMerge', 'ACC_ANKER_POWERBANK_10K_STD'], ['success', 'ORBITA_PREPAID_MAX'],
      ]);
      expect(codes(m.cart)).toEqual(['ACC_JBL_TUNE_520BT_STD', 'ACC_ANKER_POWERBANK_10K_STD', 'ORBITA_PREPAID_MAX']);
      expect((await anon.call('GET', CART.mergeCart)).json().cartModifications).toEqual([]);
    });
  });

  describe('cart validation: every reason', () => {
    const validate = (s: Shopper) => s.call('POST', PATHS.validate, { justSteps: false, v2: true }).then((r) => r.json());

    it('forceChangeOneTime: the offer no longer has installments; the server switches to one-off', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, bundle('GOOGLE_PIXEL_9_OBSIDIAN'));
      await devCall(h.app, '/dev/catalog/chargetypes', { code: 'GOOGLE_PIXEL_9', installments: false });
      try {
        const v = await validate(s);
        expect(v.errors.errors[0]).toMatchObject({ type: 'CartValidationError', reason: 'forceChangeOneTime', message: 'Način plaćanja je promenjen na jednokratno plaćanje kako bi korpa bila usklađena.' });
        const cart = (await s.call('GET', PATHS.cart)).json();
        expect(cart.entries[0]).toMatchObject({ chargeType: 'ONE_TIME_CHARGE', monthlyPrice: null, installments: null });
        expect(reasons(await validate(s))).toEqual([]);
      } finally {
        await devCall(h.app, '/dev/catalog/chargetypes', { code: 'GOOGLE_PIXEL_9', installments: true });
      }
    });

    it('forceChangeRecurring: the offer is sold only in installments; the server switches', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, bundle('GOOGLE_PIXEL_9_PORCELAIN', 'ORBITA_MAX_M', 'ONE_TIME_CHARGE'));
      await devCall(h.app, '/dev/catalog/chargetypes', { code: 'GOOGLE_PIXEL_9', oneTime: false });
      try {
        expect(reasons(await validate(s))).toEqual(['forceChangeRecurring']);
        const cart = (await s.call('GET', PATHS.cart)).json();
        expect(cart.entries[0]).toMatchObject({ chargeType: 'RECURRING_CHARGE', installments: 24 });
      } finally {
        await devCall(h.app, '/dev/catalog/chargetypes', { code: 'GOOGLE_PIXEL_9', oneTime: true });
      }
    });

    it('noStock: stock fell to 0 since adding; the submit is refused with 400 CartValidationError too', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('HONOR_MAGIC7_LITE_TITANIUM_PURPLE'));
      await s.call('POST', PATHS.guestInfo, GUEST);
      await devCall(h.app, '/dev/catalog/stock', { code: 'HONOR_MAGIC7_LITE_TITANIUM_PURPLE', level: 0 });
      try {
        expect((await validate(s)).errors.errors[0]).toMatchObject({ type: 'CartValidationError', reason: 'noStock', subject: '0' });
        const sub = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
        expect(sub.statusCode).toBe(400);
        expect(sub.json().errors[0]).toMatchObject({ type: 'CartValidationError', reason: 'noStock', message: 'Proizvod Honor Magic7 Lite 8/256GB više nije na stanju. Ukloni ga iz korpe da bi nastavio kupovinu.' });
      } finally {
        await devCall(h.app, '/dev/catalog/stock', { code: 'HONOR_MAGIC7_LITE_TITANIUM_PURPLE', level: 6 });
      }
    });

    it('updatedPriceDate: the price changed since the entry was priced; repriced and reported once', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('NOKIA_G42_SO_GREY'));
      const v0 = (await s.call('GET', PATHS.cart)).json().version;
      await devCall(h.app, '/dev/catalog/price', { code: 'NOKIA_G42', price: 19999 });
      const v = await validate(s);
      expect(v.errors.errors[0]).toMatchObject({ reason: 'updatedPriceDate', message: 'Cena proizvoda Nokia G42 5G 6/128GB je promenjena. Proveri korpu pre nastavka.' });
      const cart = (await s.call('GET', PATHS.cart)).json();
      expect(cart.entries[0].oneTimePrice.value).toBe(19999);
      expect(cart.version).toBeGreaterThan(v0);
      expect(reasons(await validate(s))).toEqual([]);
    });

    it('a gift whose value changed stays at 0 unreported, and its new price version moves the cart\'s version', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('XIAOMI_POCO_X7_PRO_BLACK'));
      const before = (await s.call('GET', PATHS.cart)).json();
      const gift = before.entries.find((e: { product: { productOfferingType: string } }) => e.product.productOfferingType === 'PROMO_PRODUCT');
      expect(gift).toBeDefined();
      const { priceVersion } = await devCall(h.app, '/dev/catalog/price', { code: 'GIFT_JBL_WAVE_BUDS', price: 4999 }) as { priceVersion: number };
      expect(reasons(await validate(s))).toEqual([]);
      const after = (await s.call('GET', PATHS.cart)).json();
      const now = after.entries.find((e: { entryNumber: number }) => e.entryNumber === gift.entryNumber);
      expect(now).toMatchObject({ priceVersion, oneTimePrice: { value: 0 } });
      // a client holding the older version must not write over this cart unawares (and no cache answers the old one)
      expect(after.version).toBeGreaterThan(before.version);
    });

    /** A signed-in adult with an empty cart (guests pay in full, so installments need an account). */
    const customer = async () => {
      const c = new Customer(h.app);
      await c.login();
      await c.signIn('staff@orbita.rs');
      await c.call('DELETE', PATHS.deleteCart);
      return c;
    };

    it('a guest pays in full (seed 001 §6): installments switch to one-off with the guest message; a customer keeps them', async () => {
      const guest = await shopper();
      await guest.call('POST', PATHS.addBundle, bundle('GOOGLE_PIXEL_9A_OBSIDIAN'));
      const v = await validate(guest);
      expect(v.errors.errors).toEqual([{
        type: 'CartValidationError', reason: 'forceChangeOneTime', subject: '0',
        message: 'Kao gost možeš da platiš samo karticom, u celosti, pa je način plaćanja promenjen na jednokratno plaćanje. Za kupovinu na rate prijavi se.',
      }]);
      const cart = (await guest.call('GET', PATHS.cart)).json();
      expect(cart.entries[0]).toMatchObject({ chargeType: 'ONE_TIME_CHARGE', monthlyPrice: null, installments: null });
      expect(reasons(await validate(guest))).toEqual([]);
      const c = await customer();
      await c.call('POST', PATHS.addBundle, bundle('GOOGLE_PIXEL_9A_OBSIDIAN'));
      expect(reasons(await validate(c))).toEqual([]);
      expect((await c.call('GET', PATHS.cart)).json().entries[0]).toMatchObject({ chargeType: 'RECURRING_CHARGE', installments: 24 });
    });

    it('conflict: one-off and installments mixed (kept on add); changeChargeType resolves it', async () => {
      const s = await customer();
      await s.call('POST', PATHS.addBundle, bundle('GOOGLE_PIXEL_9A_PORCELAIN'));
      expect(mod(await s.call('POST', PATHS.addBundle, alone('NOKIA_105_4G_BLUE'))).statusCode).toBe('success');
      const v = await validate(s);
      expect(v.errors.errors).toEqual([{ type: 'CartValidationError', reason: 'conflict', message: expect.stringContaining('različitim načinom plaćanja') }]);
      const refused = await s.call('PUT', `${CART.changeChargeType}?fields=DEFAULT`, { selectedChargeType: 'RECURRING_CHARGE', isForceChange: false, processValidateErrors: true });
      expect(refused.statusCode).toBe(400);
      const ch = await s.call('PUT', `${CART.changeChargeType}?fields=DEFAULT`, { selectedChargeType: 'ONE_TIME_CHARGE', isForceChange: false, processValidateErrors: true });
      expect(ch.statusCode).toBe(200);
      expect(ch.json().cartModifications.map((m: { statusCode: string; entry: { product: { code: string }; chargeType: string } }) => [m.statusCode, m.entry.product.code, m.entry.chargeType]))
        .toEqual([['success', 'GOOGLE_PIXEL_9A_PORCELAIN', 'ONE_TIME_CHARGE']]);
      expect(ch.json().cart.entries[0].monthlyPrice).toBeNull();
      expect(reasons(await validate(s))).toEqual([]);
    });

    it('voucherIsNotAvailable: a disabled coupon leaves the cart with the message', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_A56_AWESOME_OLIVE'));
      expect((await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1009' })).statusCode).toBe(200);
      await devCall(h.app, '/dev/vouchers/disable', { code: 'EKO-1009' });
      try {
        const v = await validate(s);
        expect(v.errors.errors[0]).toMatchObject({ reason: 'voucherIsNotAvailable', message: 'Kupon EKO-1009 više nije dostupan i uklonjen je iz korpe.' });
        expect((await s.call('GET', PATHS.cart)).json().appliedVouchers).toEqual([]);
      } finally {
        await devCall(h.app, '/dev/vouchers/enable', { code: 'EKO-1009' });
      }
    });

    it('notValidPriceAfterDiscounts: the device price fell under the coupons + 1,000 RSD', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('HONOR_400_DESERT_GOLD'));
      for (const c of ['EKO-1001', 'EKO-1002']) expect((await s.call('POST', CART.vouchers, { voucherCode: c })).statusCode).toBe(200);
      await devCall(h.app, '/dev/catalog/price', { code: 'HONOR_400', price: 10500 });
      const v = await validate(s);
      expect(reasons(v)).toEqual(['updatedPriceDate', 'notValidPriceAfterDiscounts']);
      // removing a coupon makes the cart valid again
      await s.call('DELETE', `${CART.vouchers}?voucherCode=EKO-1002`);
      expect(reasons(await validate(s))).toEqual([]);
    });
  });

  describe('EKO coupons', () => {
    it('adds up to the voucherLimit of 5,000 RSD each, never twice; removes', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone(A56));
      const first = await s.call('POST', CART.vouchers, { voucherCode: 'eko-1001' });
      expect(first.statusCode).toBe(200);
      expect(first.json().cart.appliedVouchers).toEqual([{ voucherCode: 'EKO-1001', value: { value: 5000, formattedValue: '5.000,00 RSD', currencyIso: 'RSD' }, entryNumber: 0 }]);
      expect(first.json().cart.totalPrice.value).toBe(54999 - 5000);
      expect(first.json().cart.entries[0].voucherOptionSelected).toBe(true);
      const twice = await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1001' });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors[0]).toMatchObject({ message: 'Kupon je već iskorišćen.', reason: 'voucherAlreadyUsed' });
      for (const c of ['EKO-1002', 'EKO-1003']) expect((await s.call('POST', CART.vouchers, { voucherCode: c })).statusCode).toBe(200);
      const fourth = await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1004' });
      expect(fourth.statusCode).toBe(400);
      expect(fourth.json().errors[0]).toMatchObject({ reason: 'voucherLimitExceeded', message: 'Za ovaj uređaj možeš iskoristiti najviše 3 EKO kupona.' });
      const expired = await s.call('POST', CART.vouchers, { voucherCode: 'EKO-EXPIRED' });
      expect(expired.json().errors[0].reason).toBe('voucherIsNotAvailable');
      const removed = await s.call('DELETE', `${CART.vouchers}?voucherCode=EKO-1002`);
      expect(removed.json().cart.appliedVouchers.map((v: { voucherCode: string }) => v.voucherCode)).toEqual(['EKO-1001', 'EKO-1003']);
      expect((await s.call('DELETE', `${CART.vouchers}?voucherCode=EKO-1002`)).statusCode).toBe(400);
    });

    it('refuses a coupon that would bring the device price under 1,000 RSD', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('GOOGLE_PIXEL_9_WINTERGREEN'));
      await devCall(h.app, '/dev/catalog/price', { code: 'GOOGLE_PIXEL_9', price: 11000 });
      try {
        await s.call('POST', PATHS.validate, { justSteps: false, v2: true }); // reprices the entry (updatedPriceDate)
        expect((await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1005' })).statusCode).toBe(200);
        expect((await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1006' })).statusCode).toBe(200); // 1,000 RSD left: allowed
        const r = await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1007' });
        expect(r.statusCode).toBe(400);
        expect(r.json().errors[0]).toMatchObject({ reason: 'priceBelowAllowedLevel', message: 'Cena uređaja bi bila ispod dozvoljenog nivoa.' });
      } finally {
        await devCall(h.app, '/dev/catalog/price', { code: 'GOOGLE_PIXEL_9', price: 109999 });
      }
    });

    it('needs a device with a voucherLimit in the cart', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD'));
      const r = await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1001' });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0].reason).toBe('voucherNoDevice');
    });
  });

  describe('insurance, add-ons, eSIM, charge type', () => {
    it('addInsurance (PUT, empty body): insurance on a device entry; a second one replaces it', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, bundle(A56));
      const r = await s.call('PUT', `${CART.addInsurance}?entryNumber=0&insuranceCode=INSURANCE_SCREEN`);
      expect(r.statusCode).toBe(200);
      expect(mod(r)).toMatchObject({ statusCode: 'success' });
      expect(mod(r).entry).toMatchObject({ insuranceOptionSelected: true, parentEntryNumber: 0, bundleNo: r.json().cart.entries[0].bundleNo });
      const again = await s.call('PUT', `${CART.addInsurance}?entryNumber=0&insuranceCode=INSURANCE_PREMIUM`);
      expect(codes(again.json().cart)).toEqual([A56, 'ORBITA_MAX_M', 'INSURANCE_PREMIUM']);
      expect((await s.call('PUT', `${CART.addInsurance}?entryNumber=1&insuranceCode=INSURANCE_SCREEN`)).statusCode).toBe(400);
      expect((await s.call('PUT', `${CART.addInsurance}?entryNumber=9&insuranceCode=INSURANCE_SCREEN`)).statusCode).toBe(404);
    });

    it('addAddon: an ADDON_POSTPAID on a tariff entry, not twice; it leaves with its tariff', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_S', subscriptionTermId: 'ORBITA_MAX_S_T24' });
      const r = await s.call('POST', CART.addAddon, { code: 'ADDON_NET_10GB', entryNumber: 0 });
      expect(r.statusCode).toBe(200);
      expect(mod(r).entry).toMatchObject({ chargeType: 'RECURRING_CHARGE', monthlyPrice: { price: { value: 399 } }, parentEntryNumber: 0 });
      expect((await s.call('POST', CART.addAddon, { code: 'ADDON_NET_10GB', entryNumber: 0 })).statusCode).toBe(400);
      const del = await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=0`);
      expect(del.json().cart.entries).toEqual([]);
    });

    it('the add-ons of a tariff (productReferences TARIFF_ADDON_RELATION, pageSize 100) and their place in the cart', async () => {
      const s = await shopper();
      const refs = await s.call('GET', `${PATHS.references}?productCode=ORBITA_MAX_M&referenceType=TARIFF_ADDON_RELATION&pageSize=100`);
      expect(refs.statusCode).toBe(200);
      const list = refs.json().references;
      expect(list.map((r: { target: { code: string } }) => r.target.code)).toEqual(['ADDON_NET_10GB']);
      expect(list[0]).toMatchObject({ referenceType: 'TARIFF_ADDON_RELATION', target: { name: 'Dodatnih 10 GB', productOfferingType: 'ADDON_POSTPAID', description: '10 GB interneta mesečno uz postpejd tarifu.', monthlyPrice: { value: 399 } } });
      // the prepaid package has none
      expect((await s.call('GET', `${PATHS.references}?productCode=ORBITA_PREPAID_ESIM&referenceType=TARIFF_ADDON_RELATION&pageSize=100`)).json().references).toEqual([]);
      // in a device bundle the add-on goes on the tariff entry, its fee counts as a service
      const add = await s.call('POST', PATHS.addBundle, bundle(A56));
      const tariff = add.json().cart.entries.find((e: { product: { productOfferingType: string } }) => e.product.productOfferingType === 'TARIFF');
      const before = add.json().cart.orderPrices;
      const r = await s.call('POST', CART.addAddon, { code: 'ADDON_NET_10GB', entryNumber: tariff.entryNumber });
      const cart = r.json().cart;
      const addon = cart.entries.find((e: { product: { code: string } }) => e.product.code === 'ADDON_NET_10GB');
      expect(addon).toMatchObject({ parentEntryNumber: tariff.entryNumber, bundleNo: tariff.bundleNo, totalMonthlyPrice: { value: 399 } });
      expect(cart.orderPrices.totalServiceMonthlyPrice.value).toBe(before.totalServiceMonthlyPrice.value + 399);
      expect(cart.orderPrices.totalDeviceMonthlyPrice.value).toBe(before.totalDeviceMonthlyPrice.value);
      const again = await s.call('POST', CART.addAddon, { code: 'ADDON_NET_10GB', entryNumber: tariff.entryNumber });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0].message).toBe('Dodatak ADDON_NET_10GB je već u korpi uz ovu tarifu.');
    });

    it('addEsim (PATCH): optional for ESIM_SIM, mandatory for ESIM, refused for NONE', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' });
      const on = await s.call('PATCH', CART.addEsim, { entryNumber: 0, esimOptionSelected: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().cart.entries[0].esimOptionSelected).toBe(true);
      expect((await s.call('PATCH', CART.addEsim, { entryNumber: 0, esimOptionSelected: false })).json().cart.entries[0].esimOptionSelected).toBe(false);
      await s.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_ESIM' });
      const cart = (await s.call('GET', PATHS.cart)).json();
      expect(cart.entries[1].esimOptionSelected).toBe(true);
      const off = await s.call('PATCH', CART.addEsim, { entryNumber: 1, esimOptionSelected: false });
      expect(off.json().errors[0]).toMatchObject({ reason: 'esimMandatory' });
      const t = await shopper();
      await t.call('POST', PATHS.addToCart, { code: 'ORBITA_START', subscriptionTermId: 'ORBITA_START_T24' });
      const none = await t.call('PATCH', CART.addEsim, { entryNumber: 0, esimOptionSelected: true });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0]).toMatchObject({ reason: 'esimNotOffered', message: 'Tarifa ORBITA_START nije dostupna kao eSIM.' });
    });

    it('changeChargeType: installments → one-off → installments at the offer prices', async () => {
      const s = await shopper();
      const add = await s.call('POST', PATHS.addBundle, bundle(A56));
      const inst = add.json().cart.entries[0];
      const one = await s.call('PUT', `${CART.changeChargeType}?fields=DEFAULT`, { selectedChargeType: 'ONE_TIME_CHARGE', isForceChange: false, processValidateErrors: true });
      expect(one.json().cart.entries[0]).toMatchObject({ chargeType: 'ONE_TIME_CHARGE', installments: null });
      expect(one.json().cart.version).toBeGreaterThan(add.json().cart.version);
      const back = await s.call('PUT', `${CART.changeChargeType}?fields=DEFAULT`, { selectedChargeType: 'RECURRING_CHARGE' });
      expect(back.json().cart.entries[0]).toMatchObject({ chargeType: 'RECURRING_CHARGE', installments: 24, monthlyPrice: { price: inst.monthlyPrice.price } });
    });
  });

  describe('configuration', () => {
    it('the limits come from schemas/rules/cart-limits.json: a changed configuration changes the answer', async () => {
      const base = rulesConfig();
      setRulesConfig({ ...base, maxOrderQuantity: { ...base.maxOrderQuantity, ACCESSORY: 1 }, restrictedCategories: [] });
      try {
        const s = await shopper();
        await s.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD'));
        expect(mod(await s.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD'))).statusMessage).toBe('Najveća dozvoljena količina ovog proizvoda u jednoj porudžbini je 1.');
        await s.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' });
        expect(mod(await s.call('POST', PATHS.addToCart, { code: 'ORBITA_FLEX_10', subscriptionTermId: 'ORBITA_FLEX_10_T24' })).statusCode).toBe('success');
      } finally {
        setRulesConfig(null);
      }
      expect(() => setRulesConfig({ ...base, maxOrderQuantity: { ACCESSORY: 0 } })).toThrow(/maxOrderQuantity.ACCESSORY/);
      setRulesConfig(null);
    });
  });

  describe('removing and the cart version', () => {
    it('deleteEntry removes a bundle with its insurance and coupons; deleteCart empties the cart', async () => {
      const s = await shopper();
      await s.call('POST', PATHS.addBundle, bundle('SAMSUNG_GALAXY_S25_NAVY'));
      await s.call('POST', PATHS.addBundle, alone('ACC_SAMSUNG_25W_CHARGER_STD'));
      await s.call('PUT', `${CART.addInsurance}?entryNumber=0&insuranceCode=INSURANCE_SCREEN`);
      await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1008' });
      const del = await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=0&qty=1&checkout=false`);
      expect(codes(del.json().cart)).toEqual(['ACC_SAMSUNG_25W_CHARGER_STD']);
      expect(del.json().cart.appliedVouchers).toEqual([]);
      const all = await s.call('DELETE', PATHS.deleteCart);
      expect(all.json().cart).toMatchObject({ entries: [], totalItems: 0 });
    });

    it('a change sent with an older cartVersion answers 409 cartChanged with the current cart and changes nothing', async () => {
      const s = await shopper();
      const first = (await s.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD'))).json().cart;
      // a second tab changes the cart
      await s.call('POST', PATHS.addBundle, alone('ACC_TEMPERED_GLASS_STD'));
      const stale = await s.call('POST', `${PATHS.addBundle}?cartVersion=${first.version}`, alone('ACC_JBL_TUNE_520BT_STD'));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'cartChanged' });
      expect(codes(stale.json().cart)).toEqual(['ACC_USBC_CABLE_STD', 'ACC_TEMPERED_GLASS_STD']);
      const fresh = await s.call('POST', `${PATHS.addBundle}?cartVersion=${stale.json().cart.version}`, alone('ACC_JBL_TUNE_520BT_STD'));
      expect(fresh.statusCode).toBe(200);
    });
  });
});
