// The app's shared context (`app.ctx`, server/context.ts) and what it is made of: Redis when configured, the metrics,
// the job workers, the catalogue read model, the cart row cache, the limits.
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Limits } from './lib/limits';
import { ShopMetrics } from './lib/metrics';
import { loadPaths } from './lib/paths';
import { JobWorkers, queueStats } from './db/jobs';
import { CatalogModel } from './catalog/model';
import { addPathCounts, CartRowCache } from './cart/index';
import { accountOfSession } from './user/index';
import { DEV_GATEWAY_SECRET } from './payment/secret';
import type { UiDocuments } from './ui/documents';
import type { BuildAppOptions } from './app-options';

/** Redis at `redisUrl` (none without one), its first connection awaited for at most 2 s, closed with the app. */
export async function openRedis(app: FastifyInstance, redisUrl: string | undefined): Promise<Redis | null> {
  // (ioredis is imported only when there is a Redis to talk to)
  const redis: Redis | null = redisUrl ? new (await import('ioredis')).Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  redis?.on('error', (err) => app.log.warn(`Redis: ${err.message}`));
  // Commands fail at once while Redis is away (no offline queue: the limits fall back, requests never wait), so
  // the first connection is awaited here, for at most 2 s.
  if (redis && redis.status !== 'ready') {
    await new Promise<void>((done) => { const t = setTimeout(done, 2000); redis.once('ready', () => { clearTimeout(t); done(); }); });
  }
  app.addHook('onClose', async () => { await redis?.quit().catch(() => redis.disconnect()); });
  return redis;
}

/** Decorates the app with its context (`app.ctx`); the metrics and the job workers (null without `jobs`) it holds. */
export function decorateContext(app: FastifyInstance, opts: BuildAppOptions, parts: { ui: UiDocuments; schemasDir: string; redis: Redis | null; redisPrefix: string }): { metrics: ShopMetrics; jobs: JobWorkers | null } {
  const { ui, schemasDir, redis, redisPrefix } = parts;
  const jobSql = opts.jobs;
  const metrics = new ShopMetrics({ catalog: () => app.ctx.catalog.stats(), cartAdds: () => addPathCounts(opts.db), pool: opts.dbPool, jobs: jobSql ? () => queueStats(jobSql) : undefined });
  const jobs = jobSql ? new JobWorkers(jobSql, { pollSeconds: opts.jobPollSeconds, log: app.log }) : null;
  const gatewaySecret = opts.gatewaySecret ?? DEV_GATEWAY_SECRET;
  app.decorate('ctx', {
    db: opts.db, ui, paths: loadPaths(schemasDir),
    gatewaySecret,
    gatewaySecrets: opts.gatewayPreviousSecret ? [gatewaySecret, opts.gatewayPreviousSecret] : [gatewaySecret],
    tokenTtlMs: opts.tokenTtlMs ?? 15 * 60 * 1000,
    now: opts.now ?? Date.now,
    secureCookies: opts.secureCookies ?? (!opts.dev && process.env.COOKIE_SECURE === 'true'),
    catalog: opts.catalog ?? new CatalogModel(opts.db, opts.catalogCheckMs, { cacheFile: opts.catalogCacheFile }),
    cartRows: opts.singleInstance ? new CartRowCache() : opts.listen ? new CartRowCache({ live: false }) : null,
    limits: new Limits({
      db: opts.db, redis, prefix: redisPrefix, settings: opts.limits, log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) },
      accountOf: (sessionId) => accountOfSession(opts.db, sessionId),
    }),
    metrics,
    jobs,
    draining: false,
  });
  // the workers start once every module registered its queue's handler, and stop (after their current job) before
  // the database is closed
  return { metrics, jobs };
}
