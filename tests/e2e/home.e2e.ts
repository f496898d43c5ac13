// Home services in Chromium against the production server on a fresh database: from the main navigation to the
// home packages (hierarchy: first level, its subcategories, term reset), a package page and add to cart (the mini
// cart shows it); TV channels by package with HD marks; the TV guide sliding by an hour and a programme's details;
// the box check at a covered and an uncovered address. Screenshots at 1280/375. (The FNP form: home-fnp.e2e.ts.)
import assert from 'node:assert/strict';
import { SHOTS } from './lib';
import { suite, waitForCount } from './shopper';

const shop = suite('home');
const { test } = shop;

test('main navigation → home packages → package page → add to cart', async () => {
  const { page, problems } = await shop.open({ width: 1280 });
  await page.goto(shop.url + '/');
  await page.getByRole('navigation').getByRole('link', { name: 'Kućni paketi' }).first().click();
  await page.waitForURL(/\/Privatni\/Kucni-paketi$/);
  // the default first level (Box) and its default second level (Net + TV + Fiksni) with the recommended term (24)
  await page.getByRole('button', { name: 'Box paketi', pressed: true }).waitFor();
  await page.getByRole('button', { name: 'Net + TV + Fiksni', pressed: true }).waitFor();
  await page.getByRole('button', { name: '24 meseca', pressed: true }).waitFor();
  await waitForCount(page.locator('.ot-home-card'), 3, 'box packages');
  await page.screenshot({ path: `${SHOTS}/home-list-1280.png`, fullPage: true });
  // terms: the 12-month choice drops the value tied to 24 months (free installation)
  assert.equal(await page.locator('.ot-home-card[data-code="BOX_START"]').getByText('Besplatna uz ugovor na 24 meseca').count(), 1);
  await page.getByRole('button', { name: '12 meseci' }).click();
  await page.getByRole('button', { name: '12 meseci', pressed: true }).waitFor();
  assert.equal(await page.locator('.ot-home-card[data-code="BOX_START"]').getByText('Besplatna uz ugovor na 24 meseca').count(), 0);
  // another first level resets the second level to its default and the term to the recommended one
  await page.getByRole('button', { name: 'Internet', exact: true }).click();
  await page.getByRole('button', { name: 'Optički internet', pressed: true }).waitFor();
  await page.getByRole('button', { name: '24 meseca', pressed: true }).waitFor();
  await waitForCount(page.locator('.ot-home-card'), 3, 'fibre packages');
  await page.getByRole('button', { name: 'Bežični internet' }).click();
  await waitForCount(page.locator('.ot-home-card'), 1, 'wireless packages');
  // add-ons say they come with a package
  await page.getByRole('button', { name: 'Dodaci', exact: true }).click();
  await page.getByText('Bira se uz kućni paket, u koraku dodataka pri kupovini.').first().waitFor();
  // a first level named in the address
  await page.goto(shop.url + '/Privatni/Kucni-paketi?kategorija=televizija');
  await page.getByRole('button', { name: 'Televizija', pressed: true }).waitFor();
  await page.getByRole('button', { name: 'Iris TV', pressed: true }).waitFor();
  // choosing another first level keeps the address in step
  await page.getByRole('button', { name: 'Box paketi' }).click();
  await page.waitForURL(/kategorija=box-paketi/);
  await page.getByRole('link', { name: 'Izaberi paket Orbita Box Plus' }).click();
  await page.waitForURL(/\/Privatni\/Kucni-paketi\/paket\/BOX_PLUS$/);
  await page.getByRole('heading', { level: 1, name: 'Orbita Box Plus' }).waitFor();
  await page.getByRole('radio', { name: /24 meseca/ }).waitFor();
  assert.equal(await page.getByRole('radio', { name: /24 meseca/ }).isChecked(), true);
  await page.getByRole('radio', { name: /12 meseci/ }).check();
  await page.screenshot({ path: `${SHOTS}/home-package-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.locator('.ot-minicart__badge', { hasText: '1' }).waitFor();
  const cart = await page.evaluate(async () => {
    const t = await (await fetch('/selfcare/b2c/auth/token')).json();
    return (await fetch('/hybris/ecommerce/b2c/v1/users/carts', { headers: { authorization: `Bearer ${t.data.token}` } })).json();
  });
  assert.equal(cart.entries[0].product.code, 'BOX_PLUS');
  assert.equal(cart.entries[0].subscriptionTerm.termOfServiceNumber, 12);
  assert.deepEqual(problems, []);
  const small = await shop.open({ width: 375 });
  await small.page.goto(shop.url + '/Privatni/Kucni-paketi/paket/BOX_PLUS');
  await small.page.getByRole('heading', { level: 1, name: 'Orbita Box Plus' }).waitFor();
  await small.page.screenshot({ path: `${SHOTS}/home-package-375.png`, fullPage: true });
  await small.page.goto(shop.url + '/Privatni/Kucni-paketi');
  await waitForCount(small.page.locator('.ot-home-card'), 3, 'box packages at 375');
  await small.page.screenshot({ path: `${SHOTS}/home-list-375.png`, fullPage: true });
});

test('TV channels by package, HD marked; English too', async () => {
  const { page, problems } = await shop.open({ width: 1280 });
  await page.goto(shop.url + '/Tv-kanali/iris-tv-paketi');
  await page.getByRole('button', { name: /Iris TV Start/, pressed: true }).waitFor();
  const start = await page.locator('.ot-channel').count();
  assert.ok(start > 20, `${start} channels`);
  assert.equal(await page.locator('.ot-channel[data-code="RTS_1"] .ot-channel__hd').count(), 1);
  assert.equal(await page.locator('.ot-channel[data-code="HAPPY"] .ot-channel__hd').count(), 0);
  assert.equal(await page.locator('.ot-channel[data-code="ARENA_SPORT_1"]').count(), 0);
  await page.getByRole('button', { name: /Iris TV Plus/ }).click();
  await page.waitForURL(/paket=TV_PLUS/);
  await page.locator('.ot-channel[data-code="ARENA_SPORT_1"]').waitFor();
  assert.ok((await page.locator('.ot-channel').count()) > start);
  await page.screenshot({ path: `${SHOTS}/home-channels-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'EN' }).click().catch(async () => { await page.getByRole('button', { name: /english/i }).click(); });
  await page.getByText(/channels, \d+ of them in HD/).waitFor();
  assert.deepEqual(problems, []);
  const small = await shop.open({ width: 375 });
  await small.page.goto(shop.url + '/Tv-kanali/iris-tv-paketi');
  await small.page.locator('.ot-channel').first().waitFor();
  await small.page.screenshot({ path: `${SHOTS}/home-channels-375.png` });
});

