// The studio in Chromium against a development server (`server/main.ts --dev`) on a TEMPORARY COPY of schemas/
// (SCHEMAS_DIR; the real folder is never written): staff signs in, opens the guest form, sees the checker's
// errors for a broken edit and the live preview of a valid one (a new "company" field), saves, and a shop tab
// already open on the data and delivery step shows the new field without a reload. The editor (CodeMirror, typed
// into with the keyboard) completes and explains from the kind's JSON Schema and shows the checker's errors at
// their lines; CodeMirror stays out of every chunk the shop loads. The preview is a frame of its own (/studio/preview)
// laid out at the width chosen (375 px: the shop's phone layout; 1280 px: the desktop's), scaled to the pane.
import { test, before, after } from './harness';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, ROOT, SHOTS, startShop, type ShopServer } from './lib';
import { field, phoneIntoGuestCheckout } from './shopper';
import { axeViolations, describeViolations } from './axe';

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

const editor = (page: Page, file = 'schemas/forms/guest.json') => page.getByRole('textbox', { name: `JSON dokumenta ${file}` });
/** Replaces the editor's whole text as typing would (CodeMirror's select-all, then the text as one input). */
async function setEditorText(page: Page, text: string, file?: string): Promise<void> {
  await editor(page, file).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}
/** The preview's frame (its document is the shop page drawn at the width chosen). */
const preview = (page: Page) => page.frameLocator('[data-testid="studio-preview-frame"]');
/** The frame's window, to measure it. */
async function previewFrame(page: Page) {
  const frame = await (await page.getByTestId('studio-preview-frame').elementHandle())?.contentFrame();
  assert.ok(frame, 'the preview frame');
  return frame;
}
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
    const original = readFileSync(join(schemasDir, 'forms', 'guest.json'), 'utf8');
    await editor(page).getByText('"$schema": "../meta/form.schema.json",').waitFor();

    // a broken edit: a misspelt message key is reported with its line and a suggestion; save is refused
    await setEditorText(page, original.replace('"ui:title": "checkout.guest.customerData"', '"ui:title": "checkout.guest.customerDta"'));
    await problems(page).getByText('Da li ste mislili „checkout.guest.customerData“?').first().waitFor();
    const line = original.slice(0, original.indexOf('"ui:title": "checkout.guest.customerData"')).split('\n').length;
    await problems(page).getByRole('button', { name: new RegExp(`^red ${line}, kolona \\d+$`) }).first().click();
    // the error is a diagnostic in the editor, on its line: the jump puts the caret there
    await page.locator('.cm-activeLine .cm-lintRange-error').waitFor();
    assert.equal(await page.locator('.cm-lineNumbers .cm-activeLineGutter').textContent(), String(line));
    assert.match(await page.locator('.cm-activeLine').textContent() ?? '', /checkout\.guest\.customerDta/);
    assert.equal(await page.getByRole('button', { name: 'Sačuvaj' }).isDisabled(), true);
    await page.screenshot({ path: `${SHOTS}/studio-error-1440.png` });

    // a valid edit: the new field appears in the preview
    const doc = JSON.parse(original);
    doc.schema.properties.customerData.properties.company = { type: 'string', maxLength: 60 };
    doc.uiSchema.customerData['ui:order'].push('company');
    doc.uiSchema.customerData.company = { 'ui:title': 'checkout.guest.company' };
    const edited = `${JSON.stringify(doc, null, 2)}\n`;
    await setEditorText(page, edited);
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

