// The shop behind a real load balancer (issue 30): `tools/cluster.mjs` starts two instances on a PostgreSQL database
// of this test's own behind HAProxy. A guest buys a phone in Chromium through the balancer while every instance is
// restarted one at a time (the cluster's rolling restart), and a steady stream of GETs runs beside it: no request
// fails, the order is paid exactly once, and a request's id is in the balancer's and the instances' log lines.
// Runs when PostgreSQL (TEST_DATABASE_URL, as the server suite) and haproxy (Debian's package) are there; skipped
// with the reason otherwise.
import { test, after } from './harness';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, freePort, launchBrowser, newPage } from './lib';
import { PLP, payWithCard, phoneIntoGuestCheckout, throughCheckoutToGateway } from './shopper';

const adminUrl = process.env.TEST_DATABASE_URL;
const haproxy = spawnSync(process.env.HAPROXY ?? 'haproxy', ['-v']);
const skip = !adminUrl ? 'TEST_DATABASE_URL is not set: the cluster needs PostgreSQL'
  : haproxy.error || haproxy.status !== 0 ? 'haproxy is not installed (apt-get install haproxy)'
    : !existsSync(join(ROOT, 'dist', 'index.html')) ? 'dist/ is missing: build first (npm run test:e2e does)'
      : false;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A free port p with p+1 … p+n-1 free too (the balancer, then the instances); CLUSTER_E2E_PORT fixes p. */
async function portBlock(n: number): Promise<number> {
  if (process.env.CLUSTER_E2E_PORT) return Number(process.env.CLUSTER_E2E_PORT);
  const free = (p: number) => new Promise<boolean>((done) => {
    const s = createServer();
    s.once('error', () => done(false));
    s.listen(p, '127.0.0.1', () => s.close(() => done(true)));
  });
  for (;;) {
    const p = await freePort();
    if (p + n > 65535) continue;
    let ok = true;
    for (let i = 1; i < n && ok; i++) ok = await free(p + i);
    if (ok) return p;
  }
}

interface Cluster { child: ChildProcess; lines: string[]; url: string; instanceUrl: string; waitFor(re: RegExp, what: string, ms?: number): Promise<string> }

let cluster: Cluster | undefined;
let database: string | undefined;
const stateDir = mkdtempSync(join(tmpdir(), 'shop-cluster-'));

function adminClient(dbName = 'postgres'): pg.Client {
  const u = new URL(adminUrl!);
  u.pathname = `/${dbName}`;
  return new pg.Client({ connectionString: u.toString() });
}

