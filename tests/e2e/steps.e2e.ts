// The step guard (docs/SCHEMAS.md "A checkout flow", doneWhen): opening a later step's address before the earlier
// steps are done leads back to the first unfinished step; once it is done, the later step opens.
import assert from 'node:assert/strict';
import { field, fillGuestForm, phoneIntoGuestCheckout, suite } from './shopper';
import { SHOTS } from './lib';

const s = suite('steps');

s.test('the overview address before the data step is done leads back to the data step', async () => {
  const { page, problems } = await s.open();
  await phoneIntoGuestCheckout(page, s.url, { oneOff: true });
  // typed into the address bar: the guard answers with the data step
  await page.goto(`${s.url}/kupovina/pregled-placanje`);
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.screenshot({ path: `${SHOTS}/steps-guard-back-to-data.png` });
  // done: the data is on the cart, the overview opens and stays
  await fillGuestForm(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.goto(`${s.url}/kupovina/pregled-placanje`);
  await page.getByRole('button', { name: 'Poruči' }).waitFor();
  assert.match(new URL(page.url()).pathname, /\/kupovina\/pregled-placanje$/);
  assert.deepEqual(problems, []);
});

s.test('"Izmeni" on the overview resets the checkout from the data step and keeps what was typed', async () => {
  const { page, problems } = await s.open();
  await phoneIntoGuestCheckout(page, s.url, { oneOff: true });
  await fillGuestForm(page);
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByRole('button', { name: 'Izmeni' }).first().click();
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  // the cart's data step was reset (the overview's address leads back here), but nothing typed is lost
  assert.equal(await field(page, 'Ime').inputValue(), 'Jelena');
  assert.equal(await field(page, 'Ulica').inputValue(), 'Bulevar kralja Aleksandra');
  await field(page, 'Broj').fill('75');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByText(/Bulevar kralja Aleksandra 75/).first().waitFor();
  assert.deepEqual(problems, []);
});
