// Accessibility in Chromium against the production build (issue 15):
// - axe-core (node_modules/axe-core, injected by Playwright) over every screen of schemas/screens in the state of
//   every fixture of schemas/fixtures, reached on the real server (a recipe per fixture below), each at 1280 and
//   375 px: no serious or critical violation of the WCAG 2.0/2.1 A and AA rules, and headings in order with one h1.
//   The list of screens and states is read from the folders, so a screen or fixture added later is scanned (a
//   route with parameters takes them from ROUTE_PARAMS of tests/e2e/screens.ts; a fixture without a recipe fails and says so);
// - a phone bought as a guest with the keyboard alone: no click, no scripted focus, focus never on the body;
// - focus after route changes (the new page's h1, the title announced), the skip link, the filters' skip link,
//   the mini cart giving focus back on Escape, the guest-or-login dialog trapping and returning focus.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, SHOTS, quiet, trackRequests } from './lib';
import { GUEST_CONTRACT_FIELDS, PLP, cards, contractSectionShown, live, pageSession, suite } from './shopper';
import { test } from './harness';

import { axeViolations, describeViolations } from './axe';
import { screenPaths } from './screens';

// ---- the screens and the states, from schemas/ ----------------------------------------------------------------

function fixtureIds(): string[] {
  return readdirSync(join(ROOT, 'schemas', 'fixtures')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
}

async function token(page: Page): Promise<string> {
  // the page's own session first: a token asked before it would open a second session and take the cookie
  await pageSession(page);
  const res = await page.context().request.get(new URL('/selfcare/b2c/auth/token', page.url()).href);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const bearer = await token(page);
  const res = await page.context().request.fetch(new URL(path, page.url()).href, {
    method, headers: { authorization: `Bearer ${bearer}`, lang: '1', 'content-type': 'application/json' }, data: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(res.status() < 300, `${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A phone in the cart through the device page, as a shopper does it (the default offer: with a tariff). */
async function phoneWithTariff(page: Page, base: string): Promise<void> {
  await page.goto(`${base}${PLP}`);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.getByRole('button', { name: /Korpa, broj stavki: [1-9]/ }).waitFor();
}

/** A demo customer signed in (through the API), then a phone with its tariff in the cart. */
async function signedInWithPhone(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/`);
  await api(page, 'POST', '/selfcare/b2c/user/authorize', { userId: email, encodedPassword: Buffer.from('Orbita2026!').toString('base64'), rememberMe: false });
  await phoneWithTariff(page, base);
}

/** How each fixture's state is reached on the real server (language, then what the shopper has done). */
const STATES: Record<string, { lang: 'sr' | 'en'; setUp(page: Page, base: string): Promise<void> }> = {
  'empty-cart': { lang: 'sr', async setUp() {} },
  'phone-with-tariff': { lang: 'sr', setUp: phoneWithTariff },
  english: {
    lang: 'en',
    async setUp(page, base) {
      await phoneWithTariff(page, base);
      await page.goto(`${base}/?lang=en`);
    },
  },
  'guest-checkout': {
    lang: 'sr',
    async setUp(page, base) {
      await phoneWithTariff(page, base);
      await page.goto(`${base}/kupovina/podaci-dostava`);
      await page.getByRole('textbox', { name: 'Ime', exact: true }).waitFor();
      const fill = async (name: string, value: string) => page.getByRole('textbox', { name, exact: true }).fill(value);
      await fill('Ime', 'Jelena');
      await fill('Prezime', 'Petrović');
      await fill('Imejl adresa', 'jelena.petrovic@example.rs');
      await fill('Kontakt telefon', '641234567');
      // a phone with its postpaid tariff: the contract's section (issue 27)
      if (await contractSectionShown(page)) for (const [label, value] of Object.entries(GUEST_CONTRACT_FIELDS)) await fill(label, value);
      await fill('Mesto', 'Beograd');
      await fill('Poštanski broj', '11000');
      await fill('Ulica', 'Bulevar kralja Aleksandra');
      await fill('Broj', '73');
      await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
      await page.waitForURL(/\/kupovina\/pregled-placanje$/);
    },
  },
  'signed-in-customer': {
    lang: 'sr',
    setUp: (page, base) => signedInWithPhone(page, base, 'kupac@orbita.rs'),
  },
  // a signed-in customer with a postpaid tariff in the cart: the state in which the extra-benefits step offers its
  // add-ons, digital services and cross-sell products (the step's own walk and scan are in mobile.e2e.ts)
  'suggested-products': {
    lang: 'sr',
    setUp: (page, base) => signedInWithPhone(page, base, 'staff@orbita.rs'),
  },
};

/** Waits until the page has drawn its screen: live, the network is quiet and the main landmark has its h1. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // a server-drawn first view is scanned once the browser has hydrated it (its scripts come after the first paint)
  await live(page);
  await quiet(page);
  await page.locator('main h1').first().waitFor({ state: 'attached', timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Two frames painted after a resize (what the page does at the new width has run). Three states scan side by side,
 *  each a window of its own: a window Chromium does not paint (seen on a busy CI machine: no frame for 20 minutes while
 *  its scripts ran on) is brought to the front and asked again, instead of the scan waiting on it forever. */
async function painted(page: Page): Promise<void> {
  const frames = () => page.evaluate(() => new Promise<boolean>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
  const within = (ms: number) => Promise.race([frames(), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
  if (await within(10_000)) return;
  await page.bringToFront();
  assert.ok(await within(30_000), `${page.url()}: no frame painted after a resize, even in front`);
}

// one session per state loads every screen in turn, faster than the token route's per-session limit (60 a minute)
// lets a shopper: that limit is tested by limits.e2e.ts, not here
const s = suite('a11y', { env: { AUTH_RATE_LIMIT: '1000' } });

s.test('axe: every screen in every fixture state, Serbian and English, at 1280 and 375 px — no serious or critical violation, headings in order', async () => {
  // hundreds of page loads, each scanned twice: minutes on two cores (238 s measured with two files side by side;
  // 7.7–12.5 min in whole runs of the suite, over 20 min on 2026-12-01, when the machine ran the suite at half its
  // usual speed — 57 min of end-to-end instead of 19–20): a budget for a slow machine, not for a hang (each step
  // waits on its own bounds: settled, painted)
  test.setTimeout(2_700_000);
  const screens = screenPaths();
  const fixtures = fixtureIds();
  assert.ok(screens.length >= 10 && fixtures.length >= 3, 'screens and fixtures are read from schemas/');
  const missing = fixtures.filter((f) => !STATES[f]);
  assert.deepEqual(missing, [], `fixtures without a recipe in STATES of tests/e2e/a11y.e2e.ts: ${missing.join(', ')}`);
  const failures: string[] = [];
  let scans = 0;
  let repeats = 0;
  const scanned = new Set<string>();
  const timing = { load: 0, axe: 0 };
  const scanState = async (fixture: string) => {
    const state = STATES[fixture]!;
    const { page, problems } = await s.open({ width: 1280, height: 900 });
    trackRequests(page);
    await page.goto(`${s.url}/`);
    await state.setUp(page, s.url);
    for (const screen of screens) {
      await page.setViewportSize({ width: 1280, height: 900 });
      let t0 = Date.now();
      await page.goto(`${s.url}${screen.path}`);
      await settled(page);
      timing.load += Date.now() - t0;
      const lang = screen.path.endsWith('-eng') ? 'en' : state.lang;
      assert.equal((await page.evaluate(() => document.documentElement.lang)).slice(0, 2), lang, `${screen.id} @ ${fixture}: the page's language`);
      for (const width of [1280, 375]) {
        if (width !== 1280) {
          await page.setViewportSize({ width, height: 800 });
          await painted(page);
        }
        // the same document at the same width was scanned already in another state (a content page looks the same
        // whoever has a phone in the cart): axe would judge it the same, so it is counted and not run again
        const dom = await page.evaluate(() => document.documentElement.outerHTML);
        const key = createHash('sha256').update(`${width}\0${dom}`).digest('hex');
        if (scanned.has(key)) { repeats++; continue; }
        scanned.add(key);
        t0 = Date.now();
        const vs = await axeViolations(page);
        timing.axe += Date.now() - t0;
        scans++;
        if (vs.length) {
          failures.push(`${screen.id} (${new URL(page.url()).pathname}) @ ${fixture}, ${width} px:\n${describeViolations(vs)}`);
          await page.screenshot({ path: `${SHOTS}/FAILED-a11y-${screen.id}-${fixture}-${width}.png`, fullPage: true }).catch(() => {});
        }
      }
    }
    await page.context().close();
    // pages that need what the state does not have answer with their own message, never an error
    assert.deepEqual(problems.filter((p) => !/favicon|HTTP 4\d\d/.test(p)), [], `${fixture}: page errors`);
  };
  // three states at a time (each in its own browser context): much of a scan is waiting for the network to settle
  const queue = [...fixtures];
  await Promise.all([0, 1, 2].map(async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await scanState(f);
  }));
  if (process.env.A11Y_TIMING) console.log(`[a11y] ${scans} scans, ${repeats} documents seen before; lane time: loading ${Math.round(timing.load / 1000)} s, axe ${Math.round(timing.axe / 1000)} s`);
  assert.ok(scans + repeats === screens.length * fixtures.length * 2, 'every screen in every state at both widths');
  assert.equal(failures.length, 0, `axe violations (${failures.length} of ${scans} scans):\n${failures.join('\n')}`);
});

// ---- the keyboard ------------------------------------------------------------------------------------------------

/** The focused element as assistive technology sees it: role, name and a few facts. */
async function focused(page: Page): Promise<{ tag: string; role: string; name: string; text: string; inDialog: boolean; inMain: boolean; type: string; checked: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', role: '', name: '', text: '', inDialog: false, inMain: false, type: '', checked: false };
    const labelled = el.getAttribute('aria-labelledby');
    const input = el as HTMLInputElement;
    const name = el.getAttribute('aria-label')
      ?? (labelled ? labelled.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null)
      ?? (input.labels?.length ? [...input.labels].map((l) => l.textContent ?? '').join(' ') : null)
      ?? el.textContent ?? '';
    return {
      tag: el.tagName.toLowerCase(), role: el.getAttribute('role') ?? '', name: name.replace(/\s+/g, ' ').trim(), text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
      inDialog: Boolean(el.closest('[role="dialog"]')), inMain: Boolean(el.closest('main')), type: input.type ?? '', checked: Boolean(input.checked),
    };
  });
}

/** Presses Tab (Shift+Tab with `back`) until the focused element matches; fails after `max` presses or if focus falls to the body. */
async function tabTo(page: Page, what: string, match: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 80, back = false): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    assert.notEqual(f.tag, 'body', `focus fell to the page body while tabbing to ${what}`);
    if (match(f)) return i;
  }
  assert.fail(`${what}: not reached with ${max} Tab presses`);
}

/** Waits (without a fixed time) until the focused element matches. */
async function focusBecomes(page: Page, what: string, match: (f: Awaited<ReturnType<typeof focused>>) => boolean): Promise<Awaited<ReturnType<typeof focused>>> {
  const deadline = Date.now() + 15_000;
  let last = await focused(page);
  while (Date.now() < deadline) {
    last = await focused(page);
    if (match(last)) return last;
    await page.waitForTimeout(50);
  }
  assert.fail(`${what}: focus is on <${last.tag}> "${last.name.slice(0, 80)}"`);
}

const named = (name: string | RegExp) => (f: { name: string }) => (typeof name === 'string' ? f.name === name : name.test(f.name));

s.test('a guest buys a phone with the keyboard alone (no click, no scripted focus), focus always placed', async () => {
  const { page, problems } = await s.open({ width: 1280, height: 900 });
  await page.goto(`${s.url}${PLP}`);
  await settled(page);

  // the first Tab stop is the skip link; it leads into the main landmark
  await tabTo(page, 'the skip link', named('Preskoči na glavni sadržaj'), 1);
  await page.keyboard.press('Enter');
  await focusBecomes(page, 'the main landmark after the skip link', (f) => f.tag === 'main');
  // the filters are passed as a group
  const toSkip = await tabTo(page, 'the filters\' skip link', named('Preskoči filtere, idi na rezultate'), 10);
  await page.keyboard.press('Enter');
  const afterSkip = await focused(page);
  assert.ok(afterSkip.inMain && !/Preskoči/.test(afterSkip.name), `after the filters' skip link focus is past the filters (on "${afterSkip.name}")`);
  const toCard = await tabTo(page, 'the first phone', (f) => f.tag === 'a' && f.inMain && /Samsung|Apple|Xiaomi|Motorola|Honor|Nokia|Galaxy|iPhone/i.test(f.text), 12);
  assert.ok(toSkip + toCard <= 16, `the first phone is ${toSkip + toCard} Tab presses into the page`);

  // the device page: focus on its heading
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/uredjaj\//);
  const pdpHeading = await focusBecomes(page, 'the device page heading', (f) => f.tag === 'h1');
  assert.ok(pdpHeading.text.length > 0);
  assert.match(await page.locator('#sdui-route-announcer').innerText(), new RegExp(`${(await page.title()).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

  // add to cart: focus moves to the next step's heading (extras, or the added-to-cart summary)
  await tabTo(page, 'Dodaj u korpu', named('Dodaj u korpu'));
  await page.keyboard.press('Enter');
  const next = await focusBecomes(page, 'the next step after "Dodaj u korpu"', (f) => f.tag === 'h2' && /Dodaci uz telefon|Tvoja korpa/.test(f.text));
  if (/Dodaci/.test(next.text)) {
    await tabTo(page, 'Nastavi on the extras step', named('Nastavi'));
    await page.keyboard.press('Enter');
    await focusBecomes(page, 'the summary after "Nastavi"', (f) => f.tag === 'h2' && f.text === 'Tvoja korpa');
  }
  await page.screenshot({ path: `${SHOTS}/a11y-keyboard-summary.png` });

  // to checkout: the guest-or-login dialog takes focus and keeps it
  await tabTo(page, 'Idi na plaćanje', named('Idi na plaćanje'));
  await page.keyboard.press('Enter');
  await focusBecomes(page, 'the guest-or-login dialog', (f) => f.inDialog);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    assert.ok((await focused(page)).inDialog, 'Tab stays in the dialog');
  }
  assert.deepEqual(await axeViolations(page), [], 'the guest-or-login dialog has no axe violation');
  await tabTo(page, 'Nastavi kao gost', named('Nastavi kao gost'), 12);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  await focusBecomes(page, 'the data step heading', (f) => f.tag === 'h1');

  // the form, typed field by field in Tab order
  const values: Record<string, string> = {
    Ime: 'Jelena', Prezime: 'Petrović', 'Imejl adresa': 'jelena.petrovic@example.rs', 'Kontakt telefon': '641234567',
    Mesto: 'Beograd', 'Poštanski broj': '11000', Ulica: 'Bulevar kralja Aleksandra', Broj: '73',
    // a phone with its postpaid tariff: the contract's section too (issue 27)
    ...(await contractSectionShown(page) ? GUEST_CONTRACT_FIELDS : {}),
  };
  const typed = new Set<string>();
  // "Nastavi" with the form empty: the summary of the errors above the form takes focus (read as one group named
  // "Obrazac ima N grešaka:"); Tab reaches its first link, which leads to the first invalid field
  await tabTo(page, 'Nastavi of the data step', named('Nastavi'), 80);
  await page.keyboard.press('Enter');
  const summary = page.locator('.sf-summary');
  await summary.waitFor();
  assert.match(await summary.innerText(), /Obrazac ima \d+ greš/);
  assert.ok(await summary.getByRole('link', { name: /^Ime:/ }).count() === 1, 'the summary links the first name field');
  const atSummary = await focusBecomes(page, 'the error summary', (f) => f.role === 'group' && /^Obrazac ima \d+ greš/.test(f.name));
  assert.ok(atSummary.text.includes('Ime: Ovo polje je obavezno.'), 'the summary lists the first name error');
  const fields = await page.locator('.sf-field--invalid input').evaluateAll((els) => els.map((el) => ({
    invalid: el.getAttribute('aria-invalid'),
    described: (el.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '),
  })));
  assert.ok(fields.length >= 2, 'several invalid fields');
  for (const f of fields) {
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /Ovo polje je obavezno\.|Unesi|Polje|Broj/, 'each invalid field is described by its message');
  }
  await tabTo(page, 'the summary link of the first name', (f) => f.tag === 'a' && /^Ime:/.test(f.name), 1);
  await page.keyboard.press('Enter');
  const first = await focusBecomes(page, 'the first invalid field', (f) => f.tag === 'input');
  assert.equal(first.name.replace(/\*/g, '').trim(), 'Ime');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')), 'true');
  await page.keyboard.type(values.Ime!);
  typed.add('Ime');
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    assert.notEqual(f.tag, 'body', 'focus stays on the page while filling the form');
    const label = Object.keys(values).find((k) => f.tag === 'input' && f.name.replace(/\*/g, '').trim() === k);
    if (label && !typed.has(label)) {
      await page.keyboard.type(values[label]!);
      typed.add(label);
    }
    if (f.tag === 'button' && f.name === 'Nastavi') break;
  }
  assert.deepEqual([...typed].sort(), Object.keys(values).sort(), 'every required field was reached with Tab');
  assert.equal(await summary.count(), 0, 'the error summary goes away once every field is right');
  assert.equal((await focused(page)).name, 'Nastavi');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await focusBecomes(page, 'the overview step heading', (f) => f.tag === 'h1');

  // every consent with Space, then order
  await page.getByRole('checkbox').first().waitFor();
  const boxes = await page.getByRole('checkbox').count();
  let checked = 0;
  for (let i = 0; i < 80 && checked < boxes; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    assert.notEqual(f.tag, 'body');
    if (f.type === 'checkbox' && !f.checked) {
      await page.keyboard.press('Space');
      checked++;
    }
  }
  assert.equal(checked, boxes, 'every consent was ticked with Space');
  await tabTo(page, 'Poruči', named('Poruči'));
  await page.keyboard.press('Enter');

  // the gateway page: a new document; its fields in Tab order
  await page.waitForURL(/\/gateway\/pay\//);
  assert.deepEqual(await axeViolations(page), [], 'the gateway page has no axe violation');
  const card: [RegExp, string][] = [[/Broj kartice/, '4111 1111 1111 1111'], [/Važi do/, '12/30'], [/CVC/, '123'], [/na kartici/, 'JELENA PETROVIC']];
  for (const [label, value] of card) {
    await tabTo(page, String(label), (f) => f.tag === 'input' && label.test(f.name), 12);
    await page.keyboard.type(value);
  }
  await tabTo(page, 'Plati', named(/^Plati/), 6);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 20_000 });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/a11y-keyboard-success.png` });
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
});

s.test('focus after route changes, the skip link at 375 px, and the mini cart giving focus back on Escape', async () => {
  const { page, problems } = await s.open({ width: 375, height: 800 });
  await page.goto(`${s.url}/`);
  await settled(page);
  // the first page load leaves focus where the browser puts it (nothing is stolen)
  assert.equal((await focused(page)).tag, 'body');
  await tabTo(page, 'the skip link', named('Preskoči na glavni sadržaj'), 1);
  assert.ok(await page.locator('.ot-skip').first().evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.height > 0; }), 'the skip link is shown when focused');

  // a link to the tariffs (keyboard), then the browser's back button: each new page's h1 gets focus
  await tabTo(page, 'a link to the tariffs', (f) => f.tag === 'a' && f.name === 'Tarife', 120);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/Privatni\/Tarife\/Uredjaji$/);
  const h = await focusBecomes(page, 'the tariff list heading', (f) => f.tag === 'h1');
  assert.match(await page.locator('#sdui-route-announcer').innerText(), /^Otvorena stranica: /);
  assert.ok(h.text.length > 0);
  await page.goBack();
  await page.waitForURL(`${s.url}/`);
  await focusBecomes(page, 'the home page heading after Back', (f) => f.tag === 'h1');

  // a page whose form focuses its first field itself (the login page's autofocus) keeps that focus
  await tabTo(page, 'the account link in the footer', (f) => f.tag === 'a' && f.name === 'Moj Orbita nalog', 150);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/Prijava-b2c$/);
  await focusBecomes(page, 'the login field (autofocus)', (f) => f.tag === 'input' && /Imejl ili korisničko ime/.test(f.name));
  await page.goBack();
  await page.waitForURL(`${s.url}/`);
  await focusBecomes(page, 'the home page heading after Back', (f) => f.tag === 'h1');

  // the mini cart: Enter opens it, Escape closes it and focus is on its button again
  await tabTo(page, 'the cart button', named(/^Korpa, broj stavki/), 80, true);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Korpa' }).waitFor();
  await page.keyboard.press('Tab');
  assert.ok((await focused(page)).inDialog, 'Tab from the cart button goes into its panel');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Korpa' }).waitFor({ state: 'detached' });
  assert.match((await focused(page)).name, /^Korpa, broj stavki/, 'Escape in the mini cart gives focus back to its button');
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
});