async function startCluster(): Promise<Cluster> {
  database = `cluster_e2e_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = adminClient();
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const u = new URL(adminUrl!);
  u.pathname = `/${database}`;
  const port = await portBlock(3);
  // --no-build: dist/ as the suite built it (npm run test:e2e: vite build, no stamp), not built again under the other
  // e2e files that serve it meanwhile
  const args = ['--port', String(port), '--instance-port', String(port + 1), '--dir', stateDir, '--no-build'];
  const child = spawn(process.execPath, [join(ROOT, 'tools', 'cluster.mjs'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: u.toString(), NODE_ENV: 'production', GATEWAY_SECRET: `cluster-e2e-${randomBytes(24).toString('hex')}`,
      // a server bundle of this test's own (beside the shared one, which another checkout's `npm start` may rewrite)
      SERVER_BUNDLE_DIR: join(ROOT, 'node_modules', '.cache', 'orbita-shop', 'server-e2e-cluster'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let rest = '';
  const take = (d: Buffer) => { const parts = (rest + d.toString('utf8')).split('\n'); rest = parts.pop()!; lines.push(...parts); };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const c: Cluster = {
    child, lines, url: `http://127.0.0.1:${port}`, instanceUrl: `http://127.0.0.1:${port + 1}`,
    async waitFor(re, what, ms = 180_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = lines.find((l) => re.test(l));
        if (hit) return hit;
        if (child.exitCode !== null) assert.fail(`the cluster exited (${child.exitCode}) before ${what}:\n${lines.slice(-40).join('\n')}`);
        if (Date.now() > deadline) assert.fail(`no ${what} within ${ms / 1000} s:\n${lines.slice(-40).join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  await c.waitFor(/^\[cluster\] ready: /, 'ready cluster');
  return c;
}

/** The instances' JSON log lines. */
const logLines = (c: Cluster) => c.lines.filter((l) => l.startsWith('{')).map((l) => { try { return JSON.parse(l) as Record<string, unknown>; } catch { return {}; } });

after(async () => {
  if (cluster && cluster.child.exitCode === null) {
    cluster.child.kill('SIGTERM');
    await new Promise((r) => (cluster!.child.exitCode !== null ? r(null) : cluster!.child.once('exit', r)));
  }
  if (database) {
    const admin = adminClient();
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(stateDir, { recursive: true, force: true });
});

test('a guest buys a phone through HAProxy while every instance is restarted: no request fails, the order is paid once', async () => {
  test.skip(!!skip, String(skip));
  cluster = await startCluster();
  const c = cluster;

  // Request ids: the client's is kept through the balancer (round robin: four in a row reach both instances), a
  // missing one is set by the balancer (a UUID) and is what the instance logs and answers.
  const trace = `trace-${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < 4; i++) {
    const r = await fetch(`${c.url}/ui/manifest`, { headers: { 'x-request-id': trace } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-request-id'), trace);
  }
  const plain = await fetch(`${c.url}/ui/manifest`);
  const given = plain.headers.get('x-request-id') ?? '';
  assert.match(given, UUID, 'the balancer gave the request an id');
  await c.waitFor(new RegExp(`^\\[haproxy\\] .*"GET /ui/manifest HTTP/1.1" id=${given}$`), 'the balancer\'s log line of the request without an id', 10_000);
  await c.waitFor(new RegExp(`"requestId":"${given}"`), 'the instance\'s log line with the balancer\'s id', 10_000);
  await c.waitFor(new RegExp(`id=${trace}$`), 'the balancer\'s log line with the client\'s id', 10_000);
  const traced = async () => new Set(logLines(c).filter((l) => l.requestId === trace && l.msg === 'request').map((l) => l.instance));
  for (let i = 0; i < 100 && (await traced()).size < 2; i++) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual([...(await traced())].sort(), ['shop-1', 'shop-2'], 'both instances logged the same request id');

  // TRUST_PROXY=127.0.0.1: an instance believes the scheme its balancer tells (https → the Secure __Host-sid cookie);
  // the balancer replaces what a client claims (plain http here → `sid`)
  const cookieName = async (base: string) => (await fetch(`${base}/selfcare/b2c/auth/token`, { headers: { 'x-forwarded-proto': 'https' } })).headers.getSetCookie().map((v) => v.split('=')[0]);
  assert.deepEqual(await cookieName(c.instanceUrl), ['__Host-sid'], 'the instance trusts the balancer\'s address');
  assert.deepEqual(await cookieName(c.url), ['sid'], 'the balancer does not pass on a client\'s X-Forwarded-Proto');

  // a steady stream of GETs through the balancer until the order is paid and the restart is over
  const failures: string[] = [];
  let answered = 0;
  let streaming = true;
  const stream = (async () => {
    for (let i = 0; streaming; i++) {
      const path = i % 2 ? '/ui/manifest' : PLP;
      try {
        const r = await fetch(`${c.url}${path}`, { headers: { 'x-request-id': `stream-${i}` } });
        await r.arrayBuffer();
        if (r.status >= 500) failures.push(`${r.status} ${path}`);
        else answered++;
      } catch (err) {
        failures.push(`${path}: ${String((err as { cause?: { code?: string } }).cause?.code ?? err)}`);
      }
    }
  })();

  const browser = await launchBrowser();
  try {
    const { page, problems } = await newPage(browser);
    await page.goto(`${c.url}${PLP}`);
    // every instance in turn: drains (the balancer takes it out), stops, starts, back in rotation
    const restartsBefore = c.lines.filter((l) => l.startsWith('[cluster] rolling restart: done')).length;
    c.child.kill('SIGHUP');
    await c.waitFor(/^\[cluster\] rolling restart: shop-1 drains and stops/, 'start of the rolling restart', 10_000);
    await phoneIntoGuestCheckout(page, c.url, { oneOff: true });
    await throughCheckoutToGateway(page);
    await payWithCard(page, '4111 1111 1111 1111');
    await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 60_000 });
    const orderCode = new URL(page.url()).searchParams.get('orderCode');
    assert.ok(orderCode, 'the success page names the order');
    await page.getByText(orderCode).first().waitFor();
    await c.waitFor(/^\[cluster\] rolling restart: (done|failed)/, 'end of the rolling restart', 120_000);
    assert.equal(c.lines.filter((l) => l.startsWith('[cluster] rolling restart: done')).length, restartsBefore + 1, 'the rolling restart finished');
    assert.ok(c.lines.some((l) => l.startsWith('[cluster] rolling restart: shop-2 is back in rotation')), 'both instances were restarted');
    streaming = false;
    await stream;
    assert.deepEqual(problems, [], 'the browser saw no failed request or error');
    assert.deepEqual(failures, [], 'no GET through the balancer failed during the restart');
    assert.ok(answered > 20, `the stream kept going (${answered} answers)`);
    test.info().annotations.push({ type: 'measured', description: `${answered} GETs answered through the balancer during the restart; ${c.lines.filter((l) => /^\[cluster\] rolling restart: (shop-\d is back|done)/.test(l)).join("; ")}` });
    // each instance was stopped and started once more: two processes per name logged `shutdown: done`… and the
    // order, in the database: paid, with one approved payment and no other
    const shutdowns = logLines(c).filter((l) => l.msg === 'shutdown: done').map((l) => l.instance).sort();
    assert.deepEqual(shutdowns, ['shop-1', 'shop-2']);
    const db = adminClient(database);
    await db.connect();
    try {
      const order = await db.query<{ id: number; status: string; payment_status: string }>('SELECT id, status, payment_status FROM orders WHERE code = $1', [orderCode]);
      assert.equal(order.rows.length, 1);
      assert.equal(order.rows[0].status, 'PAID');
      assert.equal(order.rows[0].payment_status, 'PAID');
      const payments = await db.query<{ status: string }>('SELECT status FROM payments WHERE order_id = $1', [order.rows[0].id]);
      assert.deepEqual(payments.rows.map((p) => p.status), ['APPROVED'], 'one payment, approved');
      assert.equal((await db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n, 1, 'one order in the shop');
    } finally {
      await db.end();
    }
  } finally {
    streaming = false;
    await stream;
    await browser.close();
  }

  // a SIGTERM to the cluster: every instance drains and exits, then the balancer; the cluster exits 0
  c.child.kill('SIGTERM');
  const code = await new Promise<number | null>((r) => (c.child.exitCode !== null ? r(c.child.exitCode) : c.child.once('exit', (x) => r(x))));
  assert.equal(code, 0, c.lines.slice(-20).join('\n'));
});
