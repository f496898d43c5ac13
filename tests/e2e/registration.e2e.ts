// Accounts in Chromium (seed 001 §2–§5): a new user registers from the header (address from the address system, the
// e-mail code read from the mail that arrives) and signs in; a forgotten password is recovered by the e-mailed code;
// a weak-password customer on the way to checkout is sent to /Slaba-lozinka, fixes it and lands in the checkout; the
// mini cart's registration link (empty cart → toast, with items → the registration check).
// Mail goes through nodemailer to a local SMTP receiver (tests/e2e/mailbox.ts), the path production mail takes.
import assert from 'node:assert/strict';
import { after } from './harness';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { addPhone, field, suite } from './shopper';
import { Mailbox } from './mailbox';
import { jmbgFor } from '../../server/user/jmbg';

const mailbox = await Mailbox.start();
after(() => mailbox.close());
const shop = suite('registration', { env: { SMTP_URL: mailbox.url } });
const { test } = shop;
const PASSWORD = 'Orbita2026!';

async function open(path: string, width = 1280) {
  const r = await shop.open({ width });
  await r.page.goto(shop.url + path);
  await r.page.locator('.ot-account__btn').waitFor();
  return r;
}


async function signInFromHeader(page: Page, login: string, password: string): Promise<void> {
  await page.locator('.ot-account__btn').click();
  await page.getByLabel('Imejl ili korisničko ime').fill(login);
  await page.getByLabel('Lozinka', { exact: true }).fill(password);
  await page.getByLabel('Lozinka', { exact: true }).press('Enter');
}

/** Picks the first option of a select once its list has loaded. */
async function pickFirst(page: Page, label: string): Promise<void> {
  const select = page.getByLabel(label, { exact: true });
  await select.locator('option:nth-child(2)').waitFor({ state: 'attached' });
  const value = await select.locator('option:nth-child(2)').getAttribute('value');
  await select.selectOption(value!);
}

const toast = (page: Page, text: string) => page.locator('.sdui-toast', { hasText: text });
/** A password field of a form by its label (the label ends with the hidden required marker " *"). */
const password = (page: Page, label: string) => page.locator('input[type="password"]').and(page.getByLabel(new RegExp(`^${label}( \\*)?$`)));

test('a new user registers from the header (code by e-mail, address from the address system) and signs in', async () => {
  const { page, problems } = await open('/');
  await page.locator('.ot-account__btn').click();
  await page.getByRole('link', { name: 'Registruj se' }).click();
  await page.waitForURL((u) => u.pathname === '/Registracija-b2c/Registracija-opcije');
  await page.getByRole('heading', { level: 1, name: 'Registracija' }).waitFor();
  await page.getByRole('link', { name: 'Registruj se' }).first().click();
  await page.waitForURL((u) => u.search === '?tip=novi');

  await field(page, 'Ime').fill('Milena');
  await field(page, 'Prezime').fill('Janković');
  await field(page, 'JMBG').fill(jmbgFor(new Date(Date.UTC(1992, 5, 17)), '71', '812'));
  await field(page, 'Broj mobilnog telefona').fill('0641239876');
  await field(page, 'Broj lične karte').fill('007654321');
  await field(page, 'Izdata od (PU)').fill('PU Novi Sad');
  await field(page, 'Datum izdavanja').fill('12.04.2021');
  await field(page, 'Korisničko ime').fill('milena.j');
  await password(page, 'Lozinka').fill('Milena2026!');
  await password(page, 'Ponovi lozinku').fill('Milena2026!');
  await field(page, 'Imejl adresa').fill('milena.jankovic@primer.rs');
  await pickFirst(page, 'Opština');
  await pickFirst(page, 'Mesto');
  await pickFirst(page, 'Ulica');
  await pickFirst(page, 'Kućni broj');
  await page.getByLabel('Broj stana (nije obavezno)').fill('4');

  // a taken username is refused with the error toast before anything is sent
  await field(page, 'Korisničko ime').fill('marko.petrovic');
  await page.getByRole('button', { name: 'Pošalji kod' }).click();
  const code = await mailbox.codeFor('milena.jankovic@primer.rs');
  await page.getByText(/Kod je poslat na milena\.jankovic@primer\.rs\. Važi još [45]:\d\d\./).waitFor();
  await field(page, 'Kod iz poruke').fill(code);
  await page.getByRole('button', { name: 'Registruj se' }).click();
  await toast(page, 'Korisničko ime je zauzeto. Izaberi drugo.').waitFor();
  await page.screenshot({ path: `${SHOTS}/registration-new-1280.png`, fullPage: true });

  await field(page, 'Korisničko ime').fill('milena.j');
  await page.getByRole('button', { name: 'Registruj se' }).click();
  await page.waitForURL((u) => u.search === '?tip=uspesno');
  await page.getByText('Nalog milena.j je napravljen i prijavljen si.').waitFor();
  await page.locator('.ot-account__label', { hasText: 'Milena' }).waitFor();

  // sign out, then sign in with the new credentials
  await page.locator('.ot-account__btn').click();
  await page.getByRole('button', { name: 'Odjavi se' }).click();
  await page.locator('.ot-account__label', { hasText: 'Prijava' }).waitFor();
  await signInFromHeader(page, 'milena.j', 'Milena2026!');
  await page.locator('.ot-account__label', { hasText: 'Milena' }).waitFor();
  assert.deepEqual(problems, []);
});

