// npm run bench:generate -- --catalog=10000 --customers=1000000 [--url=postgresql://…/bench_large]
// Grows a database to a national operator's size with VALID data (issue 25): the app's own migrations and seed first,
// then, in set-based SQL (INSERT … SELECT … generate_series, minutes not hours):
//   - the catalogue to `catalog` products: seeded products of every type cloned with new codes (`<code>__B<n>`) and
//     names, prices varied (0.70–1.30×), with their variants, pictures, stock, price plan, terms, charges, device ×
//     tariff prices and outgoing references, so search facets, price sorts, details and add-to-cart work on a clone;
//     the phones, accessories and appliances take the bulk, tariffs stay few (each is offered on every phone page);
//   - `customers` users (no password: they cannot sign in), each with a session and a cart holding 3 accessory lines
//     (1M customers: 1M sessions, 1M carts, 3M cart entries); a fifth of the carts ordered (200k orders, 600k lines).
// Idempotent: app_meta 'bench.catalog' / 'bench.customers' record the size grown; a size already there is skipped.
// Each part is one transaction (a failed run leaves nothing half made). The default database is
// postgresql://postgres@127.0.0.1:5432/bench_large (created when missing); BENCH_LARGE_URL or --url changes it.
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';

export interface GrowOptions {
  /** products in the catalogue after growing (seeded ones included) */
  catalog: number;
  /** generated customers (users with a session and a cart each) */
  customers: number;
  /** share of the generated carts that are ordered (default 0.2) */
  orderedShare?: number;
  log?: (line: string) => void;
}

export interface GrowResult { products: number; clones: number; customers: number; carts: number; entries: number; orders: number; skipped: string[] }

/** The clone code marker: seeded codes never hold a double underscore. */
export const CLONE_MARK = '__B';
/** Types that carry the bulk of a national catalogue (split 60 / 35 / 5). */
const BULK: Array<[string, number]> = [['DEVICE', 0.6], ['ACCESSORY', 0.35], ['DROPSHIPPING', 0.05]];
/** At 10,000 products: this many clones per seeded product of every other type, and tariff clones in all. */
const SERVICE_CLONES_PER_SEEDED = 5;
const TARIFF_CLONES = 20;

/** The tables a clone writes to (each with its catalog_revision trigger). */
const CATALOG_TABLES = ['products', 'product_variants', 'product_images', 'stock', 'price_plans', 'subscription_terms', 'charge_entries', 'device_prices', 'product_references'];

type Rows<T> = { rows: T[] };
async function q<T = Record<string, unknown>>(db: Db, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as Rows<T>).rows;
}

async function marker(db: Db, key: string): Promise<number> {
  const r = await q<{ value: string }>(db, `SELECT value FROM app_meta WHERE key = '${key}'`);
  return r.length ? Number(r[0].value) : 0;
}

/** Grows the catalogue, then the customers; each part skipped when its size is there. */
export async function grow(db: Db, o: GrowOptions): Promise<GrowResult> {
  const log = o.log ?? (() => {});
  const skipped: string[] = [];
  let clones = 0;
  if ((await marker(db, 'bench.catalog')) >= o.catalog) skipped.push('catalog');
  else {
    clones = await growCatalog(db, o.catalog, log);
    // the planner's statistics of the grown tables (a server without autovacuum — as on this machine — would plan the
    // rebuild's page reads as sequential scans of 100,000 rows until the next ANALYZE)
    await q(db, 'ANALYZE');
  }
  if ((await marker(db, 'bench.customers')) >= o.customers || o.customers <= 0) skipped.push('customers');
  else await growCustomers(db, o.customers, o.orderedShare ?? 0.2, log);
  const [c] = await q<{ products: string; customers: string; carts: string; entries: string; orders: string }>(db, `SELECT
    (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM users WHERE username LIKE 'bench\\_u%') AS customers,
    (SELECT count(*) FROM carts) AS carts, (SELECT count(*) FROM cart_entries) AS entries, (SELECT count(*) FROM orders) AS orders`);
  return { products: Number(c.products), clones, customers: Number(c.customers), carts: Number(c.carts), entries: Number(c.entries), orders: Number(c.orders), skipped };
}

