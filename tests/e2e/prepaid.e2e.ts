// The prepaid checkouts in Chromium against a development server (its /dev/outbox shows the e-mail codes): from an
// empty cart over the activation instructions and the e-mail verification to the gateway and the success page —
// MOBILE_PREPAID_GUEST (name, e-mail code, prepaid guest terms; the verification places the card order) and
// MOBILE_PREPAID (a signed-in customer verifies the e-mail, then overview and payment), with the step guard.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { field, payWithCard, suite, signInAs } from './shopper';

const s = suite('prepaid', { dev: true });

const signIn = (page: Page, email: string) => signInAs(page, s.url, email);

/** The prepaid package's page → buy → the mini cart → "Nastavi na plaćanje". */
async function packageToCheckout(page: Page, code: string): Promise<void> {
  await page.goto(`${s.url}/Privatni/Tarife/${code}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const added = page.waitForResponse((r) => r.url().includes('/users/carts/entry/add') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Kupi tarifu' }).click();
  assert.equal((await added).status(), 200);
  // a prepaid checkout opens no single-tariff modal (seed 000 §4 success): the mini cart shows the package
  const proceed = page.getByRole('button', { name: 'Nastavi na plaćanje' });
  assert.equal(await page.getByRole('dialog', { name: 'Tarifa je u korpi' }).count(), 0);
  await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
  await page.locator('.ot-minicart__panel').getByText('Orbita Pripejd').first().waitFor();
  await proceed.click();
}

/** The newest code sent to `email`, read from the development page /dev/outbox as a tester would. */
async function codeFromOutbox(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`${s.url}/dev/outbox`);
  await outbox.getByRole('heading', { level: 1, name: 'Poslate poruke (razvoj)' }).waitFor();
  const row = outbox.getByRole('row').filter({ hasText: email }).first();
  const code = (await row.locator('code').first().textContent())!.trim();
  await outbox.close();
  assert.match(code, /^\d{6}$/);
  return code;
}

s.test('a guest buys a prepaid package: instructions, e-mail code from the outbox, terms, card, success', async () => {
  const { page, problems } = await s.open();
  await packageToCheckout(page, 'ORBITA_PREPAID_ESIM');
  await page.getByRole('dialog').getByRole('button', { name: 'Nastavi kao gost' }).click();
  await page.waitForURL(/\/kupovina\/uputstvo-za-aktivaciju$/);
  await page.getByRole('heading', { level: 1, name: 'Uputstvo za aktivaciju pripejd paketa' }).waitFor();
  await page.getByText('Registracija broja u roku od 24 sata').waitFor();
  await page.screenshot({ path: `${SHOTS}/prepaid-instruction-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();

  await page.waitForURL(/\/kupovina\/verifikacija-imejl-adrese$/);
  await page.getByRole('heading', { level: 1, name: 'Verifikacija imejl adrese' }).waitFor();
  // the step as the shopper sees it once loaded: its consents (fetched) are drawn inside the form, below the terms box
  // (one CI run's click on that box did not take, while they arrived in the same frame; not reproduced since)
  await page.getByRole('group', { name: /Saglasnost|Saglasnosti/ }).getByRole('checkbox').first().waitFor();
  const email = 'gost.e2e@example.rs';
  // confirming before any code was sent: the server's message
  await field(page, 'Ime').fill('Jovana');
  await field(page, 'Prezime').fill('Ilić');
  await field(page, 'Imejl adresa').fill(email);
  await field(page, 'Kod iz imejla (6 cifara)').fill('123456');
  await page.getByRole('checkbox', { name: /uslove kupovine pripejd paketa/ }).check();
  await page.getByRole('button', { name: 'Potvrdi i plati karticom' }).click();
  await page.getByRole('alert').filter({ hasText: 'Potrebno je poslati kod.' }).first().waitFor();

  await page.getByRole('button', { name: 'Pošalji kod', exact: true }).click();
  await page.getByText(`Kod je poslat na ${email}.`).waitFor();
  await page.getByRole('timer').filter({ hasText: /Kod važi još [45]:\d\d/ }).waitFor();
  await page.getByRole('button', { name: 'Pošalji kod ponovo' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/prepaid-verification-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/prepaid-verification-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // a wrong code is refused; the right one (from /dev/outbox) places the order with the consents given
  const code = await codeFromOutbox(page, email);
  await field(page, 'Kod iz imejla (6 cifara)').fill(code === '999999' ? '999998' : '999999');
  await page.getByRole('button', { name: 'Potvrdi i plati karticom' }).click();
  await page.getByRole('alert').filter({ hasText: 'Kod nije ispravan.' }).first().waitFor();
  await field(page, 'Kod iz imejla (6 cifara)').fill(code);
  for (const box of await page.getByRole('group', { name: /Saglasnost|Saglasnosti/ }).getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await page.getByRole('button', { name: 'Potvrdi i plati karticom' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });

  // the purchase e-mail with the number and the 24-hour registration code is in the outbox
  const outbox = await page.context().newPage();
  await outbox.goto(`${s.url}/dev/outbox`);
  await outbox.getByRole('row').filter({ hasText: 'tvoj pripejd broj' }).filter({ hasText: email }).first().waitFor();
  await outbox.screenshot({ path: `${SHOTS}/dev-outbox-1280.png`, fullPage: true });
  await outbox.close();
  // exactly the two refusals provoked above (no code sent yet, a wrong code)
  assert.deepEqual(problems, Array(2).fill('HTTP 400 POST /hybris/ecommerce/b2c/v1/checkout/esim'));
});

s.test('a signed-in customer buys a prepaid package: the step guard, e-mail verification, overview, card, success', async () => {
  const { page, problems } = await s.open();
  await signIn(page, 'kupac@orbita.rs');
  await packageToCheckout(page, 'ORBITA_PREPAID_NET');
  await page.waitForURL(/\/kupovina\/uputstvo-za-aktivaciju$/);
  await page.getByText('Prijavljen si: broj se vezuje za tvoj nalog', { exact: false }).waitFor();
  // the step guard: the overview before the e-mail is verified leads back to the verification
  await page.goto(`${s.url}/kupovina/pregled-placanje`);
  await page.waitForURL(/\/kupovina\/verifikacija-imejl-adrese$/);
  // the customer's e-mail is filled in; no name fields and no guest terms
  const address = field(page, 'Imejl adresa');
  await page.waitForFunction(() => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value === 'kupac@orbita.rs');
  assert.equal(await page.getByRole('textbox', { name: 'Ime', exact: true }).count(), 0);
  await address.fill('marko.esim@example.rs');
  await page.getByRole('button', { name: 'Pošalji kod', exact: true }).click();
  await page.getByRole('timer').filter({ hasText: /Kod važi još/ }).waitFor();
  await field(page, 'Kod iz imejla (6 cifara)').fill(await codeFromOutbox(page, 'marko.esim@example.rs'));
  await page.getByRole('button', { name: 'Potvrdi i nastavi' }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('checkbox').first().waitFor();
  for (const box of await page.getByRole('checkbox').all()) if (!(await box.isChecked())) await box.check();
  await page.getByRole('button', { name: 'Poruči' }).click();
  await page.waitForURL(/\/gateway\/pay\//);
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  assert.deepEqual(problems, []);
});
