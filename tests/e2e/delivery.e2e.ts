// The personal-data and delivery steps of MOBILE (a signed-in customer buying a phone with a postpaid tariff):
// personal data (prefilled, ID document typed, "Na drugo lice") → number → delivery to a new address from the
// address system (municipality → locality → street → number) → overview; back, then delivery to a saved address →
// overview. Screenshots of both steps at 1280 and 375 px.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { axeViolations, describeViolations } from './axe';
import { cards, field, fillPersonalData, GUEST_CONTRACT_FIELDS, phoneIntoGuestCheckout, PLP, suite, throughDeviceSteps, signInAs, throughSuggested } from './shopper';

const s = suite('delivery');

const signIn = (page: Page, email: string) => signInAs(page, s.url, email);

/** Screenshots at 1280 and 375 px, and axe (WCAG 2.1 A/AA, headings) at both widths. */
async function shots(page: Page, name: string): Promise<void> {
  const vs = await axeViolations(page);
  assert.equal(vs.length, 0, `${name} @ 1280 px:\n${describeViolations(vs)}`);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  const narrow = await axeViolations(page);
  assert.equal(narrow.length, 0, `${name} @ 375 px:\n${describeViolations(narrow)}`);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

s.test('personal data, number, delivery to a new address from the address system and to a saved address, overview', async () => {
  const { page, problems } = await s.open();
  await signIn(page, 'staff@orbita.rs');
  await page.goto(`${s.url}${PLP}`);
  await cards(page).first().click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  await page.getByText('Jednokratno', { exact: true }).click();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await throughDeviceSteps(page);
  await page.getByRole('button', { name: 'Idi na plaćanje' }).click();
  await page.waitForURL(/\/kupovina\/licni-podaci$/);

  // the step guard: the delivery step before the personal data leads back here
  await page.goto(`${s.url}/kupovina/podaci-dostava`);
  await page.waitForURL(/\/kupovina\/licni-podaci$/);
  await fillPersonalData(page);
  assert.equal(await field(page, 'Ime').inputValue(), 'Jelena');
  // the own e-mail needs no code: no code box
  assert.equal(await page.getByRole('button', { name: 'Pošalji kod' }).count(), 0);
  // a minor's JMBG is refused by the server with the specification's message
  await page.getByRole('radio', { name: 'Na drugo lice' }).check();
  await field(page, 'JMBG').fill('0101015710005');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.getByText('Uneti JMBG je od maloletnog lica').first().waitFor();
  await field(page, 'JMBG').fill('1503985710010');
  await shots(page, 'delivery-personal');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/postavke-mobilne-usluge$/);

  await page.getByRole('radio', { name: /Izaberi novi broj/ }).check();
  await page.locator('.ot-numbers__item').first().click();
  await page.getByText(/je rezervisan za tvoju korpu do/).waitFor();
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await throughSuggested(page);
  await page.waitForURL(/\/kupovina\/podaci-dostava$/);

  // a new address through the four lookups
  await page.getByRole('radio', { name: 'Dostava na novu adresu' }).check();
  const pick = async (label: string, option: string) => {
    const sel = page.getByRole('combobox', { name: label, exact: true });
    await page.waitForFunction(([l, o]) => [...document.querySelectorAll('label')].some((x) => x.textContent === l
      && [...((document.getElementById(x.htmlFor) as HTMLSelectElement | null)?.options ?? [])].some((op) => op.text === o)), [label, option]);
    await sel.selectOption({ label: option });
  };
  await pick('Opština', 'Subotica');
  await pick('Mesto', 'Subotica');
  await pick('Ulica', 'Korzo');
  const numbers = page.getByRole('combobox', { name: 'Broj', exact: true });
  await page.waitForFunction(() => [...document.querySelectorAll('select')].some((s) => s.options.length > 2 && s.closest('.ot-numbers__field')?.textContent?.startsWith('Broj')));
  await numbers.selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Stan', exact: true }).fill('5');
  await shots(page, 'delivery-new-address');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByText(/Korzo \d+, stan 5, 24000 Subotica/).first().waitFor();

  // back to delivery: the store list and the renewal panel, then a saved address this time
  await page.goto(`${s.url}/kupovina/podaci-dostava`);
  await page.getByRole('radio', { name: 'Preuzimanje u prodajnom mestu' }).check();
  await page.getByRole('radio', { name: /Subotica.*Korzo 9, 24000 Subotica/ }).waitFor();
  await shots(page, 'delivery-pickup');
  await page.getByRole('radio', { name: /Produženje ugovora putem imejla/ }).check();
  assert.equal(await field(page, 'Imejl adresa za produženje').inputValue(), 'staff@orbita.rs');
  await shots(page, 'delivery-renewal');
  await page.getByRole('radio', { name: 'Dostava na sačuvanu adresu' }).check();
  await page.getByRole('radio', { name: /Bulevar Mihajla Pupina 10/ }).check();
  await shots(page, 'delivery-saved-address');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByText(/Bulevar Mihajla Pupina 10, ulaz 1, sprat 5, stan 21, 11070 Novi Beograd/).first().waitFor();
  // the minor's JMBG was refused on purpose (400)
  assert.deepEqual(problems.filter((p) => !/^HTTP 400 POST .*\/checkout\/customerinfo$/.test(p)), []);
});