test('a forgotten password is recovered with the e-mailed code; the new password signs in', async () => {
  const { page, problems } = await open('/Prijava-b2c');
  await page.getByRole('link', { name: 'Zaboravio si lozinku?' }).first().click();
  await page.waitForURL((u) => u.pathname === '/Promena-lozinke/Odabir-opcije');
  const before = mailbox.mails.length;
  await field(page, 'Imejl adresa ili broj mobilnog telefona naloga').fill('kupac@orbita.rs');
  await page.getByRole('button', { name: 'Pošalji kod' }).click();
  await page.getByText('Ako nalog sa adresom kupac@orbita.rs postoji, poslali smo mu kod.').waitFor();
  const code = await mailbox.codeFor('kupac@orbita.rs', before);
  await field(page, 'Kod iz poruke').fill(code);
  await password(page, 'Nova lozinka').fill('Povratak2026!');
  await password(page, 'Ponovi lozinku').fill('Povratak2026!');
  await page.screenshot({ path: `${SHOTS}/registration-recovery-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Postavi novu lozinku' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.locator('.ot-account__label', { hasText: 'Marko' }).waitFor();

  await page.locator('.ot-account__btn').click();
  await page.getByRole('button', { name: 'Odjavi se' }).click();
  await page.locator('.ot-account__label', { hasText: 'Prijava' }).waitFor();
  await signInFromHeader(page, 'kupac@orbita.rs', 'Povratak2026!');
  await page.locator('.ot-account__label', { hasText: 'Marko' }).waitFor();
  assert.deepEqual(problems, []);
});

test('a weak-password customer on the way to checkout is sent to /Slaba-lozinka, fixes it and reaches checkout', async () => {
  const { page, problems } = await open('/');
  await addPhone(page);
  await page.locator('.ot-minicart__btn').click();
  await page.locator('.ot-minicart__panel .ot-btn--primary').click();
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await page.waitForURL((u) => u.pathname === '/Prijava-b2c');
  await page.locator('[data-form="login"] input').first().fill('slaba@orbita.rs');
  await page.locator('[data-form="login"] input[type="password"]').fill(PASSWORD);
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/Slaba-lozinka');
  await page.getByRole('heading', { level: 1, name: 'Slaba lozinka' }).waitFor();
  await password(page, 'Trenutna lozinka').fill(PASSWORD);
  // the server's rule: not one of the last passwords
  await password(page, 'Nova lozinka').fill(PASSWORD);
  await password(page, 'Ponovi lozinku').fill(PASSWORD);
  await page.getByRole('button', { name: 'Promeni lozinku' }).click();
  await page.getByText('Lozinka ne sme biti neka od poslednjih 5 lozinki.').waitFor();
  await password(page, 'Nova lozinka').fill('Jaka2026!lozinka'.slice(0, 16));
  await password(page, 'Ponovi lozinku').fill('Jaka2026!lozinka'.slice(0, 16));
  await page.getByRole('button', { name: 'Promeni lozinku' }).click();
  await page.waitForURL((u) => u.pathname === '/kupovina/podaci-dostava');
  await page.locator('.ot-account__label', { hasText: 'Nikola' }).waitFor();
  assert.deepEqual(problems.filter((p) => !p.includes('/users/password')), []);
});

test('the mini cart\'s registration link: an empty cart shows the empty-cart toast, a filled one leads to the registration check', async () => {
  const { page, problems } = await open('/', 375);
  await page.locator('.ot-minicart__btn').click();
  await page.getByRole('button', { name: 'Registruj se' }).click();
  await toast(page, 'Tvoja korpa je prazna.').waitFor();
  await addPhone(page);
  await page.locator('.ot-minicart__btn').click();
  await page.getByRole('button', { name: 'Registruj se' }).click();
  await page.waitForURL((u) => u.pathname === '/kupovina/registracija-provera');
  await page.getByRole('heading', { level: 1, name: 'Kupovina sa nalogom' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/registration-check-375.png`, fullPage: true });
  assert.deepEqual(problems, []);
});

