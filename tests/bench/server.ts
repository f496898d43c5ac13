// npm run bench:server: the API at load, beside a bare Fastify "hello" started by the same run (the ratio is the
// figure; absolute req/s depend on the machine). The shop runs in production mode as a child process, as `npm start`
// runs it (its Node flags, tools/start.mjs, the server bundle; a first run with SHOP_QUERY_STATS=1 reads `x-query-count`, see benchShop), first on a fresh PGlite folder,
// then on a fresh PostgreSQL database (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test;
// BENCH_SKIP_PG=1 / BENCH_SKIP_PGLITE=1 skip one). autocannon, 50 connections, BENCH_SECONDS (5) per route after a short warm-up.
//
// "add to cart" really writes on every request: it rotates through many pre-created sessions and adds cheap
// accessories in turn (each add of an accessory alone adds a line or raises its quantity, within the cart
// limits); afterwards the bench reads every cart back and checks that the units in the carts equal the
// successful adds ("writes verified"). The add is measured against the write ceiling of the same run: a bare Fastify
// doing ONE INSERT per request (INSERT_CEILING below) on the same kind of database, under the same connections
// (target: >= 75 % of it, p99 < 50 ms). tests/bench/explain.ts prints the plans of the cart and order statements.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort, startFlags } from '../e2e/lib';
import type { CartAddCounts } from '../../server/lib/metrics';
// autocannon ships no types; the few fields used here.
// @ts-expect-error no declaration file
import autocannonUntyped from 'autocannon';

namespace autocannon {
  export interface Options {
    url: string; method?: string; headers?: Record<string, string>; body?: string; connections?: number; duration?: number;
    requests?: Array<{ setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }>;
  }
  export interface Result {
    requests: { average: number }; latency: { p99: number }; errors: number; timeouts: number; non2xx: number; '2xx': number;
  }
}
const autocannon = autocannonUntyped as (o: autocannon.Options, cb: (err: Error | null, r: autocannon.Result) => void) => unknown;


const ROOT = new URL('../..', import.meta.url).pathname;
/** The Node flags `npm start` runs the shop with: the load is taken by the shop as it runs. */
const START_FLAGS = startFlags();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

const P = {
  token: '/selfcare/b2c/auth/token',
  search: '/hybris/ecommerce/b2c/v1/products/search',
  details: '/hybris/ecommerce/b2c/v1/products/single',
  cart: '/hybris/ecommerce/b2c/v1/users/carts',
  fullCart: '/hybris/ecommerce/b2c/v1/users/carts/fullcart',
  addBundle: '/hybris/ecommerce/b2c/v1/users/carts/addservice',
};
/** Accessories with stock ≥ 3 and a low price: each session can take 3 units of each (maxOrderQuantity). */
const ACCESSORIES = ['ACC_TEMPERED_GLASS', 'ACC_USBC_CABLE', 'ACC_SAMSUNG_25W_CHARGER', 'ACC_XIAOMI_BUDS6_ACTIVE', 'ACC_APPLE_20W_ADAPTER', 'ACC_ANKER_POWERBANK_10K'];
const UNITS_PER_SESSION = ACCESSORIES.length * 3;
/** Sessions the add's warm-up writes to (a second of adds: ~3,000, at most 18 units each: 200 hold 3,600). */
const WARM_SESSIONS = 200;

interface Child { url: string; stop: () => Promise<void> }
/** The database a run measures on: a PGlite folder or a PostgreSQL URL. */
interface BenchDb { pgliteDir?: string; url?: string }

function spawnServer(args: string[], env: Record<string, string | undefined>, ready: RegExp): Promise<Child & { proc: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (m) {
        proc.stdout!.off('data', onData);
        resolve({
          proc, url: m[1],
          stop: () => new Promise<void>((r) => { if (proc.exitCode !== null) return r(); proc.once('exit', () => r()); proc.kill('SIGTERM'); setTimeout(() => proc.kill('SIGKILL'), 5000).unref(); }),
        });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d) => (out += d));
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

