// What every end-to-end file shares: one production server and one Chromium per file, a `test` that
// leaves full-page screenshots of the pages it opened when it fails, and the shopper's steps through
// the shop (by role and accessible name, as a person finds them).
import { test, before, after } from './harness';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { startShop, launchBrowser, newPage, SHOTS, type ShopServer, type StartOptions } from './lib';

export const PLP = '/Privatni/Uredjaji/Tip-uredjaja/telefoni';

export interface Suite {
  /** the shop's base URL (valid inside tests) */
  readonly url: string;
  test(name: string, fn: () => Promise<void>): void;
  /** a new browser context and page; problems collects page errors, console errors and failed requests */
  open(opts?: { width?: number; height?: number; cookieBanner?: boolean }): Promise<{ page: Page; problems: string[] }>;
}

/** Starts the shop and Chromium for this file (or the describe() it is called in); `prefix` names the failure screenshots; `opts.dev` a development server. */
export function suite(prefix: string, opts: StartOptions = {}): Suite {
  let shop: ShopServer;
  let browser: Browser;
  const openPages: Page[] = [];
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    shop = await startShop({}, opts);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await shop?.stop();
  });
  test.beforeEach(() => { openPages.length = 0; });
  // a failed test leaves full-page screenshots of the pages it opened (its trace is in the report too)
  test.afterEach(async () => {
    const info = test.info();
    if (info.status === info.expectedStatus) return;
    for (const [i, p] of openPages.entries()) {
      await p.screenshot({ path: `${SHOTS}/FAILED-${prefix}-${info.title.replace(/\W+/g, '-')}-${i}.png`, fullPage: true }).catch(() => {});
    }
  });
  return {
    get url() {
      return shop.url;
    },
    // Playwright's own test (so its report names the file and line of each test)
    test,
    async open(opts = {}) {
      const r = await newPage(browser, opts);
      openPages.push(r.page);
      return r;
    },
  };
}

/** Waits until the page is live: a server-drawn first view is marked (data-server-drawn) until the browser has
 *  hydrated it (its scripts are fetched after the first paint), so what the scripts do (cookies, handlers) comes after this. */
export const live = (page: Page) => page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-server-drawn'));

/** Waits until the page is live and holds its session cookie (its own token request was answered): a call made from
 *  the page after this is in the page's session (one made before could open a second session and take the cookie). */
export async function pageSession(page: Page): Promise<void> {
  await live(page);
  for (let i = 0; i < 400; i++) {
    if ((await page.context().cookies()).some((c) => c.name === 'sid')) return;
    await page.waitForTimeout(25);
  }
  throw new Error('the page never got its session cookie');
}

/** The product cards of the list (each card is one link). */
export const cards = (page: Page) => page.locator('article').getByRole('link');

