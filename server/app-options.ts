// What buildApp (server/app.ts) is given, and the Fastify server's own options made from it: logging, request ids,
// the body validation and serialization compilers, router-level errors.
import type { CatalogModel } from './catalog/model';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { LogController, type FastifyServerOptions, type FastifyReply } from 'fastify';
import type { Db, Listen, PoolStats } from './db/index';
import type { JobSql } from './db/jobs';
import type { LimitSettings } from './lib/limits';
import { lazyRequestLogger, logHooks, logRedaction, logSerializers } from './lib/log-safety';
import { requestIdOf } from './lib/request-context';
import { requestLang } from './lib/lang';
import { bodyValidationOptions, finiteNumbersValidatorFactory, sharedSerializerFactory } from './lib/validation';
import type { SelfcareRouteOptions } from './selfcare/routes';
import type { GatewayProvider } from './payment/gateway/provider';
import type { UiDocuments } from './ui/documents';

/** The repository's folder (schemas/, dist/ and tests/ are found under it by default). */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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
  /** the catalogue read model, already loading (server/main.ts starts it beside the schema set's check); else made here
   *  from `catalogCheckMs` and `catalogCacheFile` */
  catalog?: CatalogModel;
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

/** pino-pretty is a development nicety: used when it is installed, plain JSON lines otherwise. */
function prettyAvailable(): boolean {
  try { createRequire(import.meta.url).resolve('pino-pretty'); return true; } catch { return false; }
}

/** The formats document's text (schemas/formats/formats.json); '' when there is none. */
function formatsText(schemasDir: string): string {
  const file = join(schemasDir, 'formats', 'formats.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** The shared payload schemas (schemas/api/*.json but paths.json, each with $id) as texts, by file name. */
export function apiSchemaTexts(schemasDir: string): string[] {
  return readdirSync(join(schemasDir, 'api')).filter((f) => f.endsWith('.json') && f !== 'paths.json').sort()
    .map((f) => readFileSync(join(schemasDir, 'api', f), 'utf8'));
}

/** What keys the compiled routes: the shared schemas' texts and the formats. */
export function compileKeyOf(apiFiles: string[], schemasDir: string): string {
  return createHash('sha256').update(apiFiles.join('\0')).update(formatsText(schemasDir)).digest('hex');
}

/** The Fastify server's options: logging, request ids, validation and serialization, router-level errors, trustProxy. */
export function fastifyOptions(opts: BuildAppOptions, schemasDir: string, compileKey: string, ui: UiDocuments): FastifyServerOptions {
  const serverOptions: FastifyServerOptions = {
    // nothing personal in a log line: no body, cookie or authorization header, no query parameters of a failed SQL
    // statement, no address (server/lib/log-safety.ts). Every line names its instance; a request's lines its id.
    logger: opts.logger ? {
      level: opts.logLevel ?? (opts.dev ? 'debug' : 'info'), redact: logRedaction, serializers: logSerializers, hooks: logHooks,
      base: { pid: process.pid, hostname: hostname(), instance: opts.instance ?? hostname() },
      ...(opts.loggerStream ? { stream: opts.loggerStream } : opts.dev && prettyAvailable() ? { transport: { target: 'pino-pretty' } } : {}),
    } : false,
    // Fastify's two lines per request (with the address and its query) are replaced by one line at the answer
    // (server/app-hooks.ts)
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
  return serverOptions;
}