test('the editor completes from the kind\'s JSON Schema, explains on hover, shows a checker error on its line, and lets the keyboard leave', async () => {
  const file = 'schemas/screens/checkout-data-delivery.json';
  const { page, problems: pageProblems } = await newPage(browser, { width: 1280, height: 900 });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  try {
    await signInAs(page, 'staff@orbita.rs');
    const schema = page.waitForResponse((r) => new URL(r.url()).pathname === '/studio/api/schema');
    await page.goto(`${shop.url}/studio?file=${encodeURIComponent(file)}`);
    assert.equal((await schema).status(), 200);
    await problems(page).getByText('Nema grešaka').waitFor();

    // a new first property: typing a quote offers the screen's property names; Enter takes "pdf" with its colon
    await editor(page, file).click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('"pd');
    const completion = page.locator('.cm-tooltip-autocomplete');
    await completion.getByRole('option', { name: /^pdf/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/studio-editor-completion-1280.png` });
    await page.keyboard.press('Enter');
    await page.keyboard.type('5,');
    const line2 = page.locator('.cm-line', { hasText: '"pdf": 5,' });
    assert.equal(await line2.textContent(), '  "pdf": 5,');

    // the checker's error (a number where the PDF's address goes) is a diagnostic on line 2, and in the list
    await problems(page).getByRole('button', { name: /^red 2, kolona \d+$/ }).waitFor();
    await line2.locator('.cm-lintRange-error').waitFor();
    assert.equal(await page.locator('.cm-lineNumbers .cm-activeLineGutter').textContent(), '2');
    assert.equal(await page.locator('.cm-lint-marker-error').count(), 1);
    assert.equal(await editor(page, file).getAttribute('aria-invalid'), 'true');
    await page.screenshot({ path: `${SHOTS}/studio-editor-error-1280.png` });

    // hover on a property name: its title and description from the schema
    await page.locator('.cm-line', { hasText: '"route":' }).hover({ position: { x: 40, y: 8 } });
    const tip = page.locator('.cm-tooltip-hover');
    await tip.getByText('Route', { exact: true }).waitFor();
    assert.match(await tip.textContent() ?? '', /react-router/);
    await page.mouse.move(900, 20);

    // the keyboard leaves the editor: Tab is not taken for indenting (Escape first closes what is open)
    await editor(page, file).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('.cm-editor') !== null), false, 'Tab moved the focus out of the editor');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('cm-content')), true, 'Shift+Tab comes back');
    assert.equal(await line2.textContent(), '  "pdf": 5,');

    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    await page.keyboard.press('Control+Home');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('studio-editor').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/studio-editor-375.png` });
    await page.screenshot({ path: `${SHOTS}/studio-editor-375-page.png`, fullPage: true });
    const narrow = await axeViolations(page);
    assert.deepEqual(narrow, [], describeViolations(narrow));

    assert.deepEqual(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), [], 'no CSP violation');
    assert.deepEqual(pageProblems, []);
    assert.equal(readFileSync(join(schemasDir, 'screens', 'checkout-data-delivery.json'), 'utf8').includes('"pdf": 5'), false, 'nothing saved');
  } catch (err) {
    await page.screenshot({ path: `${SHOTS}/FAILED-studio-editor.png`, fullPage: true }).catch(() => {});
    throw err;
  } finally {
    await page.context().close();
  }
});

