// @vitest-environment node
// The bench's data generator (tests/bench/generate.ts, issue 25) at a tiny scale: the grown data is valid for the
// shop — a clone of each product type exists, a phone clone is found by a search with a facet and by free text,
// its details carry its own (varied) prices with the seeded tariffs, it and an accessory clone can be added to a
// cart, and the generated customers, carts and orders hold together; a second run changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { grow, CLONE_MARK, type GrowResult } from '../bench/generate';
import { drivers, PATHS, secondInstance, Shopper, startApp, type Harness } from './helpers';

describe.each(drivers)('bench data generator (%s)', (_name, url) => {
  let h: Harness;
  let second: Awaited<ReturnType<typeof secondInstance>>;
  let first: GrowResult;
  const rows = async <T>(text: string) => ((await h.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    h = await startApp(url);
    first = await grow(h.database.db, { catalog: 300, customers: 1000 });
    // an instance started on the grown database reads the grown catalogue
    second = await secondInstance(h);
  }, 300_000);
  afterAll(async () => { await second?.close(); await h?.close(); });

  it('grows the catalogue with clones of every product type, and the customers with sessions, carts and orders', async () => {
    expect(first.products).toBe(300);
    expect(first.clones).toBeGreaterThan(150);
    expect(first.customers).toBe(1000);
    expect(first.entries).toBeGreaterThanOrEqual(3000);
    expect(first.orders).toBeGreaterThanOrEqual(200);
    const seededTypes = (await rows<{ type: string }>(`SELECT DISTINCT type FROM products WHERE position('${CLONE_MARK}' IN code) = 0 ORDER BY type`)).map((r) => r.type);
    const cloneTypes = (await rows<{ type: string }>(`SELECT DISTINCT type FROM products WHERE position('${CLONE_MARK}' IN code) > 0 ORDER BY type`)).map((r) => r.type);
    expect(cloneTypes).toEqual(seededTypes);
    // every generated customer has one session and one cart of 3 lines; every ordered cart one order of 3 lines
    const [c] = await rows<{ users: number; sessions: number; carts: number; bad: number; orders: number; lines: number }>(`SELECT
      (SELECT count(*)::int FROM users WHERE username LIKE 'bench\\_u%') AS users,
      (SELECT count(*)::int FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username LIKE 'bench\\_u%') AS sessions,
      (SELECT count(*)::int FROM carts WHERE code LIKE 'BENCH%') AS carts,
      (SELECT count(*)::int FROM carts c WHERE c.code LIKE 'BENCH%' AND (SELECT count(*) FROM cart_entries e WHERE e.cart_id = c.id) <> 3) AS bad,
      (SELECT count(*)::int FROM orders o JOIN carts c ON c.id = o.cart_id AND c.status = 'ORDERED' WHERE o.code LIKE 'BO%') AS orders,
      (SELECT count(*)::int FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.code LIKE 'BO%') AS lines`);
    expect(c).toEqual({ users: 1000, sessions: 1000, carts: 1000, bad: 0, orders: 200, lines: 600 });
  });

  it('a second run finds the size there and adds nothing', async () => {
    const again = await grow(h.database.db, { catalog: 300, customers: 1000 });
    expect(again.skipped).toEqual(['catalog', 'customers']);
    expect({ ...again, skipped: [] }).toEqual({ ...first, clones: 0, skipped: [] });
  });

  it('a phone clone is found by a facet and by free text, answers its details with its own prices, and goes into a cart', async () => {
    const [clone] = await rows<{ code: string; name: string; brand: string; variant: string; src: string }>(`SELECT p.code, p.name, p.brand,
        (SELECT v.code FROM product_variants v JOIN stock s ON s.variant_code = v.code WHERE v.product_code = p.code AND s.level > 0 ORDER BY v.sort_order LIMIT 1) AS variant,
        split_part(p.code, '${CLONE_MARK}', 1) AS src
      FROM products p WHERE p.type = 'DEVICE' AND position('${CLONE_MARK}' IN p.code) > 0
        AND EXISTS (SELECT 1 FROM device_prices d WHERE d.device_code = p.code AND d.tariff_code = 'ORBITA_MAX_M' AND d.term_months = 24)
      ORDER BY p.code LIMIT 1`);
    expect(clone).toBeTruthy();
    const s = await new Shopper(second.app).login();
    // the brand facet, all pages: the clone is among the brand's phones
    const seen = new Set<string>();
    for (let page = 0; ; page++) {
      const r = await s.call('GET', `${PATHS.search}?categoryCode=telefoni&query=${encodeURIComponent(`:price-asc:brand:${clone.brand}`)}&page=${page}&pageSize=50`);
      expect(r.statusCode).toBe(200);
      const body = r.json() as { products: Array<{ code: string; brand: { name: string } }>; pagination: { totalPages: number } };
      for (const p of body.products) { expect(p.brand.name).toBe(clone.brand); seen.add(p.code); }
      if (page + 1 >= body.pagination.totalPages) break;
    }
    expect(seen.has(clone.code)).toBe(true);
    // its whole name as free text finds it
    const byName = await s.call('GET', `${PATHS.search}?categoryCode=telefoni&query=${encodeURIComponent(clone.name)}`);
    expect((byName.json() as { products: Array<{ code: string }> }).products.map((p) => p.code)).toContain(clone.code);

    const det = await s.call('GET', `${PATHS.details}?productCode=${clone.code}`);
    expect(det.statusCode).toBe(200);
    const d = det.json() as { code: string; variants: Array<{ code: string }>; prices: { topOffer: Array<{ code: string; pricePlans: Array<{ id: string }> }>; basicOffer: Array<{ code: string; pricePlans: Array<{ id: string }> }> } };
    expect(d.code).toBe(clone.code);
    expect(d.variants.map((v) => v.code)).toContain(clone.variant);
    const plans = [...d.prices.topOffer, ...d.prices.basicOffer].flatMap((t) => t.pricePlans.map((p) => p.id));
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((id) => id.endsWith(clone.code.slice(clone.code.indexOf(CLONE_MARK))))).toBe(true);

    const add = await s.call('POST', PATHS.addBundle, { deviceCode: clone.variant, tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' });
    expect(add.statusCode, add.body).toBe(200);
    const [acc] = await rows<{ code: string; variants: string[] }>(`SELECT p.code, array(SELECT v.code FROM product_variants v WHERE v.product_code = p.code) AS variants
      FROM products p WHERE p.type = 'ACCESSORY' AND position('${CLONE_MARK}' IN p.code) > 0 ORDER BY p.code LIMIT 1`);
    const addAcc = await s.call('POST', PATHS.addBundle, { deviceCode: acc.code, chargeType: 'ONE_TIME_CHARGE' });
    expect(addAcc.statusCode, addAcc.body).toBe(200);
    const cart = (await s.call('GET', PATHS.fullCart)).json() as { entries: Array<{ product: { code: string } }> };
    const codes = cart.entries.map((e) => e.product.code);
    // an entry names the product or, for a product with colours, its variant
    expect(codes.some((c) => c === acc.code || acc.variants.includes(c))).toBe(true);
    expect(codes.some((c) => c === clone.code || c === clone.variant)).toBe(true);
  });
});
