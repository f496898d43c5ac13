// npm run bench:scale [-- --catalog=10000 --customers=1000000] — the reads of issue 25, at the seeded size and (with
// --catalog) at a national size, side by side. `npm run bench -- --catalog=10000 --customers=1000000` runs it as the
// part "scale". Each size runs on PostgreSQL: the seeded shop on a fresh database of its own (dropped after), the
// large size on the generator's database (tests/bench/generate.ts; grown first when not yet there, idempotent).
//
// Per size, the shop runs as `npm start` runs it (production, child process, no Redis):
//   - start to the first 200 of GET /health and of the product list: cold (a new schema cache folder, the first
//     catalogue read) and warm (the same again);
//   - first search after the start, an uncached search (distinct free texts, one at a time, median) and the details
//     of rotating phones (each a cache miss the first time) — the compute cost of search and details at that size;
//   - list, search with a facet, free text, a price sort and details, each at 50 connections beside a bare Fastify
//     sending the same bytes (started by this run; the share is the figure), with p99 and the shop's CPU per request;
//   - RSS (VmRSS after the load, VmHWM peak) and /health latency while the shop is loaded;
//   - two instances on the same database, a read mix on each, first without writes and then with 20 stock changes per
//     second (direct `UPDATE stock` of clone variants in their own transactions, as an order's stock hold writes it;
//     each raises catalog_revision like an order does): the read throughput of each instance and the dent, and the
//     /health latency meanwhile.
// Targets printed beside (issue 25): ≥ 90 % of bare, p99 < 20 ms, start ≤ 10 s cold / ≤ 3 s warm, RSS ≤ 512 MB,
// orders dent < 10 %, /health < 100 ms. BENCH_SECONDS (5) per measured run; BENCH_SCALE_PG (the server's admin URL).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort, startFlags } from '../e2e/lib';
import { DEFAULT_LARGE_URL, generate, parseArgs } from './generate';
// @ts-expect-error autocannon ships no types; the few fields used here
import autocannonUntyped from 'autocannon';

interface CannonOptions {
  url: string; method?: string; headers?: Record<string, string>; connections?: number; duration?: number; timeout?: number;
  requests?: Array<{ setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }>;
}
interface CannonResult { requests: { average: number; total: number }; latency: { p50: number; p99: number; max: number }; errors: number; timeouts: number; non2xx: number; '2xx': number }
const autocannon = autocannonUntyped as (o: CannonOptions, cb: (err: Error | null, r: CannonResult) => void) => unknown;

const ROOT = new URL('../..', import.meta.url).pathname;
const START_FLAGS = startFlags();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const ADMIN_URL = process.env.BENCH_SCALE_PG ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const TARGET = { share: 0.9, p99: 20, coldMs: 10_000, warmMs: 3_000, rssMb: 512, dent: 0.1, healthMs: 100 };
const WRITES_PER_SECOND = 20;

const API = {
  token: '/selfcare/b2c/auth/token',
  search: '/hybris/ecommerce/b2c/v1/products/search',
  details: '/hybris/ecommerce/b2c/v1/products/single',
};
const ROUTES: Array<{ name: string; path: string }> = [
  { name: 'list (20 phones)', path: `${API.search}?categoryCode=telefoni&page=0&pageSize=20` },
  { name: 'search, facet brand', path: `${API.search}?categoryCode=telefoni&query=${encodeURIComponent(':relevance:brand:Samsung')}&page=0&pageSize=20` },
  { name: 'search, free text', path: `${API.search}?categoryCode=sve&query=${encodeURIComponent('galaxy')}&page=0&pageSize=20` },
  { name: 'search, price sort', path: `${API.search}?categoryCode=telefoni&query=${encodeURIComponent(':price-asc')}&page=0&pageSize=20` },
  { name: 'details', path: `${API.details}?productCode=SAMSUNG_GALAXY_A56` },
];

interface Proc { url: string; proc: ChildProcess; stop: () => Promise<void> }

