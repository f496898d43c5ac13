// Issue 13: device comparison from the list and the phone page, the header search suggestions, "load more".
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { SHOTS } from './lib';
import { PLP, live, suite } from './shopper';

const shop = suite('compare');
const { test } = shop;

/** Ticks a compare check box: a click, then the box seen checked. The box shows the compare store, and a click that
 *  comes before its action has loaded takes effect when it arrives, a moment after the click (Playwright's check()
 *  wants the state during the click). */
async function tick(box: Locator): Promise<void> {
  await box.click();
  await box.and(box.page().locator(':checked')).waitFor();
}

test('compare two phones: choose from the list and the phone page, differences highlighted, shareable address', async () => {
  const { page, problems } = await shop.open();
  await page.goto(`${shop.url}${PLP}`);
  const compareBox = (name: RegExp) => page.getByRole('checkbox', { name });
  await tick(compareBox(/Uporedi: Samsung Galaxy A56/));
  const bar = page.getByRole('region', { name: 'Telefoni za poređenje' });
  await bar.getByText('Poređenje (1/3)', { exact: true }).waitFor();
  await bar.getByText('Izaberi još jedan telefon').waitFor();
  // the second phone from its own page
  await page.getByRole('link', { name: /Apple iPhone 16 128GB/ }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Apple iPhone 16 128GB' }).waitFor();
  await tick(page.getByRole('checkbox', { name: 'Uporedi' }));
  await bar.getByText('Poređenje (2/3)', { exact: true }).waitFor();
  await bar.getByRole('link', { name: 'Uporedi (2)' }).click();
  await page.waitForURL(/\/Privatni\/Uredjaji\/Uporedi\?uredjaji=SAMSUNG_GALAXY_A56,APPLE_IPHONE_16$/);
  await page.getByRole('heading', { level: 1, name: 'Uporedi uređaje' }).waitFor();
  const table = page.getByRole('table', { name: /Poređenje specifikacija \(2 telefona\)/ });
  await table.waitFor();
  assert.deepEqual(await table.getByRole('columnheader').getByRole('link').allTextContents(), ['Samsung Galaxy A56 5G 8/256GB', 'Apple iPhone 16 128GB']);
  const os = table.getByRole('row', { name: /Operativni sistem/ });
  assert.match((await os.getAttribute('class')) ?? '', /ot-cmp__row--diff/, 'a differing row is highlighted');
  await os.getByRole('img', { name: 'razlikuje se' }).waitFor();
  const fiveG = table.getByRole('row', { name: /^5G/ });
  assert.doesNotMatch((await fiveG.getAttribute('class')) ?? '', /diff/, 'an equal row is not');
  await page.screenshot({ path: `${SHOTS}/compare-1280.png`, fullPage: true });
  // only differences hides the equal rows
  await page.getByRole('checkbox', { name: 'Prikaži samo razlike' }).check();
  await fiveG.waitFor({ state: 'detached' });
  await os.waitFor();
  // the address alone opens the same comparison (shareable), also on a phone
  const other = await shop.open({ width: 375, height: 800 });
  await other.page.goto(page.url());
  await other.page.getByRole('table', { name: /Poređenje specifikacija \(2 telefona\)/ }).getByRole('row', { name: /Operativni sistem/ }).waitFor();
  await other.page.screenshot({ path: `${SHOTS}/compare-375.png`, fullPage: true });
  // removing a phone on the page changes the address
  await page.getByRole('table').getByRole('button', { name: 'Ukloni Apple iPhone 16 128GB iz poređenja' }).click();
  await page.waitForURL(/\?uredjaji=SAMSUNG_GALAXY_A56$/);
  await page.getByRole('table', { name: /\(1 telefona\)/ }).waitFor();
  assert.deepEqual(problems, []);
  assert.deepEqual(other.problems, []);
});

test('at most three phones: the fourth check box is disabled', async () => {
  const { page, problems } = await shop.open();
  await page.goto(`${shop.url}${PLP}`);
  const boxes = page.getByRole('checkbox', { name: /^Uporedi: / });
  await boxes.first().waitFor();
  for (let i = 0; i < 3; i++) await tick(boxes.nth(i));
  await page.getByText('Poređenje (3/3)', { exact: true }).waitFor();
  assert.equal(await boxes.nth(3).isDisabled(), true);
  await page.getByRole('button', { name: 'Očisti' }).click();
  await page.getByText('Poređenje (3/3)', { exact: true }).waitFor({ state: 'detached' });
  assert.equal(await boxes.nth(3).isDisabled(), false);
  assert.deepEqual(problems, []);
});

test('header search suggestions: a combobox, keyboard only, Enter opens the chosen product', async () => {
  const { page, problems } = await shop.open();
  await page.goto(`${shop.url}/`);
  const box = page.getByRole('search', { name: 'Pretraži prodavnicu' }).getByRole('combobox');
  await box.click();
  await box.pressSequentially('galaxy s2');
  const list = page.getByRole('listbox', { name: 'Predlozi pretrage' });
  await list.waitFor();
  const options = list.getByRole('option');
  const names = await options.allTextContents();
  assert.ok(names.length > 0 && names.every((n) => /galaxy s2/i.test(n)), names.join(', '));
  assert.equal(await box.getAttribute('aria-expanded'), 'true');
  await page.screenshot({ path: `${SHOTS}/suggest-1280.png` });
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  const second = options.nth(1);
  assert.equal(await second.getAttribute('aria-selected'), 'true');
  assert.equal(await box.getAttribute('aria-activedescendant'), await second.getAttribute('id'));
  const name = (await second.locator('.ot-suggest__name').textContent())!;
  // Escape closes the list and keeps the text; typing again reopens it
  await box.press('Escape');
  await list.waitFor({ state: 'hidden' });
  assert.equal(await box.inputValue(), 'galaxy s2');
  await box.press('ArrowDown');
  await list.waitFor();
  await box.press('ArrowDown');
  await box.press('Enter');
  await page.getByRole('heading', { level: 1, name }).waitFor();
  assert.match(page.url(), /\/uredjaj\/SAMSUNG_GALAXY_S2/);
  // Enter without a chosen suggestion still searches the text
  await box.fill('iphone');
  await box.press('Enter');
  await page.waitForURL(/\/pretraga\?q=iphone$/);
  assert.deepEqual(problems, []);
});

test('suggestions on a phone (375 px)', async () => {
  const { page, problems } = await shop.open({ width: 375, height: 800 });
  await page.goto(`${shop.url}/`);
  const box = page.getByRole('search', { name: 'Pretraži prodavnicu' }).getByRole('combobox');
  await box.click();
  await box.pressSequentially('orbita');
  const option = page.getByRole('listbox', { name: 'Predlozi pretrage' }).getByRole('option').first();
  await option.waitFor();
  await page.screenshot({ path: `${SHOTS}/suggest-375.png` });
  await option.click();
  await page.waitForURL(/\/Privatni\/Tarife\//);
  assert.deepEqual(problems, []);
});

test('load more appends the next 20, the address shows the page from 1, /page/{n} stays the crawler form', async () => {
  const { page, problems } = await shop.open();
  await page.goto(`${shop.url}${PLP}`);
  const tiles = page.locator('.ot-pgrid > li[data-code]');
  await page.getByText('Prikazano 20 od 24').waitFor();
  assert.equal(await tiles.count(), 20);
  const first = await tiles.first().locator('h2').textContent();
  await page.getByRole('button', { name: 'Učitaj još' }).click();
  await page.getByText('Prikazano 24 od 24').waitFor();
  assert.equal(await tiles.count(), 24);
  assert.equal(await tiles.first().locator('h2').textContent(), first, 'appended, not replaced');
  await page.waitForURL(new RegExp(`${PLP}/page/2$`));
  assert.equal(await page.getByRole('button', { name: 'Učitaj još' }).count(), 0, 'no more pages');
  assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${shop.url}${PLP}/page/2`);
  assert.equal(await page.locator('link[rel="prev"]').getAttribute('href'), `${shop.url}${PLP}`);
  assert.equal(await tiles.count(), 24, 'the address change did not reload the list');
  // the crawler form alone: that page's products
  await page.reload();
  await page.getByText('Prikazano 4 od 24').waitFor();
  assert.equal(await tiles.count(), 4);
  assert.deepEqual(problems, []);
});

test('a new search scrolls to the top on a tablet (up to 1024 px)', async () => {
  const { page, problems } = await shop.open({ width: 1000, height: 700 });
  await page.goto(`${shop.url}${PLP}`);
  await page.getByText('Prikazano 20 od 24').waitFor();
  const sort = page.getByLabel('Sortiraj');
  await sort.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.waitForFunction(() => window.scrollY >= 600);
  await sort.selectOption('price-asc');
  await page.waitForURL(/sort=price-asc/);
  await page.waitForFunction(() => window.scrollY === 0);
  assert.deepEqual(problems, []);
});

test('banners between the product rows and on the home page; products seen at 20 % only with analytics consent', async () => {
  const { page, problems } = await shop.open();
  await page.goto(`${shop.url}${PLP}`);
  const banner = page.getByRole('complementary', { name: 'Telefon uz tarifu, na do 24 rate' });
  await banner.waitFor();
  await live(page);
  // after the 6th product: the li before it is the 6th tile
  const before = await page.locator('.ot-pgrid > li').evaluateAll((lis) => lis.findIndex((li) => li.classList.contains('ot-pgrid__banner')));
  assert.equal(before, 6);
  await banner.screenshot({ path: `${SHOTS}/banners-plp-1280.png` });
  // necessary cookies only: nothing in the data layer
  assert.equal(await page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []).filter((e) => e.event === 'view_item').length), 0);
  await page.goto(`${shop.url}/`);
  const homeBanner = page.getByRole('complementary', { name: 'Putuješ? Uzmi roming dodatak' });
  await homeBanner.getByRole('link', { name: 'Roming dodaci' }).waitFor();
  await homeBanner.locator('..').screenshot({ path: `${SHOTS}/banners-home-1280.png` });
  assert.deepEqual(problems, []);

  // analytics allowed: the first tiles in view are recorded once each; a tile further down only when scrolled to
  const other = await shop.open({ width: 375, height: 700 });
  await other.page.context().addCookies(['b2c_consent', 'b2b_consent'].map((name) => ({ name, value: encodeURIComponent('necessary:1|analytics:1|marketing:0'), domain: '127.0.0.1', path: '/' })));
  await other.page.goto(`${shop.url}${PLP}`);
  const seen = () => other.page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event: string; item_id: string; index: number }> }).dataLayer ?? []).filter((e) => e.event === 'view_item'));
  await other.page.waitForFunction(() => ((window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer ?? []).some((e) => e.event === 'view_item'));
  const first = await seen();
  assert.ok(first.every((e) => e.index <= 6), `only tiles in view: ${first.map((e) => e.index).join(',')}`);
  const last = other.page.locator('.ot-pgrid > li[data-code]').nth(19);
  const lastCode = await last.getAttribute('data-code');
  await last.scrollIntoViewIfNeeded();
  await other.page.waitForFunction((code) => ((window as unknown as { dataLayer?: Array<{ event: string; item_id: string }> }).dataLayer ?? []).some((e) => e.event === 'view_item' && e.item_id === code), lastCode);
  const all = await seen();
  assert.equal(new Set(all.map((e) => e.item_id)).size, all.length, 'each product once');
  await other.page.locator('.ot-pgrid__banner').first().screenshot({ path: `${SHOTS}/banners-plp-375.png` });
  assert.deepEqual(other.problems, []);
});

test('single devices: the list opens the phone page with "no tariff" chosen', async () => {
  const { page, problems } = await shop.open();
  await page.goto(`${shop.url}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Uređaji bez ugovora' }).click();
  await page.getByRole('heading', { level: 1, name: 'Uređaji bez ugovora' }).waitFor();
  const first = page.locator('.ot-pgrid > li[data-code]').first().getByRole('link');
  assert.match((await first.getAttribute('href')) ?? '', /^\/uredjaj\/[A-Z0-9_]+\/[^/]+\/samo-uredjaj$/);
  await first.click();
  await page.waitForURL(/\/samo-uredjaj$/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.deepEqual(problems, []);
});
