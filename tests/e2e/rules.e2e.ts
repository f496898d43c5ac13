// The add-to-cart statuses and the cart validation reasons as the shopper sees them (seed 000 §4 "Add to
// cart", "Checkout start", "Cart validation errors"), in Chromium against the real server: the limit modal
// (maxOrderQuantityExceeded, allowedTotalAmountExceeded), the no-stock pop-up, the change-types modal of a
// charge-type conflict at checkout start, the cart-changed toast of a second tab; and, on a development
// server (whose /dev/catalog routes change the catalogue), updatedPriceDate and noStock at validation.
//
// The device page always sells a phone with a tariff; a phone alone (the "alone, one-off" entries of the
// recipes in docs/modules/cart.md "How to provoke each status") goes in through the same call the page makes, addBundleToCart
// without a tariff, sent from the shopper's page (its session cookie and token).
import { describe } from './harness';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { field, fillGuestForm, fillPersonalData, pageSession, suite } from './shopper';

const BUDS = '/uredjaj/ACC_XIAOMI_BUDS6_ACTIVE';
const miniCart = (page: Page) => page.locator('.ot-minicart__panel');
const cartButton = (page: Page) => page.getByRole('button', { name: /Korpa, broj stavki/ });

async function openMiniCart(page: Page): Promise<void> {
  await cartButton(page).click();
  await miniCart(page).waitFor();
}