function spawnServer(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Proc> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (!m) return;
      proc.stdout!.off('data', onData);
      proc.stdout!.resume();
      resolve({
        proc, url: m[1],
        stop: () => new Promise<void>((r) => { if (proc.exitCode !== null) return r(); proc.once('exit', () => r()); proc.kill('SIGTERM'); setTimeout(() => proc.kill('SIGKILL'), 5000).unref(); }),
      });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d) => (out += d));
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out.slice(-4000)}`)));
  });
}

/**
 * Settings the shop runs with beyond `npm start`'s: BENCH_SCALE_IDLE_TX_MS, when set, is the shop's
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS (0 = none). Before the delta read model, the
 * catalogue load at 10,000 products holds its read transaction open past the 30 s default on a busy machine and is
 * cut off; the table says when this was set.
 */
const shopEnv: Record<string, string> = process.env.BENCH_SCALE_IDLE_TX_MS !== undefined
  ? { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: process.env.BENCH_SCALE_IDLE_TX_MS, DB_STATEMENT_TIMEOUT_MS: process.env.BENCH_SCALE_IDLE_TX_MS } : {};

async function startShop(dbUrl: string, cacheDir: string): Promise<Proc & { t0: number }> {
  const t0 = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', NODE_ENV: 'production', AUTH_RATE_LIMIT: '1000000',
    GATEWAY_SECRET: process.env.GATEWAY_SECRET || `bench-${randomBytes(24).toString('hex')}`,
    DATABASE_URL: dbUrl, REDIS_URL: '', SCHEMAS_CACHE_DIR: cacheDir, ...shopEnv,
  };
  delete env.SHOP_QUERY_STATS;
  // as `npm start` runs it: its flags, tools/start.mjs (the build found fresh), the server bundle
  return { ...(await spawnServer([...START_FLAGS, 'tools/start.mjs'], env, /shop \([^)]*\) at (http:\/\/[\d.:]+)\//)), t0 };
}

/** A bare Fastify answering each path of `bodies` with those bytes (the ceiling of a route that sends them). */
function startBare(bodies: Record<string, string>): Promise<Proc> {
  const code = `
