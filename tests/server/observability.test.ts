// @vitest-environment node
// Issue 30: the request id (accepted, generated, returned, logged, kept with outbox rows), one log line per request,
// nothing personal in a log line, and the Prometheus metrics (never public: a token on the shop's port, or a
// listener of its own).
import type { Server } from 'node:http';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import pino from 'pino';
import { lazyRequestLogger, logRedaction, scrubText } from '../../server/lib/log-safety';
import { startMetricsServer } from '../../server/lib/metrics';
import { outbox } from '../../server/outbox/schema';
import { payments } from '../../server/db/tables';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { checkoutReadyShopper, drivers, GATEWAY_SECRET, GUEST, PATHS, RELAXED_LIMITS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = 'metrics-token-for-the-tests';
/** Ports of this suite (the helpers' range 3610–3619). */
const METRICS_PORT = 3614;

/** The JSON lines an app logs, captured (pino writes to any object with `write`). */
class LogCapture {
  readonly lines: string[] = [];
  write(s: string): boolean { for (const l of s.split('\n')) if (l) this.lines.push(l); return true; }
  get text(): string { return this.lines.join('\n'); }
  parsed(): Array<Record<string, unknown>> { return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>); }
  /** The `request` lines of a request id, once its answer is logged (onResponse may run after inject resolves). */
  async requestLines(id: string): Promise<Array<Record<string, unknown>>> {
    for (let i = 0; i < 200; i++) {
      const found = this.parsed().filter((l) => l.requestId === id && l.msg === 'request');
      if (found.length > 0) {
        await new Promise((r) => setImmediate(r));
        return this.parsed().filter((l) => l.requestId === id && l.msg === 'request');
      }
      await new Promise((r) => setImmediate(r));
    }
    return [];
  }
}

