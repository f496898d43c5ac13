#!/usr/bin/env node
// `npm run cluster`: the shop as several PostgreSQL-backed instances behind HAProxy (Debian's `haproxy` package), in
// the foreground, with one command (issue 30).
//   DATABASE_URL=postgresql://… npm run cluster [-- --instances 2 --port 8080 --instance-port 8081 --host 127.0.0.1]
//   npm run cluster -- --rolling-restart     restarts the running cluster's instances one at a time (or kill -HUP <pid>)
// What it does: builds what is stale once (tools/start.mjs --prepare, so the instances do not race on dist/), starts
// the instances (`node tools/start.mjs`, distinct INSTANCE_ID and PORT, TRUST_PROXY=127.0.0.1 — the balancer's address
// as the instances see it — and SHUTDOWN_DRAIN_MS longer than the balancer's checks need to take a draining instance out),
// writes deploy/haproxy.cfg with the ports filled in into its state folder (CLUSTER_DIR, default data/cluster) and runs
// `haproxy -f … -db` in the foreground. SIGTERM / SIGINT reach every instance (each drains and exits) and then the
// balancer. SIGHUP restarts the instances one at a time: SIGTERM (the instance answers /health 503, the balancer's
// checks take it out, it stops listening after the drain and finishes its requests), start it again, wait until the
// balancer has it back in rotation (its admin socket says UP), then the next. An instance that dies on its own is
// started again after a second. REDIS_URL, GATEWAY_SECRET, NODE_ENV, … are passed on to every instance as they are.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const { values: opt } = parseArgs({
  options: {
    instances: { type: 'string' },
    port: { type: 'string' },
    'instance-port': { type: 'string' },
    host: { type: 'string' },
    dir: { type: 'string' },
    'rolling-restart': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (opt.help) {
  console.log(`npm run cluster [-- options]   PostgreSQL-backed instances behind HAProxy, in the foreground
  --instances N        how many instances (CLUSTER_INSTANCES, default 2)
  --port P             the balancer's port (CLUSTER_PORT, default 8080)
  --host H             the balancer's address (CLUSTER_HOST, default 127.0.0.1; 0.0.0.0 for every interface)
  --instance-port Q    the first instance's port, the next ones follow (default P + 1); instances listen on 127.0.0.1
  --dir D              state folder: haproxy.cfg, admin socket, pid, state.json (CLUSTER_DIR, default data/cluster)
  --rolling-restart    restart the running cluster's instances one at a time and wait until it is done
  --no-build           serve dist/ as it is, without checking that it is fresh (the server bundle is still built)
Needs DATABASE_URL (PostgreSQL) and haproxy (apt-get install haproxy, or HAPROXY=/path/to/haproxy).
Health checks every CLUSTER_CHECK_MS (500) ms, out after 2 failed, back after 2 passed.`);
  process.exit(0);
}

const dir = resolve(opt.dir ?? process.env.CLUSTER_DIR ?? join(root, 'data', 'cluster'));
const pidFile = join(dir, 'cluster.pid');
const stateFile = join(dir, 'state.json');
const readState = () => { try { return JSON.parse(readFileSync(stateFile, 'utf8')); } catch { return null; } };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (opt['rolling-restart']) await rollingRestartCommand();
else await runCluster();

/** `--rolling-restart`: SIGHUP to the running cluster, then wait for its state file to report the restart's end. */
async function rollingRestartCommand() {
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : NaN;
  const alive = Number.isInteger(pid) && (() => { try { process.kill(pid, 0); return true; } catch { return false; } })();
  if (!alive) {
    console.error(`No cluster is running with the state folder ${dir} (start one with \`npm run cluster\`; --dir names another folder).`);
    process.exit(1);
  }
  const before = readState()?.restarts ?? 0;
  process.kill(pid, 'SIGHUP');
  console.log(`Rolling restart asked of the cluster (pid ${pid}); waiting for it to finish …`);
  for (;;) {
    await sleep(250);
    const s = readState();
    if (!s) { console.error('The cluster stopped during the restart.'); process.exit(1); }
    if (s.restarts > before && !s.restarting) {
      if (s.lastRestart?.ok) { console.log(`Rolling restart done in ${s.lastRestart.seconds} s: every instance is back in rotation.`); process.exit(0); }
      console.error(`Rolling restart failed: ${s.lastRestart?.error ?? 'unknown'}`);
      process.exit(1);
    }
  }
}

async function runCluster() {
  const count = Number(opt.instances ?? process.env.CLUSTER_INSTANCES ?? 2);
  const port = Number(opt.port ?? process.env.CLUSTER_PORT ?? 8080);
  const firstPort = Number(opt['instance-port'] ?? port + 1);
  const host = opt.host ?? process.env.CLUSTER_HOST ?? '127.0.0.1';
  const checkMs = Number(process.env.CLUSTER_CHECK_MS ?? 500);
  const fall = 2;
  const rise = 2;
  for (const [name, v] of [['--instances', count], ['--port', port], ['--instance-port', firstPort], ['CLUSTER_CHECK_MS', checkMs]]) {
    if (!Number.isInteger(v) || v < 1 || (name.includes('port') && v > 65535)) { console.error(`${name} must be a positive whole number (a port ≤ 65535).`); process.exit(1); }
  }
  if (!process.env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL)) {
    console.error('npm run cluster needs PostgreSQL: set DATABASE_URL=postgresql://user@host:5432/shop (PGlite serves one process only).\n'
      + 'REDIS_URL (optional) shares the rate-limit and sign-in counters between the instances.');
    process.exit(1);
  }
  const haproxy = process.env.HAPROXY ?? 'haproxy';
  const version = spawnSync(haproxy, ['-v'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) {
    console.error(`HAProxy is not installed (${haproxy}: ${version.error?.code ?? `exit ${version.status}`}): apt-get install haproxy (Debian's package), or HAPROXY=/path/to/haproxy.`);
    process.exit(1);
  }
  const existing = readState();
  if (existing?.pid && existing.pid !== process.pid && (() => { try { process.kill(existing.pid, 0); return true; } catch { return false; } })()) {
    console.error(`A cluster (pid ${existing.pid}) already runs with the state folder ${dir}; stop it or pass --dir.`);
    process.exit(1);
  }

  // 1. what is stale is built once, here (the instances would otherwise each build it, on the same files)
  const startArgs = opt['no-build'] ? ['--no-build'] : [];
  const prepare = spawnSync(process.execPath, [join(root, 'tools', 'start.mjs'), '--prepare', ...startArgs], { cwd: root, stdio: 'inherit' });
  if (prepare.status !== 0) process.exit(prepare.status ?? 1);

  // 2. the balancer's configuration, from the template
  mkdirSync(dir, { recursive: true });
  const socket = join(dir, 'haproxy.sock');
  const names = Array.from({ length: count }, (_, i) => `shop-${i + 1}`);
  const ports = names.map((_, i) => firstPort + i);
  if (ports.includes(port)) { console.error('The instances\' ports overlap the balancer\'s: choose --instance-port.'); process.exit(1); }
  const fill = {
    BIND: `${host}:${port}`, SOCKET: socket, INTER: `${checkMs}ms`, FALL: String(fall), RISE: String(rise),
    SERVERS: names.map((n, i) => `    server ${n} 127.0.0.1:${ports[i]} check`).join('\n'),
  };
  // (the template's comment lines name the placeholders: only the other lines are filled in)
  const config = readFileSync(join(root, 'deploy', 'haproxy.cfg'), 'utf8').split('\n')
    .map((l) => (l.trimStart().startsWith('#') ? l : l.replace(/\{\{(\w+)\}\}/g, (m, k) => fill[k] ?? m)))
    .join('\n');
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, config);
  writeFileSync(pidFile, `${process.pid}\n`);

  // an instance keeps serving with /health at 503 until the balancer has surely seen `fall` failed checks
  const drainMs = Math.max(Number(process.env.SHUTDOWN_DRAIN_MS) || 0, checkMs * (fall + 1) + 1000);
  const shutdownMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;
  const metricsPort = Number(process.env.METRICS_PORT) || 0;
  const say = (m) => console.log(`[cluster] ${m}`);

  let stopping = false;
  let ready = false;
  let restarting = false;
  const state = { pid: process.pid, balancer: `http://${host}:${port}/`, instances: names, restarts: 0, restarting: false, lastRestart: null };
  const saveState = () => writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  saveState();

  /** Lines of a child to our stdout/stderr: JSON log lines as they are (they name their instance), others prefixed. */
  const pipeLines = (stream, out, prefix, skip = null) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const l of lines) if (!skip?.test(l)) out.write(l.startsWith('{') ? `${l}\n` : `${prefix} ${l}\n`);
    });
    stream.on('end', () => { if (rest) out.write(`${prefix} ${rest}\n`); });
  };

  /** The running instance processes by name. */
  const procs = new Map();
  function startInstance(i) {
    const name = names[i];
    const env = {
      ...process.env, PORT: String(ports[i]), HOST: '127.0.0.1', INSTANCE_ID: name, TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: String(drainMs), SHUTDOWN_TIMEOUT_MS: String(shutdownMs),
      ...(metricsPort ? { METRICS_PORT: String(metricsPort + i) } : {}),
    };
    // (a process group of its own: a Ctrl-C in the terminal reaches the cluster only, which passes it on once)
    const child = spawn(process.execPath, ['--max-semi-space-size=32', join(root, 'tools', 'start.mjs'), ...startArgs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    pipeLines(child.stdout, process.stdout, `[${name}]`);
    pipeLines(child.stderr, process.stderr, `[${name}]`);
    const entry = { child, expected: false, exited: new Promise((done) => child.once('exit', (code, signal) => done({ code, signal }))) };
    procs.set(name, entry);
    void entry.exited.then(({ code, signal }) => {
      if (procs.get(name) !== entry || entry.expected || stopping) return;
      if (!ready) { say(`${name} exited (${signal ?? code}) before the cluster was up: stopping.`); void stopAll(1); return; }
      say(`${name} exited on its own (${signal ?? code}): starting it again in a second.`);
      setTimeout(() => { if (!stopping && procs.get(name) === entry) startInstance(i); }, 1000);
    });
    return entry;
  }

  /** Waits for 200 from the instance's own /health (it listens once migrated, seeded and loaded). */
  async function instanceHealthy(i, timeoutMs = 180_000) {
    const entry = procs.get(names[i]);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (entry.child.exitCode !== null || entry.child.signalCode !== null) throw new Error(`${names[i]} exited while starting`);
      try {
        const res = await fetch(`http://127.0.0.1:${ports[i]}/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return;
      } catch { /* not listening yet */ }
      await sleep(200);
    }
    throw new Error(`${names[i]} did not answer /health with 200 within ${timeoutMs / 1000} s`);
  }

  /** The balancer's view of its servers (`show stat` on the admin socket): name → status (UP, DOWN, MAINT, `UP 1/2` …). */
  function balancerStatus() {
    return new Promise((done, fail) => {
      const c = createConnection(socket);
      let text = '';
      c.setEncoding('utf8');
      c.on('connect', () => c.write('show stat\n'));
      c.on('data', (d) => (text += d));
      c.on('error', fail);
      c.on('end', () => {
        const [header, ...rows] = text.trim().split('\n');
        const cols = header.replace(/^# /, '').split(',');
        const px = cols.indexOf('pxname'); const sv = cols.indexOf('svname'); const st = cols.indexOf('status');
        const out = {};
        for (const r of rows) { const f = r.split(','); if (f[px] === 'instances' && names.includes(f[sv])) out[f[sv]] = f[st]; }
        done(out);
      });
    });
  }

  async function inRotation(name, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await balancerStatus().catch(() => ({})))[name] === 'UP') return;
      await sleep(100);
    }
    throw new Error(`the balancer did not put ${name} back into rotation within ${timeoutMs / 1000} s`);
  }

  /** SIGTERM to one instance and its exit (SIGKILL past the drain, the in-flight bound and a margin). */
  async function stopInstance(name) {
    const entry = procs.get(name);
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return entry ? await entry.exited : null;
    entry.expected = true;
    entry.child.kill('SIGTERM');
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), drainMs + shutdownMs + 5000);
    const result = await entry.exited;
    clearTimeout(timer);
    return result;
  }

  let balancer = null;
  let exitCode = 0;
  async function stopAll(code) {
    if (stopping) return;
    stopping = true;
    exitCode = Math.max(exitCode, code);
    say('stopping: every instance drains and exits, then the balancer');
    const results = await Promise.all(names.map((n) => stopInstance(n)));
    if (results.some((r) => r && r.code !== 0)) exitCode = Math.max(exitCode, 1);
    if (balancer && balancer.exitCode === null && balancer.signalCode === null) {
      balancer.kill('SIGUSR1'); // soft stop: finishes its connections
      const t = setTimeout(() => balancer.kill('SIGKILL'), 10_000);
      await new Promise((r) => balancer.once('exit', r));
      clearTimeout(t);
    }
    for (const f of [pidFile, stateFile, socket]) rmSync(f, { force: true });
    say(`stopped (exit ${exitCode})`);
    process.exit(exitCode);
  }
  // a second signal kills everything; one that comes with the first (`timeout`, a process manager signalling the
  // process and then its group) is the same request
  let firstSignalAt = 0;
  for (const sig of ['SIGTERM', 'SIGINT']) {
    process.on(sig, () => {
      if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
      if (firstSignalAt) {
        say(`second ${sig}: killing everything`);
        for (const e of procs.values()) e.child.kill('SIGKILL');
        balancer?.kill('SIGKILL');
        rmSync(pidFile, { force: true });
        process.exit(1);
      }
      firstSignalAt = Date.now();
      void stopAll(0);
    });
  }

  async function rollingRestart() {
    if (!ready || stopping) { say('rolling restart: the cluster is not up yet (or stopping); ignored'); return; }
    if (restarting) { say('rolling restart: one is already running; ignored'); return; }
    restarting = true;
    state.restarting = true;
    saveState();
    const started = performance.now();
    let error = null;
    try {
      for (const [i, name] of names.entries()) {
        if (stopping) throw new Error('the cluster is stopping');
        const others = names.filter((n) => n !== name);
        if (others.length) {
          const view = await balancerStatus();
          const up = others.filter((n) => view[n] === 'UP');
          if (!up.length) throw new Error(`no other instance is in rotation (${JSON.stringify(view)}): ${name} is not stopped`);
        }
        say(`rolling restart: ${name} drains and stops`);
        const t0 = performance.now();
        const r = await stopInstance(name);
        say(`rolling restart: ${name} stopped (${r?.signal ?? `exit ${r?.code}`}); starting it again`);
        startInstance(i);
        await instanceHealthy(i);
        await inRotation(name);
        say(`rolling restart: ${name} is back in rotation (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      }
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      say(`rolling restart failed: ${error}`);
    }
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    restarting = false;
    Object.assign(state, { restarting: false, restarts: state.restarts + 1, lastRestart: { ok: !error, seconds, ...(error ? { error } : {}) } });
    saveState();
    if (!error) say(`rolling restart: done in ${seconds} s`);
  }
  process.on('SIGHUP', () => { void rollingRestart(); });
  // the children have process groups of their own: should this process end any other way, none is left behind
  process.on('exit', () => {
    for (const e of procs.values()) if (e.child.exitCode === null && e.child.signalCode === null) e.child.kill('SIGKILL');
    if (balancer && balancer.exitCode === null && balancer.signalCode === null) balancer.kill('SIGKILL');
  });

  // 3. the instances (together: migrations and the first seed run under advisory locks), then the balancer
  say(`starting ${count} instance(s) on ports ${ports.join(', ')} (drain ${drainMs} ms)`);
  names.forEach((_, i) => startInstance(i));
  try {
    await Promise.all(names.map((_, i) => instanceHealthy(i)));
  } catch (err) {
    say(`${err instanceof Error ? err.message : err}`);
    await stopAll(1);
    return;
  }
  if (stopping) return;
  rmSync(socket, { force: true });
  balancer = spawn(haproxy, ['-f', configFile, '-db'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  pipeLines(balancer.stdout, process.stdout, '[haproxy]');
  // (a server's or proxy's change of state is also in its log on stdout: the copy on stderr is left out; alerts stay)
  pipeLines(balancer.stderr, process.stderr, '[haproxy]', /^\[WARNING\]\s+\(\d+\) : (Server|Proxy) /);
  balancer.once('exit', (code, signal) => {
    if (stopping) return;
    say(`haproxy exited (${signal ?? code}): stopping the instances`);
    void stopAll(1);
  });
  try {
    await Promise.all(names.map((n) => inRotation(n, 30_000)));
  } catch (err) {
    say(`${err instanceof Error ? err.message : err}`);
    await stopAll(1);
    return;
  }
  ready = true;
  say(`ready: http://${host}:${port}/ → ${names.map((n, i) => `${n} :${ports[i]}`).join(', ')}`);
  say(`rolling restart: kill -HUP ${process.pid}, or npm run cluster -- --rolling-restart${opt.dir || process.env.CLUSTER_DIR ? ` --dir ${dir}` : ''}`);
}