import Fastify from 'fastify';
const bodies = JSON.parse(process.env.BARE_BODIES);
const app = Fastify();
for (const [k, v] of Object.entries(bodies)) { const b = Buffer.from(v); app.get('/' + k, async (_req, reply) => reply.type('application/json; charset=utf-8').send(b)); }
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening at http://127.0.0.1:' + app.server.address().port + '/');
`;
  return spawnServer(['--input-type=module', '-e', code], { ...process.env, BARE_BODIES: JSON.stringify(bodies) }, /listening at (http:\/\/[\d.:]+)\//);
}

function cannon(o: CannonOptions): Promise<CannonResult> {
  return new Promise((resolve, reject) => { autocannon({ connections: CONNECTIONS, duration: SECONDS, timeout: 10, ...o }, (err, r) => (err ? reject(err) : resolve(r))); });
}

async function firstOk(url: string, headers: Record<string, string>, t0: number, deadline: number): Promise<number> {
  for (;;) {
    try {
      const r = await fetch(url, { headers });
      await r.arrayBuffer();
      if (r.status === 200) return performance.now() - t0;
    } catch { /* not listening yet */ }
    if (performance.now() > deadline) return Number.NaN;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function token(url: string): Promise<Record<string, string>> {
  const res = await fetch(url + API.token);
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const t = ((await res.json()) as { data: { token: string } }).data.token;
  return { lang: '1', authorization: `Bearer ${t}`, cookie: `sid=${sid}` };
}

/** One request, timed; a request unanswered after 5 minutes counts as NaN (status 0). */
async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; body: string; status: number }> {
  const t = performance.now();
  try {
    const r = await fetch(url, { headers, signal: AbortSignal.timeout(300_000) });
    const body = await r.text();
    return { ms: performance.now() - t, body, status: r.status };
  } catch {
    return { ms: Number.NaN, body: '', status: 0 };
  }
}

/** utime + stime of a process (ms) and its memory (MB). */
function procStats(pid: number): { cpuMs: number; rssMb: number; hwmMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const tick = 100; // CLK_TCK on Linux
  const cpuMs = ((Number(stat[11]) + Number(stat[12])) / tick) * 1000;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { cpuMs, rssMb: kb('VmRSS'), hwmMb: kb('VmHWM') };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** Pings /health one at a time until stopped: its latencies. */
function healthPinger(url: string) {
  const lat: number[] = [];
  let on = true;
  const done = (async () => {
    while (on) {
      const t = performance.now();
      try { await (await fetch(url + '/health', { signal: AbortSignal.timeout(30_000) })).arrayBuffer(); } catch { /* counted by its time */ }
      lat.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { stop: async () => { on = false; await done; return lat; } };
}

interface SizeFigures {
  label: string;
  products: number;
  cold: { health: number; list: number }; warm: { health: number; list: number };
  firstSearchMs: number; uncachedSearchMs: number; detailsMissRps: number; detailsMissP99: number;
  routes: Array<{ name: string; bytes: number; rps: number; bare: number; share: number; p99: number; errors: number; cpuUs: number }>;
  rssMb: number; hwmMb: number; healthP99: number;
  two: { without: number[]; with: number[]; dent: number[]; writes: number; healthP99: number; healthMax: number; errors: number } | null;
}

async function measureSize(label: string, dbUrl: string, twoInstances: boolean): Promise<SizeFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-scale-'));
  try {

    // 1. cold and warm start to the first 200
    const startOnce = async () => {
      const shop = await startShop(dbUrl, join(dir, 'cache'));
      const deadline = performance.now() + 180_000;
      const health = await firstOk(shop.url + '/health', {}, shop.t0, deadline);
      const h = await token(shop.url);
      const list = await firstOk(shop.url + ROUTES[0].path, h, shop.t0, deadline);
      return { shop, health, list };
    };
    const cold = await startOnce();
    await cold.shop.stop();
    // (a fresh database is migrated and seeded by that first start)
    const admin = await pgClient(dbUrl);
    const products = Number((await admin.query('SELECT count(*) AS n FROM products')).rows[0].n);
    const variants = (await admin.query(`SELECT v.code FROM product_variants v JOIN products p ON p.code = v.product_code WHERE p.type IN ('DEVICE', 'ACCESSORY') ORDER BY v.code`)).rows.map((r: { code: string }) => r.code);
    const phones = (await admin.query(`SELECT code FROM products WHERE type = 'DEVICE' ORDER BY code`)).rows.map((r: { code: string }) => r.code);
    await admin.end();
    const warm = await startOnce();
    const shop = warm.shop;
    try {
      const headers = await token(shop.url);
      // 2. compute cost: the first search of a kind after the start, uncached searches, details of rotating phones
      const first = await timed(`${shop.url}${API.search}?categoryCode=sve&query=${encodeURIComponent('pro:price-desc:brand:Samsung')}`, headers);
      const words = ['samsung', 'apple', 'xiaomi', 'pro', 'max', 'lite', 'neo', 'plus', 'ultra', 'mini', 'edge', 'go', 'prime', 'galaxy', 'iphone'];
      const uncached: number[] = [];
      for (const w of words) uncached.push((await timed(`${shop.url}${API.search}?categoryCode=sve&query=${encodeURIComponent(`${w}:name-asc`)}`, headers)).ms);
      let k = 0;
      const miss = await cannon({
        url: shop.url, headers, requests: [{ setupRequest: (req) => ({ ...req, path: `${API.details}?productCode=${phones[(k++ * 7919) % phones.length]}` }) }],
      });

      // 3. the routes beside a bare Fastify sending the same bytes
      const bodies: Record<string, string> = {};
      for (const [i, r] of ROUTES.entries()) {
        let res = await timed(shop.url + r.path, headers);
        for (let k = 0; res.status !== 200 && k < 3; k++) res = await timed(shop.url + r.path, headers);
        if (res.status !== 200) throw new Error(`${r.name}: ${res.status} ${res.body.slice(0, 200)}`);
        bodies[`r${i}`] = res.body;
      }
      const bare = await startBare(bodies);
      const routes: SizeFigures['routes'] = [];
      let healthP99 = NaN;
      try {
        for (const [i, r] of ROUTES.entries()) {
          await cannon({ url: `${bare.url}/r${i}`, duration: 1 });
          const b = await cannon({ url: `${bare.url}/r${i}` });
          await cannon({ url: shop.url + r.path, headers, duration: 1 });
          const before = procStats(shop.proc.pid!).cpuMs;
          const pinger = i === 0 ? healthPinger(shop.url) : null;
          const s = await cannon({ url: shop.url + r.path, headers });
          if (pinger) healthP99 = pct(await pinger.stop(), 0.99);
          const cpu = procStats(shop.proc.pid!).cpuMs - before;
          routes.push({
            name: r.name, bytes: Buffer.byteLength(bodies[`r${i}`]), rps: s.requests.average, bare: b.requests.average, share: s.requests.average / b.requests.average,
            p99: s.latency.p99, errors: s.errors + s.timeouts + s.non2xx, cpuUs: (cpu * 1000) / Math.max(1, s.requests.total),
          });
        }
      } finally {
        await bare.stop();
      }
      const mem = procStats(shop.proc.pid!);

      // 4. two instances, a read mix on each, without and with 20 stock changes per second
      let two: SizeFigures['two'] = null;
      if (twoInstances) {
        const other = await startShop(dbUrl, join(dir, 'cache'));
        try {
          const h2 = await token(other.url);
          await firstOk(other.url + ROUTES[0].path, h2, performance.now(), performance.now() + 180_000);
          const mix = (url: string, h: Record<string, string>) => {
            let n = 0;
            return { url, headers: h, connections: CONNECTIONS / 2, requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: ROUTES[n++ % ROUTES.length].path }) }] };
          };
          for (const [u, h] of [[shop.url, headers], [other.url, h2]] as const) await cannon({ ...mix(u, h), duration: 1 });
          const without = await Promise.all([cannon(mix(shop.url, headers)), cannon(mix(other.url, h2))]);
          const writer = stockWriter(dbUrl, variants.filter((v: string) => v.includes('__B')).length ? variants.filter((v: string) => v.includes('__B')) : variants);
          const pinger = healthPinger(shop.url);
          let withWrites: CannonResult[];
          try {
            withWrites = await Promise.all([cannon(mix(shop.url, headers)), cannon(mix(other.url, h2))]);
          } finally {
            // the writer stops with the load
          }
          const writes = await writer.stop();
          const lat = await pinger.stop();
          two = {
            without: without.map((r) => r.requests.average), with: withWrites.map((r) => r.requests.average),
            dent: without.map((r, i) => 1 - withWrites[i].requests.average / r.requests.average),
            writes: writes / SECONDS, healthP99: pct(lat, 0.99), healthMax: Math.max(...lat),
            errors: withWrites.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
          };
        } finally {
          await other.stop();
        }
      }
      return {
        label, products, cold: { health: cold.health, list: cold.list }, warm: { health: warm.health, list: warm.list },
        firstSearchMs: first.ms, uncachedSearchMs: median(uncached), detailsMissRps: miss.requests.average, detailsMissP99: miss.latency.p99,
        routes, rssMb: mem.rssMb, hwmMb: mem.hwmMb, healthP99, two,
      };
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pgClient(url: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => { /* a dropped database or a restart: the query in flight fails on its own */ });
  await c.connect();
  return c;
}

/** WRITES_PER_SECOND stock changes, each its own transaction (a level down then up again: the stock stays). */
function stockWriter(dbUrl: string, variants: string[]) {
  let on = true;
  let count = 0;
  const done = (async () => {
    const c = await pgClient(dbUrl);
    try {
      const t0 = performance.now();
      while (on) {
        const v = variants[(count * 7919) % variants.length];
        await c.query('UPDATE stock SET level = level + $2 WHERE variant_code = $1', [v, count % 2 === 0 ? -1 : 1]);
        count++;
        const next = t0 + (count * 1000) / WRITES_PER_SECOND;
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
    } finally {
      await c.end();
    }
  })();
  return { stop: async () => { on = false; await done; return count; } };
}

const fmtS = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const fmtMs = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${Math.round(ms)} ms`);

