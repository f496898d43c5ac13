// The cart rules in the browser against the real server (seed 000 §4, seed 001 §4–§5): a second phone
// bundle asks to replace the first (productsNeedReplace), removing from the mini cart through the
// remove-item modal, and the EKO coupon dialog on the device page.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { PLP, cards, suite } from './shopper';

const s = suite('commerce');
const { test, open } = s;

/** Phone list → the n-th phone → "Dodaj u korpu" (the default choice: installments with a tariff). Returns its name. */
async function addPhone(page: Page, base: string, n: number): Promise<string> {
  await page.goto(`${base}${PLP}`);
  await cards(page).nth(n).click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  return name;
}

const miniCart = (page: Page) => page.locator('.ot-minicart__panel');

async function openMiniCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
  await miniCart(page).waitFor();
}

test('a second phone bundle opens the replace modal; "Zameni novim" replaces the first', async () => {
  const { page, problems } = await open();
  const first = await addPhone(page, s.url, 0);
  await page.getByText('Proizvod je dodat u korpu.').first().waitFor();
  const second = await addPhone(page, s.url, 1);
  assert.notEqual(first, second);
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Ovaj proizvod je već u korpi').waitFor();
  // the entries in the way: the first phone
  await dialog.getByText(first).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/commerce-replace-modal.png` });
  await dialog.getByRole('button', { name: 'Zameni novim' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await openMiniCart(page);
  await miniCart(page).getByText(second).waitFor();
  assert.equal(await miniCart(page).getByText(first).count(), 0, 'the first phone was replaced');
  assert.deepEqual(problems, []);
});

test('"Zadrži postojeći" keeps the first phone', async () => {
  const { page } = await open();
  const first = await addPhone(page, s.url, 0);
  await page.getByText('Proizvod je dodat u korpu.').first().waitFor();
  const second = await addPhone(page, s.url, 2);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Zadrži postojeći' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await openMiniCart(page);
  await miniCart(page).getByText(first).waitFor();
  assert.equal(await miniCart(page).getByText(second).count(), 0);
});

test('remove from the mini cart through the remove-item modal', async () => {
  const { page, problems } = await open();
  const name = await addPhone(page, s.url, 0);
  await page.getByText('Proizvod je dodat u korpu.').first().waitFor();
  await openMiniCart(page);
  await miniCart(page).getByText(name).waitFor();
  await miniCart(page).getByRole('button', { name: 'Ukloni' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Ukloni iz korpe' });
  await dialog.getByText(`Da li sigurno želiš da ukloniš „${name}” iz korpe?`).waitFor();
  await page.screenshot({ path: `${SHOTS}/commerce-remove-modal.png` });
  await dialog.getByRole('button', { name: 'Ukloni', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('Proizvod je uklonjen iz korpe.').waitFor();
  await openMiniCart(page);
  assert.equal(await miniCart(page).getByText(name).count(), 0, 'the phone is gone from the cart');
  assert.deepEqual(problems, []);
});

test('EKO coupons on the device page: apply, not twice, remove', async () => {
  const { page } = await open();
  await page.goto(`${s.url}/uredjaj/SAMSUNG_GALAXY_A56/graphite`);
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.getByText('Proizvod je dodat u korpu.').first().waitFor();
  await page.getByRole('button', { name: 'Imaš EKO kupon?' }).click();
  const dialog = page.getByRole('dialog', { name: 'EKO kuponi' });
  await dialog.getByText(/najviše 3 EKO koda od po 5\.000,00 RSD/).waitFor();
  const code = dialog.getByRole('textbox', { name: 'EKO kod' });
  await code.fill('EKO-1001');
  await dialog.getByRole('button', { name: 'Primeni' }).click();
  await dialog.getByText('Iskorišćeno kupona: 1 od 3').waitFor();
  await dialog.getByText('EKO-1001', { exact: true }).waitFor();
  await code.fill('EKO-1001');
  await dialog.getByRole('button', { name: 'Primeni' }).click();
  await dialog.getByText('Kupon je već iskorišćen.').waitFor();
  await page.screenshot({ path: `${SHOTS}/commerce-coupon-dialog.png` });
  await dialog.getByRole('button', { name: 'Ukloni kupon EKO-1001' }).click();
  await dialog.getByText('Iskorišćeno kupona: 0 od 3').waitFor();
});

test('a tariff alone opens the single-tariff modal; continuing opens the guest-or-login modal', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await page.getByRole('button', { name: 'Kupi samo tarifu Max M' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tarifa je u korpi' });
  await dialog.waitFor();
  await page.getByText('Proizvod je dodat u korpu.').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/commerce-single-tariff.png` });
  await dialog.getByRole('button', { name: 'Nastavi na plaćanje' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Nastavi kao gost' }).waitFor();
  assert.deepEqual(problems, []);
});

