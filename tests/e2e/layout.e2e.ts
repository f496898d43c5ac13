// Layout at every width (issue 27): each screen kind at 320, 375, 414, 768, 1024, 1280, 1440 and 1920 px has no
// sideways scrolling, its header's controls on one row inside the window and not covered, and its controls inside
// the window; a step change of the device page scrolls the step indicator and the new step's heading into view under
// the sticky header; a field the server refuses on the personal-data step is marked and takes focus.
// Every screen document (schemas/screens/*.json) is measured: the guest purchase and the menu's pages, every other
// screen at its address (those with parameters at an address a measured page links to), the prepaid registration in
// English, every step of every flow document (schemas/flows/*.json) with a cart of its type filled through the API (as
// a guest or signed in as kupac@orbita.rs), the account pages, and the dialogs: the coupons dialog, the guest-or-login
// modal, the mini cart and the account panel. The last walking test fails when a screen document was not measured
// (EXCLUDED lists the few that cannot be held still, each with its reason), and one fails when a flow has no cart.
// One browser for the file; a page is resized through the widths rather than opened once per width.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT, SHOTS } from './lib';
import { test } from './harness';
import { jmbgFor } from '../../server/user/jmbg';
import { cards, CHECKOUT_API, checkoutApi, field, fillGuestForm, fillPersonalData, pageSession, payWithCard, PLP, signInAs, suite, throughDeviceSteps } from './shopper';

// the checkout walks open some dozens of pages as one customer (each page asks for its token): the limit raised, as
// in a11y.e2e.ts
const s = suite('layout', { env: { AUTH_RATE_LIMIT: '1000' } });

const readJson = (p: string): unknown => JSON.parse(readFileSync(join(ROOT, p), 'utf8'));

/** Every screen document with an address (schemas/screens/*.json; the layout document has none). */
const SCREENS = readdirSync(join(ROOT, 'schemas/screens')).filter((f) => f.endsWith('.json'))
  .map((f) => readJson(`schemas/screens/${f}`) as { id: string; route?: string; aliases?: string[] })
  .filter((d) => d.route);

/** Screens the walk cannot hold still to measure, each with its reason. Keep it short: a screen listed here is not
 *  checked at any width. */
const EXCLUDED: Record<string, string> = {
  // the bank sends the shopper back here; it asks the order's state and moves on at once to the success or failure
  // page (both walked), and a direct visit without a payment in flight lands on the failure page
  'payment-result': 'passes on at once to the success or failure page',
  // the English address of the prepaid registration switches the shop to English and goes on to the Serbian address,
  // whose screen the guest walk then measures in English (its last page)
  'prepaid-registration-eng': 'switches to English and goes on to the prepaid registration (measured in English)',
};

/** A route of a screen document as a regular expression (`:name` one segment, `:name?` an optional one). */
function routeRegex(route: string): RegExp {
  const body = route.split('/').filter(Boolean).map((seg) => {
    if (seg.startsWith(':')) return seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    return `/${seg.replace(/[.*+^${}()|[\]\\]/g, '\\$&')}`;
  }).join('');
  return new RegExp(`^${body || '/'}$`);
}
const STATIC = new Map(SCREENS.flatMap((d) => [d.route!, ...(d.aliases ?? [])].filter((r) => !r.includes(':')).map((r) => [r, d.id] as const)));
const DYNAMIC = SCREENS.filter((d) => d.route!.includes(':')).map((d) => ({ id: d.id, re: routeRegex(d.route!) }));
/** The screen document the shop draws at a path (the not-found screen when no route matches), as the router does:
 *  an address without parameters first. */
const screenAt = (pathname: string): string => STATIC.get(pathname) ?? DYNAMIC.find((d) => d.re.test(pathname))?.id ?? 'not-found';