const HELLO = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening at http://127.0.0.1:' + app.server.address().port + '/');
`;

async function startHello(): Promise<Child> {
  return spawnServer(['--input-type=module', '-e', HELLO], { ...process.env }, /listening at (http:\/\/[\d.:]+)\//);
}

// The write ceiling: a bare Fastify doing ONE INSERT per request into a scratch table, on the same database kind as
// the shop (PostgreSQL: a pg Pool of 10 connections, as server/db opens; PGlite: a folder of its own), under the same
// 50 connections. Add to cart is measured against it.
const INSERT_CEILING = `
import Fastify from 'fastify';
const app = Fastify();
let query;
if (process.env.CEILING_DATABASE_URL) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.CEILING_DATABASE_URL, max: 10 });
  query = (text, values) => pool.query(text, values);
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(process.env.CEILING_PGLITE_DIR);
  query = (text, values) => db.query(text, values);
}
await query('CREATE TABLE IF NOT EXISTS bench_insert_ceiling (id serial PRIMARY KEY, session_id text NOT NULL, code text NOT NULL, quantity integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
// CEILING_ANSWER: an answer of the shop's, sent (serialized anew) with each row's id instead of { id } alone
const answer = process.env.CEILING_ANSWER ? JSON.parse(process.env.CEILING_ANSWER) : null;
app.post('/', async (req) => {
  const { rows } = await query('INSERT INTO bench_insert_ceiling (session_id, code, quantity) VALUES ($1, $2, $3) RETURNING id', [req.body.sessionId, req.body.code, 1]);
  return answer ? { ...answer, id: rows[0].id } : { id: rows[0].id };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening at http://127.0.0.1:' + app.server.address().port + '/');
`;

async function startInsertCeiling(db: BenchDb, answer?: string): Promise<Child> {
  const env: Record<string, string | undefined> = { ...process.env, CEILING_DATABASE_URL: db.url, CEILING_PGLITE_DIR: db.pgliteDir ? `${db.pgliteDir}-ceiling` : undefined, CEILING_ANSWER: answer };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return spawnServer(['--input-type=module', '-e', INSERT_CEILING], env, /listening at (http:\/\/[\d.:]+)\//);
}

/** The INSERT ceiling's req/s and p99, each request a new row (rotating session ids, like the adds); with `answer`,
 *  each request answers those bytes (an add's answer: the whole cart) instead of the new row's id. */
async function insertCeiling(db: BenchDb, answer?: string): Promise<autocannon.Result> {
  const child = await startInsertCeiling(db, answer);
  try {
    let n = 0;
    const opts: autocannon.Options = {
      url: child.url, method: 'POST',
      requests: [{ setupRequest: (req) => ({ ...req, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: `s${n % 4000}`, code: ACCESSORIES[n++ % ACCESSORIES.length] }) }) }],
    };
    await warm(opts);
    return await cannon(opts);
  } finally {
    await child.stop();
  }
}

const BENCH_GATEWAY_SECRET = process.env.GATEWAY_SECRET || `bench-${randomBytes(24).toString('hex')}`;
/** The shop's /metrics token (the add's row reads how many adds took which way). */
const METRICS_TOKEN = randomBytes(16).toString('hex');

/** The shop's adds to cart so far by way (shop_cart_adds_total: known = one statement to a known cart, new = one
 *  statement opening the cart, locked = the locked batch). */
async function addWays(url: string): Promise<CartAddCounts> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const way = (path: string) => Number(new RegExp(`^shop_cart_adds_total\\{path="${path}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { known: way('known'), new: way('new'), locked: way('locked') };
}

async function startShop(db: BenchDb, stats: boolean): Promise<Child> {
  const env: Record<string, string | undefined> = {
    ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', NODE_ENV: 'production', SHOP_QUERY_STATS: stats ? '1' : undefined, AUTH_RATE_LIMIT: '1000000',
    // a production start refuses to run without a gateway secret of its own (server/payment/secret.ts)
    // (one per bench run: the tokens the first start issued are presented to the second)
    GATEWAY_SECRET: BENCH_GATEWAY_SECRET, METRICS_TOKEN,
    PGLITE_DIR: db.pgliteDir, DATABASE_URL: db.url,
  };
  if (!db.url) delete env.DATABASE_URL;
  if (!stats) delete env.SHOP_QUERY_STATS;
  // (the runner's `--import tsx` is not the shop's: the bundle's imports would pass through tsx's hooks)
  delete env.NODE_OPTIONS;
  // as `npm start` runs it: its flags, tools/start.mjs (the build found fresh by main's --prepare), the server bundle
  return spawnServer([...START_FLAGS, 'tools/start.mjs'], env, /shop \([^)]*\) at (http:\/\/[\d.:]+)\//);
}

interface Session { token: string; cookie: string }

async function session(url: string): Promise<Session> {
  const res = await fetch(url + P.token);
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { token: ((await res.json()) as { data: { token: string } }).data.token, cookie: `sid=${sid}` };
}

const headersOf = (s: Session) => ({ lang: '1', authorization: `Bearer ${s.token}`, cookie: s.cookie, 'content-type': 'application/json' });

async function call(url: string, s: Session, method: string, path: string, body?: unknown) {
  const res = await fetch(url + path, { method, headers: headersOf(s), body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { json: JSON.parse(text), text, queries: Number(res.headers.get('x-query-count') ?? NaN) };
}

interface Row {
  route: string; rps: number; share: number; target: number | null; p99: number; errors: number; queries: number | string; note?: string;
  /** A write measured against the INSERT ceiling of the same run: its share of it, the share and the p99 it must reach. */
  ceiling?: { rps: number; share: number; target: number; p99Max: number; sameBytes?: { bytes: number; rps: number } };
}

async function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const inst = autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
    void inst;
  });
}

async function warm(opts: autocannon.Options) {
  await cannon({ ...opts, duration: 1 });
}

function row(route: string, r: autocannon.Result, bare: number, target: number | null, queries: number | string, note?: string): Row {
  return { route, rps: r.requests.average, share: r.requests.average / bare, target, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, queries, note };
}

/**
 * Two runs of the shop on the same database: the first with SHOP_QUERY_STATS=1 prepares the sessions and carts and
 * reads the statements per request (`x-query-count`, one request at a time); the second, as production runs
 * (the per-request AsyncLocalStorage of the counter costs promise hooks on every await), takes the load.
 */
async function benchShop(start: (stats: boolean) => Promise<Child>, bare: number, ceiling: autocannon.Result, db: BenchDb): Promise<Row[]> {
  const rows: Row[] = [];
  const searchPath = `${P.search}?categoryCode=telefoni&page=0&pageSize=20`;
  const detailsPath = `${P.details}?productCode=SAMSUNG_GALAXY_A56`;
  const count = Math.max(200, Math.ceil((Number(process.env.BENCH_ADD_CAPACITY ?? 40000)) / UNITS_PER_SESSION));

  // 1. prepare and count
  let shop = await start(true);
  let url = shop.url;
  const reader = await session(url);
  const buyer = await session(url);
  const sessions: Session[] = [];
  const warmSessions: Session[] = [];
  let q: { list: number; details: number; cart: number; add: string; entries: number };
  let answerSample = '';
  try {
    const list = await call(url, reader, 'GET', searchPath);
    if (list.json.products.length < 10) throw new Error('search answered too few phones');
    const listQ = (await call(url, reader, 'GET', searchPath)).queries;
    await call(url, reader, 'GET', detailsPath);
    const detQ = (await call(url, reader, 'GET', detailsPath)).queries;
    // full cart: a phone bundle (device + tariff) and an accessory
    await call(url, buyer, 'POST', P.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'RECURRING_CHARGE', insuranceCode: 'INSURANCE_SCREEN', accessoryCodes: ['ACC_SAMSUNG_25W_CHARGER'] });
    const full = await call(url, buyer, 'GET', P.fullCart);
    if (full.json.entries.length < 3) throw new Error('the full cart should hold the bundle and the accessory');
    const cartQ = (await call(url, buyer, 'GET', P.fullCart)).queries;
    const probe = await session(url);
    const addQ = (await call(url, probe, 'POST', P.addBundle, { deviceCode: ACCESSORIES[0], chargeType: 'ONE_TIME_CHARGE' })).queries;
    const addQ2 = (await call(url, probe, 'POST', P.addBundle, { deviceCode: ACCESSORIES[0], chargeType: 'ONE_TIME_CHARGE' })).queries;
    for (let i = 0; i < count; i += 25) sessions.push(...await Promise.all(Array.from({ length: Math.min(25, count - i) }, () => session(url))));
    // sessions of the add's warm-up only: the measured adds still open every one of `sessions`' carts
    for (let i = 0; i < WARM_SESSIONS; i += 25) warmSessions.push(...await Promise.all(Array.from({ length: 25 }, () => session(url))));
    q = { list: listQ, details: detQ, cart: cartQ, add: `${addQ}/${addQ2}`, entries: full.json.entries.length };
  } finally {
    await shop.stop();
  }

  // 2. the load, on a shop without the counter
  shop = await start(false);
  url = shop.url;
  try {
    const listReq = { url: url + searchPath, headers: headersOf(reader) };
    await warm(listReq);
    rows.push(row('product list (search, 20 phones)', await cannon(listReq), bare, 0.25, q.list));

    const detReq = { url: url + detailsPath, headers: headersOf(reader) };
    await warm(detReq);
    rows.push(row('product details', await cannon(detReq), bare, 0.20, q.details));

    const cartReq = { url: url + P.fullCart, headers: headersOf(buyer) };
    await warm(cartReq);
    rows.push(row(`full cart (${q.entries} entries)`, await cannon(cartReq), bare, 0.10, q.cart));

    // add to cart: a real write each time (rotating sessions × accessories), after the same short warm-up as the
    // other routes (on sessions of its own, so the measured adds are the same mix: first adds that open a cart, then
    // new lines and raised lines)
    let w = 0;
    await warm({
      url: url + P.addBundle, method: 'POST',
      requests: [{
        setupRequest: (req) => {
          const n = w++;
          const s = warmSessions[n % WARM_SESSIONS];
          return { ...req, method: 'POST', headers: headersOf(s), body: JSON.stringify({ deviceCode: ACCESSORIES[Math.floor(n / WARM_SESSIONS) % ACCESSORIES.length], chargeType: 'ONE_TIME_CHARGE' }) };
        },
      }],
    });
    let i = 0;
    const addReq: autocannon.Options = {
      url: url + P.addBundle, method: 'POST',
      requests: [{
        setupRequest: (req) => {
          const n = i++;
          const s = sessions[n % count];
          const acc = ACCESSORIES[Math.floor(n / count) % ACCESSORIES.length];
          return { ...req, method: 'POST', headers: headersOf(s), body: JSON.stringify({ deviceCode: acc, chargeType: 'ONE_TIME_CHARGE' }) };
        },
      }],
    };
    const waysBefore = await addWays(url);
    const addResult = await cannon(addReq);
    const ways = await addWays(url);
    const [known, opened, locked] = (['known', 'new', 'locked'] as const).map((k) => ways[k] - waysBefore[k]);
    const wayNote = `written in one statement: ${known} to a known cart, ${opened} opening the cart; ${locked} by the locked batch`;
    // every successful add must be a unit in some cart
    const unitsOf: number[] = [];
    for (let k = 0; k < count; k += 25) {
      const carts = await Promise.all(sessions.slice(k, k + 25).map((s) => call(url, s, 'GET', P.cart)));
      for (const c of carts) unitsOf.push(c.json.totalUnitCount as number);
    }
    const units = unitsOf.reduce((n, u) => n + u, 0);
    const ok2xx = addResult['2xx'];
    // requests still in flight when autocannon stops are finished by the server but not counted as answered
    const verified = units >= ok2xx && units <= i;
    rows.push(row('add to cart (accessory, rotating sessions)', addResult, bare, 0.03, q.add,
      `writes verified ${verified ? 'OK' : 'FAILED'}: ${units} units in the carts, ${ok2xx} adds answered 2xx, ${i} sent; ${count} sessions; ${wayNote}; queries = first add / quantity raise`));
    if (!verified) rows[rows.length - 1].errors += 1;
    rows[rows.length - 1].ceiling = { rps: ceiling.requests.average, share: addResult.requests.average / ceiling.requests.average, target: 0.75, p99Max: 50 };
    // an add's answer as the load's adds answered it on average (after the count above): one more unit to a cart of
    // the mean size, of the first accessory it has room for; the same-bytes ceiling below sends it
    const mean = units / count;
    const typical = sessions[unitsOf.reduce((best, u, k) => (Math.abs(u - mean) < Math.abs(unitsOf[best] - mean) ? k : best), 0)];
    for (const acc of ACCESSORIES) {
      answerSample = await call(url, typical, 'POST', P.addBundle, { deviceCode: acc, chargeType: 'ONE_TIME_CHARGE' }).then((r) => r.text, () => '');
      if (answerSample) break;
    }
  } finally {
    await shop.stop();
  }
  // the INSERT ceiling again, answering the add's bytes: what a server doing one INSERT costs when it sends what the
  // contract's add answers (the whole cart), so the figure above can be read as the share of that
  const last = rows[rows.length - 1].ceiling!;
  if (answerSample) last.sameBytes = { bytes: answerSample.length, rps: (await insertCeiling(db, answerSample)).requests.average };
  return rows;
}

function print(label: string, bare: autocannon.Result, rows: Row[]): boolean {
  let pass = true;
  console.log(`\n${label} — bare Fastify hello: ${Math.round(bare.requests.average)} req/s, p99 ${bare.latency.p99} ms`);
  const head = ['route', 'req/s', 'share of bare', 'target', 'p99 ms', 'errors', 'queries/req', 'result'];
  const lines = rows.map((r) => {
    const ok = (r.target === null || r.share >= r.target) && r.p99 < 100 && r.errors === 0
      && (!r.ceiling || (r.ceiling.share >= r.ceiling.target && r.p99 < r.ceiling.p99Max));
    pass &&= ok;
    return [r.route, String(Math.round(r.rps)), `${(r.share * 100).toFixed(2)} %`, r.target === null ? '' : `>= ${r.target * 100} %`, String(r.p99), String(r.errors), String(r.queries), ok ? 'PASS' : 'FAIL'];
  });
  const widths = head.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c].length)));
  const fmt = (l: string[]) => l.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  ');
  console.log(fmt(head));
  for (const l of lines) console.log(fmt(l));
  for (const r of rows) if (r.note) console.log(`  ${r.route}: ${r.note}`);
  for (const r of rows) {
    if (!r.ceiling) continue;
    console.log(`  ${r.route}: ${(r.ceiling.share * 100).toFixed(1)} % of the INSERT ceiling (bare Fastify + one INSERT per request: ${Math.round(r.ceiling.rps)} req/s) — target >= ${r.ceiling.target * 100} %, p99 ${r.p99} ms (target < ${r.ceiling.p99Max} ms)`);
    const same = r.ceiling.sameBytes;
    if (same) console.log(`  ${r.route}: the same INSERT ceiling answering an add's ${(same.bytes / 1000).toFixed(1)} kB (the whole cart) instead of { id }: ${Math.round(same.rps)} req/s = ${(same.rps / r.ceiling.rps * 100).toFixed(1)} % of the INSERT ceiling; the add is ${(r.rps / same.rps * 100).toFixed(1)} % of it`);
  }
  return pass;
}

