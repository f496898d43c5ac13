// The app's edge: security headers, the auth routes' rate limit, load shedding, and how an error is answered.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import type { Redis } from 'ioredis';
import { ApiError } from './lib/errors';
import { TooManyError } from './lib/limits';
import { redisWithMemoryFallback } from './lib/rate-limit-store';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './db/errors';
import type { ShopMetrics } from './lib/metrics';
import { requestLang } from './lib/lang';
import { issueOf } from './lib/validation';
import type { UiDocuments } from './ui/documents';
import type { BuildAppOptions } from './app-options';

/** The contract's JSON API (every route under them answers JSON; the pages of the payment gateways live elsewhere). */
export const JSON_API_PREFIXES = ['/hybris/', '/ecommerce/', '/selfcare/'];

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

/** Helmet's security headers on every answer; the JSON API's own, fewer, on its answers. */
export function addSecurityHeaders(app: FastifyInstance): void {
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
}

/** The rate limit of the auth routes (counters in Redis when there is one, else in memory); 429 in the shopper's language. */
export async function registerRateLimit(app: FastifyInstance, opts: BuildAppOptions, ui: UiDocuments, redis: Redis | null, redisPrefix: string): Promise<void> {
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
}

/** Load shedding (@fastify/under-pressure): 503 with Retry-After past a threshold, /metrics still served. */
export async function registerLoadShedding(app: FastifyInstance, opts: BuildAppOptions, ui: UiDocuments, metrics: ShopMetrics): Promise<void> {
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
}

/** How an error is answered: the shop's error shape in the shopper's language, counted in the metrics. */
export function setErrorAnswers(app: FastifyInstance, ui: UiDocuments, metrics: ShopMetrics): void {
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
}