async function growCatalog(db: Db, target: number, log: (l: string) => void): Promise<number> {
  const t0 = Date.now();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await q(tx, 'SET LOCAL statement_timeout = 0');
    await q(tx, 'SET LOCAL lock_timeout = 0');
    // every catalogue table raises catalog_revision once per row at commit (deferred triggers, migration 0004): a
    // hundred thousand updates of one row in one transaction take hours. Off for the insert (ALTER TABLE takes the
    // table's lock until commit: nothing else runs here), the revision raised once by hand below.
    for (const t of CATALOG_TABLES) await q(tx, `ALTER TABLE ${t} DISABLE TRIGGER USER`);
    const [{ n: have }] = await q<{ n: string }>(tx, 'SELECT count(*) AS n FROM products');
    const clones = Math.max(0, target - Number(have));
    // sources: every product that is not a clone, not a parent tariff (it only groups) and not a child tariff
    await q(tx, `CREATE TEMP TABLE bench_src ON COMMIT DROP AS
      SELECT p.code, p.type, (row_number() OVER (PARTITION BY p.type ORDER BY p.sort_order, p.code) - 1)::int AS i,
             (count(*) OVER (PARTITION BY p.type))::int AS c
      FROM products p
      WHERE position('${CLONE_MARK}' IN p.code) = 0 AND p.parent_code IS NULL
        AND NOT EXISTS (SELECT 1 FROM products ch WHERE ch.parent_code = p.code)`);
    const types = await q<{ type: string; c: number }>(tx, 'SELECT type, max(c) AS c FROM bench_src GROUP BY type ORDER BY type');
    const f = clones / 10_000;
    const quota = new Map<string, number>();
    let service = 0;
    for (const t of types) {
      if (BULK.some(([b]) => b === t.type)) continue;
      const k = clones === 0 ? 0 : t.type === 'TARIFF' ? Math.ceil(TARIFF_CLONES * f) : Math.ceil(t.c * SERVICE_CLONES_PER_SEEDED * f);
      quota.set(t.type, k);
      service += k;
    }
    const bulkLeft = Math.max(0, clones - service);
    let given = 0;
    const present = BULK.filter(([b]) => types.some((t) => t.type === b));
    present.forEach(([b, share], idx) => {
      const k = idx === present.length - 1 ? bulkLeft - given : Math.round(bulkLeft * share / present.reduce((s, [, w]) => s + w, 0));
      quota.set(b, k);
      given += k;
    });
    // trim the service quotas when the target is too small for them all
    let over = [...quota.values()].reduce((a, b) => a + b, 0) - clones;
    for (const [t, k] of [...quota].sort((a, b) => b[1] - a[1])) {
      if (over <= 0) break;
      const cut = Math.min(k, over);
      quota.set(t, k - cut);
      over -= cut;
    }
    const values = [...quota].filter(([, k]) => k > 0).map(([t, k]) => `('${t}', ${k})`).join(', ');
    if (!values) {
      for (const t of CATALOG_TABLES) await q(tx, `ALTER TABLE ${t} ENABLE TRIGGER USER`);
      await markCatalog(tx, target);
      return 0;
    }
    const [{ base }] = await q<{ base: number }>(tx, `SELECT coalesce(max(sort_order), 0) + 1 AS base FROM products`);
    const [{ first }] = await q<{ first: number }>(tx, `SELECT coalesce(max(substring(code FROM '${CLONE_MARK}([0-9]+)$')::int), 0) AS first FROM products WHERE position('${CLONE_MARK}' IN code) > 0`);
    // the clone map: n numbers clones over all types; factor varies prices (0.70–1.30, in steps of 0.01)
    await q(tx, `CREATE TEMP TABLE bench_map ON COMMIT DROP AS
      SELECT s.code AS src, ${first} + row_number() OVER (ORDER BY q.type, g.j) AS n, s.type
      FROM (VALUES ${values}) AS q(type, k)
      CROSS JOIN LATERAL generate_series(1, q.k) AS g(j)
      JOIN bench_src s ON s.type = q.type AND s.i = (g.j - 1) % s.c`);
    await q(tx, `ALTER TABLE bench_map ADD COLUMN code text, ADD COLUMN factor numeric`);
    await q(tx, `UPDATE bench_map SET code = src || '${CLONE_MARK}' || n, factor = (70 + (n * 37) % 61) / 100.0`);
    await q(tx, 'CREATE INDEX ON bench_map (src)');
    await q(tx, 'ANALYZE bench_map');
    const price = (col: string) => `CASE WHEN ${col} IS NULL THEN NULL ELSE (round(${col} * m.factor / 100) * 100)::int END`;
    const SUFFIX = `(ARRAY['Lite','Plus','Pro','Max','Neo','Mini','Edge','Ultra','Go','Prime'])[1 + (m.n % 10)::int]`;
    await q(tx, `INSERT INTO products (code, name, description, type, process_type, esim, brand, parent_code, voucher_limit, categories,
        highlights, specification, rating, sort_order, price_version, free_addons_limit, best_offer)
      SELECT m.code, p.name || ' ' || ${SUFFIX} || ' ' || (m.n / 10 + 1), p.description, p.type, p.process_type, p.esim, p.brand, NULL,
        p.voucher_limit, p.categories, p.highlights, p.specification,
        least(5, greatest(0, p.rating + ((m.n % 11) - 5) / 10.0)), ${base} + m.n, 1, p.free_addons_limit, false
      FROM bench_map m JOIN products p ON p.code = m.src`);
    await q(tx, `INSERT INTO product_variants (code, product_code, color_code, color_name, color_hex, sort_order)
      SELECT v.code || '${CLONE_MARK}' || m.n, m.code, v.color_code, v.color_name, v.color_hex, v.sort_order
      FROM bench_map m JOIN product_variants v ON v.product_code = m.src`);
    await q(tx, `INSERT INTO product_images (product_code, variant_code, url, alt_text, sort_order)
      SELECT m.code, CASE WHEN i.variant_code IS NULL THEN NULL ELSE i.variant_code || '${CLONE_MARK}' || m.n END, i.url, i.alt_text, i.sort_order
      FROM bench_map m JOIN product_images i ON i.product_code = m.src ORDER BY m.n, i.id`);
    await q(tx, `INSERT INTO stock (variant_code, level)
      SELECT v.code || '${CLONE_MARK}' || m.n, 20 + (m.n * 13) % 180
      FROM bench_map m JOIN product_variants v ON v.product_code = m.src`);
    await q(tx, `INSERT INTO price_plans (id, product_code, purchasable, installments)
      SELECT pp.id || '${CLONE_MARK}' || m.n, m.code, pp.purchasable, pp.installments FROM bench_map m JOIN price_plans pp ON pp.product_code = m.src`);
    await q(tx, `INSERT INTO subscription_terms (id, price_plan_id, months, recommended)
      SELECT st.id || '${CLONE_MARK}' || m.n, pp.id || '${CLONE_MARK}' || m.n, st.months, st.recommended
      FROM bench_map m JOIN price_plans pp ON pp.product_code = m.src JOIN subscription_terms st ON st.price_plan_id = pp.id`);
    await q(tx, `INSERT INTO charge_entries (price_plan_id, charge_type, cycle_start, cycle_end, price, old_price)
      SELECT pp.id || '${CLONE_MARK}' || m.n, ce.charge_type, ce.cycle_start, ce.cycle_end, ${price('ce.price')}, ${price('ce.old_price')}
      FROM bench_map m JOIN price_plans pp ON pp.product_code = m.src JOIN charge_entries ce ON ce.price_plan_id = pp.id ORDER BY m.n, ce.id`);
    await q(tx, `INSERT INTO device_prices (id, device_code, tariff_code, term_months, purchasable, one_time_price, old_one_time_price,
        installments, installment_price, old_installment_price, upfront_price, offer_type, one_time_available, installments_available)
      SELECT d.id || '${CLONE_MARK}' || m.n, m.code, d.tariff_code, d.term_months, d.purchasable, ${price('d.one_time_price')}, ${price('d.old_one_time_price')},
        d.installments, ${price('d.installment_price')}, ${price('d.old_installment_price')}, ${price('d.upfront_price')}, d.offer_type,
        d.one_time_available, d.installments_available
      FROM bench_map m JOIN device_prices d ON d.device_code = m.src`);
    await q(tx, `INSERT INTO product_references (product_code, target_code, reference_type, sort_order, max_allowed_quantity, preselected, is_removable_entry, free)
      SELECT m.code, r.target_code, r.reference_type, r.sort_order, r.max_allowed_quantity, r.preselected, r.is_removable_entry, r.free
      FROM bench_map m JOIN product_references r ON r.product_code = m.src`);
    await markCatalog(tx, target);
    for (const t of CATALOG_TABLES) await q(tx, `ALTER TABLE ${t} ENABLE TRIGGER USER`);
    await q(tx, 'UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1');
    const [{ n }] = await q<{ n: string }>(tx, 'SELECT count(*) AS n FROM bench_map');
    log(`catalogue: ${n} clones in ${((Date.now() - t0) / 1000).toFixed(1)} s (${[...quota].map(([t, k]) => `${t} ${k}`).join(', ')})`);
    return Number(n);
  });
}

