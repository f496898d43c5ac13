// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, PATHS, SCHEMAS_DIR, Shopper, startApp, type Harness } from './helpers';

const guestFlow = JSON.parse(readFileSync(`${SCHEMAS_DIR}/flows/guest.json`, 'utf8'));
const standaloneFlow = JSON.parse(readFileSync(`${SCHEMAS_DIR}/flows/standalone.json`, 'utf8'));

describe.each(drivers)('cart on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('starts empty and adds a device with a tariff in installments (bundle)', async () => {
    const s = await new Shopper(h.app).login();
    const empty = (await s.call('GET', PATHS.cart)).json();
    expect(empty).toMatchObject({ entries: [], totalItems: 0, totalUnitCount: 0, checkoutType: null });
    const r = await s.call('POST', PATHS.addBundle, {
      deviceCode: 'APPLE_IPHONE_16_BLACK', tariffCode: 'ORBITA_MAX_L', subscriptionTermId: 'ORBITA_MAX_L_T24',
      pricePlanId: 'APPLE_IPHONE_16__ORBITA_MAX_L__24', chargeType: 'RECURRING_CHARGE', insuranceCode: 'INSURANCE_SCREEN', accessoryCodes: ['ACC_APPLE_20W_ADAPTER'],
    });
    expect(r.statusCode).toBe(200);
    const { cart, cartModifications } = r.json();
    expect(cartModifications.map((m: { statusCode: string }) => m.statusCode)).toEqual(['success', 'success', 'success', 'success']);
    expect(cart.version).toBeGreaterThan(empty.version);
    expect(cart.checkoutType).toBe('GUEST');
    expect(cart.totalItems).toBe(4);
    const [device, tariff, insurance, accessory] = cart.entries;
    expect(new Set(cart.entries.map((e: { bundleNo: number }) => e.bundleNo)).size).toBe(1);
    expect(device.product).toMatchObject({ code: 'APPLE_IPHONE_16_BLACK', baseProduct: 'APPLE_IPHONE_16', productOfferingType: 'DEVICE', brands: [{ name: 'Apple' }] });
    expect(device.product.tmaPoVariantOptions[0]).toMatchObject({ code: 'color', colorCode: 'black', value: 'Crna' });
    expect(device.chargeType).toBe('RECURRING_CHARGE');
    expect(device.monthlyPrice.installments).toBe(24);
    expect(device.subscriptionTerm).toEqual({ name: 'Ugovor 24 meseca', termOfServiceNumber: 24 });
    expect(tariff.product.code).toBe('ORBITA_MAX_L');
    expect(tariff.processType).toBe('TOP_OFFER');
    expect(tariff.monthlyPrice.price).toEqual({ value: 4299, formattedValue: '4.299,00 RSD', currencyIso: 'RSD' });
    expect(insurance.insuranceOptionSelected).toBe(true);
    expect(accessory.oneTimePrice.value).toBe(2999);
    const p = cart.orderPrices;
    expect(p.totalServiceMonthlyPrice.value).toBe(4299 + 299);
    expect(p.totalDeviceMonthlyPrice.value).toBe(device.monthlyPrice.price.value);
    expect(p.totalDeviceOneTimePrice.value).toBeCloseTo(2999 + device.oneTimePrice.value, 2);
    expect(cartModifications[0].entry.entryNumber).toBe(0);
  });

  it('adds a tariff alone, a device alone, and answers noStock for a sold-out colour', async () => {
    const s = await new Shopper(h.app).login();
    const t = await s.call('POST', PATHS.addToCart, { code: 'ORBITA_SMART', subscriptionTermId: 'ORBITA_SMART_T12', pricePlanId: 'ORBITA_SMART_PLAN' });
    expect(t.statusCode).toBe(200);
    expect(t.json().cart.entries[0]).toMatchObject({ chargeType: 'RECURRING_CHARGE', subscriptionTerm: { termOfServiceNumber: 12 } });
    const d = await s.call('POST', PATHS.addBundle, { deviceCode: 'NOKIA_105_4G_BLUE', chargeType: 'ONE_TIME_CHARGE' });
    expect(d.json().cart.entries[1]).toMatchObject({ chargeType: 'ONE_TIME_CHARGE', monthlyPrice: null, oneTimePrice: { value: 4999, formattedValue: '4.999,00 RSD' } });
    const sold = await s.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_PINK', chargeType: 'ONE_TIME_CHARGE' });
    expect(sold.statusCode).toBe(200);
    expect(sold.json().cartModifications[0]).toMatchObject({ statusCode: 'noStock', quantityAdded: 0, entry: null });
    expect(sold.json().cart.totalItems).toBe(2);
  });

  it('refuses wrong add payloads with 400 or 404, never 500', async () => {
    const s = await new Shopper(h.app).login();
    const cases: Array<[string, unknown, number]> = [
      [PATHS.addToCart, { code: 'ORBITA_SMART', subscriptionTermId: 'ORBITA_MAX_M_T24' }, 400],
      [PATHS.addToCart, { code: 'NOPE' }, 404],
      [PATHS.addToCart, { code: { a: 1 } }, 400],
      [PATHS.addToCart, { code: 'ORBITA_SMART', extra: true }, 400],
      [PATHS.addBundle, { deviceCode: 'NOKIA_105_4G', tariffCode: 'ORBITA_START', subscriptionTermId: 'ORBITA_START_T24', chargeType: 'RECURRING_CHARGE' }, 400],
      [PATHS.addBundle, { deviceCode: 'APPLE_IPHONE_16', chargeType: 'RECURRING_CHARGE' }, 400],
      [PATHS.addBundle, { deviceCode: 'APPLE_IPHONE_16', chargeType: 'LATER' }, 400],
      [PATHS.addBundle, { chargeType: 'ONE_TIME_CHARGE' }, 400],
    ];
    for (const [path, body, status] of cases) {
      const r = await s.call('POST', path, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(status);
      expect(r.json().errors[0].message).toBeTruthy();
    }
    const notJson = await h.app.inject({ method: 'POST', url: PATHS.addToCart, payload: '{bad', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors[0].type).toBe('ValidationError');
  });

  it('deletes an accessory alone, a bundle as a whole, and the whole cart', async () => {
    const s = await new Shopper(h.app).login();
    await s.call('POST', PATHS.addBundle, { deviceCode: 'XIAOMI_REDMI_14C', tariffCode: 'ORBITA_START', subscriptionTermId: 'ORBITA_START_T24', chargeType: 'ONE_TIME_CHARGE', accessoryCodes: ['ACC_TEMPERED_GLASS'] });
    await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' });
    let cart = (await s.call('GET', PATHS.fullCart)).json();
    expect(cart.entries.map((e: { entryNumber: number }) => e.entryNumber)).toEqual([0, 1, 2, 3]);
    let r = await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=2&checkout=false`);
    expect(r.statusCode).toBe(200);
    expect(r.json().cart.entries.map((e: { product: { code: string } }) => e.product.code)).toEqual(['XIAOMI_REDMI_14C_MIDNIGHT_BLACK', 'ORBITA_START', 'ACC_USBC_CABLE_STD']);
    r = await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=1`);
    expect(r.json().cart.entries.map((e: { entryNumber: number }) => e.entryNumber)).toEqual([3]);
    expect(r.json().cart.checkoutType).toBe('STANDALONE');
    expect((await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=99`)).statusCode).toBe(404);
    expect((await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=abc`)).statusCode).toBe(400);
    r = await s.call('DELETE', PATHS.deleteCart);
    cart = r.json().cart;
    expect(cart.entries).toEqual([]);
  });

  it('validates: GUEST steps from flows/guest.json, STANDALONE steps for accessories only', async () => {
    const s = await new Shopper(h.app).login();
    await s.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' });
    const v = await s.call('POST', `${PATHS.validate}?lang=sr`, { justSteps: false, v2: true });
    expect(v.statusCode).toBe(200);
    const body = v.json();
    expect(body.checkoutType).toBe('GUEST');
    expect(body.checkoutSteps).toEqual(guestFlow.steps.map((st: { code: string; path: string; eventName: string; hidden?: boolean; doneWhen?: unknown }) => ({ code: st.code, url: st.path, eventName: st.eventName, hidden: st.hidden === true, done: st.doneWhen === undefined })));
    expect(body.errors.errors).toEqual([]);
    expect(body.cart.entries.map((e: { code: string }) => e.code)).toEqual(['GOOGLE_PIXEL_9A_OBSIDIAN', 'ORBITA_FLEX_20']);
    expect(body.cart.customer).toMatchObject({ isGuest: true });

    const a = await new Shopper(h.app).login();
    await a.call('POST', PATHS.addBundle, { deviceCode: 'ACC_JBL_TUNE_520BT', chargeType: 'ONE_TIME_CHARGE' });
    const noBody = await a.call('POST', PATHS.validate);
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json().checkoutType).toBe('STANDALONE');
    const va = (await a.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
    expect(va.checkoutType).toBe('STANDALONE');
    expect(va.checkoutSteps.map((x: { eventName: string }) => x.eventName)).toEqual(standaloneFlow.steps.map((x: { eventName: string }) => x.eventName));
  });

  it('reports noStock in validation when a colour sold out after it was added', async () => {
    const s = await new Shopper(h.app).login();
    await s.call('POST', PATHS.addBundle, { deviceCode: 'HONOR_400_METEOR_SILVER', chargeType: 'ONE_TIME_CHARGE' });
    const { stock } = await import('../../server/db/tables');
    const { eq } = await import('drizzle-orm');
    await h.database.db.update(stock).set({ level: 0 }).where(eq(stock.variantCode, 'HONOR_400_METEOR_SILVER'));
    const v = (await s.call('POST', PATHS.validate, { justSteps: false })).json();
    expect(v.errors.errors[0]).toMatchObject({ type: 'CartValidationError', reason: 'noStock' });
  });
});
