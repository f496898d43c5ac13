// Add-ons and eSIM in the browser against the real server (seed 000 §1, §3, §7): on the device page's step 2 the
// tariff's add-ons (POST addAddon) and the eSIM choice (PATCH addEsim), the mini cart listing an add-on under its
// tariff and the eSIM tag, a tariff without eSIM, and the eSIM switch of the mini cart for a tariff bought alone.
import assert from 'node:assert/strict';
import type { Page, Response } from 'playwright-core';
import { SHOTS } from './lib';
import { suite } from './shopper';

const s = suite('extras');
const { test, open } = s;

const miniCart = (page: Page) => page.locator('.ot-minicart__panel');

async function openMiniCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
  await miniCart(page).waitFor();
}

async function closeMiniCart(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await miniCart(page).waitFor({ state: 'hidden' });
}

/** The mini cart's entries, in order: name text and whether drawn under the entry above. */
async function miniCartEntries(page: Page): Promise<{ name: string; nested: boolean; text: string }[]> {
  return miniCart(page).locator('.ot-minicart__entry').evaluateAll((els) => els.map((el) => ({
    name: (el.querySelector('.ot-minicart__name')?.textContent ?? '').trim(),
    nested: el.classList.contains('ot-minicart__entry--nested'),
    text: (el.textContent ?? '').replace(/\s+/g, ' '),
  })));
}

const isCall = (path: string, method: string) => (r: Response) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === method;

/** Galaxy A56 with `tariff` → "Dodaj u korpu" → step 2. */
async function phoneWithTariff(page: Page, tariff: string): Promise<void> {
  await page.goto(`${s.url}/uredjaj/SAMSUNG_GALAXY_A56/graphite/${tariff}`);
  await page.getByRole('heading', { level: 1, name: /Galaxy A56/ }).waitFor();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.getByRole('heading', { name: 'Dodaci uz telefon' }).waitFor();
}

