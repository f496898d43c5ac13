// axe-core over every modal of schemas/modals in the fixture states of schemas/fixtures that change it (Serbian and English),
// at 375 and 1280 px: no serious or critical violation of the WCAG 2.0/2.1 A and AA rules, headings in order.
// The screens are scanned on the real server by tests/e2e/a11y.e2e.ts; most modals open only in states the
// server reaches through long paths (a stock race, a limit, a replacement), so here each is drawn the way the
// snapshots draw it (the real renderer in jsdom, from the fixture) inside the modal host's frame, and that DOM
// is loaded into Chromium with the shop's CSS, where axe (node_modules/axe-core) runs. Each modal is scanned in the
// states tests/snapshots/fixture-states.json lists for it (the states that change its DOM; a state left out draws
// the same DOM as a listed one, so axe would judge the same page again). A modal added later is scanned without a
// change here once the matrix lists it (tests/snapshots/matrix.test.tsx fails until it does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/lib';
import { FIXTURES, MODALS, makeHarness, messagesOf, renderModal, sampleModalParams, settle } from '../snapshots/harness';
import { statesOf } from '../snapshots/fixture-states';
import { shopCss } from './css';

const ROOT = join(__dirname, '..', '..');
const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const CSS = shopCss(ROOT);

interface ModalDocument { id: string; title?: { message?: string } | string; size?: string }

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The modal as the shop shows it: the host's frame (title, close button, body, footer) over a page. */
async function modalHtml(id: string, fixtureId: string): Promise<{ html: string; lang: string }> {
  const fx = FIXTURES[fixtureId]!;
  const lang = fx.lang === 'en' ? 'en' : 'sr';
  const messages = messagesOf(lang) as Record<string, unknown>;
  const h = makeHarness(fixtureId);
  const { container } = renderModal(h, id, sampleModalParams(MODALS[id]!, fx));
  await settle(container);
  const dialog = container.querySelector('[role="dialog"]')!;
  const footer = dialog.querySelector(':scope > footer');
  const footerHtml = footer ? footer.innerHTML : '';
  footer?.remove();
  const bodyHtml = dialog.innerHTML;
  cleanup();
  const doc = MODALS[id] as unknown as ModalDocument;
  const titleKey = typeof doc.title === 'object' ? doc.title.message : undefined;
  const title = titleKey && typeof messages[titleKey] === 'string' ? (messages[titleKey] as string) : typeof doc.title === 'string' ? doc.title : '';
  const close = String(messages['modal.close'] ?? 'Zatvori');
  const html = `<!doctype html><html lang="${lang === 'en' ? 'en' : 'sr-Latn'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title || id)}</title><style>${CSS}</style></head>
<body><main id="main-content"><h1>Orbita Telekom</h1></main>
<div class="sdui-modal-backdrop"><div role="dialog" aria-modal="true" ${title ? 'aria-labelledby="modal-title"' : `aria-label="${esc(id)}"`} tabindex="-1" class="sdui-modal sdui-modal--${doc.size ?? 'medium'}">
<div class="sdui-modal__head">${title ? `<h2 id="modal-title" class="sdui-modal__title">${esc(title)}</h2>` : '<span></span>'}<button type="button" class="sdui-modal__close" aria-label="${esc(close)}">×</button></div>
<div class="sdui-modal__body">${bodyHtml}</div>${footerHtml ? `<div class="sdui-modal__footer">${footerHtml}</div>` : ''}</div></div></body></html>`;
  return { html, lang };
}

describe('axe: every modal in the fixture states that change it (Chromium)', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' })).newPage();
    // the drawn DOM only: pictures and anything else are refused (axe judges what is in the page)
    await page.route('**/*', (route) => (route.request().url().startsWith('http://a11y.test/') ? route.continue() : route.abort()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds the modals and fixtures in schemas/', () => {
    expect(Object.keys(MODALS).length).toBeGreaterThan(5);
    expect(Object.keys(FIXTURES).length).toBeGreaterThan(2);
  });

  for (const id of Object.keys(MODALS).sort()) {
    it(`modal/${id} in the fixture states that change it at 375 and 1280 px`, async () => {
      const failures: string[] = [];
      for (const fixtureId of statesOf('modal', id)) {
        const { html } = await modalHtml(id, fixtureId);
        await page.setContent(html, { waitUntil: 'domcontentloaded' });
        await page.evaluate(AXE_SOURCE);
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          const violations = await page.evaluate(async (tags) => {
            const axe = (window as unknown as { axe: { getRules(t: string[]): { ruleId: string }[]; run(c: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
            const rules = [...axe.getRules(tags).map((r) => r.ruleId), 'heading-order'];
            const r = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
            return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`) }));
          }, WCAG_TAGS);
          for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical' || x.id === 'heading-order')) {
            failures.push(`${fixtureId} @ ${width} px: ${v.impact} ${v.id}\n      ${v.nodes.join('\n      ')}`);
          }
        }
      }
      expect(failures, `axe violations of modal ${id}`).toEqual([]);
    });
  }
});
