// The first view drawn on the server (issue 8: server/ui/ssr.ts, renderer/entry-server.tsx): the home page, the
// phone list and a phone page arrive drawn, readable without scripts; the browser then hydrates it (keeps the
// server's nodes, the same ids as it would draw itself), so nothing moves, and the page becomes live.
import assert from 'node:assert/strict';
import { PLP, cards, live, suite } from './shopper';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, ROOT, SHOTS } from './lib';
import { screenPaths } from './screens';
import { callKey } from '../../core/boot-data';
import { chromium, type Page } from 'playwright-core';

const shop = suite('first-view');
const { test } = shop;
const PDP = '/uredjaj/SAMSUNG_GALAXY_S25_ULTRA/titanium-black';
const CONSENT = { name: 'b2c_consent', value: encodeURIComponent('necessary:1|analytics:0|marketing:0'), domain: '127.0.0.1', path: '/' };

/** The server renderer loads in the background after the server starts listening: wait until pages carry it. */
async function rendererLoaded(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const html = await (await fetch(`${shop.url}${PLP}`)).text();
    if (html.includes('<div id="root" data-server-drawn>')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the phone list was never drawn on the server');
}

test('without scripts the home page, the phone list and a phone page show their content; the cookie banner only to whom has not chosen', async () => {
  await rendererLoaded();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  try {
    const chosen = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    await chosen.addCookies([CONSENT]);
    const page = await chosen.newPage();
    await page.goto(`${shop.url}${PLP}`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Mobilni telefoni');
    assert.equal(await cards(page).count(), 20, 'the first 20 phones are in the page');
    assert.equal(await page.locator('#root').getAttribute('data-server-drawn'), '', 'marked until the browser has hydrated it');
    assert.equal(await page.getByRole('button', { name: 'Prihvati sve' }).count(), 0, 'no cookie banner for a shopper who chose');
    await page.screenshot({ path: `${SHOTS}/first-view-plp-noscript-375.png` });
    await page.goto(`${shop.url}${PDP}`);
    assert.match(await page.getByRole('heading', { level: 1 }).textContent() ?? '', /Samsung Galaxy S25 Ultra/);
    await page.goto(`${shop.url}/`);
    assert.ok(await page.locator('.ot-hero__text').count() > 0, 'the home page hero');
    const fresh = await browser.newContext({ javaScriptEnabled: false });
    const first = await fresh.newPage();
    await first.goto(`${shop.url}/`);
    assert.equal(await first.getByRole('button', { name: 'Prihvati sve' }).count(), 1, 'the cookie banner for a first visit');
    // a checkout step drawn before its data ("firstView": "beforeData"): its heading and its form, no cart yet
    await page.goto(`${shop.url}/kupovina/podaci-dostava`);
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Tvoji podaci i dostava');
    assert.equal(await page.getByRole('textbox', { name: 'Ime', exact: true }).count(), 1, 'the guest form is drawn');
    await page.screenshot({ path: `${SHOTS}/first-view-checkout-noscript-375.png` });
    // a step without it is drawn by the browser only
    await page.goto(`${shop.url}/kupovina/pregled-placanje`);
    assert.equal(await page.locator('#root').innerHTML(), '');
  } finally {
    await browser.close();
  }
});

test('the browser draws the same page in place of the server\'s markup: the same cards, nothing moved, the page live', async () => {
  await rendererLoaded();
  const { page, problems } = await shop.open({ width: 375, height: 800 });
  await page.addInitScript(() => {
    const w = window as unknown as { __server: string[]; __shift: number };
    w.__shift = 0;
    // the product names the server drew, read before any script of the page runs
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive' && !w.__server) w.__server = [...document.querySelectorAll('#root article .ot-pcard__name')].map((h) => h.textContent ?? '');
    });
    new PerformanceObserver((l) => { for (const e of l.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__shift += e.value; })
      .observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${shop.url}${PLP}`);
  await live(page);
  await page.waitForLoadState('networkidle');
  const { server, shift, client } = await page.evaluate(() => {
    const w = window as unknown as { __server: string[]; __shift: number };
    return { server: w.__server, shift: w.__shift, client: [...document.querySelectorAll('#root article .ot-pcard__name')].map((h) => h.textContent ?? '') };
  });
  assert.equal(server.length, 20, 'the server drew the first 20 phones');
  assert.deepEqual(client, server, 'the browser draws the same cards');
  assert.ok(shift <= 0.02, `layout shift ${shift}`);
  assert.equal(await cards(page).count(), 20);
  // live: a card leads to its phone page
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\//);
  await page.getByRole('button', { name: 'Dodaj u korpu' }).waitFor();
  assert.deepEqual(problems, []);
});

test('a checkout step drawn before its data: the browser keeps the server\'s form, then loads the cart into the page', async () => {
  await rendererLoaded();
  const { page, problems } = await shop.open({ width: 375, height: 800 });
  await page.goto(`${shop.url}${PLP}`);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\//);
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.getByRole('button', { name: /Korpa, broj stavki: [1-9]/ }).waitFor();
  await page.addInitScript(() => {
    const w = window as unknown as { __inputs: number; __shift: number };
    w.__shift = 0;
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive' || w.__inputs !== undefined) return;
      const inputs = [...document.querySelectorAll('#root input')] as Array<HTMLInputElement & { fromServer?: boolean }>;
      w.__inputs = inputs.length;
      for (const i of inputs) i.fromServer = true;
      // the browser fills a field in before the page is live (autofill, its restoring of a form): no event reaches
      // the form, which is not drawn by the browser yet
      const surname = document.querySelector<HTMLInputElement>('#root input[id$="lastName"]');
      if (surname) surname.value = 'Petrović';
    });
    new PerformanceObserver((l) => { for (const e of l.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__shift += e.value; })
      .observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${shop.url}/kupovina/podaci-dostava`);
  await live(page);
  await page.waitForLoadState('networkidle');
  const ime = page.getByRole('textbox', { name: 'Ime', exact: true });
  const { inputs, shift, kept } = await page.evaluate(() => {
    const w = window as unknown as { __inputs: number; __shift: number };
    const all = [...document.querySelectorAll('#root input')] as Array<HTMLInputElement & { fromServer?: boolean }>;
    return { inputs: w.__inputs, shift: w.__shift, kept: all.filter((i) => i.fromServer).length };
  });
  assert.ok(inputs >= 10, `the server drew the form (${inputs} fields)`);
  assert.equal(kept, inputs, 'the browser kept every field the server drew');
  assert.ok(shift <= 0.02, `layout shift ${shift}`);
  // the cart came after the hydration: the header counts it, the step nav leads on from a filled form
  await page.getByRole('button', { name: /Korpa, broj stavki: [1-9]/ }).waitFor();
  await ime.fill('Jelena');
  assert.equal(await ime.inputValue(), 'Jelena');
  await page.getByRole('button', { name: 'Nastavi' }).click();
  const summary = page.getByText(/Obrazac ima \d+ greš/).locator('..');
  await summary.waitFor();
  assert.equal(await ime.inputValue(), 'Jelena', 'nothing typed is lost');
  // what the browser filled in before the page was live is the form's: shown and not reported missing
  assert.equal(await page.getByRole('textbox', { name: 'Prezime', exact: true }).inputValue(), 'Petrović');
  const listed = await summary.textContent() ?? '';
  assert.ok(!/Prezime:/.test(listed) && !/\bIme:/.test(listed), `the errors name neither filled field: ${listed}`);
  assert.match(listed, /Imejl adresa:/, 'the empty fields are reported');
  assert.deepEqual(problems, []);
});

test('the browser keeps the server\'s nodes and ids, which tie the same elements together as the ones it draws alone', async () => {
  await rendererLoaded();
  // React names useId ids by where they are drawn (hydrated: the server's tree position; drawn alone: a counter), so
  // the names differ; what must agree is which elements share an id: each id is numbered by its first appearance
  const ids = (p: Page) => p.evaluate(() => {
    // (no named functions in here: the test runner's transform would wrap them in a helper the page lacks)
    const seen = new Map<string, string>();
    const rows: string[] = [];
    for (const e of document.querySelectorAll('#root [id], #root [for], #root [aria-controls], #root [aria-describedby], #root [aria-labelledby]')) {
      const cells: string[] = [];
      for (const a of ['id', 'for', 'aria-controls', 'aria-describedby', 'aria-labelledby']) {
        const named: string[] = [];
        for (const id of (e.getAttribute(a) ?? '').split(' ').filter(Boolean)) {
          if (!seen.has(id)) seen.set(id, `#${seen.size}`);
          named.push(seen.get(id)!);
        }
        cells.push(named.join(' '));
      }
      rows.push(cells.join('|'));
    }
    return rows;
  });
  // the ids in the server's markup, read before any script of the page runs
  const serverIds = (p: Page) => p.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { __ids: string[] }).__ids = [...document.querySelectorAll('#root [id]')].map((e) => e.id);
    });
  });
  for (const path of [PLP, PDP, '/']) {
    const hydrated = await shop.open({ width: 1280, height: 800 });
    await serverIds(hydrated.page);
    await hydrated.page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const h = document.querySelector('#root main') as (Element & { fromServer?: boolean }) | null;
        if (document.readyState === 'interactive' && h) h.fromServer = true;
      });
    });
    await hydrated.page.goto(`${shop.url}${path}`);
    await live(hydrated.page);
    await hydrated.page.waitForLoadState('networkidle');
    assert.equal(await hydrated.page.evaluate(() => (document.querySelector('#root main') as (Element & { fromServer?: boolean }) | null)?.fromServer), true, `${path}: the server's <main> is the node on screen`);
    const { drawn, kept } = await hydrated.page.evaluate(() => ({ drawn: (window as unknown as { __ids: string[] }).__ids, kept: [...document.querySelectorAll('#root [id]')].map((e) => e.id) }));
    assert.ok(drawn.length > 0 && drawn.every((id) => kept.includes(id)), `${path}: every id the server drew is still on the page`);
    // the same page drawn by the browser alone: its server markup taken out of the page
    const alone = await shop.open({ width: 1280, height: 800 });
    await alone.page.route(`${shop.url}${path}`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/<div id="root" data-server-drawn>[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1');
      await route.fulfill({ response: res, body: html, headers: { ...res.headers(), 'content-encoding': 'identity' } });
    });
    await alone.page.goto(`${shop.url}${path}`);
    await alone.page.locator('#root main h1').first().waitFor();
    await alone.page.waitForLoadState('networkidle');
    const server = await ids(hydrated.page);
    assert.ok(server.length > 0, `${path}: the page has ids and references`);
    assert.deepEqual(server, await ids(alone.page), `${path}: the server's ids tie the same elements as the browser's`);
    if (path === PLP) {
      // a part drawn later by the browser refers to what the server drew: the search suggestions
      await hydrated.page.getByRole('combobox').first().fill('sams');
      const list = await hydrated.page.getByRole('combobox').first().getAttribute('aria-controls');
      await hydrated.page.locator(`[id="${list}"] [role="option"]`).first().waitFor();
    }
    assert.deepEqual(hydrated.problems, []);
    assert.deepEqual(alone.problems, []);
  }
});

