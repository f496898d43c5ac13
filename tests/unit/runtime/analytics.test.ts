// The analytics events into window.dataLayer (issue 27, seed 000 §9): the checkout-step events and the purchase as the
// screens declare them, in order with their delays (fake timers), the consent gate, no double push.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { collectActions } from '../../../actions/registry';
import { ONCE_KEY, dataLayerItems, track } from '../../../actions/analytics';
import { createDispatcher } from '../../../renderer/dispatch';
import { storeScope } from '../../../actions/stores';
import type { CartEntry } from '../../../actions/stores/types';
import { fakeFetch, makeCtx, makeStores } from './helpers';

const actions = collectActions();
const screen = (id: string) => JSON.parse(readFileSync(`${process.cwd()}/schemas/screens/${id}.json`, 'utf8'));
const rule = JSON.parse(readFileSync(`${process.cwd()}/schemas/rules/analytics.json`, 'utf8'));
const money = (value: number) => ({ value, formattedValue: `${value},00 RSD`, currencyIso: 'RSD' as const });
const entry = (code: string, oneTime: number, monthly: number | null): CartEntry => ({
  entryNumber: 0, quantity: 1, bundleNo: 1, chargeType: 'ONE_TIME_CHARGE',
  product: { code, name: `Name ${code}`, images: [], brands: [], esim: 'NONE', productOfferingType: 'DEVICE', stock: { stockLevelStatus: 'inStock' } },
  monthlyPrice: monthly === null ? null : { price: money(monthly) }, oneTimePrice: money(oneTime), totalPrice: money(oneTime),
} as CartEntry);

type Win = { dataLayer?: Array<Record<string, unknown>> };
const win = () => window as unknown as Win;

beforeEach(() => {
  vi.useFakeTimers();
  delete win().dataLayer;
  sessionStorage.clear();
});
afterEach(() => { vi.useRealTimers(); });

function shop(consent: { analytics: boolean } | null) {
  const stores = makeStores();
  if (consent) stores.ui.setConsent({ decided: true, analytics: consent.analytics, marketing: false });
  const api = new ApiClient({ stores, fetch: fakeFetch({}).fetch, reload: vi.fn() });
  return { stores, api, ctx: makeCtx(stores, api) };
}

/** Runs a screen's load calls that are consent.track (the others need a server), as the renderer would. */
async function runTracks(s: ReturnType<typeof shop>, id: string): Promise<void> {
  const calls = screen(id).load.filter((c: { action: string }) => c.action === 'consent.track');
  expect(calls.length).toBeGreaterThan(0);
  const dispatch = createDispatcher({ actions, stores: s.stores, api: s.api, navigate: vi.fn(), baseScope: () => ({ ...storeScope(s.stores), route: { path: '/', params: {}, query: {} } }), dev: true, log: (...a) => { throw new Error(String(a[0])); } });
  expect(await dispatch(calls)).toBe(true);
  await vi.advanceTimersByTimeAsync(0); // the delays document answers
}

/** A guest at the overview step of its flow, with a cart the server priced. */
function atOverview(s: ReturnType<typeof shop>) {
  s.stores.checkout.setSteps('GUEST', [
    { code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'checkout_guest_order_info', hidden: false },
    { code: 'PAYMENT_AND_CART_CONFIRMATION', url: '/kupovina/pregled-placanje', eventName: 'checkout_payment_and_cart_confirmation', hidden: false },
  ] as never);
  s.stores.checkout.setCurrentStep('PAYMENT_AND_CART_CONFIRMATION');
  s.stores.cart.setCart({ code: 'c1', entries: [entry('NOKIA', 9999, null)], totals: { oneTime: money(9999), charges: [], discount: money(0), payNow: money(9999), monthly: money(0) } } as never);
}

