// The running cluster of tools/cluster.mjs (`npm run cluster`): its instance processes, the balancer, the signals
// that stop it or restart it one instance at a time, and its state file. `c` is the cluster prepareCluster() made:
// its settings (ports, drain times, folders) and what changes while it runs (processes, stopping, ready, state).
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';

export const say = (m) => console.log(`[cluster] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const alive = (child) => child.exitCode === null && child.signalCode === null;

/** Writes what a `--rolling-restart` reads (pid, instances, restarts and the last one's outcome). */
export const saveState = (c) => writeFileSync(c.stateFile, `${JSON.stringify(c.state, null, 2)}\n`);

/** Lines of a child to our stdout/stderr: JSON log lines as they are (they name their instance), others prefixed. */
function pipeLines(stream, out, prefix, skip = null) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const l of lines) if (!skip?.test(l)) out.write(l.startsWith('{') ? `${l}\n` : `${prefix} ${l}\n`);
  });
  stream.on('end', () => { if (rest) out.write(`${prefix} ${rest}\n`); });
}

/** Starts instance i; one that dies on its own is started again after a second (before the cluster is up: all stop). */
export function startInstance(c, i) {
  const name = c.names[i];
  const env = {
    ...process.env, PORT: String(c.ports[i]), HOST: '127.0.0.1', INSTANCE_ID: name, TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: String(c.drainMs), SHUTDOWN_TIMEOUT_MS: String(c.shutdownMs),
    ...(c.metricsPort ? { METRICS_PORT: String(c.metricsPort + i) } : {}),
  };
  // (a process group of its own: a Ctrl-C in the terminal reaches the cluster only, which passes it on once)
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--heap-growing-percent=30', join(c.root, 'tools', 'start.mjs'), ...c.startArgs], { cwd: c.root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  pipeLines(child.stdout, process.stdout, `[${name}]`);
  pipeLines(child.stderr, process.stderr, `[${name}]`);
  const entry = { child, expected: false, exited: new Promise((done) => child.once('exit', (code, signal) => done({ code, signal }))) };
  c.procs.set(name, entry);
  void entry.exited.then(({ code, signal }) => {
    if (c.procs.get(name) !== entry || entry.expected || c.stopping) return;
    if (!c.ready) { say(`${name} exited (${signal ?? code}) before the cluster was up: stopping.`); void stopAll(c, 1); return; }
    say(`${name} exited on its own (${signal ?? code}): starting it again in a second.`);
    setTimeout(() => { if (!c.stopping && c.procs.get(name) === entry) startInstance(c, i); }, 1000);
  });
  return entry;
}

/** Waits for 200 from the instance's own /health (it listens once migrated, seeded and loaded). */
export async function instanceHealthy(c, i, timeoutMs = 180_000) {
  const entry = c.procs.get(c.names[i]);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(entry.child)) throw new Error(`${c.names[i]} exited while starting`);
    try {
      const res = await fetch(`http://127.0.0.1:${c.ports[i]}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch { /* not listening yet */ }
    await sleep(200);
  }
  throw new Error(`${c.names[i]} did not answer /health with 200 within ${timeoutMs / 1000} s`);
}

/** The balancer's view of its servers (`show stat` on the admin socket): name → status (UP, DOWN, MAINT, `UP 1/2` …). */
function balancerStatus(c) {
  return new Promise((done, fail) => {
    const conn = createConnection(c.socket);
    let text = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write('show stat\n'));
    conn.on('data', (d) => (text += d));
    conn.on('error', fail);
    conn.on('end', () => {
      const [header, ...rows] = text.trim().split('\n');
      const cols = header.replace(/^# /, '').split(',');
      const px = cols.indexOf('pxname'); const sv = cols.indexOf('svname'); const st = cols.indexOf('status');
      const out = {};
      for (const r of rows) { const f = r.split(','); if (f[px] === 'instances' && c.names.includes(f[sv])) out[f[sv]] = f[st]; }
      done(out);
    });
  });
}

/** Waits until the balancer has the instance in rotation (UP). */
export async function inRotation(c, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await balancerStatus(c).catch(() => ({})))[name] === 'UP') return;
    await sleep(100);
  }
  throw new Error(`the balancer did not put ${name} back into rotation within ${timeoutMs / 1000} s`);
}

/** SIGTERM to one instance and its exit (SIGKILL past the drain, the in-flight bound and a margin). */
async function stopInstance(c, name) {
  const entry = c.procs.get(name);
  if (!entry || !alive(entry.child)) return entry ? await entry.exited : null;
  entry.expected = true;
  entry.child.kill('SIGTERM');
  const timer = setTimeout(() => entry.child.kill('SIGKILL'), c.drainMs + c.shutdownMs + 5000);
  const result = await entry.exited;
  clearTimeout(timer);
  return result;
}

