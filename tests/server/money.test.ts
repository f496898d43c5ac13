// @vitest-environment node
// Issue 27 "the money shown is the money taken": one server computation (server/cart/view.ts cartTotals) gives every
// total — the cart view the phone page summary, mini cart, cart and checkout overview read (GET cart, fullCart), the
// order (submit's totalPrice), the amount the gateway is asked to charge (the payment row of authorize), the success
// page (confirmation data) and the confirmation e-mail. Orders are placed with an EKO coupon, a nice number, a tariff
// promotion and installments, paid by card and on delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { payments } from '../../server/db/tables';
import { outbox } from '../../server/outbox/schema';
import { drivers, givePersonalData, GUEST, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';
import { CART, Customer } from './commerce-helpers';
import type { Cart } from '../../schemas/types/api.cart';
import type { TariffPrice } from '../../schemas/types/api.catalog';
import type { OrderResult } from '../../schemas/types/api.checkout';

const A56 = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
const N = '/hybris/ecommerce/b2c/v1/users/phone/carts/msisdns';
const sum = (xs: number[]) => Math.round(xs.reduce((n, x) => n + x, 0) * 100) / 100;

describe.each(drivers)('one price engine on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const guestData = (email: string) => ({ ...GUEST, customerData: { ...GUEST.customerData, contactEmail: email } });
  /** Both cart reads the screens use (mini cart: GET cart; cart, summaries, overview: GET fullCart) answer the same totals. */
  async function shownTotals(s: Shopper): Promise<Cart> {
    const mini = (await s.call('GET', PATHS.cart)).json();
    const full = (await s.call('GET', PATHS.fullCart)).json();
    expect(mini.totals).toEqual(full.totals);
    expect(full.totalPrice).toEqual(full.totals.payNow);
    return full;
  }
  const submit = async (s: Shopper) => {
    const r = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  /** authorize → the amount the gateway session charges; then the test card pays it */
  async function payByCard(s: Shopper, order: OrderResult): Promise<number> {
    const auth = await s.call('POST', PATHS.authorize, { cardPaymentType: order.paymentInfo!.cardPaymentType, orderId: order.code });
    expect(auth.statusCode, auth.body).toBe(200);
    const paymentId = (auth.json().redirectionUrl as string).split('/').pop()!;
    const [p] = await h.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const page = await h.app.inject({ method: 'GET', url: `/gateway/pay/${paymentId}` });
    expect(page.body).toContain(order.totalPrice.formattedValue.replace(' RSD', '')); // the bank page's amount
    const paid = await h.app.inject({
      method: 'POST', url: `/gateway/pay/${paymentId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4111 1111 1111 1111', expiry: '12/39', cvc: '123', holder: 'Marija Petrović', action: 'pay' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    return p.amount / 100;
  }
  const confirmation = async (s: Shopper, code: string) => (await s.call('GET', `${PATHS.confirmation}?orderCode=${code}`)).json().order;
  const lastMail = async (email: string) => (await h.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1))[0];

  it('a phone alone with an EKO coupon: every total and the gateway charge 49.999,00 RSD', async () => {
    const email = 'money.coupon@example.rs';
    const s = await new Shopper(h.app).login();
    expect((await s.call('POST', PATHS.addBundle, { deviceCode: A56, chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    expect((await s.call('POST', CART.vouchers, { voucherCode: 'EKO-1001' })).statusCode).toBe(200);
    expect((await s.call('POST', PATHS.guestInfo, guestData(email))).statusCode).toBe(200);
    expect((await s.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' })).statusCode).toBe(200);
    const cart = await shownTotals(s);
    expect(cart.totals).toMatchObject({ oneTime: { value: 54999 }, discount: { value: 5000 }, charges: [], payNow: { value: 49999, formattedValue: '49.999,00 RSD' }, monthly: { value: 0 } });
    const order = await submit(s);
    expect(order.totalPrice).toEqual(cart.totals.payNow);
    expect(await payByCard(s, order)).toBe(49999);
    const done = await confirmation(s, order.code);
    expect(done).toMatchObject({ paymentStatus: 'PAID', totalPrice: cart.totals.payNow });
    expect(done.totals).toEqual(cart.totals);
    const mail = await lastMail(email);
    expect(mail.body).toContain('ukupno plaćeno 49.999,00 RSD');
  });

  it('installments, the tariff promotion and a nice number: the phone page, the cart and the order agree; the nice number is charged once', async () => {
    const email = 'money.nice@example.rs';
    const c = await new Customer(h.app).login();
    await c.signIn('staff@orbita.rs');
    await c.call('DELETE', PATHS.deleteCart);
    expect((await c.call('POST', PATHS.addBundle, { deviceCode: A56, tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'RECURRING_CHARGE' })).statusCode).toBe(200);
    const before = await shownTotals(c);
    expect((await c.call('POST', `${N}/reserve`, { msisdn: '0601212121' })).statusCode).toBe(200); // a nice number of 1.990 RSD
    expect((await c.call('POST', PATHS.guestInfo, guestData(email))).statusCode).toBe(200);
    await givePersonalData(c, { contactEmail: email }); // a postpaid contract's personal data (its flow's step)
    expect((await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' })).statusCode).toBe(200);
    const cart = await shownTotals(c);
    const entriesOneTime = sum(cart.entries.map((e) => e.totalOneTimePrice!.value));
    const entriesMonthly = sum(cart.entries.map((e) => e.totalMonthlyPrice?.value ?? 0));
    expect(cart.totals.charges).toEqual([{ code: 'NICE_NUMBER', name: 'Lep broj 060 121 2121', msisdn: '0601212121', price: { value: 1990, formattedValue: '1.990,00 RSD', currencyIso: 'RSD' } }]);
    expect(cart.totals.payNow.value).toBe(sum([entriesOneTime, 1990]));
    expect(cart.totals.payNow.value).toBe(sum([before.totals.payNow.value, 1990]));
    expect(cart.totals.monthly.value).toBe(entriesMonthly);
    // the phone page's monthly price for this choice is the cart's: the installment plus the tariff at its promotion
    const details = (await c.call('GET', `${PATHS.details}?productCode=SAMSUNG_GALAXY_A56`)).json();
    const tariff = details.prices.topOffer.flatMap((t: TariffPrice) => [t, ...(t.childTariffs ?? [])]).find((t: TariffPrice) => t.code === 'ORBITA_MAX_M');
    const plan = tariff.pricePlans.find((p: TariffPrice['pricePlans'][number]) => p.subscriptionTermId === 'ORBITA_MAX_M_T24').recurring;
    expect(plan.tariffPrice.value).toBe(tariff.chargeEntries[0].price.value); // 2.999 for 6 months, not 3.499
    expect(sum([plan.installment.value, plan.tariffPrice.value])).toBe(cart.totals.monthly.value);
    const order = await submit(c);
    expect(order.totalPrice).toEqual(cart.totals.payNow);
    expect(await payByCard(c, order)).toBe(cart.totals.payNow.value);
    const done = await confirmation(c, order.code);
    expect(done.totals).toEqual(cart.totals);
    expect(done.totalPrice).toEqual(cart.totals.payNow);
    const mail = await lastMail(email);
    expect(mail.body).toContain(cart.totals.payNow.formattedValue);
    expect(mail.body).toContain(cart.totals.monthly.formattedValue);
  });

  it('paid on delivery: the success page and the mail say what is due, not what was paid', async () => {
    const email = 'money.delivery@example.rs';
    const c = await new Customer(h.app).login();
    await c.signIn('staff@orbita.rs');
    await c.call('DELETE', PATHS.deleteCart);
    expect((await c.call('POST', PATHS.addBundle, { deviceCode: A56, tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    expect((await c.call('POST', `${N}/reserve`, { msisdn: '0611001001' })).statusCode).toBe(200); // 1.490 RSD
    expect((await c.call('POST', CART.vouchers, { voucherCode: 'EKO-1002' })).statusCode).toBe(200);
    expect((await c.call('POST', PATHS.guestInfo, guestData(email))).statusCode).toBe(200);
    await givePersonalData(c, { contactEmail: email }); // a postpaid contract's personal data (its flow's step)
    expect((await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' })).statusCode).toBe(200);
    const cart = await shownTotals(c);
    expect(cart.totals.payNow.value).toBe(sum([cart.totals.oneTime.value, 1490, -5000]));
    const order = await submit(c);
    expect(order.totalPrice).toEqual(cart.totals.payNow);
    const done = await confirmation(c, order.code);
    expect(done).toMatchObject({ paymentStatus: 'ON_DELIVERY', totalPrice: cart.totals.payNow });
    expect(done.totals).toEqual(cart.totals);
    const mail = await lastMail(email);
    expect(mail.body).toContain(`plaćaš prilikom preuzimanja: ${cart.totals.payNow.formattedValue}`);
    expect(mail.body).not.toContain('plaćeno');
  });

  it('a nice number given up takes its charge with it', async () => {
    const c = await new Customer(h.app).login();
    await c.signIn('kupac@orbita.rs');
    await c.call('DELETE', PATHS.deleteCart);
    expect((await c.call('POST', PATHS.addBundle, { deviceCode: A56, tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    const plain = (await shownTotals(c)).totals.payNow.value;
    expect((await c.call('POST', `${N}/reserve`, { msisdn: '0649090909' })).statusCode).toBe(200);
    expect((await shownTotals(c)).totals.payNow.value).toBe(sum([plain, 1990]));
    expect((await c.call('POST', `${N}/new`, {})).statusCode).toBe(200);
    const after = await shownTotals(c);
    expect(after.totals.charges).toEqual([]);
    expect(after.totals.payNow.value).toBe(plain);
  });
});