/** The screen documents measured at every width by the tests of this file (the last test compares with SCREENS). */
const visited = new Set<string>();
/** The walking tests that ran in this worker (a failed test restarts the worker, and `visited` with it). */
const walked = new Set<string>();
const WALKS = 4;
/** The shop's own addresses the measured pages link to (where the screens with parameters are found). */
const links = new Set<string>();

/** The widths of the issue, each with a screen height a device of that width has. */
const SIZES: Array<[number, number]> = [[320, 568], [375, 667], [414, 736], [768, 1024], [1024, 768], [1280, 800], [1440, 900], [1920, 1080]];

interface Shape { scrollWidth: number; innerWidth: number; header: string[]; controls: string[] }

/** What breaks a layout at the current width, as text (an empty list: it holds together). */
async function layoutProblems(page: Page): Promise<string[]> {
  // a string, not a function: the test's compiler would wrap a named function in a helper the page does not have
  const shape = await page.evaluate(`(() => {
    const iw = window.innerWidth;
    const shown = (el) => { const r = el.getBoundingClientRect(); const cs = getComputedStyle(el); return r.width > 1 && r.height > 1 && cs.visibility !== 'hidden' && !el.closest('[hidden], [inert], .ot-sr-only'); };
    // the part of a control its ancestors show: one clipped away entirely (a slider's hidden items) is not shown; one
    // in a scrolling box is reached by scrolling that box, so the box's part of the window is what counts
    const seen = (el) => {
      const r = el.getBoundingClientRect();
      let left = r.left, right = r.right;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === 'visible') continue;
        const ar = a.getBoundingClientRect();
        const l = Math.max(left, ar.left), rr = Math.min(right, ar.right);
        if (rr > l) { left = l; right = rr; } else if (ox === 'auto' || ox === 'scroll') { left = ar.left; right = ar.right; } else return null;
      }
      return { left, right };
    };
    const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.className || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
    const header = [];
    const bar = document.querySelector('.ot-header__inner');
    // under an open modal the page and its header are covered on purpose (the modal's own controls are checked below)
    const modal = [...document.querySelectorAll('[role=dialog][aria-modal=true]')].some((d) => shown(d));
    if (bar && !modal) {
      const bottom = document.querySelector('.ot-header').getBoundingClientRect().bottom;
      // the logo, the menu toggle (or the menu), the language switch, login and cart: one row, inside the window,
      // each the topmost element at its centre (clickable, nothing over it)
      const items = [...bar.children].filter((c) => !c.classList.contains('ot-search') && shown(c));
      const rows = items.map((c) => c.getBoundingClientRect());
      const top = Math.max(...rows.map((r) => r.top)), low = Math.min(...rows.map((r) => r.bottom));
      if (top >= low) header.push('header controls on more than one row: ' + items.map((c, i) => name(c) + '@' + Math.round(rows[i].top)).join(', '));
      for (const c of items) {
        const r = c.getBoundingClientRect();
        if (r.left < -0.5 || r.right > iw + 0.5 || r.bottom > bottom + 0.5) header.push('outside the header: ' + name(c));
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !c.contains(hit)) header.push('covered: ' + name(c) + ' by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing'));
      }
      const search = bar.querySelector('.ot-search');
      if (search) {
        const r = search.getBoundingClientRect();
        if (r.width < 160 || r.left < -0.5 || r.right > iw + 0.5 || r.bottom > bottom + 0.5) header.push('search box ' + Math.round(r.width) + ' px wide at ' + Math.round(r.left) + '–' + Math.round(r.right));
      }
    }
    // every control of the page inside the window's width (not cut off at either side)
    // (the page's, and those of an open dialog: a modal, the mini cart, the account panel)
    const scopes = ['main', '[role=dialog]'];
    const kinds = ['a[href]', 'button', 'input:not([type=hidden])', 'select', 'textarea', 'label'];
    const controls = [...new Set(document.querySelectorAll(scopes.flatMap((s) => kinds.map((k) => s + ' ' + k)).join(', ')))]
      .filter((el) => shown(el) && !el.closest('.ot-gallery__thumbs, .ot-skip, .ot-skip--inline'))
      .map((el) => [el, seen(el)]).filter(([, b]) => b && (b.left < -0.5 || b.right > iw + 0.5))
      .map(([el, b]) => name(el) + ' ' + Math.round(b.left) + '–' + Math.round(b.right));
    // an open dialog inside the window, at both sides and top and bottom (a tall one scrolls inside itself)
    for (const d of document.querySelectorAll('[role=dialog]')) {
      if (!shown(d)) continue;
      const r = d.getBoundingClientRect();
      if (r.left < -0.5 || r.right > iw + 0.5 || r.top < -0.5 || r.bottom > window.innerHeight + 0.5) header.push('dialog outside the window: ' + name(d) + ' ' + Math.round(r.left) + '–' + Math.round(r.right) + ' × ' + Math.round(r.top) + '–' + Math.round(r.bottom));
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: iw, header, controls };
  })()`) as Shape;
  const out = [...shape.header, ...shape.controls.map((c) => `cut off: ${c}`)];
  if (shape.scrollWidth > shape.innerWidth) out.unshift(`sideways scroll: ${shape.scrollWidth} > ${shape.innerWidth}`);
  return out;
}