s.test('a guest finds the address in the address system and the guest form fills in (free text stays possible)', async () => {
  const { page, problems } = await s.open();
  // "Kako do nas" lists the same shops the delivery step offers for pickup
  await page.goto(`${s.url}/Privatni/Korisnicka-zona/Kontakt/Kako-do-nas`);
  await page.getByRole('heading', { level: 2, name: 'Subotica' }).waitFor();
  await page.getByText('Korzo 9, 24000 Subotica').waitFor();
  await shots(page, 'delivery-locations');
  await phoneIntoGuestCheckout(page, s.url);
  await page.getByRole('heading', { name: 'Pronađi adresu' }).waitFor();
  const pick = async (label: string, option: string) => {
    await page.waitForFunction(([l, o]) => [...document.querySelectorAll('label')].some((x) => x.textContent === l
      && [...((document.getElementById(x.htmlFor) as HTMLSelectElement | null)?.options ?? [])].some((op) => op.text === o)), [label, option]);
    await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
  };
  await pick('Opština', 'Čačak');
  await pick('Mesto', 'Čačak');
  await pick('Ulica', 'Gradsko šetalište');
  await page.waitForFunction(() => [...document.querySelectorAll('select')].some((x) => x.options.length > 2 && x.closest('.ot-numbers__field')?.textContent?.startsWith('Broj')));
  await page.locator('.ot-numbers__field').filter({ hasText: /^Broj/ }).locator('select').selectOption({ index: 1 });
  await page.waitForFunction(() => (document.querySelector('[data-form="guest"] input[autocomplete="address-line1"]') as HTMLInputElement | null)?.value === 'Gradsko šetalište');
  assert.equal(await field(page, 'Mesto').inputValue(), 'Čačak');
  assert.equal(await field(page, 'Poštanski broj').inputValue(), '32000');
  await field(page, 'Ime').fill('Marija');
  await field(page, 'Prezime').fill('Petrović');
  await field(page, 'Imejl adresa').fill('marija.petrovic@example.rs');
  await field(page, 'Kontakt telefon').fill('641234567');
  // the phone's default tariff is a postpaid contract: its data (issue 27)
  for (const [label, value] of Object.entries(GUEST_CONTRACT_FIELDS)) await field(page, label).fill(value);
  await shots(page, 'delivery-guest-finder');
  await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
  await page.waitForURL(/\/kupovina\/pregled-placanje$/);
  await page.getByText(/Gradsko šetalište \d+, 32000 Čačak/).first().waitFor();
  assert.deepEqual(problems, []);
});
