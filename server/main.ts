// Starts the shop: opens the database (PGlite in ./data/pglite, or PostgreSQL when DATABASE_URL
// is set), migrates, seeds on first start, checks the schema set (schemas/, or SCHEMAS_DIR), listens on HOST:PORT.
// SIGTERM / SIGINT: drains (no new connections, /health 503, in-flight requests finish within SHUTDOWN_TIMEOUT_MS),
// stops the pollers, closes the database and exits 0 (1 when the bound is passed or a second signal comes).
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import closeWithGrace from 'close-with-grace';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { formatErrors } from '../tools/schemas/format.js';
import { openDatabase } from './db/index';
import { seedIfEmpty } from './db/seed/index';
import { buildApp } from './app';
import { CatalogModel } from './catalog/model';
import { scaledLimits } from './lib/limits';
import { startMetricsServer } from './lib/metrics';
import { gatewaySecretOf, GatewaySecretError } from './payment/secret';
import { defaultSchemaCacheDir, SchemaSetError, UiDocuments } from './ui/documents';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

/** A whole number from the environment, or the default. */
function envInt(name: string, fallback: number): number {
  const v = process.env[name];
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** TRUST_PROXY: `true`, a hop count, or addresses/CIDRs of the load balancers (Fastify trustProxy). */
function trustProxy(v: string | undefined): boolean | number | string | undefined {
  if (!v) return undefined;
  if (v === 'true' || v === 'false') return v === 'true';
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** LOG_LEVEL: one of pino's levels; anything else is ignored with a warning (pino would refuse to start). */
function logLevel(v: string | undefined): string | undefined {
  if (!v) return undefined;
  if (['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(v)) return v;
  console.warn(`LOG_LEVEL=${v} is not a level (fatal, error, warn, info, debug, trace, silent): the default is used.`);
  return undefined;
}

/** START_TIMING=1 prints where the start time goes (ms since the process started). */
const mark = (what: string) => {
  if (!process.env.START_TIMING) return;
  const cpu = process.cpuUsage();
  console.log(`[start] ${what.padEnd(22)} ${Math.round(performance.now())} ms (cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms)`);
};

type Database = Awaited<ReturnType<typeof openDatabase>>;
type App = Awaited<ReturnType<typeof buildApp>>;

async function main(): Promise<void> {
  mark('imports');
  const gateway = gatewaySecretOrExit();
  const schemasDir = process.env.SCHEMAS_DIR ? resolve(process.env.SCHEMAS_DIR) : join(root, 'schemas');
  const { database, ui, catalog } = await openDatabaseAndDocuments(schemasDir);
  const app = await buildShop(database, ui, catalog, gateway, schemasDir);
  mark('app built');
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.warn('dist/ is missing: run `npm run build` to serve the shop pages (the API works without it).');
  }
  let metricsServer: Server | null = null;
  closeOnSignal(app, ui, database, () => metricsServer);
  // the catalogue read model is loading since the database opened: this joins that load, and logs it if it failed
  void app.ctx.catalog.current().catch((e: unknown) => app.log.error(e, 'catalogue read model'));
  const address = await app.listen({ port, host });
  mark('listening');
  metricsServer = await startMetrics(app);
  console.log(`Orbita Telekom shop (${database.dialect}${dev ? ', dev' : ''}) at ${address}/`);
}

/** The gateway's secret. Fail closed: a production start without a secret of its own stops here, before anything is opened. */
function gatewaySecretOrExit(): ReturnType<typeof gatewaySecretOf> {
  let gateway: ReturnType<typeof gatewaySecretOf>;
  try {
    gateway = gatewaySecretOf(process.env);
  } catch (err) {
    if (err instanceof GatewaySecretError) { console.error(err.message); process.exit(1); }
    throw err;
  }
  if (gateway.warning) console.warn(gateway.warning);
  return gateway;
}

/** An invalid schema set: said, the database closed, exit 1. */
async function refuseSchemaSet(err: SchemaSetError, database: Database): Promise<never> {
  console.error(`The schema set under schemas/ is invalid; the server does not start.\n${formatErrors(err.errors)}`);
  await database.close();
  process.exit(1);
}

/**
 * The database (open, migrate, seed) and the schema set (checked once per content hash; in a worker thread under the
 * bundle) load side by side; the catalogue read model starts loading as soon as the database is there, so at a first
 * start its build runs beside the check instead of after it.
 */
async function openDatabaseAndDocuments(schemasDir: string): Promise<{ database: Database; ui: UiDocuments; catalog: CatalogModel }> {
  const [dbResult, uiResult] = await Promise.allSettled([
    openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR ?? join(root, 'data', 'pglite') }).then(async (d) => {
      mark('database open');
      if (await seedIfEmpty(d.db)) console.log('Seed catalogue loaded (first start).');
      mark('database seeded');
      // the model of this database, kept between starts (a warm start reads it and the changes since)
      const cacheFile = join(defaultSchemaCacheDir(), `catalog-${createHash('sha256').update(process.env.DATABASE_URL ?? process.env.PGLITE_DIR ?? join(root, 'data', 'pglite')).digest('hex').slice(0, 12)}.v8`);
      const catalog = new CatalogModel(d.db, undefined, { cacheFile });
      // the first page (and search) joins this load instead of starting it; a failure is the app's to log (main)
      catalog.current().then(() => mark('catalogue loaded'), () => {});
      return { database: d, catalog };
    }),
    UiDocuments.load(schemasDir, { cacheDir: defaultSchemaCacheDir(), builtFile: join(root, 'dist', '.schema-set.json') })
      .then((u) => { mark('schema set loaded'); return u; }),
  ]);
  if (dbResult.status === 'rejected') throw dbResult.reason;
  const { database, catalog } = dbResult.value;
  if (uiResult.status === 'rejected') {
    if (uiResult.reason instanceof SchemaSetError) await refuseSchemaSet(uiResult.reason, database);
    throw uiResult.reason;
  }
  return { database, ui: uiResult.value, catalog };
}

/** The app, configured from the environment. */
async function buildShop(database: Database, ui: UiDocuments, catalog: CatalogModel, gateway: ReturnType<typeof gatewaySecretOf>, schemasDir: string): Promise<App> {
  // the UI documents: published versions in the database in production (issue 29; UI_DOCUMENTS=files keeps the files),
  // the files of schemas/ in development unless UI_DOCUMENTS=database
  const documents = process.env.UI_DOCUMENTS === 'database' || (process.env.UI_DOCUMENTS !== 'files' && process.env.NODE_ENV === 'production')
    ? 'database' as const : 'files' as const;
  const secret = gateway.secret;
  try {
    return await buildApp({
      db: database.db, dev, logger: true, gatewaySecret: secret, gatewayPreviousSecret: gateway.previous, singleInstance: database.dialect === 'pglite', listen: database.listen, schemasDir, ui,
      authRateLimit: process.env.AUTH_RATE_LIMIT ? Number(process.env.AUTH_RATE_LIMIT) : undefined,
      redisUrl: process.env.REDIS_URL || undefined,
      limits: scaledLimits(process.env.SEND_LIMITS_FACTOR),
      trustProxy: trustProxy(process.env.TRUST_PROXY),
      logLevel: logLevel(process.env.LOG_LEVEL),
      instance: process.env.INSTANCE_ID || undefined,
      metricsToken: process.env.METRICS_TOKEN || undefined,
      dbPool: database.pool, jobs: database.jobSql,
      catalog,
      pressure: {
        // off unless set: an operator chooses the bound for the instance's size (1000 ms suits 2 vCPU); a default made a
        // production start on a crowded test machine answer 503 to shoppers whose requests it could still have served
        maxEventLoopDelayMs: envInt('SHED_EVENT_LOOP_DELAY_MS', 0),
        maxEventLoopUtilization: Number(process.env.SHED_EVENT_LOOP_UTILIZATION) || 0,
        maxHeapUsedBytes: envInt('SHED_HEAP_USED_BYTES', 0),
        maxRssBytes: envInt('SHED_RSS_BYTES', 0),
      },
      documents, documentsCacheDir: defaultSchemaCacheDir(),
    });
  } catch (err) {
    if (err instanceof SchemaSetError) await refuseSchemaSet(err, database);
    throw err;
  }
}

/** SIGTERM / SIGINT: the drain, then the app, the documents, the metrics listener and the database closed in turn. */
function closeOnSignal(app: App, ui: UiDocuments, database: Database, metricsServer: () => Server | null): void {
  const shutdownMs = envInt('SHUTDOWN_TIMEOUT_MS', 10_000);
  // behind a balancer: how long the instance keeps serving with /health at 503 before it stops listening, so the
  // balancer's health checks take it out of rotation first (no new connection is then refused or reset)
  const drainMs = envInt('SHUTDOWN_DRAIN_MS', 0);
  const log = app.log;
  closeWithGrace({
    delay: drainMs + shutdownMs,
    skip: ['beforeExit'],
    logger: { error: (m: unknown) => (m instanceof Error ? log.error(m, 'shutdown failed') : log.error(String(m))) },
    onTimeout: (ms: number) => log.error({ timeoutMs: ms }, 'shutdown: in-flight work did not finish in time, exiting with 1'),
    onSecondSignal: (signal: string) => log.error({ signal }, 'shutdown: second signal, exiting with 1'),
  }, async ({ signal, err }) => {
    const started = performance.now();
    if (err) log.fatal(err, 'shutdown after an uncaught error');
    log.info({ signal, drainMs, timeoutMs: shutdownMs }, 'shutdown: started (/health answers 503; after the drain no new connections, in-flight requests finish)');
    app.ctx.draining = true;
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
    // stops listening, waits for the requests in flight, then the onClose hooks stop the pollers and feeds
    await app.close();
    ui.close();
    const metrics = metricsServer();
    await new Promise<void>((done) => { if (metrics) metrics.close(() => done()); else done(); });
    await database.close();
    log.info({ ms: Math.round(performance.now() - started) }, 'shutdown: done');
  });
}

/** The metrics on a listener of their own (not exposed through the balancer; no token there), when METRICS_PORT is set. */
async function startMetrics(app: App): Promise<Server | null> {
  const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : NaN;
  if (!(Number.isInteger(metricsPort) && metricsPort > 0)) return null;
  const server = await startMetricsServer(app.ctx.metrics, metricsPort, process.env.METRICS_HOST ?? host);
  app.log.info({ port: metricsPort }, 'metrics listening');
  return server;
}

main().catch((err) => { console.error(err); process.exit(1); });
