// GET /health for load balancers: 200 when the database answers and the schema set is loaded, else 503 (a pooled
// connection a restart left dead is not the database being down: the probe asks again on another).
// No authentication, no rate limit, never cached. While the instance shuts down (server/main.ts sets ctx.draining)
// it answers 503 at once, so that a balancer stops sending before the listener closes.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { requestLang } from './lib/lang';
import { isLostConnection } from './db/errors';

const DB_TIMEOUT_MS = 2000;
/** A database restart leaves the pool's idle connections dead until each hears of it: a probe that draws one of them
 *  asks again on another (pg-pool drops the dead one) rather than report the database down. At most the pool's size. */
const LOST_RETRIES = 10;

async function selectOne(db: FastifyInstance['ctx']['db']): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.execute(sql`SELECT 1`);
      return;
    } catch (err) {
      if (attempt >= LOST_RETRIES || !isLostConnection(err)) throw err;
    }
  }
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui } = app.ctx;
  app.get('/health', async (req, reply) => {
    if (app.ctx.draining) {
      reply.header('Cache-Control', 'no-store').code(503);
      return { status: 'draining', message: ui.message(requestLang(req), 'health.down') };
    }
    let database: 'ok' | 'down' = 'down';
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        selectOne(db),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS); }),
      ]);
      database = 'ok';
    } catch { /* reported below */ } finally { clearTimeout(timer); }
    const schemas = ui.documentCount;
    const ok = database === 'ok' && schemas > 0;
    reply.header('Cache-Control', 'no-store').code(ok ? 200 : 503);
    return ok ? { status: 'ok', database, schemas } : { status: 'unavailable', database, schemas, message: ui.message(requestLang(req), 'health.down') };
  });
}
