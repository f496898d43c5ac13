// @vitest-environment node
// Cart merge after login (seed 000 §4, §7): every bundle of the anonymous cart is judged by the add rules against
// the user's cart at sign-in; GET mergeCart answers the statuses like add does; ?productsNeedReplace=true applies a
// pending replacement, =false drops it. A bundle is merged whole or not at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, or } from 'drizzle-orm';
import { drivers, PATHS, type Harness, startApp } from './helpers';
import { CART, codes, Customer, devCall } from './commerce-helpers';
import { cartEntries, cartVouchers, carts, sessions, users } from '../../server/db/tables';
import type { Cart, CartModificationResponse, Entry } from '../../schemas/types/api.cart';
import type { AuthorizeResponse } from '../../schemas/types/api.user';

const A56 = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
const PIXEL = 'GOOGLE_PIXEL_9_OBSIDIAN';
const bundle = (deviceCode: string, tariff = 'ORBITA_MAX_M', chargeType = 'RECURRING_CHARGE') =>
  ({ deviceCode, tariffCode: tariff, subscriptionTermId: `${tariff}_T24`, chargeType });
const alone = (deviceCode: string, accessoryCodes?: string[]) => ({ deviceCode, chargeType: 'ONE_TIME_CHARGE', ...(accessoryCodes ? { accessoryCodes } : {}) });
type Modifications = CartModificationResponse;
type MergeStatus = NonNullable<AuthorizeResponse['data']['merge']>[number];
const statuses = (m: Modifications) => m.cartModifications.map((x) => [x.statusCode, x.entry?.product.code ?? null]);

