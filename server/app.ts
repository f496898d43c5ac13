// The Fastify application: plugins, shared JSON Schemas, error handling, domains, static shop.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import Fastify, { LogController, type FastifyServerOptions, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { createSession, sessionIdOfCookie, setSessionCookie } from './user/index';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Db, Listen } from './db/index';
import { ApiError } from './lib/errors';
import { Limits, TooManyError, type LimitSettings } from './lib/limits';
import { redisWithMemoryFallback } from './lib/rate-limit-store';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './db/errors';
import { lazyRequestLogger, logHooks, logRedaction, logSerializers } from './lib/log-safety';
import { bearerMatches, ShopMetrics } from './lib/metrics';
import { requestIdOf, runWithRequestId } from './lib/request-context';
import type { PoolStats } from './db/index';
import { DOCUMENT_POLICY, etagOf, guardSharedAnswers, notModified, sendSharedHeaders } from './lib/edge-cache';
import { addressAsksEnglish, LANG_COOKIE, LANG_COOKIE_MAX_AGE, requestLang } from './lib/lang';
import { loadPaths } from './lib/paths';
import swagger from '@fastify/swagger';
import { numberRoutes } from './numbers/routes';
import { devOutboxRoutes } from './outbox/routes';
import { bodyValidationOptions, finiteNumbersValidatorFactory, issueOf, refuseControlCharacters, sharedSerializerFactory } from './lib/validation';
import './context';
import { queryStatsEnabled, registerQueryStats } from './db/query-stats';
import { UiDocuments } from './ui/documents';
import { uiRoutes } from './ui/routes';
import { renderShopPage } from './ui/page';
import { userRoutes } from './user/routes';
import { profileRoutes } from './user/profile-http/routes';
import { catalogRoutes } from './catalog/routes';
import { cartRoutes } from './cart/routes';
import { checkoutRoutes } from './checkout/routes';
import { homeRoutes } from './home/index';
import { homeCheckoutRoutes } from './home/homeline/routes';
import { deliveryRoutes } from './delivery/index';
import { gatewayRoutes } from './payment/gateway/routes';
import { selfcareRoutes, type SelfcareRouteOptions } from './selfcare/routes';
import { studioRoutes } from './studio/routes';
import { UiVersions } from './publish/live';
import { publishRoutes } from './publish/routes';
import { CatalogModel } from './catalog/model';
import { FirstViewRenderer, sharedFetchOf } from './ui/ssr';
import { CartRowCache } from './cart/row-cache';
import { healthRoutes } from './health';
import underPressure from '@fastify/under-pressure';
import { memoryFailureCounter, redisFailureCounter } from './user/throttle';
import type { Redis } from 'ioredis';
import { DEV_GATEWAY_SECRET } from './payment/secret';
import { simulatedGateway, type GatewayProvider } from './payment/gateway/provider';
import { JobWorkers, queueStats, type JobSql } from './db/jobs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** (server/payment/secret.ts; main.ts refuses it in production) */
export { DEV_GATEWAY_SECRET };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface BuildAppOptions {
  db: Db;
  dev?: boolean;
  logger?: boolean;
  /** Where the log lines go (tests; default standard output). */
  loggerStream?: NodeJS.WritableStream;
  /** pino level (LOG_LEVEL; default `info`, `debug` in development). */
  logLevel?: string;
  /** What each log line names as its instance (INSTANCE_ID; default the host name). */
  instance?: string;
  /** Bearer token of GET /metrics on the shop's port (METRICS_TOKEN); without one /metrics is not served there. */
  metricsToken?: string;
  /** PostgreSQL's pool (Database.pool), for the metrics. */
  dbPool?: PoolStats;
  /** The job queue's SQL (Database.jobSql): this instance works the shop's pg-boss queues (server/db/jobs.ts).
   *  Absent: no worker runs here (jobs are still written, and run by an instance that has them). */
  jobs?: JobSql;
  /** How often idle job workers poll (seconds; default JOBS_POLL_SECONDS or 2). */
  jobPollSeconds?: number;
  /**
   * Load shedding (@fastify/under-pressure): past any threshold set here (0 or absent: not checked) every request but
   * /metrics answers 503 with Retry-After and the localized `error.unavailable` — /health too, so a balancer sends the
   * traffic to the other instances until this one recovers. Sampled every `sampleIntervalMs` (default 1000).
   */
  pressure?: { maxEventLoopDelayMs?: number; maxEventLoopUtilization?: number; maxHeapUsedBytes?: number; maxRssBytes?: number; sampleIntervalMs?: number };
  /** schemas/ folder (default: the repository's). */
  schemasDir?: string;
  /** Vite build output (default: dist/). */
  distDir?: string;
  /** the server renderer's build (default: dist-ssr beside distDir) */
  ssrDir?: string;
  /** HMAC secret shared with the payment gateway (GATEWAY_SECRET). */
  gatewaySecret?: string;
  /** The previous secret while GATEWAY_SECRET is rotated: it still verifies, never signs (GATEWAY_SECRET_PREVIOUS). */
  gatewayPreviousSecret?: string;
  tokenTtlMs?: number;
  /** The clock of session and token expiry, ms (tests; default Date.now). */
  now?: () => number;
  /**
   * The session cookie is always the Secure `__Host-sid`, also for a request that arrived over plain http (TLS ends
   * at a proxy that is not trusted). Default: COOKIE_SECURE=true outside development. Otherwise it is `__Host-sid`
   * for HTTPS requests (req.protocol: TLS, or X-Forwarded-Proto from a trusted proxy) and `sid` over http.
   */
  secureCookies?: boolean;
  /** Requests per minute per session (20 times that per address for requests without a live session) on the auth routes (default 60). */
  authRateLimit?: number;
  /** This process is the database's only user (the embedded PGlite): cart rows may be kept in memory. */
  singleInstance?: boolean;
  /** PostgreSQL's notifications (Database.listen): cart rows are kept in memory while the change feed is connected. */
  listen?: Listen;
  /** How often (ms) an instance reads the catalogue revision while asked (default 1000). */
  catalogCheckMs?: number;
  /** where the catalogue read model is kept between starts (saved at close; server/catalog/model.ts) */
  catalogCacheFile?: string;
  /** Sign-in failures allowed per account (default 5) and per address (default 50) in `windowMs` (default 15 min). */
  loginThrottle?: { perAccount?: number; perAddress?: number; windowMs?: number };
  /** Redis (REDIS_URL): rate-limit and sign-in counters shared by every instance; in memory when absent. */
  redisUrl?: string;
  /** Key prefix of those counters in Redis (default `orbita:`). */
  redisPrefix?: string;
  /** Fastify trustProxy (TRUST_PROXY) so that the client address is the one the load balancer saw. */
  trustProxy?: boolean | string | number;
  /** Send, attempt and existence-check limits (server/lib/limits.ts); the production numbers unless a test raises them. */
  limits?: LimitSettings;
  /** Self-care: the clock and bill-session lifetime (tests). */
  selfcare?: SelfcareRouteOptions;
  /** The card gateway's provider interface (voids of late approvals) of the shop and self-care; default `selfcare.gateway`, else the simulator. */
  gateway?: GatewayProvider;
  /** An already loaded document set (tests may share one). */
  ui?: UiDocuments;
  /**
   * Where the UI documents come from (issue 29): `files` (schemas/, development) or `database` (published versions,
   * seeded from schemas/ as the baseline; production — server/publish). Default `files`.
   */
  documents?: 'files' | 'database';
  /** Database mode: how often (ms) the live pointer is read besides the notifications (default 1000; 0 never: tests sync). */
  documentsPollMs?: number;
  /** Database mode: where checked versions are kept on disk (default none). */
  documentsCacheDir?: string;
}

