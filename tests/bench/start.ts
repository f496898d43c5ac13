// npm run bench:start — how long `npm start` takes to serve: cold (empty data folder and schema cache) and warm
// (the same folder again), as the time from spawning `npm start` to the first 200 of GET /health and of a shop page.
// Targets (issue 8): warm ≤ 1.5 s, cold ≤ 10 s. The build is made first (not timed) when missing or stale.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3);
const TARGET = { cold: 10_000, warm: 1_500 };

async function firstOk(url: string, t0: number, deadline: number): Promise<number> {
  for (;;) {
    try {
      const r = await fetch(url, { headers: { accept: '*/*' } });
      await r.arrayBuffer();
      if (r.status === 200) return performance.now() - t0;
    } catch { /* not listening yet */ }
    if (performance.now() > deadline) return Number.NaN;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Spawns `npm start` with its own data folder; resolves with the times to the first 200s, then stops it. */
function run(dataDir: string, cacheDir: string): Promise<{ health: number; page: number }> {
  return new Promise((resolveRun, reject) => {
    const t0 = performance.now();
    const child = spawn('npm', ['start', '--silent'], {
      cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PGLITE_DIR: dataDir, SCHEMAS_CACHE_DIR: cacheDir, DATABASE_URL: '', REDIS_URL: '' },
    });
    let out = '';
    let done = false;
    const stop = () => { try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* gone */ } };
    const timer = setTimeout(() => { if (!done) { stop(); reject(new Error(`no server within 120 s:\n${out}`)); } }, 120_000);
    const onData = async (d: Buffer) => {
      out += d.toString();
      const m = /Orbita Telekom shop \([^)]*\) at (http:\/\/[\d.]+:\d+)\//.exec(out);
      if (!m || done) return;
      done = true;
      const deadline = performance.now() + 30_000;
      const [health, page] = await Promise.all([firstOk(`${m[1]}/health`, t0, deadline), firstOk(`${m[1]}/`, t0, deadline)]);
      clearTimeout(timer);
      child.once('exit', () => resolveRun({ health, page }));
      stop();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    child.once('exit', (code) => { if (!done) { clearTimeout(timer); reject(new Error(`npm start exited ${code}:\n${out}`)); } });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  if (spawnSync(process.execPath, [join(root, 'tools/start.mjs'), '--check']).status !== 0) {
    console.log('building the front end first (not timed) …');
    const b = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) process.exit(1);
    spawnSync(process.execPath, [join(root, 'tools/start.mjs'), '--stamp'], { cwd: root, stdio: 'inherit' });
  }
  const dir = mkdtempSync(join(tmpdir(), 'orbita-start-'));
  const dataDir = join(dir, 'pglite');
  const cacheDir = join(dir, 'cache');
  try {
    const cold = await run(dataDir, cacheDir);
    const warm: Array<{ health: number; page: number }> = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await run(dataDir, cacheDir));
    const rows = [
      ['cold start (empty data folder)', cold.health, cold.page, TARGET.cold],
      [`warm start (median of ${WARM_RUNS})`, median(warm.map((w) => w.health)), median(warm.map((w) => w.page)), TARGET.warm],
    ] as const;
    console.log('\nnpm start → first 200                 GET /health   GET /       target   result');
    let ok = true;
    for (const [name, health, page, target] of rows) {
      const pass = Math.max(health, page) <= target;
      ok &&= pass;
      console.log(`${name.padEnd(38)} ${s(health).padStart(10)} ${s(page).padStart(10)} ${s(target).padStart(9)}   ${pass ? 'PASS' : 'FAIL'}`);
    }
    console.log(`\nwarm runs: ${warm.map((w) => s(Math.max(w.health, w.page))).join(', ')}; machine load (1 min): ${(await import('node:os')).loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