async function runOn(label: string, db: BenchDb): Promise<boolean> {
  const hello = await startHello();
  try {
    await warm({ url: hello.url + '/' });
    const bare = await cannon({ url: hello.url + '/' });
    const ceiling = await insertCeiling(db);
    console.log(`\n${label} — INSERT ceiling (bare Fastify + ${db.url ? 'pg Pool' : 'PGlite'}, one INSERT per request): ${Math.round(ceiling.requests.average)} req/s, p99 ${ceiling.latency.p99} ms, errors ${ceiling.errors + ceiling.timeouts + ceiling.non2xx}`);
    const rows = await benchShop((stats) => startShop(db, stats), bare.requests.average, ceiling, db);
    return print(label, bare, rows);
  } finally {
    await hello.stop();
  }
}

async function main() {
  // the front end and the server bundle built first when stale (not timed)
  if (spawnSync(process.execPath, [join(ROOT, 'tools/start.mjs'), '--prepare'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  console.log(`bench:server — ${CONNECTIONS} connections, ${SECONDS} s per route; p99 target < 100 ms; zero errors`);
  let pass = true;
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  try {
    if (process.env.BENCH_SKIP_PGLITE !== '1') pass = await runOn('PGlite', { pgliteDir: dir }) && pass;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}-ceiling`, { recursive: true, force: true });
  }
  if (process.env.BENCH_SKIP_PG !== '1') {
    const { default: pg } = await import('pg');
    const name = `perf_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    try {
      pass = await runOn('PostgreSQL', { url: u.toString() }) && pass;
    } finally {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    }
  }
  console.log(pass ? '\nall targets met' : '\nsome targets missed');
  process.exitCode = pass ? 0 : 1;
}

main().catch((err) => { console.error(err); process.exit(1); });