describe.each(drivers)('observability on %s', (name, url) => {
  let h: Harness;
  let app: FastifyInstance;
  const logs = new LogCapture();
  beforeAll(async () => {
    h = await startApp(url);
    app = await buildApp({
      db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 3, limits: RELAXED_LIMITS,
      logger: true, loggerStream: logs as unknown as NodeJS.WritableStream, instance: 'shop-a', metricsToken: TOKEN, dbPool: h.database.pool,
    });
    // a route of this test only: an unexpected error that carries personal data in its message
    app.get('/test/fails', async () => { throw new Error('no account for petar.petrovic@example.rs, JMBG 0101990710006, phone +381 64 1234567'); });
    await app.ready();
  }, 120_000);
  afterAll(async () => { await app?.close(); await h?.close(); });

  it('echoes a valid X-Request-Id, generates one when absent, replaces an invalid one', async () => {
    const given = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'lb-7f3a.9:2_x-1' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.9:2_x-1');
    const none = await app.inject({ method: 'GET', url: '/health' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    const other = await app.inject({ method: 'GET', url: '/health' });
    expect(other.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
    for (const bad of ['a'.repeat(65), 'id with spaces', '<script>', 'ünïcode', '-leading-dash', '']) {
      const r = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
      expect(r.headers['x-request-id']).toMatch(UUID);
    }
    // on every answer: a 404 of the API, a refused body, a shop page address
    const notFound = await app.inject({ method: 'GET', url: '/hybris/ecommerce/b2c/v1/nothing-here', headers: { 'x-request-id': 'nf-1' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('nf-1');
    const badJson = await app.inject({ method: 'POST', url: PATHS.guestInfo, headers: { 'x-request-id': 'bad-json', 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(badJson.headers['x-request-id']).toBe('bad-json');
  });

  it('logs one JSON line per request with method, route pattern, status, duration, request id and instance', async () => {
    const r = await app.inject({ method: 'GET', url: `${PATHS.details}?productCode=ORBITA_MAX_M&fields=FULL`, headers: { 'x-request-id': 'one-line-1' } });
    const lines = await logs.requestLines('one-line-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', route: PATHS.details, status: r.statusCode, requestId: 'one-line-1', instance: 'shop-a' });
    expect(typeof lines[0].ms).toBe('number');
    // a route with a parameter is logged by its pattern, an unknown API address as (unmatched)
    await app.inject({ method: 'GET', url: '/gateway/pay/abcdefghijklmnop0123', headers: { 'x-request-id': 'pattern-1' } });
    expect((await logs.requestLines('pattern-1'))[0].route).toBe('/gateway/pay/:sessionId');
    await app.inject({ method: 'GET', url: '/hybris/ecommerce/b2c/v1/nothing-here', headers: { 'x-request-id': 'unmatched-1' } });
    expect((await logs.requestLines('unmatched-1'))[0]).toMatchObject({ route: '(unmatched)', status: 404 });
  });

  it('carries the request id into the error log, with personal data masked in the error', async () => {
    const r = await app.inject({ method: 'GET', url: '/test/fails', headers: { 'x-request-id': 'err-1' } });
    expect(r.statusCode).toBe(500);
    expect(r.headers['x-request-id']).toBe('err-1');
    await logs.requestLines('err-1');
    const errorLine = logs.parsed().find((l) => l.requestId === 'err-1' && l.level === 50);
    expect(errorLine).toBeDefined();
    expect(String(errorLine!.msg)).toContain('[email]');
    expect(JSON.stringify(errorLine)).not.toMatch(/petar\.petrovic|0101990710006|1234567/);
  });

  it('never logs an e-mail, JMBG, phone number or token sent in a body, query, header or cookie', async () => {
    const s = await new Shopper(app).login();
    const secret = { email: 'jovana.jovanovic@example.rs', jmbg: '1505985715123', phone: '0651112233', token: 'tok_9f8e7d6c5b4a' };
    await app.inject({
      method: 'POST', url: `${PATHS.guestInfo}?email=${secret.email}&jmbg=${secret.jmbg}&access_token=${secret.token}`,
      headers: { authorization: `Bearer ${s.token}`, cookie: `${s.cookie}; promo=${secret.token}`, 'x-request-id': 'pii-1' },
      payload: { ...GUEST, customerData: { ...GUEST.customerData, contactEmail: secret.email, contactPhone: secret.phone.slice(1) }, jmbg: secret.jmbg },
    });
    // a failure too: its log line must not quote the query either
    await app.inject({ method: 'GET', url: `/test/fails?email=${secret.email}&phone=${secret.phone}`, headers: { 'x-request-id': 'pii-2' } });
    expect(await logs.requestLines('pii-1')).toHaveLength(1);
    expect(await logs.requestLines('pii-2')).toHaveLength(1);
    for (const v of [...Object.values(secret), s.token, s.cookie.slice(4), 'Marija', 'Petrović']) expect(logs.text).not.toContain(v);
  });

  it('makes a request\'s own logger only when the request writes a line of its own (not a disabled level)', () => {
    const made: object[] = [];
    const parent = pino({ level: 'info', redact: logRedaction }, logs as unknown as pino.DestinationStream);
    const child = parent.child.bind(parent);
    const counting = Object.assign(Object.create(parent) as typeof parent, { child: (b: pino.Bindings, o?: pino.ChildLoggerOptions) => { made.push(b); return child(b, o); } });
    const quiet = lazyRequestLogger(counting as never, { requestId: 'lazy-0' }, {});
    (quiet.debug as (m: string) => void)('not written');
    expect(made).toEqual([]);
    const loud = lazyRequestLogger(counting as never, { requestId: 'lazy-1' }, {});
    (loud.warn as (o: object, m: string) => void)({ email: 'a@b.rs' }, 'first');
    (loud.warn as (m: string) => void)('second');
    expect(made).toEqual([{ requestId: 'lazy-1' }]);
    const lines = logs.parsed().filter((l) => l.requestId === 'lazy-1');
    expect(lines.map((l) => l.msg)).toEqual(['first', 'second']);
    expect(lines[0].email).toBe('[redacted]');
  });

  it('masks e-mails, JMBGs and phone numbers in logged text, keeping the rest', () => {
    expect(scrubText('sent to ana@example.rs and +381 64 123 4567 / 011/3456789 / 0641234567, JMBG 0101990710006, order 12345'))
      .toBe('sent to [email] and [phone] / [phone] / [phone], JMBG [jmbg], order 12345');
    expect(scrubText('Failed query: select 1')).toBe('Failed query: select 1');
  });

  it('keeps the request id with the message a request sends (outbox)', async () => {
    const s = await new Shopper(app).login();
    await s.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_START' });
    const sent = await app.inject({
      method: 'POST', url: '/hybris/ecommerce/b2c/v1/checkout/esim/requestotp', payload: { email: 'request.id@example.rs' },
      headers: { authorization: `Bearer ${s.token}`, cookie: s.cookie, 'x-request-id': 'otp-req-1' },
    });
    expect(sent.statusCode).toBe(200);
    const [m] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, 'request.id@example.rs')).orderBy(desc(outbox.id)).limit(1);
    expect(m.requestId).toBe('otp-req-1');
  });

  it('refuses /metrics without the token (the API 404, no series) and serves them with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const r = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(r.statusCode).toBe(404);
      expect(r.json().errors[0].type).toBe('NotFoundError');
      expect(r.body).not.toContain('shop_');
    }
    // an app without a token serves them to no one
    const closed = await buildApp({ db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET });
    try {
      const r = await closed.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('shop_');
    } finally { await closed.close(); }

    // something to count: a refused order (empty cart), a session's requests over the auth routes' limit (3 a minute here)
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/gateway/pay/abcdefghijklmnop0123' });
    await app.inject({ method: 'GET', url: '/test/fails' });
    const s = await new Shopper(app).login();
    const order = await s.call('POST', PATHS.submitOrder, { consents: {} });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    // two adds of one session: the first with the cart it opens, the next to the cart it knows (one statement each)
    for (let i = 0; i < 2; i++) expect((await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_TEMPERED_GLASS', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    let limited = 0;
    for (let i = 0; i < 5; i++) if ((await app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: s.cookie } })).statusCode === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    await app.ctx.catalog.current();
    expect((await app.inject({ method: 'GET', url: `${PATHS.search}?categoryCode=telefoni` })).statusCode).toBe(200);

    const r = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.headers['cache-control']).toBe('no-store');
    const text = r.body;
    expect(text).toMatch(/^shop_http_requests_total\{method="GET",route="\/health",status="200"\} \d+$/m);
    expect(text).toMatch(/^shop_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/gateway\/pay\/:sessionId"\} \d+$/m);
    expect(text).not.toContain('abcdefghijklmnop0123'); // the raw address is never a label
    expect(text).toMatch(/^shop_http_server_errors_total\{route="\/test\/fails",status="500"\} [1-9]/m);
    expect(text).toMatch(/^shop_errors_total\{kind="unhandled"\} [1-9]/m);
    expect(text).toMatch(/^shop_rate_limit_rejections_total\{reason="requests"\} [1-9]/m);
    expect(text).toMatch(/^shop_orders_total\{outcome="(refused|limited)"\} 1$/m);
    expect(text).toContain('# TYPE shop_payment_callbacks_total counter');
    expect(text).toMatch(/^shop_cart_adds_total\{path="known"\} [1-9]/m);
    expect(text).toMatch(/^shop_cart_adds_total\{path="new"\} [1-9]/m);
    expect(text).toMatch(/^shop_cart_adds_total\{path="locked"\} \d+$/m);
    expect(text).toMatch(/^shop_catalog_full_rebuilds_total [1-9]/m);
    expect(text).toMatch(/^shop_catalog_products [1-9]/m);
    expect(text).toMatch(/^shop_catalog_last_rebuild_seconds /m);
    expect(text).toMatch(/^shop_catalog_answers [1-9]/m); // the search above, kept as its bytes
    expect(text).toMatch(/^shop_catalog_answer_bytes [1-9]\d{2,}$/m);
    expect(text).toMatch(/^shop_catalog_answers_evicted_total 0$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    if (name === 'postgres') {
      expect(text).toMatch(/^shop_db_pool_connections [1-9]/m);
      expect(text).toMatch(/^shop_db_pool_waiting \d+$/m);
      expect(text).toMatch(/^shop_db_pool_acquires_total [1-9]/m);
      expect(text).toMatch(/^shop_db_pool_wait_seconds_total /m);
    } else {
      expect(text).not.toContain('shop_db_pool_'); // PGlite: one connection, no pool
    }
  });

  it('counts a placed order and its payment callbacks by outcome', async () => {
    const metricLine = async (re: RegExp) => {
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      return Number(re.exec(text)?.[1] ?? 0);
    };
    const placedBefore = await metricLine(/^shop_orders_total\{outcome="placed"\} (\d+)$/m);
    const s = await checkoutReadyShopper(app, 'XIAOMI_15_BLACK');
    const order = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
    expect(order.statusCode).toBe(200);
    const auth = await s.call('POST', PATHS.authorize, { cardPaymentType: order.json().paymentInfo.cardPaymentType, orderId: order.json().code });
    const paymentId = String(auth.json().redirectionUrl).split('/').pop()!;
    const [p] = await h.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const payload: CallbackPayload = { paymentId, orderCode: order.json().code, result: 'DECLINED', amount: p.amount, timestamp: Date.now() };
    const forged = await app.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: sign('not-the-secret', payload) } });
    expect(forged.statusCode).toBe(400);
    const genuine = { ...payload, signature: sign(GATEWAY_SECRET, payload) };
    expect((await app.inject({ method: 'POST', url: '/gateway/callback', payload: genuine })).json().outcome).toBe('applied');
    expect((await app.inject({ method: 'POST', url: '/gateway/callback', payload: genuine })).json().outcome).toBe('alreadyProcessed');
    expect(await metricLine(/^shop_orders_total\{outcome="placed"\} (\d+)$/m)).toBe(placedBefore + 1);
    expect(await metricLine(/^shop_payment_callbacks_total\{channel="shop",result="refused"\} (\d+)$/m)).toBe(1);
    expect(await metricLine(/^shop_payment_callbacks_total\{channel="shop",result="DECLINED"\} (\d+)$/m)).toBe(1);
    expect(await metricLine(/^shop_payment_callbacks_total\{channel="shop",result="alreadyProcessed"\} (\d+)$/m)).toBe(1);
  });

  it('serves the metrics on a listener of their own (METRICS_PORT), nothing else there', async () => {
    let server: Server | null = null;
    try {
      server = await startMetricsServer(app.ctx.metrics, METRICS_PORT, '127.0.0.1');
      const r = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toMatch(/^shop_http_requests_total\{/m);
      expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/health`)).status).toBe(404);
    } finally {
      await new Promise((done) => (server ? server.close(done) : done(undefined)));
    }
  });

  it('answers /health 503 while the instance drains; a passed check is no info line, a failed one is', async () => {
    expect((await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'probe-ok' } })).statusCode).toBe(200);
    app.ctx.draining = true;
    try {
      const r = await app.inject({ method: 'GET', url: '/health', headers: { 'accept-language': 'en', 'x-request-id': 'probe-draining' } });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ status: 'draining', message: expect.any(String) });
    } finally { app.ctx.draining = false; }
    // (a balancer probes every instance twice a second: its passes are debug lines, below the production level)
    expect((await logs.requestLines('probe-draining'))[0]).toMatchObject({ level: 30, route: '/health', status: 503 });
    expect(logs.parsed().filter((l) => l.requestId === 'probe-ok')).toEqual([]);
  });
});
