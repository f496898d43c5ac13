// @vitest-environment node
// The SUGGESTED_PRODUCTS step (server/workflows/suggested-products.ts): GET carts/addons and carts/references, addaddon
// with a referenceType, the preselected ones, isRemovableEntry, maxAllowedQuantity and the tariff's freeAddonsLimit —
// both limits under the cart row lock (concurrent adds), bad input 400 — and the step's place in the MOBILE flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, PATHS, startApp, type Harness } from './helpers';
import { Customer } from './commerce-helpers';
import type { Cart, SuggestedProducts, ValidateResponse } from '../../schemas/types/api.cart';

const B = '/hybris/ecommerce/b2c/v1/users/carts';
const ADDONS = `${B}/addons`;
const REFS = `${B}/references`;
const ADD = `${B}/addaddon`;

describe.each(drivers)('the SUGGESTED_PRODUCTS step on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  async function customerWith(code: string | null, email = 'kupac@orbita.rs') {
    const c = await new Customer(h.app).login();
    await c.signIn(email);
    await c.call('DELETE', PATHS.deleteCart);
    if (code) {
      const add = await c.call('POST', PATHS.addToCart, { code, subscriptionTermId: `${code}_T24` });
      expect(add.statusCode, add.body).toBe(200);
    }
    return c;
  }
  const get = async <T = SuggestedProducts>(c: Customer, u: string) => { const r = await c.call('GET', u); expect(r.statusCode, r.body).toBe(200); return r.json<T>(); };
  const ref = (v: SuggestedProducts, code: string) => v.references.find((r) => r.target.code === code)!;
  const children = async (c: Customer) => (await get<Cart>(c, PATHS.fullCart)).entries.filter((e) => e.parentEntryNumber !== undefined && e.parentEntryNumber !== null);

  it('no tariff in the cart: nothing offered', async () => {
    const c = await customerWith(null);
    expect(await get(c, ADDONS)).toEqual({ entryNumber: null, productCode: null, productName: null, freeAddonsLimit: 0, freeSelected: 0, references: [] });
  });

  it('the tariff\'s add-ons and digital services; the preselected ones are put in once, the one included stays', async () => {
    const c = await customerWith('ORBITA_MAX_M');
    const v = await get(c, ADDONS);
    expect(v).toMatchObject({ productCode: 'ORBITA_MAX_M', productName: 'Orbita Max M', freeAddonsLimit: 1, freeSelected: 0 });
    expect(v.references.map((r) => [r.referenceType, r.target.code])).toEqual([
      ['TARIFF_ADDON_RELATION', 'ADDON_NET_10GB'],
      ['DIGITAL_SERVICE_RELATION', 'STREAM_ORBITA_PLUS'], ['DIGITAL_SERVICE_RELATION', 'DIGITAL_ORBITA_MUSIC'],
      ['DIGITAL_SERVICE_RELATION', 'DIGITAL_ORBITA_CLOUD'], ['DIGITAL_SERVICE_RELATION', 'DIGITAL_ORBITA_SAFE'],
    ]);
    expect(ref(v, 'DIGITAL_ORBITA_CLOUD')).toMatchObject({ preselected: true, isRemovableEntry: true, quantity: 1, maxAllowedQuantity: 1 });
    expect(ref(v, 'DIGITAL_ORBITA_SAFE')).toMatchObject({ preselected: true, isRemovableEntry: false });
    expect(ref(v, 'STREAM_ORBITA_PLUS')).toMatchObject({ free: true, preselected: false, entryNumber: null, target: { pricePlans: [{ id: 'STREAM_ORBITA_PLUS_PLAN' }] } });
    expect(ref(v, 'ADDON_NET_10GB').maxAllowedQuantity).toBe(1);
    // the cart holds the two preselected ones under the tariff; the included one is not removable there either
    const kids = await children(c);
    expect(kids.map((e) => [e.product.code, e.product.isRemovableEntry])).toEqual([['DIGITAL_ORBITA_CLOUD', true], ['DIGITAL_ORBITA_SAFE', false]]);
    const cloud = ref(v, 'DIGITAL_ORBITA_CLOUD').entryNumber;
    const safe = ref(v, 'DIGITAL_ORBITA_SAFE').entryNumber;
    expect((await c.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${cloud}`)).statusCode).toBe(200);
    const kept = await c.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${safe}`);
    expect(kept.statusCode).toBe(400);
    expect(kept.json().errors[0]).toMatchObject({ type: 'ValidationError', reason: 'notRemovable', message: 'Ovaj proizvod je uključen uz tarifu ili paket i ne može da se ukloni.' });
    // taken out, a preselected one stays out on the next visit
    const again = await get(c, ADDONS);
    expect(ref(again, 'DIGITAL_ORBITA_CLOUD')).toMatchObject({ preselected: false, entryNumber: null });
    expect(ref(again, 'DIGITAL_ORBITA_SAFE').preselected).toBe(true);
  });

  it('cross-selling: accessories with an image, maxAllowedQuantity (default 100) enforced with a clear message', async () => {
    const c = await customerWith('ORBITA_MAX_S');
    const v = await get(c, `${REFS}?referenceType=CROSSELLING&pageSize=100`);
    expect(v.references.map((r) => [r.target.code, r.maxAllowedQuantity])).toEqual([
      ['ACC_TEMPERED_GLASS', 100], ['ACC_USBC_CABLE', 2], ['ACC_XIAOMI_BUDS6_ACTIVE', 3], ['ACC_ANKER_POWERBANK_10K', 1],
    ]);
    expect(ref(v, 'ACC_USBC_CABLE').target.images[0]).toMatchObject({ imageType: 'GALLERY', url: expect.stringMatching(/^\/media\//) });
    expect(ref(v, 'ACC_USBC_CABLE').target.oneTimePrice!.value).toBe(1199);
    const body = { code: 'ACC_USBC_CABLE', entryNumber: v.entryNumber, referenceType: 'CROSSELLING' };
    expect((await c.call('POST', ADD, body)).statusCode).toBe(200);
    expect((await c.call('POST', ADD, body)).statusCode).toBe(200);
    const third = await c.call('POST', ADD, body);
    expect(third.statusCode).toBe(409);
    expect(third.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'maxAllowedQuantity', message: 'Proizvod USB-C na USB-C kabl 1 m možeš da dodaš najviše 2 put(a).' });
    c.lang = '2';
    expect((await c.call('POST', ADD, body)).json().errors[0].message).toBe('You can add USB-C na USB-C kabl 1 m at most 2 time(s).');
    const line = ref(await get(c, `${REFS}?referenceType=CROSSELLING`), 'ACC_USBC_CABLE');
    expect(line).toMatchObject({ preselected: true, quantity: 2 });
    // one unit out
    expect((await c.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${line.entryNumber}&qty=1`)).statusCode).toBe(200);
    expect(ref(await get(c, `${REFS}?referenceType=CROSSELLING`), 'ACC_USBC_CABLE').quantity).toBe(1);
  });

  it('free digital services: within freeAddonsLimit they cost nothing, beyond it the add is refused', async () => {
    const c = await customerWith('ORBITA_MAX_L');
    const v = await get(c, ADDONS);
    const add = (code: string) => c.call('POST', ADD, { code, entryNumber: v.entryNumber, referenceType: 'DIGITAL_SERVICE_RELATION' });
    expect((await add('STREAM_ORBITA_PLUS')).statusCode).toBe(200);
    const refused = await add('DIGITAL_ORBITA_MUSIC');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'freeAddonsLimit', message: 'Već si izabrao sve besplatne servise koje tarifa nudi (1).' });
    const after = await get(c, ADDONS);
    expect(after.freeSelected).toBe(1);
    const stream = (await children(c)).find((e) => e.product.code === 'STREAM_ORBITA_PLUS');
    expect(stream).toBeTruthy();
    expect(JSON.stringify(stream)).toContain('"value":0');
  });

  it('a limit of 0: the free services are sold at their price', async () => {
    const c = await customerWith('ORBITA_START');
    const v = await get(c, ADDONS);
    expect(v.freeAddonsLimit).toBe(0);
    expect(ref(v, 'STREAM_ORBITA_PLUS').free).toBe(false);
    expect((await c.call('POST', ADD, { code: 'STREAM_ORBITA_PLUS', entryNumber: v.entryNumber, referenceType: 'DIGITAL_SERVICE_RELATION' })).statusCode).toBe(200);
    expect((await get(c, ADDONS)).freeSelected).toBe(0);
  });

  it('two concurrent free adds over a limit of 1: exactly one lands (cart row lock)', async () => {
    const c = await customerWith('ORBITA_FLEX_20');
    const v = await get(c, ADDONS);
    const both = await Promise.all(['STREAM_ORBITA_PLUS', 'DIGITAL_ORBITA_MUSIC'].map((code) =>
      c.call('POST', ADD, { code, entryNumber: v.entryNumber, referenceType: 'DIGITAL_SERVICE_RELATION' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await get(c, ADDONS)).freeSelected).toBe(1);
  });

  it('four concurrent adds of an accessory with maxAllowedQuantity 3: exactly 3 units', async () => {
    const c = await customerWith('ORBITA_MAX_M');
    const v = await get(c, `${REFS}?referenceType=CROSSELLING`);
    const all = await Promise.all([1, 2, 3, 4].map(() => c.call('POST', ADD, { code: 'ACC_XIAOMI_BUDS6_ACTIVE', entryNumber: v.entryNumber, referenceType: 'CROSSELLING' })));
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409]);
    expect(ref(await get(c, `${REFS}?referenceType=CROSSELLING`), 'ACC_XIAOMI_BUDS6_ACTIVE').quantity).toBe(3);
  });

  it('bad input: 400 with errors[0].type and a message, never a 5xx', async () => {
    const c = await customerWith('ORBITA_MAX_M');
    const v = await get(c, ADDONS);
    for (const u of [`${REFS}`, `${REFS}?referenceType=INSURANCE`, `${ADDONS}?pageSize=0`, `${ADDONS}?pageSize=101`, `${REFS}?referenceType=CROSSELLING&pageSize=abc`]) {
      const r = await c.call('GET', u);
      expect(r.statusCode, u).toBe(400);
      expect(r.json().errors[0].type, u).toBe('ValidationError');
      expect(r.json().errors[0].message, u).toBeTruthy();
    }
    for (const body of [
      { code: 'ACC_USBC_CABLE', entryNumber: v.entryNumber, referenceType: 'ACCESSORIES' },
      { code: '../x', entryNumber: v.entryNumber, referenceType: 'CROSSELLING' },
      { code: 'ACC_USBC_CABLE', entryNumber: -1, referenceType: 'CROSSELLING' },
    ]) {
      const r = await c.call('POST', ADD, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().errors[0].type).toBe('ValidationError');
    }
    const notOffered = await c.call('POST', ADD, { code: 'ACC_JBL_TUNE_520BT', entryNumber: v.entryNumber, referenceType: 'CROSSELLING' });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().errors[0]).toMatchObject({ type: 'ValidationError', reason: 'notOffered', message: 'Proizvod ACC_JBL_TUNE_520BT se ne nudi uz ovu tarifu ili paket.' });
    const wrongEntry = await c.call('POST', ADD, { code: 'ACC_USBC_CABLE', entryNumber: v.entryNumber! + 50, referenceType: 'CROSSELLING' });
    expect(wrongEntry.statusCode).toBe(404);
  });

  it('MOBILE runs the step after CONNECT_MSISDN, before DELIVERY; it is optional (done without a choice)', async () => {
    const c = await customerWith('ORBITA_MAX_M');
    const r = await c.call('POST', PATHS.validate, { justSteps: true });
    expect(r.statusCode, r.body).toBe(200);
    const steps = r.json().checkoutSteps as ValidateResponse['checkoutSteps'];
    expect(r.json().checkoutType).toBe('MOBILE');
    expect(steps.map((s) => s.code)).toEqual(['ADDITIONAL_CUSTOMER_DATA', 'CONNECT_MSISDN', 'SUGGESTED_PRODUCTS', 'DELIVERY', 'PAYMENT_AND_CART_CONFIRMATION']);
    expect(steps[2]).toMatchObject({ url: '/kupovina/dodatne-pogodnosti', eventName: 'checkout_suggested_products', done: true });
  });

  it('a home package offers cross-selling on the step', async () => {
    const c = await customerWith('BOX_PLUS', 'staff@orbita.rs');
    const v = await get(c, `${REFS}?referenceType=CROSSELLING`);
    expect(v.references.map((r) => r.target.code)).toEqual(['ACC_USBC_CABLE', 'ACC_JBL_TUNE_520BT']);
    expect((await c.call('POST', ADD, { code: 'ACC_JBL_TUNE_520BT', entryNumber: v.entryNumber, referenceType: 'CROSSELLING' })).statusCode).toBe(200);
  });
});
