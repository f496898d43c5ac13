// @vitest-environment node
// Self-care top-up (seed 001 §5, §7, §8): number lookup, bad input (amount 199 / 3,001, postpaid, unknown and
// malformed numbers), the hosted gateway page, the signed callback — repeated, concurrent on two instances, forged —
// and the status page's transaction fields; the balance rises exactly once per approved payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selfcareBalanceCredits, selfcareCardPayments, selfcareSubscribers } from '../../server/selfcare/schema';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { drivers, GATEWAY_SECRET, secondInstance, Shopper, startApp, type Harness } from './helpers';

const LOOKUP = '/hybris/ecommerce/b2c/v1/isregisterednumber';
const AUTHORIZE = '/hybris/ecommerce/b2c/v1/topup/card/authorize';
const STATUS = '/hybris/ecommerce/b2c/v1/topup/status';
const CALLBACK = '/gateway/selfcare/callback';

describe.each(drivers)('self-care top-up on %s', (_name, url) => {
  let h: Harness;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let s: Shopper;
  beforeAll(async () => { h = await startApp(url); other = await secondInstance(h); s = await new Shopper(h.app).login(); }, 120_000);
  afterAll(async () => { await other?.close(); await h?.close(); });

  const balance = async (msisdn: string) => (await h.database.db.select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)))[0].balance;
  const paymentOf = async (id: string) => (await h.database.db.select().from(selfcareCardPayments).where(eq(selfcareCardPayments.id, id)))[0];
  const authorize = async (msisdn: string, amount: unknown) => s.call('POST', AUTHORIZE, { msisdn, amount });
  const opened = async (msisdn: string, amount: number) => {
    const res = await authorize(msisdn, amount);
    expect(res.statusCode, res.body).toBe(200);
    const { orderId, redirectionUrl } = res.json() as { orderId: string; redirectionUrl: string };
    return { orderId, id: redirectionUrl.split('/').pop()!, redirectionUrl };
  };
  const pay = (app: FastifyInstance, id: string, cardNumber: string, action = 'pay') => app.inject({
    method: 'POST', url: `/gateway/selfcare/pay/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', holder: 'Marija Petrović', action }).toString(),
  });
  const signed = (p: CallbackPayload, secret = GATEWAY_SECRET) => ({ ...p, signature: sign(secret, p) });
  // a receipt answers only the session that authorized the payment (selfcare-payment-once.test.ts)
  const status = async (orderId: string, lang: '1' | '2' = '1') =>
    (await h.app.inject({ method: 'GET', url: `${STATUS}?orderId=${orderId}`, headers: { lang, authorization: `Bearer ${s.token}`, cookie: s.cookie } })).json();

  it('looks numbers up in every typed form and tells prepaid, cost-control and postpaid apart', async () => {
    for (const typed of ['0641234567', '+381641234567', '00381641234567', '381641234567', '064 123-4567']) {
      const res = await h.app.inject({ method: 'GET', url: `${LOOKUP}?msisdn=${encodeURIComponent(typed)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ msisdn: '064 1234567', registered: true, kind: 'PREPAID', isPrePaid: true, topUpAllowed: true });
    }
    expect((await h.app.inject({ method: 'GET', url: `${LOOKUP}?msisdn=0631234567` })).json()).toMatchObject({ kind: 'COST_CONTROL', topUpAllowed: true });
    expect((await h.app.inject({ method: 'GET', url: `${LOOKUP}?msisdn=0601234567` })).json()).toMatchObject({ kind: 'POSTPAID', isPostPaid: true, topUpAllowed: false });
    expect((await h.app.inject({ method: 'GET', url: `${LOOKUP}?msisdn=0699999999` })).json()).toMatchObject({ registered: false, kind: null, topUpAllowed: false });
    const bad = await h.app.inject({ method: 'GET', url: `${LOOKUP}?msisdn=0111234567`, headers: { lang: '2' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Enter a valid mobile phone number.');
  });

  it('refuses bad input with 400 and a message in the user language, opening nothing', async () => {
    const before = (await h.database.db.select().from(selfcareCardPayments)).length;
    const low = await authorize('0641234567', 199);
    expect(low.statusCode).toBe(400);
    // the body schema's range ("currency": "RSD"), the same bounds and message as the top-up form
    expect(low.json().errors[0]).toMatchObject({ type: 'ValidationError', subject: 'body/amount', message: 'Verdnost mora da bude između 200 i 3000 RSD.' });
    expect((await authorize('0641234567', 3001)).statusCode).toBe(400);
    expect((await authorize('0641234567', 250.5)).statusCode).toBe(400);
    expect((await authorize('0641234567', '300; DROP')).statusCode).toBe(400);
    const post = await authorize('0601234567', 500);
    expect(post.statusCode).toBe(400);
    expect(post.json().errors[0].message).toBe('Dopuna je moguća samo za pripejd brojeve i brojeve sa kontrolom troškova.');
    expect((await authorize('0699999999', 500)).json().errors[0].subject).toBe('msisdn');
    expect((await authorize('12345', 500)).json().errors[0].message).toBe('Potrebno je uneti validni broj mobilnog telefona.');
    expect((await s.call('POST', AUTHORIZE, { msisdn: '0641234567' })).statusCode).toBe(400);
    expect((await s.call('POST', AUTHORIZE, { msisdn: '0641234567', amount: 500, extra: 1 })).statusCode).toBe(400);
    const anon = await h.app.inject({ method: 'POST', url: AUTHORIZE, payload: { msisdn: '0641234567', amount: 500 } });
    expect(anon.statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: `${STATUS}?orderId=nope` })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: `${STATUS}?orderId=TU0000000000` })).statusCode).toBe(404);
    expect((await h.database.db.select().from(selfcareCardPayments)).length).toBe(before);
  });

  it('tops up a prepaid number through the gateway page; the receipt shows the card transaction fields', async () => {
    const before = await balance('381641234567');
    const { orderId, id, redirectionUrl } = await opened('0641234567', 500);
    const page = await h.app.inject({ method: 'GET', url: redirectionUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/gateway/selfcare/pay/${id}"`);
    expect(page.body).toContain('500,00 RSD');
    expect((await status(orderId)).status).toBe('PENDING');
    const res = await pay(h.app, id, '4111 1111 1111 1111');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/Privatni/Mobilna/Pripejd/Dopuni-kredit/Status?orderId=${orderId}`);
    expect(await balance('381641234567')).toBe(before + 50_000);
    const st = await status(orderId);
    expect(st).toMatchObject({ orderId, msisdn: '064 1234567', status: 'APPROVED', message: null });
    expect(st.transaction).toMatchObject({
      orderId, originalTransactionId: id, formattedAmountWithTax: '500,00 RSD', formattedTaxAmount: '83,33 RSD', taxAmount: 83.33,
      transactionStatus: 'APPROVED',
    });
    expect(st.transaction.approvalNumber).toMatch(/^\d{6}$/);
    expect(Number.isNaN(Date.parse(st.transaction.transactionDate))).toBe(false);
    // the page of a finished session only links back; paying again changes nothing
    expect((await h.app.inject({ method: 'GET', url: redirectionUrl })).body).not.toContain('<form');
    await pay(h.app, id, '4111111111111111');
    expect(await balance('381641234567')).toBe(before + 50_000);
  });

  it('a cost-control number can be topped up too; a declined card credits nothing and says so', async () => {
    const before = await balance('381631234567');
    const ok = await opened('+381631234567', 3000);
    await pay(h.app, ok.id, '4111111111111111');
    expect(await balance('381631234567')).toBe(before + 300_000);
    const declined = await opened('0631234567', 200);
    await pay(h.app, declined.id, '4000000000000002');
    expect(await balance('381631234567')).toBe(before + 300_000);
    const st = await status(declined.orderId, '2');
    expect(st.status).toBe('DECLINED');
    expect(st.transaction.approvalNumber).toBeNull();
    expect(st.message).toContain('The amount was not credited and your account was not charged.');
    const limit = await opened('0631234567', 200);
    await pay(h.app, limit.id, '4000000000009995');
    expect((await status(limit.orderId)).message).toContain('limit');
    const cancelled = await opened('0631234567', 200);
    await pay(h.app, cancelled.id, '', 'cancel');
    expect((await status(cancelled.orderId)).status).toBe('DECLINED');
    expect(await balance('381631234567')).toBe(before + 300_000);
  });

  it('invalid card fields keep the session open and answer 400 with the page', async () => {
    const { orderId, id } = await opened('0641234567', 300);
    const res = await pay(h.app, id, '1234');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('aria-invalid="true"');
    expect((await status(orderId)).status).toBe('PENDING');
  });

  it('a callback repeated 10 times, concurrently on two instances, credits the number once', async () => {
    const before = await balance('381621234567');
    const { orderId, id } = await opened('0621234567', 1000);
    const p = await paymentOf(id);
    const body = signed({ paymentId: id, orderCode: orderId, result: 'APPROVED', amount: p.amount, timestamp: Date.now() });
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? other.app : h.app).inject({ method: 'POST', url: CALLBACK, payload: body })));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(res.filter((r) => r.json().outcome === 'applied')).toHaveLength(1);
    expect(await balance('381621234567')).toBe(before + 100_000);
    expect(await h.database.db.select().from(selfcareBalanceCredits).where(eq(selfcareBalanceCredits.paymentId, id))).toHaveLength(1);
    // a later "declined" for the same session changes nothing either
    const late = await h.app.inject({ method: 'POST', url: CALLBACK, payload: signed({ paymentId: id, orderCode: orderId, result: 'DECLINED', amount: p.amount, timestamp: Date.now() }) });
    expect(late.json().outcome).toBe('alreadyProcessed');
    expect((await paymentOf(id)).status).toBe('APPROVED');
  });

  it('forged callbacks (wrong secret, changed amount, other order) are refused and change nothing', async () => {
    const before = await balance('381651234567');
    const { orderId, id } = await opened('0651234567', 400);
    const p = await paymentOf(id);
    const base: CallbackPayload = { paymentId: id, orderCode: orderId, result: 'APPROVED', amount: p.amount, timestamp: Date.now() };
    const wrongSecret = await h.app.inject({ method: 'POST', url: CALLBACK, payload: signed(base, 'not-the-secret') });
    expect(wrongSecret.statusCode).toBe(400);
    const tampered = await h.app.inject({ method: 'POST', url: CALLBACK, payload: { ...signed(base), amount: 300_000 } });
    expect(tampered.statusCode).toBe(400);
    const otherAmount = await h.app.inject({ method: 'POST', url: CALLBACK, payload: signed({ ...base, amount: 300_000 }) });
    expect(otherAmount.statusCode).toBe(404);
    const otherOrder = await h.app.inject({ method: 'POST', url: CALLBACK, payload: signed({ ...base, orderCode: 'TU1111111111' }) });
    expect(otherOrder.statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: CALLBACK, payload: { ...base } })).statusCode).toBe(400);
    expect((await paymentOf(id)).status).toBe('PENDING');
    expect(await balance('381651234567')).toBe(before);
  });

  it('many concurrent top-ups of one number from many sessions each credit their own amount exactly once', async () => {
    const before = await balance('381651234567');
    // one top-up per browser session (authorize is idempotent per session and number: selfcare-payment-once.test.ts)
    const shoppers = await Promise.all(Array.from({ length: 6 }, (_, i) => new Shopper(i % 2 ? other.app : h.app).login()));
    const sessions = await Promise.all(shoppers.map(async (x) => {
      const res = await x.call('POST', AUTHORIZE, { msisdn: '0651234567', amount: 250 });
      expect(res.statusCode, res.body).toBe(200);
      return { id: (res.json().redirectionUrl as string).split('/').pop()! };
    }));
    expect(new Set(sessions.map((x) => x.id)).size).toBe(6);
    await Promise.all(sessions.map((x, i) => pay(i % 2 ? other.app : h.app, x.id, '4111111111111111')));
    await Promise.all(sessions.map((x, i) => pay(i % 2 ? h.app : other.app, x.id, '4111111111111111')));
    expect(await balance('381651234567')).toBe(before + 6 * 25_000);
  });
});