/** Two frames after a resize: what measures its box (a ResizeObserver) has drawn again. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** The screen at every width; the problems found, by width (the page is left at 1280 × 900). */
async function atEveryWidth(page: Page, screen: string, found: string[]): Promise<void> {
  // the screen's data is in (the loader's veil over the page is gone)
  await page.locator('.sdui-loader').waitFor({ state: 'detached' });
  const at = new URL(page.url()).pathname;
  visited.add(screenAt(at));
  for (const h of await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))) links.add(h);
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await settled(page);
    await page.locator('.sdui-loader').waitFor({ state: 'detached' });
    // the loader's veil over the page while something loads is not a layout problem: it shows only after a delay, so
    // it may come just after the wait above; measured again once it is gone
    let problems = await layoutProblems(page);
    for (let i = 0; i < 5 && problems.some((p) => p.includes('sdui-loader')); i++) {
      await page.locator('.sdui-loader').waitFor({ state: 'detached' });
      problems = await layoutProblems(page);
    }
    for (const p of problems) found.push(`${screen} @ ${w}: ${p}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const now = new URL(page.url()).pathname;
  if (screenAt(now) !== screenAt(at)) found.push(`${screen}: left for ${now} while it was measured`);
}

/** A dialog (found by `dialog`, opened by `open` when a resize has closed it) at every width; the page is left at 1280 × 900. */
async function dialogAtEveryWidth(page: Page, what: string, dialog: Locator, open: () => Promise<void>, found: string[]): Promise<void> {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await settled(page);
    if (!(await dialog.isVisible())) await open();
    await dialog.waitFor();
    await settled(page);
    for (const p of await layoutProblems(page)) found.push(`${what} @ ${w}: ${p}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });

/** The pages of the menu, the phone list and the first phone's page (left open) at every width; `suffix` marks the
 *  language in the problems, `addToCart` is the phone page's button in it. */
async function menuPagesAtEveryWidth(page: Page, found: string[], suffix: string, addToCart: string): Promise<void> {
  for (const path of ['/', '/Privatni/Tarife/Uredjaji', '/Privatni/Uredjaji/Pojedinacni/dodatna_oprema', '/Privatni/Kucni-paketi', '/dodaci',
    '/Digitalni-servisi', '/Privatni/Mobilna/Pripejd/Dopuni-kredit', '/placanje-racuna', '/Prijava-b2c', '/pretraga?text=samsung']) {
    await page.goto(`${s.url}${path}`);
    await h1(page);
    await atEveryWidth(page, `${path}${suffix}`, found);
  }
  await page.goto(`${s.url}${PLP}`);
  await cards(page).first().waitFor();
  await atEveryWidth(page, `phone list${suffix}`, found);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\//);
  await page.getByRole('button', { name: addToCart }).waitFor();
  await atEveryWidth(page, `phone page${suffix}`, found);
}

