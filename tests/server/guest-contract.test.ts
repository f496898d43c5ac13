// @vitest-environment node
// A guest's postpaid contract collects its personal data (issue 27): a guest cart holding a postpaid tariff (the
// "contractData" condition of schemas/rules/checkout-types.json, answered as the cart's contractDataRequired) needs the
// JMBG and ID document in the guest payload (contractData), checked like the personal-data step with the same texts,
// stored on the cart's orderCustomerInfo and required by the GUEST flow's doneWhen, so place-order refuses an order
// without them. A phone alone ("Samo uređaj") asks for none; the requirement follows the cart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/tables';
import { jmbgFor } from '../../server/user/index';
import en from '../../schemas/messages/en.json';
import sr from '../../schemas/messages/sr.json';
import { drivers, GUEST, GUEST_CONTRACT, okJson, PATHS, REQUIRED_CONSENTS, RELAXED_LIMITS, Shopper, startApp, type Harness } from './helpers';
import type { Cart } from '../../schemas/types/api.cart';

const PHONE = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
const WITH_TARIFF = { deviceCode: PHONE, tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' };
const DEVICE_ONLY = { deviceCode: PHONE, chargeType: 'ONE_TIME_CHARGE' };
const { contractData: _given, ...WITHOUT_CONTRACT } = GUEST;

describe.each(drivers)('a guest\'s postpaid contract collects its personal data on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { limits: RELAXED_LIMITS }); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const ok = okJson;
  const guestWith = async (bundle: object) => {
    const s = await new Shopper(h.app).login();
    await ok(s.call('POST', PATHS.addBundle, bundle), 'add');
    return s;
  };
  const cartOf = async (s: Shopper) => (await ok(s.call('GET', PATHS.fullCart), 'cart')) as Cart;
  const submit = (s: Shopper) => s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
  const pay = (s: Shopper) => ok(s.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' }), 'payment');

  it('phone + postpaid tariff: without contract data 400 naming jmbg, a bad JMBG the personal-data step\'s text; with them the order stores them', async () => {
    const s = await guestWith(WITH_TARIFF);
    const cart = await cartOf(s);
    expect(cart.checkoutType).toBe('GUEST');
    expect(cart.contractDataRequired).toBe(true);

    let r = await s.call('POST', PATHS.guestInfo, WITHOUT_CONTRACT);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ subject: 'contractData/jmbg', message: sr['validation.required'] });

    // the first missing field is named
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, contractData: { jmbg: GUEST_CONTRACT.jmbg } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors[0].subject).toMatch(/contractData\/primaryContactDocumentIdNum$/);

    const badJmbg = GUEST_CONTRACT.jmbg.slice(0, 12) + String((Number(GUEST_CONTRACT.jmbg[12]) + 1) % 10);
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, contractData: { ...GUEST_CONTRACT, jmbg: badJmbg } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ subject: 'contractData/jmbg', message: sr['delivery.error.jmbg'] });
    s.lang = '2';
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, contractData: { ...GUEST_CONTRACT, jmbg: badJmbg } });
    s.lang = '1';
    expect(r.json().errors[0].message).toBe(en['delivery.error.jmbg']);

    const minor = jmbgFor(new Date(Date.now() - 10 * 365 * 86_400_000));
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, contractData: { ...GUEST_CONTRACT, jmbg: minor } });
    expect(r.json().errors[0]).toMatchObject({ subject: 'contractData/jmbg', message: sr['validation.adult'] });

    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, contractData: { ...GUEST_CONTRACT, primaryContactDocumentIdIssueDate: '31.02.2020' } });
    expect(r.json().errors[0]).toMatchObject({ subject: 'contractData/primaryContactDocumentIdIssueDate', message: sr['delivery.error.issueDate'] });

    await ok(s.call('POST', PATHS.guestInfo, { ...GUEST, contractData: { ...GUEST_CONTRACT, primaryContactDocumentIdNum: 'ab123456' } }), 'guest data');
    const stored = {
      jmbg: GUEST_CONTRACT.jmbg, primaryContactDocumentIdNum: 'AB123456', primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd',
      primaryContactDocumentIdIssueDate: '2022-03-15T01:00:00+01:00',
    };
    expect((await cartOf(s)).orderCustomerInfo).toMatchObject({ ...GUEST.customerData, ...stored });
    await pay(s);
    const placed = await ok(submit(s), 'submit');
    const [row] = await h.database.db.select().from(orders).where(eq(orders.code, placed.code));
    expect(row.snapshot.orderCustomerInfo).toMatchObject(stored);
    const confirmation = await ok(s.call('GET', `${PATHS.confirmation}?orderCode=${placed.code}`), 'confirmation');
    expect(confirmation.order.orderCustomerInfo).toMatchObject(stored);
  });

  it('a phone alone ("Samo uređaj"): no contract data asked, and what is sent is not kept', async () => {
    const s = await guestWith(DEVICE_ONLY);
    expect((await cartOf(s)).contractDataRequired).toBe(false);
    await ok(s.call('POST', PATHS.guestInfo, WITHOUT_CONTRACT), 'guest data without contract data');
    await ok(s.call('POST', PATHS.guestInfo, GUEST), 'guest data with contract data');
    expect((await cartOf(s)).orderCustomerInfo!.jmbg).toBeUndefined();
    await pay(s);
    await ok(submit(s), 'submit');
  });

  it('the requirement follows the cart: a tariff added after the guest data makes place-order refuse (stepNotDone) until they are given', async () => {
    const s = await guestWith(DEVICE_ONLY);
    await ok(s.call('POST', PATHS.guestInfo, WITHOUT_CONTRACT), 'guest data for the phone alone');
    await ok(s.call('POST', PATHS.addToCart, { code: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24' }), 'a postpaid tariff');
    const cart = await cartOf(s);
    expect(cart.checkoutType).toBe('GUEST');
    expect(cart.contractDataRequired).toBe(true);
    await pay(s);
    const before = (await h.database.db.select({ id: orders.id }).from(orders)).length;
    const r = await submit(s);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'stepNotDone', subject: 'GUEST_ORDER_INFO' });
    expect((await h.database.db.select({ id: orders.id }).from(orders)).length, 'no order was placed').toBe(before);
    await ok(s.call('POST', PATHS.guestInfo, GUEST), 'guest data with contract data');
    await pay(s);
    await ok(submit(s), 'submit');
  });
});
