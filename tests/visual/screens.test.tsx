// Screenshots of the key screens at 375 px and 1280 px, compared with committed baselines.
// Deterministic by construction: each screen is rendered by the real renderer in jsdom from a fixture store
// state (schemas/fixtures, no catalogue, no server), then its DOM is drawn by Debian's Chromium with the
// shop's own CSS, fonts fixed to DejaVu Sans, animations and transitions off and the caret hidden. The only
// requests the page makes are answered here: the page itself and the product pictures (a plain shape per
// product); anything else is refused. A mismatch writes <name>.actual.png and <name>.diff.png to
// tests/visual/artifacts/ and fails with the count of differing pixels. VISUAL_UPDATE=1
// (npm run test:snapshots:update) rewrites the baselines in tests/visual/__screenshots__/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/lib';
import { FIXTURES, SCREENS, enterScreen, makeHarness, renderScreen, sampleUrl, settle } from '../snapshots/harness';
import { KEY_SCREENS, WIDTHS } from './cases';
import { compareScreenshots } from './compare';
import { shopCss } from './css';

const ROOT = join(__dirname, '..', '..');
const BASELINES = join(__dirname, '__screenshots__');
const ARTIFACTS = join(__dirname, 'artifacts');
const UPDATE = process.env.VISUAL_UPDATE === '1';
const ORIGIN = 'http://visual.test';


/** Fixed look: one font family, no motion, no caret, no scrollbars. */
const DETERMINISM_CSS = `
  :root { --ot-font: 'DejaVu Sans', sans-serif !important; }
  *, *::before, *::after { font-family: 'DejaVu Sans', sans-serif !important; animation: none !important;
    transition: none !important; caret-color: transparent !important; scroll-behavior: auto !important; }
  html { scrollbar-width: none; }
  ::-webkit-scrollbar { display: none; }
`;

/** A product picture stand-in: the same shape for the same address, coloured from the file name. */
function pictureSvg(path: string): string {
  let hash = 0;
  for (const ch of path) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320" viewBox="0 0 240 320">
<rect x="50" y="20" width="140" height="280" rx="22" fill="hsl(${hue} 35% 45%)"/>
<rect x="60" y="40" width="120" height="230" rx="8" fill="hsl(${hue} 35% 85%)"/></svg>`;
}

function pageHtml(body: string, lang: string, width: number): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=${width}, initial-scale=1">
<style>${shopCss(ROOT)}</style><style>${DETERMINISM_CSS}</style></head>
<body><div id="root">${body}</div></body></html>`;
}

/** Renders a screen in its layout from a fixture, as the shop would draw it at this width. */
async function renderedBody(screenId: string, fixtureId: string, width: number): Promise<string> {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  const h = makeHarness(fixtureId);
  h.stores.ui.setViewportWidth(width);
  enterScreen(h, screenId);
  const { container } = renderScreen(h, screenId, sampleUrl(SCREENS[screenId], FIXTURES[fixtureId]));
  await settle(container);
  const html = container.innerHTML;
  cleanup();
  return html;
}

describe('screenshots of the key screens (Chromium)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(BASELINES, { recursive: true });
    rmSync(ARTIFACTS, { recursive: true, force: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [screenId, fixtureId] of KEY_SCREENS) {
    for (const width of WIDTHS) {
      const name = `${screenId}@${fixtureId}-${width}`;
      it(`screen/${screenId} @ ${fixtureId} at ${width} px`, async () => {
        const body = await renderedBody(screenId, fixtureId, width);
        const html = pageHtml(body, FIXTURES[fixtureId].lang, width);
        const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1, locale: 'sr-RS', reducedMotion: 'reduce', colorScheme: 'light' });
        try {
          const page = await context.newPage();
          const refused: string[] = [];
          await page.route('**/*', (route) => {
            const url = new URL(route.request().url());
            if (url.origin === ORIGIN && url.pathname === '/') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
            if (url.origin === ORIGIN && url.pathname.startsWith('/media/')) return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: pictureSvg(url.pathname) });
            if (url.protocol === 'data:') return route.continue();
            refused.push(url.href);
            return route.abort();
          });
          await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
          await page.evaluate(async () => { await document.fonts.ready; });
          const actual = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
          expect(refused, 'the page asked for something outside the fixture').toEqual([]);

          const baselineFile = join(BASELINES, `${name}.png`);
          if (UPDATE) {
            writeFileSync(baselineFile, actual);
            return;
          }
          if (!existsSync(baselineFile)) {
            throw new Error(`no baseline tests/visual/__screenshots__/${name}.png — run "npm run test:snapshots:update" and commit the new PNG`);
          }
          const result = compareScreenshots(readFileSync(baselineFile), actual);
          if (!result.same) {
            mkdirSync(ARTIFACTS, { recursive: true });
            writeFileSync(join(ARTIFACTS, `${name}.actual.png`), actual);
            if (result.diffPng) writeFileSync(join(ARTIFACTS, `${name}.diff.png`), result.diffPng);
            throw new Error(
              `screen/${screenId} @ ${fixtureId} at ${width} px differs from its baseline: ${result.summary}.\n` +
              `  baseline: tests/visual/__screenshots__/${name}.png\n` +
              `  actual:   tests/visual/artifacts/${name}.actual.png\n` +
              (result.diffPng ? `  diff:     tests/visual/artifacts/${name}.diff.png (changed pixels in red)\n` : '') +
              `If the change is intended, run "npm run test:snapshots:update" and commit the new baseline.`,
            );
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});
