// Prometheus metrics (issue 30), never public: served on a listener of their own (METRICS_PORT) and/or at /metrics on
// the shop's port to `Authorization: Bearer $METRICS_TOKEN` only (server/app.ts). One registry per app (tests build
// several); counters the app keeps elsewhere (the catalogue read model's `stats()`, the PostgreSQL pool) are read by
// collect callbacks at scrape time, so nothing is counted twice and nothing runs between scrapes.
import { createServer, type Server } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/index';
import type { QueueStats } from '../db/jobs';

/** Adds to cart written, by way: one statement to a known cart, one statement opening the cart, the locked batch. */
export interface CartAddCounts { known: number; new: number; locked: number }

/** The counters of the catalogue read model these metrics show: what they read of server/catalog's CatalogModel.stats
 *  (declared here, so that lib/ names no module above it; CatalogStats has them all). */
export interface CatalogCounters {
  revision: number;
  products: number;
  fullRebuilds: number;
  deltasApplied: number;
  productsReloaded: number;
  lastRebuildMs: number;
  lastRebuildCpuMs: number;
  rebuilding: boolean;
  /** answers kept (entries, and the bytes they hold) and those that left the table at its bound */
  answers: number;
  answerBytes: number;
  answersEvicted: number;
}

export interface ShopMetricsOptions {
  /** The catalogue read model's counters (CatalogModel.stats). */
  catalog?: () => CatalogCounters;
  /** PostgreSQL's pool (absent on PGlite: one connection, no pool). */
  pool?: PoolStats;
  /** The job queues' depth and age (server/db/jobs.ts queueStats), read at scrape time. */
  jobs?: () => Promise<QueueStats[]>;
  /** The adds to cart written so far, by way (server/cart/add.ts addPathCounts). */
  cartAdds?: () => CartAddCounts;
  /** Node's process metrics (CPU, memory, event loop lag, GC); default true. */
  defaults?: boolean;
}

/** A counter whose value is kept elsewhere: set to that value at scrape time. */
function mirrored(registry: Registry, name: string, help: string, read: () => number | undefined): void {
  new Counter({ name, help, registers: [registry], collect() { const v = read(); if (v !== undefined) { this.reset(); this.inc(v); } } });
}
function gauge(registry: Registry, name: string, help: string, read: () => number | undefined): void {
  new Gauge({ name, help, registers: [registry], collect() { const v = read(); if (v !== undefined) this.set(v); } });
}

