// @vitest-environment node
// Adds to cart (server/cart/add.ts, written in batches under the carts' locks) under concurrency and behind the
// instance's back: these tests change the cart and the stock where the instance does not see it and
// add in parallel from two instances: the limits and the stock are never exceeded, and every answer is the cart as
// stored. PGlite always, PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { drivers, PATHS, secondInstance, Shopper, startApp, type Harness } from './helpers';
import { cartEntries, carts, stock } from '../../server/db/tables';

const ACC = 'ACC_USBC_CABLE';
const ACC_VARIANT = `${ACC}_STD`;
const add = (s: Shopper, code: string) => s.call('POST', PATHS.addBundle, { deviceCode: code, chargeType: 'ONE_TIME_CHARGE' });

interface CartJson { code: string; version: number; totalUnitCount: number; entries: Array<{ entryNumber: number; product: { code: string }; quantity: number }> }
const unitsOf = (c: CartJson, variant: string) => c.entries.filter((e) => e.product.code === variant).reduce((n, e) => n + e.quantity, 0);

describe.each(drivers)('adds to cart under concurrency on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('20 parallel adds of one accessory to one cart from two instances: exactly the limit (3) is added, each success answers the cart it left', async () => {
    const other = await secondInstance(h);
    try {
      const s = await new Shopper(h.app).login();
      const twin = Object.assign(new Shopper(other.app), { token: s.token, cookie: s.cookie });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(i % 2 ? twin : s, ACC)));
      for (const r of answers) expect(r.statusCode, r.body).toBe(200);
      const status = answers.map((r) => r.json().cartModifications[0].statusCode as string);
      expect(status.filter((x) => x === 'success')).toHaveLength(3);
      expect(status.filter((x) => x === 'maxOrderQuantityExceeded')).toHaveLength(17);
      const stored = (await s.call('GET', PATHS.cart)).json() as CartJson;
      expect(unitsOf(stored, ACC_VARIANT)).toBe(3);
      expect(stored.entries).toHaveLength(1);
      expect(stored.version).toBe(3);
      // the successes answered versions 1, 2, 3 with 1, 2, 3 units; the one that left version 3 answered the stored cart
      const ok = answers.filter((r) => r.json().cartModifications[0].statusCode === 'success').map((r) => r.json().cart as CartJson);
      expect(ok.map((c) => c.version).sort()).toEqual([1, 2, 3]);
      for (const c of ok) expect(unitsOf(c, ACC_VARIANT)).toBe(c.version);
      expect(ok.find((c) => c.version === 3)).toEqual(stored);
      // each refusal answered a cart already at the limit
      for (const r of answers.filter((x) => x.json().cartModifications[0].statusCode !== 'success')) expect(unitsOf(r.json().cart, ACC_VARIANT)).toBe(3);
    } finally {
      await other.close();
    }
  });

  it('40 shoppers × 6 parallel adds across two instances: no cart past its limits, every last answer equals the stored cart', async () => {
    const other = await secondInstance(h);
    try {
      const codes = ['ACC_TEMPERED_GLASS', 'ACC_SAMSUNG_25W_CHARGER'];
      const shoppers = await Promise.all(Array.from({ length: 40 }, () => new Shopper(h.app).login()));
      const twins = shoppers.map((s) => Object.assign(new Shopper(other.app), { token: s.token, cookie: s.cookie }));
      // 4 adds of the first accessory (one past its limit of 3) and 2 of the second per cart, half of them on each instance
      const sent = shoppers.flatMap((s, i) => [add(s, codes[0]), add(twins[i], codes[0]), add(s, codes[1]), add(twins[i], codes[0]), add(s, codes[0]), add(twins[i], codes[1])]);
      const answers = await Promise.all(sent);
      for (const r of answers) expect(r.statusCode, r.body).toBe(200);
      for (const [i, s] of shoppers.entries()) {
        const mine = answers.slice(i * 6, i * 6 + 6).map((r) => r.json());
        const stored = (await s.call('GET', PATHS.cart)).json() as CartJson;
        expect(unitsOf(stored, `${codes[0]}_STD`)).toBe(3);
        expect(unitsOf(stored, `${codes[1]}_STD`)).toBe(2);
        expect(mine.filter((m) => m.cartModifications[0].statusCode === 'success')).toHaveLength(5);
        expect(stored.version).toBe(5);
        expect(mine.map((m) => m.cart as CartJson).find((c) => c.version === 5)).toEqual(stored);
      }
    } finally {
      await other.close();
    }
  });

  it('a cart changed behind the instance (another writer) is judged as it is stored: the limit holds', async () => {
    const s = await new Shopper(h.app).login();
    expect((await add(s, ACC)).json().cart.totalUnitCount).toBe(1);
    // the instance believes one unit; the database now holds three (a writer the instance does not hear of)
    const code = ((await s.call('GET', PATHS.cart)).json() as CartJson).code;
    const cart = (await h.database.db.select().from(carts).where(and(eq(carts.code, code), eq(carts.status, 'OPEN'))))[0];
    await h.database.db.update(cartEntries).set({ quantity: 3 }).where(eq(cartEntries.cartId, cart.id));
    await h.database.db.update(carts).set({ version: sql`${carts.version} + 1`, updatedAt: new Date() }).where(eq(carts.id, cart.id));
    const r = (await add(s, ACC)).json();
    expect(r.cartModifications[0].statusCode).toBe('maxOrderQuantityExceeded');
    expect(unitsOf(r.cart, ACC_VARIANT)).toBe(3);
    const stored = (await s.call('GET', PATHS.cart)).json() as CartJson;
    expect(unitsOf(stored, ACC_VARIANT)).toBe(3);
    expect(r.cart).toEqual(stored);
  });

  it('stock changed behind the read model: an add past the stored level answers noStock, and one back in stock is added', async () => {
    const variant = 'ACC_APPLE_20W_ADAPTER_STD';
    const before = (await h.database.db.select().from(stock).where(eq(stock.variantCode, variant)))[0].level;
    try {
      const s = await new Shopper(h.app).login();
      expect((await add(s, 'ACC_APPLE_20W_ADAPTER')).json().cartModifications[0].statusCode).toBe('success');
      // sold out in the database only (the read model and the level the instance last saw still say in stock)
      await h.database.db.execute(sql`update ${stock} set ${sql.identifier('level')} = 0 where ${stock.variantCode} = ${variant}`);
      const out = await add(s, 'ACC_APPLE_20W_ADAPTER');
      expect(out.json().cartModifications[0].statusCode).toBe('noStock');
      expect(unitsOf(out.json().cart, variant)).toBe(1);
      // back in stock: the instance saw 0, the database's level decides
      await h.database.db.execute(sql`update ${stock} set ${sql.identifier('level')} = 5 where ${stock.variantCode} = ${variant}`);
      const back = await add(s, 'ACC_APPLE_20W_ADAPTER');
      expect(back.json().cartModifications[0].statusCode).toBe('success');
      expect(unitsOf(back.json().cart, variant)).toBe(2);
      // the answer is the stored cart; the stock level each line shows is the read model's, which learns of a change
      // made behind the instance's back (SQL here) within its check interval — the GET may come after that check, so
      // the shown levels are left out of the comparison (a race seen in CI: 35 in the answer, 5 in the GET)
      const withoutShownStock = (cart: unknown) => JSON.parse(JSON.stringify(cart), (k, v) => (k === 'stock' ? undefined : v)) as unknown;
      expect(withoutShownStock(back.json().cart)).toEqual(withoutShownStock((await s.call('GET', PATHS.cart)).json()));
    } finally {
      await h.database.db.update(stock).set({ level: before }).where(eq(stock.variantCode, variant));
    }
  });
});
