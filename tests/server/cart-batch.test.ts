// @vitest-environment node
// Adds to cart are written in batches (server/cart/add.ts): many shoppers adding at once share a transaction, yet
// each add is answered with its own cart exactly as the batch left it, a signed-out session among them gets its
// 401 alone, an add that fails in the database fails alone, and two instances adding to the same carts lose nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drivers, PATHS, secondInstance, Shopper, startApp, type Harness } from './helpers';

const ACCESSORIES = ['ACC_TEMPERED_GLASS', 'ACC_USBC_CABLE', 'ACC_SAMSUNG_25W_CHARGER'];
const add = (s: Shopper, code: string) => s.call('POST', PATHS.addBundle, { deviceCode: code, chargeType: 'ONE_TIME_CHARGE' });

interface CartJson { version: number; totalUnitCount: number; entries: Array<{ product: { code: string }; quantity: number }> }

describe.each(drivers)('batched adds to cart on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('30 shoppers adding three times at once: each answer is its own cart after its add; a signed-out session gets 401', async () => {
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => new Shopper(h.app).login()));
    const gone = await new Shopper(h.app).login();
    expect((await gone.call('POST', '/selfcare/b2c/user/logout')).statusCode).toBe(200);
    const sent = shoppers.flatMap((s) => [add(s, ACCESSORIES[0]), add(s, ACCESSORIES[1]), add(s, ACCESSORIES[0])]);
    const [refused, ...answers] = await Promise.all([add(gone, ACCESSORIES[0]), ...sent]);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].type).toBe('InvalidTokenError');
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    for (const [i, s] of shoppers.entries()) {
      const mine = answers.slice(i * 3, i * 3 + 3).map((r) => r.json().cart as CartJson);
      // one add after the other: versions 1, 2, 3 and 1, 2, 3 units, whatever order the batches took them in
      expect(mine.map((c) => c.version).sort()).toEqual([1, 2, 3]);
      expect(mine.map((c) => c.totalUnitCount).sort()).toEqual([1, 2, 3]);
      for (const c of mine) expect(c.totalUnitCount).toBe(c.version);
      const cart = (await s.call('GET', PATHS.cart)).json() as CartJson;
      expect(cart.version).toBe(3);
      // the last add's answer (built from what the batch wrote, not read back) is the cart as stored
      expect(mine.find((c) => c.version === 3)).toEqual(cart);
      expect(cart.entries.map((e) => [e.product.code, e.quantity]).sort()).toEqual([[`${ACCESSORIES[0]}_STD`, 2], [`${ACCESSORIES[1]}_STD`, 1]].sort());
    }
  });

  it('an add the database refuses fails alone; the adds batched with it are written', async () => {
    const db = h.database.db;
    // a fault injected for one accessory: its insert raises in the database
    await db.execute(sql.raw(`CREATE OR REPLACE FUNCTION refuse_usbc() RETURNS trigger AS $$ BEGIN
      IF NEW.product_code = 'ACC_USBC_CABLE' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`));
    await db.execute(sql.raw('CREATE TRIGGER refuse_usbc BEFORE INSERT ON cart_entries FOR EACH ROW EXECUTE FUNCTION refuse_usbc()'));
    try {
      const shoppers = await Promise.all(Array.from({ length: 12 }, () => new Shopper(h.app).login()));
      const answers = await Promise.all(shoppers.map((s, i) => add(s, i === 5 ? 'ACC_USBC_CABLE' : ACCESSORIES[2])));
      for (const [i, r] of answers.entries()) {
        if (i === 5) expect(r.statusCode).not.toBe(200);
        else expect(r.statusCode, r.body).toBe(200);
      }
      const carts = await Promise.all(shoppers.map(async (s) => (await s.call('GET', PATHS.cart)).json() as CartJson));
      expect(carts.map((c) => c.totalUnitCount)).toEqual(shoppers.map((_, i) => (i === 5 ? 0 : 1)));
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_usbc ON cart_entries'));
      await db.execute(sql.raw('DROP FUNCTION refuse_usbc()'));
    }
  });

  it('two instances adding to the same carts at once lose no add', async () => {
    const other = await secondInstance(h);
    try {
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => new Shopper(h.app).login()));
      // the same session's token on the second instance
      const twins = shoppers.map((s) => Object.assign(new Shopper(other.app), { token: s.token, cookie: s.cookie }));
      const answers = await Promise.all(shoppers.flatMap((s, i) => [add(s, ACCESSORIES[0]), add(twins[i], ACCESSORIES[0]), add(s, ACCESSORIES[1]), add(twins[i], ACCESSORIES[2])]));
      for (const r of answers) expect(r.statusCode, r.body).toBe(200);
      for (const s of shoppers) {
        const cart = (await s.call('GET', PATHS.cart)).json() as CartJson;
        expect(cart.version).toBe(4);
        expect(cart.totalUnitCount).toBe(4);
      }
    } finally {
      await other.close();
    }
  });
});
