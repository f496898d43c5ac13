// The analytics events in the browser (issue 27, seed 000 §9): with analytics cookies allowed, a guest's card order
// pushes each checkout step's events and, on the success page, one purchase with the amount the gateway charged (a
// reload pushes no second one); with analytics refused nothing reaches window.dataLayer. The delays are asserted in
// tests/unit/runtime/analytics.test.ts (fake timers); here the order and the payloads.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { payWithCard, phoneIntoGuestCheckout, suite, throughCheckoutToGateway } from './shopper';

const s = suite('analytics');

type Pushed = { event: string; [k: string]: unknown };

/** Every push to window.dataLayer of every page the tab loads, in order (an init script wraps the array's push). */
async function recordDataLayer(page: Page, analytics: boolean): Promise<Pushed[]> {
  const value = encodeURIComponent(`necessary:1|analytics:${analytics ? 1 : 0}|marketing:0`);
  await page.context().addCookies(['b2c_consent', 'b2b_consent'].map((name) => ({ name, value, domain: '127.0.0.1', path: '/' })));
  const pushed: Pushed[] = [];
  await page.exposeFunction('__recordPush', (e: Pushed) => { pushed.push(e); });
  await page.addInitScript(() => {
    const w = window as unknown as { dataLayer: unknown[]; __recordPush(e: unknown): void };
    w.dataLayer = [];
    const push = w.dataLayer.push.bind(w.dataLayer);
    w.dataLayer.push = (...items: unknown[]) => { for (const i of items) w.__recordPush(JSON.parse(JSON.stringify(i))); return push(...items); };
  });
  return pushed;
}

const rsd = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
const named = (pushed: Pushed[], names: string[]) => pushed.filter((e) => names.includes(e.event)).map((e) => e.event);

async function waitForEvent(page: Page, pushed: Pushed[], event: string, count = 1): Promise<void> {
  for (let i = 0; i < 200 && pushed.filter((e) => e.event === event).length < count; i++) await page.waitForTimeout(50);
  assert.equal(pushed.filter((e) => e.event === event).length, count, `${event} pushed ${count}×`);
}

s.test('analytics allowed: the step events in order and one purchase with the gateway\'s amount', async () => {
  const { page, problems } = await s.open();
  const pushed = await recordDataLayer(page, true);
  await phoneIntoGuestCheckout(page, s.url);
  // the data step: its cart push (1000 ms) and its step event (3000 ms) before the shopper moves on
  await waitForEvent(page, pushed, 'checkout_guest_order_info');
  const first = pushed.find((e) => e.event === 'checkout_cart')!;
  assert.equal(first.checkout_type, 'GUEST');
  assert.equal(first.checkout_step, 'GUEST_ORDER_INFO');
  assert.ok(Array.isArray(first.items) && first.items.length > 0, 'the cart push carries the items');
  await throughCheckoutToGateway(page);
  const charged = rsd(await page.locator('.amount').first().innerText());
  assert.ok(charged > 0, `the gateway's amount (${charged})`);
  await payWithCard(page, '4111 1111 1111 1111');
  await page.waitForURL(/\/kupovina\/uspesna-porudzbina/, { timeout: 15_000 });
  await waitForEvent(page, pushed, 'purchase');
  const steps = named(pushed, ['checkout_cart', 'checkout_guest_order_info', 'checkout_payment_and_cart_confirmation', 'purchase']);
  assert.deepEqual(steps.slice(0, 2), ['checkout_cart', 'checkout_guest_order_info']);
  assert.equal(steps.at(-1), 'purchase');
  const purchase = pushed.find((e) => e.event === 'purchase')!;
  const orderCode = new URL(page.url()).searchParams.get('orderCode');
  assert.equal(purchase.transaction_id, orderCode);
  assert.equal(purchase.currency, 'RSD');
  assert.equal(purchase.value, charged, 'the purchase value is what the gateway charged');
  assert.ok(Array.isArray(purchase.items) && purchase.items.length > 0);
  // a reload of the success page: no second purchase
  await page.reload();
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(1500);
  assert.equal(pushed.filter((e) => e.event === 'purchase').length, 1);
  assert.deepEqual(problems, []);
});

s.test('analytics refused: nothing is pushed on a checkout step', async () => {
  // (the consent gate on every event, the purchase's included, is asserted in tests/unit/runtime/analytics.test.ts)
  const { page, problems } = await s.open();
  const pushed = await recordDataLayer(page, false);
  await phoneIntoGuestCheckout(page, s.url);
  // past both delays of the step (1000 and 3000 ms): an event allowed through would have been pushed by now
  await page.waitForTimeout(3500);
  assert.deepEqual(pushed, []);
  assert.deepEqual(problems, []);
});
