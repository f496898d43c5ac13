// @vitest-environment node
// The cart reset of the specification (seed 000 §7 "POST cart reset. The body is checkoutStep."): POST checkoutReset
// clears what the given step and every later step of the cart's flow chose (each step's `clears` in schemas/flows/),
// so the step guard (doneWhen) sends the shopper through them again; answers the cart; an unknown step is a 400 with
// the localized message. Two resets at once both answer and leave the same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msisdnReservations } from '../../server/numbers/schema';
import { Customer, drivers, PATHS, checkoutReadyShopper, startApp, type Harness, type Shopper } from './helpers';

const RESET = '/hybris/ecommerce/b2c/v1/checkout/reset';
const NUMBERS = '/hybris/ecommerce/b2c/v1/users/phone/carts/msisdns';

describe.each(drivers)('the checkout reset on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const steps = async (s: Shopper) => ((await s.call('POST', PATHS.validate, { justSteps: true, v2: true })).json().checkoutSteps as Array<{ code: string; done: boolean }>)
    .map((x) => [x.code, x.done]);

  it('guest: from the overview only the payment goes; from the data step the data and address go too and the step is open again', async () => {
    const s = await checkoutReadyShopper(h.app);
    const slots = (await s.call('GET', PATHS.timeSlots)).json().deliveryTimeSlots as Array<{ code: string }>;
    expect((await s.call('PUT', PATHS.setTimeSlot, { deliveryTimeSlotCode: slots[0].code })).statusCode).toBe(200);
    expect(await steps(s)).toEqual([['GUEST_ORDER_INFO', true], ['PAYMENT_AND_CART_CONFIRMATION', true]]);

    const last = await s.call('POST', RESET, { checkoutStep: 'PAYMENT_AND_CART_CONFIRMATION' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().cart.paymentMode ?? null).toBeNull();
    expect(last.json().cart.orderCustomerInfo).toMatchObject({ firstName: 'Marija' });
    expect(last.json().cart.deliveryAddress).toMatchObject({ line1: 'Bulevar kralja Aleksandra' });
    expect(await steps(s)).toEqual([['GUEST_ORDER_INFO', true], ['PAYMENT_AND_CART_CONFIRMATION', true]]);

    const first = await s.call('POST', RESET, { checkoutStep: 'GUEST_ORDER_INFO' });
    expect(first.statusCode, first.body).toBe(200);
    const cart = first.json().cart;
    expect(cart.orderCustomerInfo ?? null).toBeNull();
    expect(cart.deliveryAddress ?? null).toBeNull();
    expect(cart.deliveryTimeSlot ?? null).toBeNull();
    expect(cart.entries.length).toBeGreaterThan(0); // the entries are not a step's choice
    expect(await steps(s)).toEqual([['GUEST_ORDER_INFO', false], ['PAYMENT_AND_CART_CONFIRMATION', true]]);
    const guest = (await s.call('GET', PATHS.guestCart)).json();
    expect(guest.orderCustomerInfo ?? null).toBeNull();
  });

  it('a step code not in the cart\'s flow, or none at all, is a 400 with the localized message', async () => {
    const s = await checkoutReadyShopper(h.app);
    const other = await s.call('POST', RESET, { checkoutStep: 'CONNECT_MSISDN' }); // a MOBILE step; this cart is GUEST
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ type: 'ValidationError', subject: 'checkoutStep', message: 'Korak kupovine CONNECT_MSISDN ne postoji u ovoj kupovini.' });
    s.lang = '2';
    const en = await s.call('POST', RESET, { checkoutStep: 'NOPE' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].message).toBe('There is no checkout step NOPE in this purchase.');
    expect((await s.call('POST', RESET, { checkoutStep: 'lower-case' })).statusCode).toBe(400);
    expect((await s.call('POST', RESET, {})).statusCode).toBe(400);
    // nothing was cleared by the refused calls
    expect((await s.call('GET', PATHS.fullCart)).json().orderCustomerInfo).toMatchObject({ firstName: 'Marija' });
  });

  it('signed in (MOBILE): resetting the number step releases the held number; two resets at once both answer the cart', async () => {
    const c = await new Customer(h.app).login();
    await c.authorize('kupac@orbita.rs');
    await c.call('DELETE', PATHS.deleteCart);
    const add = await c.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' });
    expect(add.statusCode, add.body).toBe(200);
    const r = await c.call('POST', `${NUMBERS}/reserve`, { msisdn: '0642222222' });
    expect(r.statusCode, r.body).toBe(200);
    const held = async () => (await h.database.db.select().from(msisdnReservations).where(eq(msisdnReservations.msisdn, '0642222222')))[0];
    expect(await held()).toBeDefined();
    expect((await steps(c)).find(([code]) => code === 'CONNECT_MSISDN')).toEqual(['CONNECT_MSISDN', true]);

    const [a, b] = await Promise.all([
      c.call('POST', RESET, { checkoutStep: 'CONNECT_MSISDN' }),
      c.call('POST', RESET, { checkoutStep: 'CONNECT_MSISDN' }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json().cart.entries.length).toBe(b.json().cart.entries.length);
    expect(await held()).toBeUndefined();
    expect((await c.call('GET', `${NUMBERS}/new/checkout`)).json().choice).toBeNull();
    expect((await steps(c)).find(([code]) => code === 'CONNECT_MSISDN')).toEqual(['CONNECT_MSISDN', false]);
    // the number is free for another cart
    const other = await new Customer(h.app).login();
    await other.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' });
    expect((await other.call('POST', `${NUMBERS}/reserve`, { msisdn: '0642222222' })).statusCode).toBe(200);
  });
});
