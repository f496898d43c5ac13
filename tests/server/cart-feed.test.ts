// @vitest-environment node
// On PostgreSQL an instance keeps the cart rows it read while its change feed is connected (server/cart/row-cache.ts,
// migration 0023): a read of an unchanged cart asks nothing, and a change made by another instance, by hand in SQL,
// or a sign-out is announced and shows on the next read once the announcement arrived; while the feed is lost every
// read asks the database. Runs when TEST_DATABASE_URL is set (CI).
process.env.SHOP_QUERY_STATS = '1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/index';
import { carts } from '../../server/db/tables';
import { GATEWAY_SECRET, loadUi, PATHS, Shopper, startApp, type Harness } from './helpers';

afterAll(() => { delete process.env.SHOP_QUERY_STATS; });

const queries = (r: { headers: Record<string, unknown> }) => Number(r.headers['x-query-count']);

/** Polls until `check` holds; fails after 10 s. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('cart rows kept by an instance on PostgreSQL', () => {
  let h: Harness;
  let other: Database;
  let b: FastifyInstance;
  beforeAll(async () => {
    h = await startApp(process.env.TEST_DATABASE_URL);
    other = await openDatabase({ url: h.dbUrl });
    b = await buildApp({ db: other.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, listen: other.listen });
    await b.ready();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    b?.ctx.ui.close();
    await other?.close();
    await h?.close();
  });

  it('reads an unchanged cart with no query; shows changes by another instance, by SQL and a sign-out; keeps nothing while the feed is lost', async () => {
    const a = await new Shopper(h.app).login();
    expect((await a.call('POST', PATHS.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    // the same session on instance B (its token is valid on every instance)
    const onB = Object.assign(new Shopper(b), { token: a.token, cookie: a.cookie });
    await eventually(async () => queries(await onB.call('GET', PATHS.fullCart)) === 0, 'B serves the cart from memory');
    expect((await onB.call('GET', PATHS.fullCart)).json().totalUnitCount).toBe(1);

    // instance A adds: B shows it once the announcement arrived, and keeps the new row again
    expect((await a.call('POST', PATHS.addBundle, { deviceCode: 'ACC_TEMPERED_GLASS', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    await eventually(async () => (await onB.call('GET', PATHS.fullCart)).json().totalUnitCount === 2, 'B shows A\'s add');
    await eventually(async () => queries(await onB.call('GET', PATHS.fullCart)) === 0, 'B keeps the new row');

    // a change made by hand in SQL is announced too (a trigger, not the application)
    const code = (await onB.call('GET', PATHS.fullCart)).json().code as string;
    await h.database.db.update(carts).set({ paymentMode: 'card' }).where(eq(carts.code, code));
    await eventually(async () => (await onB.call('GET', PATHS.fullCart)).json().paymentMode?.code === 'card', 'B shows the SQL change');

    // the feed is lost: B keeps nothing until it listens again
    await h.database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    await eventually(async () => queries(await onB.call('GET', PATHS.fullCart)) > 0, 'B asks the database while the feed is lost');
    await eventually(async () => queries(await onB.call('GET', PATHS.fullCart)) === 0, 'B listens again and keeps rows again');

    // A signs the session out: its token no longer reads the cart on B
    const oldToken = a.token;
    expect((await a.call('POST', '/selfcare/b2c/user/logout')).statusCode).toBe(200);
    await eventually(async () => (await b.inject({ method: 'GET', url: PATHS.fullCart, headers: { authorization: `Bearer ${oldToken}`, lang: '1' } })).statusCode === 401, 'B refuses the revoked session');
  });
});
