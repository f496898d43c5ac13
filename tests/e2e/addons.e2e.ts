// Add-ons and digital services in the browser against the real server (issue 13): /dodaci by category, an add-on
// without a tariff in the cart (the addon-needs-tariff modal), then with one (POST addAddon on the tariff entry),
// a digital service from /Digitalni-servisi bought on its page, and the roaming page's country pick in both languages.
import assert from 'node:assert/strict';
import type { Page, Response } from 'playwright-core';
import { SHOTS } from './lib';
import { suite } from './shopper';
import { axeViolations, describeViolations as describeAxe } from './axe';

const s = suite('addons');
const { test, open } = s;

const isCall = (path: string, method: string) => (r: Response) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === method;
const card = (page: Page, name: string) => page.locator('article.ot-addon-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A success in a tariff-only cart answers with the single-tariff modal (schemas/rules/cart-statuses.json): keep buying. */
async function keepBuying(page: Page): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Tarifa je u korpi' });
  await modal.getByRole('button', { name: 'Nastavi kupovinu' }).click();
  await modal.waitFor({ state: 'hidden' });
}

async function buyTariff(page: Page, code: string): Promise<void> {
  await page.goto(`${s.url}/Privatni/Tarife/${code}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const added = page.waitForResponse(isCall('/users/carts/entry/add', 'POST'));
  await page.getByRole('button', { name: 'Kupi tarifu' }).click();
  assert.equal((await added).status(), 200);
  await keepBuying(page);
}

for (const width of [1280, 375]) {
  test(`${width} px: /dodaci by category; an add-on needs a tariff (modal), then lands on the tariff; a digital service bought on its page`, async () => {
    const { page, problems } = await open({ width, height: 900 });
    await page.goto(`${s.url}/dodaci`);
    await page.getByRole('heading', { level: 1, name: 'Dodaci' }).waitFor();
    for (const h of ['Dodaci uz tarifu', 'Mobilni dodaci', 'Roming dodaci']) await page.getByRole('heading', { level: 2, name: h, exact: true }).waitFor();
    for (const h of ['Internet', 'Razgovori i poruke', 'Pripejd internet', 'Deljeni internet', 'Zapadni Balkan', 'Evropa', 'Ceo svet']) await page.getByRole('heading', { level: 3, name: h, exact: true }).waitFor();
    const net30 = card(page, 'Dodatnih 30 GB');
    await net30.getByText('799,00 RSD').waitFor();
    await net30.getByText('Kupuje se uz postpejd tarifu').waitFor();
    const vs = await axeViolations(page);
    assert.deepEqual(vs, [], describeAxe(vs));

    // no tariff in the cart: the modal says what to do and leads to the tariffs
    await net30.getByRole('button', { name: /^Dodaj u korpu/ }).click();
    const modal = page.getByRole('dialog', { name: 'Dodatak se kupuje uz tarifu' });
    await modal.getByText(/^Dodatnih 30 GB se kupuje uz postpejd tarifu\./).waitFor();
    await page.screenshot({ path: `${SHOTS}/addons-needs-tariff-${width}.png` });
    await modal.getByRole('button', { name: /Izaberi tarifu/ }).click();
    await page.waitForURL((u) => u.pathname === '/Privatni/Tarife/Uredjaji');

    // with a postpaid tariff in the cart the add-on goes onto its entry
    await buyTariff(page, 'ORBITA_MAX_S');
    await page.goto(`${s.url}/dodaci`);
    const added = page.waitForResponse(isCall('/users/carts/addaddon', 'POST'));
    await card(page, 'Dodatnih 30 GB').getByRole('button', { name: /^Dodaj u korpu/ }).click();
    const res = await added;
    assert.equal(res.status(), 200);
    const cart = (await res.json()).cart as { entries: Array<{ entryNumber: number; parentEntryNumber?: number | null; product: { code: string } }> };
    const tariff = cart.entries.find((e) => e.product.code === 'ORBITA_MAX_S')!;
    assert.deepEqual(res.request().postDataJSON(), { code: 'ADDON_NET_30GB', entryNumber: tariff.entryNumber });
    await keepBuying(page);
    await card(page, 'Dodatnih 30 GB').getByText('U korpi').waitFor();
    // a prepaid add-on is refused with the server's message
    await card(page, 'Pripejd 15 GB').getByRole('button', { name: /^Dodaj u korpu/ }).click();
    await page.getByText('Dodatak ADDON_PREPAID_NET_15GB se kupuje uz pripejd paket.').waitFor();

    // a digital service: the list, its page, bought as an add-on of the tariff
    await page.goto(`${s.url}/Digitalni-servisi`);
    await page.getByRole('heading', { level: 1, name: 'Digitalni servisi' }).waitFor();
    for (const name of ['Deezer Premium', 'Arena Cloud', 'Apollon', 'Balkan Myusic', 'Iris Go', 'NBA League Pass', 'Move']) await page.getByRole('heading', { level: 2, name }).waitFor();
    await card(page, 'Deezer Premium').getByRole('link', { name: /Više o servisu/ }).click();
    await page.waitForURL((u) => u.pathname === '/Digitalni-servisi/Deezer');
    await page.getByRole('heading', { level: 1, name: 'Deezer Premium' }).waitFor();
    const ott = page.waitForResponse(isCall('/users/carts/addaddon', 'POST'));
    await page.getByRole('button', { name: /^Dodaj u korpu/ }).click();
    assert.equal((await ott).status(), 200);
    await keepBuying(page);
    await page.getByText('U korpi').waitFor();
    await page.screenshot({ path: `${SHOTS}/digital-service-${width}.png`, fullPage: true });
    // the mini cart lists both under the tariff
    await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
    const mini = page.locator('.ot-minicart__panel');
    await mini.getByText('Deezer Premium').waitFor();
    await mini.getByText('Dodatnih 30 GB').waitFor();
    // the one refusal this test provoked (the prepaid add-on) and nothing else
    assert.deepEqual(problems, ['HTTP 400 POST /hybris/ecommerce/b2c/v1/users/carts/addaddon']);
  });
}

test('roaming: choosing a country shows its zone and the add-ons that cover it (Serbian and English)', async () => {
  const { page, problems } = await open();
  await page.goto(`${s.url}/dodaci/roming`);
  await page.getByRole('heading', { level: 1, name: 'Roming' }).waitFor();
  const picker = page.getByLabel('Zemlja u koju putuješ');
  await picker.selectOption({ label: 'Nemačka' });
  await page.getByText('Nemačka: Zona 2 — Evropa. Ovi dodaci je pokrivaju:').waitFor();
  const covering = page.locator('.ot-grid').first().locator('article.ot-addon-card h3');
  assert.deepEqual(await covering.allTextContents(), ['Roming Evropa 3 GB', 'Dnevna karta Evropa', 'Roming Svet 2 GB']);
  await picker.selectOption({ label: 'Crna Gora' });
  await page.getByText('Crna Gora: Zona 1 — Zapadni Balkan. Ovi dodaci je pokrivaju:').waitFor();
  assert.deepEqual(await covering.allTextContents(), ['Roming Zapadni Balkan 5 GB', 'Roming Evropa 3 GB', 'Roming Svet 2 GB']);
  await page.screenshot({ path: `${SHOTS}/roaming-country.png`, fullPage: true });

  await page.goto(`${s.url}/dodaci/roming?lang=en&zemlja=us`);
  await page.getByText('United States: Zone 3 — rest of the world. These add-ons cover it:').waitFor();
  assert.equal(await page.getByLabel('Country you travel to').inputValue(), 'US');
  assert.deepEqual(await covering.allTextContents(), ['Roming Svet 2 GB']);
  assert.deepEqual(problems, []);
});
