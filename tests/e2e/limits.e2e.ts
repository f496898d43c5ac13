// Limits never reload the page (issue 8): a page load asks for one token; when the token route's limit (per session) is
// used up, the shop tells the server's message in a toast and stays (before: 39 reloads in 5 s, no message).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { PLP, cards, suite } from './shopper';

const LIMIT = 4;
const shop = suite('limits', { env: { AUTH_RATE_LIMIT: String(LIMIT) } });
const { test } = shop;

const TOKEN = '/selfcare/b2c/auth/token';
const REFRESH = '/selfcare/b2c/auth/refreshToken';

/** Counts the token requests and the page's own loads (main-frame document navigations). */
function watch(page: Page) {
  const seen = { token: 0, refresh: 0, loads: 0 };
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p === TOKEN) seen.token++;
    if (p === REFRESH) seen.refresh++;
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) seen.loads++;
  });
  return seen;
}

test('a page load asks for exactly one token', async () => {
  const { page, problems } = await shop.open();
  const seen = watch(page);
  await page.goto(`${shop.url}${PLP}`, { waitUntil: 'networkidle' });
  await cards(page).first().waitFor();
  assert.equal(seen.token, 1, 'one token request');
  assert.equal(seen.refresh, 0);
  assert.equal(seen.loads, 1);
  assert.deepEqual(problems.filter((p) => !/favicon/.test(p)), []);
});

test('the token limit used up: the server\'s message in a toast, and the page does not reload', async () => {
  const { page } = await shop.open();
  const seen = watch(page);
  // the limit counts per session (the first call, without the session cookie yet, counts for the address):
  // use up this session's tokens of the minute
  let limited = false;
  for (let i = 0; i < 2 * LIMIT + 2 && !limited; i++) {
    const res = await page.request.get(`${shop.url}${TOKEN}`);
    limited = res.status() === 429;
  }
  assert.ok(limited, 'the token route answers 429');
  seen.loads = 0;
  await page.goto(`${shop.url}/Pregled-b2c`, { waitUntil: 'networkidle' });
  await page.getByText(/Previše zahteva\. Pokušaj ponovo za \d+ s\./).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/limits-token-429.png` });
  await page.waitForLoadState('networkidle');
  assert.equal(seen.loads, 1, 'the page loaded once and stayed');
  assert.equal(seen.refresh, 0, 'no refresh is asked without a token');
  // a later action tells the limit again instead of reloading
  await page.getByRole('navigation').getByRole('link', { name: 'Telefoni' }).first().click();
  await page.waitForURL(new RegExp(`${PLP}$`));
  await page.waitForLoadState('networkidle');
  assert.equal(seen.loads, 1, 'still no reload');
});