function print(sizes: SizeFigures[]): boolean {
  let pass = true;
  const lines: string[][] = [];
  const check = (ok: boolean) => { pass &&= ok; return ok ? 'PASS' : 'FAIL'; };
  const row = (what: string, vals: string[], target: string, oks: boolean[]) => lines.push([what, ...vals, target, oks.every(Boolean) ? check(true) : check(false)]);
  const info = (what: string, vals: string[]) => lines.push([what, ...vals, '', '']);
  info('products', sizes.map((s) => String(s.products)));
  row('start → first 200 /health, cold', sizes.map((s) => fmtS(s.cold.health)), `<= ${TARGET.coldMs / 1000} s`, sizes.map((s) => s.cold.health <= TARGET.coldMs));
  row('start → first 200 list, cold', sizes.map((s) => fmtS(s.cold.list)), `<= ${TARGET.coldMs / 1000} s`, sizes.map((s) => s.cold.list <= TARGET.coldMs));
  row('start → first 200 list, warm', sizes.map((s) => fmtS(s.warm.list)), `<= ${TARGET.warmMs / 1000} s`, sizes.map((s) => s.warm.list <= TARGET.warmMs));
  info('first search after start', sizes.map((s) => fmtMs(s.firstSearchMs)));
  info('uncached search (median of 15)', sizes.map((s) => fmtMs(s.uncachedSearchMs)));
  info('details, rotating phones (req/s, p99)', sizes.map((s) => `${Math.round(s.detailsMissRps)}, ${s.detailsMissP99} ms`));
  for (const [i, r] of sizes[0].routes.entries()) {
    row(`${r.name}: share of bare`, sizes.map((s) => `${(s.routes[i].share * 100).toFixed(1)} % (${Math.round(s.routes[i].rps)}/${Math.round(s.routes[i].bare)}, ${(s.routes[i].bytes / 1024).toFixed(1)} kB)`),
      `>= ${TARGET.share * 100} %`, sizes.map((s) => s.routes[i].share >= TARGET.share && s.routes[i].errors === 0));
    row(`${r.name}: p99`, sizes.map((s) => `${s.routes[i].p99} ms`), `< ${TARGET.p99} ms`, sizes.map((s) => s.routes[i].p99 < TARGET.p99));
    info(`${r.name}: CPU per request`, sizes.map((s) => `${Math.round(s.routes[i].cpuUs)} µs`));
  }
  row('RSS after the load (peak)', sizes.map((s) => `${Math.round(s.rssMb)} MB (${Math.round(s.hwmMb)})`), `<= ${TARGET.rssMb} MB`, sizes.map((s) => s.hwmMb <= TARGET.rssMb));
  row('/health p99 under the list load', sizes.map((s) => fmtMs(s.healthP99)), `< ${TARGET.healthMs} ms`, sizes.map((s) => s.healthP99 < TARGET.healthMs));
  const withTwo = sizes.filter((s) => s.two);
  if (withTwo.length) {
    const t = (s: SizeFigures) => s.two;
    info('2 instances, read mix, no writes (req/s each)', sizes.map((s) => (t(s) ? t(s)!.without.map((x) => Math.round(x)).join(' / ') : '—')));
    info(`2 instances with ${WRITES_PER_SECOND} stock changes/s (req/s each)`, sizes.map((s) => (t(s) ? `${t(s)!.with.map((x) => Math.round(x)).join(' / ')} (${t(s)!.writes.toFixed(1)} writes/s, ${t(s)!.errors} errors)` : '—')));
    row('  dent of the writes', sizes.map((s) => (t(s) ? t(s)!.dent.map((d) => `${(d * 100).toFixed(1)} %`).join(' / ') : '—')), `< ${TARGET.dent * 100} %`, withTwo.map((s) => s.two!.dent.every((d) => d < TARGET.dent) && s.two!.errors === 0));
    row('  /health meanwhile (p99, max)', sizes.map((s) => (t(s) ? `${fmtMs(t(s)!.healthP99)}, ${fmtMs(t(s)!.healthMax)}` : '—')), `< ${TARGET.healthMs} ms`, withTwo.map((s) => s.two!.healthMax < TARGET.healthMs));
  }
  const head = ['figure', ...sizes.map((s) => s.label), 'target', 'result'];
  const widths = head.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c].length)));
  const fmt = (l: string[]) => l.map((x, c) => (c === 0 ? x.padEnd(widths[c]) : x.padStart(widths[c]))).join('  ');
  console.log(`\nbench:scale — PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s per run; machine: ${cpus().length} cores, load (1 min) ${loadavg()[0].toFixed(1)} at the end`);
  if (Object.keys(shopEnv).length) console.log(`shop settings beyond npm start: ${Object.entries(shopEnv).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  console.log(fmt(head));
  for (const l of lines) console.log(fmt(l));
  return pass;
}

async function main() {
  const argv = process.argv.slice(2);
  const large = argv.some((a) => a.startsWith('--catalog=') || a.startsWith('--customers='));
  const a = parseArgs(argv);
  // the front end and the server bundle built first when stale (not timed)
  if (spawnSync(process.execPath, [join(ROOT, 'tools/start.mjs'), '--prepare'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  const sizes: SizeFigures[] = [];
  // the seeded shop: a fresh database of its own
  const name = `perf_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = await pgClient(ADMIN_URL);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  try {
    if (process.env.BENCH_SCALE_SKIP_SEEDED !== '1') {
      console.log('seeded size …');
      sizes.push(await measureSize('seeded', u.toString(), true));
    }
  } catch (err) {
    console.error(err);
    throw err;
  } finally {
    const c = await pgClient(ADMIN_URL);
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  if (large) {
    console.log(`large size: ${a.catalog} products, ${a.customers} customers (${a.url === DEFAULT_LARGE_URL ? 'bench_large' : 'given database'}) …`);
    await generate(a.url, a.catalog, a.customers);
    sizes.push(await measureSize(`${a.catalog} products, ${a.customers} customers`, a.url, true));
  }
  const pass = print(sizes);
  console.log(pass ? '\nall targets met' : '\nsome targets missed');
  process.exitCode = pass ? 0 : 1;
}

main().catch((err) => { console.error(err); process.exit(1); });