test('TV guide: half-hour cells 240 px, slides one hour, programme details on click', async () => {
  const { page, problems } = await shop.open({ width: 1280 });
  await page.goto(shop.url + '/Tv-kanali/tv-vodic');
  await page.locator('.ot-epg__row').first().waitFor();
  const slot = await page.locator('.ot-epg__slot').first().boundingBox();
  assert.equal(Math.round(slot!.width), 240);
  assert.equal(await page.locator('.ot-epg__slot').count(), 48);
  // go to the day's start, then slide: the track moves by one hour (480 px) per click
  const earlier = page.getByRole('button', { name: 'Ranije' });
  while (await earlier.isEnabled()) await earlier.click();
  await page.getByText('Prikaz 00:00 –').waitFor();
  const track = page.locator('.ot-epg__head .ot-epg__track');
  assert.match((await track.getAttribute('style')) ?? '', /translateX\(0px\)|translateX\(-0px\)/);
  await page.getByRole('button', { name: 'Kasnije' }).click();
  await page.getByText('Prikaz 01:00 –').waitFor();
  assert.match((await track.getAttribute('style')) ?? '', /translateX\(-480px\)/);
  await page.screenshot({ path: `${SHOTS}/home-guide-1280.png` });
  // the first visible programme of RTS 1 opens its details
  const prog = page.locator('.ot-epg__row[data-channel="RTS_1"] .ot-epg__prog:not(.ot-epg__prog--off)').first();
  const title = (await prog.locator('.ot-epg__title').textContent())!;
  await prog.click();
  const dialog = page.getByRole('dialog', { name: 'Detalji emisije' });
  await dialog.waitFor();
  await dialog.getByText(title, { exact: true }).waitFor();
  await dialog.getByText('RTS 1', { exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/home-guide-details-1280.png` });
  await dialog.getByRole('button', { name: 'Zatvori' }).first().click();
  await dialog.waitFor({ state: 'detached' });
  // another day of the week
  const days = page.locator('.ot-epg__days button');
  await days.nth(0).click();
  await page.waitForURL(/datum=\d{4}-\d{2}-\d{2}/);
  await page.locator('.ot-epg__days button[aria-pressed="true"]').first().waitFor();
  assert.deepEqual(problems, []);
  const small = await shop.open({ width: 375 });
  await small.page.goto(shop.url + '/Tv-kanali/tv-vodic');
  await small.page.locator('.ot-epg__row').first().waitFor();
  await small.page.screenshot({ path: `${SHOTS}/home-guide-375.png` });
});

async function chooseAddress(page: import('playwright-core').Page, m: string, l: string, s: string, n: string) {
  await page.getByLabel('Opština').selectOption({ label: m });
  await page.getByLabel('Mesto').locator('option', { hasText: l }).waitFor({ state: 'attached' });
  await page.getByLabel('Mesto').selectOption({ label: l });
  await page.getByLabel('Ulica').locator('option', { hasText: s }).waitFor({ state: 'attached' });
  await page.getByLabel('Ulica').selectOption({ label: s });
  await page.getByLabel('Kućni broj').locator('option', { hasText: n }).first().waitFor({ state: 'attached' });
  await page.getByLabel('Kućni broj').selectOption({ label: n });
}

test('box check: a covered and an uncovered address', async () => {
  const { page, problems } = await shop.open({ width: 1280 });
  await page.goto(shop.url + '/Privatni/Kucni-paketi');
  await page.getByRole('link', { name: 'Provera tehničke dostupnosti' }).first().click();
  await page.waitForURL(/provera-dostupnosti/);
  await page.getByLabel('Opština').locator('option', { hasText: 'Beograd-Vračar' }).waitFor({ state: 'attached' });
  await chooseAddress(page, 'Beograd-Vračar', 'Beograd', 'Bulevar kralja Aleksandra', '73');
  await page.getByLabel('Ulaz').selectOption({ label: '2' });
  await page.getByLabel('Broj stana').fill('14');
  await page.getByRole('button', { name: 'Proveri dostupnost' }).click();
  const yes = page.locator('.ot-box__result[data-status="AVAILABLE"]');
  await yes.waitFor();
  await yes.getByText('Bulevar kralja Aleksandra 73/2, stan 14, 11000 Beograd').waitFor();
  await yes.getByRole('link', { name: 'Orbita Box Plus' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/home-box-yes-1280.png`, fullPage: true });
  // a flat number the building does not have: the message under the field
  await page.getByLabel('Broj stana').fill('999');
  await page.getByRole('button', { name: 'Proveri dostupnost' }).click();
  await page.getByText('Broj stana nije ispravan za ovu adresu.').waitFor();
  // uncovered
  await chooseAddress(page, 'Čukarica', 'Ostružnica', 'Karađorđeva', '5');
  await page.getByRole('button', { name: 'Proveri dostupnost' }).click();
  const no = page.locator('.ot-box__result[data-status="NOT_AVAILABLE"]');
  await no.waitFor();
  await no.getByText(/Nažalost, optički internet \(GPON\) trenutno nije dostupan/).waitFor();
  await no.getByRole('link', { name: 'Orbita Kućni bežični net' }).waitFor();
  assert.deepEqual(problems.filter((p) => !p.includes('400')), []);
  const small = await shop.open({ width: 375 });
  await small.page.goto(shop.url + '/Privatni/Kucni-paketi/provera-dostupnosti');
  await small.page.getByLabel('Opština').locator('option', { hasText: 'Niš-Medijana' }).waitFor({ state: 'attached' });
  await chooseAddress(small.page, 'Niš-Medijana', 'Niš', 'Obrenovićeva', '52');
  await small.page.getByRole('button', { name: 'Proveri dostupnost' }).click();
  await small.page.locator('.ot-box__result[data-status="NOT_AVAILABLE"]').waitFor();
  await small.page.screenshot({ path: `${SHOTS}/home-box-no-375.png`, fullPage: true });
});