describe.each(drivers)('cart merge after login on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { dev: true }); }, 120_000);
  afterAll(async () => { await h?.close(); });

  /** The user's cart from an earlier visit: emptied, then filled by `fill`. */
  async function userCart(email: string, fill: (c: Customer) => Promise<unknown>): Promise<Cart> {
    const c = new Customer(h.app);
    await c.login();
    await c.signIn(email);
    expect((await c.call('DELETE', PATHS.deleteCart)).statusCode).toBe(200);
    expect((await c.call('GET', CART.mergeCart)).statusCode).toBe(200); // forget earlier merge statuses
    await fill(c);
    return (await c.call('GET', PATHS.fullCart)).json();
  }
  /** A guest with an anonymous cart filled by `fill`. */
  async function guest(fill: (c: Customer) => Promise<unknown>): Promise<Customer> {
    const g = new Customer(h.app);
    await g.login();
    await fill(g);
    return g;
  }
  const ok = async (p: Promise<{ statusCode: number; json(): unknown }>) => {
    const r = await p;
    expect(r.statusCode, JSON.stringify(r.json())).toBe(200);
    expect((r.json() as Modifications).cartModifications.map((m) => m.statusCode)).toEqual(expect.arrayContaining(['success']));
    return r.json();
  };

  it('plain success: the bundles are merged, answered once, the version moves on', async () => {
    const before = await userCart('otp@orbita.rs', (c) => ok(c.call('POST', PATHS.addBundle, bundle(A56))));
    const g = await guest((c) => ok(c.call('POST', PATHS.addBundle, alone('NOKIA_105_4G_BLUE'))));
    const auth = await g.signIn('otp@orbita.rs');
    expect(auth.json().data.merge).toEqual([{ productCode: 'NOKIA_105_4G', variantCode: 'NOKIA_105_4G_BLUE', status: 'merged' }]);
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(statuses(m)).toEqual([['success', 'NOKIA_105_4G_BLUE']]);
    expect(m.cartModifications[0]).toMatchObject({ statusMessage: 'Proizvod je dodat u korpu.', quantityAdded: 1, replaceModalEntries: [] });
    expect(m.cart.code).toBe(before.code);
    expect(codes(m.cart)).toEqual([A56, 'ORBITA_MAX_M', 'NOKIA_105_4G_BLUE']);
    expect(m.cart.version).toBeGreaterThan(before.version);
    expect((await g.call('GET', CART.mergeCart)).json().cartModifications).toEqual([]);
  });

  it('productsNeedReplace: the guest bundle waits as a pending replacement; true replaces the user\'s bundle and its coupon', async () => {
    const before = await userCart('kupac@orbita.rs', async (c) => {
      await ok(c.call('POST', PATHS.addBundle, bundle(A56)));
      expect((await c.call('POST', CART.vouchers, { voucherCode: 'EKO-1003' })).statusCode).toBe(200);
    });
    expect(before.appliedVouchers).toHaveLength(1);
    const g = await guest(async (c) => {
      await ok(c.call('POST', PATHS.addBundle, { ...bundle(PIXEL, 'ORBITA_FLEX_10'), insuranceCode: 'INSURANCE_SCREEN' }));
      await ok(c.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD')));
    });
    const auth = await g.signIn('kupac@orbita.rs');
    expect(auth.json().data.merge.map((x: MergeStatus) => [x.productCode, x.status])).toEqual([
      ['GOOGLE_PIXEL_9', 'pendingReplace'], ['ORBITA_FLEX_10', 'pendingReplace'], ['INSURANCE_SCREEN', 'pendingReplace'], ['ACC_USBC_CABLE', 'merged'],
    ]);
    // the pending bundle is not in the cart; the other bundle is
    expect(codes((await g.call('GET', PATHS.fullCart)).json())).toEqual([A56, 'ORBITA_MAX_M', 'ACC_USBC_CABLE_STD']);

    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(statuses(m)).toEqual([['productsNeedReplace', PIXEL], ['success', 'ACC_USBC_CABLE_STD']]);
    const replace = m.cartModifications[0];
    expect(replace).toMatchObject({ statusMessage: expect.any(String), quantityAdded: 0, cmsComponentId: null });
    expect(replace.statusMessage.length).toBeGreaterThan(0);
    expect(replace.replaceModalEntries.map((e: Entry) => e.product.code)).toEqual([A56, 'ORBITA_MAX_M']);
    expect(replace.entry.entryNumber).toBe(3); // the number it would get after A56, tariff, cable
    // asked again until decided; the success was answered once
    expect(statuses((await g.call('GET', CART.mergeCart)).json())).toEqual([['productsNeedReplace', PIXEL]]);

    const v = m.cart.version;
    const r = await g.call('GET', `${CART.mergeCart}?productsNeedReplace=true`);
    expect(r.statusCode).toBe(200);
    expect(statuses(r.json())).toEqual([['success', PIXEL], ['success', 'ORBITA_FLEX_10'], ['success', 'INSURANCE_SCREEN']]);
    const cart = r.json().cart;
    expect(codes(cart)).toEqual(['ACC_USBC_CABLE_STD', PIXEL, 'ORBITA_FLEX_10', 'INSURANCE_SCREEN']);
    expect(cart.appliedVouchers).toEqual([]);
    expect(cart.version).toBeGreaterThan(v);
    const dbCart = (await h.database.db.select().from(carts).where(eq(carts.code, cart.code)))[0];
    expect(await h.database.db.select().from(cartVouchers).where(eq(cartVouchers.cartId, dbCart.id))).toEqual([]);
    expect(dbCart.mergeModifications).toBeNull();
    // the bundle keeps together (one bundle number) and is answered once
    expect(new Set(cart.entries.slice(1).map((e: Entry) => e.bundleNo)).size).toBe(1);
    expect((await g.call('GET', CART.mergeCart)).json().cartModifications).toEqual([]);
    expect((await g.call('GET', `${CART.mergeCart}?productsNeedReplace=true`)).json().cartModifications).toEqual([]);
  });

  it('productsNeedReplace=false drops the pending bundle: the shopper keeps the old item', async () => {
    const before = await userCart('podnalog@orbita.rs', (c) => ok(c.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' })));
    const g = await guest((c) => ok(c.call('POST', PATHS.addBundle, bundle(PIXEL, 'ORBITA_FLEX_10'))));
    await g.signIn('podnalog@orbita.rs');
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(statuses(m)).toEqual([['productsNeedReplace', PIXEL]]);
    expect(m.cartModifications[0].replaceModalEntries.map((e: Entry) => e.product.code)).toEqual(['ORBITA_MAX_M']);
    const r = (await g.call('GET', `${CART.mergeCart}?productsNeedReplace=false`)).json();
    expect(r.cartModifications).toEqual([]);
    expect(codes(r.cart)).toEqual(['ORBITA_MAX_M']);
    expect(r.cart.version).toBe(m.cart.version);
    expect(r.cart.code).toBe(before.code);
    expect((await g.call('GET', CART.mergeCart)).json().cartModifications).toEqual([]);
    // the other spelling of seed 000 §7 is accepted; a bad value is a 400
    expect((await g.call('GET', `${CART.mergeCart}?productNeedsReplace=true`)).statusCode).toBe(200);
    const bad = await g.call('GET', `${CART.mergeCart}?productsNeedReplace=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].type).toBe('ValidationError');
  });

  it('the replacement is judged again when applied: a limit reached meanwhile keeps the user\'s cart as it was', async () => {
    await userCart('slaba@orbita.rs', async (c) => {
      await ok(c.call('POST', PATHS.addBundle, bundle(A56)));
    });
    const g = await guest((c) => ok(c.call('POST', PATHS.addBundle, bundle('SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_BLACK', 'ORBITA_FLEX_10', 'ONE_TIME_CHARGE'))));
    await g.signIn('slaba@orbita.rs');
    expect(statuses((await g.call('GET', CART.mergeCart)).json())).toEqual([['productsNeedReplace', 'SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_BLACK']]);
    // meanwhile (another tab) the cart grows over the amount limit together with the pending phone
    await ok(g.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_GRAY')));
    await ok(g.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_Z_FLIP7_JETBLACK')));
    const before = (await g.call('GET', PATHS.fullCart)).json();
    const r = (await g.call('GET', `${CART.mergeCart}?productsNeedReplace=true`)).json();
    expect(r.cartModifications).toEqual([expect.objectContaining({ statusCode: 'allowedTotalAmountExceeded', entry: null, quantityAdded: 0, cmsComponentId: 'limitOverstepped' })]);
    expect(codes(r.cart)).toEqual(codes(before));
    expect(r.cart.version).toBe(before.version);
  });

  it('maxOrderQuantityExceeded: a bundle over the quantity limit is not merged — neither its device nor its accessory', async () => {
    await userCart('staff@orbita.rs', async (c) => {
      for (let i = 0; i < 3; i++) await ok(c.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD')));
    });
    const g = await guest((c) => ok(c.call('POST', PATHS.addBundle, alone('NOKIA_105_4G_BLUE', ['ACC_USBC_CABLE_STD']))));
    const auth = await g.signIn('staff@orbita.rs');
    expect(auth.json().data.merge.map((x: MergeStatus) => x.status)).toEqual(['refused', 'refused']);
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(m.cartModifications).toEqual([{
      statusCode: 'maxOrderQuantityExceeded', statusMessage: expect.stringContaining('3'), entry: null, quantityAdded: 0,
      replaceModalEntries: [], cmsComponentId: 'limitOversteppedPopup',
    }]);
    // one line of three (the same accessory raises its line's quantity)
    expect(m.cart.entries.map((e: Entry) => [e.product.code, e.quantity])).toEqual([['ACC_USBC_CABLE_STD', 3]]);
    expect((await g.call('GET', CART.mergeCart)).json().cartModifications).toEqual([]);
  });

  it('allowedTotalAmountExceeded: the bundle that would pass 400,000 RSD stays out, localized, with its CMS component', async () => {
    await userCart('bez.imejla', async (c) => {
      await ok(c.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_BLACK')));
      await ok(c.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_GRAY')));
    });
    const g = await guest(async (c) => {
      await ok(c.call('POST', PATHS.addBundle, alone('NOKIA_105_4G_BLUE')));
      await ok(c.call('POST', PATHS.addBundle, alone('SAMSUNG_GALAXY_Z_FLIP7_JETBLACK')));
    });
    g.lang = '2';
    await g.signIn('bez.imejla');
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(statuses(m)).toEqual([['success', 'NOKIA_105_4G_BLUE'], ['allowedTotalAmountExceeded', null]]);
    expect(m.cartModifications[1]).toMatchObject({ statusMessage: 'The total to pay in one order cannot exceed 400.000 RSD.', cmsComponentId: 'limitOverstepped', quantityAdded: 0 });
    expect(codes(m.cart)).toEqual(['SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_BLACK', 'SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_GRAY', 'NOKIA_105_4G_BLUE']);
  });

  it('notEligibleByAge: a minor\'s anonymous bundle with a postpaid tariff is not merged; the rest is', async () => {
    await userCart('maloletni@orbita.rs', (c) => ok(c.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_START' })));
    const g = await guest(async (c) => {
      await ok(c.call('POST', PATHS.addBundle, bundle(A56)));
      await ok(c.call('POST', PATHS.addBundle, alone('NOKIA_105_4G_BLUE')));
    });
    await g.signIn('maloletni@orbita.rs');
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(statuses(m)).toEqual([['notEligibleByAge', null], ['success', 'NOKIA_105_4G_BLUE']]);
    expect(m.cartModifications[0].statusMessage).toBe('Postpejd tarifu mogu ugovoriti samo punoletni korisnici (od 18 godina).');
    expect(codes(m.cart)).toEqual(['ORBITA_PREPAID_START', 'NOKIA_105_4G_BLUE']);
  });

  it('a user without a cart takes the anonymous cart over, judged the same way: a minor\'s postpaid bundle leaves it', async () => {
    // maloletni@orbita.rs without an open cart
    const [minor] = await h.database.db.select().from(users).where(eq(users.email, 'maloletni@orbita.rs'));
    const own = h.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, minor.id));
    await h.database.db.update(carts).set({ status: 'MERGED' }).where(and(eq(carts.status, 'OPEN'), or(eq(carts.userId, minor.id), inArray(carts.sessionId, own))));
    const g = await guest(async (c) => {
      await ok(c.call('POST', PATHS.addBundle, alone('NOKIA_105_4G_BLUE')));
      await ok(c.call('POST', PATHS.addBundle, bundle(A56)));
    });
    const code = (await g.call('GET', PATHS.fullCart)).json().code;
    const auth = await g.signIn('maloletni@orbita.rs');
    expect(auth.json().data.merge.map((x: MergeStatus) => [x.productCode, x.status])).toEqual([['NOKIA_105_4G', 'merged'], ['SAMSUNG_GALAXY_A56', 'refused'], ['ORBITA_MAX_M', 'refused']]);
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(statuses(m)).toEqual([['notEligibleByAge', null]]);
    expect(m.cart.code).toBe(code);
    expect(codes(m.cart)).toEqual(['NOKIA_105_4G_BLUE']);
  });

  it('accessoriesNeedMerge: both carts hold accessories; the accessories are merged and told so', async () => {
    await userCart('laki@orbita.rs', (c) => ok(c.call('POST', PATHS.addBundle, alone('ACC_JBL_TUNE_520BT_STD'))));
    const g = await guest(async (c) => {
      await ok(c.call('POST', PATHS.addBundle, alone('ACC_ANKER_POWERBANK_10K_STD')));
      await ok(c.call('POST', PATHS.addBundle, alone('NOKIA_105_4G_BLUE')));
    });
    await g.signIn('laki@orbita.rs');
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(statuses(m)).toEqual([['accessoriesNeedMerge', 'ACC_ANKER_POWERBANK_10K_STD'], ['success', 'NOKIA_105_4G_BLUE']]);
    expect(codes(m.cart)).toEqual(['ACC_JBL_TUNE_520BT_STD', 'ACC_ANKER_POWERBANK_10K_STD', 'NOKIA_105_4G_BLUE']);
  });

  it('the same accessory in both carts becomes one line with both quantities', async () => {
    await userCart('otp@orbita.rs', (c) => ok(c.call('POST', PATHS.addBundle, alone('ACC_TEMPERED_GLASS_STD'))));
    const g = await guest((c) => ok(c.call('POST', PATHS.addBundle, alone('ACC_TEMPERED_GLASS_STD'))));
    await g.signIn('otp@orbita.rs');
    const m = (await g.call('GET', CART.mergeCart)).json();
    expect(m.cart.entries.map((e: Entry) => [e.product.code, e.quantity])).toEqual([['ACC_TEMPERED_GLASS_STD', 2]]);
  });

  it('a bundle is never half merged: a sold-out device keeps its tariff and insurance out too; add-ons follow their entry', async () => {
    await userCart('kupac@orbita.rs', (c) => ok(c.call('POST', PATHS.addBundle, alone('ACC_USBC_CABLE_STD'))));
    const g = await guest(async (c) => {
      await ok(c.call('POST', PATHS.addBundle, { ...bundle('SAMSUNG_GALAXY_A56_AWESOME_LIGHTGRAY', 'ORBITA_START', 'ONE_TIME_CHARGE'), insuranceCode: 'INSURANCE_SCREEN' }));
      await ok(c.call('POST', PATHS.addBundle, alone(PIXEL)));
      await ok(c.call('PUT', `${CART.addInsurance}?entryNumber=3&insuranceCode=INSURANCE_PREMIUM`));
    });
    await devCall(h.app, '/dev/catalog/stock', { code: 'SAMSUNG_GALAXY_A56_AWESOME_LIGHTGRAY', level: 0 });
    try {
      await g.signIn('kupac@orbita.rs');
      const m = (await g.call('GET', CART.mergeCart)).json();
      expect(statuses(m)).toEqual([['noStock', null], ['success', PIXEL], ['success', 'INSURANCE_PREMIUM']]);
      expect(m.cartModifications[0].cmsComponentId).toBe('noStockPopup');
      expect(codes(m.cart)).toEqual(['ACC_USBC_CABLE_STD', PIXEL, 'INSURANCE_PREMIUM']);
      // the insurance added to the Pixel (entry 3 of the guest cart) points at the Pixel's new entry number
      const dbCart = (await h.database.db.select().from(carts).where(eq(carts.code, m.cart.code)))[0];
      const [ins] = await h.database.db.select().from(cartEntries).where(and(eq(cartEntries.cartId, dbCart.id), eq(cartEntries.productCode, 'INSURANCE_PREMIUM')));
      expect(ins.parentEntryNumber).toBe(m.cart.entries[1].entryNumber);
      expect(ins.bundleNo).toBe(m.cart.entries[1].bundleNo);
    } finally {
      await devCall(h.app, '/dev/catalog/stock', { code: 'SAMSUNG_GALAXY_A56_AWESOME_LIGHTGRAY', level: 2 });
    }
  });
});