s.test('every screen of a guest purchase and the pages of the menu hold together at the eight widths', async () => {
  walked.add(test.info().title);
  const { page, problems } = await s.open();
  const found: string[] = [];
  await menuPagesAtEveryWidth(page, found, '', 'Dodaj u korpu');
  await page.getByText('Jednokratno', { exact: true }).click();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.getByRole('heading', { level: 2, name: 'Dodaci uz telefon' }).waitFor();
  await atEveryWidth(page, 'phone page, extras step', found);
  await throughDeviceSteps(page);
  await atEveryWidth(page, 'phone page, summary step', found);
  // the coupons dialog
  const coupons = page.getByRole('dialog', { name: 'EKO kuponi' });
  await dialogAtEveryWidth(page, 'coupons dialog', coupons, () => page.getByRole('button', { name: 'Imaš EKO kupon?' }).click(), found);
  await coupons.getByRole('button', { name: 'Gotovo' }).click();
  await coupons.waitFor({ state: 'hidden' });
  // the cart (the header's mini cart, opened at each width: a resize closes it, seed 001 §9)
  const panel = page.locator('.ot-minicart__panel');
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await panel.waitFor({ state: 'detached' });
    await page.locator('.ot-minicart__btn').click();
    await panel.waitFor();
    const box = await panel.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= w + 0.5, `the mini cart inside the window at ${w} px`);
    for (const p of await layoutProblems(page)) found.push(`mini cart @ ${w}: ${p}`);
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 1280, height: 900 });
  // the guest-or-login modal
  const guestOrLogin = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Nastavi kao gost' }) });
  await dialogAtEveryWidth(page, 'guest-or-login modal', guestOrLogin, () => page.getByRole('button', { name: 'Idi na plaćanje' }).click(), found);
  await guestOrLogin.getByRole('button', { name: 'Nastavi kao gost' }).click();
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  await field(page, 'Ime').waitFor();
  await atEveryWidth(page, 'data and delivery step', found);
  await fillGuestForm(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('checkbox').first().waitFor();
  await atEveryWidth(page, 'overview', found);
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  await h1(page);
  await atEveryWidth(page, 'success page', found);
  await page.setViewportSize({ width: 320, height: 568 });
  await page.screenshot({ path: `${SHOTS}/layout-success-320.png`, fullPage: true });
  assert.deepEqual(found, []);
  assert.deepEqual(problems, []);
});

s.test('every other screen document, at its address as a guest, holds together at the eight widths', async () => {
  walked.add(test.info().title);
  const { page, problems } = await s.open();
  const found: string[] = [];
  // the addresses without parameters (a screen already measured is not opened again), then an address nothing serves
  const paths = [...new Set(SCREENS.map((d) => d.route!).filter((r) => !r.includes(':'))), '/nema-ovakve-stranice'];
  for (const path of paths) {
    const id = screenAt(path);
    if (visited.has(id) || EXCLUDED[id] || path.startsWith('/kupovina/') && CHECKOUT_SCREENS.has(id)) continue;
    await page.goto(`${s.url}${path}`);
    await h1(page);
    await atEveryWidth(page, path, found);
  }
  // the screens with parameters: at an address the measured pages link to
  for (const d of DYNAMIC) {
    if (visited.has(d.id) || EXCLUDED[d.id]) continue;
    const path = [...links].find((l) => d.re.test(l) && !STATIC.has(l));
    assert.ok(path, `no page measured links to the screen ${d.id}: give the walk a way to it`);
    await page.goto(`${s.url}${path}`);
    await h1(page);
    await atEveryWidth(page, path, found);
  }
  // the device comparison with two phones in it
  await page.goto(`${s.url}/Privatni/Uredjaji/Uporedi?uredjaji=SAMSUNG_GALAXY_A56,APPLE_IPHONE_16`);
  await h1(page);
  await page.locator('main table, main .ot-compare').first().waitFor();
  await atEveryWidth(page, 'comparison of two phones', found);
  // the prepaid registration in English (longer words), by its English address: the last page, as the language stays
  await page.goto(`${s.url}${SCREENS.find((d) => d.id === 'prepaid-registration-eng')!.route}`);
  await page.waitForURL((u) => screenAt(u.pathname) === 'prepaid-registration');
  await page.getByRole('heading', { level: 1, name: 'Prepaid number registration' }).waitFor();
  await atEveryWidth(page, 'prepaid registration in English', found);
  assert.deepEqual(found, []);
  assert.deepEqual(problems.filter((p) => !/^HTTP 404 GET \/nema-ovakve-stranice$/.test(p)), []);
});

