// @vitest-environment node
// GET /health for load balancers, the shop page for any Accept, and two instances starting at once on an empty
// PostgreSQL database (migrations and the first seed under advisory locks).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Db } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { drivers, GATEWAY_SECRET, loadUi, PATHS, Shopper, startApp, type Harness } from './helpers';

describe.each(drivers)('health on %s', (_name, url) => {
  let h: Harness;
  let dist: string;
  beforeAll(async () => {
    h = await startApp(url);
    dist = mkdtempSync(join(tmpdir(), 'rel-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Orbita Telekom</title><div id="root"></div>');
  }, 120_000);
  afterAll(async () => { await h?.close(); rmSync(dist, { recursive: true, force: true }); });

  it('answers 200 with the database and the schema set, uncached, without auth or rate limit', async () => {
    const a = await buildApp({ db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 1 });
    try {
      for (let i = 0; i < 5; i++) {
        const r = await a.inject({ method: 'GET', url: '/health' });
        expect(r.statusCode).toBe(200);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.json()).toEqual({ status: 'ok', database: 'ok', schemas: expect.any(Number) });
        expect(r.json().schemas).toBeGreaterThan(20);
      }
      expect((await a.inject({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
    } finally { await a.close(); }
  });

  it('answers 503 when the database does not', async () => {
    const broken = { execute: async () => { throw new Error('connection refused'); } } as unknown as Db;
    const a = await buildApp({ db: broken, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET });
    try {
      const r = await a.inject({ method: 'GET', url: '/health', headers: { lang: '2' } });
      expect(r.statusCode).toBe(503);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.json()).toMatchObject({ status: 'unavailable', database: 'down', message: 'Service unavailable.' });
    } finally { await a.close(); }
  });

  it('asks again when it draws a connection a database restart left dead, and not when the database refuses', async () => {
    // the pool's idle connections after a restart: each fails once (pg-pool drops it) until a live one answers
    let dead = 3;
    let calls = 0;
    const afterRestart = { execute: async () => {
      calls += 1;
      if (dead > 0) { dead -= 1; throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }); }
      return { rows: [{ '?column?': 1 }] };
    } } as unknown as Db;
    const refused = { execute: async () => { calls += 1; throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }); } } as unknown as Db;
    for (const [db, status, asked] of [[afterRestart, 200, 4], [refused, 503, 1]] as const) {
      calls = 0;
      const a = await buildApp({ db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET });
      try {
        expect((await a.inject({ method: 'GET', url: '/health' })).statusCode).toBe(status);
        expect(calls).toBe(asked);
      } finally { await a.close(); }
    }
  });

  it('sheds load past a threshold (@fastify/under-pressure): 503 with Retry-After and the localized message, /health too; /metrics still answers', async () => {
    // a resident-memory bound no process meets: the instance is under pressure from its first sample on
    const a = await buildApp({ db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, metricsToken: 'm-token', pressure: { maxRssBytes: 1, sampleIntervalMs: 10 } });
    try {
      let health = await a.inject({ method: 'GET', url: '/health' });
      // the first sample is taken after sampleIntervalMs: until then the instance serves
      for (let i = 0; i < 200 && health.statusCode === 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        health = await a.inject({ method: 'GET', url: '/health' });
      }
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      const sr = await a.inject({ method: 'GET', url: `${PATHS.search}?pageSize=1` });
      expect(sr.statusCode).toBe(503);
      expect(sr.json()).toEqual({ errors: [{ type: 'ServiceUnavailableError', reason: 'overloaded', message: expect.stringMatching(/\S/) }] });
      const en = await a.inject({ method: 'GET', url: `${PATHS.search}?pageSize=1`, headers: { lang: '2' } });
      expect(en.json().errors[0].message).not.toBe(sr.json().errors[0].message);
      const m = await a.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer m-token' } });
      expect(m.statusCode).toBe(200);
      expect(m.body).toMatch(/shop_errors_total\{kind="pressure_rssBytes"\} [1-9]/);
    } finally { await a.close(); }
    // without thresholds (the default outside production) nothing is shed
    const b = await buildApp({ db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET });
    try {
      expect((await b.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally { await b.close(); }
  });

  it('serves the shop page for any Accept or none; API prefixes keep JSON 404s', async () => {
    const a = await buildApp({ db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, distDir: dist });
    try {
      for (const accept of [undefined, '*/*', 'application/json', 'text/html,application/xhtml+xml']) {
        for (const path of ['/', '/Privatni/Uredjaji/Tip-uredjaja/telefoni']) {
          const r = await a.inject({ method: 'GET', url: path, headers: accept ? { accept } : {} });
          expect(r.statusCode, `${path} ${accept}`).toBe(200);
          expect(r.headers['content-type']).toMatch(/^text\/html/);
          expect(r.body).toContain('<div id="root">');
        }
      }
      const api = await a.inject({ method: 'GET', url: '/hybris/ecommerce/b2c/v1/nothing', headers: { accept: 'text/html', lang: '2' } });
      expect(api.statusCode).toBe(404);
      expect(api.json().errors[0].type).toBe('NotFoundError');
      expect((await a.inject({ method: 'POST', url: '/' })).statusCode).toBe(404);
    } finally { await a.close(); }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances starting at once on an empty PostgreSQL database', () => {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `rel_instances_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let dbUrl = '';
  beforeAll(async () => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  });
  afterAll(async () => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it('both migrate, seed once and serve', async () => {
    const start = async () => {
      const database = await openDatabase({ url: dbUrl });
      const seeded = await seedIfEmpty(database.db);
      const app = await buildApp({ db: database.db, gatewaySecret: GATEWAY_SECRET, ui: await loadUi() });
      await app.ready();
      return { database, app, seeded };
    };
    const instances = await Promise.all([start(), start(), start()]);
    try {
      expect(instances.filter((i) => i.seeded)).toHaveLength(1);
      for (const { app } of instances) {
        expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
        const s = await new Shopper(app).login();
        const r = await s.call('GET', `${PATHS.search}?categoryCode=telefoni`);
        expect(r.statusCode).toBe(200);
        expect(r.json().pagination.totalResults).toBe(24);
      }
      const users = await instances[0].database.db.execute(sql`SELECT count(*)::int AS n FROM users`) as unknown as { rows: Array<{ n: number }> };
      expect(users.rows[0].n).toBe(13); // seeded once: 9 accounts, the studio's editor and reviewer, and 2 customers without an account (seed.users.customers)
    } finally {
      for (const i of instances) { await i.app.close(); await i.database.close(); }
    }
  }, 120_000);
});
