// Site search: the header's search box opens the results page (/pretraga?q=…) with phones, accessories and tariffs
// that match, with the list's facets, sort and paging; a result opens its page.
import assert from 'node:assert/strict';
import { SHOTS } from './lib';
import { cards, suite, waitForCount } from './shopper';

const shop = suite('search');
const { test } = shop;

test('search "galaxy" from the header and open a result', async () => {
  const { page, problems } = await shop.open();
  await page.goto(`${shop.url}/`);
  const box = page.getByRole('search', { name: 'Pretraži prodavnicu' }).getByRole('combobox');
  await box.fill('galaxy');
  await box.press('Enter');
  await page.waitForURL(/\/pretraga\?q=galaxy$/);
  await page.getByRole('heading', { level: 1, name: 'Rezultati pretrage' }).waitFor();
  await page.getByText('9 proizvoda').waitFor();
  const names = await page.locator('article h3, article h2').allTextContents();
  assert.ok(names.length > 0 && names.every((n) => /galaxy/i.test(n)), `every result names Galaxy: ${names.join(', ')}`);
  assert.ok(names.some((n) => /case|futrola|buds/i.test(n)) && names.some((n) => /Galaxy S25/i.test(n)), 'phones and accessories together');
  assert.equal(await box.inputValue(), 'galaxy', 'the box shows the searched text');
  await page.screenshot({ path: `${SHOTS}/search-galaxy.png` });
  // a facet narrows the results and keeps the text
  await page.getByRole('checkbox', { name: /Preko 100\.000 RSD/ }).first().click();
  await page.waitForURL(/\/pretraga\?.*price/);
  await waitForCount(cards(page), 3, 'Galaxy results over 100,000 RSD');
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\/SAMSUNG_GALAXY/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // a new search from the results page starts again from the first page
  const again = page.getByRole('search', { name: 'Pretraži prodavnicu' }).getByRole('combobox');
  await again.fill('iphone');
  await again.press('Enter');
  await page.waitForURL(/\/pretraga\?q=iphone$/);
  await page.getByRole('heading', { level: 1, name: 'Rezultati pretrage' }).waitFor();
  // the heading is the same screen's: wait for the new results to replace the Galaxy ones before reading them
  await page.locator('article h3, article h2').filter({ hasText: /iphone/i }).first().waitFor();
  const iphones = await page.locator('article h3, article h2').allTextContents();
  assert.ok(iphones.length > 0 && iphones.every((n) => /iphone/i.test(n)), iphones.join(', '));
  assert.deepEqual(problems, []);
});
