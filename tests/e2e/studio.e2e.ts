// The studio in Chromium against a development server (`server/main.ts --dev`) on a TEMPORARY COPY of schemas/
// (SCHEMAS_DIR; the real folder is never written): staff signs in, opens the guest form, sees the checker's
// errors for a broken edit and the live preview of a valid one (a new "company" field), saves, and a shop tab
// already open on the data and delivery step shows the new field without a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, ROOT, SHOTS, startShop, type ShopServer } from './lib';
import { field, phoneIntoGuestCheckout } from './shopper';

let shop: ShopServer;
let browser: Browser;
let tmp: string;
let schemasDir: string;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  tmp = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  schemasDir = join(tmp, 'schemas');
  cpSync(join(ROOT, 'schemas'), schemasDir, { recursive: true });
  // the new field's label, added to both languages the way tools/messages-add.mjs does it
  for (const [lang, text] of [['sr', 'Naziv firme'], ['en', 'Company name']] as const) {
    const file = join(schemasDir, 'messages', `${lang}.json`);
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    messages['checkout.guest.company'] = text;
    writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
  }
  // the call the guest form submits takes the new field (a form's field must reach its call's body:
  // tools/schemas/form-bindings.ts), as docs/SCHEMAS.md recipe 6 does it
  const contract = join(schemasDir, 'api', 'checkout.json');
  const api = JSON.parse(readFileSync(contract, 'utf8')) as { $defs: { GuestBody: { properties: { customerData: { properties: Record<string, unknown> } } } } };
  api.$defs.GuestBody.properties.customerData.properties.company = { type: 'string', maxLength: 60 };
  writeFileSync(contract, `${JSON.stringify(api, null, 2)}\n`);
  shop = await startShop({}, { dev: true, schemasDir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Signs the page's browser context in (the sid cookie of the context is the session the studio checks). */
async function signInAs(page: Page, email: string): Promise<void> {
  const token = await page.context().request.get(`${shop.url}/selfcare/b2c/auth/token`);
  const bearer = (await token.json()).data.token as string;
  const res = await page.context().request.post(`${shop.url}/selfcare/b2c/user/authorize`, {
    headers: { authorization: `Bearer ${bearer}`, lang: '1' },
    data: { userId: email, encodedPassword: Buffer.from('Orbita2026!').toString('base64'), rememberMe: false },
  });
  assert.equal(res.status(), 200);
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'JSON dokumenta schemas/forms/guest.json' });
const preview = (page: Page) => page.getByTestId('studio-preview');
const problems = (page: Page) => page.getByTestId('studio-errors');

test('a customer gets the localized 403 page; staff gets the studio, in Serbian or English', async () => {
  const { page } = await newPage(browser);
  await signInAs(page, 'kupac@orbita.rs');
  const res = await page.goto(`${shop.url}/studio`);
  assert.equal(res?.status(), 403);
  await page.getByRole('heading', { name: 'Pristup nije dozvoljen' }).waitFor();
  await page.context().close();

  const staffTab = await newPage(browser, { width: 1440, height: 960 });
  await signInAs(staffTab.page, 'staff@orbita.rs');
  assert.equal((await staffTab.page.goto(`${shop.url}/studio`))?.status(), 200);
  await staffTab.page.getByText('Izaberi dokument sa spiska levo.').waitFor();
  // the studio's own texts in English
  await staffTab.page.getByRole('button', { name: 'English', exact: true }).click();
  await staffTab.page.getByRole('heading', { name: 'Schema studio' }).waitFor();
  await staffTab.page.getByRole('button', { name: /^guest-or-login/ }).click();
  await staffTab.page.getByText('No errors — the whole schema set is valid.').waitFor();
  await staffTab.page.screenshot({ path: `${SHOTS}/studio-english-1440.png` });
  assert.deepEqual(staffTab.problems, []);
  await staffTab.page.context().close();
});

test('staff edits the guest form in the studio: errors, live preview, save, and the open shop tab updates without a reload', async () => {
  // the shop tab, already on the data and delivery step
  const shopTab = await newPage(browser);
  await phoneIntoGuestCheckout(shopTab.page, shop.url);
  await field(shopTab.page, 'Ime').fill('Jelena');
  await shopTab.page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });
  assert.equal(await field(shopTab.page, 'Naziv firme').count(), 0);

  const studio = await newPage(browser, { width: 1440, height: 960 });
  const page = studio.page;
  try {
    await signInAs(page, 'staff@orbita.rs');
    await page.goto(`${shop.url}/studio`);
    await page.getByRole('heading', { name: 'Studio šema' }).waitFor();
    const forms = page.getByRole('navigation', { name: 'Dokumenti' }).locator('section', { has: page.getByRole('heading', { name: 'Forme' }) });
    await forms.getByRole('button', { name: /^guest/ }).click();
    await editor(page).waitFor();
    await problems(page).getByText('Nema grešaka').waitFor();
    await preview(page).getByRole('textbox', { name: 'Ime', exact: true }).waitFor();
    const original = await editor(page).inputValue();
    assert.equal(original, readFileSync(join(schemasDir, 'forms', 'guest.json'), 'utf8'));

    // a broken edit: a misspelt message key is reported with its line and a suggestion; save is refused
    await editor(page).fill(original.replace('"ui:title": "checkout.guest.customerData"', '"ui:title": "checkout.guest.customerDta"'));
    await problems(page).getByText('Da li ste mislili „checkout.guest.customerData“?').first().waitFor();
    const line = original.slice(0, original.indexOf('"ui:title": "checkout.guest.customerData"')).split('\n').length;
    await problems(page).getByRole('button', { name: new RegExp(`^red ${line}, kolona \\d+$`) }).first().waitFor();
    assert.equal(await page.locator('.st-editor__line--error').count(), 1);
    assert.equal(await page.getByRole('button', { name: 'Sačuvaj' }).isDisabled(), true);
    await page.screenshot({ path: `${SHOTS}/studio-error-1440.png` });

    // a valid edit: the new field appears in the preview
    const doc = JSON.parse(original);
    doc.schema.properties.customerData.properties.company = { type: 'string', maxLength: 60 };
    doc.uiSchema.customerData['ui:order'].push('company');
    doc.uiSchema.customerData.company = { 'ui:title': 'checkout.guest.company' };
    const edited = `${JSON.stringify(doc, null, 2)}\n`;
    await editor(page).fill(edited);
    await problems(page).getByText('Nema grešaka').waitFor();
    await preview(page).getByRole('textbox', { name: 'Naziv firme', exact: true }).waitFor();
    // the preview validates with the draft's validator: over 60 characters is refused
    await preview(page).getByRole('textbox', { name: 'Naziv firme', exact: true }).fill('x'.repeat(61));
    await preview(page).getByRole('button', { name: 'Proveri formu' }).click();
    await preview(page).locator('[aria-invalid="true"]').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/studio-preview-1440.png` });

    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await page.getByText('Sačuvano. Otvorene stranice prodavnice prikazuju izmenu.').waitFor();
    assert.equal(readFileSync(join(schemasDir, 'forms', 'guest.json'), 'utf8'), edited);

    // the shop tab shows the new field without a reload, and keeps what was typed
    await field(shopTab.page, 'Naziv firme').waitFor({ timeout: 15_000 });
    assert.equal(await shopTab.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true);
    assert.equal(await field(shopTab.page, 'Ime').inputValue(), 'Jelena');
    await shopTab.page.screenshot({ path: `${SHOTS}/studio-shop-updated-1280.png`, fullPage: true });

    assert.deepEqual(studio.problems, []);
    assert.deepEqual(shopTab.problems, []);
  } catch (err) {
    await page.screenshot({ path: `${SHOTS}/FAILED-studio-0.png`, fullPage: true }).catch(() => {});
    await shopTab.page.screenshot({ path: `${SHOTS}/FAILED-studio-1.png`, fullPage: true }).catch(() => {});
    throw err;
  }
});

test('previews a screen inside its layout in a fixture state, and a modal whose actions are recorded, not run', async () => {
  const { page, problems: pageProblems } = await newPage(browser, { width: 1440, height: 960 });
  await signInAs(page, 'staff@orbita.rs');
  await page.goto(`${shop.url}/studio?file=${encodeURIComponent('schemas/screens/checkout-data-delivery.json')}`);
  await page.getByLabel('Stanje').selectOption({ label: 'Telefon sa tarifom u korpi' });
  await preview(page).getByRole('heading', { name: 'Tvoji podaci i dostava' }).waitFor();
  await preview(page).getByText('Orbita Max M').first().waitFor();
  await preview(page).getByRole('textbox', { name: 'Ime', exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/studio-screen-1440.png` });

  await page.goto(`${shop.url}/studio?file=${encodeURIComponent('schemas/modals/guest-or-login.json')}`);
  const dialog = preview(page).getByRole('dialog');
  await dialog.getByRole('button', { name: 'Nastavi kao gost' }).click();
  const actions = page.getByRole('complementary', { name: 'Pregled' }).getByRole('region', { name: 'Akcije (zabeležene, ne izvršavaju se)' });
  await actions.getByText('checkout.continueAsGuest').waitFor();
  await page.screenshot({ path: `${SHOTS}/studio-modal-1440.png` });
  assert.deepEqual(pageProblems, []);
});