/** A form field by its accessible name (the required marker is hidden from assistive technology). */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Waits until the locator matches exactly n elements. */
export async function waitForCount(loc: { count(): Promise<number> }, n: number, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let last = -1;
  while (Date.now() < deadline) {
    last = await loc.count();
    if (last === n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${what}: expected ${n}, found ${last}`);
}

/** On the device page after "Dodaj u korpu": through the extras step (when there is one) to the summary. */
export async function throughDeviceSteps(page: Page): Promise<void> {
  const extrasNext = page.getByRole('button', { name: 'Nastavi', exact: true });
  const toCheckout = page.getByRole('button', { name: 'Idi na plaćanje' });
  await extrasNext.or(toCheckout).first().waitFor();
  if (await extrasNext.isVisible()) await extrasNext.click();
  await toCheckout.waitFor();
}

/** The extra-benefits step (SUGGESTED_PRODUCTS, optional): once its offers are shown, Next without a choice. */
export async function throughSuggested(page: Page): Promise<void> {
  await page.waitForURL(/\/kupovina\/dodatne-pogodnosti$/);
  await page.getByRole('heading', { level: 1, name: 'Dodatne pogodnosti' }).waitFor();
  await page.locator('.ot-suggested__heading, .ot-numbers__note').first().waitFor();
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
}

/** Phone list → first phone (one-off if asked) → cart → guest-or-login modal → the data and delivery step. */
/** From the phone list to the checkout's data step as a guest; returns the phone's name (its page's heading). */
export async function phoneIntoGuestCheckout(page: Page, baseUrl: string, opts: { oneOff?: boolean } = {}): Promise<string> {
  await page.goto(`${baseUrl}${PLP}`);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  const phone = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
  if (opts.oneOff) await page.getByText('Jednokratno', { exact: true }).click();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await throughDeviceSteps(page);
  await page.getByRole('button', { name: 'Idi na plaćanje' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nastavi kao gost' }).click();
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  return phone;
}

/** The contract data a guest types for a postpaid tariff (issue 27): an adult's JMBG (15.03.1985) and ID document. */
export const GUEST_CONTRACT = { jmbg: '1503985710010', docId: '012345678', authority: 'PU za grad Beograd', issued: '15.03.2022' };
/** The same, by the labels of the guest form's "Podaci za ugovor" section. */
export const GUEST_CONTRACT_FIELDS: Record<string, string> = {
  JMBG: GUEST_CONTRACT.jmbg, 'Broj lične karte': GUEST_CONTRACT.docId, 'Izdata od': GUEST_CONTRACT.authority, 'Datum izdavanja': GUEST_CONTRACT.issued,
};

/** On the guest data step: whether the cart needs the contract data (asked of the server), and if so once its
 *  section is on the page (it appears when the cart has arrived). */
export async function contractSectionShown(page: Page): Promise<boolean> {
  const cart = (await checkoutApi(page, 'GET', CHECKOUT_API.fullCart)) as { contractDataRequired?: boolean };
  if (cart.contractDataRequired) await page.getByRole('group', { name: 'Podaci za ugovor' }).waitFor();
  return cart.contractDataRequired === true;
}

/**
 * The guest data step: name, contact, address and — when the cart holds a postpaid tariff (the cart's
 * contractDataRequired; the phone page's default) — the "Podaci za ugovor" section (JMBG, ID document), which then
 * must be shown; for any other cart it must not be.
 */
export async function fillGuestForm(page: Page): Promise<void> {
  await field(page, 'Ime').fill('Jelena');
  await field(page, 'Prezime').fill('Petrović');
  await field(page, 'Imejl adresa').fill('jelena.petrovic@example.rs');
  await field(page, 'Kontakt telefon').fill('641234567');
  if (await contractSectionShown(page)) {
    for (const [label, value] of Object.entries(GUEST_CONTRACT_FIELDS)) await field(page, label).fill(value);
  } else {
    assert.equal(await page.getByRole('group', { name: 'Podaci za ugovor' }).count(), 0, 'no contract section for a cart without a postpaid tariff');
  }
  await field(page, 'Mesto').fill('Beograd');
  await field(page, 'Poštanski broj').fill('11000');
  await field(page, 'Ulica').fill('Bulevar kralja Aleksandra');
  await field(page, 'Broj').fill('73');
}

/** From the data step to the gateway page: data, overview, every consent, order. */
export async function throughCheckoutToGateway(page: Page): Promise<void> {
  await fillGuestForm(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('checkbox').first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) {
    if (!(await box.isChecked())) await box.check();
  }
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
}

/** On the gateway page: a test card, a future expiry, a CVC, the holder, pay. */
export async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByLabel(/Broj kartice/).fill(card);
  await page.getByLabel(/Važi do/).fill('12/30');
  await page.getByLabel(/CVC/).fill('123');
  await page.getByLabel(/na kartici/).fill('JELENA PETROVIC');
  await page.getByRole('button', { name: /^Plati/ }).click();
}

/** The personal-data step (ADDITIONAL_CUSTOMER_DATA) of a signed-in customer: the account's data is prefilled, the ID
 *  document (number, authority, issue date dd.mm.yyyy) is typed. */
export async function fillPersonalData(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Lični podaci' }).waitFor();
  await page.waitForFunction(() => ((document.querySelector('[data-form="order-personal-data"] input[autocomplete="given-name"]') as HTMLInputElement | null)?.value ?? '') !== '');
  await field(page, 'Broj lične karte').fill('012345678');
  await field(page, 'Izdata od').fill('PU za grad Beograd');
  await field(page, 'Datum izdavanja').fill('15.03.2022');
}

/** Signs in through the login page (every seeded customer's password is Orbita2026!) and waits for the home page. */
export async function signInAs(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/Prijava-b2c`);
  await page.locator('[data-form="login"] input').first().fill(email);
  await page.locator('[data-form="login"] input[type="password"]').fill('Orbita2026!');
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
}

/** Puts a phone into the page's (anonymous) cart through the contract API, then reloads the page. */
export async function addPhone(page: Page): Promise<void> {
  await pageSession(page);
  const status = await page.evaluate(async () => {
    const t = await (await fetch('/selfcare/b2c/auth/token')).json();
    const res = await fetch('/hybris/ecommerce/b2c/v1/users/carts/addservice', {
      method: 'POST',
      headers: { authorization: `Bearer ${t.data.token}`, 'content-type': 'application/json', lang: '1' },
      body: JSON.stringify({ deviceCode: 'NOKIA_105_4G_BLUE', chargeType: 'ONE_TIME_CHARGE' }),
    });
    return res.status;
  });
  assert.equal(status, 200);
  await page.reload();
  await page.locator('.ot-minicart__badge').waitFor();
}

/** A signed-in customer: phone list → first phone paid at once with its postpaid tariff → "Idi na plaćanje" → the
 *  personal-data step (MOBILE) filled → Next → the number step (CONNECT_MSISDN). */
export async function phoneIntoMobileCheckout(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}${PLP}`);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  await page.getByText('Jednokratno', { exact: true }).click();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await throughDeviceSteps(page);
  await page.getByRole('button', { name: 'Idi na plaćanje' }).click();
  await page.waitForURL(/\/kupovina\/licni-podaci$/);
  await fillPersonalData(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/postavke-mobilne-usluge$/);
  await page.getByRole('heading', { level: 1, name: 'Postavke mobilne usluge' }).waitFor();
}

/** The newest six-digit code sent to `recipient`, read from the development outbox (/dev/outbox.json, newest first). */
export async function codeFromDevOutbox(page: Page, baseUrl: string, recipient: string): Promise<string> {
  const res = await page.request.get(`${baseUrl}/dev/outbox.json`);
  assert.equal(res.status(), 200);
  const { messages } = await res.json() as { messages: Array<{ recipient: string; body: string }> };
  const m = messages.find((x) => x.recipient === recipient);
  assert.ok(m, `no message to ${recipient} in the outbox`);
  const code = /\b(\d{6})\b/.exec(m.body)?.[1];
  assert.ok(code, `no six-digit code in "${m.body}"`);
  return code;
}

const V = '/hybris/ecommerce/b2c/v1';
/** Paths of the contract the e2e files call from a page to fill a cart and its checkout steps (schemas/api/paths.json). */
export const CHECKOUT_API = {
  fullCart: `${V}/users/carts/fullcart`, deleteCart: `${V}/users/carts/entries/all`, addBundle: `${V}/users/carts/addservice`, addToCart: `${V}/users/carts/entry/add`,
  guestInfo: `${V}/checkout/guestcustomerinfo`, info: `${V}/checkout/customerinfo`, contact: `${V}/checkout/customerinfo/contact`,
  createAddress: `${V}/checkout/addresses/delivery/create`, newNumber: `${V}/users/phone/carts/msisdns/new`, reserve: `${V}/users/phone/carts/msisdns/reserve`,
  installationAddress: `${V}/checkout/addresses/installationaddress`, homeNumber: `${V}/checkout/homeline/number`,
  installationDelivery: `${V}/checkout/addresses/delivery/installation`, esimOtp: `${V}/checkout/esim/requestotp`, esim: `${V}/checkout/esim`,
  vouchers: `${V}/users/carts/vouchers`,
} as const;

/** A call of the contract from the page, in its session with one token per page; asserts a 200 and answers the JSON. */
export async function checkoutApi(page: Page, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const r = await page.evaluate(async ({ method, path, body }) => {
    const w = window as unknown as { shopperToken?: string };
    w.shopperToken ??= (await (await fetch('/selfcare/b2c/auth/token')).json()).data.token as string;
    const res = await fetch(path, {
      method, headers: { authorization: `Bearer ${w.shopperToken}`, lang: '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, text: await res.text() };
  }, { method, path, body });
  assert.equal(r.status, 200, `${method} ${path}: ${r.text}`);
  return r.text ? JSON.parse(r.text) : {};
}
