// @vitest-environment node
// Payment modes of seed 000 §3, §4 (issue 9): the modes a checkout offers come from schemas/rules/payment-modes.json;
// monthly bill (e-bills, "set monthly bill" before "set payment type"), a new monthly bill, pay on delivery, and card
// payment with a saved card, a new card saved, or a new card; the gateway's 3-D Secure challenge (shop and self-care
// top-up); a saved card is a token, never the number; concurrent authorizes, challenge answers and callbacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../server/db/tables';
import { billingAccounts, gatewayChallenges, gatewayTokens, savedCards } from '../../server/payment/schema';
import { selfcareSubscribers } from '../../server/selfcare/schema';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { drivers, GATEWAY_SECRET, givePersonalData, GUEST, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';
import { Customer } from './commerce-helpers';
import type { ErrorResponse } from '../../schemas/types/api.common';
import type { CreditCardsResponse, EbillsResponse, OrderResult, PaymentModesResponse, PaymentTypeBody } from '../../schemas/types/api.checkout';

const B = '/hybris/ecommerce/b2c/v1';
const P = {
  ebills: `${B}/checkout/bills/ebills`, monthlyBill: `${B}/checkout/bills/billingaccount`, cards: '/hybris/selfcare/b2c/v1/user/card/all',
  newNumber: `${B}/users/phone/carts/msisdns/new`,
};
const BUNDLE = { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' };
type Card = CreditCardsResponse['cardInfoDataList'][number];
type Ebill = EbillsResponse['ebills'][number];

describe.each(drivers)('payment modes on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  /** A signed-in customer with a MOBILE cart (phone + postpaid tariff, a new number, data and address given, the personal data). */
  async function mobileCustomer(email = 'kupac@orbita.rs'): Promise<Customer> {
    const c = await new Customer(h.app).login();
    await c.signIn(email);
    await c.call('DELETE', PATHS.deleteCart);
    const add = await c.call('POST', PATHS.addBundle, BUNDLE);
    expect(add.statusCode, add.body).toBe(200);
    expect((await c.call('POST', PATHS.validate, { justSteps: true, v2: true })).json().checkoutType).toBe('MOBILE');
    expect((await c.call('POST', P.newNumber, {})).statusCode).toBe(200);
    expect((await c.call('POST', PATHS.guestInfo, GUEST)).statusCode).toBe(200);
    await givePersonalData(c);
    return c;
  }
  async function guest(): Promise<Shopper> {
    const s = await new Shopper(h.app).login();
    expect((await s.call('POST', PATHS.addBundle, BUNDLE)).statusCode).toBe(200);
    expect((await s.call('POST', PATHS.guestInfo, GUEST)).statusCode).toBe(200);
    return s;
  }
  const submit = (s: Shopper) => s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
  const status = async (s: Shopper, code: string) => (await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json();
  const err = (res: { statusCode: number; json(): unknown }) => { expect(res.statusCode).toBe(400); return (res.json() as ErrorResponse).errors[0]; };
  const form = (url: string, body: Record<string, string>) => h.app.inject({
    method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString(),
  });
  const payCard = (sessionUrl: string, cardNumber: string) => form(sessionUrl, { cardNumber, expiry: '12/39', cvc: '123', holder: 'Marko Petrović', action: 'pay' });
  const cardOrder = async (c: Shopper, body: PaymentTypeBody) => {
    expect((await c.call('PUT', PATHS.setPaymentType, body)).statusCode).toBe(200);
    const order = (await submit(c)).json();
    expect(order.status).toBe('PAYMENT_PENDING');
    return order;
  };
  const authorize = async (c: Shopper, order: OrderResult) => {
    const body: Record<string, unknown> = { cardPaymentType: order.paymentInfo!.cardPaymentType, orderId: order.code };
    if (order.paymentInfo!.cardId) body.cardId = order.paymentInfo!.cardId;
    const res = await c.call('POST', PATHS.authorize, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().redirectionUrl as string;
  };

  it('offers the modes of the rule document: all four to a signed-in MOBILE checkout, card only (in full, nothing saved) to a guest', async () => {
    const c = await mobileCustomer();
    const modes = (await c.call('GET', PATHS.paymentModes)).json<PaymentModesResponse>();
    expect(modes.paymentModes.map((m) => m.code)).toEqual(['CreditCard', 'ChargeGroupAccount', 'ChargeNewGroupAccount', 'Delivery']);
    expect(modes.creditCardPaymentTypes!.map((m) => m.code)).toEqual(['NEW_CARD', 'NEW_CARD_SAVE', 'SAVED_CARD']);
    expect(modes.paymentModes[1].name).toBe('Na mesečni račun');
    const g = await guest();
    const gm = (await g.call('GET', PATHS.paymentModes)).json<PaymentModesResponse>();
    expect(gm.paymentModes.map((m) => m.code)).toEqual(['CreditCard']);
    expect(gm.creditCardPaymentTypes!.map((m) => m.code)).toEqual(['NEW_CARD']);
    expect((await g.call('GET', P.ebills)).json()).toEqual({ ebills: [] });
    expect((await g.call('GET', P.cards)).json()).toEqual({ cardInfoDataList: [] });
    // a guest: no delivery payment, no saved card, no monthly bill — 400 with a type and a message
    expect(err(await g.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' }))).toMatchObject({ type: 'ValidationError', reason: 'paymentModeNotAllowed' });
    expect(err(await g.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD', creditCardId: 'card_marko_visa' }))).toMatchObject({ type: 'ValidationError', message: 'Sačuvane kartice su dostupne samo prijavljenim korisnicima.' });
    expect(err(await g.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD_SAVE' }))).toMatchObject({ type: 'ValidationError', reason: 'cardPaymentTypeNotAllowed' });
    expect(err(await g.call('PUT', P.monthlyBill, { billingAccountId: 'BA1000001' }))).toMatchObject({ type: 'ValidationError', reason: 'signInRequired' });
  });

  it('a signed-in prepaid eSIM checkout (MOBILE_PREPAID) is paid by card only: it comes by e-mail, there is no courier to pay', async () => {
    const c = await new Customer(h.app).login();
    await c.signIn('kupac@orbita.rs');
    await c.call('DELETE', PATHS.deleteCart);
    expect((await c.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_NET' })).statusCode).toBe(200);
    expect((await c.call('POST', PATHS.validate, { justSteps: true, v2: true })).json().checkoutType).toBe('MOBILE_PREPAID');
    const modes = (await c.call('GET', PATHS.paymentModes)).json<PaymentModesResponse>();
    expect(modes.paymentModes.map((m) => m.code)).toEqual(['CreditCard']);
    expect(modes.creditCardPaymentTypes!.map((m) => m.code)).toEqual(['NEW_CARD', 'NEW_CARD_SAVE', 'SAVED_CARD']);
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' }))).toMatchObject({ type: 'ValidationError', reason: 'paymentModeNotAllowed' });
  });

  it('monthly bill: the customer\'s e-bills; set monthly bill first (own account only), then set payment type; the order is placed on that bill', async () => {
    const c = await mobileCustomer();
    const bills = (await c.call('GET', P.ebills)).json().ebills;
    expect(bills.map((b: Ebill) => b.billingAccountId)).toEqual(['BA1000001', 'BA1000011']);
    expect(bills.every((b: Ebill) => b.selected === false)).toBe(true);
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'ChargeGroupAccount' }))).toMatchObject({ type: 'ValidationError', reason: 'billingAccountRequired', message: 'Izaberi mesečni račun na koji se dodaje iznos.' });
    expect(err(await c.call('PUT', P.monthlyBill, { billingAccountId: 'BA1000002' }))).toMatchObject({ type: 'ValidationError', reason: 'unknownBillingAccount' }); // another customer's
    expect(err(await c.call('PUT', P.monthlyBill, { billingAccountId: '../../x' })).type).toBe('ValidationError');
    expect(err(await c.call('PUT', P.monthlyBill, {})).type).toBe('ValidationError');
    const en = await c.call('PUT', `${P.monthlyBill}?lang=en`, { billingAccountId: 'nope' });
    expect(en.statusCode).toBe(400);
    expect((await c.call('PUT', P.monthlyBill, { billingAccountId: 'BA1000011' })).statusCode).toBe(200);
    expect((await c.call('GET', P.ebills)).json().ebills.find((b: Ebill) => b.selected).billingAccountId).toBe('BA1000011');
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'ChargeGroupAccount', creditCardPaymentType: 'NEW_CARD' })).reason).toBe('cardOnlyForSaved');
    const set = await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'ChargeGroupAccount' });
    expect(set.statusCode).toBe(200);
    expect(set.json().cart.paymentMode).toEqual({ code: 'ChargeGroupAccount' });
    const placed = await submit(c);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ status: 'CREATED', paymentInfo: null, confirmationPageType: 'ORDER' });
    const [o] = await h.database.db.select().from(orders).where(eq(orders.code, placed.json().code));
    expect(o).toMatchObject({ paymentMode: 'ChargeGroupAccount', paymentStatus: 'MONTHLY_BILL', cardPaymentType: null });
    expect(o.snapshot.payment).toEqual({ billingAccountId: 'BA1000011', savedCardId: null });
    expect((await h.database.db.select().from(payments).where(eq(payments.orderId, o.id))).length).toBe(0);
  });

  it('a new monthly bill opens an account with the order; pay on delivery places the order unpaid', async () => {
    const c = await mobileCustomer('staff@orbita.rs');
    expect((await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'ChargeNewGroupAccount' })).statusCode).toBe(200);
    const placed = (await submit(c)).json();
    expect(placed.status).toBe('CREATED');
    const opened = await h.database.db.select().from(billingAccounts).where(eq(billingAccounts.id, `BA${placed.code}`));
    expect(opened[0]).toMatchObject({ name: 'Marija Petrović', email: GUEST.customerData.contactEmail });
    expect((await c.call('GET', P.ebills)).json().ebills.map((b: Ebill) => b.billingAccountId)).toContain(`BA${placed.code}`);

    const d = await mobileCustomer('staff@orbita.rs');
    expect((await d.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' })).statusCode).toBe(200);
    const cod = (await submit(d)).json();
    const [o] = await h.database.db.select().from(orders).where(eq(orders.code, cod.code));
    expect(o).toMatchObject({ status: 'CREATED', paymentMode: 'Delivery', paymentStatus: 'ON_DELIVERY' });
  });

  it('saved cards are listed without token or number; SAVED_CARD needs the customer\'s own unexpired card', async () => {
    const c = await mobileCustomer();
    const res = await c.call('GET', P.cards);
    const list = res.json().cardInfoDataList;
    expect(list.map((x: Card) => [x.id, x.brand, x.lastFour, x.expired])).toEqual(expect.arrayContaining([
      ['card_marko_visa', 'visa', '1111', false], ['card_marko_mc3ds', 'mastercard', '3222', false], ['card_marko_expired', 'maestro', '8453', true],
    ]));
    expect(res.body).not.toContain('tok_');
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD' }))).toMatchObject({ reason: 'cardRequired' });
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD', creditCardId: 'card_jelena_dina' }))).toMatchObject({ type: 'ValidationError', reason: 'unknownCard' });
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD', creditCardId: 'card_marko_expired' }))).toMatchObject({ reason: 'cardExpired', message: 'Kartica koja se završava na 8453 je istekla. Izaberi drugu karticu.' });
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD', creditCardId: 'card_marko_visa' })).reason).toBe('cardOnlyForSaved');
    expect(err(await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD', creditCardId: 'x'.repeat(61) })).type).toBe('ValidationError');
  });

  it('pays with a saved card: the gateway charges its token (no card fields), the order is paid once', async () => {
    const c = await mobileCustomer();
    const order = await cardOrder(c, { paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD', creditCardId: 'card_marko_visa' });
    expect(order.paymentInfo).toEqual({ cardPaymentType: 'SAVED_CARD', cardId: 'card_marko_visa' });
    expect(err(await c.call('POST', PATHS.authorize, { cardPaymentType: 'SAVED_CARD', orderId: order.code })).reason).toBe('cardRequired');
    expect(err(await c.call('POST', PATHS.authorize, { cardPaymentType: 'SAVED_CARD', orderId: order.code, cardId: 'card_jelena_dina' })).reason).toBe('unknownCard');
    expect(err(await c.call('POST', PATHS.authorize, { cardPaymentType: 'NEW_CARD', orderId: order.code })).reason).toBe('cardPaymentTypeMismatch');
    // two authorizes at once: one gateway session
    const [u1, u2] = await Promise.all([authorize(c, order), authorize(c, order)]);
    expect(u1).toBe(u2);
    const page = await h.app.inject({ method: 'GET', url: u1 });
    expect(page.body).toContain('•••• 1111');
    expect(page.body).not.toContain('name="cardNumber"');
    const paid = await form(u1, { action: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/kupovina/rezultat-placanja?orderCode=${order.code}`);
    expect(await status(c, order.code)).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
  });

  it('pay and save a new card: the approved card is saved as a token (never the number), once, whatever the callbacks', async () => {
    const c = await mobileCustomer('staff@orbita.rs');
    const order = await cardOrder(c, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD_SAVE' });
    const url = await authorize(c, order);
    expect((await h.app.inject({ method: 'GET', url })).body).toContain('kartica će biti sačuvana');
    const paymentId = url.split('/').pop()!;
    // capture the gateway's signed callback by replaying what it sent: read the token it saved
    expect((await payCard(url, '5555 5555 5555 4444')).statusCode).toBe(303);
    expect(await status(c, order.code)).toMatchObject({ status: 'PAID' });
    const mine = (await c.call('GET', P.cards)).json().cardInfoDataList.filter((x: Card) => x.lastFour === '4444');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ brand: 'mastercard', expiry: '12/39', holder: 'Marko Petrović' });
    const [row] = await h.database.db.select().from(savedCards).where(eq(savedCards.id, mine[0].id));
    expect(row.token).toMatch(/^tok_/);
    const everything = JSON.stringify([await h.database.db.select().from(savedCards), await h.database.db.select().from(gatewayTokens), await h.database.db.select().from(payments)]);
    expect(everything).not.toContain('5555555555554444');
    expect(everything).not.toContain('5555 5555 5555 4444');
    // the same signed callback again, and concurrently: nothing changes twice
    const [p] = await h.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const payload: CallbackPayload = { paymentId, orderCode: order.code, result: 'APPROVED', amount: p.amount, timestamp: Date.now(), card: { token: row.token, brand: 'mastercard', lastFour: '4444', expiry: '12/39', holder: 'Marko Petrović' } };
    const body = { ...payload, signature: sign(GATEWAY_SECRET, payload) };
    const again = await Promise.all([0, 1, 2].map(() => h.app.inject({ method: 'POST', url: '/gateway/callback', payload: body })));
    expect(again.map((r) => r.json().outcome)).toEqual(['alreadyProcessed', 'alreadyProcessed', 'alreadyProcessed']);
    expect((await c.call('GET', P.cards)).json().cardInfoDataList.filter((x: Card) => x.lastFour === '4444')).toHaveLength(1);
    // a forged card in a callback is refused
    const forged = await h.app.inject({ method: 'POST', url: '/gateway/callback', payload: { ...body, card: { ...payload.card, lastFour: '9999' } } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0].type).toBe('InvalidSignatureError');
    // a guest's NEW_CARD payment saves nothing
    const before = (await h.database.db.select().from(savedCards)).length;
    const g = await guest();
    const go = (await submit(g)).json();
    await payCard(await authorize(g, go), '5555 5555 5555 4444');
    expect(await status(g, go.code)).toMatchObject({ status: 'PAID' });
    expect((await h.database.db.select().from(savedCards)).length).toBe(before);
  });

  it('refuses a card brand the shop does not accept on the gateway page', async () => {
    const g = await guest();
    const url = await authorize(g, (await submit(g)).json());
    const amex = await payCard(url, '378282246310005');
    expect(amex.statusCode).toBe(400);
    expect(amex.body).toContain('Prihvatamo Mastercard, Maestro, DinaCard i Visa kartice.');
  });

  it('3-D Secure: a challenge card opens the bank\'s challenge; confirmed → paid, failed → declined; answered once even when confirmed twice at once', async () => {
    const g = await guest();
    const order = (await submit(g)).json();
    const url = await authorize(g, order);
    const res = await payCard(url, '4000 0000 0000 3220');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/gateway\/3ds\/[A-Za-z0-9_-]+$/);
    expect(await status(g, order.code)).toMatchObject({ status: 'PAYMENT_PENDING' });
    // the card page again while the challenge is open: the same challenge
    expect((await payCard(url, '4000 0000 0000 3220')).headers.location).toBe(res.headers.location);
    const page = await h.app.inject({ method: 'GET', url: res.headers.location as string, headers: { cookie: 'b2c_enFlow=true' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm payment');
    expect(page.body).toContain(order.code);
    const answers = await Promise.all([0, 1, 2].map(() => form(res.headers.location as string, { action: 'confirm' })));
    expect(answers.map((a) => a.headers.location)).toEqual(Array(3).fill(`/kupovina/rezultat-placanja?orderCode=${order.code}`));
    expect(await status(g, order.code)).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    const [o] = await h.database.db.select().from(orders).where(eq(orders.code, order.code));
    expect((await h.database.db.select().from(payments).where(eq(payments.orderId, o.id))).filter((p) => p.status === 'APPROVED')).toHaveLength(1);
    expect((await h.app.inject({ method: 'GET', url: res.headers.location as string })).body).toContain('Ovo plaćanje je već obrađeno.');
    expect((await form(res.headers.location as string, { action: 'maybe' })).statusCode).toBe(400);

    const f = await guest();
    const failed = (await submit(f)).json();
    const ch = (await payCard(await authorize(f, failed), '4000 0000 0000 3220')).headers.location as string;
    await form(ch, { action: 'fail' });
    expect(await status(f, failed.code)).toMatchObject({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED', errorType: 'PaymentDeclinedError' });
    const [row] = await h.database.db.select().from(gatewayChallenges).where(eq(gatewayChallenges.id, ch.split('/').pop()!));
    expect(row.status).toBe('FAILED');
  });

  it('3-D Secure on a saved card asks for the challenge too', async () => {
    const c = await mobileCustomer();
    const order = await cardOrder(c, { paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD', creditCardId: 'card_marko_mc3ds' });
    const res = await form(await authorize(c, order), { action: 'pay' });
    expect(res.headers.location).toMatch(/^\/gateway\/3ds\//);
    await form(res.headers.location as string, { action: 'confirm' });
    expect(await status(c, order.code)).toMatchObject({ status: 'PAID' });
  });

  it('3-D Secure in self-care top-up: the same challenge path; the balance rises once', async () => {
    const s = await new Shopper(h.app).login();
    const msisdn = '0651234567';
    const balance = async () => (await h.database.db.select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, '381651234567')))[0].balance;
    const before = await balance();
    const auth = await s.call('POST', `${B}/topup/card/authorize`, { msisdn, amount: 500 });
    expect(auth.statusCode, auth.body).toBe(200);
    const { redirectionUrl, orderId } = auth.json();
    const res = await payCard(redirectionUrl, '4000 0000 0000 3220');
    expect(res.headers.location).toMatch(/^\/gateway\/3ds\//);
    expect(await balance()).toBe(before);
    const done = await Promise.all([0, 1].map(() => form(res.headers.location as string, { action: 'confirm' })));
    expect(done[0].headers.location).toContain(orderId);
    expect(await balance()).toBe(before + 50000);
    // the receipt answers the session that authorized the payment (issue 24)
    const st = (await s.call('GET', `${B}/topup/status?orderId=${orderId}`)).json();
    expect(JSON.stringify(st)).toContain('APPROVED');
  });

  it('3-D Secure in bill payment: a failed check leaves the bill open; a confirmed one pays it once', async () => {
    const s = await new Shopper(h.app).login();
    const CONSENTS = { GENERAL_TERMS_AGREEMENT: true, PRIVACY_POLICY_AGREEMENT: true, PERSONAL_DATA_NOTICE: true };
    const open = async () => {
      const found = await s.call('POST', '/ecommerce/b2c/bill/find', { customerNumber: '1000001', billReference: '202610000011' });
      expect(found.statusCode, found.body).toBe(200);
      const auth = await s.call('POST', '/ecommerce/b2c/bill/payment/authorize', { billSessionId: found.json().billSessionId, consents: CONSENTS });
      expect(auth.statusCode, auth.body).toBe(200);
      return auth.json() as { orderId: string; redirectionUrl: string };
    };
    const billStatus = async (orderId: string) => JSON.stringify((await s.call('GET', `/ecommerce/b2c/bill/payment/status?orderId=${orderId}`)).json());
    const first = await open();
    const ch1 = (await payCard(first.redirectionUrl, '4000 0000 0000 3220')).headers.location as string;
    expect(ch1).toMatch(/^\/gateway\/3ds\//);
    await form(ch1, { action: 'fail' });
    expect(await billStatus(first.orderId)).toContain('DECLINED');
    const second = await open();
    const ch2 = (await payCard(second.redirectionUrl, '4000 0000 0000 3220')).headers.location as string;
    await Promise.all([form(ch2, { action: 'confirm' }), form(ch2, { action: 'confirm' })]);
    expect(await billStatus(second.orderId)).toContain('APPROVED');
    const again = await s.call('POST', '/ecommerce/b2c/bill/find', { customerNumber: '1000001', billReference: '202610000011' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].reason).toBe('ALREADY_PAID');
  });
});