for (const width of [1280, 375]) {
  test(`${width} px: phone + Orbita Max M → step 2: add the 10 GB add-on once, tick eSIM; the mini cart lists both; back and forth keeps them; remove the add-on`, async () => {
    const { page, problems } = await open({ width, height: 900 });
    await phoneWithTariff(page, 'ORBITA_MAX_M');
    const addons = page.getByRole('region', { name: 'Dodaci za tarifu' });
    await addons.waitFor();
    const item = addons.getByRole('listitem').filter({ hasText: 'Dodatnih 10 GB' });
    await item.getByText('10 GB interneta mesečno uz postpejd tarifu.').waitFor();
    await item.getByText('399,00 RSD').waitFor();
    // add it: POST addAddon with the tariff's entry number; the answer's cart shows it as added
    const added = page.waitForResponse(isCall('/users/carts/addaddon', 'POST'));
    await item.getByRole('button', { name: /^Dodaj/ }).click();
    const res = await added;
    assert.equal(res.status(), 200);
    const body = res.request().postDataJSON() as { code: string; entryNumber: number };
    const cart = (await res.json()).cart as { entries: { entryNumber: number; product: { code: string; productOfferingType: string } }[] };
    const tariff = cart.entries.find((e) => e.product.productOfferingType === 'TARIFF')!;
    assert.deepEqual(body, { code: 'ADDON_NET_10GB', entryNumber: tariff.entryNumber });
    assert.equal(tariff.product.code, 'ORBITA_MAX_M');
    await item.getByText('Dodato ✓').waitFor();
    // a second add is impossible: no add button any more, a remove button instead
    assert.equal(await item.getByRole('button', { name: /^Dodaj/ }).count(), 0);
    await item.getByRole('button', { name: /^Ukloni/ }).waitFor();

    // eSIM: Orbita Max M takes either; ticking it sends PATCH addEsim at once
    const esim = page.getByRole('checkbox', { name: 'Želim eSIM umesto fizičke SIM kartice' });
    assert.equal(await esim.isChecked(), false);
    const patched = page.waitForResponse(isCall('/checkout/esim', 'PATCH'));
    await esim.click();
    const patch = await patched;
    assert.equal(patch.status(), 200);
    assert.deepEqual(patch.request().postDataJSON(), { entryNumber: tariff.entryNumber, esimOptionSelected: true });
    assert.equal(await esim.isChecked(), true);
    await page.getByRole('region', { name: 'Dodaci za tarifu' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.mouse.wheel(0, -120);
    await page.screenshot({ path: `${SHOTS}/extras-step2-${width}.png` });

    // the mini cart: the add-on right under its tariff with its monthly price, the tariff tagged eSIM
    await openMiniCart(page);
    await miniCart(page).getByText('Dodatnih 10 GB').waitFor();
    const entries = await miniCartEntries(page);
    const t = entries.findIndex((e) => e.name.startsWith('Orbita Max M'));
    assert.ok(t >= 0, JSON.stringify(entries));
    assert.match(entries[t].name, /eSIM$/, 'the tariff is tagged eSIM');
    assert.deepEqual({ name: entries[t + 1].name, nested: entries[t + 1].nested }, { name: 'Dodatnih 10 GB', nested: true });
    assert.match(entries[t + 1].text, /Dodatak uz tarifu/);
    assert.match(entries[t + 1].text, /399,00 RSD ?\/mes\./);
    assert.equal((await page.getByRole('checkbox', { name: 'eSIM umesto SIM kartice' }).isChecked()), true, 'the mini cart switch agrees');
    await page.screenshot({ path: `${SHOTS}/extras-minicart-${width}.png` });
    await closeMiniCart(page);

    // on to the summary and back: the choices stay (the cart holds them)
    await page.getByRole('button', { name: 'Nastavi', exact: true }).click();
    const summary = page.getByRole('complementary', { name: 'Tvoja porudžbina' });
    await summary.getByText('Dodatnih 10 GB').waitFor();
    await summary.screenshot({ path: `${SHOTS}/extras-summary-${width}.png` });
    await page.getByRole('navigation', { name: 'Koraci kupovine uređaja' }).getByRole('button', { name: /Dodaci/ }).click();
    await item.getByText('Dodato ✓').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Želim eSIM umesto fizičke SIM kartice' }).isChecked(), true);

    // remove the add-on through the remove-item modal: the tariff and phone stay, the add-on can be added again
    await item.getByRole('button', { name: /^Ukloni/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ukloni iz korpe' });
    await dialog.getByText('Dodatnih 10 GB').first().waitFor();
    const removed = page.waitForResponse(isCall('/users/carts/entries', 'DELETE'));
    await dialog.getByRole('button', { name: 'Ukloni', exact: true }).click();
    const del = await removed;
    assert.equal(del.status(), 200);
    const left = (await del.json()).cart.entries.map((e: { product: { productOfferingType: string } }) => e.product.productOfferingType);
    assert.deepEqual(left.sort(), ['DEVICE', 'TARIFF']);
    await item.getByRole('button', { name: /^Dodaj/ }).waitFor();
    assert.deepEqual(problems, []);
  });
}

test('English: the add-ons and the eSIM choice in English', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/uredjaj/SAMSUNG_GALAXY_A56/graphite/ORBITA_MAX_M?lang=en`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const addons = page.getByRole('region', { name: 'Add-ons for your tariff' });
  await addons.getByText('10 GB of data a month with a postpaid tariff.').waitFor();
  await addons.getByText('RSD /month').first().waitFor();
  await page.getByRole('checkbox', { name: 'I want an eSIM instead of a physical SIM card' }).waitFor();
  await page.getByRole('region', { name: 'Add-ons for your tariff' }).locator('xpath=..').screenshot({ path: `${SHOTS}/extras-step2-en.png` });
  assert.deepEqual(problems, []);
});

test('a tariff without eSIM (Orbita Start, NONE): add-ons but no eSIM choice', async () => {
  const { page, problems } = await open();
  await phoneWithTariff(page, 'ORBITA_START');
  await page.getByRole('region', { name: 'Dodaci za tarifu' }).getByText('Dodatnih 10 GB', { exact: true }).waitFor();
  assert.equal(await page.getByRole('checkbox', { name: /eSIM/ }).count(), 0);
  assert.equal(await page.getByRole('group', { name: 'SIM kartica' }).count(), 0);
  assert.equal(await page.getByText(/samo kao eSIM/).count(), 0);
  assert.deepEqual(problems, []);
});

test('a tariff alone (home page → single-tariff modal): the mini cart offers the eSIM switch', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/`, { waitUntil: 'networkidle' });
  const added = page.waitForResponse(isCall('/users/carts/entry/add', 'POST'));
  await page.getByRole('button', { name: 'Kupi samo tarifu Max M' }).click();
  assert.equal((await added).status(), 200);
  const dialog = page.getByRole('dialog', { name: 'Tarifa je u korpi' });
  await dialog.getByRole('button', { name: 'Nastavi kupovinu' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await openMiniCart(page);
  const toggle = miniCart(page).getByRole('checkbox', { name: 'eSIM umesto SIM kartice' });
  assert.equal(await toggle.isChecked(), false);
  const patched = page.waitForResponse(isCall('/checkout/esim', 'PATCH'));
  await toggle.click();
  const patch = await patched;
  assert.equal(patch.status(), 200);
  assert.equal((patch.request().postDataJSON() as { esimOptionSelected: boolean }).esimOptionSelected, true);
  await miniCart(page).locator('.ot-minicart__name').getByText('eSIM', { exact: true }).waitFor();
  assert.equal(await toggle.isChecked(), true);
  await page.screenshot({ path: `${SHOTS}/extras-minicart-tariff-alone.png` });
  assert.deepEqual(problems, []);
});
