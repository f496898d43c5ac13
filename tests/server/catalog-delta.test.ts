// @vitest-environment node
// The catalogue read model by delta (issue 25, server/catalog/model.ts, migration 0028): two instances on one
// database; a change made through instance A (a dev route, an order holding stock, SQL) reaches B's read model as a
// delta — the counters prove no full rebuild — B's memoized answers and cart views that read the changed product are
// computed again and the others kept (the same objects); a change-log gap costs one full rebuild, which runs in slices
// while the old snapshot keeps serving and /health answers; a start reads the model kept at the last shutdown.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/index';
import { appMeta } from '../../server/db/schema';
import { catalogRevision, stock } from '../../server/db/tables';
import { CatalogModel, productDetails, searchProducts, type CatalogSnapshot } from '../../server/catalog/index';
import { checkoutReadyShopper, drivers, GATEWAY_SECRET, loadUi, PATHS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';

const PHONE = 'SAMSUNG_GALAXY_A56';
const VARIANT = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
const OTHER_PHONE = 'SAMSUNG_GALAXY_A16';
const ACCESSORY = 'ACC_SAMSUNG_25W_CHARGER';
const TARIFF = 'ORBITA_MAX_M';

const list = (categoryCode: string) => ({ categoryCode, page: 0, pageSize: 100 });

describe.each(drivers)('catalogue read model by delta on %s', (_name, url) => {
  let h: Harness;
  /** instance A: the harness's app, with the development catalogue routes */
  let a: FastifyInstance;
  /** instance B: its own pool on PostgreSQL, the same database object on PGlite; it checks the revision only when told */
  let b: FastifyInstance;
  let bDatabase: Database | null = null;

  beforeAll(async () => {
    h = await startApp(url, { dev: true });
    a = h.app;
    bDatabase = h.dbUrl ? await openDatabase({ url: h.dbUrl }) : null;
    b = await buildApp({ db: (bDatabase ?? h.database).db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, catalogCheckMs: 3_600_000 });
    await b.ready();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await h?.close();
  });

  /** B reads the changes now (what its revision check does every second while asked). */
  const bModel = async (): Promise<CatalogSnapshot> => {
    b.ctx.catalog.invalidate();
    return b.ctx.catalog.current();
  };

  it('a stock change made through A reaches B as a delta: answers and cart views with the product computed again, the others kept', async () => {
    const shopper = await new Shopper(b).login();
    const other = await new Shopper(b).login();
    expect((await shopper.call('POST', PATHS.addBundle, { deviceCode: VARIANT, tariffCode: TARIFF, subscriptionTermId: `${TARIFF}_T24`, chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    expect((await other.call('POST', PATHS.addBundle, { deviceCode: ACCESSORY, chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    const before = await bModel();
    // B's answers: the phone's details and list (hold the phone), another phone's and the tariff's details (do not)
    const phone0 = productDetails(before, PHONE, 'sr');
    const otherPhone0 = productDetails(before, OTHER_PHONE, 'sr');
    const tariff0 = productDetails(before, TARIFF, 'sr');
    const phones0 = searchProducts(before, b.ctx.ui, list('telefoni'), 'sr');
    const accessories0 = searchProducts(before, b.ctx.ui, list('dodatna_oprema'), 'sr');
    // the phone list by pages of 5: the page that shows the phone, and one that does not
    const pages0 = [0, 1, 2, 3].map((page) => searchProducts(before, b.ctx.ui, { categoryCode: 'telefoni', page, pageSize: 5 }, 'sr'));
    const showing = pages0.findIndex((r) => r.products.some((x) => x.code === PHONE));
    const notShowing = pages0.findIndex((r) => r.products.length > 0 && !r.products.some((x) => x.code === PHONE));
    expect(showing).toBeGreaterThanOrEqual(0);
    expect(notShowing).toBeGreaterThanOrEqual(0);
    expect((await shopper.call('GET', PATHS.fullCart)).statusCode).toBe(200);
    expect((await other.call('GET', PATHS.fullCart)).statusCode).toBe(200);
    const level = phone0.variants.find((v) => v.code === VARIANT)!.stock.stockLevel ?? 0;
    const s0 = b.ctx.catalog.stats();

    const set = await a.inject({ method: 'POST', url: '/dev/catalog/stock', payload: { code: VARIANT, level: level + 7 } });
    expect(set.statusCode).toBe(200);
    const after = await bModel();
    const s1 = b.ctx.catalog.stats();
    expect(after).not.toBe(before);
    expect(s1.fullRebuilds).toBe(s0.fullRebuilds);
    expect(s1.deltasApplied).toBe(s0.deltasApplied + 1);
    expect(s1.stockReads).toBe(s0.stockReads + 1); // the variant's stock, nothing else
    expect(s1.productsReloaded).toBe(s0.productsReloaded);
    expect(s1.answersDropped).toBeGreaterThan(s0.answersDropped);
    expect(s1.answersKept).toBeGreaterThan(s0.answersKept);
    expect(s1.cartViewsDropped).toBeGreaterThanOrEqual(s0.cartViewsDropped + 1); // the phone cart
    expect(s1.cartViewsKept).toBeGreaterThanOrEqual(s0.cartViewsKept + 1);
    // the answers holding the phone are new and right; the others are the very same objects
    const phone1 = productDetails(after, PHONE, 'sr');
    expect(phone1).not.toBe(phone0);
    expect(phone1.variants.find((v) => v.code === VARIANT)!.stock.stockLevel).toBe(level + 7);
    expect(searchProducts(after, b.ctx.ui, list('telefoni'), 'sr')).not.toBe(phones0);
    expect(productDetails(after, OTHER_PHONE, 'sr')).toBe(otherPhone0);
    expect(productDetails(after, TARIFF, 'sr')).toBe(tariff0);
    expect(searchProducts(after, b.ctx.ui, list('dodatna_oprema'), 'sr')).toBe(accessories0);
    // a stock change drops the list page that shows the product, not a page of its category that does not (which
    // products a list finds, their order and its facets do not depend on stock)
    const page = (n: number) => searchProducts(after, b.ctx.ui, { categoryCode: 'telefoni', page: n, pageSize: 5 }, 'sr');
    expect(page(showing)).not.toBe(pages0[showing]);
    expect(page(notShowing)).toBe(pages0[notShowing]);
    // an untouched product is the same object in both snapshots (structural sharing)
    expect(after.product(ACCESSORY)).toBe(before.product(ACCESSORY));
    // and over HTTP, B shows the new level
    const details = (await shopper.call('GET', `${PATHS.details}?productCode=${PHONE}`)).json();
    expect(details.variants.find((v: { code: string }) => v.code === VARIANT).stock.stockLevel).toBe(level + 7);
    const cart = (await shopper.call('GET', PATHS.fullCart)).json();
    expect(cart.entries.some((e: { product: { code: string; stock: { stockLevel: number } } }) => e.product.code === VARIANT && e.product.stock.stockLevel === level + 7)).toBe(true);
  });

  it('an order placed on A holds stock: B applies it as a stock delta', async () => {
    const s = await checkoutReadyShopper(a, VARIANT);
    const before = await bModel();
    const level = before.product(PHONE)!.variants.find((v) => v.code === VARIANT)!.stockLevel;
    const s0 = b.ctx.catalog.stats();
    const order = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
    expect(order.statusCode).toBe(200);
    const after = await bModel();
    const s1 = b.ctx.catalog.stats();
    expect(after.product(PHONE)!.variants.find((v) => v.code === VARIANT)!.stockLevel).toBe(level - 1);
    expect(s1.fullRebuilds).toBe(s0.fullRebuilds);
    expect(s1.deltasApplied).toBe(s0.deltasApplied + 1);
    expect(s1.stockReads).toBeGreaterThan(s0.stockReads);
    // a direct SQL change is seen the same way
    await h.database.db.update(stock).set({ level: 4 }).where(eq(stock.variantCode, VARIANT));
    const bySql = await bModel();
    expect(bySql.product(PHONE)!.variants.find((v) => v.code === VARIANT)!.stockLevel).toBe(4);
    expect(b.ctx.catalog.stats().fullRebuilds).toBe(s0.fullRebuilds);
  });

  it('a price change reloads that product alone; answers without it are kept', async () => {
    const before = await bModel();
    const phone0 = productDetails(before, PHONE, 'sr');
    const tariff0 = productDetails(before, TARIFF, 'sr');
    const accessories0 = searchProducts(before, b.ctx.ui, list('dodatna_oprema'), 'sr');
    const s0 = b.ctx.catalog.stats();
    const res = await a.inject({ method: 'POST', url: '/dev/catalog/price', payload: { code: PHONE, price: 43210 } });
    expect(res.statusCode).toBe(200);
    const after = await bModel();
    const s1 = b.ctx.catalog.stats();
    expect(s1.fullRebuilds).toBe(s0.fullRebuilds);
    expect(s1.deltasApplied).toBe(s0.deltasApplied + 1);
    expect(s1.productsReloaded).toBe(s0.productsReloaded + 1);
    const phone1 = productDetails(after, PHONE, 'sr');
    expect(phone1).not.toBe(phone0);
    expect(phone1.oneOff?.chargeEntries[0].price.value).toBe(43210);
    expect(productDetails(after, TARIFF, 'sr')).toBe(tariff0);
    expect(searchProducts(after, b.ctx.ui, list('dodatna_oprema'), 'sr')).toBe(accessories0);
    const listed = searchProducts(after, b.ctx.ui, list('telefoni'), 'sr').products.find((p) => p.code === PHONE);
    expect(listed?.price?.value).toBe(43210);
  });

  it('a new product appears in its category list; the lists of other categories are kept', async () => {
    const before = await bModel();
    const accessories0 = searchProducts(before, b.ctx.ui, list('dodatna_oprema'), 'sr');
    const phones0 = searchProducts(before, b.ctx.ui, list('telefoni'), 'sr');
    const s0 = b.ctx.catalog.stats();
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO products (code, name, description, type, brand, categories, highlights, specification, sort_order)
        SELECT 'DELTA_NEW_CABLE', 'Delta kabl', description, type, brand, categories, highlights, specification, sort_order + 1
        FROM products WHERE code = ${ACCESSORY}`);
      await tx.execute(sql`INSERT INTO price_plans (id, product_code, purchasable) VALUES ('DELTA_NEW_CABLE_PLAN', 'DELTA_NEW_CABLE', true)`);
      await tx.execute(sql`INSERT INTO charge_entries (price_plan_id, charge_type, price) VALUES ('DELTA_NEW_CABLE_PLAN', 'ONE_TIME_CHARGE', 99900)`);
    });
    const after = await bModel();
    const s1 = b.ctx.catalog.stats();
    expect(s1.fullRebuilds).toBe(s0.fullRebuilds);
    expect(s1.deltasApplied).toBe(s0.deltasApplied + 1);
    const accessories1 = searchProducts(after, b.ctx.ui, list('dodatna_oprema'), 'sr');
    expect(accessories1.pagination.totalResults).toBe(accessories0.pagination.totalResults + 1);
    expect(accessories1.products.map((p) => p.code)).toContain('DELTA_NEW_CABLE');
    expect(searchProducts(after, b.ctx.ui, list('telefoni'), 'sr')).toBe(phones0);
    // and gone again
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM charge_entries WHERE price_plan_id = 'DELTA_NEW_CABLE_PLAN'`);
      await tx.execute(sql`DELETE FROM price_plans WHERE id = 'DELTA_NEW_CABLE_PLAN'`);
      await tx.execute(sql`DELETE FROM products WHERE code = 'DELTA_NEW_CABLE'`);
    });
    const gone = await bModel();
    expect(gone.product('DELTA_NEW_CABLE')).toBeNull();
    expect(searchProducts(gone, b.ctx.ui, list('dodatna_oprema'), 'sr').pagination.totalResults).toBe(accessories0.pagination.totalResults);
    expect(b.ctx.catalog.stats().fullRebuilds).toBe(s0.fullRebuilds);
  });

  it('announced changes within the gap are read together as one delta; a write on the instance is read at once', async () => {
    const model = new CatalogModel(h.database.db, 3_600_000, { deltaGapMs: 3_600_000 });
    try {
      const first = await model.current();
      const level = (m: CatalogSnapshot) => m.product(PHONE)!.variants.find((v) => v.code === VARIANT)!.stockLevel;
      // the first announcement after a read waits for the gap (the read above started it)…
      await h.database.db.update(stock).set({ level: 31 }).where(eq(stock.variantCode, VARIANT));
      model.changed();
      // …and so do those that follow: no delta for any of them
      for (const n of [32, 33, 34]) {
        await h.database.db.update(stock).set({ level: n }).where(eq(stock.variantCode, VARIANT));
        model.changed();
        expect(await model.current()).toBe(first);
      }
      expect(model.stats().deltasApplied).toBe(0);
      // a write on this instance (invalidate): every change since, in one delta
      model.invalidate();
      const now = await model.current();
      expect(level(now)).toBe(34);
      expect(model.stats().deltasApplied).toBe(1);
    } finally {
      model.close();
    }
  });

  it('a start reads the model kept at the last shutdown and the changes since, not the whole catalogue; never another database\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-kept-'));
    const cacheFile = join(dir, 'catalog.v8');
    const models: CatalogModel[] = [];
    const model = () => { const m = new CatalogModel(h.database.db, 3_600_000, { cacheFile }); models.push(m); return m; };
    const level = (m: CatalogSnapshot) => m.product(PHONE)!.variants.find((v) => v.code === VARIANT)!.stockLevel;
    try {
      const first = model();
      const built = await first.current();
      expect(first.stats()).toMatchObject({ fullRebuilds: 1, cacheLoads: 0 });
      await first.save();
      // changed after it was kept: the next start applies it as a delta
      await h.database.db.update(stock).set({ level: 41 }).where(eq(stock.variantCode, VARIANT));
      const second = model();
      const loaded = await second.current();
      expect(second.stats()).toMatchObject({ fullRebuilds: 0, cacheLoads: 1 });
      expect(level(loaded)).toBe(41);
      expect(loaded.size).toBe(built.size);
      expect(loaded.all.map((p) => p.product.code)).toEqual(built.all.map((p) => p.product.code));
      // what it answers is what a full build answers
      const fresh = await new CatalogModel(h.database.db, 3_600_000).current();
      expect(JSON.stringify(productDetails(loaded, PHONE, 'sr'))).toBe(JSON.stringify(productDetails(fresh, PHONE, 'sr')));
      expect(JSON.stringify(searchProducts(loaded, b.ctx.ui, list('telefoni'), 'sr'))).toBe(JSON.stringify(searchProducts(fresh, b.ctx.ui, list('telefoni'), 'sr')));
      // the kept file holds its tables as columns (model-pack.ts): every product, variant, picture, device price and
      // reference comes back as it was, in its order
      expect(loaded.all).toEqual(fresh.all);
      expect(loaded.parts().dpByDevice).toEqual(fresh.parts().dpByDevice);
      expect(loaded.parts().refs).toEqual(fresh.parts().refs);
      expect(loaded.parts().cms).toEqual(fresh.parts().cms);
      // a file kept for another database (its key differs): a full build
      await second.save();
      await h.database.db.update(appMeta).set({ value: 'another-database' }).where(eq(appMeta.key, 'catalog.cacheKey'));
      const third = model();
      await third.current();
      expect(third.stats()).toMatchObject({ fullRebuilds: 1, cacheLoads: 0 });
      // a file ahead of the database (a restore of an older copy): a full build
      await third.save();
      await h.database.db.update(catalogRevision).set({ revision: sql`${catalogRevision.revision} - 1` }).where(eq(catalogRevision.id, 1));
      const fourth = model();
      await fourth.current();
      expect(fourth.stats()).toMatchObject({ fullRebuilds: 1, cacheLoads: 0 });
      await h.database.db.update(catalogRevision).set({ revision: sql`${catalogRevision.revision} + 1` }).where(eq(catalogRevision.id, 1));
    } finally {
      for (const m of models) m.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a change-log gap (B older than the pruned changes) costs one full rebuild, run while the old snapshot serves', async () => {
    const before = await bModel();
    const s0 = b.ctx.catalog.stats();
    await h.database.db.update(stock).set({ level: 9 }).where(eq(stock.variantCode, VARIANT));
    await h.database.db.update(catalogRevision).set({ revision: sql`${catalogRevision.revision} + 1`, prunedRevision: sql`${catalogRevision.revision} + 1` }).where(eq(catalogRevision.id, 1));
    const during = await bModel();
    expect(during).toBe(before); // the old snapshot answers at once
    await b.ctx.catalog.settled();
    const after = await b.ctx.catalog.current();
    const s1 = b.ctx.catalog.stats();
    expect(s1.fullRebuilds).toBe(s0.fullRebuilds + 1);
    expect(after.product(PHONE)!.variants.find((v) => v.code === VARIANT)!.stockLevel).toBe(9);
    expect(after.size).toBe(before.size);
    // the next change is a delta again
    await h.database.db.update(stock).set({ level: 8 }).where(eq(stock.variantCode, VARIANT));
    const next = await bModel();
    expect(next.product(PHONE)!.variants.find((v) => v.code === VARIANT)!.stockLevel).toBe(8);
    expect(b.ctx.catalog.stats().fullRebuilds).toBe(s0.fullRebuilds + 1);
    expect(b.ctx.catalog.stats().deltasApplied).toBe(s1.deltasApplied + 1);
  });

  it('a full rebuild of a big catalogue runs in slices: /health and the old snapshot answer while it runs', async () => {
    const db = h.database.db;
    // 1,500 more accessories (clones)
    await db.execute(sql`INSERT INTO products (code, name, description, type, brand, categories, highlights, specification, sort_order)
      SELECT 'DELTA_BULK_' || g, name || ' ' || g, description, type, brand, categories, highlights, specification, sort_order + g
      FROM products, generate_series(1, 1500) g WHERE code = ${ACCESSORY}`);
    const model = new CatalogModel(db, 3_600_000, { pageSize: 50 });
    const first = await model.current();
    expect(first.size).toBeGreaterThan(1500);
    // a gap: the next check rebuilds in full, in the background
    await db.update(catalogRevision).set({ revision: sql`${catalogRevision.revision} + 1`, prunedRevision: sql`${catalogRevision.revision} + 1` }).where(eq(catalogRevision.id, 1));
    const events: string[] = [];
    model.invalidate();
    const served = await model.current();
    expect(served).toBe(first);
    expect(model.stats().rebuilding).toBe(true);
    const done = model.settled().then(() => events.push('rebuilt'));
    const health = await b.inject({ method: 'GET', url: '/health' });
    events.push('health');
    expect(health.statusCode).toBe(200);
    expect(model.stats().rebuilding).toBe(true);
    await done;
    expect(events).toEqual(['health', 'rebuilt']);
    const stats = model.stats();
    expect(stats.fullRebuilds).toBe(2);
    expect(stats.rebuilding).toBe(false);
    expect((await model.current()).size).toBe(first.size);
    await db.execute(sql`DELETE FROM products WHERE code LIKE 'DELTA_BULK_%'`);
  });

  it('a full rebuild\'s slices adapt to their budget, each followed by a turn of the event loop; the list comes in order', async () => {
    const db = h.database.db;
    await db.execute(sql`INSERT INTO products (code, name, description, type, brand, categories, highlights, specification, sort_order)
      SELECT 'DELTA_SLICE_' || g, name || ' ' || g, description, type, brand, categories, highlights, specification, (g * 7919) % 1500
      FROM products, generate_series(1, 1500) g WHERE code = ${ACCESSORY}`);
    try {
      const build = async (opts: { sliceMs: number; pageSize: number }) => {
        const model = new CatalogModel(db, 3_600_000, opts);
        // a turn of the event loop, counted while the build runs (setImmediate: order of events, not time)
        let turns = 0;
        let on = true;
        const tick = () => { if (!on) return; turns++; setImmediate(tick); };
        setImmediate(tick);
        const snap = await model.current();
        on = false;
        return { snap, stats: model.stats(), turns };
      };
      // a budget no page can meet: the pages shrink to the smallest (5 products) and the loop turns after each
      const tight = await build({ sliceMs: 0.0001, pageSize: 400 });
      expect(tight.snap.size).toBeGreaterThan(1500);
      expect(tight.stats.slices).toBeGreaterThanOrEqual(Math.floor((tight.snap.size - 25) / 5)); // after a first page of 25
      expect(tight.turns).toBeGreaterThanOrEqual(tight.stats.slices - 1); // every slice but the last (empty) read
      // a budget every page meets: the pages grow (doubling) to the largest allowed
      const loose = await build({ sliceMs: 1e9, pageSize: 400 });
      expect(loose.snap.size).toBe(tight.snap.size);
      expect(loose.stats.slices).toBeLessThan(20);
      // both lists are the catalogue in list order (sort order, then code), read in that order page by page
      const want = [...loose.snap.byCode.values()].sort((a, b) => a.product.sortOrder - b.product.sortOrder || (a.product.code < b.product.code ? -1 : 1)).map((p) => p.product.code);
      expect(loose.snap.products({}).map((p) => p.product.code)).toEqual(want);
      expect(tight.snap.products({}).map((p) => p.product.code)).toEqual(want);
      // a delta that moves one product keeps the order (merged in, not sorted again)
      const model = new CatalogModel(db, 3_600_000);
      await model.current();
      await db.execute(sql`UPDATE products SET sort_order = 3 WHERE code = 'DELTA_SLICE_1000'`);
      model.invalidate();
      const moved = await model.current();
      expect(model.stats().fullRebuilds).toBe(1);
      const order = moved.products({}).map((p) => p.product.code);
      const wantMoved = [...moved.byCode.values()].sort((a, b) => a.product.sortOrder - b.product.sortOrder || (a.product.code < b.product.code ? -1 : 1)).map((p) => p.product.code);
      expect(order).toEqual(wantMoved);
    } finally {
      await db.execute(sql`DELETE FROM products WHERE code LIKE 'DELTA_SLICE_%'`);
    }
  });
});
