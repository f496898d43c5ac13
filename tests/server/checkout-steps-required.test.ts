// @vitest-environment node
// An order is placed only with every step its checkout type's flow declares done (issue 27 "every checkout type collects
// what its contract needs, declared in its flow document"): calls that skip a step — the personal data (JMBG, ID
// document) of a postpaid or home contract, the delivery contact — are refused at submit with 400 CartError stepNotDone,
// naming the step in the shopper's language (never a 5xx, never an order); once the step is done the same cart orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/tables';
import { jmbgFor } from '../../server/user/index';
import { customerWithEmptyCart, drivers, okJson, PATHS, REQUIRED_CONSENTS, RELAXED_LIMITS, type Shopper, startApp, type Harness } from './helpers';

const V = '/hybris/ecommerce/b2c/v1';
const P = {
  info: `${V}/checkout/customerinfo`, contact: `${V}/checkout/customerinfo/contact`, create: `${V}/checkout/addresses/delivery/create`,
  newNumber: `${V}/users/phone/carts/msisdns/new`, setAddress: `${V}/checkout/addresses/installationaddress`, setNumber: `${V}/checkout/homeline/number`,
  installation: `${V}/checkout/addresses/delivery/installation`,
};
const PERSONAL = {
  orderFor: 'SELF', firstName: 'Marko', lastName: 'Petrović', jmbg: jmbgFor(new Date(Date.UTC(1985, 2, 15))), primaryContactDocumentIdNum: '012345678',
  primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd', primaryContactDocumentIdIssueDate: '2022-03-15T01:00:00+01:00',
  contactEmail: 'kupac@orbita.rs', msisdn: '0641234567',
};

describe.each(drivers)('submit refuses an order whose flow steps are not done, on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { limits: RELAXED_LIMITS }); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const ok = okJson;
  const customer = (email: string) => customerWithEmptyCart(h.app, email);
  const ordersOf = async (code: string) => h.database.db.select().from(orders).where(eq(orders.code, code));
  const submit = (s: Shopper) => s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
  async function refused(s: Shopper, step: string, sr: RegExp, en: RegExp) {
    const before = (await h.database.db.select({ id: orders.id }).from(orders)).length;
    const res = await submit(s);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'stepNotDone', subject: step });
    expect(res.json().errors[0].message).toMatch(sr);
    s.lang = '2';
    const again = await submit(s);
    s.lang = '1';
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toMatch(en);
    expect((await h.database.db.select({ id: orders.id }).from(orders)).length, 'no order was placed').toBe(before);
  }

  it('MOBILE without the personal-data step (number, delivery and contact done): refused naming the step; after it, ordered', async () => {
    const c = await customer('kupac@orbita.rs');
    await ok(c.call('POST', PATHS.addToCart, { code: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24' }), 'tariff');
    await ok(c.call('POST', P.newNumber, {}), 'number');
    await ok(c.call('POST', P.create, { address: { tisAddressCode: 'TIS-1003-40', entrance: 'B' } }), 'delivery address');
    await ok(c.call('PUT', P.contact, { contactPhone: '651112233' }), 'delivery contact');
    await ok(c.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' }), 'payment');
    await refused(c, 'ADDITIONAL_CUSTOMER_DATA', /^Korak „Lični podaci” nije završen/, /^The step “Personal data” is not complete/);
    await ok(c.call('POST', P.info, { userInfo: PERSONAL }), 'personal data');
    const placed = await ok(submit(c), 'submit');
    expect((await ordersOf(placed.code))[0]).toMatchObject({ paymentMode: 'Delivery', status: 'CREATED' });
  });

  it('MOBILE without the delivery contact (the courier\'s phone the delivery step asks for): refused naming the delivery step', async () => {
    const c = await customer('kupac@orbita.rs');
    await ok(c.call('POST', PATHS.addToCart, { code: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24' }), 'tariff');
    await ok(c.call('POST', P.info, { userInfo: PERSONAL }), 'personal data');
    await ok(c.call('POST', P.newNumber, {}), 'number');
    await ok(c.call('POST', P.create, { address: { tisAddressCode: 'TIS-1003-40', entrance: 'B' } }), 'delivery address');
    await ok(c.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' }), 'payment');
    await refused(c, 'DELIVERY', /^Korak „Tvoji podaci i dostava” nije završen/, /^The step “.+” is not complete/);
    await ok(c.call('PUT', P.contact, { contactPhone: '651112233' }), 'delivery contact');
    await ok(submit(c), 'submit');
  });

  it('HOME_FIXED with the package set up and delivery to the installation address but no personal data: refused', async () => {
    const c = await customer('kupac@orbita.rs');
    await ok(c.call('POST', PATHS.addToCart, { code: 'BOX_PLUS', subscriptionTermId: 'BOX_PLUS_T24' }), 'box');
    await ok(c.call('POST', P.setAddress, { option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS', addressCode: 'TIS-1003-40', entrance: 'B', flatNum: '7', packageId: 'BOX_PLUS' }), 'installation address');
    await ok(c.call('PUT', P.setNumber, { homeLine: { numberOption: 'NEW_NUMBER' } }), 'home number');
    await ok(c.call('PUT', P.installation), 'delivery to the installation address');
    await ok(c.call('PUT', P.contact, { contactPhone: '651112233' }), 'delivery contact');
    await ok(c.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' }), 'payment');
    await refused(c, 'ADDITIONAL_CUSTOMER_DATA', /^Korak „Lični podaci” nije završen/, /^The step “Personal data” is not complete/);
  });
});
