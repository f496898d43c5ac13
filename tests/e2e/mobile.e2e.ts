// MOBILE checkout (a signed-in customer buying a postpaid tariff, docs/SCHEMAS.md rules/checkout-types.json): from an
// empty cart through the number step (a nice number held for the cart), the data and delivery step and the overview to
// the card gateway and the success page; the step guard keeps the data step closed until a number is chosen.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { cards, fillPersonalData, PLP, payWithCard, suite, throughDeviceSteps, signInAs } from './shopper';

const s = suite('mobile');

const signIn = (page: Page, email: string) => signInAs(page, s.url, email);

s.test('a signed-in customer picks a nice number, gets the phone delivered and pays by card', async () => {
  const { page, problems } = await s.open();
  await signIn(page, 'kupac@orbita.rs');
  await page.goto(`${s.url}${PLP}`);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  await page.getByText('Jednokratno', { exact: true }).click();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await throughDeviceSteps(page);
  await page.getByRole('button', { name: 'Idi na plaćanje' }).click();
  // MOBILE starts with the personal data (prefilled from the account; the ID document is typed)
  await page.waitForURL(/\/kupovina\/licni-podaci$/);
  await fillPersonalData(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/postavke-mobilne-usluge$/);
  await page.getByRole('heading', { level: 1, name: 'Postavke mobilne usluge' }).waitFor();

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
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  // delivery to the customer's saved (default) address; the courier's phone comes from the account
  await page.getByRole('radio', { name: /Bulevar kralja Aleksandra 73/ }).waitFor();
  assert.equal(await page.getByRole('radio', { name: /Bulevar kralja Aleksandra 73/ }).isChecked(), true);
  await page.waitForFunction(() => (document.querySelector('[data-form="delivery-contact"] input') as HTMLInputElement | null)?.value === '641234567');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('checkbox').first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  assert.deepEqual(problems, []);
});
