// @vitest-environment node
// Rotating GATEWAY_SECRET (issue 30, docs/OPERATIONS.md): while GATEWAY_SECRET_PREVIOUS holds the old secret, what was
// signed with it (a shopper's bearer token, a gateway callback) still verifies; everything new is signed with the new
// secret only; once the previous secret is removed, the old signatures are refused. The production start's rules hold
// for the previous secret too.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { payments } from '../../server/db/tables';
import { DEV_GATEWAY_SECRET, gatewaySecretOf, GatewaySecretError } from '../../server/payment/secret';
import { sign, type CallbackPayload } from '../../server/payment/signature';
import { checkoutReadyShopper, drivers, GATEWAY_SECRET, loadUi, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';

const NEW_SECRET = 'the-new-gateway-secret-after-rotation';

describe('GATEWAY_SECRET_PREVIOUS at the start', () => {
  const strong = randomBytes(32).toString('hex');
  const older = randomBytes(32).toString('hex');

  it('is taken beside the new secret, and dropped when it is the same one', () => {
    expect(gatewaySecretOf({ NODE_ENV: 'production', GATEWAY_SECRET: strong, GATEWAY_SECRET_PREVIOUS: older })).toEqual({ secret: strong, previous: older });
    expect(gatewaySecretOf({ NODE_ENV: 'production', GATEWAY_SECRET: strong, GATEWAY_SECRET_PREVIOUS: ` ${strong} ` })).toEqual({ secret: strong });
    expect(gatewaySecretOf({ GATEWAY_SECRET: 'x', GATEWAY_SECRET_PREVIOUS: 'y' })).toEqual({ secret: 'x', previous: 'y' });
  });

  it('in production, a previous secret anyone knows or a short one stops the start', () => {
    const refused = (previous: string) => {
      try { gatewaySecretOf({ NODE_ENV: 'production', GATEWAY_SECRET: strong, GATEWAY_SECRET_PREVIOUS: previous }); } catch (e) {
        expect(e).toBeInstanceOf(GatewaySecretError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused(DEV_GATEWAY_SECRET)).toMatch(/GATEWAY_SECRET_PREVIOUS is the development secret/);
    expect(refused('short')).toMatch(/GATEWAY_SECRET_PREVIOUS is shorter than 32/);
  });
});

describe.each(drivers)('rotating the gateway secret on %s', (_name, url) => {
  let h: Harness;
  const apps: FastifyInstance[] = [];
  /** Another instance on the same database with other secrets (a restart with new environment). */
  const instance = async (gatewaySecret: string, gatewayPreviousSecret?: string) => {
    const app = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret, gatewayPreviousSecret, authRateLimit: 10000 });
    await app.ready();
    apps.push(app);
    return app;
  };
  const on = (app: FastifyInstance, s: Shopper) => Object.assign(new Shopper(app, s.lang), { token: s.token, cookie: s.cookie });

  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { for (const a of apps) await a.close(); await h?.close(); });

  it('a token signed before the switch works while the old secret is the previous one, and not after', async () => {
    const before = await new Shopper(h.app).login(); // signed with the old secret
    expect((await before.call('GET', PATHS.cart)).statusCode).toBe(200);

    const rotating = await instance(NEW_SECRET, GATEWAY_SECRET);
    expect((await on(rotating, before).call('GET', PATHS.cart)).statusCode).toBe(200);
    // a token issued now is signed with the new secret: an instance that only knows the old one refuses it
    const after = await new Shopper(rotating).login();
    expect((await on(rotating, after).call('GET', PATHS.cart)).statusCode).toBe(200);
    expect((await on(h.app, after).call('GET', PATHS.cart)).statusCode).toBe(401);

    const done = await instance(NEW_SECRET);
    expect((await on(done, after).call('GET', PATHS.cart)).statusCode).toBe(200);
    expect((await on(done, before).call('GET', PATHS.cart)).statusCode).toBe(401);
  });

  it('a gateway callback signed with the previous secret is applied once; one signed with another secret is refused', async () => {
    const rotating = await instance(NEW_SECRET, GATEWAY_SECRET);
    const s = await checkoutReadyShopper(rotating, 'NOKIA_G42_SO_GREY');
    const order = (await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null })).json();
    const auth = await s.call('POST', PATHS.authorize, { cardPaymentType: order.paymentInfo.cardPaymentType, orderId: order.code });
    expect(auth.statusCode).toBe(200);
    const paymentId = String(auth.json().redirectionUrl).split('/').pop()!;
    const [p] = await h.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const payload: CallbackPayload = { paymentId, orderCode: order.code, result: 'APPROVED', amount: p.amount, timestamp: Date.now() };

    const forged = await rotating.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: sign('yet-another-secret', payload) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0].type).toBe('InvalidSignatureError');
    const old = await rotating.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: sign(GATEWAY_SECRET, payload) } });
    expect(old.json()).toEqual({ outcome: 'applied', orderCode: order.code });
    expect((await s.call('GET', `${PATHS.orderStatus}?orderCode=${order.code}`)).json().status).toBe('PAID');
    const again = await rotating.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: sign(NEW_SECRET, payload) } });
    expect(again.json()).toEqual({ outcome: 'alreadyProcessed', orderCode: order.code });
  });
});
