// The home checkout (HOME_FIXED, docs/SCHEMAS.md rules/checkout-types.json): a signed-in customer puts a home package in
// the cart and sets it up in CONNECT_HOME_DATA — an uncovered address shows the clear message and blocks Next, a covered
// address with a new number lets the customer on through delivery and payment; a fixed number is ported in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, SHOTS } from './lib';
import { field, fillPersonalData, payWithCard, suite, signInAs, throughSuggested } from './shopper';

const s = suite('home-checkout');

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
/** WCAG 2.1 A/AA violations of serious or critical impact on the page as it is now (the a11y suite's bar). */
async function axeSerious(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const signIn = (page: Page, email: string) => signInAs(page, s.url, email);

/** The package page → the cart → the first checkout step (package setup). */
async function packageIntoCheckout(page: Page, code: string): Promise<void> {
  await page.goto(`${s.url}/Privatni/Kucni-paketi/paket/${code}`);
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.locator('.ot-minicart__badge', { hasText: '1' }).waitFor();
  await page.getByRole('button', { name: /^Korpa, broj stavki/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nastavi na plaćanje' }).click();
  await page.waitForURL(/\/kupovina\/podesavanje-paketa$/);
  await page.getByRole('heading', { level: 1, name: 'Podešavanje paketa' }).waitFor();
}

/** Picks an address in the address system picker of the step. */
async function pickAddress(page: Page, parts: { municipality: string; locality: string; street: string; number: string; entrance?: string; flat?: string }): Promise<void> {
  await page.getByLabel('Opština').selectOption({ label: parts.municipality });
  await page.getByLabel('Mesto').locator(`option:text-is("${parts.locality}")`).waitFor({ state: 'attached' });
  await page.getByLabel('Mesto').selectOption({ label: parts.locality });
  await page.getByLabel('Ulica').locator(`option:text-is("${parts.street}")`).waitFor({ state: 'attached' });
  await page.getByLabel('Ulica').selectOption({ label: parts.street });
  await page.getByLabel('Kućni broj').locator(`option:text-is("${parts.number}")`).waitFor({ state: 'attached' });
  await page.getByLabel('Kućni broj').selectOption({ label: parts.number });
  if (parts.entrance) await page.getByLabel('Ulaz').selectOption({ label: parts.entrance });
  if (parts.flat) await page.getByLabel('Broj stana').fill(parts.flat);
  await page.getByRole('button', { name: 'Proveri adresu' }).click();
}

/** Picks the installation bill's other address in its own picker (the bill choice of the step). */
async function pickBillAddress(page: Page, parts: { municipality: string; locality: string; street: string; number: string; flat?: string }): Promise<void> {
  const bill = page.locator('.ot-bill');
  await bill.getByLabel('Opština', { exact: true }).selectOption({ label: parts.municipality });
  await bill.getByLabel('Mesto', { exact: true }).locator(`option:text-is("${parts.locality}")`).waitFor({ state: 'attached' });
  await bill.getByLabel('Mesto', { exact: true }).selectOption({ label: parts.locality });
  await bill.getByLabel('Ulica', { exact: true }).locator(`option:text-is("${parts.street}")`).waitFor({ state: 'attached' });
  await bill.getByLabel('Ulica', { exact: true }).selectOption({ label: parts.street });
  await bill.getByLabel('Kućni broj', { exact: true }).locator(`option:text-is("${parts.number}")`).waitFor({ state: 'attached' });
  await bill.getByLabel('Kućni broj', { exact: true }).selectOption({ label: parts.number });
  if (parts.flat) await bill.getByLabel('Broj stana', { exact: true }).fill(parts.flat);
}

s.test('an uncovered address blocks Next with the clear message; on a covered address the customer picks a free and a paid TV add-on and a box, and pays', async () => {
  const { page, problems } = await s.open();
  await signIn(page, 'staff@orbita.rs');
  await packageIntoCheckout(page, 'BOX_NET_TV_L');
  // the step guard: the data step before the setup leads back here
  await page.goto(`${s.url}/kupovina/podaci-dostava`);
  await page.waitForURL(/\/kupovina\/podesavanje-paketa$/);

  await page.getByRole('radio', { name: /Na adresi, sa novim brojem/ }).check();
  // Jelena's own address is offered; she installs at another one
  await page.getByRole('radio', { name: 'Obrenovićeva 52, stan 4, 18000 Niš' }).waitFor();
  await page.getByRole('radio', { name: 'Druga adresa' }).check();
  await pickAddress(page, { municipality: 'Beograd-Vračar', locality: 'Beograd', street: 'Bulevar kralja Aleksandra', number: '77', flat: '3' });
  await page.getByRole('status').filter({ hasText: 'optička mreža (GPON) još nije dostupna' }).waitFor();
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Provera fiksne linije ili adrese mora biti završena i ispravna.' }).waitFor();
  assert.match(new URL(page.url()).pathname, /\/kupovina\/podesavanje-paketa$/);
  assert.deepEqual(await axeSerious(page), [], 'the home-line step (uncovered address) has no serious axe violation');
  await page.screenshot({ path: `${SHOTS}/home-line-uncovered-1280.png`, fullPage: true });

  await pickAddress(page, { municipality: 'Beograd-Vračar', locality: 'Beograd', street: 'Krunska', number: '40', entrance: 'B', flat: '7' });
  await page.getByRole('status').filter({ hasText: 'je pokrivena' }).waitFor();
  await page.getByRole('radio', { name: /Dodelite mi novi broj/ }).click();
  await page.getByText('Paket uvodimo na adresi Krunska 40/B, stan 7, 11000 Beograd, sa novim brojem.').waitFor();

  // the installation bill: to another address of the address system, then as an e-bill (a bad e-mail is refused)
  const bills = page.getByRole('group', { name: 'Kuda šaljemo račun za instalaciju?' });
  assert.equal(await bills.getByRole('radio', { name: /Na adresu instalacije/ }).isChecked(), true, 'the installation address is the first, shown option');
  await bills.getByRole('radio', { name: /Na drugu adresu/ }).check();
  await page.getByRole('button', { name: 'Sačuvaj izbor računa' }).click();
  await page.locator('.ot-bill').getByRole('alert').filter({ hasText: 'Izaberi adresu na koju šaljemo račun za instalaciju.' }).waitFor();
  // Next with an unsaved bill choice says so and stays
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.locator('.ot-bill').getByRole('alert').filter({ hasText: 'Sačuvaj izbor računa za instalaciju' }).waitFor();
  assert.match(new URL(page.url()).pathname, /\/kupovina\/podesavanje-paketa$/);
  await pickBillAddress(page, { municipality: 'Novi Sad', locality: 'Novi Sad', street: 'Bulevar oslobođenja', number: '100', flat: '5' });
  await page.getByRole('button', { name: 'Sačuvaj izbor računa' }).click();
  await page.getByText('Račun za instalaciju šaljemo na adresu Bulevar oslobođenja 100, stan 5, 21000 Novi Sad.').waitFor();
  await bills.getByRole('radio', { name: /Elektronski račun/ }).check();
  await page.getByLabel('Imejl adresa za e-račun').fill('jelena@');
  await page.getByRole('button', { name: 'Sačuvaj izbor računa' }).click();
  await page.locator('.ot-bill').getByRole('alert').filter({ hasText: 'Unesi ispravnu imejl adresu za e-račun.' }).waitFor();
  await page.getByLabel('Imejl adresa za e-račun').fill('jelena.racuni@example.rs');
  await page.getByRole('button', { name: 'Sačuvaj izbor računa' }).click();
  await page.getByText('Račun za instalaciju šaljemo kao e-račun na jelena.racuni@example.rs.').waitFor();
  await page.screenshot({ path: `${SHOTS}/home-line-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/home-line-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  // a home package is a contract: the personal data and ID document (issue 27), prefilled from the account
  await page.waitForURL(/\/kupovina\/licni-podaci$/);
  await fillPersonalData(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/tv-dodaci$/);
  await page.getByRole('heading', { level: 1, name: 'TV dodaci' }).waitFor();
  // the package gives one free add-on of two: once it is chosen, the other free one cannot be ticked
  await page.getByText('Izabrano besplatnih dodataka: 0 od 1.').waitFor();
  const free = page.getByRole('group', { name: 'Besplatni TV dodaci' });
  await free.getByRole('checkbox', { name: /Dečiji paket/ }).click();
  await page.getByText('Izabrao si sve besplatne dodatke (1 od 1).').waitFor();
  assert.equal(await free.getByRole('checkbox', { name: /Filmski paket/ }).isDisabled(), true);
  const paid = page.getByRole('group', { name: 'TV dodaci' });
  await paid.getByRole('checkbox', { name: /Arena Sport paket/ }).click();
  await paid.getByRole('checkbox', { name: /Arena Sport paket/, checked: true }).waitFor();
  await page.getByRole('group', { name: 'Set-top boks uređaji' }).getByRole('checkbox', { name: /Iris 4K/ }).click();
  await page.getByRole('group', { name: 'Set-top boks uređaji' }).getByRole('checkbox', { name: /Iris 4K/, checked: true }).waitFor();
  await page.getByText('4.990,00 RSD').last().waitFor();
  await page.screenshot({ path: `${SHOTS}/tv-addons-1280.png`, fullPage: true });
  assert.deepEqual(await axeSerious(page), [], 'the TV add-ons step has no serious axe violation');
  await page.setViewportSize({ width: 375, height: 800 });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scrolling at 375 px');
  await page.screenshot({ path: `${SHOTS}/tv-addons-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  // the extra-benefits step offers cross-selling with the package (optional)
  await throughSuggested(page);
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  // delivery: the installation address is offered first and chosen already; it shows the address of the package setup
  const installation = page.getByRole('radio', { name: 'Dostava na adresu instalacije' });
  await installation.waitFor();
  assert.equal(await installation.isChecked(), true, 'the installation address is the preselected delivery option');
  await page.getByText('Krunska 40/B, stan 7, 11000 Beograd').waitFor();
  assert.equal(await field(page, 'Ime').count(), 0, 'a signed-in home checkout does not show the guest data form');
  assert.deepEqual(await axeSerious(page), [], 'the delivery step (installation address) has no serious axe violation');
  await page.screenshot({ path: `${SHOTS}/home-delivery-installation-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/home-delivery-installation-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('radio', { name: 'Preuzimanje u prodajnom mestu' }).check();
  await installation.check(); // one click back to it
  await page.getByText('Krunska 40/B, stan 7, 11000 Beograd').waitFor();
  if ((await field(page, 'Telefon za kurira').inputValue()) === '') await field(page, 'Telefon za kurira').fill('651234567');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('checkbox').first().waitFor();
  // the overview shows the delivery to the installation address
  await page.getByText(/Krunska 40, ulaz B, stan 7, 11000 Beograd/).first().waitFor();
  // and who the order is for: the personal-data step's name and e-mail, the courier's phone
  await page.locator('.ot-overview__dl').getByText('Jelena Jovanović').waitFor();
  await page.locator('.ot-overview__dl').getByText('staff@orbita.rs').waitFor();
  // and where the installation bill goes (read from the cart's setup: also after a reload)
  await page.reload();
  await page.getByText('Račun za instalaciju šaljemo kao e-račun na jelena.racuni@example.rs.').waitFor();
  await page.getByRole('checkbox').first().waitFor();
  assert.deepEqual(await axeSerious(page), [], 'the overview with the installation bill has no serious axe violation');
  await page.screenshot({ path: `${SHOTS}/home-overview-bill-1280.png`, fullPage: true });
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  // the order shows the installation and its bill
  await page.getByText('Adresa instalacije: Krunska 40/B, stan 7, 11000 Beograd').waitFor();
  await page.getByText('Račun za instalaciju šaljemo kao e-račun na jelena.racuni@example.rs.').waitFor();
  await page.screenshot({ path: `${SHOTS}/home-order-success-1280.png`, fullPage: true });
  assert.deepEqual(problems, []);
});

s.test('a fixed number from another operator is ported in to the installation address', async () => {
  const { page, problems } = await s.open();
  await signIn(page, 'kupac@orbita.rs');
  await packageIntoCheckout(page, 'BOX_START');
  await page.getByRole('radio', { name: /Prenos fiksnog broja/ }).check();
  await pickAddress(page, { municipality: 'Novi Sad', locality: 'Novi Sad', street: 'Bulevar oslobođenja', number: '100', flat: '5' });
  await page.getByRole('status').filter({ hasText: 'je pokrivena' }).waitFor();
  // a number of another area is refused
  await page.getByLabel('Fiksni broj').fill('011 222 3333');
  await page.getByLabel('Sadašnji operater').selectOption('SBB');
  await page.getByRole('button', { name: 'Proveri prenos' }).click();
  await page.getByRole('status').filter({ hasText: 'samo u okviru svoje mrežne grupe' }).waitFor();
  await page.getByLabel('Fiksni broj').fill('021 555 666');
  await page.getByLabel('Sadašnji operater').selectOption('Orion');
  await page.getByRole('button', { name: 'Proveri prenos' }).click();
  await page.getByText('broj 021 555 666 prenosimo od operatera Orion').waitFor();
  await page.screenshot({ path: `${SHOTS}/home-line-portin-1280.png`, fullPage: true });
  assert.deepEqual(await axeSerious(page), [], 'the home-line step (port-in) has no serious axe violation');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/licni-podaci$/);
  await fillPersonalData(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/tv-dodaci$/);
  assert.deepEqual(problems, []);
});
