// Accounts in Chromium against the production server on a fresh database: the header login dropdown
// (demo customer → first name; cart kept; logout toast), a wrong password, the light-account checkout
// block, the /Prijava-b2c screen, and screenshots of the dropdown at 375 and 1280 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { addPhone, suite } from './shopper';

const shop = suite('account');
const { test } = shop;
const PASSWORD = 'Orbita2026!';

async function open(path: string, width = 1280) {
  const r = await shop.open({ width });
  await r.page.goto(shop.url + path);
  await r.page.locator('.ot-account__btn').waitFor();
  return r;
}


async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.locator('.ot-account__btn').click();
  await page.getByLabel('Imejl ili korisničko ime').fill(`  ${email} `);
  await page.getByLabel('Lozinka', { exact: true }).fill(password);
  await page.getByLabel('Lozinka', { exact: true }).press('Enter');
}

const toast = (page: Page, text: string) => page.locator('.sdui-toast', { hasText: text });

test('logs in from the header dropdown, keeps the cart, shows the first name; logs out with a toast', async () => {
  const { page, problems } = await open('/');
  await addPhone(page);
  assert.equal(await page.locator('.ot-minicart__badge').textContent(), '1');

  await page.locator('.ot-account__btn').click();
  await page.getByRole('button', { name: 'Prikaži lozinku' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/account-dropdown-1280.png` });
  // show/hide password toggle
  await page.getByLabel('Lozinka', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Prikaži lozinku' }).click();
  assert.equal(await page.getByLabel('Lozinka', { exact: true }).getAttribute('type'), 'text');
  await page.getByRole('button', { name: 'Sakrij lozinku' }).click();
  assert.equal(await page.getByLabel('Lozinka', { exact: true }).getAttribute('type'), 'password');
  // closes on an outside click
  await page.locator('main, #root').first().click({ position: { x: 5, y: 600 } });
  await page.locator('.ot-account__panel').waitFor({ state: 'detached' });

  await signIn(page, 'kupac@orbita.rs');
  await page.locator('.ot-account__label', { hasText: 'Marko' }).waitFor();
  assert.equal(await page.locator('.ot-minicart__badge').textContent(), '1', 'the anonymous cart is merged into the user cart');
  assert.equal(await page.evaluate(() => localStorage.getItem('user_data')), 'kupac@orbita.rs');
  assert.equal(await page.evaluate(() => localStorage.getItem('user_number_id')), '1000001');

  // a reload keeps the user signed in (boot loads the user info)
  await page.reload();
  await page.locator('.ot-account__label', { hasText: 'Marko' }).waitFor();
  await page.locator('.ot-account__btn').click();
  await page.locator('.ot-account__name', { hasText: 'Marko Petrović' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/account-signed-in-1280.png` });

  await page.getByRole('button', { name: 'Odjavi se' }).click();
  await toast(page, 'Uspešno si se odjavio.').waitFor();
  await page.locator('.ot-account__label', { hasText: 'Prijava' }).waitFor();
  await page.locator('.ot-minicart__badge').waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => localStorage.getItem('user_data')), null);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('users_services')), null);
  assert.deepEqual(problems, []);
});

test('a wrong password marks both fields invalid and shows the server message; then the right one signs in (375 px)', async () => {
  const { page, problems } = await open('/', 375);
  await page.locator('.ot-account__btn').click();
  await page.getByLabel('Lozinka', { exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/account-dropdown-375.png` });
  await page.getByLabel('Imejl ili korisničko ime').fill('kupac@orbita.rs');
  await page.getByLabel('Lozinka', { exact: true }).fill('Pogresna99!');
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await toast(page, 'Pogrešan imejl, korisničko ime ili lozinka.').waitFor();
  assert.equal(await page.getByLabel('Imejl ili korisničko ime').getAttribute('aria-invalid'), 'true');
  assert.equal(await page.getByLabel('Lozinka', { exact: true }).getAttribute('aria-invalid'), 'true');
  await page.screenshot({ path: `${SHOTS}/account-failed-375.png` });
  await page.getByLabel('Lozinka', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Lozinka', { exact: true }).press('Enter');
  await page.locator('.ot-account__initial', { hasText: 'M' }).waitFor();
  await page.locator('.ot-account__btn').click();
  await page.locator('.ot-account__name', { hasText: 'Marko Petrović' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/account-signed-in-375.png` });
  assert.deepEqual(problems.filter((p) => !p.includes('/selfcare/b2c/user/authorize')), []);
});

test('a light-account user who proceeds to checkout gets the light-account toast', async () => {
  const { page, problems } = await open('/');
  await addPhone(page);
  await signIn(page, 'laki@orbita.rs');
  await page.locator('.ot-account__label', { hasText: 'Ana' }).waitFor();
  await page.locator('.ot-minicart__btn').click();
  await page.locator('.ot-minicart__panel .ot-btn--primary').click();
  await toast(page, 'Sa lakim nalogom kupovina nije moguća. Registruj se da bi nastavio kupovinu.').waitFor();
  assert.ok(!page.url().includes('/kupovina/'), 'stays off the checkout');
  assert.deepEqual(problems, []);
});

test('the login screen signs in with Enter and goes home; a blocked user sees the blocked notice', async () => {
  const { page } = await open('/Prijava-b2c');
  await page.getByRole('heading', { level: 1, name: 'Prijava' }).waitFor();
  const email = page.locator('[data-form="login"] input').first();
  await email.fill('blokiran@orbita.rs');
  await page.locator('[data-form="login"] input[type="password"]').fill(PASSWORD);
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  await page.waitForURL(/\/Prijava-b2c\?blocked=true/);
  await page.getByText('Tvoj nalog je blokiran. Za pomoć poseti najbližu Orbita prodavnicu.').waitFor();
  await page.screenshot({ path: `${SHOTS}/account-login-blocked-1280.png` });

  await email.fill('marko.petrovic');
  await page.locator('[data-form="login"] input[type="password"]').fill(PASSWORD);
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/');
  await page.locator('.ot-account__label', { hasText: 'Marko' }).waitFor();
});

test('checkout while signed out → "log in" in the guest-or-login modal → after login the checkout continues', async () => {
  const { page, problems } = await open('/');
  await addPhone(page);
  await page.locator('.ot-minicart__btn').click();
  await page.locator('.ot-minicart__panel .ot-btn--primary').click();
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await page.waitForURL((u) => u.pathname === '/Prijava-b2c');
  await page.locator('[data-form="login"] input').first().fill('kupac@orbita.rs');
  await page.locator('[data-form="login"] input[type="password"]').fill(PASSWORD);
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  // the first step of the cart's checkout type: a phone with a tariff bought signed in (MOBILE) starts at the personal data
  await page.waitForURL((u) => ['/kupovina/podaci-dostava', '/kupovina/licni-podaci'].includes(u.pathname));
  await page.locator('.ot-account__label', { hasText: 'Marko' }).waitFor();
  assert.deepEqual(problems, []);
});