/** The contract's JSON API (every route under them answers JSON; the pages of the payment gateways live elsewhere). */
const JSON_API_PREFIXES = ['/hybris/', '/ecommerce/', '/selfcare/'];
/** What a shop page varies on besides its address: the language (a `lang` header or the b2c_enFlow cookie) and the
 *  cookie choice (b2c_consent) — the only cookies its first view reads. */
const PAGE_VARY = 'Accept-Encoding, lang, Cookie';
const API_PREFIXES = [...JSON_API_PREFIXES, '/ui/', '/gateway/', '/media/', '/assets/', '/openapi.json', '/studio/'];

/** The headers helmet's middleware sets for a configuration, captured once from a stand-in response. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}

/** pino-pretty is a development nicety: used when it is installed, plain JSON lines otherwise. */
function prettyAvailable(): boolean {
  try { createRequire(import.meta.url).resolve('pino-pretty'); return true; } catch { return false; }
}

function formatsText(schemasDir: string): string {
  const file = join(schemasDir, 'formats', 'formats.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const schemasDir = opts.schemasDir ?? join(root, 'schemas');
  const distDir = opts.distDir ?? join(root, 'dist');
  const ui = opts.ui ?? await UiDocuments.load(schemasDir);
  // Shared payload schemas (schemas/api/*.json, each with $id); their text and the formats key the compiled routes.
  const apiFiles = readdirSync(join(schemasDir, 'api')).filter((f) => f.endsWith('.json') && f !== 'paths.json').sort()
    .map((f) => readFileSync(join(schemasDir, 'api', f), 'utf8'));
  const compileKey = createHash('sha256').update(apiFiles.join('\0')).update(formatsText(schemasDir)).digest('hex');

  const serverOptions: FastifyServerOptions = {
    // nothing personal in a log line: no body, cookie or authorization header, no query parameters of a failed SQL
    // statement, no address (server/lib/log-safety.ts). Every line names its instance; a request's lines its id.
    logger: opts.logger ? {
      level: opts.logLevel ?? (opts.dev ? 'debug' : 'info'), redact: logRedaction, serializers: logSerializers, hooks: logHooks,
      base: { pid: process.pid, hostname: hostname(), instance: opts.instance ?? hostname() },
      ...(opts.loggerStream ? { stream: opts.loggerStream } : opts.dev && prettyAvailable() ? { transport: { target: 'pino-pretty' } } : {}),
    } : false,
    // Fastify's two lines per request (with the address and its query) are replaced by one line at the answer (below)
    // the request's id is logged as `requestId`: the balancer's X-Request-Id when valid, else a new one
    // (server/lib/request-context.ts)
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // a request's own logger is made on its first line (server/lib/log-safety.ts)
    childLoggerFactory: lazyRequestLogger as never,
    requestIdHeader: false,
    genReqId: requestIdOf,
    ajv: bodyValidationOptions(schemasDir) as never,
    bodyLimit: 64 * 1024,
    schemaController: { compilersFactory: { buildValidator: finiteNumbersValidatorFactory(compileKey) as never, buildSerializer: sharedSerializerFactory(compileKey) as never } },
    // Router-level errors (a bad %-escape, an overlong path parameter) answer like any other bad input.
    frameworkErrors: (err, req, reply) => {
      void (reply as FastifyReply).header('X-Request-Id', req.id).code(err.statusCode ?? 400).send({ errors: [{ type: 'ValidationError', message: ui.message(requestLang(req), 'error.validation.badRequest'), reason: err.code ?? 'badRequest' }] });
    },
  };
  if (opts.trustProxy !== undefined) serverOptions.trustProxy = opts.trustProxy as never;
  const app: FastifyInstance = Fastify(serverOptions);
  // (ioredis is imported only when there is a Redis to talk to)
  const redis: Redis | null = opts.redisUrl ? new (await import('ioredis')).Redis(opts.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  const redisPrefix = opts.redisPrefix ?? 'orbita:';
  redis?.on('error', (err) => app.log.warn(`Redis: ${err.message}`));
  // Commands fail at once while Redis is away (no offline queue: the limits fall back, requests never wait), so
  // the first connection is awaited here, for at most 2 s.
  if (redis && redis.status !== 'ready') {
    await new Promise<void>((done) => { const t = setTimeout(done, 2000); redis.once('ready', () => { clearTimeout(t); done(); }); });
  }
  app.addHook('onClose', async () => { await redis?.quit().catch(() => redis.disconnect()); });
  // The OpenAPI 3.1 document of every route with a schema (GET /openapi.json): @fastify/swagger reads the routes as they
  // are declared; the shared API schemas (schemas/api/*.json, addSchema) become components named by their file.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Orbita Telekom web shop API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id.replace(/\.json$/, '') : `def-${i}`) },
    // every answer may be an error in the shop's shape; every request may choose its language
    transform: ({ schema, url }) => {
      if (!schema || schema.hide) return { schema, url };
      const response = { '4XX': { description: 'Error', $ref: 'common.json#/$defs/ErrorResponse' }, ...(schema.response as object | undefined) };
      const headers = { type: 'object', properties: { lang: { type: 'string', enum: ['1', '2'] } }, ...(schema.headers as object | undefined) };
      return { schema: { ...schema, response, headers }, url };
    },
  });

  const jobSql = opts.jobs;
  const metrics = new ShopMetrics({ catalog: () => app.ctx.catalog.stats(), pool: opts.dbPool, jobs: jobSql ? () => queueStats(jobSql) : undefined });
  const jobs = jobSql ? new JobWorkers(jobSql, { pollSeconds: opts.jobPollSeconds, log: app.log }) : null;
  const gatewaySecret = opts.gatewaySecret ?? DEV_GATEWAY_SECRET;
  app.decorate('ctx', {
    db: opts.db, ui, paths: loadPaths(schemasDir),
    gatewaySecret,
    gatewaySecrets: opts.gatewayPreviousSecret ? [gatewaySecret, opts.gatewayPreviousSecret] : [gatewaySecret],
    tokenTtlMs: opts.tokenTtlMs ?? 15 * 60 * 1000,
    now: opts.now ?? Date.now,
    secureCookies: opts.secureCookies ?? (!opts.dev && process.env.COOKIE_SECURE === 'true'),
    catalog: new CatalogModel(opts.db, opts.catalogCheckMs, { cacheFile: opts.catalogCacheFile }),
    cartRows: opts.singleInstance ? new CartRowCache() : opts.listen ? new CartRowCache({ live: false }) : null,
    limits: new Limits({ db: opts.db, redis, prefix: redisPrefix, settings: opts.limits, log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) } }),
    metrics,
    jobs,
    draining: false,
  });
  // the workers start once every module registered its queue's handler, and stop (after their current job) before
  // the database is closed
  if (jobs) {
    app.addHook('onReady', async () => { await jobs.start(); });
    app.addHook('preClose', async () => { await jobs.stop(); });
  }
  // Draining (a shutdown: main.ts sets it first, app.close() here): an answer closes its connection, so that a request
  // in flight at the shutdown does not leave a kept-alive connection the server would wait for until its timeout.
  app.addHook('preClose', (done) => { app.ctx.draining = true; done(); });
  // Every answer carries the request's id, and what the request does runs with it in the store (the outbox reads it).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    runWithRequestId(req.id, done);
  });
  // One line per request at its answer, and its metrics. The route is the pattern (`/hybris/…/:code`), never the
  // address: a shop page (answered by the not-found handler) is `(page)`, an unknown address `(unmatched)`.
  // Its fields are safe by construction (no address, query, header or body), so it is written by a child without the
  // redaction every other line passes (pino walks each logged object for the redacted paths: ~4 % of a catalogue
  // read's CPU), and without a per-request child: the request id is a field of the line.
  const accessLog = app.log.child({}, { redact: { paths: [] } });
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const route = req.is404 ? (status < 400 ? '(page)' : '(unmatched)') : (req.routeOptions.url ?? '(unmatched)');
    const seconds = reply.elapsedTime / 1000;
    // a balancer's passed health check (several a second per instance) is a debug line; a failed one stays info
    const line = { requestId: req.id, method: req.method, route, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (route === '/health' && status === 200) accessLog.debug(line, 'request');
    else accessLog.info(line, 'request');
    metrics.requests.inc({ method: req.method, route, status });
    metrics.duration.observe({ method: req.method, route }, seconds);
    if (status >= 500) metrics.serverErrors.inc({ route, status });
    const counted = req.routeOptions.config?.metric;
    if (counted === 'order') {
      metrics.orders.inc({ outcome: status < 300 ? 'placed' : status === 429 ? 'limited' : status < 500 ? 'refused' : 'failed' });
    } else if (counted === 'paymentCallback' || counted === 'selfcarePaymentCallback') {
      metrics.payments.inc({
        channel: counted === 'paymentCallback' ? 'shop' : 'selfcare',
        result: status >= 500 ? 'failed' : status >= 300 ? 'refused' : (req.metricOutcome ?? 'unknown'),
      });
    }
    done();
  });
  app.addHook('onClose', async () => {
    app.ctx.limits.close();
    app.ctx.catalog.close();
    // the read model kept for the next start (a failure costs that start a full build, nothing else)
    await app.ctx.catalog.save().catch((e: unknown) => app.log.warn({ err: e }, 'catalogue model not kept for the next start'));
  });
  // PostgreSQL: the cart rows other instances (or anyone) change are announced (migration 0023); rows are kept only
  // while this feed is connected (server/cart/row-cache.ts)
  const cartRows = app.ctx.cartRows;
  if (opts.listen && cartRows) {
    const stop = opts.listen('cart_changed', { message: (sessionId) => cartRows.invalidateSession(sessionId), state: (live) => cartRows.setLive(live) });
    app.addHook('onClose', async () => { await stop(); });
  }
  // PostgreSQL: a catalogue change (migration 0028's `catalog_changed`) is read as a delta at once, not at the next
  // revision check (which stays the fallback while the feed is away)
  if (opts.listen) {
    const stop = opts.listen('catalog_changed', { message: () => app.ctx.catalog.changed(), state: (live) => { if (live) app.ctx.catalog.changed(); } });
    app.addHook('onClose', async () => { await stop(); });
  }
  // A write on this instance (an order, a payment callback giving stock back, a dev catalogue route…) may have
  // changed the catalogue or stock: the read model checks the revision on its next read.
  // (one callback hook for both, with the draining answer's Connection: close above: a hook is a step of every answer)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (app.ctx.draining) reply.header('Connection', 'close');
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.routeOptions.config?.catalogUnchanged !== true) app.ctx.catalog.invalidate();
    if (app.ctx.cartRows && req.routeOptions.config?.cartReadOnly !== true) app.ctx.cartRows.invalidate();
    done(null, payload);
  });
  app.decorateRequest('sessionId', null);
  app.decorateRequest('metricOutcome', null);
  // no text with control characters (NUL …) in any path parameter, query or body of any route: 400 in the shopper's
  // language before the schema's own checks (server/lib/validation.ts)
  app.addHook('preValidation', refuseControlCharacters);
  if (queryStatsEnabled()) registerQueryStats(app);

  for (const text of apiFiles) app.addSchema(JSON.parse(text));

  await app.register(cookie);
  // (after the cookie plugin's own onSend hook) no Set-Cookie on an answer a shared cache may keep
  guardSharedAnswers(app, JSON_API_PREFIXES);
  await app.register(compress, { threshold: 1024 });
  // Security headers: helmet's, worked out once from this fixed configuration (no per-request nonces) and set on
  // every reply as a ready header map (@fastify/helmet would rebuild helmet's middleware on every request).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'], connectSrc: ["'self'"], formAction: ["'self'"], frameAncestors: ["'none'"],
        objectSrc: ["'none'"], baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The JSON API answers carry the headers that protect an API (OWASP REST Security Cheat Sheet: a CSP that loads
  // nothing and forbids framing, nosniff, HSTS, no framing, same-origin resources); the rest of helmet's set concerns
  // documents a browser renders, and each header is parsed by every client on every answer.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': securityHeaders['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(JSON_API_PREFIXES.some((p) => req.url.startsWith(p)) ? apiHeaders : securityHeaders);
    done();
  });
  await app.register(rateLimit, {
    global: false,
    max: opts.authRateLimit ?? 60,
    timeWindow: '1 minute',
    // Redis's counters (shared by every instance); while Redis does not answer, this instance's memory with a logged
    // warning (server/lib/rate-limit-store.ts): the shop stays up and the limits stay on.
    ...(redis ? { store: redisWithMemoryFallback(redis, `${redisPrefix}rl:`, { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) }) as never } : {}),
    errorResponseBuilder: (req, ctx) => ({
      statusCode: 429,
      errors: [{ type: 'TooManyRequestsError', message: ui.message(requestLang(req), 'error.tooManyRequests', { seconds: Math.ceil(ctx.ttl / 1000) }) }],
    }),
  });

  await app.register(underPressure, {
    maxEventLoopDelay: opts.pressure?.maxEventLoopDelayMs ?? 0,
    maxEventLoopUtilization: opts.pressure?.maxEventLoopUtilization ?? 0,
    maxHeapUsedBytes: opts.pressure?.maxHeapUsedBytes ?? 0,
    maxRssBytes: opts.pressure?.maxRssBytes ?? 0,
    sampleInterval: opts.pressure?.sampleIntervalMs,
    pressureHandler: (req, reply, type) => {
      if (req.url.startsWith('/metrics')) return; // the operator still reads why
      metrics.errors.inc({ kind: `pressure_${type}` });
      // sent here: Fastify runs nothing more for a request whose answer is sent
      void reply.code(503).header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S)).header('Cache-Control', 'no-store').send({ errors: [{
        type: 'ServiceUnavailableError', message: ui.message(requestLang(req), 'error.unavailable', { seconds: UNAVAILABLE_RETRY_AFTER_S }), reason: 'overloaded',
      }] });
    },
  });

  app.setErrorHandler((err: FastifyError & { validation?: unknown[]; validationContext?: string }, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(req);
    if (err instanceof ApiError) {
      if (err.statusCode === 429) metrics.rateLimited.inc({ reason: err.reason ?? err.messageKey });
      if (err instanceof TooManyError) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send({ errors: [{
        type: err.type, message: ui.message(lang, err.messageKey, err.params),
        ...(err.reason ? { reason: err.reason } : {}), ...(err.subject ? { subject: err.subject } : {}),
      }] });
    }
    if (Array.isArray(err.validation) && err.validation.length > 0) {
      const issue = issueOf(err.validation[0] as never, err.validationContext ?? 'body');
      return reply.code(400).send({ errors: [{ type: 'ValidationError', message: ui.message(lang, issue.key, issue.params), reason: issue.reason, subject: issue.subject }] });
    }
    // the database is away (restart, failover, lost connection) or a lock / statement timeout fired: try again later
    if (isDatabaseUnavailable(err)) {
      req.log.warn(err, 'database unavailable');
      metrics.errors.inc({ kind: 'database_unavailable' });
      return reply.code(503).header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S)).send({ errors: [{
        type: 'ServiceUnavailableError', message: ui.message(lang, 'error.unavailable', { seconds: UNAVAILABLE_RETRY_AFTER_S }), reason: 'unavailable',
      }] });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      metrics.rateLimited.inc({ reason: 'requests' }); // @fastify/rate-limit's answer (errorResponseBuilder)
      return reply.code(429).send(err);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large …
      return reply.code(status === 413 ? 413 : 400).send({ errors: [{ type: 'ValidationError', message: ui.message(lang, 'error.validation.badRequest'), reason: err.code ?? 'badRequest' }] });
    }
    req.log.error(err);
    metrics.errors.inc({ kind: 'unhandled' });
    return reply.code(500).send({ errors: [{ type: 'ServerError', message: ui.message(lang, 'error.generic') }] });
  });

  await userRoutes(app, {
    rateLimitMax: opts.authRateLimit ?? 60,
    loginThrottle: {
      counter: redis ? redisFailureCounter(redis, `${redisPrefix}login:`, (m) => app.log.warn(m)) : memoryFailureCounter(),
      perAccount: opts.loginThrottle?.perAccount ?? 5, perAddress: opts.loginThrottle?.perAddress ?? 50,
      windowMs: opts.loginThrottle?.windowMs ?? 15 * 60 * 1000,
    },
  });
  await profileRoutes(app);
  await healthRoutes(app);
  await catalogRoutes(app, { dev: opts.dev === true });
  await cartRoutes(app, { dev: opts.dev === true });
  await checkoutRoutes(app);
  await homeRoutes(app);
  await deliveryRoutes(app);
  await numberRoutes(app);
  await homeCheckoutRoutes(app);
  // the outbox page for testers (one-time codes): development mode only
  if (opts.dev) await devOutboxRoutes(app);
  // one gateway provider for the shop's and self-care's voids; self-care's poll retries both (retryOrderVoids)
  const gateway = opts.gateway ?? opts.selfcare?.gateway ?? simulatedGateway(app.ctx.db);
  await gatewayRoutes(app, { gateway });
  await selfcareRoutes(app, { ...opts.selfcare, gateway });
  // the documents in the database (issue 29): the live version served, switched when it moves (server/publish)
  const database = opts.documents === 'database';
  if (database) {
    const versions = new UiVersions(opts.db, ui, {
      schemasDir, cacheDir: opts.documentsCacheDir, pollMs: opts.documentsPollMs, listen: opts.listen, now: app.ctx.now,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (e, m) => app.log.error(e, m) },
    });
    await versions.start(ui.version === undefined ? ui.setAt(undefined) : undefined);
    app.decorate('uiVersions', versions);
    app.addHook('onClose', async () => { await versions.close(); });
  }
  await uiRoutes(app, { dev: opts.dev === true });
  await studioRoutes(app, { dev: opts.dev === true, schemasDir, distDir, database, fixtureStatesFile: join(root, 'tests', 'snapshots', 'fixture-states.json') });
  if (database) await publishRoutes(app, { versions: app.uiVersions!, schemasDir });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Prometheus text to the holder of METRICS_TOKEN only; anyone else (or any request when no token is set) gets the
  // API's 404, as for an address that does not exist. METRICS_PORT serves them on a private listener (main.ts).
  app.get('/metrics', { config: { catalogUnchanged: true, cartReadOnly: true } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!bearerMatches(req.headers.authorization, opts.metricsToken)) {
      return reply.code(404).send({ errors: [{ type: 'NotFoundError', message: ui.message(requestLang(req), 'error.notFound.api') }] });
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });

  // The built shop (vite build → dist/) under /assets/ecommerce/dist/, index.html for shop pages.
  const indexFile = join(distDir, 'index.html');
  // the first view of a page drawn on the server, from the renderer `vite build` puts beside dist/ (server/ui/ssr.ts)
  const firstView = new FirstViewRenderer(opts.ssrDir ?? join(distDir, '..', 'dist-ssr'), (e) => app.log.error(e, 'first view'), (id, set) => ui.setAt(set).docs.get(`form/${id}`)?.validator, sharedFetchOf(app));
  // loaded in the background once the server listens (after its first requests: a start is not made slower)
  app.addHook('onListen', (done) => { setTimeout(() => firstView.warm(), 300).unref(); done(); });
  if (existsSync(distDir)) {
    // hashed file names: cached for a year, never revalidated; the build's .br/.gz copies answer by Accept-Encoding
    await app.register(fastifyStatic, { root: distDir, prefix: '/assets/ecommerce/dist/', index: false, wildcard: true, maxAge: '365d', immutable: true, preCompressed: true });
  }
  app.setNotFoundHandler((req, reply) => {
    const lang = requestLang(req);
    const path = req.url.split('?')[0];
    // Any Accept (or none: a plain health probe, curl) gets the shop page; API prefixes keep JSON 404s.
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !API_PREFIXES.some((p) => path.startsWith(p));
    if (wantsHtml) {
      if (existsSync(indexFile)) {
        // the first view travels with the page (server/ui/page.ts): boot data for this language + path + query
        const q = req.url.indexOf('?');
        const [pagePath, search] = q < 0 ? [req.url, ''] : [req.url.slice(0, q), req.url.slice(q + 1)];
        const asksEnglish = addressAsksEnglish(pagePath, search);
        const pageLang = asksEnglish ? 'en' : lang;
        const indexHtml = readFileSync(indexFile, 'utf8');
        // an address that asks for English keeps it for the next pages at once: the browser's boot sets the same
        // cookie, but only once its scripts run (after the first paint), and a shopper may follow a link before that.
        // Only when the request does not carry it yet: that answer is the shopper's own (a Set-Cookie is never on a
        // shared answer), every later one is shared.
        const setsLangCookie = asksEnglish && req.cookies[LANG_COOKIE] !== 'true';
        if (setsLangCookie) {
          void reply.setCookie(LANG_COOKIE, 'true', { path: '/', maxAge: LANG_COOKIE_MAX_AGE, sameSite: 'lax' });
        }
        let failed = false;
        // a partial rollout of the UI documents (server/publish/rollout.ts) draws the page of the session's version:
        // then the page is the shopper's own answer (private), as the manifest is
        const rollout = ui.activeRollout !== null;
        // A first visit carries no session yet: during a rollout it gets its session now, so that this page is drawn
        // for the version the session will keep (without one it saw the live version, then switched at its next
        // manifest poll, ~20 s later, when the session its first call made happened to be in the rollout)
        const cookieSession = sessionIdOfCookie(req);
        const session = rollout && !cookieSession
          ? createSession(app.ctx.db, app.ctx.now()).then((s) => { setSessionCookie(reply, s.raw); return s.id; })
          : Promise.resolve(cookieSession);
        return session.then((sessionId) => renderShopPage(indexHtml, { ui: ui.forSession(sessionId), distDir, lang: pageLang, path: pagePath, search, firstView,
          consentCookie: req.cookies.b2c_consent ? `b2c_consent=${encodeURIComponent(req.cookies.b2c_consent)}` : '' }))
          .catch((e: unknown) => { req.log.error(e); failed = true; return { html: indexHtml, firstView: 'browser; failed' }; }) // the page still boots, fetching as before
          .then(async ({ html, firstView: drawnBy }) => {
            reply.header('X-First-View', drawnBy);
            // Nothing of the session is in the page (the header's cart count and name come from the shopper's own
            // calls once it is live): it depends on its address, the language cookie and the cookie choice only
            // (docs/decisions/0004-edge-caching.md), so it is a shared answer with an ETag; a 304 skips the compression.
            const answer = { body: html, etag: etagOf(html) };
            if (failed) {
              reply.header('Cache-Control', 'no-store'); // the bare shell of a failed drawing is kept by no one
            } else if (setsLangCookie || rollout) {
              reply.header('ETag', answer.etag).header('Cache-Control', 'private, no-cache').header('Vary', PAGE_VARY);
            } else {
              sendSharedHeaders(reply, answer, DOCUMENT_POLICY, PAGE_VARY);
              if (notModified(req, answer.etag)) return reply.code(304).send();
            }
            reply.type('text/html; charset=utf-8');
            // compressed here: @fastify/compress hooks routes, and a page is answered by this handler, not a route
            const encoding = negotiate(req.headers['accept-encoding'] ?? '', ['br', 'gzip']);
            if (!encoding || req.method === 'HEAD') return reply.send(html);
            const body = encoding === 'br'
              ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
              : await gzip(html, { level: 6 });
            return reply.header('Content-Encoding', encoding).send(body);
          });
      }
      reply.header('Cache-Control', 'no-store');
      return reply.code(503).type('text/html; charset=utf-8').send(
        `<!doctype html><meta charset="utf-8"><title>Orbita Telekom</title><p>${ui.message(lang, 'error.server.noBuild')}</p><pre>npm run build</pre>`);
    }
    return reply.code(404).send({ errors: [{ type: 'NotFoundError', message: ui.message(lang, 'error.notFound.api') }] });
  });

  if (opts.dev && opts.documents !== 'database') ui.watch({ info: (m) => app.log.info(m), error: (m) => app.log.error(m) });
  app.addHook('onClose', async () => { if (!opts.ui) await ui.close(); });
  return app;
}