describe('analytics events', () => {
  it('declares the delays of seed 000 §9 once, in schemas/rules/analytics.json', () => {
    expect(rule.analyticsDelays).toEqual({ checkoutStep: 3000, dataLayerPush: 1000 });
  });

  it('a checkout step: the cart push after 1000 ms, then the step\'s event after 3000 ms, in that order', async () => {
    const s = shop({ analytics: true });
    atOverview(s);
    await runTracks(s, 'checkout-overview-payment');
    await vi.advanceTimersByTimeAsync(999);
    expect(win().dataLayer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(win().dataLayer).toEqual([{
      event: 'checkout_cart', checkout_type: 'GUEST', checkout_step: 'PAYMENT_AND_CART_CONFIRMATION', currency: 'RSD', value: 9999, value_monthly: 0,
      items: [{ item_id: 'NOKIA', item_name: 'Name NOKIA', item_category: 'DEVICE', quantity: 1, price: 9999, monthly_price: null }],
    }]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(win().dataLayer).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(win().dataLayer!.map((e) => e.event)).toEqual(['checkout_cart', 'checkout_payment_and_cart_confirmation']);
    expect(win().dataLayer![1]).toEqual({ event: 'checkout_payment_and_cart_confirmation', checkout_type: 'GUEST', checkout_step: 'PAYMENT_AND_CART_CONFIRMATION' });
  });

  it('every checkout step screen declares the step event and the cart push', () => {
    for (const id of ['checkout-data-delivery', 'checkout-email-verification', 'checkout-home-line', 'checkout-msisdn', 'checkout-overview-payment',
      'checkout-personal-data', 'checkout-prepaid-instruction', 'checkout-suggested-products', 'checkout-tv-addons']) {
      const tracks = screen(id).load.filter((c: { action: string }) => c.action === 'consent.track').map((c: { args: { delay: string } }) => c.args.delay);
      expect([id, tracks]).toEqual([id, ['dataLayerPush', 'checkoutStep']]);
    }
  });

  it('a double load (StrictMode, a repeated navigation) schedules the step event once; the page left still gets it', async () => {
    const s = shop({ analytics: true });
    atOverview(s);
    await runTracks(s, 'checkout-overview-payment');
    await runTracks(s, 'checkout-overview-payment');
    s.stores.checkout.setCurrentStep('GUEST_ORDER_INFO'); // the shopper went back meanwhile
    await vi.advanceTimersByTimeAsync(3000);
    expect(win().dataLayer!.map((e) => e.event)).toEqual(['checkout_cart', 'checkout_payment_and_cart_confirmation']);
    // entered again after the first push: a new visit, a new event
    s.stores.checkout.setCurrentStep('PAYMENT_AND_CART_CONFIRMATION');
    await runTracks(s, 'checkout-overview-payment');
    await vi.advanceTimersByTimeAsync(3000);
    expect(win().dataLayer).toHaveLength(4);
  });

  it('the consent gate: nothing before a choice or with analytics refused, and nothing when it is withdrawn during the delay', async () => {
    for (const consent of [null, { analytics: false }]) {
      const s = shop(consent);
      atOverview(s);
      await runTracks(s, 'checkout-overview-payment');
      // allowed later: the event that happened before is dropped, not queued
      s.stores.ui.setConsent({ decided: true, analytics: true, marketing: false });
      await vi.advanceTimersByTimeAsync(5000);
      expect(win().dataLayer).toBeUndefined();
    }
    const s = shop({ analytics: true });
    atOverview(s);
    await runTracks(s, 'checkout-overview-payment');
    await vi.advanceTimersByTimeAsync(1000);
    s.stores.ui.setConsent({ decided: true, analytics: false, marketing: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(win().dataLayer!.map((e) => e.event)).toEqual(['checkout_cart']);
  });

  it('the success page pushes the purchase after 1000 ms with the server\'s totals, once per order (a reload pushes nothing)', async () => {
    const order = {
      code: 'OR1001', totalPrice: money(49999), paymentMode: { code: 'CreditCard' },
      totals: { oneTime: money(54999), charges: [], discount: money(5000), payNow: money(49999), monthly: money(1999) },
      entries: [entry('IPH15', 54999, 1999)],
    };
    const first = shop({ analytics: true });
    first.stores.checkout.setConfirmation(order);
    await runTracks(first, 'order-success');
    await vi.advanceTimersByTimeAsync(999);
    expect(win().dataLayer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(win().dataLayer).toEqual([{
      event: 'purchase', transaction_id: 'OR1001', currency: 'RSD', value: 49999, value_monthly: 1999, payment_mode: 'CreditCard',
      items: [{ item_id: 'IPH15', item_name: 'Name IPH15', item_category: 'DEVICE', quantity: 1, price: 54999, monthly_price: 1999 }],
    }]);
    expect(JSON.parse(sessionStorage.getItem(ONCE_KEY)!)).toEqual(['OR1001']);
    // a reload: a new runtime (stores), the same tab session
    const reload = shop({ analytics: true });
    reload.stores.checkout.setConfirmation(order);
    await runTracks(reload, 'order-success');
    await vi.advanceTimersByTimeAsync(5000);
    expect(win().dataLayer).toHaveLength(1);
    // the next order of the tab is pushed
    const next = shop({ analytics: true });
    next.stores.checkout.setConfirmation({ ...order, code: 'OR1002' });
    await runTracks(next, 'order-success');
    await vi.advanceTimersByTimeAsync(1000);
    expect(win().dataLayer!.map((e) => e.transaction_id)).toEqual(['OR1001', 'OR1002']);
  });

  it('a success page without an order pushes nothing; without the analytics consent the order is not remembered', async () => {
    const none = shop({ analytics: true });
    await runTracks(none, 'order-success');
    await vi.advanceTimersByTimeAsync(5000);
    expect(win().dataLayer).toBeUndefined();
    const refused = shop({ analytics: false });
    refused.stores.checkout.setConfirmation({ code: 'OR7', totalPrice: money(1), entries: [] });
    await runTracks(refused, 'order-success');
    await vi.advanceTimersByTimeAsync(5000);
    expect(win().dataLayer).toBeUndefined();
    expect(sessionStorage.getItem(ONCE_KEY)).toBeNull();
  });

  it('an event name bound to nothing (no current step) pushes nothing and is no error', async () => {
    const s = shop({ analytics: true });
    await track({ event: undefined, delay: 'checkoutStep' }, s.ctx);
    await vi.advanceTimersByTimeAsync(5000);
    expect(win().dataLayer).toBeUndefined();
  });

  it('items: entries become data-layer items; anything else gives none', () => {
    expect(dataLayerItems(null)).toEqual([]);
    expect(dataLayerItems([{ nope: 1 }])).toEqual([]);
    expect(dataLayerItems([entry('X', 10.005, 5)])[0]).toMatchObject({ item_id: 'X', price: 10.01, monthly_price: 5 });
  });
});
