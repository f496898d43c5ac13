// @vitest-environment node
// Issue 30: `npm start` as production runs it. SIGTERM sent to npm reaches the server, which answers /health 503
// for SHUTDOWN_DRAIN_MS while still serving, then stops taking connections, lets the request in flight finish with 200, and exits 0; a production install without vite and
// without a build stops with a message instead of a stack.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PATHS } from './helpers';

const root = new URL('../..', import.meta.url).pathname;
/** This suite's port (the helpers' range 3610–3619). */
const PORT = 3615;
const tmp = mkdtempSync(join(tmpdir(), 'ops-start-'));
// the server bundle resolves its (external) packages from where it lies: a folder of its own under node_modules
const bundleDir = join(root, 'node_modules', '.cache', 'orbita-shop', `test-shutdown-${randomBytes(4).toString('hex')}`);
let child: ChildProcess | null = null;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

/** The output of a child, line by line, with a wait for a line that matches. */
class Output {
  text = '';
  private waiters: Array<{ re: RegExp; done: (line: string) => void }> = [];
  add(chunk: Buffer): void {
    this.text += chunk.toString('utf8');
    for (const w of [...this.waiters]) {
      const line = this.text.split('\n').find((l) => w.re.test(l));
      if (line !== undefined) { this.waiters = this.waiters.filter((x) => x !== w); w.done(line); }
    }
  }
  waitFor(re: RegExp): Promise<string> {
    const line = this.text.split('\n').find((l) => re.test(l));
    return line !== undefined ? Promise.resolve(line) : new Promise((done) => this.waiters.push({ re, done }));
  }
}

/** Reads from a socket until `until` matches what arrived. */
function readUntil(socket: Socket, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    const onData = (b: Buffer) => { got += b.toString('utf8'); if (until.test(got)) { socket.off('data', onData); resolve(got); } };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => resolve(got));
  });
}

/** A new connection: 'refused', or the status of a GET /health on it (Fastify's 503 while closing; 0: closed unanswered). */
function tryNewConnection(): Promise<'refused' | number> {
  return new Promise((resolve) => {
    const s = connect(PORT, '127.0.0.1');
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED' ? 'refused' : 0));
    s.once('connect', () => {
      s.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      // reset (accepted just as the listener closed): not answered, as 0
      readUntil(s, /\r\n\r\n/).then((r) => { s.destroy(); resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(r)?.[1] ?? 0)); }, () => { s.destroy(); resolve(0); });
    });
  });
}

describe('npm start and SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, exits 0', async () => {
    const dist = join(tmp, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Orbita Telekom</title><div id="root"></div>');
    const env = {
      ...process.env, DIST_DIR: dist, SERVER_BUNDLE_DIR: bundleDir, PGLITE_DIR: join(tmp, 'pglite'), PORT: String(PORT), HOST: '127.0.0.1',
      SHUTDOWN_TIMEOUT_MS: '10000', SHUTDOWN_DRAIN_MS: '5000', DATABASE_URL: '', REDIS_URL: '', METRICS_PORT: '', NODE_ENV: 'development',
    };
    // the front end counts as built (its stamp), so that the start does not run vite
    expect(spawnSync(process.execPath, [join(root, 'tools/start.mjs'), '--stamp'], { env }).status).toBe(0);
    const out = new Output();
    child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (b: Buffer) => out.add(b));
    child.stderr!.on('data', (b: Buffer) => out.add(b));
    const exited = new Promise<number | null>((done) => child!.once('exit', (code) => done(code)));
    await Promise.race([out.waitFor(/Server listening at/), exited.then((c) => { throw new Error(`start ended (${c}):\n${out.text}`); })]);

    // a shopper's session, then a request whose body arrives in two parts: the server has its headers (it answered
    // 100 Continue), so the request is in flight, and its handler runs only once the rest of the body comes
    const tok = await fetch(`http://127.0.0.1:${PORT}${PATHS.token}`);
    const cookie = (tok.headers.get('set-cookie') ?? '').split(';')[0];
    const token = ((await tok.json()) as { data: { token: string } }).data.token;
    const body = Buffer.from(JSON.stringify({ code: 'ORBITA_PREPAID_START' })); // adds to the cart: 200 with the cart
    const slow = connect(PORT, '127.0.0.1');
    await new Promise((done) => slow.once('connect', done));
    const answer = readUntil(slow, /\r\n\r\n[\s\S]*\}$/);
    slow.write(`POST ${PATHS.addToCart} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n`
      + `Authorization: Bearer ${token}\r\nCookie: ${cookie}\r\nX-Request-Id: in-flight-1\r\nExpect: 100-continue\r\n\r\n`);
    await readUntil(slow, /100 Continue/);
    slow.write(body.subarray(0, 10));

    child.kill('SIGTERM'); // to npm, as a process manager would
    await out.waitFor(/"msg":"shutdown: started/);
    // the drain (SHUTDOWN_DRAIN_MS): still listening, /health answers 503 so a balancer takes the instance out
    expect(await tryNewConnection()).toBe(503);
    // then new connections are refused once the listener is closed (one accepted just before is not served)
    const seen: Array<'refused' | number> = [];
    for (let r = await tryNewConnection(); ; r = await tryNewConnection()) {
      seen.push(r);
      if (r === 'refused') break;
      expect([0, 503]).toContain(r); // during the drain, or accepted just before the listener closed: 503 or closed unanswered
    }
    expect(child.exitCode).toBeNull(); // still draining: the request in flight is not done
    slow.write(body.subarray(10));
    const res = await answer;
    expect(res).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(res).toMatch(/x-request-id: in-flight-1/i);
    expect(res).toMatch(/connection: close/i); // not kept alive: the server need not wait for it
    const code = await exited;
    if (code !== 0) console.log(out.text.slice(-3000), res);
    expect(code).toBe(0);
    expect(out.text).toMatch(/"msg":"shutdown: done"/);
    expect(out.text).toMatch(/"requestId":"in-flight-1","method":"POST","route":"[^"]+","status":200/);
  }, 240_000);
});

describe('a production install (no vite)', () => {
  // the launcher alone in a checkout of its own: no node_modules, so no vite (as after `npm ci --omit=dev`)
  const bare = join(tmp, 'bare');
  mkdirSync(join(bare, 'tools'), { recursive: true });
  copyFileSync(join(root, 'tools', 'start.mjs'), join(bare, 'tools', 'start.mjs'));
  const start = (env: Record<string, string>) => spawnSync(process.execPath, [join(bare, 'tools', 'start.mjs')], { cwd: bare, env: { ...process.env, ...env }, encoding: 'utf8' });

  it('without a build: stops with a message telling to run the build, not a stack', () => {
    const r = start({ DIST_DIR: join(bare, 'dist') });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('npm run build');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('with a build older than its sources: serves it instead of rebuilding', () => {
    const dist = join(bare, 'dist-old');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(join(dist, '.build-stamp'), 'a stamp of other sources\n');
    const r = start({ DIST_DIR: dist, SERVER_BUNDLE_DIR: join(bare, 'bundle') });
    expect(r.stderr).toContain('serving the build that is there');
    expect(r.stdout).not.toContain('Building the front end');
  });
});
