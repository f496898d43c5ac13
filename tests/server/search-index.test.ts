// @vitest-environment node
// The product search's index (issue 25, server/catalog/search.ts): what a search reads of a product is computed once
// per product object. It must answer exactly as the plain scan it replaced (tests/server/search-reference.ts) on
// the seeded catalogue — facets, free text, every sort, pages, both languages, the site search —, and a delta that
// replaces one product must compute that product's entry alone again while the answers still record what they read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { stock } from '../../server/db/tables';
import { CatalogModel, searchProducts, type CatalogSnapshot } from '../../server/catalog/index';
import { searchIndexStats, type SearchParams } from '../../server/catalog/search';
import type { UiDocuments } from '../../server/ui/index';
import { drivers, loadUi, startApp, type Harness } from './helpers';
import { referenceSearch } from './search-reference';

const PHONE_VARIANT = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE';
const ACCESSORY = 'ACC_SAMSUNG_25W_CHARGER';

const QUERIES: SearchParams[] = [];
for (const categoryCode of ['telefoni', 'dodatna_oprema', 'tarife', 'pripejd', 'dropshipping', 'sve', 'no-such-category']) {
  for (const query of [undefined, '', 'galaxy', 'SAMSUNG', 'iphone:price-asc', ':price-desc', ':name-asc', ':name-desc', ':topRated',
    '::brand:Samsung', '::brand:Samsung:brand:Apple', '::brand:Apple:color:crna', ':price-asc:price:20000-50000',
    '::esim:ESIM', '::esim:NONE:brand:Samsung', 'a:name-desc:color:plava:color:crna', '::unknown:x', 'nema-takvog', '::price:100000-']) {
    QUERIES.push({ categoryCode, query, page: 0, pageSize: 20 });
  }
}
QUERIES.push(
  { categoryCode: 'telefoni', page: 1, pageSize: 5 },
  { categoryCode: 'telefoni', query: ':relevance', sort: 'price-asc', page: 0, pageSize: 50 },
  { categoryCode: 'telefoni', page: 0, pageSize: 10, searchQueryContext: 'MAIN_PAGE' },
  { categoryCode: 'telefoni', page: 0, pageSize: 10, sort: 'name-asc', searchQueryContext: 'MAIN_PAGE' },
  { categoryCode: 'dodatna_oprema', page: 3, pageSize: 7, sort: 'price-desc' },
  { page: 0, pageSize: 100 },
);

describe.each(drivers)('the product search index on %s', (_name, url) => {
  let h: Harness;
  let ui: UiDocuments;
  let model: CatalogModel;

  beforeAll(async () => {
    h = await startApp(url);
    ui = await loadUi();
    model = new CatalogModel(h.database.db, 3_600_000);
  }, 120_000);
  afterAll(async () => { await h?.close(); });

  const fresh = async (): Promise<CatalogSnapshot> => { model.invalidate(); return model.current(); };

  it('answers every query exactly as the plain scan it replaced, in both languages', async () => {
    const snap = await fresh();
    let compared = 0;
    for (const lang of ['sr', 'en'] as const) {
      for (const q of QUERIES) {
        const want = referenceSearch(snap, ui, q, lang);
        expect(searchProducts(snap, ui, q, lang), `${lang} ${JSON.stringify(q)}`).toStrictEqual(want);
        compared++;
      }
    }
    expect(compared).toBe(QUERIES.length * 2);
    // the set is not vacuous: facets narrowed the answers and counted the others
    const samsung = searchProducts(snap, ui, { categoryCode: 'telefoni', query: '::brand:Samsung', page: 0, pageSize: 20 }, 'sr');
    const all = searchProducts(snap, ui, { categoryCode: 'telefoni', page: 0, pageSize: 20 }, 'sr');
    expect(samsung.pagination.totalResults).toBeGreaterThan(0);
    expect(samsung.pagination.totalResults).toBeLessThan(all.pagination.totalResults);
    expect(samsung.facets.find((f) => f.code === 'brand')!.values.filter((v) => v.count > 0).length).toBeGreaterThan(1);
  });

  it('a stock delta of one phone computes that phone\'s entry alone again; the answer is still right and still recorded', async () => {
    const q: SearchParams = { categoryCode: 'telefoni', query: ':price-asc', page: 0, pageSize: 100 };
    const before = await fresh();
    const accessories0 = searchProducts(before, ui, { categoryCode: 'dodatna_oprema', page: 0, pageSize: 100 }, 'sr');
    const phones0 = searchProducts(before, ui, q, 'sr');
    const [{ level }] = await h.database.db.select({ level: stock.level }).from(stock).where(eq(stock.variantCode, PHONE_VARIANT));
    await h.database.db.update(stock).set({ level: level + 3 }).where(eq(stock.variantCode, PHONE_VARIANT));
    const after = await fresh();
    expect(after).not.toBe(before);
    const i0 = searchIndexStats();
    const phones1 = searchProducts(after, ui, q, 'sr');
    const i1 = searchIndexStats();
    // the memoized answer held the phone: computed again — from the index but for that one phone
    expect(phones1).not.toBe(phones0);
    expect(i1.entriesBuilt - i0.entriesBuilt).toBe(1);
    expect(i1.summariesBuilt - i0.summariesBuilt).toBe(1);
    expect(phones1).toStrictEqual(referenceSearch(after, ui, q, 'sr'));
    // the accessories' answer did not read the phone: kept as the very same object
    expect(searchProducts(after, ui, { categoryCode: 'dodatna_oprema', page: 0, pageSize: 100 }, 'sr')).toBe(accessories0);
    // and the phone list answer recorded its reads: an accessory's change keeps it, a phone's drops it
    await h.database.db.execute(sql`UPDATE stock SET level = level + 1 WHERE variant_code IN (SELECT code FROM product_variants WHERE product_code = ${ACCESSORY})`);
    const third = await fresh();
    expect(searchProducts(third, ui, q, 'sr')).toBe(phones1);
    expect(searchProducts(third, ui, { categoryCode: 'dodatna_oprema', page: 0, pageSize: 100 }, 'sr')).not.toBe(accessories0);
  });
});
