// @vitest-environment node
// Money once for the shop's orders (issue 24): an approval the shop cannot keep — the gateway approves a session that
// was closed, or whose order another session already paid — is voided through the gateway provider interface
// (GatewayProvider.void; the simulator records it once in gateway_voids), answered `voided`, and shown on the order's
// payment status. A repeated delivery changes nothing; a provider that does not answer is retried by the background
// poll (retryOrderVoids). PGlite, and PostgreSQL with TEST_DATABASE_URL (two instances on one database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { orders, payments } from '../../server/db/tables';
import { gatewayVoids } from '../../server/payment/schema';
import { simulatedGateway, type GatewayProvider } from '../../server/payment/index';
import { retryOrderVoids } from '../../server/workflows/payment-voids';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { checkoutReadyShopper, drivers, GATEWAY_SECRET, PATHS, REQUIRED_CONSENTS, secondInstance, startApp, type Harness, type Shopper } from './helpers';

const RETRY = '/hybris/ecommerce/b2c/v1/users/orders/retry';
const SUBMIT = { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null };
const VOIDED_SR = 'Jedno plaćanje karticom za ovu porudžbinu stiglo je pošto je porudžbina već bila plaćena ili je sesija plaćanja zatvorena, pa je poništeno: zaduženje kartice je stornirano.';
const VOIDED_EN = 'A card payment for this order arrived after the order had already been paid or its payment session was closed, so it was voided: the card charge was reversed.';

// the harness's instances run no job workers (buildApp without `jobs`, server/db/jobs.ts): a void stays PENDING while
// the test watches it, and the test runs the retry round itself

