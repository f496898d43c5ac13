// The shopper path of issue 2, in Chromium against the real production server on a fresh
// embedded database: home → phone list → device page → cart → guest checkout → payment gateway
// → order result, plus the decline and card-limit paths, English and the mini cart.
import assert from 'node:assert/strict';
import { SHOTS } from './lib';
import { PLP, cards, field, live, fillGuestForm, payWithCard, phoneIntoGuestCheckout, suite, throughCheckoutToGateway, throughDeviceSteps, waitForCount } from './shopper';

const shop = suite('shop');
const { test } = shop;
const open = (opts?: { width?: number; height?: number }) => shop.open(opts);
const path = (page: { url(): string }) => new URL(page.url()).pathname;

test('guest buys a phone with a tariff and pays with an approved card @phone', async () => {
  const { page, problems } = await open();
  await page.goto(`${shop.url}/Pregled-b2c`);
  // on a phone (the `phone` project, 375 px) the main navigation is behind the menu toggle. The page is live first:
  // under load the menu was once seen closed after this step (2026-11-29, 1 run of 3; the toggle not yet visible, or
  // a tap made while the page hydrated that was lost — not found out yet)
  await live(page);
  const menu = page.getByRole('button', { name: 'Meni' });
  const phones = page.getByRole('navigation').getByRole('link', { name: 'Telefoni' }).first();
  await menu.or(phones).first().waitFor();
  if (await menu.isVisible()) await menu.click();
  await phones.click();
  await page.waitForURL(new RegExp(`${PLP}$`));
  await waitForCount(cards(page), 20, 'phones on the first page');
  await page.screenshot({ path: `${SHOTS}/plp.png` });

  // Paging: page numbers in the address start at 1 (the /page/{n} form); page 2 holds the rest.
  await page.getByRole('navigation', { name: 'Stranice' }).getByRole('link', { name: 'Stranica 2' }).click();
  await page.waitForURL(new RegExp(`${PLP}/page/2$`));
  await waitForCount(cards(page), 4, 'phones on the second page');
  await page.goBack();
  await page.waitForURL(new RegExp(`${PLP}$`));
  await waitForCount(cards(page), 20, 'phones back on the first page');

  // Device page: colour is the 3rd path segment, the chosen tariff the 4th; history was replaced on init.
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  const [, , productCode, colorCode] = path(page).split('/');
  assert.ok(productCode && colorCode);
  await page.goBack();
  await page.waitForURL(new RegExp(`${PLP}$`));
  await page.goForward();
  await page.waitForURL(/\/uredjaj\//);
  // Installments are the default payment type when available.
  assert.equal(await page.getByRole('radio', { name: /Na rate/ }).isChecked(), true, 'installments preselected');

  // Changing the colour pushes a history entry with the new colour segment.
  const colours = page.getByRole('radiogroup', { name: /Boja/ }).getByRole('radio');
  if ((await colours.count()) > 1) {
    const before = path(page);
    const other = colours.nth(1);
    if (await other.isEnabled()) {
      await other.click();
      await page.waitForURL((u) => u.pathname !== before);
      assert.notEqual(path(page).split('/')[3], colorCode);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === before);
    }
  }
  await page.screenshot({ path: `${SHOTS}/pdp.png` });

  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await throughDeviceSteps(page);
  const toCheckout = page.getByRole('button', { name: 'Idi na plaćanje' });

  // Header mini cart: a badge with the count and continue-to-checkout.
  const cartButton = page.getByRole('button', { name: /Korpa, broj stavki/ });
  await cartButton.waitFor();
  assert.match((await cartButton.getAttribute('aria-label')) ?? '', /[1-9]/);

  await toCheckout.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nastavi kao gost' }).click();
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  // A guest pays by card, in full (seed 001 §6): checkout start switches the installments to one-off and says so.
  await page.getByText(/Kao gost možeš da platiš samo karticom, u celosti/).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/checkout-guest-pays-in-full.png` });

  // Validated on submit: errors shown, the summary of the several errors focused, nothing posted.
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.getByText('Ovo polje je obavezno.').first().waitFor();
  await page.waitForFunction(() => document.activeElement?.classList.contains('sf-summary') === true);
  assert.match(page.url(), /podaci-dostava$/);
  // Contact phone of seed 000 §5: 6 digits are too few.
  await field(page, 'Kontakt telefon').fill('123456');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  assert.match(page.url(), /podaci-dostava$/);
  await page.screenshot({ path: `${SHOTS}/checkout-data-errors.png`, fullPage: true });

  await fillGuestForm(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);

  // Required consents must be confirmed; non-required start unchecked.
  await page.getByRole('checkbox').first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) assert.equal(await box.isChecked(), false, 'consents start unchecked');
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.getByText(/Tvoja saglasnost sa navedenim dokument/).first().waitFor();
  assert.match(page.url(), /pregled-placanje$/);
  await page.screenshot({ path: `${SHOTS}/checkout-overview.png`, fullPage: true });
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Poruči' }).click();

  // The hosted gateway page of the simulator.
  await page.waitForURL(/\/gateway\/pay\//);
  await page.screenshot({ path: `${SHOTS}/gateway.png` });
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/rezultat-placanja/);
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  const orderCode = new URL(page.url()).searchParams.get('orderCode');
  assert.ok(orderCode, 'the success page names the order');
  await page.getByText(orderCode!).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/order-success.png`, fullPage: true });

  // The cart is empty after the order.
  await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
  await page.getByText('Tvoja korpa je prazna.').waitFor();
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
});

