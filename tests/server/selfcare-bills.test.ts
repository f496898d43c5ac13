// @vitest-environment node
// Bill payment (seed 001 §4, §5, §7): find a bill, the three consents, pay by card through the gateway; the six
// seeded outcomes (already paid, not found, in processing, service unavailable, session expired with a controllable
// clock, cancelled) each with its message; a bill is paid exactly once — two sessions paid at once on two
// instances, repeated and forged callbacks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { selfcareBills, selfcareCardPayments } from '../../server/selfcare/schema';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { drivers, GATEWAY_SECRET, loadUi, secondInstance, Shopper, startApp, type Harness } from './helpers';

const FIND = '/ecommerce/b2c/bill/find';
const AUTHORIZE = '/ecommerce/b2c/bill/payment/authorize';
const STATUS = '/ecommerce/b2c/bill/payment/status';
const CONSENTS = { GENERAL_TERMS_AGREEMENT: true, PRIVACY_POLICY_AGREEMENT: true, PERSONAL_DATA_NOTICE: true };

describe.each(drivers)('bill payment on %s', (_name, url) => {
  let h: Harness;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let clocked: FastifyInstance;
  let now = Date.parse('2026-11-20T10:00:00Z');
  let s: Shopper;
  beforeAll(async () => {
    h = await startApp(url);
    other = await secondInstance(h);
    clocked = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, selfcare: { now: () => new Date(now) } });
    await clocked.ready();
  }, 120_000);
  afterAll(async () => { await clocked?.close(); await other?.close(); await h?.close(); });
  // a session of its own per test: bill lookups are limited per session (selfcare-payment-once.test.ts)
  beforeEach(async () => { s = await new Shopper(h.app).login(); });

  const bill = async (reference: string) => (await h.database.db.select().from(selfcareBills).where(eq(selfcareBills.reference, reference)))[0];
  const find = (customerNumber: string, billReference: string, shopper = s) => shopper.call('POST', FIND, { customerNumber, billReference });
  const sessionFor = async (customerNumber: string, reference: string) => {
    const res = await find(customerNumber, reference);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().billSessionId as string;
  };
  const authorize = (billSessionId: string, consents: Record<string, boolean> = CONSENTS, shopper = s) =>
    shopper.call('POST', AUTHORIZE, { billSessionId, consents });
  const opened = async (reference: string) => {
    const res = await authorize(await sessionFor('1000001', reference));
    expect(res.statusCode, res.body).toBe(200);
    const { orderId, redirectionUrl } = res.json();
    return { orderId: orderId as string, id: (redirectionUrl as string).split('/').pop()! };
  };
  const pay = (app: FastifyInstance, id: string, cardNumber: string) => app.inject({
    method: 'POST', url: `/gateway/selfcare/pay/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', holder: 'Petar Jovanović', action: 'pay' }).toString(),
  });
  // a receipt answers only the session that authorized the payment
  const status = async (orderId: string, shopper = s) => (await shopper.call('GET', `${STATUS}?orderId=${orderId}`)).json();

  it('finds an open bill and answers its amount, period and due date', async () => {
    const res = await find(' 1000001 ', '202610000011');
    expect(res.statusCode).toBe(200);
    expect(res.json().bill).toMatchObject({ reference: '202610000011', customerNumber: '1000001', period: '2026-10', dueDate: '2026-11-28', status: 'OPEN', msisdn: '060 •••••67' });
    expect(res.json().bill.amount.formattedValue).toBe('2.499,00 RSD');
  });

  it.each([
    ['1000001', '202609000011', 409, 'ALREADY_PAID', 'Ovaj račun je već plaćen.'],
    ['1000001', '202610999999', 404, 'NOT_FOUND', 'Račun nije pronađen. Proveri broj korisnika i poziv na broj sa računa.'],
    ['1000002', '202610000011', 404, 'NOT_FOUND', 'Račun nije pronađen. Proveri broj korisnika i poziv na broj sa računa.'],
    ['1000002', '202610000021', 409, 'IN_PROCESSING', 'Uplata za ovaj račun je u obradi. Proveri stanje za nekoliko sati.'],
    ['1000003', '202610000031', 409, 'SERVICE_UNAVAILABLE', 'Plaćanje računa trenutno nije dostupno. Pokušaj ponovo kasnije.'],
    ['1000002', '202610000022', 409, 'CANCELLED', 'Ovaj račun je storniran i ne može se platiti.'],
  ])('customer %s, bill %s: %i %s with its message', async (customer, reference, code, reason, message) => {
    const res = await find(customer, reference);
    expect(res.statusCode).toBe(code);
    expect(res.json().errors[0]).toMatchObject({ type: 'PaymentError', reason, message });
  });

  it('the session expires: authorize after its lifetime answers SESSION_EXPIRED (controllable clock)', async () => {
    const shopper = await new Shopper(clocked).login();
    const res = await find('1000001', '202610000012', shopper);
    expect(res.statusCode).toBe(200);
    const id = res.json().billSessionId;
    now += 15 * 60 * 1000;
    const late = await authorize(id, CONSENTS, shopper);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0]).toMatchObject({ reason: 'SESSION_EXPIRED', message: 'Sesija je istekla. Pronađi račun ponovo i nastavi sa plaćanjem.' });
    const fresh = await find('1000001', '202610000012', shopper);
    now += 15 * 60 * 1000 - 1;
    expect((await authorize(fresh.json().billSessionId, CONSENTS, shopper)).statusCode).toBe(200);
    // an unknown session is an expired one too
    expect((await authorize('x'.repeat(32))).json().errors[0].reason).toBe('SESSION_EXPIRED');
  });

  it('bad input: malformed numbers, missing consents, unknown fields → 400 in the user language', async () => {
    expect((await find('abc', '202610000011')).statusCode).toBe(400);
    expect((await find('1000001', '12')).statusCode).toBe(400);
    expect((await s.call('POST', FIND, { customerNumber: '1000001' })).statusCode).toBe(400);
    expect((await s.call('POST', FIND, { customerNumber: 1000001, billReference: '202610000011', x: 1 })).statusCode).toBe(400);
    const id = await sessionFor('1000001', '202610000013');
    const noConsent = await authorize(id, { GENERAL_TERMS_AGREEMENT: true, PRIVACY_POLICY_AGREEMENT: true });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().errors[0]).toMatchObject({ reason: 'consentRequired', subject: 'PERSONAL_DATA_NOTICE', message: 'Tvoja saglasnost sa navedenim dokumentom je obavezna.' });
    const en = new Shopper(h.app, '2');
    Object.assign(en, { token: s.token, cookie: s.cookie });
    expect((await authorize(id, {}, en)).json().errors[0].message).toMatch(/^Your consent/);
    expect((await authorize('short', CONSENTS)).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'POST', url: FIND, payload: { customerNumber: '1000001', billReference: '202610000011' } })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: `${STATUS}?orderId=BP0000000000` })).statusCode).toBe(404);
  });

  it('pays a bill by card: the bill is PAID, the receipt has the transaction fields; it cannot be found or paid again', async () => {
    const { orderId, id } = await opened('202610000011');
    expect((await status(orderId)).status).toBe('PENDING');
    const res = await pay(h.app, id, '4111111111111111');
    expect(res.headers.location).toBe(`/placanje-racuna/rezultat?orderId=${orderId}`);
    const st = await status(orderId);
    expect(st).toMatchObject({ status: 'APPROVED', message: null, bill: { reference: '202610000011', status: 'PAID' } });
    expect(st.transaction).toMatchObject({ formattedAmountWithTax: '2.499,00 RSD', formattedTaxAmount: '416,50 RSD', transactionStatus: 'APPROVED' });
    expect((await bill('202610000011')).paidPaymentId).toBe(id);
    expect((await find('1000001', '202610000011')).json().errors[0].reason).toBe('ALREADY_PAID');
  });

  it('a declined card leaves the bill open with the card failure message', async () => {
    const { orderId, id } = await opened('202610000013');
    await pay(h.app, id, '4000000000000002');
    const st = await status(orderId);
    expect(st.status).toBe('DECLINED');
    expect(st.message).toContain('Proveri broj kartice');
    expect((await bill('202610000013')).status).toBe('OPEN');
  });

  it('two sessions of one bill approved at once on two instances: the bill is paid exactly once, the other charge voided', async () => {
    const a = await opened('202610000014');
    // the same browser session gets the same gateway session back; another one closes it and opens its own
    expect((await opened('202610000014')).id).toBe(a.id);
    s = await new Shopper(h.app).login();
    const b = await opened('202610000014');
    expect(b.id).not.toBe(a.id);
    const payments = async (x: { id: string }) => (await h.database.db.select().from(selfcareCardPayments).where(eq(selfcareCardPayments.id, x.id)))[0];
    const [pa, pb] = [await payments(a), await payments(b)];
    expect(pa.status).toBe('CANCELLED');
    const body = (p: typeof pa) => { const payload: CallbackPayload = { paymentId: p.id, orderCode: p.orderId, result: 'APPROVED', amount: p.amount, timestamp: Date.now() }; return { ...payload, signature: sign(GATEWAY_SECRET, payload) }; };
    const res = await Promise.all([h.app, other.app, h.app, other.app].flatMap((app) => [pa, pb].map((p) => app.inject({ method: 'POST', url: '/gateway/selfcare/callback', payload: body(p) }))));
    for (const r of res) expect(r.statusCode).toBe(200);
    expect(res.filter((r) => r.json().outcome === 'applied')).toHaveLength(1);
    expect(res.filter((r) => r.json().outcome === 'voided')).toHaveLength(1);
    const states = [(await payments(a)).status, (await payments(b)).status].sort();
    expect(states).toEqual(['APPROVED', 'VOIDED']);
    const row = await bill('202610000014');
    expect(row.status).toBe('PAID');
    expect([a.id, b.id]).toContain(row.paidPaymentId);
    // forged: a callback signed with another secret changes nothing
    const payload: CallbackPayload = { paymentId: pa.id, orderCode: pa.orderId, result: 'DECLINED', amount: pa.amount, timestamp: Date.now() };
    expect((await h.app.inject({ method: 'POST', url: '/gateway/selfcare/callback', payload: { ...payload, signature: sign('forged', payload) } })).statusCode).toBe(400);
    // the database refuses a second approved payment of one bill
    await expect(h.database.db.update(selfcareCardPayments).set({ status: 'APPROVED' }).where(eq(selfcareCardPayments.id, a.id))).rejects.toThrow();
  });
});