test('a customer without an e-mail is sent to /podaci/dopuni-podatke, confirms one by code and goes on to checkout', async () => {
  const { page, problems } = await open('/');
  await addPhone(page);
  await page.locator('.ot-minicart__btn').click();
  await page.locator('.ot-minicart__panel .ot-btn--primary').click();
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await page.waitForURL((u) => u.pathname === '/Prijava-b2c');
  await page.locator('[data-form="login"] input').first().fill('bez.imejla');
  await page.locator('[data-form="login"] input[type="password"]').fill(PASSWORD);
  await page.locator('[data-form="login"] input[type="password"]').press('Enter');
  await page.waitForURL((u) => u.pathname === '/podaci/dopuni-podatke');
  await page.getByRole('heading', { level: 1, name: 'Dopuni podatke' }).waitFor();
  await field(page, 'Imejl adresa').fill('petar.popovic@primer.rs');
  const before = mailbox.mails.length;
  await page.getByRole('button', { name: 'Pošalji kod' }).click();
  await field(page, 'Kod iz poruke').fill(await mailbox.codeFor('petar.popovic@primer.rs', before));
  await page.getByRole('button', { name: 'Sačuvaj imejl adresu' }).click();
  await page.waitForURL((u) => u.pathname === '/kupovina/podaci-dostava');
  await page.locator('.ot-account__label', { hasText: 'Petar' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('user_data')), 'petar.popovic@primer.rs');
  assert.deepEqual(problems, []);
});

test('leaving the username field asks the server once: a taken username shows the error toast and the field\'s error; no request per keystroke', async () => {
  const { page, problems } = await open('/Registracija-b2c/Registracija-opcije?tip=novi');
  const checks: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/checkusername')) checks.push(r.postData() ?? ''); });
  const user = field(page, 'Korisničko ime');
  await user.click();
  await user.pressSequentially('marko.petrovic');
  assert.equal(checks.length, 0, 'typing asks nothing');
  await page.keyboard.press('Tab');
  await toast(page, 'Korisničko ime je zauzeto. Izaberi drugo.').waitFor();
  const fieldError = page.locator('.sf-field--invalid .sf-error', { hasText: 'Korisničko ime je zauzeto. Izaberi drugo.' });
  await fieldError.waitFor();
  assert.equal(await user.getAttribute('aria-invalid'), 'true');
  const described = (await user.getAttribute('aria-describedby')) ?? '';
  assert.ok(described.split(' ').includes((await fieldError.getAttribute('id')) ?? '-'), 'the field is described by its error');
  assert.deepEqual(checks.map((b) => JSON.parse(b)), [{ username: 'marko.petrovic' }]);
  await page.screenshot({ path: `${SHOTS}/registration-username-taken-1280.png` });
  // leaving it again unchanged asks nothing; a new name is asked once, and a free one clears the error
  await user.focus();
  await page.keyboard.press('Tab');
  await user.fill('milena.slobodna');
  const answered = page.waitForResponse((r) => r.url().includes('/checkusername'));
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await answered;
  assert.deepEqual(checks.map((b) => JSON.parse(b).username), ['marko.petrovic', 'milena.slobodna']);
  await fieldError.waitFor({ state: 'detached' });
  assert.notEqual(await user.getAttribute('aria-invalid'), 'true');
  assert.deepEqual(problems, []);
});