test('a customer under 18 gets the not-eligible modal, which leads to the home page', async () => {
  const { page } = await open();
  await page.goto(`${s.url}/Prijava-b2c`);
  await page.locator('[data-form="login"] input').first().fill('maloletni@orbita.rs');
  await page.locator('[data-form="login"] input[type="password"]').fill('Orbita2026!');
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
  await addPhone(page, s.url, 0);
  const dialog = page.getByRole('dialog', { name: 'Kupovina nije moguća' });
  await dialog.getByText(/punoletni/).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/commerce-not-eligible.png` });
  await dialog.getByRole('button', { name: 'Na početnu stranicu' }).click();
  await page.waitForURL((u) => u.pathname === '/');
});

test('device page step 2: insurance goes onto the phone (PUT addInsurance), an accessory is added on its own', async () => {
  const { page, problems } = await open();
  await addPhone(page, s.url, 0);
  await page.getByRole('group', { name: 'Osiguranje uređaja' }).waitFor();
  await page.getByRole('radio', { name: /Orbita Zaštita ekrana/ }).check();
  await page.getByRole('button', { name: /^Dodaj.*USB-C na USB-C kabl/ }).click();
  const insurance = page.waitForResponse((r) => r.url().includes('/entry/addinsurance') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  assert.equal((await insurance).status(), 200);
  await page.getByRole('button', { name: 'Idi na plaćanje' }).waitFor();
  await openMiniCart(page);
  await miniCart(page).getByText('Orbita Zaštita ekrana').waitFor();
  // phone, tariff, insurance and the accessory
  assert.match((await page.getByRole('button', { name: /Korpa, broj stavki/ }).getAttribute('aria-label')) ?? '', /4/);
  await page.screenshot({ path: `${SHOTS}/commerce-step2-extras.png` });
  assert.deepEqual(problems, []);
});

test('"Samo uređaj": a phone without a tariff goes into the cart alone, paid at once', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/uredjaj/NOKIA_105_4G`);
  await page.getByRole('radiogroup', { name: 'Bez tarife' }).getByRole('radio', { name: /Samo uređaj/ }).click();
  await page.waitForURL(/\/uredjaj\/NOKIA_105_4G\/[^/]+\/samo-uredjaj$/);
  assert.equal(await page.getByRole('radio', { name: /Jednokratno/ }).getAttribute('aria-checked'), 'true');
  const add = page.waitForRequest((r) => r.url().includes('/users/carts/addservice') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  const body = (await add).postDataJSON() as Record<string, unknown>;
  assert.equal(body.tariffCode, undefined, 'no tariff in the add call');
  assert.equal(body.chargeType, 'ONE_TIME_CHARGE');
  await page.getByText('Proizvod je dodat u korpu.').first().waitFor();
  await openMiniCart(page);
  await miniCart(page).getByText('Nokia 105 4G').waitFor();
  assert.equal(await miniCart(page).getByText('SIM', { exact: true }).count(), 0, 'no tariff line');
  await page.screenshot({ path: `${SHOTS}/commerce-device-only.png` });
  assert.deepEqual(problems, []);
});
