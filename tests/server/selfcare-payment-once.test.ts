// @vitest-environment node
// Money once in self-care (issue 24): at most one open gateway session per bill and per top-up under concurrent
// authorizations from two instances; a paid bill's other sessions closed; a late second approval voided through the
// gateway provider (recorded, retried when the provider does not answer) and shown as such; a callback delivered twice
// changes nothing; stale callbacks refused; receipts only for the paying session; bill lookup masked and limited per
// session and per address (memory, and Redis shared by two instances with TEST_REDIS_URL); the production start's
// gateway secret check (PGlite, and PostgreSQL with TEST_DATABASE_URL: two pools).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { gatewayVoids } from '../../server/payment/schema';
import { CALLBACK_MAX_AGE_MS, CALLBACK_MAX_SKEW_MS, fresh, sign, type CallbackPayload } from '../../server/payment/signature';
import { DEV_GATEWAY_SECRET, gatewaySecretOf, GatewaySecretError } from '../../server/payment/secret';
import { simulatedGateway, type GatewayProvider } from '../../server/payment/gateway/provider';
import { selfcareBalanceCredits, selfcareBills, selfcareCardPayments, selfcareSubscribers } from '../../server/selfcare/schema';
import { retryPendingVoids } from '../../server/selfcare/service';
import { drivers, GATEWAY_SECRET, secondInstance, Shopper, startApp, type Harness } from './helpers';

const FIND = '/ecommerce/b2c/bill/find';
const BILL_AUTHORIZE = '/ecommerce/b2c/bill/payment/authorize';
const BILL_STATUS = '/ecommerce/b2c/bill/payment/status';
const TOPUP_AUTHORIZE = '/hybris/ecommerce/b2c/v1/topup/card/authorize';
const TOPUP_STATUS = '/hybris/ecommerce/b2c/v1/topup/status';
const CALLBACK = '/gateway/selfcare/callback';
const CONSENTS = { GENERAL_TERMS_AGREEMENT: true, PRIVACY_POLICY_AGREEMENT: true, PERSONAL_DATA_NOTICE: true };

describe('the production start refuses a gateway secret anyone knows', () => {
  it('NODE_ENV=production: no secret, the development secret or a short one stop the start with a clear message', () => {
    const refused = (env: Record<string, string | undefined>) => {
      try { gatewaySecretOf(env); } catch (e) { expect(e).toBeInstanceOf(GatewaySecretError); return (e as Error).message; }
      throw new Error('accepted');
    };
    expect(refused({ NODE_ENV: 'production' })).toMatch(/GATEWAY_SECRET is not set.*does not start/);
    expect(refused({ NODE_ENV: 'production', GATEWAY_SECRET: '  ' })).toMatch(/GATEWAY_SECRET is not set/);
    expect(refused({ NODE_ENV: 'production', GATEWAY_SECRET: DEV_GATEWAY_SECRET })).toMatch(/development secret/);
    expect(refused({ NODE_ENV: 'production', GATEWAY_SECRET: 'short-secret' })).toMatch(/shorter than 32/);
    const strong = randomBytes(32).toString('hex');
    expect(gatewaySecretOf({ NODE_ENV: 'production', GATEWAY_SECRET: strong })).toEqual({ secret: strong });
  });

  it('development, tests and a bare start keep working: the development secret with a warning, or the given one', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const r = gatewaySecretOf({ NODE_ENV });
      expect(r.secret).toBe(DEV_GATEWAY_SECRET);
      expect(r.warning).toMatch(/GATEWAY_SECRET is not set/);
      expect(gatewaySecretOf({ NODE_ENV, GATEWAY_SECRET: 'x' })).toEqual({ secret: 'x' });
    }
  });

  it('a callback is fresh for 5 minutes and at most 1 minute ahead of the clock', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(CALLBACK_MAX_AGE_MS).toBe(5 * 60 * 1000);
    expect(CALLBACK_MAX_SKEW_MS).toBe(60 * 1000);
    expect(fresh(now, now)).toBe(true);
    expect(fresh(now - CALLBACK_MAX_AGE_MS, now)).toBe(true);
    expect(fresh(now - CALLBACK_MAX_AGE_MS - 1, now)).toBe(false);
    expect(fresh(now + CALLBACK_MAX_SKEW_MS, now)).toBe(true);
    expect(fresh(now + CALLBACK_MAX_SKEW_MS + 1, now)).toBe(false);
    expect(fresh(0, now)).toBe(false);
  });
});

