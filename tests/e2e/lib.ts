// Shared harness of the end-to-end suite: a real production server on a fresh embedded database,
// and Debian's Chromium driven by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = new URL('../..', import.meta.url).pathname;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A port nothing listens on (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ShopServer {
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** development mode (`server/main.ts --dev`): watches the schemas folder, enables the studio and /ui/events */
  dev?: boolean;
  /** the schemas folder to serve (SCHEMAS_DIR); tests that write documents pass a temporary copy */
  schemasDir?: string;
  /** more environment for the server (e.g. AUTH_RATE_LIMIT) */
  env?: Record<string, string>;
}

/** The Node flags `npm start` runs the shop with (package.json "start"), for whatever starts the shop as it ships (this
 *  file, the benches). Read when called: the visual suite imports this file where ROOT is no folder. */
export const startFlags = (): string[] => (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/).filter((a) => a.startsWith('--'));

/** Starts the shop as `npm start` does (the server bundle, production mode; `dev`: `server/main.ts --dev` through tsx) on a free port with a fresh PGlite folder (a copy of the template when there is one). */
export async function startShop(extraEnv: Record<string, string> = {}, opts: StartOptions = {}): Promise<ShopServer> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/ is missing: the e2e suite needs `npm run build` first (npm run test:e2e does it).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  // a copy of the run's migrated and seeded folder (tests/e2e/global-setup.ts); without one the server makes its own
  if (process.env.E2E_PGLITE_TEMPLATE) cpSync(process.env.E2E_PGLITE_TEMPLATE, dataDir, { recursive: true });
  const env = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: dataDir, NODE_ENV: opts.dev ? 'development' : 'production',
    // a production start refuses to run without a gateway secret of its own (server/payment/secret.ts)
    GATEWAY_SECRET: process.env.GATEWAY_SECRET || `e2e-${randomBytes(24).toString('hex')}`,
    ...(opts.schemasDir ? { SCHEMAS_DIR: opts.schemasDir } : {}), ...opts.env, ...extraEnv,
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  // (the runner's own `--import tsx`, npm run e2e, is not the bundle's: it would pass every import through tsx's hooks)
  if (!opts.dev) delete (env as Record<string, string | undefined>).NODE_OPTIONS;
  // production: what `npm start` runs — the server bundle (tools/start.mjs; built before the run by global-setup.ts) and
  // the build's checked schema set (npm run test:e2e writes it); a development server runs server/main.ts through tsx
  const argv = opts.dev ? ['--import', 'tsx', 'server/main.ts', '--dev'] : [...startFlags(), 'tools/start.mjs', '--no-build'];
  const child: ChildProcess = spawn(process.execPath, argv, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/ui/manifest`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

/** The running Playwright project: its name and viewport (playwright.config.ts `projects`). */
export interface RunningProject { name: string; viewport?: { width: number; height: number } | null }
let runningProject: (() => RunningProject | undefined) | undefined;

/** Where newPage reads the running Playwright project (set by tests/e2e/harness.ts; lib.ts itself is also used
 *  outside Playwright's runner — the screenshot suite, the benchmarks — where there is none). */
export function setRunningProject(read: () => RunningProject | undefined): void {
  runningProject = read;
}

/** A screenshot a test writes under SHOTS goes to SHOTS/<project>/ in every project but the default `desktop`, so a
 *  test run by two projects (the @phone ones) keeps both pictures instead of the last one. */
export function projectShotPath(path: string, project: string | undefined): string {
  const rel = relative(SHOTS, path);
  if (!project || project === 'desktop' || rel.startsWith('..')) return path;
  const moved = join(SHOTS, project, rel);
  mkdirSync(dirname(moved), { recursive: true });
  return moved;
}

/** A page that fails the test on any uncaught page error or console error. */
/**
 * A new page in its own context. The cookie choice is made already (necessary cookies only), so the cookie banner
 * does not cover the page; `cookieBanner: true` starts without a choice (tests of the banner itself).
 */
export async function newPage(browser: Browser, opts: { width?: number; height?: number; cookieBanner?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  // without a width of its own, the running Playwright project's viewport (playwright.config.ts: 1280 or 375 px)
  const running = runningProject?.();
  const project = opts.width === undefined ? running?.viewport : undefined;
  const viewport = { width: opts.width ?? project?.width ?? 1280, height: opts.height ?? project?.height ?? 900 };
  const context = await browser.newContext({ viewport, locale: 'sr-RS' });
  if (!opts.cookieBanner) {
    const value = encodeURIComponent('necessary:1|analytics:0|marketing:0');
    await context.addCookies(['b2c_consent', 'b2b_consent'].map((name) => ({ name, value, domain: '127.0.0.1', path: '/' })));
  }
  const page = await context.newPage();
  if (running && running.name !== 'desktop') {
    const shot = page.screenshot.bind(page);
    page.screenshot = (o = {}) => shot(o.path ? { ...o, path: projectShotPath(o.path, running.name) } : o);
  }
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // Failed loads are reported below with their address; the console line carries none.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return { page, problems };
}

const inFlight = new WeakMap<Page, { count: number; since: number }>();

/** Counts the page's requests in flight from now on (see quiet). */
export function trackRequests(page: Page): void {
  const state = { count: 0, since: Date.now() };
  inFlight.set(page, state);
  const done = () => { state.count = Math.max(0, state.count - 1); state.since = Date.now(); };
  page.on('request', () => { state.count++; state.since = Date.now(); });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Waits until no request of the page has been in flight for `ms` (Playwright's networkidle waits 500 ms after the
 *  last connection closes; the shop's screens load their data in well under that). An untracked page waits for
 *  networkidle. */
export async function quiet(page: Page, ms = 150): Promise<void> {
  const state = inFlight.get(page);
  if (!state) return page.waitForLoadState('networkidle');
  while (state.count > 0 || Date.now() - state.since < ms) await new Promise((r) => setTimeout(r, 20));
}

export const SHOTS = join(ROOT, 'tests', 'e2e', 'artifacts');