const FLOWS = readdirSync(join(ROOT, 'schemas/flows')).filter((f) => f.endsWith('.json')).map((f) => readJson(`schemas/flows/${f}`) as {
  id: string; checkoutType: string; signInRequired?: boolean; steps: Array<{ code: string; path: string; screen: string }>;
});
/** The screens of the checkout steps: measured with a cart of their type (as a guest, an empty cart sends them away). */
const CHECKOUT_SCREENS = new Set(FLOWS.flatMap((f) => f.steps.map((st) => st.screen)));

const GUEST_DATA = {
  customerData: { firstName: 'Marija', lastName: 'Petrović', contactEmail: 'marija.petrovic@example.rs', contactPhone: '641234567' },
  deliveryAddress: { line1: 'Bulevar kralja Aleksandra', line2: '73', town: 'Beograd', postalCode: '11000' },
};
const api = checkoutApi;
const A = CHECKOUT_API;
/** The personal-data step of a postpaid or home contract (kupac@orbita.rs, born 15.03.1985: the seed's JMBG rule). */
const personalData = (page: Page) => api(page, 'POST', A.info, { userInfo: {
  orderFor: 'SELF', firstName: 'Marko', lastName: 'Petrović', contactEmail: 'kupac@orbita.rs', jmbg: jmbgFor(new Date(Date.UTC(1985, 2, 15))),
  primaryContactDocumentIdNum: '012345678', primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd',
  primaryContactDocumentIdIssueDate: '2022-03-15T01:00:00+01:00', msisdn: '0641234567',
} });
let flat = 20;
const homeSetup = async (page: Page, pkg: string) => {
  await api(page, 'POST', A.installationAddress, { option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS', addressCode: 'TIS-1003-40', entrance: 'B', flatNum: String(flat++), packageId: pkg });
  await api(page, 'PUT', A.homeNumber, { homeLine: { numberOption: 'NEW_NUMBER' } });
};

/** For every flow document: who buys, how its cart and steps are filled through the API (as in totals.e2e.ts), and the
 *  last step that can be reached (`upTo`, with its reason) when not all of them. */
const FLOW_CARTS: Record<string, { signedIn: boolean; fill: (page: Page) => Promise<void>; upTo?: string }> = {
  guest: { signedIn: false, fill: async () => { /* walked through the screens by the first test */ } },
  standalone: { signedIn: false, fill: async (page) => {
    await api(page, 'POST', A.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' });
    await api(page, 'POST', A.guestInfo, GUEST_DATA);
  } },
  // the verification step takes a code sent by e-mail, which a production server does not show: its overview is the
  // screen measured for the other types
  'mobile-prepaid-guest': { signedIn: false, upTo: 'VERIFICATION', fill: async (page) => {
    await api(page, 'POST', A.addToCart, { code: 'ORBITA_PREPAID_ESIM' });
  } },
  'mobile-prepaid': { signedIn: true, upTo: 'VERIFICATION', fill: async (page) => {
    await api(page, 'POST', A.addToCart, { code: 'ORBITA_PREPAID_NET' });
  } },
  mobile: { signedIn: true, fill: async (page) => {
    await api(page, 'POST', A.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' });
    await personalData(page);
    await api(page, 'POST', A.newNumber, {});
    await api(page, 'POST', A.createAddress, { address: { tisAddressCode: 'TIS-1003-40', entrance: 'B' } });
    await api(page, 'PUT', A.contact, { contactPhone: '651112233' });
  } },
  'home-fixed': { signedIn: true, fill: async (page) => {
    await api(page, 'POST', A.addToCart, { code: 'BOX_PLUS', subscriptionTermId: 'BOX_PLUS_T24' });
    await homeSetup(page, 'BOX_PLUS');
    await personalData(page);
    await api(page, 'PUT', A.installationDelivery);
    await api(page, 'PUT', A.contact, { contactPhone: '651112233' });
  } },
  'home-mobile': { signedIn: true, fill: async (page) => {
    await api(page, 'POST', A.addToCart, { code: 'BOX_START', subscriptionTermId: 'BOX_START_T24' });
    await api(page, 'POST', A.addToCart, { code: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24' });
    await homeSetup(page, 'BOX_START');
    await personalData(page);
    await api(page, 'POST', A.newNumber, {});
    await api(page, 'PUT', A.installationDelivery);
    await api(page, 'PUT', A.contact, { contactPhone: '651112233' });
  } },
};

/** Every step page of the flows of the customer kind, each opened by its address with a filled cart of its type. */
async function flowSteps(page: Page, signedIn: boolean, found: string[]): Promise<void> {
  for (const flow of FLOWS) {
    const how = FLOW_CARTS[flow.id];
    if (!how || how.signedIn !== signedIn || flow.id === 'guest') continue;
    await api(page, 'DELETE', A.deleteCart);
    await how.fill(page);
    const last = how.upTo ? flow.steps.findIndex((st) => st.code === how.upTo) : flow.steps.length - 1;
    for (const step of flow.steps.slice(0, last + 1)) {
      await page.goto(`${s.url}${step.path}`);
      await h1(page);
      assert.equal(new URL(page.url()).pathname, step.path, `${flow.id}: the step ${step.code} did not stay open`);
      await atEveryWidth(page, `${flow.id} ${step.code}`, found);
    }
  }
  // the customer's cart left empty for the tests after this one (kupac@orbita.rs buys again below)
  await api(page, 'DELETE', A.deleteCart);
}

s.test('every flow document has a way to fill its cart here', () => {
  assert.deepEqual(FLOWS.map((f) => f.id).filter((id) => !FLOW_CARTS[id]), [], 'a flow without an entry in FLOW_CARTS of tests/e2e/layout.e2e.ts');
  return Promise.resolve();
});

s.test('a guest: every step of the standalone and prepaid checkouts holds together at the eight widths', async () => {
  walked.add(test.info().title);
  const { page, problems } = await s.open();
  await page.goto(`${s.url}/`);
  await pageSession(page);
  const found: string[] = [];
  await flowSteps(page, false, found);
  assert.deepEqual(found, []);
  assert.deepEqual(problems, []);
});

s.test('in English (longer words): the menu\'s pages, the phone list and page and a guest\'s checkout steps hold together at the eight widths', async () => {
  const { page, problems } = await s.open();
  await page.goto(`${s.url}/?lang=en`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  const found: string[] = [];
  await menuPagesAtEveryWidth(page, found, ' (en)', 'Add to cart');
  // every step of the guest's standalone and prepaid checkouts, in English
  await pageSession(page);
  await flowSteps(page, false, found);
  // still English after the walk (no page switched the language back)
  assert.equal(await page.locator('html').getAttribute('lang'), 'en');
  assert.deepEqual(found, []);
  assert.deepEqual(problems, []);
});

s.test('signed in: the account pages, the account panel and every step of each signed-in checkout hold together at the eight widths', async () => {
  walked.add(test.info().title);
  const { page, problems } = await s.open();
  await signInAs(page, s.url, 'kupac@orbita.rs');
  await pageSession(page);
  const found: string[] = [];
  await atEveryWidth(page, 'home, signed in', found);
  const panel = page.locator('.ot-account__panel');
  await dialogAtEveryWidth(page, 'account panel', panel, () => page.locator('.ot-account__btn').click(), found);
  await page.keyboard.press('Escape');
  for (const path of ['/Profil/Izmena-licnih-podataka', '/Privatni/Korisnicka-zona/Registar-ne-zovi', '/Privatni/Mobilna/Pripejd/Dopuni-kredit', '/placanje-racuna', '/Privatni/Korisnicka-zona/Kontakt']) {
    await page.goto(`${s.url}${path}`);
    await h1(page);
    await atEveryWidth(page, `${path}, signed in`, found);
  }
  await flowSteps(page, true, found);
  assert.deepEqual(found, []);
  assert.deepEqual(problems, []);
});

s.test('the walk measured every screen document but the excluded ones', () => {
  for (const id of Object.keys(EXCLUDED)) assert.ok(SCREENS.some((d) => d.id === id), `EXCLUDED names ${id}, which is no screen document`);
  assert.equal(walked.size, WALKS, 'a walk before this test failed (its worker was restarted): which screens were measured is not known');
  const missing = SCREENS.map((d) => d.id).filter((id) => !visited.has(id) && !EXCLUDED[id]);
  assert.deepEqual(missing, [], 'screen documents no test of tests/e2e/layout.e2e.ts measured: give the walk a way to them (or an EXCLUDED entry with its reason)');
  return Promise.resolve();
});

/** The sticky header's bottom, the step indicator's and the heading's boxes (in the window) and the scroll offset. */
async function stepView(page: Page, heading: string): Promise<{ header: number; indicator: [number, number]; heading: [number, number]; height: number; y: number }> {
  return page.evaluate(`(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
    const h = [...document.querySelectorAll('main h2')].find((x) => x.textContent.trim() === ${JSON.stringify(heading)});
    return { header: document.querySelector('.ot-header').getBoundingClientRect().bottom, indicator: box(document.querySelector('main .ot-progress')), heading: h ? box(h) : [NaN, NaN], height: window.innerHeight, y: window.scrollY };
  })()`);
}

/** Waits until the step's heading and the step indicator are both inside the window under the sticky header and the
 *  page has stopped scrolling (the same offset on two polls in a row); fails with what is seen otherwise. */
async function waitForStepInView(page: Page, heading: string, what: string): Promise<void> {
  let last = await stepView(page, heading);
  const inView = (v: typeof last) => v.indicator[0] >= v.header - 0.5 && v.indicator[1] <= v.height + 0.5 && v.heading[0] >= v.header - 0.5 && v.heading[1] <= v.height + 0.5;
  for (let i = 0; i < 150; i++) {
    await page.waitForTimeout(50);
    const now = await stepView(page, heading);
    if (inView(now) && now.y === last.y) return;
    last = now;
  }
  assert.fail(`${what}: the step indicator ${last.indicator.map(Math.round).join('–')} and the heading "${heading}" ${last.heading.map(Math.round).join('–')} are not both between the header's bottom ${Math.round(last.header)} and the window's ${last.height}`);
}

s.test('after "Dodaj u korpu" and "Nastavi" the phone page shows the step indicator and the new step\'s heading under the sticky header, at every width', async () => {
  let phone = '';
  for (const [width, height] of SIZES) {
    // a fresh session per width: each puts the phone into its own cart
    const { page, problems } = await s.open({ width, height });
    if (!phone) {
      await page.goto(`${s.url}${PLP}`);
      await cards(page).first().click();
      await page.waitForURL(/\/uredjaj\//);
      phone = page.url();
    } else {
      await page.goto(phone);
    }
    await page.getByText('Jednokratno', { exact: true }).click();
    // the button is scrolled into view by the click (far down the page on a phone)
    await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
    await page.getByRole('heading', { level: 2, name: 'Dodaci uz telefon' }).waitFor();
    await waitForStepInView(page, 'Dodaci uz telefon', `${width} × ${height}, extras step`);
    const next = page.getByRole('button', { name: 'Nastavi', exact: true });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await page.getByRole('heading', { level: 2, name: 'Tvoja korpa' }).waitFor();
    await waitForStepInView(page, 'Tvoja korpa', `${width} × ${height}, summary step`);
    if (width === 375) await page.screenshot({ path: `${SHOTS}/layout-step-375.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  }
});

s.test('a JMBG or issue date the server refuses is marked under its field, which takes focus in view (no box under the form, no jump to the top)', async () => {
  const { page, problems } = await s.open({ width: 375, height: 667 });
  await signInAs(page, s.url, 'kupac@orbita.rs');
  await page.goto(`${s.url}${PLP}`);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\//);
  await page.getByText('Jednokratno', { exact: true }).click();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await throughDeviceSteps(page);
  await page.getByRole('button', { name: 'Idi na plaćanje' }).click();
  await page.waitForURL(/\/kupovina\/licni-podaci$/);
  await fillPersonalData(page);
  const found: string[] = [];
  await atEveryWidth(page, 'personal-data step', found);
  assert.deepEqual(found, []);
  await page.setViewportSize({ width: 375, height: 667 });

  /** Next; then the field named `label` is invalid, described by `message`, focused, and inside the window under the header. */
  const refused = async (label: string, message: string) => {
    await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
    const input = field(page, label);
    await page.waitForFunction((name) => {
      const el = document.activeElement as HTMLInputElement | null;
      return !!el && el.getAttribute('aria-invalid') === 'true' && el.labels?.[0]?.textContent?.includes(name);
    }, label);
    assert.equal(await input.evaluate((el) => el === document.activeElement), true, `${label} has focus`);
    const described = await input.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? ''));
    assert.ok(described.includes(message), `${label} is described by "${message}" (${JSON.stringify(described)})`);
    // in view under the sticky header once the scroll is done
    let view = { top: 0, bottom: 0, header: 0, height: 0, y: -1 };
    for (let i = 0; i < 150; i++) {
      await page.waitForTimeout(50);
      const now = await input.evaluate((el) => ({ top: el.getBoundingClientRect().top, bottom: el.getBoundingClientRect().bottom, header: document.querySelector('.ot-header')!.getBoundingClientRect().bottom, height: window.innerHeight, y: window.scrollY }));
      if (now.top >= now.header && now.bottom <= now.height && now.y === view.y) { view = now; break; }
      view = now;
    }
    assert.ok(view.top >= view.header && view.bottom <= view.height, `${label} in view under the header (${JSON.stringify(view)})`);
    assert.equal(await page.locator('main .ot-errorbox').count(), 0, 'no error box for a refused field');
  };

  // an issue date in the future (the form's pattern takes it; the server does not)
  await field(page, 'Datum izdavanja').fill('15.03.2099');
  await refused('Datum izdavanja', 'Datum izdavanja dokumenta nije ispravan.');
  await page.screenshot({ path: `${SHOTS}/layout-refused-issue-date-375.png` });
  // typing another value clears the mark
  await field(page, 'Datum izdavanja').fill('15.03.2022');
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') !== 'true');
  // a JMBG whose control digit is wrong (13 digits, as the form asks)
  const jmbg = field(page, 'JMBG');
  const good = await jmbg.inputValue();
  assert.match(good, /^\d{13}$/);
  await jmbg.fill(`${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await refused('JMBG', 'JMBG nije ispravan.');
  // the two refusals are the only failed requests
  assert.deepEqual(problems.filter((p) => !/^HTTP 400 POST .*customer/i.test(p)), []);
  assert.equal(problems.length, 2, problems.join('\n'));
});
