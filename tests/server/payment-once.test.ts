// @vitest-environment node
// A payment is taken once: at most one open gateway session and at most one approved payment per order, enforced by
// the database (partial unique indexes, row locks) under concurrent calls from two instances; and a declined or
// abandoned payment loses nothing: "Pokušaj ponovo" (retryOrder) brings the order's cart back, submitting it places the
// same order again with its stock held exactly once (PGlite, and PostgreSQL with TEST_DATABASE_URL: two pools).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { carts, orders, payments, stock } from '../../server/db/tables';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { checkoutReadyShopper, drivers, GATEWAY_SECRET, GUEST, PATHS, REQUIRED_CONSENTS, secondInstance, Shopper, startApp, type Harness } from './helpers';

const RETRY = '/hybris/ecommerce/b2c/v1/users/orders/retry';
const SUBMIT = { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null };

describe.each(drivers)('payments taken once on %s', (_name, url) => {
  let h: Harness;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => { h = await startApp(url); other = await secondInstance(h); }, 120_000);
  afterAll(async () => { await other?.close(); await h?.close(); });

  const db = () => h.database.db;
  const level = async (variant: string) => (await db().select().from(stock).where(eq(stock.variantCode, variant)))[0].level;
  const paymentsOf = async (code: string) => {
    const o = (await db().select().from(orders).where(eq(orders.code, code)))[0];
    return db().select().from(payments).where(eq(payments.orderId, o.id));
  };
  /** The same shopper (token and cookie) talking to the second instance. */
  const onOther = (s: Shopper) => Object.assign(new Shopper(other.app, s.lang), { token: s.token, cookie: s.cookie });
  const authorize = (s: Shopper, code: string) => s.call('POST', PATHS.authorize, { cardPaymentType: 'NEW_CARD', orderId: code });
  const sessionOf = (res: { json: () => { redirectionUrl: string } }) => res.json().redirectionUrl.split('/').pop()!;
  const pay = (paymentId: string, cardNumber: string) => h.app.inject({
    method: 'POST', url: `/gateway/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', holder: 'Marija Petrović', action: 'pay' }).toString(),
  });
  const callback = async (paymentId: string, code: string, result: CallbackPayload['result']) => {
    const p = (await db().select().from(payments).where(eq(payments.id, paymentId)))[0];
    const payload: CallbackPayload = { paymentId, orderCode: code, result, amount: p.amount, timestamp: Date.now() };
    return h.app.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: sign(GATEWAY_SECRET, payload) } });
  };
  const status = async (s: Shopper, code: string) => (await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json();

  async function placed(variant: string): Promise<{ s: Shopper; code: string }> {
    const s = await checkoutReadyShopper(h.app, variant);
    const res = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(res.statusCode).toBe(200);
    return { s, code: res.json().code };
  }

  it('8 concurrent authorizations on two instances open one session and answer the same redirectionUrl', async () => {
    const { s, code } = await placed('XIAOMI_15_BLACK');
    const t = onOther(s);
    const res = await Promise.all(Array.from({ length: 8 }, (_, i) => authorize(i % 2 ? t : s, code)));
    for (const r of res) expect(r.statusCode).toBe(200);
    expect(new Set(res.map((r) => r.json().redirectionUrl)).size).toBe(1);
    const rows = await paymentsOf(code);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('PENDING');
  });

  it('the database refuses a second open session and a second approved payment of one order', async () => {
    const { s, code } = await placed('MOTOROLA_EDGE_50_NEO_LATTE');
    const first = sessionOf(await authorize(s, code));
    const orderId = (await db().select().from(orders).where(eq(orders.code, code)))[0].id;
    await expect(db().insert(payments).values({ id: `extra-${code}`, orderId, amount: 1 })).rejects.toThrow();
    await db().update(payments).set({ status: 'APPROVED' }).where(eq(payments.id, first));
    await db().insert(payments).values({ id: `second-${code}`, orderId, amount: 1 });
    await expect(db().update(payments).set({ status: 'APPROVED' }).where(eq(payments.id, `second-${code}`))).rejects.toThrow();
  });

  it('paying on both instances at once approves once; a closed session is never approved', async () => {
    const variant = 'NOKIA_G42_SO_GREY';
    const before = await level(variant);
    const { s, code } = await placed(variant);
    const id = sessionOf(await authorize(s, code));
    const p = (await db().select().from(payments).where(eq(payments.id, id)))[0];
    const payload: CallbackPayload = { paymentId: id, orderCode: code, result: 'APPROVED', amount: p.amount, timestamp: Date.now() };
    const body = { ...payload, signature: sign(GATEWAY_SECRET, payload) };
    const both = await Promise.all([h.app, other.app, h.app, other.app].map((app) => app.inject({ method: 'POST', url: '/gateway/callback', payload: body })));
    expect(both.map((r) => r.json().outcome).sort()).toEqual(['alreadyProcessed', 'alreadyProcessed', 'alreadyProcessed', 'applied']);
    expect((await paymentsOf(code)).filter((x) => x.status === 'APPROVED')).toHaveLength(1);
    expect(await status(s, code)).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(await level(variant)).toBe(before - 1);
    // a session left open beside a paid order (older data) is never approved by its callback: its charge is voided
    const orderId = (await db().select().from(orders).where(eq(orders.code, code)))[0].id;
    await db().insert(payments).values({ id: `stale-${code}`, orderId, amount: p.amount });
    expect((await callback(`stale-${code}`, code, 'APPROVED')).json().outcome).toBe('voided');
    expect((await db().select().from(payments).where(eq(payments.id, `stale-${code}`)))[0].status).toBe('VOIDED');
    expect((await paymentsOf(code)).filter((x) => x.status === 'APPROVED')).toHaveLength(1);
  });

  it('"Pokušaj ponovo" after a decline: same cart and data, the same order paid again, stock held once', async () => {
    const variant = 'HONOR_MAGIC7_LITE_TITANIUM_PURPLE';
    const before = await level(variant);
    const { s, code } = await placed(variant);
    const firstSession = sessionOf(await authorize(s, code));
    await pay(firstSession, '4000 0000 0000 0002');
    expect(await status(s, code)).toMatchObject({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED' });
    expect(await level(variant)).toBe(before);
    // the overview right now would be empty: the order's cart is ORDERED, a fresh cart is open
    expect((await s.call('GET', PATHS.fullCart)).json().entries).toHaveLength(0);

    // a double click (and a second tab on the other instance): the same cart comes back once
    const [r1, r2] = await Promise.all([s.call('POST', RETRY, { orderCode: code }), onOther(s).call('POST', RETRY, { orderCode: code })]);
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r1.json().cart.code).toBe(r2.json().cart.code);
    const cart = (await s.call('GET', PATHS.fullCart)).json();
    expect(cart.code).toBe(r1.json().cart.code);
    expect(cart.entries.map((e: { product: { code: string } }) => e.product.code)).toContain(variant);
    expect(cart.orderCustomerInfo).toMatchObject({ firstName: GUEST.customerData.firstName, contactEmail: GUEST.customerData.contactEmail });
    expect(cart.deliveryAddress).toMatchObject({ line1: GUEST.deliveryAddress.line1, town: GUEST.deliveryAddress.town });
    expect(cart.paymentMode).toEqual({ code: 'CreditCard' });
    const consents = (await s.call('GET', PATHS.consents)).json().consentTemplates as Array<{ id: string; selected: boolean; given: boolean }>;
    for (const c of consents) expect(c).toMatchObject({ selected: false, given: c.id in REQUIRED_CONSENTS });
    const sessionId = (await db().select().from(orders).where(eq(orders.code, code)))[0].sessionId;
    expect(await db().select().from(carts).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN')))).toHaveLength(1);

    // submitted twice at once (double click, two instances): the same order, stock held once
    const [a, b] = await Promise.all([s.call('POST', PATHS.submitOrder, SUBMIT), onOther(s).call('POST', PATHS.submitOrder, SUBMIT)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().code).toBe(code);
    expect(b.json().code).toBe(code);
    expect(await status(s, code)).toMatchObject({ status: 'PAYMENT_PENDING', paymentStatus: 'PENDING', errorType: null });
    expect(await level(variant)).toBe(before - 1);
    const second = sessionOf(await authorize(s, code));
    expect(second).not.toBe(firstSession);
    // the declined session stays declined
    expect((await callback(firstSession, code, 'APPROVED')).json().outcome).toBe('alreadyProcessed');
    await pay(second, '4111 1111 1111 1111');
    expect(await status(s, code)).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(await level(variant)).toBe(before - 1);
    expect((await paymentsOf(code)).map((p) => p.status).sort()).toEqual(['APPROVED', 'DECLINED']);
    // a paid order cannot be retried
    const paid = await s.call('POST', RETRY, { orderCode: code });
    expect(paid.statusCode).toBe(400);
    expect(paid.json().errors[0]).toMatchObject({ type: 'OrderError', message: `Porudžbina ${code} se ne može ponovo platiti.` });
  });

  it('a retry after the last unit is gone answers noStock cleanly and keeps nothing', async () => {
    const variant = 'SAMSUNG_GALAXY_S25_NAVY';
    const { s, code } = await placed(variant);
    await pay(sessionOf(await authorize(s, code)), '4000 0000 0000 0002');
    expect((await s.call('POST', RETRY, { orderCode: code })).statusCode).toBe(200);
    await db().update(stock).set({ level: 0 }).where(eq(stock.variantCode, variant));
    const again = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(again.json().errors[0]).toMatchObject({ type: 'CartValidationError', reason: 'noStock' });
    expect(await level(variant)).toBe(0);
    expect(await status(s, code)).toMatchObject({ status: 'PAYMENT_FAILED' });
    expect((await s.call('GET', PATHS.fullCart)).json().entries.length).toBeGreaterThan(0);
  });

  it('an abandoned payment: back to the overview and submit again re-uses the open session', async () => {
    const variant = 'XIAOMI_15_BLACK';
    const before = await level(variant);
    const { s, code } = await placed(variant);
    const url1 = (await authorize(s, code)).json().redirectionUrl;
    expect((await s.call('POST', RETRY, { orderCode: code })).statusCode).toBe(200);
    const again = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(again.json().code).toBe(code);
    expect((await authorize(s, code)).json().redirectionUrl).toBe(url1);
    expect(await level(variant)).toBe(before - 1);
    expect(await paymentsOf(code)).toHaveLength(1);
  });

  it('an abandoned payment and a changed cart: the old session is closed, the new amount is paid once', async () => {
    const variant = 'MOTOROLA_EDGE_50_NEO_LATTE';
    const { s, code } = await placed(variant);
    const old = sessionOf(await authorize(s, code));
    const amountBefore = (await paymentsOf(code))[0].amount;
    expect((await s.call('POST', RETRY, { orderCode: code })).statusCode).toBe(200);
    const before = await level(variant);
    const add = await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' });
    expect(add.statusCode, add.body).toBe(200);
    const cableBefore = await level('ACC_USBC_CABLE_STD');
    const again = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(again.statusCode).toBe(200);
    expect(again.json().code).toBe(code);
    expect(await level(variant)).toBe(before); // given back and held again: still one unit
    expect(await level('ACC_USBC_CABLE_STD')).toBe(cableBefore - 1);
    const fresh = sessionOf(await authorize(s, code));
    expect(fresh).not.toBe(old);
    const rows = await paymentsOf(code);
    expect(rows.find((p) => p.id === old)?.status).toBe('CANCELLED');
    // the closed session's late approval is not kept (its charge is voided) and pays nothing
    expect((await callback(old, code, 'APPROVED')).json().outcome).toBe('voided');
    expect(await status(s, code)).toMatchObject({ status: 'PAYMENT_PENDING' });
    expect(rows.find((p) => p.id === fresh)?.amount).not.toBe(amountBefore);
    expect((await callback(fresh, code, 'APPROVED')).json().outcome).toBe('applied');
    expect((await paymentsOf(code)).filter((p) => p.status === 'APPROVED')).toHaveLength(1);
  });

  it('a retry keeps a cart the shopper filled meanwhile (409 cartInUse, English) and refuses unknown orders', async () => {
    const { s, code } = await placed('NOKIA_G42_SO_GREY');
    await pay(sessionOf(await authorize(s, code)), '4000 0000 0000 0002');
    const add = await s.call('POST', PATHS.addBundle, { deviceCode: 'XIAOMI_15_BLACK', chargeType: 'ONE_TIME_CHARGE' });
    expect(add.statusCode).toBe(200);
    s.lang = '2';
    const busy = await s.call('POST', RETRY, { orderCode: code });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors[0]).toMatchObject({ type: 'OrderError', reason: 'cartInUse' });
    expect(busy.json().errors[0].message).toMatch(/Empty the cart/);
    expect((await s.call('GET', PATHS.fullCart)).json().entries.map((e: { product: { code: string } }) => e.product.code)).toContain('XIAOMI_15_BLACK');
    expect((await s.call('POST', RETRY, { orderCode: '9999999999' })).statusCode).toBe(404);
    expect((await s.call('POST', RETRY, { orderCode: 'x' })).statusCode).toBe(400);
    // another session's order is unknown to this one
    const stranger = await new Shopper(h.app).login();
    expect((await stranger.call('POST', RETRY, { orderCode: code })).statusCode).toBe(404);
  });
});
