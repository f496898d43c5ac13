// @vitest-environment node
// The prepaid checkouts (MOBILE_PREPAID, MOBILE_PREPAID_GUEST): which carts get them (schemas/rules/checkout-types.json),
// their steps, the e-mail verification with the shared one-time codes (wrong, expired, reused, never sent), and a guest's
// paid prepaid order opening the 24-hour registration window of self-care (server/workflows/prepaid.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { checkoutTypeFor } from '../../server/flows/checkout-type';
import type { UiDocuments } from '../../server/ui/documents';
import { oneTimeCodes, outbox } from '../../server/outbox/schema';
import { msisdnReservations } from '../../server/numbers/schema';
import { selfcareJobs, selfcarePrepaidRegistrations, selfcareSubscribers } from '../../server/selfcare/schema';
import { REGISTRATION_WINDOW_MS, runDueJobs } from '../../server/selfcare/prepaid';
import { payments } from '../../server/db/tables';
import { Customer } from './commerce-helpers';
import { drivers, loadUi, PATHS, REQUIRED_CONSENTS, Shopper, RELAXED_LIMITS, startApp, type Harness } from './helpers';

const OTP = '/hybris/ecommerce/b2c/v1/checkout/esim/requestotp';
const VERIFY = '/hybris/ecommerce/b2c/v1/checkout/esim';

describe('prepaid checkout types (schemas/rules/checkout-types.json)', () => {
  let ui: UiDocuments;
  beforeAll(async () => { ui = await loadUi(); });
  const prepaid = { type: 'TARIFF', categories: ['pripejd'] };
  const postpaid = { type: 'TARIFF', categories: ['tarife'] };
  const device = { type: 'DEVICE', categories: ['telefoni'] };

  it('signed-in × prepaid → MOBILE_PREPAID, guest × prepaid → MOBILE_PREPAID_GUEST, postpaid → MOBILE / GUEST', () => {
    expect(checkoutTypeFor(ui, { signedIn: true, entries: [prepaid] })).toBe('MOBILE_PREPAID');
    expect(checkoutTypeFor(ui, { signedIn: false, entries: [prepaid] })).toBe('MOBILE_PREPAID_GUEST');
    expect(checkoutTypeFor(ui, { signedIn: true, entries: [device, postpaid] })).toBe('MOBILE');
    expect(checkoutTypeFor(ui, { signedIn: false, entries: [device, postpaid] })).toBe('GUEST');
    // a prepaid package beside a phone is still a prepaid purchase
    expect(checkoutTypeFor(ui, { signedIn: false, entries: [device, prepaid] })).toBe('MOBILE_PREPAID_GUEST');
  });
});

