// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, stock } from '../../server/db/tables';
import { checkoutReadyShopper, drivers, GUEST, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';

describe.each(drivers)('checkout on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const level = async (variant: string) => (await h.database.db.select().from(stock).where(eq(stock.variantCode, variant)))[0].level;
  const setLevel = (variant: string, n: number) => h.database.db.update(stock).set({ level: n }).where(eq(stock.variantCode, variant));

  it('rejects a bad guest payload with a localized 400 and stores a good one', async () => {
    const s = await new Shopper(h.app).login();
    await s.call('POST', PATHS.addBundle, { deviceCode: 'MOTOROLA_MOTO_G85', chargeType: 'ONE_TIME_CHARGE' });
    const badPhone = { ...GUEST, customerData: { ...GUEST.customerData, contactPhone: '0641234567' } };
    let r = await s.call('POST', PATHS.guestInfo, badPhone);
    expect(r.statusCode).toBe(400);
    // the message of the contactPhone check that fails (schemas/formats/formats.json), as the form shows it
    expect(r.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Broj ne može počinjati nulom', subject: 'body/customerData/contactPhone' });
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, customerData: { ...GUEST.customerData, contactPhone: '123456' } });
    expect(r.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Polje mora imati između 7 i 10 cifara.', subject: 'body/customerData/contactPhone' });
    s.lang = '2';
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, customerData: { ...GUEST.customerData, contactEmail: 'marija@čačak.rs' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].message).toBe('Enter a valid email address.');
    s.lang = '1';
    const { firstName: _f, ...noName } = GUEST.customerData;
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, customerData: noName });
    expect(r.json().errors[0]).toMatchObject({ message: 'Ovo polje je obavezno.', subject: 'body/customerData/firstName' });
    r = await s.call('POST', PATHS.guestInfo, { ...GUEST, deliveryAddress: { ...GUEST.deliveryAddress, postalCode: '1100' } });
    expect(r.json().errors[0].message).toBe('Neispravan format.');
    r = await s.call('POST', PATHS.guestInfo, 'not json at all');
    expect(r.statusCode).toBe(400);

    r = await s.call('POST', PATHS.guestInfo, GUEST);
    expect(r.statusCode).toBe(200);
    expect(r.json().cart.orderCustomerInfo).toMatchObject({ firstName: 'Marija', lastName: 'Petrović', addressInfo: { formattedAddress: 'Bulevar kralja Aleksandra 73, ulaz 2, sprat 3, stan 12, 11000 Beograd' } });
    const g = (await s.call('GET', PATHS.guestCart)).json();
    expect(g).toMatchObject({ orderCustomerInfo: { contactEmail: 'marija.petrovic@example.rs' }, deliveryAddress: { town: 'Beograd' }, paymentMode: { code: 'CreditCard' } });
  });

  it('offers card payment only, consents, time slots and checkout options to a guest', async () => {
    const s = await new Shopper(h.app).login();
    await s.call('POST', PATHS.addBundle, { deviceCode: 'NOKIA_G42', chargeType: 'ONE_TIME_CHARGE' });
    expect((await s.call('GET', PATHS.paymentModes)).json()).toEqual({
      paymentModes: [{ code: 'CreditCard', name: 'Platna kartica' }], creditCardPaymentTypes: [{ code: 'NEW_CARD', name: 'Novom karticom, bez čuvanja' }],
    });
    const bad = await s.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toMatch(/samo karticom/);
    const c = (await s.call('GET', PATHS.consents)).json().consentTemplates;
    expect(c.filter((x: { required: boolean }) => x.required).map((x: { id: string }) => x.id)).toEqual(['GENERAL_TERMS_AGREEMENT', 'PRIVACY_POLICY_AGREEMENT']);
    expect(c.every((x: { selected: boolean }) => x.selected === false)).toBe(true);
    const slots = (await s.call('GET', PATHS.timeSlots)).json().deliveryTimeSlots;
    expect(slots).toHaveLength(3);
    const set = await s.call('PUT', PATHS.setTimeSlot, { deliveryTimeSlotCode: slots[1].code });
    expect(set.json().cart.deliveryTimeSlot).toBe(slots[1].code);
    expect((await s.call('PUT', PATHS.setTimeSlot, { deliveryTimeSlotCode: 'SLOT_NEVER' })).statusCode).toBe(400);
    const o = (await s.call('GET', `${PATHS.options}?checkoutStep=GUEST_ORDER_INFO`)).json();
    expect(o.options).toMatchObject({ checkoutType: 'GUEST', checkoutStep: 'GUEST_ORDER_INFO' });
  });

  it('submits once per cart: the repeat answers the same order, stock moves once, the session gets a fresh cart', async () => {
    const variant = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
    const before = await level(variant);
    const s = await checkoutReadyShopper(h.app, variant);
    const cartCode = (await s.call('GET', PATHS.cart)).json().code;
    const noConsent = await s.call('POST', PATHS.submitOrder, { consents: { GENERAL_TERMS_AGREEMENT: true }, sendContractDocsToEmail: null });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().errors[0].message).toBe('Tvoja saglasnost sa navedenim dokumentom je obavezna.');
    const body = { consents: { ...REQUIRED_CONSENTS, MARKETING_CONSENT: false }, sendContractDocsToEmail: false };
    const [a, b] = await Promise.all([s.call('POST', PATHS.submitOrder, body), s.call('POST', PATHS.submitOrder, body)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().code).toBe(a.json().code);
    const again = await s.call('POST', PATHS.submitOrder, body);
    expect(again.json().code).toBe(a.json().code);
    expect(a.json()).toMatchObject({ status: 'PAYMENT_PENDING', paymentInfo: { cardPaymentType: 'NEW_CARD' }, confirmationPageType: 'CARD_PAYMENT', orderCustomerInfo: { firstName: 'Marija' } });
    expect(await level(variant)).toBe(before - 1);
    const fresh = (await s.call('GET', PATHS.cart)).json();
    expect(fresh.code).not.toBe(cartCode);
    expect(fresh.entries).toEqual([]);
    expect((await h.database.db.select().from(orders).where(eq(orders.code, a.json().code)))).toHaveLength(1);
  });

  it('never oversells: concurrent orders for the last units', async () => {
    const variant = 'GOOGLE_PIXEL_9A_IRIS';
    await setLevel(variant, 2);
    const shoppers = await Promise.all([0, 1, 2, 3, 4].map(() => checkoutReadyShopper(h.app, variant)));
    const results = await Promise.all(shoppers.map((s) => s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json().errors[0]).toMatchObject({ type: 'CartValidationError', reason: 'noStock' });
    expect(await level(variant)).toBe(0);
    // the refused carts are untouched and still open
    const c = (await shoppers[results.indexOf(refused[0])].call('GET', PATHS.cart)).json();
    expect(c.entries).toHaveLength(2);
  });

  it('orderStatus and confirmationData belong to the session that ordered', async () => {
    const s = await checkoutReadyShopper(h.app, 'APPLE_IPHONE_16E_WHITE');
    const order = (await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: true })).json();
    const st = (await s.call('GET', `${PATHS.orderStatus}?orderCode=${order.code}`)).json();
    expect(st).toEqual({ code: order.code, status: 'PAYMENT_PENDING', paymentStatus: 'PENDING', errorType: null, message: null });
    const conf = (await s.call('GET', `${PATHS.confirmation}?orderCode=${order.code}`)).json().order;
    expect(conf).toMatchObject({ code: order.code, paymentMode: { code: 'CreditCard' }, deliveryAddress: { town: 'Beograd' } });
    expect(conf.entries.map((e: { product: { code: string } }) => e.product.code)).toEqual(['APPLE_IPHONE_16E_WHITE', 'ORBITA_MAX_M']);
    expect(conf.totalPrice.value).toBe(order.totalPrice.value);
    const other = await new Shopper(h.app).login();
    expect((await other.call('GET', `${PATHS.orderStatus}?orderCode=${order.code}`)).statusCode).toBe(404);
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=abc`)).statusCode).toBe(400);
    expect((await s.call('GET', PATHS.orderStatus)).statusCode).toBe(400);
  });

  it('refuses to submit an empty cart or a cart without guest data', async () => {
    const s = await new Shopper(h.app).login();
    const empty = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].type).toBe('CartError');
    await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' });
    const noData = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
    expect(noData.statusCode).toBe(400);
    expect(noData.json().errors[0].message).toMatch(/podatke/);
  });
});
