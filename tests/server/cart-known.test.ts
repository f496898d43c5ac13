// @vitest-environment node
// A session's next add to the cart this instance last wrote is judged against what the instance knows and written in
// one statement without a transaction (server/cart/add-known.ts writeKnownBatch, add-statements.ts writeKnown), a
// first add with the cart it opens likewise (writeNewBatch, writeNewCarts): these
// tests count which path wrote each add, and prove that whatever the instance knows is only a guess — a session
// signed out, a cart ordered or a level moved elsewhere sends the add through the locked batch, which answers as
// the database holds it. PGlite always, PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drivers, PATHS, secondInstance, Shopper, startApp, type Harness } from './helpers';
import { carts, sessions, stock } from '../../server/db/tables';
import { addPathCounts } from '../../server/cart/index';
import type { CartAddCounts } from '../../server/lib/metrics';

const add = (s: Shopper, code: string) => s.call('POST', PATHS.addBundle, { deviceCode: code, chargeType: 'ONE_TIME_CHARGE' });
interface CartJson { code: string; version: number; totalUnitCount: number; entries: Array<{ product: { code: string }; quantity: number }> }

describe.each(drivers)('adds to a known cart on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  /** The stock level the instance's catalogue read model holds for a variant. */
  const modelLevel = async (variant: string) => {
    const cat = await h.app.ctx.catalog.current();
    return cat.product(cat.productOfVariant.get(variant)!)?.variants.find((v) => v.code === variant)?.stockLevel;
  };

  /** Sets a stock level without the triggers that tell the catalogue read model (catalog_revision, the change feed):
   *  the instance goes on believing the old level. */
  const unheardStockChange = (variant: string, level: number) => h.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update ${stock} set ${sql.identifier('level')} = ${level} where ${stock.variantCode} = ${variant}`);
  });

  /** What `fn` added to the counts of the three ways. */
  async function paths(fn: () => Promise<void>): Promise<CartAddCounts> {
    const before = addPathCounts(h.database.db);
    await fn();
    const after = addPathCounts(h.database.db);
    return { known: after.known - before.known, new: after.new - before.new, locked: after.locked - before.locked };
  }

  it('the first add opens the cart in one statement; the next ones (a new line, a raise, a refusal) are one statement each to the cart it knows; each answers the stored cart', async () => {
    const s = await new Shopper(h.app).login();
    let first: unknown;
    expect(await paths(async () => { first = (await add(s, 'ACC_TEMPERED_GLASS')).json().cart; })).toEqual({ known: 0, new: 1, locked: 0 });
    expect(first).toEqual((await s.call('GET', PATHS.cart)).json());
    expect((first as CartJson).version).toBe(1);
    const answers: CartJson[] = [];
    const modifications: string[] = [];
    expect(await paths(async () => {
      for (const code of ['ACC_USBC_CABLE', 'ACC_TEMPERED_GLASS', 'ACC_TEMPERED_GLASS', 'ACC_TEMPERED_GLASS']) {
        const r = (await add(s, code)).json();
        answers.push(r.cart);
        modifications.push(r.cartModifications[0].statusCode);
      }
    })).toEqual({ known: 4, new: 0, locked: 0 });
    // a new line, two raises to the limit of 3, then the limit's refusal (nothing written, the version kept)
    expect(modifications).toEqual(['success', 'success', 'success', 'maxOrderQuantityExceeded']);
    expect(answers.map((c) => c.version)).toEqual([2, 3, 4, 4]);
    const stored = (await s.call('GET', PATHS.cart)).json() as CartJson;
    expect(answers[3]).toEqual(stored);
    expect(stored.entries.map((e) => [e.product.code, e.quantity])).toEqual([['ACC_TEMPERED_GLASS_STD', 3], ['ACC_USBC_CABLE_STD', 1]]);
  });

  it('the other instance\'s add makes the known cart stale: the next add is written by the locked batch, nothing is lost', async () => {
    const other = await secondInstance(h);
    try {
      const s = await new Shopper(h.app).login();
      const twin = Object.assign(new Shopper(other.app), { token: s.token, cookie: s.cookie });
      await add(s, 'ACC_TEMPERED_GLASS');
      await add(twin, 'ACC_USBC_CABLE');
      const counted = await paths(async () => { expect((await add(s, 'ACC_SAMSUNG_25W_CHARGER')).statusCode).toBe(200); });
      // on PGlite both instances share one database object and so one memory: the twin's add left the cart known
      expect(counted).toEqual(h.dbUrl ? { known: 0, new: 0, locked: 1 } : { known: 1, new: 0, locked: 0 });
      const stored = (await s.call('GET', PATHS.cart)).json() as CartJson;
      expect(stored.version).toBe(3);
      expect(stored.entries.map((e) => e.product.code).sort()).toEqual(['ACC_SAMSUNG_25W_CHARGER_STD', 'ACC_TEMPERED_GLASS_STD', 'ACC_USBC_CABLE_STD']);
    } finally {
      await other.close();
    }
  });

  it('a cart column an add does not guard, changed elsewhere without a new version (the payment mode), is answered as stored', async () => {
    const s = await new Shopper(h.app).login();
    const first = (await add(s, 'ACC_TEMPERED_GLASS')).json().cart as CartJson & { paymentMode: unknown };
    expect(first.paymentMode).toBeNull();
    await h.database.db.update(carts).set({ paymentMode: 'Delivery' }).where(eq(carts.code, first.code));
    let answer: unknown;
    expect(await paths(async () => { answer = (await add(s, 'ACC_USBC_CABLE')).json().cart; })).toEqual({ known: 1, new: 0, locked: 0 });
    expect((answer as { paymentMode: unknown }).paymentMode).toEqual({ code: 'Delivery' });
    expect(answer).toEqual((await s.call('GET', PATHS.cart)).json());
  });

  it('a first add of a session whose open cart this instance does not know (another instance opened it) goes to the locked batch and joins that cart', async () => {
    const other = await secondInstance(h);
    try {
      const s = await new Shopper(h.app).login();
      const twin = Object.assign(new Shopper(other.app), { token: s.token, cookie: s.cookie });
      const opened = (await add(twin, 'ACC_TEMPERED_GLASS')).json().cart as CartJson;
      const r = await add(s, 'ACC_USBC_CABLE');
      const cart = r.json().cart as CartJson;
      expect(cart.code).toBe(opened.code);
      expect(cart.version).toBe(2);
      expect(cart).toEqual((await s.call('GET', PATHS.cart)).json());
    } finally {
      await other.close();
    }
  });

  it('a first add past the stored stock opens the cart in the locked batch and answers noStock', async () => {
    const variant = 'ACC_ANKER_POWERBANK_10K_STD';
    const [{ level: before }] = await h.database.db.select({ level: stock.level }).from(stock).where(eq(stock.variantCode, variant));
    try {
      await h.database.db.execute(sql`update ${stock} set ${sql.identifier('level')} = 0 where ${stock.variantCode} = ${variant}`);
      const s = await new Shopper(h.app).login();
      let status = '';
      expect(await paths(async () => { status = (await add(s, 'ACC_ANKER_POWERBANK_10K')).json().cartModifications[0].statusCode; })).toEqual({ known: 0, new: 0, locked: 1 });
      expect(status).toBe('noStock');
    } finally {
      await h.database.db.update(stock).set({ level: before }).where(eq(stock.variantCode, variant));
    }
  });

  it('a session ended behind the instance\'s back answers 401, its cart untouched', async () => {
    const s = await new Shopper(h.app).login();
    const first = (await add(s, 'ACC_TEMPERED_GLASS')).json().cart as CartJson;
    const sid = (await h.database.db.select({ sessionId: carts.sessionId }).from(carts).where(eq(carts.code, first.code)))[0].sessionId;
    await h.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    const r = await add(s, 'ACC_USBC_CABLE');
    expect(r.statusCode).toBe(401);
    const [cart] = await h.database.db.select({ version: carts.version }).from(carts).where(eq(carts.code, first.code));
    expect(cart.version).toBe(1);
  });

  it('a cart ordered elsewhere is not written: the add opens a new cart', async () => {
    const s = await new Shopper(h.app).login();
    const first = (await add(s, 'ACC_TEMPERED_GLASS')).json().cart as CartJson;
    await h.database.db.update(carts).set({ status: 'ORDERED' }).where(eq(carts.code, first.code));
    const r = (await add(s, 'ACC_USBC_CABLE')).json().cart as CartJson;
    expect(r.code).not.toBe(first.code);
    expect(r.entries.map((e) => e.product.code)).toEqual(['ACC_USBC_CABLE_STD']);
    const [old] = await h.database.db.select({ version: carts.version }).from(carts).where(eq(carts.code, first.code));
    expect(old.version).toBe(1);
  });

  it('a stock level that moved since the read model saw it sends the add to the locked batch, judged by the stored level', async () => {
    const variant = 'ACC_ANKER_POWERBANK_10K_STD';
    const [{ level: before }] = await h.database.db.select({ level: stock.level }).from(stock).where(eq(stock.variantCode, variant));
    try {
      const s = await new Shopper(h.app).login();
      await add(s, 'ACC_TEMPERED_GLASS');
      await unheardStockChange(variant, 0);
      let status = '';
      expect(await paths(async () => { status = (await add(s, 'ACC_ANKER_POWERBANK_10K')).json().cartModifications[0].statusCode; })).toEqual({ known: 0, new: 0, locked: 1 });
      expect(status).toBe('noStock');
      expect(await modelLevel(variant)).toBeGreaterThan(0);
    } finally {
      await h.database.db.update(stock).set({ level: before }).where(eq(stock.variantCode, variant));
    }
  });
});
