// The tariff and accessory pages in the browser against the real server: the tariff list and a tariff page
// (term, promotional fee, buying the tariff alone), the accessory list and a standalone checkout whose first
// step's Back returns to the accessories (the standalone flow's backToOffer).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { suite, waitForCount } from './shopper';

const s = suite('catalog');
const { test, open } = s;

/** Home → a header menu link → its list page with its title. */
async function fromMenu(page: Page, link: string, path: string): Promise<void> {
  await page.goto(`${s.url}/`);
  await page.getByRole('navigation').getByRole('link', { name: link }).first().click();
  await page.waitForURL((u) => u.pathname === path);
  await page.getByRole('heading', { level: 1, name: link }).waitFor();
}

test('tariffs: the list from the header, a tariff page, the 12-month term bought alone', async () => {
  const { page, problems } = await open();
  await fromMenu(page, 'Tarife', '/Privatni/Tarife/Uredjaji');
  await page.getByText('9 tarifa').waitFor();
  // the grouping parents (Orbita Max, Orbita Flex) are not for sale on their own
  await waitForCount(page.locator('article').getByRole('link'), 9, 'tariff cards');
  assert.equal(await page.locator('article').getByRole('heading', { name: 'Orbita Max', exact: true }).count(), 0);
  await page.screenshot({ path: `${SHOTS}/tariffs.png`, fullPage: true });

  await page.locator('article').getByRole('link', { name: /Orbita Max M/ }).click();
  await page.waitForURL((u) => u.pathname === '/Privatni/Tarife/ORBITA_MAX_M');
  await page.getByRole('heading', { level: 1, name: 'Orbita Max M' }).waitFor();
  const price = page.getByRole('region', { name: 'Cena' });
  await price.getByText('2.999,00 RSD').waitFor();
  await price.getByText('Promotivna cena prvih 6 meseci, zatim 3.499,00 RSD mesečno.').waitFor();
  assert.equal(await page.getByRole('radio', { name: /24 meseca/ }).getAttribute('aria-checked'), 'true', 'the recommended term is chosen');
  await page.getByRole('radio', { name: /12 meseci/ }).click();
  assert.equal(await page.getByRole('radio', { name: /12 meseci/ }).getAttribute('aria-checked'), 'true');
  await page.screenshot({ path: `${SHOTS}/tariff-page.png`, fullPage: true });

  const add = page.waitForRequest((r) => r.url().includes('/users/carts/entry/add') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Kupi tarifu' }).click();
  assert.deepEqual((await add).postDataJSON(), { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T12' });
  // a tariff alone in the cart: the single-tariff modal (seed 000 §4 success)
  const dialog = page.getByRole('dialog', { name: 'Tarifa je u korpi' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /Nastavi kupovinu|Nastavi sa kupovinom|Zatvori/ }).first().click();
  await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
  const mini = page.locator('.ot-minicart__panel');
  await mini.getByText('Orbita Max M').waitFor();
  await mini.getByText(/12 meseci/).first().waitFor();
  assert.deepEqual(problems, []);
});

test('a tariff page in English; an unknown tariff offers the list', async () => {
  const { page } = await open();
  await page.goto(`${s.url}/Privatni/Tarife/ORBITA_START?lang=en`);
  await page.getByRole('heading', { level: 1, name: 'Orbita Start' }).waitFor();
  await page.getByText('Monthly fee').waitFor();
  await page.getByRole('button', { name: 'Buy the tariff' }).waitFor();
  // Orbita Start has no eSIM
  assert.equal(await page.getByText(/eSIM/).count(), 0);
  await page.goto(`${s.url}/Privatni/Tarife/NEMA_TAKVE?lang=en`);
  await page.getByText("We can't show this tariff right now. Have a look at the other tariffs.").waitFor();
  await page.getByRole('button', { name: 'All tariffs' }).click();
  await page.waitForURL((u) => u.pathname === '/Privatni/Tarife/Uredjaji');
});

test('accessories: the list, one bought alone, standalone checkout; Back on its first step returns to the accessories', async () => {
  const { page, problems } = await open();
  await fromMenu(page, 'Dodatna oprema', '/Privatni/Uredjaji/Pojedinacni/dodatna_oprema');
  await page.getByText(/^\d+ proizvoda$/).waitFor();
  await page.screenshot({ path: `${SHOTS}/accessories.png`, fullPage: true });
  await page.locator('article').getByRole('link', { name: /Xiaomi Redmi Buds 6 Active/ }).click();
  await page.waitForURL(/\/uredjaj\/ACC_XIAOMI_BUDS6_ACTIVE/);
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.getByRole('button', { name: 'Idi na plaćanje' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nastavi kao gost' }).click();
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);
  await page.getByRole('button', { name: 'Nazad' }).click();
  await page.waitForURL((u) => u.pathname === '/Privatni/Uredjaji/Pojedinacni/dodatna_oprema');
  await page.getByRole('heading', { level: 1, name: 'Dodatna oprema' }).waitFor();
  assert.deepEqual(problems, []);
});
