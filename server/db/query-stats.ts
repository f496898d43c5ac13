// Query counting for the bench (SHOP_QUERY_STATS=1): each request runs in an AsyncLocalStorage store; the
// drizzle logger of server/db/index.ts counts the statements issued inside it and the reply carries
// `x-query-count`. Without the flag nothing is installed (no logger, no hook), so production pays nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'drizzle-orm/logger';

export const queryStatsEnabled = () => process.env.SHOP_QUERY_STATS === '1';

const store = new AsyncLocalStorage<{ queries: number }>();

const TX_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set local)\b/i;

/**
 * The drizzle logger that counts statements. Transaction control (BEGIN/COMMIT, SET LOCAL…) is not counted: drizzle logs it
 * for node-postgres but not for PGlite, and the counts must compare across drivers.
 */
export const countingLogger: Logger = {
  logQuery(query: string) {
    const s = store.getStore();
    if (s && !TX_CONTROL.test(query)) s.queries++;
  },
};

/** Runs `fn` with a fresh counter and answers the number of statements it issued (tests). */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const s = { queries: 0 };
  const result = await store.run(s, fn);
  return { result, queries: s.queries };
}

export function registerQueryStats(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    store.run({ queries: 0 }, done);
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    const s = store.getStore();
    if (s) reply.header('x-query-count', String(s.queries));
    return payload;
  });
}
