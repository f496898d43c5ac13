// MOBILE checkout (a signed-in customer buying a postpaid tariff, docs/SCHEMAS.md rules/checkout-types.json): from an
// empty cart through the number step (a nice number held for the cart), the data and delivery step and the overview to
// the card gateway and the success page; the step guard keeps the data step closed until a number is chosen.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { axeViolations } from './axe';
import { payWithCard, phoneIntoMobileCheckout, suite, signInAs } from './shopper';

const s = suite('mobile');

const signIn = (page: Page, email: string) => signInAs(page, s.url, email);

s.test('a signed-in customer picks a nice number, gets the phone delivered and pays by card', async () => {
  const { page, problems } = await s.open();
  await signIn(page, 'kupac@orbita.rs');
  // MOBILE starts with the personal data (prefilled from the account; the ID document is typed), then the number
  await phoneIntoMobileCheckout(page, s.url);

  // the step guard: the data step's address before a number is chosen leads back here
  await page.goto(`${s.url}/kupovina/podaci-dostava`);
  await page.waitForURL(/\/kupovina\/postavke-mobilne-usluge$/);
  // Next without a number says so
  await page.getByRole('radio', { name: /Izaberi novi broj/ }).check();
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Potrebno je izabrati broj telefona.' }).waitFor();

  await page.getByRole('tab', { name: 'Lepi brojevi' }).click();
  await page.getByRole('button', { name: /064 777 7777/ }).click();
  await page.getByText(/Broj 064 777 7777 je rezervisan za tvoju korpu do/).waitFor();
  await page.screenshot({ path: `${SHOTS}/mobile-number-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/mobile-number-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  // SUGGESTED_PRODUCTS: the tariff's digital services and add-ons, and accessories sold with it
  await page.waitForURL(/\/kupovina\/dodatne-pogodnosti$/);
  await page.getByRole('heading', { level: 1, name: 'Dodatne pogodnosti' }).waitFor();
  await page.getByText('Besplatni servisi uz tarifu: izabrano 0 od 1.').waitFor();
  // the preselected services are in the cart already; the one included with the tariff cannot be removed
  await page.getByRole('button', { name: 'Ukloni Orbita Cloud 15 GB' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Ukloni Orbita Bezbedan net' }).count(), 0);
  await page.getByRole('button', { name: 'Dodaj Orbita Play+' }).click();
  await page.getByText('Iskoristio si sve besplatne servise uz tarifu (1 od 1).').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Dodaj Orbita Muzika' }).isDisabled(), true, 'no second free service over the limit');
  // a cross-sell accessory: two cables at most
  await page.getByRole('button', { name: 'Dodaj USB-C na USB-C kabl 1 m' }).click();
  await page.getByRole('button', { name: 'Dodaj još jedan: USB-C na USB-C kabl 1 m' }).click();
  await page.getByText('Količina: 2 (najviše 2)').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Dodaj još jedan: USB-C na USB-C kabl 1 m' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Ukloni jedan: USB-C na USB-C kabl 1 m' }).click();
  await page.getByText('Količina: 1 (najviše 2)').waitFor();
  await page.screenshot({ path: `${SHOTS}/suggested-1280.png`, fullPage: true });
  assert.deepEqual(await axeViolations(page), [], 'the extra-benefits step has no axe violation at 1280 px');
  await page.setViewportSize({ width: 375, height: 800 });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scrolling at 375 px');
  assert.deepEqual(await axeViolations(page), [], 'the extra-benefits step has no axe violation at 375 px');
  await page.screenshot({ path: `${SHOTS}/suggested-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  // delivery to the customer's saved (default) address; the courier's phone comes from the account
  await page.getByRole('radio', { name: /Bulevar kralja Aleksandra 73/ }).waitFor();
  assert.equal(await page.getByRole('radio', { name: /Bulevar kralja Aleksandra 73/ }).isChecked(), true);
  await page.waitForFunction(() => (document.querySelector('[data-form="delivery-contact"] input') as HTMLInputElement | null)?.value === '641234567');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('checkbox').first().waitFor();
  // the overview lists what was chosen on the extra-benefits step
  const main = page.locator('main');
  for (const name of ['Orbita Play+', 'USB-C na USB-C kabl 1 m', 'Orbita Bezbedan net']) await main.getByText(name).first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  assert.deepEqual(problems, []);
});
