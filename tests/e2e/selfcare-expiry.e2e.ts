// The sixth bill outcome, "session expired" (seed 001 §4), reproduced with a bill-session lifetime of 0
// (BILL_SESSION_TTL_MS=0): the bill is found, the payment is refused with its message and the search comes back.
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { suite } from './shopper';

const s = suite('selfcare-expiry', { env: { BILL_SESSION_TTL_MS: '0' } });
const { test, open } = s;

async function check(page: Page, label: string) { await page.getByLabel(label).check(); }

test('an expired bill session: "Sesija je istekla" and the search form again', async () => {
  const { page } = await open();
  await page.goto(`${s.url}/placanje-racuna`);
  await page.getByLabel('Broj korisnika').fill('1000001');
  await page.getByLabel('Poziv na broj').fill('202610000012');
  await page.getByRole('button', { name: 'Pronađi račun' }).click();
  await page.getByRole('heading', { name: 'Pronađeni račun' }).waitFor();
  await check(page, 'Prihvatam Opšte uslove korišćenja');
  await check(page, 'Prihvatam Politiku privatnosti');
  await check(page, 'Upoznat/a sam sa Obaveštenjem o obradi podataka o ličnosti');
  await page.getByRole('button', { name: 'Plati račun karticom' }).click();
  await page.getByText('Sesija je istekla. Pronađi račun ponovo i nastavi sa plaćanjem.').waitFor();
  await page.getByRole('button', { name: 'Pronađi račun' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/selfcare-bill-expired-1280.png`, fullPage: true });
});