export class ShopMetrics {
  readonly registry = new Registry();
  /** Answers by method, route pattern (never the raw address) and status. */
  readonly requests = new Counter({ name: 'shop_http_requests_total', help: 'HTTP answers by method, route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers: [this.registry] });
  readonly duration = new Histogram({
    name: 'shop_http_request_duration_seconds', help: 'Time to answer, by method and route pattern', labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [this.registry],
  });
  /** 5xx answers by route; `shop_errors_total` by kind (what the error handler saw). */
  readonly serverErrors = new Counter({ name: 'shop_http_server_errors_total', help: '5xx answers by route pattern and status', labelNames: ['route', 'status'] as const, registers: [this.registry] });
  readonly errors = new Counter({ name: 'shop_errors_total', help: 'Errors answered by the shop, by kind (unhandled, database_unavailable, pressure_<threshold> when load is shed)', labelNames: ['kind'] as const, registers: [this.registry] });
  readonly rateLimited = new Counter({ name: 'shop_rate_limit_rejections_total', help: 'Requests refused by a rate limit or attempt limit (429), by reason', labelNames: ['reason'] as const, registers: [this.registry] });
  readonly orders = new Counter({ name: 'shop_orders_total', help: 'Order submissions by outcome (placed, refused, limited, failed)', labelNames: ['outcome'] as const, registers: [this.registry] });
  readonly payments = new Counter({ name: 'shop_payment_callbacks_total', help: 'Payment gateway callbacks, by channel (shop, selfcare) and result (APPROVED, DECLINED, CARD_LIMIT when applied; alreadyProcessed, voided, refused, failed)', labelNames: ['channel', 'result'] as const, registers: [this.registry] });

  constructor(opts: ShopMetricsOptions = {}) {
    const r = this.registry;
    if (opts.defaults !== false) collectDefaultMetrics({ register: r });
    const cat = opts.catalog;
    if (cat) {
      mirrored(r, 'shop_catalog_full_rebuilds_total', 'Full rebuilds of the catalogue read model', () => cat().fullRebuilds);
      mirrored(r, 'shop_catalog_deltas_total', 'Catalogue changes applied as a delta', () => cat().deltasApplied);
      mirrored(r, 'shop_catalog_products_reloaded_total', 'Products read again by deltas', () => cat().productsReloaded);
      gauge(r, 'shop_catalog_last_rebuild_seconds', 'Wall time of the last full rebuild', () => cat().lastRebuildMs / 1000);
      gauge(r, 'shop_catalog_last_rebuild_cpu_seconds', 'CPU time of the last full rebuild', () => cat().lastRebuildCpuMs / 1000);
      gauge(r, 'shop_catalog_revision', 'Catalogue revision this instance serves', () => cat().revision);
      gauge(r, 'shop_catalog_products', 'Products in the read model', () => cat().products);
      gauge(r, 'shop_catalog_rebuilding', '1 while a full rebuild runs', () => (cat().rebuilding ? 1 : 0));
      gauge(r, 'shop_catalog_answers', 'Catalogue answers kept in memory', () => cat().answers);
      gauge(r, 'shop_catalog_answer_bytes', 'Bytes the kept catalogue answers hold (bounded by CATALOG_ANSWERS_MB)', () => cat().answerBytes);
      mirrored(r, 'shop_catalog_answers_evicted_total', 'Kept catalogue answers that left at the bound (entries or bytes), oldest first', () => cat().answersEvicted);
    }
    const adds = opts.cartAdds;
    if (adds) {
      new Counter({
        name: 'shop_cart_adds_total', labelNames: ['path'] as const, registers: [r],
        help: 'Adds to cart written, by way: known (one statement to a cart this instance wrote last, still as it was), new (one statement with the cart it opens) or locked (the batch that reads the carts under their locks)',
        collect() { const c = adds(); this.reset(); for (const path of ['known', 'new', 'locked'] as const) this.inc({ path }, c[path]); },
      });
    }
    const pool = opts.pool;
    if (pool) {
      gauge(r, 'shop_db_pool_connections', 'PostgreSQL pool connections (open)', () => pool.totalCount);
      gauge(r, 'shop_db_pool_idle', 'PostgreSQL pool connections idle', () => pool.idleCount);
      gauge(r, 'shop_db_pool_waiting', 'Requests waiting for a PostgreSQL connection', () => pool.waitingCount);
      mirrored(r, 'shop_db_pool_acquires_total', 'Connections taken from the PostgreSQL pool', () => pool.acquires);
      mirrored(r, 'shop_db_pool_wait_seconds_total', 'Time spent waiting for a PostgreSQL connection (divide by acquires for the mean)', () => pool.waitMs / 1000);
    }
    const jobs = opts.jobs;
    if (jobs) {
      // one query per scrape feeds the four series
      let pending: Promise<QueueStats[]> | null = null;
      const read = () => (pending ??= jobs().finally(() => { setImmediate(() => { pending = null; }); }));
      const queueGauge = (name: string, help: string, pick: (q: QueueStats) => number) => new Gauge({
        name, help, labelNames: ['queue'] as const, registers: [r],
        async collect() {
          this.reset();
          for (const q of await read().catch(() => [])) this.set({ queue: q.queue }, pick(q));
        },
      });
      queueGauge('shop_jobs_waiting', 'Jobs waiting in a queue (created or to be retried, due or not); in shop.dead: jobs whose retries are spent', (q) => q.waiting);
      queueGauge('shop_jobs_due', 'Jobs due to run now and not yet taken by a worker', (q) => q.due);
      queueGauge('shop_jobs_active', 'Jobs a worker is running', (q) => q.active);
      queueGauge('shop_jobs_oldest_due_seconds', 'How long the oldest due job has waited for a worker', (q) => q.oldestDueSeconds);
    }
  }

  text(): Promise<string> { return this.registry.metrics(); }
  get contentType(): string { return this.registry.contentType; }
}

/** `Authorization: Bearer <token>` compared in constant time; false when no token is configured. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(header.slice(7)), h(token));
}

/** The private metrics listener (METRICS_PORT): GET /metrics, nothing else. Resolves once it listens. */
export async function startMetricsServer(metrics: ShopMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && req.url?.split('?')[0] === '/metrics') {
      metrics.text().then((body) => {
        res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body);
      }, () => { res.writeHead(500).end(); });
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port, host, () => { server.off('error', reject); resolve(); }); });
  return server;
}
