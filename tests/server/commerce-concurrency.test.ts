// @vitest-environment node
// Stock is never oversold: 50 shoppers order one unit each of a variant with 10 in stock → exactly 10 orders,
// stock 0, the other 40 refused with CartValidationError noStock (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutReadyShopper, drivers, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';
import { carts, orderLines, orders, stock } from '../../server/db/tables';

const VARIANT = 'XIAOMI_REDMI_NOTE_14_PRO_OCEAN_BLUE';

describe.each(drivers)('concurrent orders on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('50 concurrent orders for 10 units: exactly 10 orders and stock 0', async () => {
    const db = h.database.db;
    const variant = VARIANT;
    await db.update(stock).set({ level: 10 }).where(eq(stock.variantCode, variant));
    const shoppers = [];
    for (let i = 0; i < 50; i++) shoppers.push(await checkoutReadyShopper(h.app, variant));
    const results = await Promise.all(shoppers.map((s) => s.call('POST', '/hybris/ecommerce/b2c/v1/users/orders', { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null })));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json().errors[0]).toMatchObject({ type: 'CartValidationError', reason: 'noStock' });
    expect(new Set(ok.map((r) => r.json().code)).size).toBe(10);
    expect((await db.select().from(stock).where(eq(stock.variantCode, variant)))[0].level).toBe(0);
    const lines = await db.select().from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orderLines.variantCode, variant));
    expect(lines).toHaveLength(10);
  }, 300_000);

  it('three first adds of a session without a cart at once land in one cart (one open cart per session)', async () => {
    const s = await new Shopper(h.app).login();
    const adds = await Promise.all([0, 1, 2].map(() => s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_SAMSUNG_25W_CHARGER', chargeType: 'ONE_TIME_CHARGE' })));
    for (const r of adds) expect(r.statusCode, r.body).toBe(200);
    // one line, raised to 3: no add went to a second cart of the same session
    const cart = (await s.call('GET', PATHS.cart)).json();
    expect(cart.entries.map((e: { product: { code: string }; quantity: number }) => [e.product.code, e.quantity])).toEqual([['ACC_SAMSUNG_25W_CHARGER_STD', 3]]);
    const open = await h.database.db.select({ sessionId: carts.sessionId }).from(carts).where(eq(carts.status, 'OPEN'));
    expect(open.length).toBe(new Set(open.map((c) => c.sessionId)).size);
  });

  it('has no development routes on a production app', async () => {
    const r = await h.app.inject({ method: 'POST', url: '/dev/catalog/stock', payload: { code: VARIANT, level: 5 } });
    expect(r.statusCode).toBe(404);
  });
});