describe.each(drivers)('self-care money once on %s', (_name, url) => {
  let h: Harness;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => { h = await startApp(url); other = await secondInstance(h); }, 120_000);
  afterAll(async () => { await other?.close(); await h?.close(); });

  const db = () => h.database.db;
  const paymentOf = async (id: string) => (await db().select().from(selfcareCardPayments).where(eq(selfcareCardPayments.id, id)))[0];
  const billOf = async (reference: string) => (await db().select().from(selfcareBills).where(eq(selfcareBills.reference, reference)))[0];
  const balance = async (msisdn: string) => (await db().select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)))[0].balance;
  /** The same browser session (token and cookie) on another instance. */
  const on = (app: FastifyInstance, s: Shopper) => Object.assign(new Shopper(app, s.lang), { token: s.token, cookie: s.cookie });
  const idOf = (redirectionUrl: string) => redirectionUrl.split('/').pop()!;
  const pay = (id: string, cardNumber = '4111111111111111') => h.app.inject({
    method: 'POST', url: `/gateway/selfcare/pay/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', holder: 'Petar Jovanović', action: 'pay' }).toString(),
  });
  const callback = async (id: string, result: CallbackPayload['result'] = 'APPROVED', timestamp = Date.now(), app = h.app) => {
    const p = await paymentOf(id);
    const payload: CallbackPayload = { paymentId: id, orderCode: p.orderId, result, amount: p.amount, timestamp };
    return app.inject({ method: 'POST', url: CALLBACK, payload: { ...payload, signature: sign(GATEWAY_SECRET, payload) } });
  };
  const billSession = async (s: Shopper, reference: string) => {
    const res = await s.call('POST', FIND, { customerNumber: '1000001', billReference: reference });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().billSessionId as string;
  };

  it('8 concurrent bill authorizations of one session on two instances open one gateway session', async () => {
    const s = await new Shopper(h.app).login();
    const billSessionId = await billSession(s, '202610000012');
    const res = await Promise.all(Array.from({ length: 8 }, (_, i) => on(i % 2 ? other.app : h.app, s).call('POST', BILL_AUTHORIZE, { billSessionId, consents: CONSENTS })));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(res.map((r) => r.json().redirectionUrl)).size).toBe(1);
    expect(new Set(res.map((r) => r.json().orderId)).size).toBe(1);
    const bill = await billOf('202610000012');
    const rows = await db().select().from(selfcareCardPayments).where(eq(selfcareCardPayments.billId, bill.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('PENDING');
    // the database refuses a second open session of the bill, whoever writes it
    await expect(db().insert(selfcareCardPayments).values({ id: `extra-${bill.id}-${'x'.repeat(16)}`, orderId: 'BP9999999901', kind: 'BILL', billId: bill.id, amount: bill.amount })).rejects.toThrow();
  });

  it('8 concurrent top-up authorizations of one session on two instances open one gateway session, paid once', async () => {
    const s = await new Shopper(h.app).login();
    const before = await balance('381621234567');
    const res = await Promise.all(Array.from({ length: 8 }, (_, i) => on(i % 2 ? other.app : h.app, s).call('POST', TOPUP_AUTHORIZE, { msisdn: '0621234567', amount: 700 })));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(res.map((r) => r.json().redirectionUrl)).size).toBe(1);
    const id = idOf(res[0].json().redirectionUrl);
    const open = await db().select().from(selfcareCardPayments)
      .where(and(eq(selfcareCardPayments.msisdn, '381621234567'), eq(selfcareCardPayments.status, 'PENDING')));
    expect(open.map((p) => p.id)).toEqual([id]);
    await Promise.all([pay(id), pay(id)]);
    expect(await balance('381621234567')).toBe(before + 70_000);
    // the database refuses a second open top-up session of the same session and number
    const p = await paymentOf(id);
    await db().insert(selfcareCardPayments).values({ id: `tu-open-${'y'.repeat(16)}`, orderId: 'TU9999999901', kind: 'TOPUP', msisdn: p.msisdn, amount: 1000, sessionId: p.sessionId });
    await expect(db().insert(selfcareCardPayments).values({ id: `tu-open-${'z'.repeat(16)}`, orderId: 'TU9999999902', kind: 'TOPUP', msisdn: p.msisdn, amount: 1000, sessionId: p.sessionId })).rejects.toThrow();
  });

  it('a late second approval of a bill is voided through the gateway, recorded and shown; a repeat changes nothing', async () => {
    const first = await new Shopper(h.app).login();
    const second = await new Shopper(other.app).login();
    const a = await first.call('POST', BILL_AUTHORIZE, { billSessionId: await billSession(first, '202610000013'), consents: CONSENTS });
    const x = idOf(a.json().redirectionUrl);
    // another browser session opens its own payment: the first session is closed, and its page says so
    const b = await second.call('POST', BILL_AUTHORIZE, { billSessionId: await billSession(second, '202610000013'), consents: CONSENTS });
    const y = idOf(b.json().redirectionUrl);
    expect(y).not.toBe(x);
    expect((await paymentOf(x)).status).toBe('CANCELLED');
    const closedPage = await h.app.inject({ method: 'GET', url: `/gateway/selfcare/pay/${x}` });
    expect(closedPage.body).toContain('Ova sesija plaćanja je zatvorena');
    expect(closedPage.body).not.toContain('<form');
    const closedPost = await pay(x);
    expect(closedPost.body).toContain('Ova sesija plaćanja je zatvorena');
    expect(await db().select().from(gatewayVoids).where(eq(gatewayVoids.paymentId, x))).toHaveLength(0);

    // the second session pays; the first session's charge, approved late by the gateway, is voided
    await pay(y);
    const bill = await billOf('202610000013');
    expect(bill).toMatchObject({ status: 'PAID', paidPaymentId: y });
    const late = await callback(x, 'APPROVED', Date.now(), other.app);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().outcome).toBe('voided');
    const voided = await paymentOf(x);
    expect(voided).toMatchObject({ status: 'VOIDED', voidState: 'VOIDED' });
    expect(voided.voidReference).toMatch(/^VD/);
    const recorded = await db().select().from(gatewayVoids).where(eq(gatewayVoids.paymentId, x));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: bill.amount, reference: voided.voidReference });
    expect(await billOf('202610000013')).toMatchObject({ status: 'PAID', paidPaymentId: y });
    const st = (await first.call('GET', `${BILL_STATUS}?orderId=${a.json().orderId}`)).json();
    expect(st).toMatchObject({ status: 'VOIDED', transaction: { transactionStatus: 'VOIDED' } });
    expect(st.message).toBe('Račun je već bio plaćen, pa je ova uplata poništena: zaduženje kartice je stornirano.');
    first.lang = '2';
    expect((await first.call('GET', `${BILL_STATUS}?orderId=${a.json().orderId}`)).json().message).toBe('The bill had already been paid, so this payment was voided: the card charge was reversed.');

    // delivered twice (and on both instances): nothing changes
    const again = await Promise.all([callback(x), callback(x, 'APPROVED', Date.now(), other.app), callback(y), callback(y, 'APPROVED', Date.now(), other.app)]);
    expect(again.map((r) => r.json().outcome)).toEqual(['alreadyProcessed', 'alreadyProcessed', 'alreadyProcessed', 'alreadyProcessed']);
    expect(await db().select().from(gatewayVoids).where(eq(gatewayVoids.paymentId, x))).toHaveLength(1);
    expect((await paymentOf(y)).status).toBe('APPROVED');
    expect((await paymentOf(x)).voidReference).toBe(voided.voidReference);

    // an open session left beside the paid bill (older data) is closed by its page, never charged
    await db().insert(selfcareCardPayments).values({ id: `stale-bill-${'s'.repeat(16)}`, orderId: 'BP9999999902', kind: 'BILL', billId: bill.id, amount: bill.amount });
    const stalePage = await h.app.inject({ method: 'GET', url: `/gateway/selfcare/pay/stale-bill-${'s'.repeat(16)}` });
    expect(stalePage.body).toContain('Ova sesija plaćanja je zatvorena');
    expect((await paymentOf(`stale-bill-${'s'.repeat(16)}`)).status).toBe('CANCELLED');
  });

  it('a top-up of another amount closes the open one; its late approval credits nothing and is voided, retried when the gateway does not answer', async () => {
    let down = true;
    const flaky: GatewayProvider = {
      async void(req) {
        if (down) throw new Error('gateway unreachable');
        return simulatedGateway(db()).void(req);
      },
    };
    const app = await buildApp({ db: db(), ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, selfcare: { gateway: flaky, jobPollMs: 0 } });
    await app.ready();
    try {
      const s = await new Shopper(app).login();
      const before = await balance('381651234567');
      const first = await s.call('POST', TOPUP_AUTHORIZE, { msisdn: '0651234567', amount: 300 });
      const x = idOf(first.json().redirectionUrl);
      // the same amount again: the same session; another amount: a new one, the first closed
      expect(idOf((await s.call('POST', TOPUP_AUTHORIZE, { msisdn: '0651234567', amount: 300 })).json().redirectionUrl)).toBe(x);
      const second = await s.call('POST', TOPUP_AUTHORIZE, { msisdn: '0651234567', amount: 400 });
      const y = idOf(second.json().redirectionUrl);
      expect(y).not.toBe(x);
      expect((await paymentOf(x)).status).toBe('CANCELLED');

      const late = await callback(x, 'APPROVED', Date.now(), app);
      expect(late.json().outcome).toBe('voided');
      expect(await paymentOf(x)).toMatchObject({ status: 'VOIDED', voidState: 'PENDING', voidReference: null });
      expect(await balance('381651234567')).toBe(before);
      expect(await db().select().from(selfcareBalanceCredits).where(eq(selfcareBalanceCredits.paymentId, x))).toHaveLength(0);
      const st = (await s.call('GET', `${TOPUP_STATUS}?orderId=${first.json().orderId}`)).json();
      expect(st).toMatchObject({ status: 'VOIDED', message: 'Uplata je stigla za zatvorenu sesiju plaćanja i poništena je: iznos nije dopunjen, a zaduženje kartice je stornirano.' });

      // the module's poll retries the void once the gateway answers
      down = false;
      expect(await retryPendingVoids(db(), flaky)).toBe(1);
      expect(await paymentOf(x)).toMatchObject({ status: 'VOIDED', voidState: 'VOIDED' });
      expect(await retryPendingVoids(db(), flaky)).toBe(0);

      // a gateway that refuses the void: recorded as FAILED and the receipt says what to do
      const refusing: GatewayProvider = { void: async () => ({ state: 'FAILED', reference: null }) };
      const app2 = await buildApp({ db: db(), ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, selfcare: { gateway: refusing, jobPollMs: 0 } });
      await app2.ready();
      try {
        const t = on(app2, s);
        const z = idOf((await t.call('POST', TOPUP_AUTHORIZE, { msisdn: '0651234567', amount: 500 })).json().redirectionUrl);
        expect((await paymentOf(y)).status).toBe('CANCELLED');
        expect((await callback(y, 'APPROVED', Date.now(), app2)).json().outcome).toBe('voided');
        expect((await paymentOf(y)).voidState).toBe('FAILED');
        expect((await t.call('GET', `${TOPUP_STATUS}?orderId=${second.json().orderId}`)).json().message).toContain('kontaktiraj korisnički servis');
        // the open one is still paid normally
        expect((await callback(z, 'APPROVED', Date.now(), app2)).json().outcome).toBe('applied');
        expect(await balance('381651234567')).toBe(before + 50_000);
      } finally { await app2.close(); }
    } finally { await app.close(); }
  });

  it('stale callbacks (older than 5 min, more than 1 min ahead) are refused and change nothing, for self-care and the shop', async () => {
    const s = await new Shopper(h.app).login();
    const res = await s.call('POST', TOPUP_AUTHORIZE, { msisdn: '0641234567', amount: 250 });
    const id = idOf(res.json().redirectionUrl);
    const before = await balance('381641234567');
    for (const timestamp of [Date.now() - 5 * 60 * 1000 - 30_000, Date.now() + 2 * 60 * 1000]) {
      const r = await callback(id, 'APPROVED', timestamp);
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ type: 'InvalidSignatureError', reason: 'staleCallback', message: 'Poruka platnog sistema je zastarela i nije prihvaćena.' });
    }
    expect((await paymentOf(id)).status).toBe('PENDING');
    expect(await balance('381641234567')).toBe(before);
    // the shop's callback checks the same
    const payload: CallbackPayload = { paymentId: 'a'.repeat(24), orderCode: '12345678', result: 'APPROVED', amount: 100, timestamp: Date.now() - 10 * 60 * 1000 };
    const shop = await h.app.inject({ method: 'POST', url: '/gateway/callback', headers: { lang: '2' }, payload: { ...payload, signature: sign(GATEWAY_SECRET, payload) } });
    expect(shop.statusCode).toBe(400);
    expect(shop.json().errors[0]).toMatchObject({ reason: 'staleCallback', message: "The payment gateway's message is out of date and was not accepted." });
    // a fresh one goes through
    expect((await callback(id)).json().outcome).toBe('applied');
  });

  it('receipts answer only the session that authorized the payment', async () => {
    const owner = await new Shopper(h.app).login();
    const stranger = await new Shopper(h.app).login();
    const topUp = (await owner.call('POST', TOPUP_AUTHORIZE, { msisdn: '0631234567', amount: 200 })).json();
    await pay(idOf(topUp.redirectionUrl));
    const billPay = (await owner.call('POST', BILL_AUTHORIZE, { billSessionId: await billSession(owner, '202610000014'), consents: CONSENTS })).json();
    for (const [path, orderId, key] of [[TOPUP_STATUS, topUp.orderId, 'Top-up'], [BILL_STATUS, billPay.orderId, 'Payment']] as const) {
      const mine = await on(other.app, owner).call('GET', `${path}?orderId=${orderId}`);
      expect(mine.statusCode).toBe(200);
      stranger.lang = '2';
      const theirs = await stranger.call('GET', `${path}?orderId=${orderId}`);
      const anonymous = await h.app.inject({ method: 'GET', url: `${path}?orderId=${orderId}`, headers: { lang: '2' } });
      const unknown = await stranger.call('GET', `${path}?orderId=${orderId.slice(0, 2)}0000000000`);
      for (const r of [theirs, anonymous, unknown]) {
        expect(r.statusCode).toBe(404);
        expect(r.json().errors[0].message).toMatch(new RegExp(`^${key} \\w+ does not exist\\.$`));
        expect(r.body).not.toContain('RSD');
      }
    }
  });

  it('bill lookup shows no number, only its prefix and last two digits', async () => {
    const s = await new Shopper(h.app, '2').login();
    const res = await s.call('POST', FIND, { customerNumber: '1000001', billReference: '202610000011' });
    expect(res.statusCode).toBe(200);
    expect(res.json().bill.msisdn).toBe('060 •••••67');
    expect(res.body).not.toContain('1234567');
    expect(res.body).not.toContain('381601234567');
  });

  describe.each([['memory', undefined], ...(process.env.TEST_REDIS_URL ? [['redis', process.env.TEST_REDIS_URL] as [string, string]] : [])])('bill lookup limits (%s)', (_store, redisUrl) => {
    let a: FastifyInstance;
    let b: FastifyInstance;
    beforeAll(async () => {
      const prefix = `billfind:${randomBytes(6).toString('hex')}:`;
      const limited = () => buildApp({
        db: db(), ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, redisUrl, redisPrefix: prefix,
        selfcare: { jobPollMs: 0, billFindLimit: { perSession: 3, perAddress: 5 } },
      });
      a = await limited();
      await a.ready();
      // with Redis the second instance shares the counters; in memory it is the same instance
      b = redisUrl ? await limited() : a;
      if (b !== a) await b.ready();
    });
    afterAll(async () => { if (b !== a) await b?.close(); await a?.close(); });

    it('per session, then per address: 429 with Retry-After and a message in the user language', async () => {
      const find = (s: Shopper) => s.call('POST', FIND, { customerNumber: '1000001', billReference: '202610999999' });
      const s = await new Shopper(a).login();
      for (let i = 0; i < 3; i++) expect((await find(i % 2 ? on(b, s) : s)).statusCode).toBe(404);
      const refused = await find(on(b, s));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().errors[0]).toMatchObject({ type: 'TooManyRequestsError', reason: 'tooManyLookups', message: 'Previše pretraga računa. Pokušaj ponovo za 15 min.' });
      // a fresh session from the same address: one more lookup, then the address's limit
      const t = await new Shopper(b, '2').login();
      expect((await find(t)).statusCode).toBe(404);
      const byAddress = await find(on(a, t));
      expect(byAddress.statusCode).toBe(429);
      expect(Number(byAddress.headers['retry-after'])).toBeGreaterThan(0);
      expect(byAddress.json().errors[0].message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
    });
  });
});