test('a declined card lands on the unsuccessful-order page; "Pokušaj ponovo" pays the same order with the same cart', async () => {
  const { page, problems } = await open();
  const phone = await phoneIntoGuestCheckout(page, shop.url, { oneOff: true });
  assert.ok(phone, 'the phone page names the phone');
  await throughCheckoutToGateway(page);
  await payWithCard(page, '4000 0000 0000 0002');
  await page.waitForURL(/\/kupovina\/neuspesna-porudzbina/, { timeout: 15_000 });
  const orderCode = new URL(page.url()).searchParams.get('orderCode');
  assert.ok(orderCode);
  await page.screenshot({ path: `${SHOTS}/order-failure.png`, fullPage: true });

  // a double click: the server reopens the cart once
  await page.getByRole('button', { name: 'Pokušaj ponovo' }).dblclick();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  // the same cart and data: entries and a total that is not zero, the consents as given, the customer's data
  await page.getByRole('checkbox').first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) assert.equal(await box.isChecked(), true, 'consents as given for the order');
  const main = page.locator('main');
  await main.getByText(/Jelena/).first().waitFor();
  await main.getByText(phone).first().waitFor();
  assert.doesNotMatch((await main.textContent()) ?? '', /Ukupno[^0-9]*0,00 RSD/, 'the overview has the order\'s total');
  await page.getByRole('button', { name: 'Poruči' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/checkout-overview-after-retry.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/checkout-overview-after-retry-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  assert.match(await page.locator('body').textContent() ?? '', new RegExp(orderCode!), 'the same order is paid');
  // left without paying (browser Back): the overview shows the cart again and re-uses the open session
  const session = page.url();
  await page.goBack();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('checkbox').first().waitFor();
  await main.getByText(phone).first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  assert.equal(page.url(), session, 'the open gateway session is re-used');
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  assert.equal(new URL(page.url()).searchParams.get('orderCode'), orderCode);
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
});

test('a card over its limit shows the card-limit message', async () => {
  const { page } = await open();
  await phoneIntoGuestCheckout(page, shop.url, { oneOff: true });
  await throughCheckoutToGateway(page);
  await payWithCard(page, '4000 0000 0000 9995');
  await page.waitForURL(/\/kupovina\/rezultat-placanja/);
  await page.getByText(/limit/i).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(2000);
  assert.match(page.url(), /rezultat-placanja/, 'stays on the result page');
});

test('English when the URL has lang=en, kept by the b2c_enFlow cookie', async () => {
  const { page } = await open();
  await page.goto(`${shop.url}${PLP}?lang=en`);
  await cards(page).first().waitFor();
  await page.getByText('View details').first().waitFor();
  // the page was drawn in English by the server; the browser keeps the choice in the cookie once it is live
  await live(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'b2c_enFlow');
  assert.equal(cookie?.value, 'true');
  assert.ok(cookie!.expires > Date.now() / 1000 + 25 * 60 && cookie!.expires < Date.now() / 1000 + 31 * 60, 'lasts 30 minutes');
  await page.goto(`${shop.url}/`);
  await page.getByRole('navigation').getByRole('link', { name: 'Phones' }).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/home-en.png` });
});

test('the empty mini cart links to the device list and closes on an outside click', async () => {
  const { page } = await open({ width: 375, height: 800 });
  await page.goto(`${shop.url}/`);
  await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
  await page.getByText('Tvoja korpa je prazna.').waitFor();
  await page.screenshot({ path: `${SHOTS}/minicart-empty-375.png` });
  await page.mouse.click(10, 600);
  await page.getByText('Tvoja korpa je prazna.').waitFor({ state: 'hidden' });
});