async function markCatalog(tx: Db, target: number) {
  await q(tx, `INSERT INTO app_meta (key, value) VALUES ('bench.catalog', '${target}') ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
}

async function growCustomers(db: Db, customers: number, orderedShare: number, log: (l: string) => void): Promise<void> {
  const t0 = Date.now();
  const step = (what: string) => log(`customers: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await q(tx, 'SET LOCAL statement_timeout = 0');
    await q(tx, 'SET LOCAL lock_timeout = 0');
    const from = (await marker(tx, 'bench.customers')) + 1;
    const ordered = Math.floor(customers * orderedShare);
    // the accessories a generated cart holds: one variant, a one-off price
    await q(tx, `CREATE TEMP TABLE bench_pool ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY p.code) - 1)::int AS i, p.code, v.code AS variant, pp.id AS plan, ce.price, p.price_version
      FROM products p JOIN product_variants v ON v.product_code = p.code JOIN price_plans pp ON pp.product_code = p.code
      JOIN charge_entries ce ON ce.price_plan_id = pp.id AND ce.charge_type = 'ONE_TIME_CHARGE'
      WHERE p.type = 'ACCESSORY' AND (SELECT count(*) FROM product_variants x WHERE x.product_code = p.code) = 1`);
    const [{ pool }] = await q<{ pool: number }>(tx, 'SELECT count(*)::int AS pool FROM bench_pool');
    if (pool === 0) throw new Error('no accessory to put in the generated carts');
    await q(tx, `CREATE TEMP TABLE bench_people (n int PRIMARY KEY, user_id int, sid text, cart_id int) ON COMMIT DROP`);
    await q(tx, `WITH u AS (
        INSERT INTO users (email, username, first_name, last_name, contact_phone_number, customer_id, is_post_paid, created_at)
        SELECT 'kupac' || g || '@bench.orbita.test', 'bench_u' || g,
          (ARRAY['Marko','Jelena','Nikola','Ana','Stefan','Milica','Luka','Jovana','Petar','Ivana'])[1 + g % 10],
          (ARRAY['Petrović','Jovanović','Nikolić','Marković','Đorđević','Stojanović','Ilić','Stanković','Pavlović','Milošević'])[1 + (g / 10) % 10],
          '+3816' || lpad((g % 100000000)::text, 8, '0'), 'BC' || lpad(g::text, 9, '0'), g % 3 = 0, now() - (g % 1000) * interval '1 day'
        FROM generate_series(${from}, ${customers}) AS g
        RETURNING id, username)
      INSERT INTO bench_people (n, user_id, sid) SELECT substr(username, 8)::int, id, encode(sha256(convert_to('bench-session-' || substr(username, 8), 'UTF8')), 'hex') FROM u`);
    step('users');
    await q(tx, `INSERT INTO sessions (id, user_id, created_at, last_seen_at, authenticated_at)
      SELECT sid, user_id, now() - (n % 30) * interval '1 hour', now() - (n % 30) * interval '1 minute', now() - (n % 30) * interval '1 hour' FROM bench_people`);
    step('sessions');
    // carts notify their changes per row (server/cart feed); a million at once would only fill the queue: off for the insert
    await q(tx, 'ALTER TABLE carts DISABLE TRIGGER USER');
    await q(tx, `WITH c AS (
        INSERT INTO carts (code, session_id, user_id, status, version, payment_mode)
        SELECT 'BENCH' || lpad(n::text, 9, '0'), sid, user_id, CASE WHEN n <= ${ordered} THEN 'ORDERED' ELSE 'OPEN' END, 3,
          CASE WHEN n <= ${ordered} THEN 'Delivery' ELSE NULL END
        FROM bench_people ORDER BY n
        RETURNING id, code)
      UPDATE bench_people b SET cart_id = c.id FROM c WHERE b.n = substr(c.code, 6)::int`);
    await q(tx, 'ALTER TABLE carts ENABLE TRIGGER USER');
    step('carts');
    await q(tx, `INSERT INTO cart_entries (cart_id, entry_number, bundle_no, product_code, variant_code, quantity, charge_type, price_plan_id, one_time_price, price_version)
      SELECT b.cart_id, k, k + 1, p.code, p.variant, 1 + (b.n + k) % 2, 'ONE_TIME_CHARGE', p.plan, p.price, p.price_version
      FROM bench_people b CROSS JOIN generate_series(0, 2) AS k JOIN bench_pool p ON p.i = (b.n * 3 + k * 7) % ${pool}
      ORDER BY b.cart_id, k`);
    step('cart entries');
    if (ordered >= from) {
      await q(tx, `INSERT INTO orders (code, cart_id, session_id, status, payment_status, payment_mode, consents, total_price, snapshot, created_at)
        SELECT 'BO' || lpad(b.n::text, 9, '0'), b.cart_id, b.sid, 'CREATED', 'ON_DELIVERY', 'Delivery',
          '{"GENERAL_TERMS_AGREEMENT":true,"PRIVACY_POLICY_AGREEMENT":true}'::jsonb, e.total,
          jsonb_build_object('entries', e.entries, 'productCodes', e.codes,
            'orderCustomerInfo', jsonb_build_object('firstName', 'Kupac', 'lastName', b.n::text, 'contactEmail', 'kupac' || b.n || '@bench.orbita.test'),
            'deliveryAddress', NULL, 'deliveryTimeSlot', NULL, 'payment', jsonb_build_object('billingAccountId', NULL, 'savedCardId', NULL),
            'checkoutType', 'ACCESSORY', 'lang', 'sr'),
          now() - (b.n % 365) * interval '1 day'
        FROM bench_people b CROSS JOIN LATERAL (
          SELECT sum(ce.one_time_price * ce.quantity)::int AS total, jsonb_agg(ce.product_code ORDER BY ce.entry_number) AS codes,
            jsonb_agg(jsonb_build_object('entryNumber', ce.entry_number, 'bundleNo', ce.bundle_no, 'productCode', ce.product_code,
              'variantCode', ce.variant_code, 'quantity', ce.quantity, 'chargeType', ce.charge_type, 'pricePlanId', ce.price_plan_id,
              'oneTimePrice', ce.one_time_price, 'priceVersion', ce.price_version) ORDER BY ce.entry_number) AS entries
          FROM cart_entries ce WHERE ce.cart_id = b.cart_id) e
        WHERE b.n <= ${ordered}`);
      step('orders');
      await q(tx, `INSERT INTO order_lines (order_id, product_code, variant_code, quantity)
        SELECT o.id, ce.product_code, ce.variant_code, ce.quantity
        FROM orders o JOIN cart_entries ce ON ce.cart_id = o.cart_id
        WHERE o.code LIKE 'BO%' AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)
        ORDER BY o.id, ce.entry_number`);
      step('order lines');
    }
    await q(tx, `INSERT INTO app_meta (key, value) VALUES ('bench.customers', '${customers}') ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  });
  await q(db, 'ANALYZE');
  step('done (analyzed)');
}

export const DEFAULT_LARGE_URL = process.env.BENCH_LARGE_URL ?? 'postgresql://postgres@127.0.0.1:5432/bench_large';

/** Creates the PostgreSQL database of `url` when missing. */
export async function ensureDatabase(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: letters, digits and _ only`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const r = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (r.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** Options of the command line: --catalog=N --customers=N --url=… */
export function parseArgs(argv: string[]): { catalog: number; customers: number; url: string } {
  const get = (k: string) => argv.find((a) => a.startsWith(`--${k}=`))?.split('=').slice(1).join('=');
  const num = (k: string, d: number) => { const v = get(k); const n = v === undefined ? d : Number(v); if (!Number.isInteger(n) || n < 0) throw new Error(`--${k}: a whole number`); return n; };
  return { catalog: num('catalog', 10_000), customers: num('customers', 1_000_000), url: get('url') ?? DEFAULT_LARGE_URL };
}

/** Migrates, seeds as the app does, and grows the database of `url`. */
export async function generate(url: string, catalog: number, customers: number, log = console.log): Promise<GrowResult> {
  await ensureDatabase(url);
  const d = await openDatabase({ url, timeouts: { statementMs: 0, lockMs: 0, idleInTransactionMs: 0 } });
  try {
    if (await seedIfEmpty(d.db)) log('seeded (first start)');
    return await grow(d.db, { catalog, customers, log });
  } finally {
    await d.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const a = parseArgs(process.argv.slice(2));
  const t0 = Date.now();
  console.log(`bench:generate — ${a.url.replace(/\/\/[^@]*@/, '//')}: catalogue ${a.catalog} products, ${a.customers} customers`);
  generate(a.url, a.catalog, a.customers).then((r) => {
    console.log(`${r.skipped.length ? `skipped (already there): ${r.skipped.join(', ')}; ` : ''}now ${r.products} products, ${r.customers} generated customers, ${r.carts} carts, ${r.entries} cart entries, ${r.orders} orders — ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }).catch((err) => { console.error(err); process.exit(1); });
}
