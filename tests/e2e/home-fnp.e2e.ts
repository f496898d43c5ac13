// The FNP (fixed number transfer) form in Chromium against a development server, whose /dev/outbox shows the SMS
// code sent to the number being transferred (issue 24: a transfer request needs proof of the number): refused
// without consent, then sent with the code and acknowledged. Screenshots at 1280/375.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { suite } from './shopper';

const shop = suite('home-fnp', { dev: true });
const { test } = shop;

/** The newest code sent to `recipient`, read from the development page /dev/outbox as a tester would. */
async function codeFromOutbox(page: Page, recipient: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`${shop.url}/dev/outbox`);
  await outbox.getByRole('heading', { level: 1, name: 'Poslate poruke (razvoj)' }).waitFor();
  const row = outbox.getByRole('row').filter({ hasText: recipient }).first();
  await row.waitFor();
  const code = (await row.locator('code').first().textContent())!.trim();
  await outbox.close();
  assert.match(code, /^\d{6}$/);
  return code;
}

test('FNP form: refused without consent, then sent and acknowledged', async () => {
  const { page } = await shop.open({ width: 1280 });
  await page.goto(shop.url + '/Privatni/Fiksna/Prenos-broja');
  const f = (name: string) => page.getByRole('textbox', { name, exact: true });
  await f('Ime').waitFor();
  await f('Ime').fill('Milica');
  await f('Prezime').fill('Jovanović');
  await f('JMBG').fill('0101990710008');
  await page.getByRole('combobox', { name: 'Mrežna grupa' }).selectOption('011');
  await f('Broj telefona').fill('3456789');
  await page.getByRole('combobox', { name: 'Trenutni operator' }).selectOption('SBB');
  const inst = (field: string) => page.locator(`#f-fnp_installationAddress_${field}`);
  await inst('town').fill('Beograd');
  await inst('postalCode').fill('11000');
  await inst('street').fill('Njegoševa');
  await inst('streetNumber').fill('12');
  await f('Kontakt telefon').fill('641234567');
  await f('Kontakt imejl').fill('milica@example.rs');
  await page.getByRole('checkbox', { name: 'Račun šaljite na adresu instalacije' }).check();
  await page.getByRole('checkbox', { name: 'Prihvatam opšte uslove prenosa broja' }).check();
  // proof of the number (issue 24): the code goes to the fixed number, a tester reads it from /dev/outbox
  await page.getByRole('button', { name: 'Pošalji kod na broj' }).click();
  // sent (the button offers a new code): only then is it in the outbox, whose page is drawn once, not refreshed
  await page.getByRole('button', { name: 'Pošalji novi kod' }).waitFor();
  await f('Kod poslat na broj').fill(await codeFromOutbox(page, '0113456789'));
  await page.getByRole('button', { name: 'Pošalji zahtev' }).click();
  await page.getByText(/Tvoja saglasnost sa navedenim dokument(om|ima) je obavezna./).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/home-fnp-errors-1280.png`, fullPage: true });
  await page.getByRole('checkbox', { name: /Saglasan\/na sam/ }).check();
  await page.getByRole('button', { name: 'Pošalji zahtev' }).click();
  await page.getByText('Hvala, zahtev je primljen').waitFor();
  await page.getByText(/Zahtev za prenos broja je primljen \(broj zahteva FNP-[0-9A-F]{8}\)/).waitFor();
  await page.screenshot({ path: `${SHOTS}/home-fnp-done-1280.png` });
  const small = await shop.open({ width: 375 });
  await small.page.goto(shop.url + '/Privatni/Fiksna/Prenos-broja');
  await small.page.getByRole('textbox', { name: 'Ime', exact: true }).waitFor();
  await small.page.screenshot({ path: `${SHOTS}/home-fnp-375.png` });
});
