// Cookie consent (seed 001 §9): the banner until a choice, the settings dialog, the choice kept in a cookie for a
// year, and nothing in window.dataLayer without the analytics consent. Back-to-top after 4 window heights.
import assert from 'node:assert/strict';
import { SHOTS } from './lib';
import { suite } from './shopper';

const shop = suite('cookies');
const { test } = shop;
const banner = (page: import('playwright-core').Page) => page.getByRole('region', { name: 'Kolačići na ovom sajtu' });
const dataLayer = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { dataLayer?: Array<{ event: string }> }).dataLayer?.map((e) => e.event) ?? null);

test('"Necessary only" hides the banner for good and no analytics event is pushed', async () => {
  const { page, problems } = await shop.open({ cookieBanner: true, width: 375, height: 800 });
  await page.goto(`${shop.url}/`);
  await banner(page).waitFor();
  await page.screenshot({ path: `${SHOTS}/cookies-banner-375.png` });
  // before any choice: opening the mini cart pushes nothing
  await page.getByRole('button', { name: /korpa/i }).first().click();
  assert.equal(await dataLayer(page), null);
  await page.keyboard.press('Escape');
  await banner(page).getByRole('button', { name: 'Samo neophodni' }).click();
  await banner(page).waitFor({ state: 'detached' });
  const cookies = await page.context().cookies();
  const b2c = cookies.find((c) => c.name === 'b2c_consent');
  assert.equal(decodeURIComponent(b2c!.value), 'necessary:1|analytics:0|marketing:0');
  assert.ok(cookies.some((c) => c.name === 'b2b_consent'));
  // a year (365 days, allowing the seconds the test took)
  assert.ok(Math.abs(b2c!.expires - (Date.now() / 1000 + 365 * 86400)) < 120, `expires ${b2c!.expires}`);
  await page.reload();
  await page.locator('h1').first().waitFor();
  assert.equal(await banner(page).count(), 0, 'the choice is remembered');
  await page.getByRole('button', { name: /korpa/i }).first().click();
  assert.equal(await dataLayer(page), null, 'no analytics without consent');
  assert.deepEqual(problems, []);
});

test('the settings dialog allows analytics; then the data layer receives events', async () => {
  const { page } = await shop.open({ cookieBanner: true });
  await page.goto(`${shop.url}/Privatni/Korisnicka-zona/Uslovi-koriscenja`);
  await banner(page).getByRole('button', { name: 'Podešavanja' }).click();
  const dialog = page.getByRole('dialog', { name: 'Podešavanja kolačića' });
  await dialog.waitFor();
  assert.equal(await dialog.getByRole('checkbox', { name: 'Neophodni' }).isDisabled(), true);
  assert.equal(await dialog.getByRole('checkbox', { name: 'Neophodni' }).isChecked(), true);
  await dialog.getByRole('checkbox', { name: 'Analitički' }).check();
  await page.screenshot({ path: `${SHOTS}/cookies-settings-1280.png` });
  await dialog.getByRole('button', { name: 'Sačuvaj izbor' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await banner(page).count(), 0);
  assert.deepEqual(await dataLayer(page), ['consent_update']);
  await page.getByRole('button', { name: /korpa/i }).first().click();
  assert.deepEqual(await dataLayer(page), ['consent_update', 'view_mini_cart']);
  const b2c = (await page.context().cookies()).find((c) => c.name === 'b2c_consent');
  assert.equal(decodeURIComponent(b2c!.value), 'necessary:1|analytics:1|marketing:0');
  // the choice can be changed later from the privacy page
  await page.goto(`${shop.url}/Privatni/Korisnicka-zona/Privatnost`);
  await page.getByRole('button', { name: 'Podešavanja kolačića' }).click();
  const again = page.getByRole('dialog', { name: 'Podešavanja kolačića' });
  assert.equal(await again.getByRole('checkbox', { name: 'Analitički' }).isChecked(), true, 'the dialog starts from the saved choice');
});

test('back to top appears after 4 window heights and returns to the top', async () => {
  const { page } = await shop.open({ width: 375, height: 600 });
  await page.goto(`${shop.url}/Privatni/Korisnicka-zona/Uslovi-koriscenja`);
  await page.locator('h1').first().waitFor();
  const toTop = page.getByRole('button', { name: 'Nazad na vrh stranice' });
  await page.evaluate(() => window.scrollTo(0, window.innerHeight * 3));
  await page.waitForTimeout(200);
  assert.equal(await toTop.count(), 0, 'not yet at 3 window heights');
  const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  assert.ok(max > 600 * 4, `the page is long enough (${max})`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await toTop.waitFor();
  await toTop.click();
  await page.waitForFunction(() => window.scrollY === 0);
  assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H1');
});
