// @vitest-environment node
// The shop survives its database blinking (issue 24), PostgreSQL only: every connection of the app is terminated
// (pg_terminate_backend, as a restart or a failover does) while an order's transaction waits half-way; the process
// lives, the request answers 503 with Retry-After in the shopper's language, nothing of the order was written, and the
// next requests and /health answer 200 by themselves. A lock wait beyond lock_timeout answers 503 too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import net from 'node:net';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openDatabase, type Database, type SessionTimeouts } from '../../server/db/index';
import { isDatabaseUnavailable } from '../../server/db/errors';
import { checkoutReadyShopper, GATEWAY_SECRET, PATHS, REQUIRED_CONSENTS, startApp, type Harness } from './helpers';

const url = process.env.TEST_DATABASE_URL;
const DEVICE = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
const SUBMIT = { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null };

describe.skipIf(!url)('database faults on postgres', () => {
  let h: Harness;
  const opened: Array<{ app: FastifyInstance; database: Database }> = [];
  const admins: pg.Client[] = [];

  /** An app of its own pool on the harness's database, with these timeouts. */
  async function appWith(timeouts: Partial<SessionTimeouts>): Promise<FastifyInstance> {
    const database = await openDatabase({ url: h.dbUrl!, timeouts });
    const app = await buildApp({ db: database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, listen: database.listen });
    await app.ready();
    opened.push({ app, database });
    return app;
  }

  /** A connection of the test (not the app's): it may be terminated too, which must not fail the run. */
  async function admin(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: h.dbUrl! });
    c.on('error', () => { /* terminated with the others */ });
    await c.connect();
    admins.push(c);
    return c;
  }

  /** Resolves once some backend of the database waits for a lock (the request reached the locked row). */
  async function someoneWaitsForALock(c: pg.Client): Promise<void> {
    for (let i = 0; i < 2000; i++) {
      const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('no request ever waited for the lock');
  }

  const counts = async (c: pg.Client) => {
    const { rows } = await c.query(`SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT level FROM stock WHERE variant_code = $1) AS stock`, [DEVICE]);
    return rows[0] as { orders: number; stock: number };
  };

  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => {
    for (const c of admins) await c.end().catch(() => {});
    for (const o of opened) { await o.app.close(); await o.database.close(); }
    await h?.close();
  });

  it('answers an order in flight with 503 when every connection is terminated, writes none of it, and serves again', async () => {
    // no lock timeout: the order waits at the locked stock row until its connection is terminated
    const app = await appWith({ lockMs: 0 });
    const s = await checkoutReadyShopper(app);
    s.lang = '2';
    const locker = await admin();
    const before = await counts(locker);
    await locker.query('BEGIN');
    await locker.query('SELECT level FROM stock WHERE variant_code = $1 FOR UPDATE', [DEVICE]);

    const inFlight = s.call('POST', PATHS.submitOrder, SUBMIT);
    const killer = await admin();
    await someoneWaitsForALock(killer);
    const { rows: killed } = await killer.query('SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) t');
    expect(killed[0].n).toBeGreaterThan(1);

    const res = await inFlight;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().errors[0]).toMatchObject({ type: 'ServiceUnavailableError', message: 'The service is temporarily unavailable. Try again in 5 s.', reason: 'unavailable' });

    // nothing of the order was written (its transaction rolled back with the connection), the stock is as it was
    expect(await counts(killer)).toEqual(before);
    // the process lives and the app answers again without a restart: health, a catalogue read, the same order
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await s.call('GET', `${PATHS.search}?categoryCode=telefoni`)).statusCode).toBe(200);
    const again = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(again.statusCode, again.body).toBe(200);
    const after = await counts(killer);
    expect(after.orders).toBe(before.orders + 1);
    expect(after.stock).toBe(before.stock - 1);
  }, 60_000);

  it('answers 503 when a lock is held beyond lock_timeout, and the order goes through once it is free', async () => {
    const app = await appWith({ lockMs: 300 });
    const s = await checkoutReadyShopper(app);
    s.lang = '1';
    const locker = await admin();
    const before = await counts(locker);
    await locker.query('BEGIN');
    await locker.query('SELECT level FROM stock WHERE variant_code = $1 FOR UPDATE', [DEVICE]);
    const res = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().errors[0].message).toBe('Usluga je trenutno nedostupna. Pokušaj ponovo za 5 s.');
    await locker.query('ROLLBACK');
    expect(await counts(locker)).toEqual(before);
    const again = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(again.statusCode, again.body).toBe(200);
  }, 60_000);

  it('sets lock, statement and idle-in-transaction timeouts on every connection', async () => {
    const database = await openDatabase({ url: h.dbUrl!, timeouts: { lockMs: 1234, statementMs: 23456, idleInTransactionMs: 34567 } });
    opened.push({ app: await buildApp({ db: database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET }), database });
    const { sql } = await import('drizzle-orm');
    const result = await database.db.execute(sql`SELECT current_setting('lock_timeout') AS l, current_setting('statement_timeout') AS s, current_setting('idle_in_transaction_session_timeout') AS i`);
    const rows = (result as unknown as { rows: unknown[] }).rows;
    expect(rows[0]).toEqual({ l: '1234ms', s: '23456ms', i: '34567ms' });
    // a statement beyond statement_timeout is one of the errors that answer 503
    const slow = await openDatabase({ url: h.dbUrl!, timeouts: { statementMs: 100 } });
    try {
      const err = await slow.db.execute(sql`SELECT pg_sleep(2)`).then(() => null, (e: unknown) => e);
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally { await slow.close(); }
  });

  it('while the database is down: /health 503, requests 503, the catalogue from its last model; all 200 again by itself', async () => {
    // the database behind a TCP proxy of the test: stopping the proxy resets every connection and refuses new ones
    // (a restart as the app sees it), starting it again on the same port is the database coming back
    const target = new URL(h.dbUrl!);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const server = net.connect(Number(target.port || 5432), target.hostname);
      for (const [a, b] of [[client, server], [server, client]] as const) {
        sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => { sockets.delete(a); b.destroy(); });
        a.pipe(b);
      }
    });
    const listen = (port: number) => new Promise<number>((ok) => proxy.listen(port, '127.0.0.1', () => ok((proxy.address() as net.AddressInfo).port)));
    const port = await listen(0);
    const stop = () => new Promise<void>((ok) => { proxy.close(() => ok()); for (const x of sockets) x.destroy(); });
    const via = new URL(h.dbUrl!);
    via.hostname = '127.0.0.1';
    via.port = String(port);
    const database = await openDatabase({ url: via.toString(), timeouts: { connectMs: 1000 } });
    const app = await buildApp({ db: database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, listen: database.listen });
    await app.ready();
    opened.push({ app, database });
    try {
      const s = await checkoutReadyShopper(app);
      s.lang = '2';
      const search = `${PATHS.search}?categoryCode=telefoni`;
      const shown = await s.call('GET', search);
      expect(shown.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

      await stop();
      const health = await app.inject({ method: 'GET', url: '/health', headers: { lang: '2' } });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      const order = await s.call('POST', PATHS.submitOrder, SUBMIT);
      expect(order.statusCode, order.body).toBe(503);
      expect(order.headers['retry-after']).toBe('5');
      expect(order.json().errors[0].type).toBe('ServiceUnavailableError');
      // a product list is drawn from the catalogue's read model, which keeps its last model
      const listed = await s.call('GET', search);
      expect(listed.statusCode).toBe(200);
      expect(JSON.stringify(listed.json().products) === JSON.stringify(shown.json().products)).toBe(true);
      // the catalogue's read model keeps its last model (the page renderer and every product read use it)
      const snapshot = await app.ctx.catalog.current();
      app.ctx.catalog.invalidate();
      expect(await app.ctx.catalog.current()).toBe(snapshot);

      await listen(port);
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await s.call('GET', search)).statusCode).toBe(200);
      const placed = await s.call('POST', PATHS.submitOrder, SUBMIT);
      expect(placed.statusCode, placed.body).toBe(200);
    } finally {
      if (proxy.listening) await stop();
    }
  }, 60_000);
});
