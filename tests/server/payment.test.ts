// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, stock } from '../../server/db/tables';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { checkoutReadyShopper, drivers, GATEWAY_SECRET, PATHS, REQUIRED_CONSENTS, startApp, type Harness, type Shopper } from './helpers';

describe.each(drivers)('payment gateway on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const level = async (variant: string) => (await h.database.db.select().from(stock).where(eq(stock.variantCode, variant)))[0].level;

  async function orderAndAuthorize(variant: string): Promise<{ s: Shopper; code: string; paymentId: string; amount: number }> {
    const s = await checkoutReadyShopper(h.app, variant);
    const order = (await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null })).json();
    const auth = await s.call('POST', PATHS.authorize, { cardPaymentType: order.paymentInfo.cardPaymentType, orderId: order.code });
    expect(auth.statusCode).toBe(200);
    const redirectionUrl: string = auth.json().redirectionUrl;
    expect(redirectionUrl).toMatch(/^\/gateway\/pay\/[A-Za-z0-9_-]+$/);
    const paymentId = redirectionUrl.split('/').pop()!;
    const p = (await h.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0];
    return { s, code: order.code, paymentId, amount: p.amount };
  }

  const pay = (paymentId: string, cardNumber: string, extra: Record<string, string> = {}) => h.app.inject({
    method: 'POST', url: `/gateway/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber, expiry: '12/39', cvc: '123', holder: 'Marija Petrović', action: 'pay', ...extra }).toString(),
  });

  it('shows a bank-like page with the amount and the test cards (Serbian, English by cookie)', async () => {
    const { paymentId, code } = await orderAndAuthorize('XIAOMI_15_BLACK');
    const page = await h.app.inject({ method: 'GET', url: `/gateway/pay/${paymentId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Broj kartice');
    expect(page.body).toContain(code);
    expect(page.body).toContain('4111 1111 1111 1111');
    expect(page.body).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const en = await h.app.inject({ method: 'GET', url: `/gateway/pay/${paymentId}`, headers: { cookie: 'b2c_enFlow=true' } });
    expect(en.body).toContain('Card number');
    const invalid = await pay(paymentId, '4111 1111 1111 1112');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Unesi ispravan broj kartice.');
  });

  it('approves with 4111…: signed callback marks the order paid, redirects to the result page', async () => {
    const variant = 'MOTOROLA_EDGE_50_NEO_LATTE';
    const before = await level(variant);
    const { s, code, paymentId } = await orderAndAuthorize(variant);
    const res = await pay(paymentId, '4111 1111 1111 1111');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/kupovina/rezultat-placanja?orderCode=${code}`);
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json()).toMatchObject({ status: 'PAID', paymentStatus: 'PAID', errorType: null });
    expect(await level(variant)).toBe(before - 1);
    // paying again changes nothing
    const again = await pay(paymentId, '4000 0000 0000 0002');
    expect(again.statusCode).toBe(303);
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json().status).toBe('PAID');
    const conf = (await s.call('GET', `${PATHS.confirmation}?orderCode=${code}`)).json();
    expect(conf.order.paymentStatus).toBe('PAID');
    expect((await s.call('POST', PATHS.authorize, { cardPaymentType: 'NEW_CARD', orderId: code })).statusCode).toBe(400);
  });

  it('declines with 4000…0002 and gives the stock back', async () => {
    const variant = 'HONOR_MAGIC7_LITE_TITANIUM_PURPLE';
    const before = await level(variant);
    const { s, code, paymentId } = await orderAndAuthorize(variant);
    expect(await level(variant)).toBe(before - 1);
    await pay(paymentId, '4000 0000 0000 0002');
    const st = (await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json();
    expect(st).toMatchObject({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED', errorType: 'PaymentDeclinedError' });
    expect(st.message).toMatch(/nije odobreno/);
    expect(await level(variant)).toBe(before);
  });

  it('fails with the card limit for 4000…9995 (MtsCardLimitError) and gives the stock back', async () => {
    const variant = 'NOKIA_G42_SO_GREY';
    const before = await level(variant);
    const { s, code, paymentId } = await orderAndAuthorize(variant);
    await pay(paymentId, '4000000000009995');
    s.lang = '2';
    const st = (await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json();
    expect(st).toMatchObject({ status: 'PAYMENT_FAILED', errorType: 'MtsCardLimitError' });
    expect(st.message).toMatch(/card limit/);
    expect(await level(variant)).toBe(before);
  });

  it('rejects a forged callback and applies a genuine one once', async () => {
    const variant = 'SAMSUNG_GALAXY_S25_NAVY';
    const before = await level(variant);
    const { s, code, paymentId, amount } = await orderAndAuthorize(variant);
    const payload: CallbackPayload = { paymentId, orderCode: code, result: 'DECLINED', amount, timestamp: Date.now() };
    const forged = await h.app.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: sign('not-the-secret', payload) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0].type).toBe('InvalidSignatureError');
    // a genuine signature over other fields does not fit a changed result
    const approvedSig = sign(GATEWAY_SECRET, { ...payload, result: 'APPROVED' });
    expect((await h.app.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: approvedSig } })).statusCode).toBe(400);
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json().status).toBe('PAYMENT_PENDING');
    expect(await level(variant)).toBe(before - 1);

    const genuine = { ...payload, signature: sign(GATEWAY_SECRET, payload) };
    const first = await h.app.inject({ method: 'POST', url: '/gateway/callback', payload: genuine });
    expect(first.json()).toEqual({ outcome: 'applied', orderCode: code });
    const second = await h.app.inject({ method: 'POST', url: '/gateway/callback', payload: genuine });
    expect(second.json()).toEqual({ outcome: 'alreadyProcessed', orderCode: code });
    const approve: CallbackPayload = { ...payload, result: 'APPROVED', timestamp: Date.now() + 1 };
    const late = await h.app.inject({ method: 'POST', url: '/gateway/callback', payload: { ...approve, signature: sign(GATEWAY_SECRET, approve) } });
    expect(late.json().outcome).toBe('alreadyProcessed');
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json().status).toBe('PAYMENT_FAILED');
    expect(await level(variant)).toBe(before); // released exactly once
    const malformed = await h.app.inject({ method: 'POST', url: '/gateway/callback', payload: { paymentId } });
    expect(malformed.statusCode).toBe(400);
  });
});