test('the preview is a frame at the width chosen: the phone layout at 375 px, the desktop at 1280, edits drawn live; axe and CSP clean', async () => {
  const file = 'schemas/screens/home.json';
  const { page, problems: pageProblems } = await newPage(browser, { width: 1280, height: 900 });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  // the fixture's products are made up: the seeded media has no pictures of them (tests/visual draws stand-ins too)
  await page.route('**/media/products/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>' }));
  try {
    await signInAs(page, 'staff@orbita.rs');
    await page.goto(`${shop.url}/studio?file=${encodeURIComponent(file)}`);
    await problems(page).getByText('Nema grešaka').waitFor();
    const widths = page.getByRole('radiogroup', { name: 'Širina' });
    const menu = preview(page).getByRole('button', { name: 'Meni' });
    const hero = preview(page).getByRole('heading', { level: 1, name: 'Novi telefon, bez velikog troška odjednom' });
    const frameWidth = async () => (await previewFrame(page)).evaluate(() => ({ inner: window.innerWidth, phone: matchMedia('(max-width: 599px)').matches }));

    // a screen opens at a desktop's width, scaled down to the pane: no menu button (the navigation's links instead)
    assert.equal(await widths.getByRole('radio', { name: '1280 px' }).isChecked(), true);
    await hero.waitFor();
    assert.deepEqual(await frameWidth(), { inner: 1280, phone: false });
    assert.equal(await menu.isVisible(), false);
    await page.getByTestId('studio-preview-scale').waitFor();

    // 375: the phone layout (the header's menu button), at its size in the pane
    await widths.getByRole('radio', { name: '375 px' }).check();
    await menu.waitFor();
    assert.deepEqual(await frameWidth(), { inner: 375, phone: true });
    assert.equal((await page.getByTestId('studio-preview-frame').boundingBox())?.width, 375);
    await page.screenshot({ path: `${SHOTS}/studio-preview-375-1280.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await menu.waitFor();
    await page.screenshot({ path: `${SHOTS}/studio-preview-375-1920.png` });

    // the keyboard: the arrow keys move along the switch (768, then 1280: the desktop layout again)
    await widths.getByRole('radio', { name: '375 px' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await widths.getByRole('radio', { name: '768 px' }).isChecked(), true);
    assert.equal((await frameWidth()).inner, 768);
    await page.keyboard.press('ArrowRight');
    assert.equal(await widths.getByRole('radio', { name: '1280 px' }).isChecked(), true);
    await menu.waitFor({ state: 'hidden' });
    assert.deepEqual(await frameWidth(), { inner: 1280, phone: false });
    await hero.waitFor();
    await page.screenshot({ path: `${SHOTS}/studio-preview-1280-1920.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/studio-preview-1280-1280.png` });

    // an edit of the draft is drawn in the frame (the hero's title from another text key)
    const original = readFileSync(join(schemasDir, 'screens', 'home.json'), 'utf8');
    await setEditorText(page, original.replace('"message": "home.hero.title"', '"message": "home.devices.title"'), file);
    await preview(page).getByRole('heading', { level: 1, name: 'Izdvojeni telefoni' }).waitFor();
    assert.equal(await hero.count(), 0);
    await problems(page).getByText('Nema grešaka').waitFor();

    const violations = await axeViolations(page);
    assert.deepEqual(violations, [], describeViolations(violations));
    const violationsIn = () => (window as unknown as { __csp?: string[] }).__csp ?? ['no listener'];
    assert.deepEqual(await page.evaluate(violationsIn), [], 'no CSP violation in the studio');
    assert.deepEqual(await (await previewFrame(page)).evaluate(violationsIn), [], 'no CSP violation in the preview frame');
    assert.deepEqual(pageProblems, []);
  } catch (err) {
    await page.screenshot({ path: `${SHOTS}/FAILED-studio-preview.png`, fullPage: true }).catch(() => {});
    throw err;
  } finally {
    await page.context().close();
  }
});

test('CodeMirror is only in a chunk the studio imports on demand: no shop page and no studio first load imports it', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
  const reach = (key: string, dynamic: boolean, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const i of [...(manifest[key]?.imports ?? []), ...(dynamic ? manifest[key]?.dynamicImports ?? [] : [])]) reach(i, dynamic, seen);
    return seen;
  };
  const codemirror = (keys: Set<string>) => [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js') && readFileSync(join(ROOT, 'dist', f), 'utf8').includes('cm-content'));
  const shop = new Set([...reach('index.html', true), ...reach('renderer/loader.ts', true)]);
  assert.ok(shop.size > 20, 'the shop\'s chunks were read');
  assert.deepEqual(codemirror(shop), [], 'no chunk the shop may load holds CodeMirror');
  assert.deepEqual(codemirror(reach('studio/index.html', false)), [], 'the studio page\'s first load holds no CodeMirror');
  assert.equal(codemirror(reach('studio/index.html', true)).length, 1, 'the studio imports CodeMirror on demand');
});
