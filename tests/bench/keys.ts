// npm run bench:keys: builds for production, opens the largest form (the guest checkout data step,
// schemas/forms/guest.json) in Chromium with 4x CPU throttling and types 30 characters into one of its
// fields, for a fresh form and for one whose submit has already failed (every field's error shown).
// Two timings per key, median and 90th percentile:
// - the key's work: keydown to the end of its input handlers, React's render and commit and their microtasks.
//   This is the figure judged against the 16 ms target (issue 8: no validation on every key);
// - keydown to the next frame (requestAnimationFrame, then a task after it), which adds the wait for the frame and
//   the page's style, layout and paint. A plain <input> outside React on the same page is measured too: on this
//   machine it alone is past 16 ms to the next frame under 4x throttling, so that figure is printed as the form's
//   cost over this floor, not judged.
// `--no-build` skips the build.
import { execSync } from 'node:child_process';
import { fillCart } from './cart';
import { ROOT, startShop, launchBrowser } from '../e2e/lib';
import type { Browser, Page } from 'playwright-core';

const TARGET_MS = 16;
const KEYS = 30;
const args = process.argv.slice(2);

/**
 * Runs in the page: per keydown, its latency to the end of the next frame (window.__keys) and to the end of
 * the key's own work (window.__work: the input event's handlers, React's render and commit, their microtasks).
 */
const PROBE = `(() => {
  const keys = [], work = [];
  window.__keys = keys; window.__work = work;
  let start = 0;
  document.addEventListener('keydown', (e) => {
    start = e.timeStamp;
    const s = start;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => keys.push(performance.now() - s);
      ch.port2.postMessage(0);
    });
  }, true);
  window.addEventListener('input', () => {
    const s = start;
    queueMicrotask(() => queueMicrotask(() => work.push(performance.now() - s)));
  });
})();`;


function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p90: at(0.9), max: s[s.length - 1] };
}

type W = { __keys: number[]; __work: number[] };
async function typeInto(page: Page, selector: string): Promise<{ frame: number[]; work: number[] }> {
  await page.locator(selector).click();
  await page.locator(selector).fill('');
  await page.waitForTimeout(700);
  await page.evaluate(() => { (window as unknown as W).__keys.length = 0; (window as unknown as W).__work.length = 0; });
  const text = 'Aleksandra Jovanović-Petrović'.padEnd(KEYS, 'a').slice(0, KEYS);
  for (const ch of text) {
    await page.keyboard.type(ch);
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(700);
  return page.evaluate(() => ({ frame: (window as unknown as W).__keys.slice(), work: (window as unknown as W).__work.slice() }));
}

async function run(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, locale: 'sr-RS', deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(PROBE);
  // the cookie choice made already (necessary only), as tests/e2e/lib.ts newPage does: the banner must not cover the page
  const consent = encodeURIComponent('necessary:1|analytics:0|marketing:0');
  await context.addCookies(['b2c_consent', 'b2b_consent'].map((name) => ({ name, value: consent, domain: new URL(base).hostname, path: '/' })));
  const page = await context.newPage();
  await page.goto(base + '/');
  await page.waitForLoadState('networkidle');
  await fillCart(page);
  await page.goto(base + '/kupovina/podaci-dostava');
  await page.waitForSelector('#f-guest_customerData_firstName, [data-form="guest"] input');
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const field = '[data-form="guest"] input >> nth=0';
  const fresh = await typeInto(page, field);
  // a failed submit: every field shows its error, the form validates again as the shopper corrects it
  await page.locator('[data-form="guest"] input >> nth=0').fill('');
  await page.locator('.ot-stepnav .ot-btn--primary').click();
  await page.waitForSelector('[aria-invalid="true"]');
  await page.waitForTimeout(500);
  const afterSubmit = await typeInto(page, '[data-form="guest"] input >> nth=1');
  // the floor: a plain input outside React on the same page (frame alignment, input handling, style and paint)
  await page.evaluate(() => {
    const i = document.createElement('input');
    i.id = 'bench-plain';
    i.setAttribute('aria-label', 'bench');
    document.querySelector('[data-form="guest"]')!.prepend(i);
  });
  const plain = await typeInto(page, '#bench-plain');
  await context.close();
  return { fresh, afterSubmit, plain };
}

async function main() {
  if (!args.includes('--no-build')) {
    console.log('building for production…');
    execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
  }
  const shop = await startShop();
  const browser = await launchBrowser();
  try {
    const r = await run(browser, shop.url);
    console.log(`\nKeystroke latency, guest checkout form, ${KEYS} keys, 4x CPU throttling (target: the key's work, median ≤ ${TARGET_MS} ms):`);
    let pass = true;
    const floor = stats(r.plain.frame).median;
    for (const kind of ['work', 'frame'] as const) {
      console.log(kind === 'work' ? '\n  keydown → the key\'s work done (handlers, React render + commit):' : '\n  keydown → next frame (adds the wait for the frame, style, layout, paint; not judged):');
      for (const [name, x] of [['fresh form', r.fresh], ['after a failed submit', r.afterSubmit], ['plain input (floor)', r.plain]] as const) {
        const xs = x[kind];
        const s = stats(xs);
        const judged = kind === 'work' && name !== 'plain input (floor)';
        if (judged && s.median > TARGET_MS) pass = false;
        const verdict = judged ? (s.median <= TARGET_MS ? 'PASS' : 'FAIL') : kind === 'frame' && name !== 'plain input (floor)' ? `+${(s.median - floor).toFixed(1)} ms over the plain input` : '';
        console.log(`    ${name.padEnd(22)} median ${s.median.toFixed(1).padStart(5)} ms  p90 ${s.p90.toFixed(1).padStart(5)} ms  max ${s.max.toFixed(1).padStart(5)} ms  (${xs.length} keys)  ${verdict}`);
      }
    }
    console.log(pass ? '\nall targets met' : '\nsome targets missed');
    process.exitCode = pass ? 0 : 1;
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
