// Site search: the header's search box opens the results page (/pretraga?q=…) with phones, accessories and tariffs
// that match, with the list's facets, sort and paging; a result opens its page.
import assert from 'node:assert/strict';
import { SHOTS } from './lib';
import { cards, suite, waitForCount } from './shopper';

const shop = suite('search');
const { test } = shop;

test('search "galaxy" from the header and open a result @phone', async () => {
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
  // a facet narrows the results and keeps the text (on a phone the facets are behind "Filteri")
  const filters = page.getByRole('button', { name: 'Filteri', exact: true });
  if (await filters.isVisible()) await filters.click();
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

test('pages are found too: "roming" lists the roaming page above the (empty) products; prepaid packs from the footer and by search', async () => {
  const { page, problems } = await shop.open({ width: 375, height: 812 });
  await page.goto(`${shop.url}/`);
  const box = page.getByRole('search', { name: 'Pretraži prodavnicu' }).getByRole('combobox');
  await box.fill('roming');
  await box.press('Enter');
  await page.waitForURL(/\/pretraga\?q=roming$/);
  const pages = page.getByRole('heading', { level: 2, name: 'Stranice' });
  await pages.waitFor();
  await page.getByText('Roming dodaci za putovanja', { exact: false }).waitFor();
  await page.screenshot({ path: `${SHOTS}/search-pages-375.png`, fullPage: true });
  await page.getByRole('link', { name: 'Roming', exact: true }).click();
  await page.waitForURL(/\/dodaci\/roming$/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // the footer's "Pripejd paketi" lists the four packs; one opens its page
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pripejd paketi' }).click();
  await page.waitForURL(/\/Privatni\/Mobilna\/Pripejd$/);
  await page.getByRole('heading', { level: 1, name: 'Pripejd paketi' }).waitFor();
  await page.getByText('4 pripejd paketa').waitFor();
  await cards(page).first().click();
  await page.waitForURL(/\/Privatni\/Tarife\/ORBITA_PREPAID_/);
  await page.getByRole('heading', { level: 1, name: /Orbita Pripejd/ }).waitFor();
  // the site search finds them as products, with the prepaid pages above
  const again = page.getByRole('search', { name: 'Pretraži prodavnicu' }).getByRole('combobox');
  await again.fill('pripejd');
  await again.press('Enter');
  await page.waitForURL(/\/pretraga\?q=pripejd$/);
  await page.getByRole('link', { name: 'Dopuna kredita' }).waitFor();
  await page.locator('article h3, article h2').filter({ hasText: /Orbita Pripejd/ }).first().waitFor();
  // in English the same pages in English
  await page.goto(`${shop.url}/pretraga?q=roaming&lang=en`);
  await page.getByRole('heading', { level: 2, name: 'Pages' }).waitFor();
  await page.getByText('Roaming add-ons for travel', { exact: false }).waitFor();
  assert.deepEqual(problems, []);
});