/** The shopper's cart as the server holds it (GET fullCart from the page, its session). */
async function serverCart(page: Page): Promise<{ version: number; entries: { entryNumber: number; quantity: number; chargeType?: string; totalOneTimePrice?: { formattedValue: string }; product: { code: string; name: string } }[] }> {
  await pageSession(page);
  return page.evaluate(async () => {
    const token = ((await (await fetch('/selfcare/b2c/auth/token')).json()) as { data: { token: string } }).data.token;
    const res = await fetch('/hybris/ecommerce/b2c/v1/users/carts/fullcart', { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  });
}

/** addBundleToCart from the shopper's page: a device variant alone (no tariff), one-off. Answers the status codes. */
async function addAlone(page: Page, deviceCode: string): Promise<string[]> {
  await pageSession(page);
  return page.evaluate(async (code) => {
    const token = ((await (await fetch('/selfcare/b2c/auth/token')).json()) as { data: { token: string } }).data.token;
    const res = await fetch('/hybris/ecommerce/b2c/v1/users/carts/addservice', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', lang: '1' },
      body: JSON.stringify({ deviceCode: code, chargeType: 'ONE_TIME_CHARGE' }),
    });
    const body = (await res.json()) as { cartModifications?: { statusCode: string }[] };
    return (body.cartModifications ?? []).map((m) => m.statusCode);
  }, deviceCode);
}

/** A development route of the server (`/dev/...`), from the page. */
async function devCall(page: Page, path: string, body: Record<string, unknown>): Promise<void> {
  const status = await page.evaluate(async ({ path, body }) => {
    const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.status;
  }, { path, body });
  assert.equal(status, 200, `${path} answered ${status}`);
}

async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/Prijava-b2c`);
  await page.locator('[data-form="login"] input').first().fill(email);
  await page.locator('[data-form="login"] input[type="password"]').fill('Orbita2026!');
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
  await chooseNewNumber(page);
}

/** A signed-in customer's tariff cart is a MOBILE checkout: the number is chosen up front (a new number assigned at
 *  activation), so going to checkout resumes at the data step these tests are about (mobile.e2e covers the number step). */
async function chooseNewNumber(page: Page): Promise<void> {
  await pageSession(page);
  const status = await page.evaluate(async () => {
    const token = ((await (await fetch('/selfcare/b2c/auth/token')).json()) as { data: { token: string } }).data.token;
    return (await fetch('/hybris/ecommerce/b2c/v1/users/phone/carts/msisdns/new', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })).status;
  });
  assert.equal(status, 200);
}

/** A device page → (one-off if asked) → "Dodaj u korpu"; waits for the answer of addBundleToCart. */
async function addFromDevicePage(page: Page, url: string, opts: { oneOff?: boolean } = {}): Promise<void> {
  await page.goto(url);
  const add = page.getByRole('button', { name: 'Dodaj u korpu' });
  await add.waitFor();
  if (opts.oneOff) await page.getByText('Jednokratno', { exact: true }).click();
  const answer = page.waitForResponse((r) => r.url().includes('/users/carts/addservice') && r.request().method() === 'POST');
  await add.click();
  assert.equal((await answer).status(), 200);
}

/** The device page's step 1 → step 2 (extras) or the summary: waits until the first step is left. */
async function waitStepLeft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Nastavi', exact: true }).or(page.getByRole('button', { name: 'Idi na plaćanje' })).first().waitFor();
}

describe('cart rules on a production server', () => {
  const s = suite('rules');
  const { test, open } = s;

  test('maxOrderQuantityExceeded: a 4th Xiaomi Redmi Buds 6 Active opens the limit modal; the cart keeps 3', async () => {
    const { page, problems } = await open();
    for (let i = 1; i <= 3; i++) {
      await addFromDevicePage(page, `${s.url}${BUDS}`);
      await page.getByText('Proizvod je dodat u korpu.').first().waitFor();
    }
    await addFromDevicePage(page, `${s.url}${BUDS}`);
    const dialog = page.getByRole('dialog', { name: 'Dostignut je limit korpe' });
    await dialog.waitFor();
    // the server message
    await dialog.getByText('Najveća dozvoljena količina ovog proizvoda u jednoj porudžbini je 3.').waitFor();
    // the CMS component limitOversteppedPopup: headline, content, button
    await dialog.getByRole('heading', { name: 'Najveća dozvoljena količina' }).waitFor();
    await dialog.getByText(/Količina jednog proizvoda u porudžbini je ograničena/).waitFor();
    await page.screenshot({ path: `${SHOTS}/rules-max-quantity.png` });
    await dialog.getByRole('button', { name: 'U redu' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const cart = await serverCart(page);
    assert.deepEqual(cart.entries.map((e) => [e.product.code, e.quantity]), [['ACC_XIAOMI_BUDS6_ACTIVE_STD', 3]]);
    await openMiniCart(page);
    await miniCart(page).getByText('Xiaomi Redmi Buds 6 Active').waitFor();
    assert.deepEqual(problems, []);
  });

  test('allowedTotalAmountExceeded: two Galaxy S25 Ultra alone, then a Galaxy Z Flip7 → the limit modal with the amount', async () => {
    const { page, problems } = await open();
    await page.goto(`${s.url}/`);
    assert.deepEqual(await addAlone(page, 'SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_BLACK'), ['success']);
    assert.deepEqual(await addAlone(page, 'SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_GRAY'), ['success']);
    await addFromDevicePage(page, `${s.url}/uredjaj/SAMSUNG_GALAXY_Z_FLIP7/jetblack`, { oneOff: true });
    const dialog = page.getByRole('dialog', { name: 'Dostignut je limit korpe' });
    await dialog.getByText('Ukupan iznos za plaćanje u jednoj porudžbini ne može biti veći od 400.000 RSD.').waitFor();
    await dialog.getByRole('heading', { name: 'Prekoračen je iznos porudžbine' }).waitFor();
    await dialog.getByText('Ukloni neki proizvod iz korpe ili napravi još jednu porudžbinu.').waitFor();
    await page.screenshot({ path: `${SHOTS}/rules-total-amount.png` });
    // the shopper stays on the first step, nothing added
    assert.equal((await serverCart(page)).entries.filter((e) => e.product.code.startsWith('SAMSUNG_GALAXY_Z_FLIP7')).length, 0);
    await dialog.getByRole('button', { name: 'Pogledaj korpu' }).click();
    await miniCart(page).getByText('Samsung Galaxy S25 Ultra 12/256GB').first().waitFor();
    assert.deepEqual(problems, []);
  });

  test('in English the limit modal is English throughout, the amount written 400.000 as money is in the Serbian locale', async () => {
    const { page, problems } = await open();
    await page.goto(`${s.url}/`);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Serbian' }).waitFor(); // the switch names Serbian in English once the page is English
    assert.deepEqual(await addAlone(page, 'SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_BLACK'), ['success']);
    assert.deepEqual(await addAlone(page, 'SAMSUNG_GALAXY_S25_ULTRA_TITANIUM_GRAY'), ['success']);
    await page.goto(`${s.url}/uredjaj/SAMSUNG_GALAXY_Z_FLIP7/jetblack`);
    await page.getByText('In full', { exact: true }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cart limit reached' });
    await dialog.getByText('The total to pay in one order cannot exceed 400.000 RSD.').waitFor();
    await dialog.getByRole('heading', { name: 'Order amount exceeded' }).waitFor();
    await dialog.getByText('Remove a product from the cart or place another order.').waitFor();
    await dialog.getByRole('button', { name: 'View cart' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/rules-total-amount-en.png` });
    assert.deepEqual(problems, []);
  });

  test('noStock on add: the pink Galaxy A56 opens the no-stock pop-up with its CMS content', async () => {
    const { page, problems } = await open();
    await addFromDevicePage(page, `${s.url}/uredjaj/SAMSUNG_GALAXY_A56/awesome-pink`);
    const dialog = page.getByRole('dialog', { name: 'Proizvod nije na stanju' });
    await dialog.getByText('Izabrani proizvod trenutno nije na stanju.').waitFor();
    await dialog.getByText('Proizvod trenutno nije na stanju', { exact: true }).waitFor();
    await dialog.getByText(/Izabrana boja je rasprodata/).waitFor();
    await page.screenshot({ path: `${SHOTS}/rules-no-stock.png` });
    await dialog.getByRole('button', { name: 'Izaberi drugu boju' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await serverCart(page)).entries.length, 0);
    assert.deepEqual(problems, []);
  });

  test('conflict at checkout start (signed in): the change-types modal; Next only scrolls up; one-off clears it', async () => {
    const { page, problems } = await open();
    await signIn(page, s.url, 'kupac@orbita.rs');
    await addFromDevicePage(page, `${s.url}/uredjaj/SAMSUNG_GALAXY_A56/graphite`);
    await waitStepLeft(page);
    assert.deepEqual(await addAlone(page, 'NOKIA_105_4G_CHARCOAL'), ['success']);
    await page.goto(`${s.url}/`);
    await openMiniCart(page);
    await miniCart(page).getByText('Nokia 105 4G').waitFor();
    await miniCart(page).getByRole('button', { name: /plaćanje/ }).click();
    await page.waitForURL(/\/kupovina\//);
    const dialog = page.getByRole('dialog', { name: 'Izaberi način plaćanja' });
    await dialog.waitFor();
    await page.screenshot({ path: `${SHOTS}/rules-conflict-modal.png` });
    const stepUrl = page.url();
    // close the modal, scroll down and press Next: the page stays and scrolls to the top
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const next = page.getByRole('button', { name: 'Nastavi', exact: true });
    await next.scrollIntoViewIfNeeded();
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the Next button is below the fold');
    await next.click();
    await page.waitForFunction(() => window.scrollY === 0);
    assert.equal(page.url(), stepUrl, 'Next does not navigate while the conflict stands');
    await page.screenshot({ path: `${SHOTS}/rules-conflict-next-blocked.png` });
    // the form was neither checked nor sent
    assert.equal(await page.getByText('Ovo polje je obavezno.').count(), 0);
    // checkout start again (reload): the modal; one-off for all → PUT changeChargeType, the conflict is gone
    await page.reload();
    await dialog.waitFor();
    const change = page.waitForResponse((r) => r.url().includes('/checkout/chargetypes/change') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Sve jednokratno' }).click();
    const answer = await change;
    assert.equal(answer.status(), 200);
    assert.equal((answer.request().postDataJSON() as { selectedChargeType: string }).selectedChargeType, 'ONE_TIME_CHARGE');
    await dialog.waitFor({ state: 'hidden' });
    const cart = await serverCart(page);
    assert.deepEqual(cart.entries.filter((e) => /^(SAMSUNG|NOKIA)_/.test(e.product.code)).map((e) => e.chargeType), ['ONE_TIME_CHARGE', 'ONE_TIME_CHARGE']);
    // the signed-in customer's own data is already in the form (checkout.prefillCustomer)
    assert.equal(await field(page, 'Ime').inputValue(), 'Marko');
    assert.equal(await field(page, 'Imejl adresa').inputValue(), 'kupac@orbita.rs');
    assert.equal(await field(page, 'Kontakt mobilni telefon').inputValue(), '0641234567');
    await fillFirstStep(page);
    await next.click();
    await page.waitForURL(AFTER_FIRST);
    assert.deepEqual(problems, []);
  });

  test('two tabs: a tab acting on its stale cart gets the cart-changed toast and the current cart; nothing is lost', async () => {
    const { page: tabA, problems } = await open();
    await addFromDevicePage(tabA, `${s.url}${BUDS}`);
    await tabA.getByText('Proizvod je dodat u korpu.').first().waitFor();
    // tab B in the same browser (same session) shows the cart with the buds
    const tabB = await tabA.context().newPage();
    tabB.on('pageerror', (e) => problems.push(`B pageerror: ${e.message}`));
    try {
      await staleTabs(tabA, tabB);
    } catch (err) {
      await tabB.screenshot({ path: `${SHOTS}/FAILED-rules-two-tabs-B.png`, fullPage: true }).catch(() => {});
      throw err;
    }
    assert.deepEqual(problems, []);
  });

  /** The two-tab steps: B removes from its stale cart, then A goes to checkout with its stale cart. */
  async function staleTabs(tabA: Page, tabB: Page): Promise<void> {
    await tabB.goto(`${s.url}/`);
    await openMiniCart(tabB);
    await miniCart(tabB).getByText('Xiaomi Redmi Buds 6 Active').waitFor();
    // tab A adds a cable
    await addFromDevicePage(tabA, `${s.url}/uredjaj/ACC_USBC_CABLE`);
    await tabA.getByText('Proizvod je dodat u korpu.').first().waitFor();
    // tab B, still showing only the buds, removes them: refused (409), the toast, the current cart
    await miniCart(tabB).getByRole('button', { name: 'Ukloni' }).first().click();
    const dialog = tabB.getByRole('dialog', { name: 'Ukloni iz korpe' });
    const refused = tabB.waitForResponse((r) => r.url().includes('/users/carts/entries') && r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Ukloni', exact: true }).click();
    assert.equal((await refused).status(), 409);
    await tabB.getByText('Tvoja korpa je izmenjena. Proveri njen sadržaj pre nastavka kupovine.').waitFor();
    await openMiniCart(tabB);
    await miniCart(tabB).getByText('USB-C na USB-C kabl').waitFor();
    await miniCart(tabB).getByText('Xiaomi Redmi Buds 6 Active').waitFor();
    await tabB.screenshot({ path: `${SHOTS}/rules-two-tabs-remove.png` });
    assert.deepEqual((await serverCart(tabB)).entries.map((e) => e.product.code).sort(), ['ACC_USBC_CABLE_STD', 'ACC_XIAOMI_BUDS6_ACTIVE_STD']);
    // now B removes the buds knowingly: done
    await miniCart(tabB).getByRole('button', { name: 'Ukloni' }).first().click();
    await dialog.getByRole('button', { name: 'Ukloni', exact: true }).click();
    await tabB.getByText('Proizvod je uklonjen iz korpe.').waitFor();
    // tab A, still showing both, goes to checkout: checkout start compares the entries → the toast and stop (seed
    // 000 §4): back to the cart (the screens' cartChanged: home page, mini cart open) with the current entries
    await openMiniCart(tabA);
    await miniCart(tabA).getByText('Xiaomi Redmi Buds 6 Active').waitFor();
    const before = await tabA.evaluate(() => history.length);
    await miniCart(tabA).getByRole('button', { name: /plaćanje/ }).click();
    await tabA.getByRole('dialog').getByRole('button', { name: 'Nastavi kao gost' }).click();
    await tabA.getByText('Tvoja korpa je izmenjena. Proveri njen sadržaj pre nastavka kupovine.').waitFor();
    await tabA.waitForURL(`${s.url}/`);
    await miniCart(tabA).getByText('USB-C na USB-C kabl').waitFor();
    await tabA.screenshot({ path: `${SHOTS}/rules-two-tabs-checkout.png` });
    assert.equal(await miniCart(tabA).getByText('Xiaomi Redmi Buds 6 Active').count(), 0);
    // no checkout step is shown, and the step's address replaced in the history (Back does not return to it)
    assert.equal(await tabA.locator('.ot-checkoutsteps').count(), 0);
    assert.ok((await tabA.evaluate(() => history.length)) <= before + 1, 'the checkout step stays out of the history');
  }
});

/** Empties the shopper's cart (DELETE deleteCart from the page): the signed-in customer's cart outlives a test. */
async function emptyCart(page: Page): Promise<void> {
  await pageSession(page);
  const status = await page.evaluate(async () => {
    const token = ((await (await fetch('/selfcare/b2c/auth/token')).json()) as { data: { token: string } }).data.token;
    return (await fetch('/hybris/ecommerce/b2c/v1/users/carts/entries/all', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status;
  });
  assert.equal(status, 200);
}

/** Mini cart → "Nastavi na plaćanje" (signed in: straight to the first checkout step). */
async function toCheckout(page: Page): Promise<void> {
  await page.goto(page.url().split('/').slice(0, 3).join('/') + '/');
  await openMiniCart(page);
  await miniCart(page).getByRole('button', { name: /plaćanje/ }).click();
  // a signed-in customer with a phone and a tariff (MOBILE) starts at the personal data
  await page.waitForURL(/\/kupovina\/(licni-podaci|podaci-dostava)$/);
}

/** The first checkout step's form: the personal data (MOBILE) or the guest-type data form. */
async function fillFirstStep(page: Page): Promise<void> {
  if (page.url().endsWith('/kupovina/licni-podaci')) await fillPersonalData(page);
  else await fillGuestForm(page);
}
/** Where Next leads from the first step: the number step (MOBILE) or the overview. */
const AFTER_FIRST = /\/kupovina\/(pregled-placanje|postavke-mobilne-usluge)$/;

/** Waits until the signed-in customer's own data is in the data step's form (checkout.prefillCustomer), so typing
 *  over it does not race with it. */
async function prefilled(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value === 'kupac@orbita.rs'));
}

/** Next on the data step with the form filled: blocked → the page stays and scrolls to the top. */
async function assertNextBlocked(page: Page): Promise<void> {
  await prefilled(page);
  await fillFirstStep(page);
  const next = page.getByRole('button', { name: 'Nastavi', exact: true });
  await next.scrollIntoViewIfNeeded();
  assert.ok((await page.evaluate(() => window.scrollY)) > 0);
  const url = page.url();
  await next.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await page.waitForTimeout(300);
  assert.equal(page.url(), url, 'Next does not navigate while the cart conflict stands');
}

describe('validation reasons after a catalogue change (development server, /dev/catalog routes)', () => {
  const s = suite('rules-dev', { dev: true });
  const { test, open } = s;

  async function signedIn(): Promise<{ page: Page; problems: string[] }> {
    const r = await open();
    await signIn(r.page, s.url, 'kupac@orbita.rs');
    await emptyCart(r.page);
    return r;
  }

  test('updatedPriceDate: the message, Next blocked; reported once, so checkout start again lets the shopper on', async () => {
    const { page, problems } = await signedIn();
    await addFromDevicePage(page, `${s.url}/uredjaj/SAMSUNG_GALAXY_A56/awesome-graphite`, { oneOff: true });
    await waitStepLeft(page);
    const before = (await serverCart(page)).entries.find((e) => e.product.code === 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE');
    await devCall(page, '/dev/catalog/price', { code: 'SAMSUNG_GALAXY_A56', price: 49999 });
    await toCheckout(page);
    await page.getByText('Cena proizvoda Samsung Galaxy A56 5G 8/256GB je promenjena. Proveri korpu pre nastavka.').waitFor();
    await page.screenshot({ path: `${SHOTS}/rules-dev-updated-price.png` });
    await assertNextBlocked(page);
    const after = (await serverCart(page)).entries.find((e) => e.product.code === 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE');
    assert.ok(before && after);
    assert.notDeepEqual(after, before, 'the entry was repriced');
    // the summary shows the new one-off price, not the one the phone was added at
    const summary = page.locator('.ot-entry').filter({ hasText: 'Samsung Galaxy A56' });
    await summary.getByText(after.totalOneTimePrice!.formattedValue).waitFor();
    assert.notEqual(after.totalOneTimePrice!.formattedValue, before.totalOneTimePrice!.formattedValue);
    assert.equal(await summary.getByText(before.totalOneTimePrice!.formattedValue).count(), 0);
    await page.reload();
    // the signed-in customer's own data comes into the form first (checkout.prefillCustomer), then the test types over it
    await prefilled(page);
    await fillFirstStep(page);
    await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
    await page.waitForURL(AFTER_FIRST);
    assert.deepEqual(problems, []);
  });

  test('noStock at validation: stock ran out after adding → the message naming the product, Next blocked; removing it lets the shopper on', async () => {
    const { page, problems } = await signedIn();
    await addFromDevicePage(page, `${s.url}/uredjaj/SAMSUNG_GALAXY_A56/awesome-olive`);
    await waitStepLeft(page);
    assert.deepEqual(await addAlone(page, 'ACC_TEMPERED_GLASS_STD'), ['success']);
    await devCall(page, '/dev/catalog/stock', { code: 'SAMSUNG_GALAXY_A56_AWESOME_OLIVE', level: 0 });
    try {
      await toCheckout(page);
      await page.getByText('Proizvod Samsung Galaxy A56 5G 8/256GB više nije na stanju. Ukloni ga iz korpe da bi nastavio kupovinu.').waitFor();
      await page.screenshot({ path: `${SHOTS}/rules-dev-no-stock.png` });
      await assertNextBlocked(page);
      // the shopper removes the phone (with its tariff) from the mini cart: the cart is judged again, Next goes on
      await openMiniCart(page);
      await miniCart(page).locator('.ot-minicart__entry').filter({ hasText: 'Samsung Galaxy A56' }).getByRole('button', { name: 'Ukloni' }).click();
      await page.getByRole('dialog', { name: 'Ukloni iz korpe' }).getByRole('button', { name: 'Ukloni', exact: true }).click();
      await page.getByText('Proizvod je uklonjen iz korpe.').waitFor();
      await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
      // only the glass is left: a standalone cart, whose data step comes next
      await page.waitForURL(/\/kupovina\/(pregled-placanje|postavke-mobilne-usluge|podaci-dostava)$/);
    } finally {
      await devCall(page, '/dev/catalog/stock', { code: 'SAMSUNG_GALAXY_A56_AWESOME_OLIVE', level: 9 });
    }
    assert.deepEqual(problems, []);
  });

  test('noStock on add when the stock ran out between page load and click: the no-stock pop-up', async () => {
    const { page, problems } = await signedIn();
    await page.goto(`${s.url}/uredjaj/SAMSUNG_GALAXY_S25/mint`);
    const add = page.getByRole('button', { name: 'Dodaj u korpu' });
    await add.waitFor();
    await devCall(page, '/dev/catalog/stock', { code: 'SAMSUNG_GALAXY_S25_MINT', level: 0 });
    try {
      await add.click();
      const dialog = page.getByRole('dialog', { name: 'Proizvod nije na stanju' });
      await dialog.getByText('Izabrani proizvod trenutno nije na stanju.').waitFor();
      await dialog.getByText(/Izabrana boja je rasprodata/).waitFor();
      assert.equal((await serverCart(page)).entries.length, 0);
    } finally {
      await devCall(page, '/dev/catalog/stock', { code: 'SAMSUNG_GALAXY_S25_MINT', level: 4 });
    }
    assert.deepEqual(problems, []);
  });

  test('forceChangeOneTime: installments no longer offered → switched to one-off with the message; Next goes on', async () => {
    const { page, problems } = await signedIn();
    await addFromDevicePage(page, `${s.url}/uredjaj/SAMSUNG_GALAXY_S25/navy`);
    await waitStepLeft(page);
    assert.equal((await serverCart(page)).entries.find((e) => e.product.code === 'SAMSUNG_GALAXY_S25_NAVY')?.chargeType, 'RECURRING_CHARGE');
    await devCall(page, '/dev/catalog/chargetypes', { code: 'SAMSUNG_GALAXY_S25', installments: false });
    try {
      await toCheckout(page);
      await page.getByText('Način plaćanja je promenjen na jednokratno plaćanje kako bi korpa bila usklađena.').waitFor();
      await page.screenshot({ path: `${SHOTS}/rules-dev-force-one-time.png` });
      assert.equal((await serverCart(page)).entries.find((e) => e.product.code === 'SAMSUNG_GALAXY_S25_NAVY')?.chargeType, 'ONE_TIME_CHARGE');
      await prefilled(page);
      await fillFirstStep(page);
      await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
      await page.waitForURL(AFTER_FIRST);
    } finally {
      await devCall(page, '/dev/catalog/chargetypes', { code: 'SAMSUNG_GALAXY_S25', installments: true });
    }
    assert.deepEqual(problems, []);
  });
});
