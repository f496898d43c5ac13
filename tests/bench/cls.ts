// npm run bench:cls: builds for production, then loads the pages of issue 8 in Chromium at a phone
// (375x667) and a desktop (1280x900) viewport with 4x CPU throttling and a slow network
// (150 ms round trip, so data arrives well after the first paint), and prints each page's
// cumulative layout shift (the largest session window, as Lighthouse / web-vitals count it)
// beside the 0.02 target. `--shots <dir>` also saves a screenshot of every page;
// `--no-build` skips the build; `--verbose` lists the shifted elements.
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fillCart } from './cart';
import { ROOT, startShop, launchBrowser } from '../e2e/lib';
import type { Browser, Page } from 'playwright-core';

const TARGET = 0.02;
const args = process.argv.slice(2);
const shotsDir = args.includes('--shots') ? args[args.indexOf('--shots') + 1] : null;
const verbose = args.includes('--verbose');
/** `--only <substring>`: just the pages whose name contains it; `--width 375|1280`: one viewport */
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const onlyWidth = args.includes('--width') ? Number(args[args.indexOf('--width') + 1]) : null;

/** Runs in the page before any script: records every layout shift with the elements that moved. */
const OBSERVER = `(() => {
  const shifts = [];
  window.__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      shifts.push({ t: e.startTime, value: e.value, nodes: (e.sources || []).map((s) => {
        const n = s.node; if (!n || !n.nodeType) return '?';
        const el = n.nodeType === 1 ? n : n.parentElement;
        const r = (x) => Math.round(x.y) + '+' + Math.round(x.height);
        return (el ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') : '#text') + '[' + r(s.previousRect) + '→' + r(s.currentRect) + ']';
      }) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

interface Shift { t: number; value: number; nodes: string[] }

/** The CLS of web-vitals: the largest sum of shifts in a session window (gaps < 1 s, at most 5 s). */
function cls(shifts: Shift[]): number {
  let best = 0;
  let cur = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last < 1000 && s.t - start < 5000) cur += s.value;
    else {
      cur = s.value;
      start = s.t;
    }
    last = s.t;
    best = Math.max(best, cur);
  }
  return best;
}

async function throttledPage(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'sr-RS', deviceScaleFactor: width < 600 ? 2 : 1, isMobile: width < 600, hasTouch: width < 600 });
  await context.addInitScript(OBSERVER);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  return page;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
}

async function readShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts.slice());
}


interface Case {
  name: string;
  run(page: Page, base: string): Promise<Shift[]>;
}

const PLP = '/Privatni/Uredjaji/Tip-uredjaja/telefoni';

const CASES: Case[] = [
  { name: 'home /', async run(page, base) { await page.goto(base + '/'); await settle(page); return readShifts(page); } },
  { name: 'phone list', async run(page, base) { await page.goto(base + PLP); await settle(page); return readShifts(page); } },
  {
    name: 'phone page',
    async run(page, base) {
      // the address of the Galaxy A56 as the list links it, loaded fresh
      await page.goto(base + PLP);
      await settle(page);
      const href = await page.locator('a[href*="/uredjaj/SAMSUNG_GALAXY_A56/"]').first().getAttribute('href');
      await page.goto(base + (href ?? '/uredjaj/SAMSUNG_GALAXY_A56/awesome-graphite'));
      await settle(page);
      return readShifts(page);
    },
  },
  {
    name: 'mini cart open',
    async run(page, base) {
      await page.goto(base + '/');
      await settle(page);
      await fillCart(page);
      await page.goto(base + '/');
      await settle(page);
      const before = (await readShifts(page)).length;
      await page.locator('.ot-minicart__btn').click();
      await page.waitForSelector('.ot-minicart__panel');
      await page.waitForTimeout(1000);
      // the page load and the opening (a click counts as input for 500 ms; what moves later counts)
      const all = await readShifts(page);
      void before;
      return all;
    },
  },
  {
    name: 'home, signed in',
    async run(page, base) {
      // the header's session parts (login button → the user's initial / name) must not move the header
      await page.goto(base + '/');
      await settle(page);
      await page.evaluate(async () => {
        const tok = await (await fetch('/selfcare/b2c/auth/token', { credentials: 'include' })).json();
        await fetch('/selfcare/b2c/user/authorize', {
          method: 'POST', credentials: 'include',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.data.token}`, lang: '1' },
          body: JSON.stringify({ userId: 'kupac@orbita.rs', encodedPassword: btoa('Orbita2026!'), rememberMe: false }),
        });
      });
      await page.goto(base + '/');
      await settle(page);
      return readShifts(page);
    },
  },
  {
    name: 'checkout data step',
    async run(page, base) {
      await page.goto(base + '/');
      await settle(page);
      await fillCart(page);
      await page.goto(base + '/kupovina/podaci-dostava');
      await settle(page);
      return readShifts(page);
    },
  },
];

async function main() {
  if (!args.includes('--no-build')) {
    console.log('building for production…');
    execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
  }
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
  const shop = await startShop();
  const browser = await launchBrowser();
  const rows: { page: string; viewport: string; cls: number }[] = [];
  try {
    for (const [vw, vh] of [[375, 667], [1280, 900]] as const) {
      if (onlyWidth && vw !== onlyWidth) continue;
      for (const c of CASES) {
        if (only && !c.name.includes(only)) continue;
        const page = await throttledPage(browser, vw, vh);
        try {
          const shifts = await c.run(page, shop.url);
          rows.push({ page: c.name, viewport: `${vw}x${vh}`, cls: cls(shifts) });
          if (verbose) for (const s of shifts) console.log(`  ${vw} ${c.name} t=${s.t.toFixed(0)} ${s.value.toFixed(4)} ${s.nodes.join(' ')}`);
          if (shotsDir) await page.screenshot({ path: join(shotsDir, `${c.name.replace(/[^a-z]+/gi, '-')}-${vw}.png`), fullPage: false });
        } finally {
          await page.context().close();
        }
      }
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
  console.log(`\nCumulative layout shift (4x CPU, 150 ms RTT; target ≤ ${TARGET}):`);
  for (const r of rows) {
    console.log(`  ${r.page.padEnd(20)} ${r.viewport.padEnd(9)} ${r.cls.toFixed(3).padStart(6)}  ${r.cls <= TARGET ? 'ok' : 'OVER'}`);
  }
  const worst = Math.max(...rows.map((r) => r.cls));
  console.log(`\nworst ${worst.toFixed(3)} → ${worst <= TARGET ? 'within target' : 'OVER TARGET'}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
