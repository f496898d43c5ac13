// Publishing in Chromium against a production start (NODE_ENV=production: the UI documents served from published
// versions in the database, issue 29): a shopper's tab is open on the home page; a reviewer signs in, opens the Serbian
// texts in the studio, changes the footer's "Dodaci", saves a draft (the shopper still sees the old text), publishes,
// and the shopper's tab shows the new text without a reload; the version history shows the change.
import { test, before, after } from './harness';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, SHOTS, startShop, type ShopServer } from './lib';
import { signInAs } from './shopper';

let shop: ShopServer;
let browser: Browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await startShop();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

test('a reviewer changes a text in the studio of a production start, publishes, and an open shop tab shows it without a reload', async () => {
  const shopTab = await newPage(browser);
  await shopTab.page.goto(`${shop.url}/`);
  const footer = shopTab.page.locator('footer');
  await footer.getByText('Dodaci', { exact: true }).first().waitFor();
  await shopTab.page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });

  const studio = await newPage(browser, { width: 1440, height: 960 });
  const page = studio.page;
  try {
    await signInAs(page, shop.url, 'recenzent@orbita.rs');
    await page.goto(`${shop.url}/studio?file=${encodeURIComponent('schemas/messages/sr.json')}`);
    const editor = page.getByRole('textbox', { name: 'JSON dokumenta schemas/messages/sr.json' });
    await editor.waitFor();
    await page.getByTestId('studio-errors').getByText('Nema grešaka').waitFor();
    // the text the editor holds is the document's source (the editor draws only the lines in view)
    const original = (await (await page.context().request.get(`${shop.url}/studio/api/source?file=${encodeURIComponent('schemas/messages/sr.json')}`)).json()).text as string;
    assert.ok(original.includes('"footer.addons": "Dodaci",'));
    // the whole messages file (1800 lines) set as one input, as a paste does (typing it key by key is slow):
    // CodeMirror's select-all, then the text
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(original.replace('"footer.addons": "Dodaci",', '"footer.addons": "Dodaci i usluge",'));
    await page.locator('.st-badge', { hasText: 'Nesačuvane izmene' }).waitFor();
    await page.getByTestId('studio-errors').getByText('Nema grešaka').waitFor();
    await page.getByRole('button', { name: 'Sačuvaj nacrt' }).click();
    // (the editor holds every text too: the status lines are looked for in their own place)
    await page.locator('.st-status .st-ok', { hasText: 'Nacrt je sačuvan. Kupci ga ne vide dok ga recenzent ne objavi.' }).waitFor();
    await page.getByTestId('studio-drafts').getByText('schemas/messages/sr.json').waitFor();
    // a draft is not served
    assert.equal((await (await fetch(`${shop.url}/ui/messages/sr`)).json())['footer.addons'], 'Dodaci');

    await page.getByRole('textbox', { name: 'Napomena uz verziju' }).fill('footer: add-ons and services');
    await page.getByRole('button', { name: 'Objavi nacrte' }).click();
    await page.locator('.st-versions .st-ok', { hasText: 'Objavljena je verzija 2. Otvorene stranice prodavnice prelaze na nju.' }).waitFor();
    assert.equal((await (await fetch(`${shop.url}/ui/messages/sr`)).json())['footer.addons'], 'Dodaci i usluge');
    await page.getByTestId('studio-versions').getByText('footer: add-ons and services').waitFor();
    await page.getByTestId('studio-versions').getByRole('button', { name: 'Izmene' }).first().click();
    await page.getByTestId('studio-diff').getByText('+   "footer.addons": "Dodaci i usluge",').waitFor();
    await page.screenshot({ path: `${SHOTS}/publish-studio-1440.png` });

    // the open shop tab looks at the manifest (every 20 s) and switches to version 2 without a reload
    await footer.getByText('Dodaci i usluge', { exact: true }).first().waitFor({ timeout: 60_000 });
    assert.equal(await shopTab.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true);
    await shopTab.page.screenshot({ path: `${SHOTS}/publish-shop-updated-1280.png` });
    assert.deepEqual(studio.problems, []);
    assert.deepEqual(shopTab.problems, []);
  } catch (err) {
    await page.screenshot({ path: `${SHOTS}/FAILED-publish-0.png`, fullPage: true }).catch(() => {});
    await shopTab.page.screenshot({ path: `${SHOTS}/FAILED-publish-1.png`, fullPage: true }).catch(() => {});
    throw err;
  }
});