/** GET calls of the contract by their path (schemas/api/paths.json): an API request's name, to key it as boot data does. */
function getCallsByPath(): Map<string, string> {
  const paths = JSON.parse(readFileSync(join(ROOT, 'schemas', 'api', 'paths.json'), 'utf8')) as Record<string, { method?: string; path?: string }>;
  return new Map(Object.entries(paths).filter(([, d]) => d.method === 'GET' && d.path).map(([name, d]) => [d.path!, name]));
}

/** Does the screen draw a form (a `Form` node anywhere in its document as served, fragments expanded)? */
async function drawsForm(id: string): Promise<boolean> {
  return (await (await fetch(`${shop.url}/ui/screens/${id}`)).text()).includes('"component":"Form"');
}

test('every screen whose load asks only shared answers is drawn on the server by that load, the browser asks none of them again; every other screen says why', async () => {
  await rendererLoaded();
  const byPath = getCallsByPath();
  const drawnScreens: string[] = [];
  for (const screen of screenPaths()) {
    // a drawing waits at most 2 s on a busy machine: asked again then (it is kept, so the next answer has it)
    let res = await fetch(`${shop.url}${screen.path}`);
    for (let i = 0; i < 20 && res.headers.get('x-first-view') === 'browser; renderer'; i++) res = await fetch(`${shop.url}${screen.path}`);
    const why = res.headers.get('x-first-view') ?? '';
    const html = await res.text();
    const boot = JSON.parse(/<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as { calls: Record<string, unknown> };
    if (why.startsWith('server')) {
      assert.ok(html.includes('<div id="root" data-server-drawn>'), `${screen.id}: said drawn, has no markup`);
      drawnScreens.push(screen.id);
      // in the browser: the load takes every answer the page brought, none is asked again
      const { page, problems } = await shop.open({ width: 1280, height: 900 });
      const asked: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        const name = r.method() === 'GET' ? byPath.get(u.pathname) : undefined;
        if (name) asked.push(callKey(name, Object.fromEntries(u.searchParams)));
      });
      await page.goto(`${shop.url}${screen.path}`);
      await live(page);
      await page.waitForLoadState('networkidle');
      const again = asked.filter((k) => k in boot.calls);
      assert.deepEqual(again, [], `${screen.id}: the browser asked again for answers the page brought`);
      assert.deepEqual(problems, [], `${screen.id}: page errors (a drawing the browser could not hydrate?)`);
      await page.context().close();
    } else if (why === 'browser; form') {
      assert.ok(await drawsForm(screen.id), `${screen.id}: said it draws a form`);
    } else {
      // its load asked for an answer that is not the same for everyone (the session's cart, an account)
      const path = /^browser; asked=(\/\S+)$/.exec(why)?.[1];
      assert.ok(path && byPath.has(path), `${screen.id}: X-First-View "${why}" names no GET call of the contract`);
      const answer = await fetch(`${shop.url}${path}`, { headers: { lang: '1' } });
      assert.doesNotMatch(answer.headers.get('cache-control') ?? '', /\bpublic\b/, `${screen.id}: ${path} is a shared answer, the server could have drawn it`);
    }
  }
  // the lists, a phone, a tariff, the home packages, the TV pages, the add-ons, the stores, the legal pages …
  for (const id of ['home', 'plp-phones', 'pdp', 'tariff', 'search', 'compare', 'home-packages', 'tv-guide', 'addons', 'locations', 'legal-terms']) {
    assert.ok(drawnScreens.includes(id), `${id} is drawn on the server (drawn: ${drawnScreens.join(', ')})`);
  }
});
