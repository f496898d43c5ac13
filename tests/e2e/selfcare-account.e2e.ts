// Self-care and profile in the browser against the real server (development mode, for the /dev/outbox page that
// shows the one-time codes): the footer's do-not-call register — add a mobile number, then remove it, each confirmed
// by the code sent to the number and shown with its date; the footer's contact form is sent and acknowledged with a
// ticket; "Kako do nas" lists the shops from the database; a signed-in customer changes a personal detail confirmed
// by the e-mail code and withdraws a consent.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, SHOTS } from './lib';
import { suite } from './shopper';

const s = suite('selfcare-account', { dev: true });
const { test, open } = s;

/** The newest code sent to `recipient` (the development outbox, /dev/outbox.json: newest first). */
async function codeFor(page: Page, recipient: string): Promise<string> {
  const { messages } = await (await page.request.get(`${s.url}/dev/outbox.json`)).json() as { messages: Array<{ recipient: string; body: string }> };
  const m = messages.find((x) => x.recipient === recipient);
  assert.ok(m, `no message to ${recipient}`);
  return /\b(\d{6})\b/.exec(m.body)![1]!;
}

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** Serious or critical WCAG 2.1 A/AA violations of the page, and heading-order ones (as tests/e2e/a11y.e2e.ts). */
async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const a = (window as unknown as { axe: { getRules(t: string[]): { ruleId: string }[]; run(c: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const rules = [...a.getRules(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).map((r) => r.ruleId), 'heading-order', 'page-has-heading-one'];
    const r = await a.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('heading') || v.id === 'page-has-heading-one')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

const toast = (page: Page, text: string) => page.locator('.sdui-toast', { hasText: text });

test('do-not-call register from the footer: add a mobile number, then remove it, each confirmed by the code sent to it', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Registar „Ne zovi”' }).click();
  await page.waitForURL(/\/Privatni\/Korisnicka-zona\/Registar-ne-zovi$/);
  await page.getByRole('heading', { level: 1, name: 'Registar „Ne zovi”' }).waitFor();
  await page.getByLabel('Broj telefona').fill('0645550011');
  await page.screenshot({ path: `${SHOTS}/dontcall-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Pošalji kod' }).click();
  await page.getByText('Poslali smo kod na broj 064 5550011.', { exact: false }).waitFor();
  assert.deepEqual(await axe(page), []);
  // a wrong code first
  const code = await codeFor(page, '381645550011');
  await page.getByLabel('Kod iz poruke').fill(code === '100000' ? '100001' : '100000');
  await page.getByRole('button', { name: 'Potvrdi' }).click();
  await page.getByText('Kod nije ispravan.').first().waitFor();
  await page.getByLabel('Kod iz poruke').fill(code);
  await page.getByRole('button', { name: 'Potvrdi' }).click();
  await page.getByRole('heading', { name: 'Promena je zabeležena' }).waitFor();
  const added = await page.getByText(/Broj 064 5550011 je upisan u registar „Ne zovi” od \d{1,2}\. \S+ 20\d\d\.$/).innerText();
  assert.ok(added.length > 0);
  await page.screenshot({ path: `${SHOTS}/dontcall-added-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Nova promena' }).click();
  await page.getByLabel('Ukloni broj iz registra').check();
  await page.getByLabel('Broj telefona').fill('0645550011');
  await page.getByRole('button', { name: 'Pošalji kod' }).click();
  await page.getByText('Poslali smo kod na broj 064 5550011.', { exact: false }).waitFor();
  await page.getByLabel('Kod iz poruke').fill(await codeFor(page, '381645550011'));
  await page.getByRole('button', { name: 'Potvrdi' }).click();
  await page.getByText(/Broj 064 5550011 je uklonjen iz registra „Ne zovi”; pozive sa ponudama ponovo možeš da primaš od /).waitFor();
  // the one refusal is the wrong code typed on purpose
  assert.deepEqual(problems, ['HTTP 400 POST /hybris/ecommerce/b2c/v1/users/dontcall/msisdn/add']);
});

test('a fixed line already in the register cannot be added again (375 px)', async () => {
  const { page } = await open({ width: 375, height: 812 });
  await page.goto(`${s.url}/Privatni/Korisnicka-zona/Registar-ne-zovi`);
  await page.getByLabel('Fiksna linija').check();
  await page.getByLabel('Broj telefona').fill('011 3004000');
  await page.getByRole('button', { name: 'Pošalji kod' }).click();
  await page.getByText('Broj 011 3004000 je već u registru „Ne zovi”.').waitFor();
  await page.screenshot({ path: `${SHOTS}/dontcall-refused-375.png`, fullPage: true });
});

test('the contact form from the footer is sent and acknowledged with a ticket; Kako do nas lists the shops', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt forma' }).click();
  await page.waitForURL(/\/Privatni\/Korisnicka-zona\/Kontakt$/);
  await page.getByLabel('Tema').selectOption({ label: 'Račun i plaćanje' });
  await page.getByLabel(/^Ime\b/).fill('Ana');
  await page.getByLabel('Prezime').fill('Marić');
  await page.getByLabel('Imejl adresa').fill('ana.maric@primer.rs');
  await page.getByLabel('Poruka').fill('Kratko');
  await page.getByRole('button', { name: 'Pošalji poruku' }).click();
  await page.getByText('Polje mora imati između 10 i 2000 karaktera.').first().waitFor();
  await page.getByLabel('Poruka').fill('Račun za oktobar mi nije stigao na imejl.');
  await page.screenshot({ path: `${SHOTS}/contact-1280.png`, fullPage: true });
  assert.deepEqual(await axe(page), []);
  await page.getByRole('button', { name: 'Pošalji poruku' }).click();
  await page.getByRole('heading', { name: 'Hvala, poruka je primljena' }).waitFor();
  await page.getByText(/Tvoja poruka je zavedena pod brojem KT\d{8}\./).waitFor();
  await page.screenshot({ path: `${SHOTS}/contact-sent-1280.png`, fullPage: true });

  await page.getByRole('link', { name: 'Prodajna mesta i radno vreme' }).click();
  await page.waitForURL(/\/Kontakt\/Kako-do-nas$/);
  await page.getByText('Bulevar kralja Aleksandra 73, 11000 Beograd').waitFor();
  await page.getByText('Obrenovićeva 38, 18000 Niš').waitFor();
  await page.getByText('Telefon: 011 300 3001').waitFor();
  await page.screenshot({ path: `${SHOTS}/locations-1280.png`, fullPage: true });
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(problems, []);
});

test('a signed-in customer changes a personal detail (confirmed by the e-mail code) and withdraws a consent', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await page.locator('.ot-account__btn').click();
  await page.getByLabel('Imejl ili korisničko ime').fill('kupac@orbita.rs');
  await page.getByLabel('Lozinka', { exact: true }).fill('Orbita2026!');
  await page.getByLabel('Lozinka', { exact: true }).press('Enter');
  await page.locator('.ot-account__btn', { hasText: 'Marko' }).waitFor();
  await page.locator('.ot-account__btn').click();
  await page.getByRole('link', { name: 'Moji podaci i saglasnosti' }).click();
  await page.waitForURL(/\/Profil\/Izmena-licnih-podataka$/);
  const last = page.getByLabel('Prezime');
  await page.waitForFunction(() => (document.querySelector('input[id$="lastName"]') as HTMLInputElement | null)?.value === 'Petrović');
  await last.fill('Petrović Jovanović');
  await page.screenshot({ path: `${SHOTS}/profile-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Pošalji kod za potvrdu' }).click();
  await page.getByText('Poslali smo kod na ku***@orbita.rs.', { exact: false }).waitFor();
  await page.getByLabel('Kod za potvrdu').fill(await codeFor(page, 'kupac@orbita.rs'));
  await page.getByRole('button', { name: 'Sačuvaj izmene' }).click();
  await toast(page, 'Lični podaci su sačuvani.').waitFor();
  await page.locator('.ot-account__btn').click();
  await page.locator('.ot-account__name', { hasText: 'Marko Petrović Jovanović' }).waitFor();
  await page.keyboard.press('Escape');

  const withdraw = page.getByRole('button', { name: 'Povuci saglasnost: Želim da dobijam ponude i novosti' });
  await withdraw.click();
  await toast(page, 'Saglasnost je povučena.').waitFor();
  await page.getByRole('button', { name: 'Daj saglasnost: Želim da dobijam ponude i novosti' }).waitFor();
  assert.equal(await withdraw.count(), 0);
  // still signed in after the rotated sessions: a reload shows the new name and the withdrawn consent
  await page.reload();
  await page.getByRole('button', { name: 'Daj saglasnost: Želim da dobijam ponude i novosti' }).waitFor();
  await page.waitForFunction(() => (document.querySelector('input[id$="lastName"]') as HTMLInputElement | null)?.value === 'Petrović Jovanović');
  await page.screenshot({ path: `${SHOTS}/profile-consents-1280.png`, fullPage: true });
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(problems, []);
});

test('a signed-in customer changes the e-mail address: a code to the new address, an address in use refused, the old address told; only the new one signs in', async () => {
  const signIn = async (page: Page, login: string) => {
    await page.locator('.ot-account__btn').click();
    await page.getByLabel('Imejl ili korisničko ime').fill(login);
    await page.getByLabel('Lozinka', { exact: true }).fill('Orbita2026!');
    await page.getByLabel('Lozinka', { exact: true }).press('Enter');
  };
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await signIn(page, 'staff@orbita.rs');
  await page.locator('.ot-account__btn', { hasText: 'Jelena' }).waitFor();
  await page.goto(`${s.url}/Profil/Izmena-licnih-podataka`);
  await page.getByText('Trenutna adresa: staff@orbita.rs').waitFor();
  const address = page.getByLabel('Nova imejl adresa');
  // an address another account uses: refused under the field, without telling whose
  await address.fill('kupac@orbita.rs');
  await page.getByRole('button', { name: 'Pošalji kod na novu adresu' }).click();
  const inUse = 'Ova imejl adresa se već koristi za drugi nalog. Unesi drugu adresu.';
  await page.locator('.sf-field--invalid .sf-error', { hasText: inUse }).waitFor();
  assert.equal(await address.getAttribute('aria-invalid'), 'true');
  await address.fill('jelena.nova@primer.rs');
  await page.getByRole('button', { name: 'Pošalji kod na novu adresu' }).click();
  await page.getByText('Kod je poslat na jelena.nova@primer.rs.', { exact: false }).waitFor();
  await page.screenshot({ path: `${SHOTS}/profile-email-code-1280.png`, fullPage: true });
  assert.deepEqual(await axe(page), []);
  await page.getByLabel('Kod iz poruke').fill(await codeFor(page, 'jelena.nova@primer.rs'));
  await page.getByRole('button', { name: 'Sačuvaj novu adresu' }).click();
  await toast(page, 'Imejl adresa je promenjena. Prijavljuješ se novom adresom.').waitFor();
  await page.getByText('Trenutna adresa: jelena.nova@primer.rs').waitFor();
  // the old address was told, with the new one partly hidden
  const { messages } = await (await page.request.get(`${s.url}/dev/outbox.json`)).json() as { messages: Array<{ recipient: string; subject: string; body: string }> };
  const notice = messages.find((m) => m.recipient === 'staff@orbita.rs');
  assert.equal(notice?.subject, 'Orbita: imejl adresa naloga je promenjena');
  assert.match(notice!.body, /je\*\*\*@primer\.rs/);
  // still signed in after the rotation: a reload shows the new address
  await page.reload();
  await page.getByText('Trenutna adresa: jelena.nova@primer.rs').waitFor();

  // 375 px, a fresh browser: the old address no longer signs in, the new one does
  const other = (await open({ width: 375 })).page;
  await other.goto(`${s.url}/`);
  await signIn(other, 'staff@orbita.rs');
  await other.getByText('Pogrešan imejl, korisničko ime ili lozinka.').first().waitFor();
  await other.getByLabel('Imejl ili korisničko ime').fill('jelena.nova@primer.rs');
  await other.getByLabel('Lozinka', { exact: true }).press('Enter');
  await other.locator('.ot-account__btn', { hasText: 'Jelena' }).waitFor();
  await other.goto(`${s.url}/Profil/Izmena-licnih-podataka`);
  await other.getByText('Trenutna adresa: jelena.nova@primer.rs').waitFor();
  await other.screenshot({ path: `${SHOTS}/profile-email-375.png`, fullPage: true });
  assert.deepEqual(await axe(other), []);
  assert.deepEqual(problems, ['HTTP 400 POST /hybris/ecommerce/b2c/v1/users/email/otp'], 'only the refused address in use');
});
