// Self-care in the browser against the real server (seed 001 §2, §5, §7, §8): the main navigation's "Dopuna"
// leads to the top-up page; a prepaid number is topped up with a preset amount through the gateway page and the
// status page shows the card transaction; bad input (a postpaid number, an amount out of range) is refused.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { suite } from './shopper';

const s = suite('selfcare');
const { test, open } = s;

async function payOnGateway(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/gateway\/selfcare\/pay\//);
  await page.getByLabel('Broj kartice').fill(card);
  await page.getByLabel('Važi do (MM/GG)').fill('12/39');
  await page.getByLabel('CVC/CVV').fill('123');
  await page.getByLabel('Ime i prezime na kartici').fill('Marija Petrović');
  await page.getByRole('button', { name: /^Plati/ }).click();
}

test('"Dopuna" in the main navigation: top up a prepaid number with a preset amount and see the receipt', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await page.getByRole('navigation').getByRole('link', { name: 'Dopuna' }).first().click();
  await page.waitForURL(/\/Privatni\/Mobilna\/Pripejd\/Dopuni-kredit$/);
  await page.getByRole('heading', { level: 1, name: 'Dopuna kredita' }).waitFor();
  await page.getByLabel('Broj telefona').fill('0641234567');
  await page.getByRole('button', { name: '500 RSD' }).click();
  // a click made before the page came alive is replayed once it is (the link above may have loaded the page anew)
  await page.getByRole('button', { name: '500 RSD', pressed: true }).waitFor();
  assert.equal(await page.getByLabel('Iznos dopune (RSD)').inputValue(), '500');
  await page.screenshot({ path: `${SHOTS}/selfcare-topup-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Plati karticom' }).click();
  await payOnGateway(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/Dopuni-kredit\/Status\?orderId=TU\d+/);
  await page.getByRole('heading', { name: 'Dopuna je uspešna' }).waitFor();
  const receipt = page.locator('.ot-receipt__card');
  assert.equal((await receipt.locator('[data-field="formattedAmountWithTax"] dd').innerText()).trim(), '500,00 RSD');
  assert.equal((await receipt.locator('[data-field="formattedTaxAmount"] dd').innerText()).trim(), '83,33 RSD');
  assert.equal((await receipt.locator('[data-field="transactionStatus"] dd').innerText()).trim(), 'Odobrena');
  assert.match((await receipt.locator('[data-field="approvalNumber"] dd').innerText()).trim(), /^\d{6}$/);
  assert.match((await receipt.locator('[data-field="orderId"] dd').innerText()).trim(), /^TU\d{10}$/);
  await page.getByText('Broj: 064 1234567').waitFor();
  await page.screenshot({ path: `${SHOTS}/selfcare-topup-status-1280.png`, fullPage: true });
  assert.deepEqual(problems, []);
});

test('a declined card: "amount not credited, account not charged" on the status page (375 px)', async () => {
  const { page } = await open({ width: 375, height: 812 });
  await page.goto(`${s.url}/Privatni/Mobilna/Pripejd/Dopuni-kredit`);
  await page.getByLabel('Broj telefona').fill('+381631234567');
  await page.getByLabel('Iznos dopune (RSD)').fill('750');
  await page.screenshot({ path: `${SHOTS}/selfcare-topup-375.png`, fullPage: true });
  await page.getByRole('button', { name: 'Plati karticom' }).click();
  await payOnGateway(page, '4000 0000 0000 0002');
  await page.getByRole('heading', { name: 'Dopuna nije uspela' }).waitFor();
  await page.getByText('Iznos nije dopunjen, račun nije zadužen.', { exact: false }).waitFor();
  assert.equal((await page.locator('[data-field="transactionStatus"] dd').innerText()).trim(), 'Odbijena');
  await page.screenshot({ path: `${SHOTS}/selfcare-topup-failed-375.png`, fullPage: true });
});

test('bad input: an amount out of range is stopped in the form, a postpaid number by the server', async () => {
  const { page } = await open();
  await page.goto(`${s.url}/Privatni/Mobilna/Pripejd/Dopuni-kredit`);
  await page.getByLabel('Broj telefona').fill('0641234567');
  await page.getByLabel('Iznos dopune (RSD)').fill('199');
  await page.getByRole('button', { name: 'Plati karticom' }).click();
  await page.getByText('Verdnost mora da bude između 200 i 3000 RSD.').first().waitFor(); // the field's error and the error summary (the spec's own spelling)
  await page.getByLabel('Broj telefona').fill('0601234567');
  await page.getByLabel('Iznos dopune (RSD)').fill('3000');
  await page.getByRole('button', { name: 'Plati karticom' }).click();
  await page.getByText('Dopuna je moguća samo za pripejd brojeve i brojeve sa kontrolom troškova.').waitFor();
  assert.match(page.url(), /\/Dopuni-kredit$/);
  await page.screenshot({ path: `${SHOTS}/selfcare-topup-refused-1280.png`, fullPage: true });
});

async function findBill(page: Page, customer: string, reference: string): Promise<void> {
  await page.getByLabel('Broj korisnika').fill(customer);
  await page.getByLabel('Poziv na broj').fill(reference);
  await page.getByRole('button', { name: 'Pronađi račun' }).click();
}

test('"Plaćanje računa" in the main navigation: find a bill, consent, pay by card, see the receipt; the bill is then paid', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await page.getByRole('navigation').getByRole('link', { name: 'Plaćanje računa' }).first().click();
  await page.waitForURL(/\/placanje-racuna$/);
  await findBill(page, '1000001', '202610000011');
  await page.getByRole('heading', { name: 'Pronađeni račun' }).waitFor();
  assert.equal((await page.locator('.ot-bill [data-field="amount"]').innerText()).trim(), '2.499,00 RSD');
  // the consents are required
  await page.getByRole('button', { name: 'Plati račun karticom' }).click();
  await page.getByText('Tvoja saglasnost sa navedenim dokumentom je obavezna.').first().waitFor();
  assert.match(page.url(), /\/placanje-racuna$/);
  await page.getByLabel('Prihvatam Opšte uslove korišćenja').check();
  await page.getByLabel('Prihvatam Politiku privatnosti').check();
  await page.getByLabel('Upoznat/a sam sa Obaveštenjem o obradi podataka o ličnosti').check();
  await page.screenshot({ path: `${SHOTS}/selfcare-bill-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Plati račun karticom' }).click();
  await payOnGateway(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/placanje-racuna\/rezultat\?orderId=BP\d+/);
  await page.getByRole('heading', { name: 'Račun je plaćen' }).waitFor();
  assert.equal((await page.locator('[data-field="formattedAmountWithTax"] dd').innerText()).trim(), '2.499,00 RSD');
  assert.match((await page.locator('[data-field="approvalNumber"] dd').innerText()).trim(), /^\d{6}$/);
  await page.screenshot({ path: `${SHOTS}/selfcare-bill-result-1280.png`, fullPage: true });
  // paid exactly once: the same bill is now "already paid"
  await page.getByRole('link', { name: 'Plati drugi račun' }).click();
  await findBill(page, '1000001', '202610000011');
  await page.getByText('Ovaj račun je već plaćen.').waitFor();
  assert.deepEqual(problems.filter((p) => !/ 409 /.test(p)), []);
});

test('each seeded bill outcome shows its message (375 px)', async () => {
  const { page } = await open({ width: 375, height: 812 });
  await page.goto(`${s.url}/placanje-racuna`);
  const cases: Array<[string, string, string, string]> = [
    ['1000001', '202609000011', 'Račun je već plaćen', 'Ovaj račun je već plaćen.'],
    ['1000001', '202610999999', 'Račun nije pronađen', 'Račun nije pronađen. Proveri broj korisnika i poziv na broj sa računa.'],
    ['1000002', '202610000021', 'Plaćanje je u obradi', 'Uplata za ovaj račun je u obradi. Proveri stanje za nekoliko sati.'],
    ['1000003', '202610000031', 'Usluga nije dostupna', 'Plaćanje računa trenutno nije dostupno. Pokušaj ponovo kasnije.'],
    ['1000002', '202610000022', 'Račun je storniran', 'Ovaj račun je storniran i ne može se platiti.'],
  ];
  for (const [customer, reference, title, text] of cases) {
    await findBill(page, customer, reference);
    const box = page.getByRole('alert').filter({ hasText: text });
    await box.waitFor();
    await box.getByText(title, { exact: true }).waitFor();
  }
  await page.screenshot({ path: `${SHOTS}/selfcare-bill-outcome-375.png`, fullPage: true });
  await findBill(page, '1000001', '202610000012');
  await page.getByRole('heading', { name: 'Pronađeni račun' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/selfcare-bill-375.png`, fullPage: true });
});

async function registerPrepaid(page: Page, t: Record<string, string>, msisdn: string, code: string): Promise<void> {
  await page.getByLabel(t.number).fill(msisdn);
  await page.getByRole('button', { name: t.check }).click();
  await page.getByLabel(t.code).fill(code);
  await page.getByLabel(new RegExp(`^${t.firstName}`)).fill('Ana');
  await page.getByLabel(new RegExp(`^${t.lastName}`)).fill('Marković');
  await page.getByLabel(t.jmbg).fill('0101990710008');
  await page.getByLabel(t.document).fill('009876543');
  await page.getByLabel(t.consent).check();
  await page.getByRole('group', { name: t.slot }).getByRole('button').first().click();
}

test('register a prepaid number in Serbian (footer link), with a wrong code first', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Registracija pripejd broja' }).click();
  await page.waitForURL(/\/Registracija-pripejd-broja$/);
  const t = { number: 'Pripejd broj', check: 'Proveri broj', code: 'Kod sa pakovanja SIM kartice', firstName: 'Ime', lastName: 'Prezime', jmbg: 'JMBG', document: 'Broj dokumenta', consent: 'Saglasan/na sam sa obradom podataka o ličnosti radi registracije broja', slot: 'Termin video identifikacije (08–20 h)' };
  await registerPrepaid(page, t, '0641111111', 'WRONG1');
  await page.getByText(/registruj najkasnije do/).waitFor();
  await page.screenshot({ path: `${SHOTS}/selfcare-prepaid-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Registruj broj' }).click();
  await page.getByText('Kod nije ispravan. Proveri kod sa pakovanja SIM kartice.').waitFor();
  await page.getByLabel(t.code).fill('ORB111');
  await page.getByRole('button', { name: 'Registruj broj' }).click();
  await page.getByRole('heading', { name: 'Broj je registrovan' }).waitFor();
  await page.getByText(/Broj 064 1111111 je registrovan\. Video identifikacija:/).waitFor();
  await page.screenshot({ path: `${SHOTS}/selfcare-prepaid-done-1280.png`, fullPage: true });
  // registered once: the same number again is refused
  await page.getByRole('button', { name: 'Drugi broj' }).click();
  await page.getByLabel(t.number).fill('0641111111');
  await page.getByRole('button', { name: t.check }).click();
  await page.getByText('Ovaj broj je već registrovan.').waitFor();
  assert.deepEqual(problems.filter((p) => !/ 400 /.test(p)), []);
});

test('register a prepaid number on the English page (-eng, 375 px); a number past its 24 hours is refused', async () => {
  const { page } = await open({ width: 375, height: 812 });
  await page.goto(`${s.url}/Privatni/Mobilna/Pripejd/Registracija-pripejd-broja-eng`);
  await page.getByRole('heading', { level: 1, name: 'Prepaid number registration' }).waitFor();
  await page.getByLabel('Prepaid number').fill('0641111119');
  await page.getByRole('button', { name: 'Check the number' }).click();
  await page.getByText('The 24-hour registration period has ended; the reserved funds have been released.').waitFor();
  const t = { number: 'Prepaid number', check: 'Check the number', code: 'Code from the SIM card package', firstName: 'First name', lastName: 'Last name', jmbg: 'Personal identification number (JMBG)', document: 'Document number', consent: 'I consent to the processing of my personal data to register the number', slot: 'Video identification time (8 am – 8 pm)' };
  await registerPrepaid(page, t, '+381641111112', 'ORB112');
  await page.screenshot({ path: `${SHOTS}/selfcare-prepaid-375.png`, fullPage: true });
  await page.getByRole('button', { name: 'Register the number' }).click();
  await page.getByRole('heading', { name: 'The number is registered' }).waitFor();
  await page.getByText(/Number 064 1111112 is registered/).waitFor();
});