describe.each(drivers)('prepaid checkout on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { limits: RELAXED_LIMITS }); }, 120_000); // send limits: send-limits.test.ts
  afterAll(async () => { await h?.close(); });

  const lastCode = async (email: string) => {
    const [m] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
    return m ? /\b(\d{6})\b/.exec(m.body)![1] : null;
  };
  const steps = async (s: Shopper) => (await s.call('POST', PATHS.validate, { justSteps: true, v2: true })).json().checkoutSteps
    .map((x: { code: string; url: string; hidden: boolean; done: boolean }) => [x.code, x.url, x.hidden, x.done]);

  async function guestWithPackage(code = 'ORBITA_PREPAID_ESIM') {
    const s = await new Shopper(h.app).login();
    const r = await s.call('POST', PATHS.addToCart, { code });
    expect(r.statusCode).toBe(200);
    return s;
  }

  async function verifiedGuest(email: string) {
    const s = await guestWithPackage();
    expect((await s.call('POST', OTP, { email })).statusCode).toBe(200);
    const v = await s.call('POST', VERIFY, { email, otpCode: await lastCode(email), firstName: 'Jovana', lastName: 'Ilić', prepaidGuestTermsConsent: true });
    expect(v.statusCode).toBe(200);
    return s;
  }

  async function placeAndPay(s: Shopper, card = '4111 1111 1111 1111') {
    const p = await s.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard' });
    expect(p.statusCode).toBe(200);
    const order = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
    expect(order.statusCode, order.body).toBe(200);
    const code: string = order.json().code;
    const auth = await s.call('POST', PATHS.authorize, { cardPaymentType: order.json().paymentInfo.cardPaymentType, orderId: code });
    const paymentId = auth.json().redirectionUrl.split('/').pop()!;
    const res = await h.app.inject({
      method: 'POST', url: `/gateway/pay/${paymentId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: card, expiry: '12/39', cvc: '123', holder: 'Jovana Ilić', action: 'pay' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    return { code, paymentId };
  }

  it('a guest gets the hidden activation instructions, then the verification step that places the order', async () => {
    const s = await guestWithPackage();
    expect((await s.call('GET', PATHS.fullCart)).json().checkoutType).toBe('MOBILE_PREPAID_GUEST');
    expect(await steps(s)).toEqual([
      ['PREPAID_GUEST_INSTRUCTION', '/kupovina/uputstvo-za-aktivaciju', true, true],
      ['VERIFICATION', '/kupovina/verifikacija-imejl-adrese', false, true],
    ]);
  });

  it('a signed-in customer: instructions, verification (done once the e-mail is confirmed), overview and payment', async () => {
    const c = await new Customer(h.app).login();
    await c.signIn('kupac@orbita.rs');
    expect((await c.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_NET' })).statusCode).toBe(200);
    expect((await c.call('GET', PATHS.fullCart)).json().checkoutType).toBe('MOBILE_PREPAID');
    expect(await steps(c)).toEqual([
      ['PREPAID_INSTRUCTION', '/kupovina/uputstvo-za-aktivaciju', true, true],
      ['VERIFICATION', '/kupovina/verifikacija-imejl-adrese', false, false],
      ['PAYMENT_AND_CART_CONFIRMATION', '/kupovina/pregled-placanje', false, true],
    ]);
    const email = 'marko.prepaid@example.rs';
    expect((await c.call('POST', OTP, { email })).json()).toMatchObject({ expiresInSeconds: 300 });
    const v = await c.call('POST', VERIFY, { email, otpCode: await lastCode(email) });
    expect(v.statusCode, v.body).toBe(200);
    // the customer's own name, the verified address as contact and eSIM delivery address, card payment
    expect(v.json().cart.orderCustomerInfo).toMatchObject({ firstName: 'Marko', lastName: 'Petrović', contactEmail: email });
    expect(v.json().cart.deliveryAddress).toMatchObject({ deliveryAddressType: 'DELIVERY_EMAIL_ADDRESS', email });
    expect(v.json().cart.paymentMode).toEqual({ code: 'CreditCard' });
    expect((await steps(c)).map((x: unknown[]) => x[3])).toEqual([true, true, true]);
    const windows = (await h.database.db.select().from(selfcareJobs)).length;
    const { code } = await placeAndPay(c);
    expect((await c.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json().status).toBe('PAID');
    // a signed-in purchase needs no registration window
    expect((await h.database.db.select().from(selfcareJobs)).length).toBe(windows);
  });

  it('the e-mail code: never sent, wrong, expired, right, reused', async () => {
    const s = await guestWithPackage();
    const email = 'kod.test@example.rs';
    const body = (otpCode: string) => ({ email, otpCode, firstName: 'Ana', lastName: 'Ilić', prepaidGuestTermsConsent: true });
    const notSent = await s.call('POST', VERIFY, body('123456'));
    expect(notSent.statusCode).toBe(400);
    expect(notSent.json().errors[0]).toMatchObject({ type: 'ValidationError', reason: 'otpNotSent', message: 'Potrebno je poslati kod.' });

    expect((await s.call('POST', OTP, { email })).statusCode).toBe(200);
    const right = (await lastCode(email))!;
    const wrong = right === '999999' ? '999998' : '999999';
    const w = await s.call('POST', VERIFY, body(wrong));
    expect(w.statusCode).toBe(400);
    expect(w.json().errors[0].reason).toBe('otpWrong');

    // the code's 300 s run out
    await h.database.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(oneTimeCodes.subject, email), eq(oneTimeCodes.purpose, 'PREPAID_EMAIL')));
    const expired = await s.call('POST', VERIFY, body(right));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].reason).toBe('otpExpired');

    // a new code replaces it; it works once
    expect((await s.call('POST', OTP, { email })).statusCode).toBe(200);
    const fresh = (await lastCode(email))!;
    expect((await s.call('POST', VERIFY, body(fresh))).statusCode).toBe(200);
    const reused = await s.call('POST', VERIFY, body(fresh));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].reason).toBe('otpNotSent');
    // the code works only in the session it was sent to
    const other = await guestWithPackage();
    expect((await other.call('POST', VERIFY, body(fresh))).json().errors[0].reason).toBe('otpNotSent');
  });

  it('bad input is a 400 with a clear message (e-mail, code format, name, terms, a cart without a prepaid package)', async () => {
    const s = await guestWithPackage();
    const bad = await s.call('POST', OTP, { email: 'ne-valja' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Unesi ispravnu imejl adresu.' });
    expect((await s.call('POST', OTP, { email: 'x'.repeat(200) + '@a.rs' })).statusCode).toBe(400);
    expect((await s.call('POST', OTP, {})).statusCode).toBe(400);
    const email = 'uslovi@example.rs';
    await s.call('POST', OTP, { email });
    const code = (await lastCode(email))!;
    const noTerms = await s.call('POST', VERIFY, { email, otpCode: code, firstName: 'Ana', lastName: 'Ilić' });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().errors[0].message).toBe('Potrebno je prihvatiti uslove kupovine pripejd paketa.');
    const noName = await s.call('POST', VERIFY, { email, otpCode: code, firstName: ' ', lastName: 'Ilić', prepaidGuestTermsConsent: true });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors[0].subject ?? noName.json().errors[0].reason).toBeTruthy();
    const format = await s.call('POST', VERIFY, { email, otpCode: '12ab', firstName: 'Ana', lastName: 'Ilić', prepaidGuestTermsConsent: true });
    expect(format.json().errors[0].message).toBe('Kod ima 6 cifara.');
    // the refused attempts did not spend the code
    expect((await s.call('POST', VERIFY, { email, otpCode: code, firstName: 'Ana', lastName: 'Ilić', prepaidGuestTermsConsent: true })).statusCode).toBe(200);

    const postpaid = await new Shopper(h.app).login();
    await postpaid.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' });
    const np = await postpaid.call('POST', OTP, { email: 'a@example.rs' });
    expect(np.statusCode).toBe(400);
    expect(np.json().errors[0].reason).toBe('notPrepaid');
    postpaid.lang = '2';
    expect((await postpaid.call('POST', OTP, { email: 'a@example.rs' })).json().errors[0].message).toBe('The cart holds no prepaid package.');
  });

  it('a paid guest prepaid order opens the 24-hour registration window of its number, e-mails the code; the job releases the funds after it', async () => {
    const email = 'gost.pripejd@example.rs';
    const s = await verifiedGuest(email);
    const before = Date.now();
    const { code, paymentId } = await placeAndPay(s);
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json().status).toBe('PAID');
    const [pay] = await h.database.db.select().from(payments).where(eq(payments.id, paymentId));

    // the e-mail with the number and the registration code
    const [mail] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
    expect(mail.subject).toContain(code);
    const msisdn = /je (06\d{7,8})\./.exec(mail.body)![1];
    const regCode = /registraciju: ([A-Z0-9]{6})\./.exec(mail.body)![1];
    const intl = `381${msisdn.slice(1)}`;

    const [reg] = await h.database.db.select().from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, intl));
    expect(reg).toMatchObject({ status: 'PENDING', code: regCode, reservedAmount: pay.amount });
    expect(reg.deadline.getTime() - reg.purchasedAt.getTime()).toBe(REGISTRATION_WINDOW_MS);
    expect(reg.purchasedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await h.database.db.select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, intl)))[0].kind).toBe('PREPAID');
    // the number stays held for the order
    expect((await h.database.db.select().from(msisdnReservations).where(eq(msisdnReservations.msisdn, msisdn))).length).toBe(1);

    // self-care sees the pending registration
    const check = await s.call('GET', `/hybris/selfcare/b2c/v1/blinking/users/prepaid/check?msisdn=${msisdn}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ status: 'PENDING', registrationRequired: true, isPrePaid: true });

    // one second before the deadline nothing happens; after it the job releases the reserved funds, once
    expect((await runDueJobs(h.database.db, new Date(reg.deadline.getTime() - 1000))).some((j) => j.subject === intl)).toBe(false);
    const done = await runDueJobs(h.database.db, new Date(reg.deadline.getTime() + 1000));
    expect(done).toContainEqual({ subject: intl, result: 'released' });
    const [after] = await h.database.db.select().from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, intl));
    expect(after).toMatchObject({ status: 'EXPIRED', reservedAmount: 0 });
    expect((await runDueJobs(h.database.db, new Date(reg.deadline.getTime() + 2000))).some((j) => j.subject === intl)).toBe(false);
  });

  it('a declined guest prepaid payment opens no registration window', async () => {
    const email = 'odbijen@example.rs';
    const s = await verifiedGuest(email);
    const { code } = await placeAndPay(s, '4000 0000 0000 0002');
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json().status).toBe('PAYMENT_FAILED');
    const mails = await h.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.every((m) => !m.subject.includes(code))).toBe(true);
  });

  it('prepaid orders placed at the same time get different numbers', async () => {
    const shoppers = await Promise.all(['a', 'b', 'c', 'd'].map((x) => verifiedGuest(`isto.vreme.${x}@example.rs`)));
    for (const s of shoppers) await s.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard' });
    const orders = await Promise.all(shoppers.map((s) => s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null })));
    for (const o of orders) expect(o.statusCode, o.body).toBe(200);
    const held = await h.database.db.select().from(msisdnReservations);
    const mine = held.filter((r) => r.expiresAt.getTime() > Date.now() + 24 * 3600 * 1000);
    const numbers = new Set(mine.map((r) => r.msisdn));
    expect(numbers.size).toBe(mine.length);
    expect(mine.length).toBeGreaterThanOrEqual(4);
  });
});