/** Stops every instance (each drains), then the balancer, removes the state files and exits. */
export async function stopAll(c, code) {
  if (c.stopping) return;
  c.stopping = true;
  c.exitCode = Math.max(c.exitCode, code);
  say('stopping: every instance drains and exits, then the balancer');
  const results = await Promise.all(c.names.map((n) => stopInstance(c, n)));
  if (results.some((r) => r && r.code !== 0)) c.exitCode = Math.max(c.exitCode, 1);
  const { balancer } = c;
  if (balancer && alive(balancer)) {
    balancer.kill('SIGUSR1'); // soft stop: finishes its connections
    const t = setTimeout(() => balancer.kill('SIGKILL'), 10_000);
    await new Promise((r) => balancer.once('exit', r));
    clearTimeout(t);
  }
  for (const f of [c.pidFile, c.stateFile, c.socket]) rmSync(f, { force: true });
  say(`stopped (exit ${c.exitCode})`);
  process.exit(c.exitCode);
}

/** SIGTERM / SIGINT stop the cluster, SIGHUP restarts it one instance at a time; no child outlives this process. */
export function handleSignals(c) {
  // a second signal kills everything; one that comes with the first (`timeout`, a process manager signalling the
  // process and then its group) is the same request
  let firstSignalAt = 0;
  for (const sig of ['SIGTERM', 'SIGINT']) {
    process.on(sig, () => {
      if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
      if (firstSignalAt) {
        say(`second ${sig}: killing everything`);
        for (const e of c.procs.values()) e.child.kill('SIGKILL');
        c.balancer?.kill('SIGKILL');
        rmSync(c.pidFile, { force: true });
        process.exit(1);
      }
      firstSignalAt = Date.now();
      void stopAll(c, 0);
    });
  }
  process.on('SIGHUP', () => { void rollingRestart(c); });
  // the children have process groups of their own: should this process end any other way, none is left behind
  process.on('exit', () => {
    for (const e of c.procs.values()) if (alive(e.child)) e.child.kill('SIGKILL');
    if (c.balancer && alive(c.balancer)) c.balancer.kill('SIGKILL');
  });
}

/** Restarts the instances one at a time (another one stays in rotation), recording the outcome in the state file. */
async function rollingRestart(c) {
  if (!c.ready || c.stopping) { say('rolling restart: the cluster is not up yet (or stopping); ignored'); return; }
  if (c.restarting) { say('rolling restart: one is already running; ignored'); return; }
  c.restarting = true;
  c.state.restarting = true;
  saveState(c);
  const started = performance.now();
  let error = null;
  try {
    for (const [i, name] of c.names.entries()) {
      if (c.stopping) throw new Error('the cluster is stopping');
      const others = c.names.filter((n) => n !== name);
      if (others.length) {
        const view = await balancerStatus(c);
        const up = others.filter((n) => view[n] === 'UP');
        if (!up.length) throw new Error(`no other instance is in rotation (${JSON.stringify(view)}): ${name} is not stopped`);
      }
      say(`rolling restart: ${name} drains and stops`);
      const t0 = performance.now();
      const r = await stopInstance(c, name);
      say(`rolling restart: ${name} stopped (${r?.signal ?? `exit ${r?.code}`}); starting it again`);
      startInstance(c, i);
      await instanceHealthy(c, i);
      await inRotation(c, name);
      say(`rolling restart: ${name} is back in rotation (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    say(`rolling restart failed: ${error}`);
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  c.restarting = false;
  Object.assign(c.state, { restarting: false, restarts: c.state.restarts + 1, lastRestart: { ok: !error, seconds, ...(error ? { error } : {}) } });
  saveState(c);
  if (!error) say(`rolling restart: done in ${seconds} s`);
}

/** Starts HAProxy in the foreground; should it exit, the instances are stopped. */
export function startBalancer(c) {
  rmSync(c.socket, { force: true });
  c.balancer = spawn(c.haproxy, ['-f', c.configFile, '-db'], { cwd: c.dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  pipeLines(c.balancer.stdout, process.stdout, '[haproxy]');
  // (a server's or proxy's change of state is also in its log on stdout: the copy on stderr is left out; alerts stay)
  pipeLines(c.balancer.stderr, process.stderr, '[haproxy]', /^\[WARNING\]\s+\(\d+\) : (Server|Proxy) /);
  c.balancer.once('exit', (code, signal) => {
    if (c.stopping) return;
    say(`haproxy exited (${signal ?? code}): stopping the instances`);
    void stopAll(c, 1);
  });
}
