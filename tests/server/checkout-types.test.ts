// @vitest-environment node
// Checkout types and steps come from documents: schemas/rules/checkout-types.json and schemas/flows (server/flows/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTypeFor } from '../../server/flows/checkout-type';
import type { UiDocuments } from '../../server/ui/documents';
import { drivers, GUEST, loadUi, PATHS, Shopper, startApp, type Harness } from './helpers';

describe('checkout type rules (schemas/rules/checkout-types.json)', () => {
  let ui: UiDocuments;
  beforeAll(async () => { ui = await loadUi(); });
  const entry = (type: string, categories: string[] = []) => ({ type, categories });

  it('accessories only → STANDALONE; anything else → GUEST (the types with flows today)', () => {
    expect(checkoutTypeFor(ui, { signedIn: false, entries: [entry('ACCESSORY'), entry('ACCESSORY')] })).toBe('STANDALONE');
    expect(checkoutTypeFor(ui, { signedIn: false, entries: [entry('DEVICE'), entry('TARIFF'), entry('ACCESSORY')] })).toBe('GUEST');
    expect(checkoutTypeFor(ui, { signedIn: true, entries: [entry('DEVICE')] })).toBe('GUEST');
  });

  it('a rule set with signedIn, anyEntry, everyEntry and noEntry is read in order, first match wins', () => {
    const rules = [
      { checkoutType: 'MOBILE_PREPAID_GUEST', signedIn: false, anyEntry: { type: ['TARIFF'], category: ['pripejd'] } },
      { checkoutType: 'MOBILE_PREPAID', signedIn: true, anyEntry: { category: ['pripejd'] } },
      { checkoutType: 'STANDALONE', everyEntry: { type: ['ACCESSORY'] } },
      { checkoutType: 'MOBILE', signedIn: true, anyEntry: { type: ['TARIFF'] }, noEntry: { category: ['pripejd'] } },
      { checkoutType: 'GUEST' },
    ];
    const fake = { get: (kind: string, id: string) => (kind === 'rule' && id === 'checkout-types' ? { json: { checkoutTypes: rules } } : undefined) } as unknown as UiDocuments;
    const prepaid = entry('TARIFF', ['pripejd']);
    expect(checkoutTypeFor(fake, { signedIn: false, entries: [prepaid] })).toBe('MOBILE_PREPAID_GUEST');
    expect(checkoutTypeFor(fake, { signedIn: true, entries: [prepaid] })).toBe('MOBILE_PREPAID');
    expect(checkoutTypeFor(fake, { signedIn: true, entries: [entry('ACCESSORY')] })).toBe('STANDALONE');
    expect(checkoutTypeFor(fake, { signedIn: true, entries: [entry('DEVICE'), entry('TARIFF', ['tarife'])] })).toBe('MOBILE');
    expect(checkoutTypeFor(fake, { signedIn: false, entries: [entry('DEVICE'), entry('TARIFF', ['tarife'])] })).toBe('GUEST');
    // everyEntry never holds for an empty cart
    expect(checkoutTypeFor(fake, { signedIn: false, entries: [] })).toBe('GUEST');
  });
});

describe.each(drivers)('checkout steps and the step guard on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('the data step is done once the guest data is on the cart (doneWhen of the flow), the last step needs nothing', async () => {
    const s = await new Shopper(h.app).login();
    await s.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' });
    let v = (await s.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
    expect(v.checkoutSteps.map((x: { code: string; done: boolean }) => [x.code, x.done])).toEqual([['GUEST_ORDER_INFO', false], ['PAYMENT_AND_CART_CONFIRMATION', true]]);
    const r = await s.call('POST', PATHS.guestInfo, GUEST);
    expect(r.statusCode).toBe(200);
    v = (await s.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
    expect(v.checkoutSteps.map((x: { done: boolean }) => x.done)).toEqual([true, true]);
  });

  it('serves the rule documents under /ui/rules/ (read by the browser), unknown ids are 404', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/ui/rules/cart-statuses' });
    expect(r.statusCode).toBe(200);
    expect(r.json().cartStatuses.productsNeedReplace).toMatchObject({ modal: 'replace-item', keepAddForReplace: true });
    expect((await h.app.inject({ method: 'GET', url: '/ui/rules/nope' })).statusCode).toBe(404);
  });
});
