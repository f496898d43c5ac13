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
// This file checks the options and prepares the cluster; tools/cluster-processes.mjs runs its processes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { handleSignals, inRotation, instanceHealthy, saveState, say, startBalancer, startInstance, stopAll } from './cluster-processes.mjs';

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

/** `npm run cluster`: prepares the cluster, starts its instances, then the balancer, and says when it is ready. */
async function runCluster() {
  const c = prepareCluster(clusterSettings());
  handleSignals(c);

  // 3. the instances (together: migrations and the first seed run under advisory locks), then the balancer
  say(`starting ${c.count} instance(s) on ports ${c.ports.join(', ')} (drain ${c.drainMs} ms)`);
  c.names.forEach((_, i) => startInstance(c, i));
  try {
    await Promise.all(c.names.map((_, i) => instanceHealthy(c, i)));
  } catch (err) {
    say(`${err instanceof Error ? err.message : err}`);
    await stopAll(c, 1);
    return;
  }
  if (c.stopping) return;
  startBalancer(c);
  try {
    await Promise.all(c.names.map((n) => inRotation(c, n, 30_000)));
  } catch (err) {
    say(`${err instanceof Error ? err.message : err}`);
    await stopAll(c, 1);
    return;
  }
  c.ready = true;
  say(`ready: http://${c.host}:${c.port}/ → ${c.names.map((n, i) => `${n} :${c.ports[i]}`).join(', ')}`);
  say(`rolling restart: kill -HUP ${process.pid}, or npm run cluster -- --rolling-restart${opt.dir || process.env.CLUSTER_DIR ? ` --dir ${dir}` : ''}`);
}

/** The options and environment, checked (a bad one stops here, saying why), and the HAProxy to run. */
function clusterSettings() {
  const count = Number(opt.instances ?? process.env.CLUSTER_INSTANCES ?? 2);
  const port = Number(opt.port ?? process.env.CLUSTER_PORT ?? 8080);
  const firstPort = Number(opt['instance-port'] ?? port + 1);
  const host = opt.host ?? process.env.CLUSTER_HOST ?? '127.0.0.1';
  const checkMs = Number(process.env.CLUSTER_CHECK_MS ?? 500);
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
  return { count, port, firstPort, host, checkMs, fall: 2, rise: 2, haproxy };
}

/**
 * Builds what is stale, writes the balancer's configuration, the pid and the state file: the cluster, not started
 * (its settings, instance names and ports, drain times, and what changes while it runs).
 */
function prepareCluster(settings) {
  const { count, port, firstPort, host, checkMs, fall, rise } = settings;
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

  const c = {
    ...settings, root, dir, pidFile, stateFile, startArgs, socket, names, ports, configFile,
    // an instance keeps serving with /health at 503 until the balancer has surely seen `fall` failed checks
    drainMs: Math.max(Number(process.env.SHUTDOWN_DRAIN_MS) || 0, checkMs * (fall + 1) + 1000),
    shutdownMs: Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000,
    metricsPort: Number(process.env.METRICS_PORT) || 0,
    stopping: false, ready: false, restarting: false, balancer: null, exitCode: 0,
    /** the running instance processes by name */
    procs: new Map(),
    state: { pid: process.pid, balancer: `http://${host}:${port}/`, instances: names, restarts: 0, restarting: false, lastRestart: null },
  };
  saveState(c);
  return c;
}