describe.each(drivers)('a late approval of an order payment on %s', (_name, url) => {
  let h: Harness;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => { h = await startApp(url); other = await secondInstance(h); }, 120_000);
  afterAll(async () => { await other?.close(); await h?.close(); });

  const db = () => h.database.db;
  const paymentOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
  const voidsOf = (id: string) => db().select().from(gatewayVoids).where(eq(gatewayVoids.paymentId, id));
  const orderOf = async (code: string) => (await db().select().from(orders).where(eq(orders.code, code)))[0];
  const sessionOf = (res: { json: () => { redirectionUrl: string } }) => res.json().redirectionUrl.split('/').pop()!;
  const status = async (s: Shopper, code: string) => (await s.call('GET', `${PATHS.orderStatus}?orderCode=${code}`)).json();
  /** The gateway's signed callback for a session (as the gateway would send it, late). */
  const callbackBody = async (paymentId: string, code: string, result: CallbackPayload['result']) => {
    const p = await paymentOf(paymentId);
    const payload: CallbackPayload = { paymentId, orderCode: code, result, amount: p.amount, timestamp: Date.now() };
    return { ...payload, signature: sign(GATEWAY_SECRET, payload) };
  };
  const deliver = (app: FastifyInstance, body: object) => app.inject({ method: 'POST', url: '/gateway/callback', payload: body });
  const pay = (app: FastifyInstance, paymentId: string) => app.inject({
    method: 'POST', url: `/gateway/pay/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ cardNumber: '4111 1111 1111 1111', expiry: '12/39', cvc: '123', holder: 'Marija Petrović', action: 'pay' }).toString(),
  });

  /**
   * Two gateway sessions of one order: the shopper opens the card page (session A), goes back, changes the cart and
   * submits again (the same order, another amount: A is closed), then pays the new session B.
   */
  async function twoSessionsSecondPaid(app: FastifyInstance, variant: string): Promise<{ s: Shopper; code: string; a: string; b: string }> {
    const s = await checkoutReadyShopper(app, variant);
    const placed = await s.call('POST', PATHS.submitOrder, SUBMIT);
    expect(placed.statusCode).toBe(200);
    const code: string = placed.json().code;
    const a = sessionOf(await s.call('POST', PATHS.authorize, { cardPaymentType: 'NEW_CARD', orderId: code }));
    expect((await s.call('POST', RETRY, { orderCode: code })).statusCode).toBe(200);
    expect((await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    expect((await s.call('POST', PATHS.submitOrder, SUBMIT)).json().code).toBe(code);
    const b = sessionOf(await s.call('POST', PATHS.authorize, { cardPaymentType: 'NEW_CARD', orderId: code }));
    expect(b).not.toBe(a);
    expect((await paymentOf(a)).status).toBe('CANCELLED');
    expect((await pay(app, b)).statusCode).toBe(303);
    expect(await status(s, code)).toMatchObject({ status: 'PAID', paymentStatus: 'PAID', message: null });
    return { s, code, a, b };
  }

  it('the first session approved after the second paid is voided once, recorded in gateway_voids, the order paid once; a repeat changes nothing', async () => {
    const { s, code, a, b } = await twoSessionsSecondPaid(h.app, 'XIAOMI_15_BLACK');
    const late = await callbackBody(a, code, 'APPROVED');
    // delivered three times at once, on two instances: voided once
    const outcomes = await Promise.all([h.app, other.app, h.app].map((app) => deliver(app, late)));
    for (const r of outcomes) expect(r.statusCode).toBe(200);
    expect(outcomes.map((r) => r.json().outcome).sort()).toEqual(['alreadyProcessed', 'alreadyProcessed', 'voided']);
    expect(outcomes.find((r) => r.json().outcome === 'voided')!.json()).toEqual({ outcome: 'voided', orderCode: code });

    const voided = await paymentOf(a);
    expect(voided).toMatchObject({ status: 'VOIDED', voidState: 'VOIDED' });
    expect(voided.voidReference).toMatch(/^VD/);
    expect(voided.voidedAt).toBeInstanceOf(Date);
    const recorded = await voidsOf(a);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ orderCode: code, amount: voided.amount, reference: voided.voidReference });
    // the order stays paid, by the second session only
    const rows = await db().select().from(payments).where(eq(payments.orderId, (await orderOf(code)).id));
    expect(rows.filter((p) => p.status === 'APPROVED').map((p) => p.id)).toEqual([b]);
    expect(await voidsOf(b)).toHaveLength(0);
    // the shopper's payment status says so, in their language
    expect(await status(s, code)).toMatchObject({ status: 'PAID', paymentStatus: 'PAID', errorType: null, message: VOIDED_SR });
    s.lang = '2';
    expect((await status(s, code)).message).toBe(VOIDED_EN);

    // the same callback delivered again, and a late decline of it: nothing changes
    expect((await deliver(other.app, late)).json()).toEqual({ outcome: 'alreadyProcessed', orderCode: code });
    expect((await deliver(h.app, await callbackBody(a, code, 'DECLINED'))).json().outcome).toBe('alreadyProcessed');
    expect(await paymentOf(a)).toEqual(voided);
    expect(await voidsOf(a)).toEqual(recorded);
    expect((await orderOf(code)).status).toBe('PAID');
    // the paid session's approval delivered again is a duplicate, never voided
    expect((await deliver(h.app, await callbackBody(b, code, 'APPROVED'))).json().outcome).toBe('alreadyProcessed');
    expect((await paymentOf(b)).status).toBe('APPROVED');
    expect(await voidsOf(b)).toHaveLength(0);
  });

  it('a provider that does not answer leaves the void PENDING; the background retry settles it once; a refused void is shown', async () => {
    let down = true;
    const flaky: GatewayProvider = {
      async void(req) {
        if (down) throw new Error('gateway unreachable');
        return simulatedGateway(db()).void(req);
      },
    };
    const app = await buildApp({ db: db(), ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, gateway: flaky, selfcare: { jobPollMs: 0 } });
    await app.ready();
    try {
      const { s, code, a } = await twoSessionsSecondPaid(app, 'NOKIA_G42_SO_GREY');
      const late = await callbackBody(a, code, 'APPROVED');
      expect((await deliver(app, late)).json()).toEqual({ outcome: 'voided', orderCode: code });
      expect(await paymentOf(a)).toMatchObject({ status: 'VOIDED', voidState: 'PENDING', voidReference: null, voidedAt: null });
      expect(await voidsOf(a)).toHaveLength(0);
      expect((await status(s, code)).message).toBe(VOIDED_SR);
      // a repeat does not ask again: the retry does
      expect((await deliver(app, late)).json().outcome).toBe('alreadyProcessed');

      // the poll's round while the gateway is still down: the void stays PENDING
      await expect(retryOrderVoids(db(), flaky)).rejects.toThrow(/left for the next round/);
      expect((await paymentOf(a)).voidState).toBe('PENDING');
      // the gateway answers again: the next round settles it, once
      down = false;
      expect(await retryOrderVoids(db(), flaky)).toBe(1);
      const settled = await paymentOf(a);
      expect(settled).toMatchObject({ status: 'VOIDED', voidState: 'VOIDED' });
      expect(settled.voidReference).toMatch(/^VD/);
      expect(await voidsOf(a)).toHaveLength(1);
      expect(await retryOrderVoids(db(), flaky)).toBe(0);
      expect((await orderOf(code)).status).toBe('PAID');

      // a gateway that refuses the void: recorded as FAILED and the status says whom to ask
      const refusing: GatewayProvider = { void: async () => ({ state: 'FAILED', reference: null }) };
      const app2 = await buildApp({ db: db(), ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, gateway: refusing, selfcare: { jobPollMs: 0 } });
      await app2.ready();
      try {
        // a session left open beside the paid order (older data), approved by the gateway
        const o = await orderOf(code);
        const stale = `stale-late-${code}`;
        await db().insert(payments).values({ id: stale, orderId: o.id, amount: o.totalPrice });
        expect((await deliver(app2, await callbackBody(stale, code, 'APPROVED'))).json().outcome).toBe('voided');
        expect(await paymentOf(stale)).toMatchObject({ status: 'VOIDED', voidState: 'FAILED', voidReference: null });
        expect((await status(s, code)).message).toBe(`${VOIDED_SR} Storniranje još nije potvrđeno; ako zaduženje ostane na kartici, kontaktiraj korisnički servis i novac će biti vraćen.`);
        expect(await retryOrderVoids(db(), refusing)).toBe(0);
      } finally {
        await app2.close();
      }
    } finally {
      await app.close();
    }
  });
});
