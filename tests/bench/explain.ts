// The plans of the cart and order statements (issue 25: no sequential scan in any of them on a table with many rows).
// `explainWrites(db)` EXPLAINs each statement the write and read paths run — built with the same query builders the
// code uses where the code builds them — and answers a summary per statement: its plan's nodes and the sequential scans
// of the cart and order tables. tests/server/write-plans.test.ts asserts there are none after `fillForPlans`; the
// bench prints them at its large size:
//   npx tsx tests/bench/explain.ts postgresql://…/db [--fill=20000]   (or import { printExplains } from here)
import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, type Db } from '../../server/db/index';
import { cartEntries, cartVouchers, carts, orderLines, orders, products, sessions, users } from '../../server/db/tables';
import { liveSessionSql } from '../../server/user/index';
import { writeKnownSql, writeNewCartsSql } from '../../server/cart/add-statements';

/** The tables that grow with customers and orders: none of their statements may scan them whole. */
export const WATCHED_TABLES = ['carts', 'cart_entries', 'cart_vouchers', 'sessions', 'users', 'orders', 'order_lines'];

export interface PlanSummary { name: string; nodes: string[]; seqScans: string[] }

interface Sample { sessionId: string; cartId: number; orderId: number; orderCode: string; productCode: string; variantCode: string | null }

async function sample(db: Db): Promise<Sample> {
  const one = async <T>(q: SQLWrapper): Promise<T | undefined> => (await db.execute(q) as unknown as { rows: T[] }).rows[0];
  const cart = await one<{ id: number; session_id: string }>(sql`select c.id, c.session_id from ${carts} c where exists (select 1 from ${cartEntries} e where e.cart_id = c.id) order by c.id desc limit 1`);
  const order = await one<{ id: number; code: string }>(sql`select id, code from ${orders} order by id desc limit 1`);
  const entry = await one<{ product_code: string; variant_code: string | null }>(sql`select product_code, variant_code from ${cartEntries} order by id desc limit 1`);
  return {
    sessionId: cart?.session_id ?? 'no-session', cartId: cart?.id ?? 0, orderId: order?.id ?? 0, orderCode: order?.code ?? '0',
    productCode: entry?.product_code ?? 'none', variantCode: entry?.variant_code ?? null,
  };
}

/** One add of the sample's session for the one-statement ways, judged at a stock level of 5. */
const oneAdd = (s: Sample) => ({ sessionId: s.sessionId, levels: new Map(s.variantCode ? [[s.variantCode, 5]] : []) });
/** A new entry of the sample's product in cart `cartId`. */
const newEntry = (s: Sample, cartId: number) => ({ cartId, entryNumber: 9, bundleNo: 9, productCode: s.productCode, variantCode: s.variantCode, quantity: 1, chargeType: 'ONE_TIME_CHARGE' as const, oneTimePrice: 100 });

/** Each statement with a name: the route or function that runs it. */
function statements(db: Db, s: Sample): Array<{ name: string; q: SQLWrapper }> {
  return [
    // reading: GET cart / fullCart, and every mutation's answer
    { name: 'cart: open cart of a live session (openCartOfLiveSession)', q: db.select({ live: sessions.id, cart: carts }).from(sessions)
      .leftJoin(carts, and(eq(carts.sessionId, sessions.id), eq(carts.status, 'OPEN'))).where(and(eq(sessions.id, s.sessionId), liveSessionSql())).orderBy(desc(carts.id)).limit(1) },
    { name: 'cart: entries (entriesOf, cart view)', q: db.select().from(cartEntries).where(eq(cartEntries.cartId, s.cartId)).orderBy(cartEntries.entryNumber) },
    { name: 'cart: coupons (cart view)', q: db.select().from(cartVouchers).where(eq(cartVouchers.cartId, s.cartId)) },
    // adding (server/cart/add.ts, a batch of adds in one transaction): the statements a batch of one runs
    { name: 'add: lock the batch\'s open carts (lockAndOpenCarts)', q: db.select({ cart: carts, userId: sessions.userId, jmbg: users.jmbg }).from(carts)
      .innerJoin(sessions, and(eq(sessions.id, carts.sessionId), liveSessionSql())).leftJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(carts.sessionId, [s.sessionId]), eq(carts.status, 'OPEN'))).orderBy(carts.id).for('update', { of: carts }) },
    { name: 'add: entries of the batch\'s carts', q: db.select().from(cartEntries).where(inArray(cartEntries.cartId, [s.cartId])).orderBy(cartEntries.cartId, cartEntries.entryNumber) },
    { name: 'add: coupons of the batch\'s carts', q: db.select().from(cartVouchers).where(inArray(cartVouchers.cartId, [s.cartId])).orderBy(cartVouchers.createdAt, cartVouchers.voucherCode) },
    { name: 'add: raise the repeated accessory lines', q: db.update(cartEntries).set({ quantity: sql`${cartEntries.quantity} + 1` }).where(inArray(cartEntries.id, [1])) },
    { name: 'add: bump the carts\' versions', q: db.update(carts).set({ version: sql`${carts.version} + 1`, updatedAt: new Date() }).where(inArray(carts.id, [s.cartId])) },
    // removing and changing quantities (deleteEntry, deleteCart)
    // the one-statement ways (server/cart/add-known.ts): a known cart checked and written, a first add opening its cart
    { name: 'add: one statement to a known cart (writeKnown)', q: writeKnownSql([{ ...oneAdd(s), cartId: s.cartId, version: 1, userId: null, jmbg: null, write: true }], { raiseIds: [1], updatedAt: new Date(), rows: [newEntry(s, s.cartId)] }) },
    { name: 'add: a first add opening its cart (writeNewCarts)', q: writeNewCartsSql([{ ...oneAdd(s), slot: 0, code: 'X' }], { updatedAt: new Date(), rows: [newEntry(s, 0)] }) },
    { name: 'remove: lock the open cart (lockOpenCart)', q: db.select({ cart: carts }).from(carts).innerJoin(sessions, and(eq(sessions.id, carts.sessionId), liveSessionSql()))
      .where(and(eq(carts.sessionId, s.sessionId), eq(carts.status, 'OPEN'))).orderBy(desc(carts.id)).limit(1).for('update', { of: carts }) },
    { name: 'remove: entries with their product types', q: db.select({ e: cartEntries, type: products.type }).from(cartEntries)
      .innerJoin(products, eq(products.code, cartEntries.productCode)).where(eq(cartEntries.cartId, s.cartId)) },
    { name: 'update quantity: fewer units of an entry', q: db.update(cartEntries).set({ quantity: 1 }).where(eq(cartEntries.id, 1)) },
    { name: 'remove: entries of a cart (deleteCart)', q: db.delete(cartEntries).where(eq(cartEntries.cartId, s.cartId)) },
    { name: 'remove: bump the version (bumpVersion)', q: db.update(carts).set({ version: sql`${carts.version} + 1`, updatedAt: new Date() }).where(eq(carts.id, s.cartId)).returning() },
    // checkout: the order's insert and reads (server/checkout/orders.ts)
    { name: 'checkout: the order of a cart, locked', q: db.select().from(orders).where(eq(orders.cartId, s.cartId)).for('update') },
    { name: 'checkout: the last ordered cart of a session (repeat submit)', q: db.select({ o: orders, c: carts }).from(orders).innerJoin(carts, eq(carts.id, orders.cartId))
      .where(and(eq(orders.sessionId, s.sessionId), eq(carts.status, 'ORDERED'))).orderBy(desc(carts.updatedAt), desc(orders.id)).limit(1) },
    { name: 'checkout: insert the order', q: db.insert(orders).values({ code: 'X', cartId: s.cartId, sessionId: s.sessionId, status: 'CREATED', paymentStatus: 'PENDING', paymentMode: 'CARD', consents: {}, totalPrice: 0, snapshot: {} }).returning() },
    { name: 'checkout: insert its lines', q: db.insert(orderLines).values([{ orderId: s.orderId, productCode: s.productCode, variantCode: s.variantCode, quantity: 1 }]) },
    { name: 'order: by code and session', q: db.select().from(orders).where(and(eq(orders.code, s.orderCode), eq(orders.sessionId, s.sessionId))) },
    { name: 'order: the latest of a session', q: db.select().from(orders).where(eq(orders.sessionId, s.sessionId)).orderBy(desc(orders.id)).limit(1) },
    { name: 'order: its lines (stock release, order view)', q: db.select().from(orderLines).where(eq(orderLines.orderId, s.orderId)) },
    { name: 'order: locked by id', q: db.select().from(orders).where(eq(orders.id, s.orderId)).for('update') },
  ];
}

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }

function walk(node: PlanNode, out: PlanSummary): void {
  out.nodes.push(node['Node Type'] + (node['Relation Name'] ? ` on ${node['Relation Name']}` : '') + (node['Index Name'] ? ` using ${node['Index Name']}` : ''));
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && WATCHED_TABLES.includes(node['Relation Name'])) out.seqScans.push(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, out);
}

const dialect = new PgDialect();

/** A statement's text with its parameters written in as literals (EXPLAIN takes the statement itself). */
function inline(q: SQLWrapper): string {
  const { sql: text, params } = dialect.sqlToQuery(q.getSQL());
  const element = (x: unknown) => (x === null || x === undefined ? 'NULL' : typeof x === 'number' || typeof x === 'boolean' ? String(x) : `"${String(x).replace(/["\\]/g, '\\$&')}"`);
  const literal = (v: unknown): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    // an array parameter (unnest(…::integer[]), any(…)) as PostgreSQL's array literal
    if (Array.isArray(v)) return `'{${v.map(element).join(',').replace(/'/g, "''")}}'`;
    const s = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : JSON.stringify(v);
    return `'${s.replace(/'/g, "''")}'`;
  };
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

/** EXPLAIN (FORMAT JSON) of every cart and order statement, summarised. */
export async function explainWrites(db: Db): Promise<PlanSummary[]> {
  const s = await sample(db);
  const out: PlanSummary[] = [];
  for (const { name, q } of statements(db, s)) {
    const result = await db.execute(sql.raw(`explain (format json) ${inline(q)}`)) as unknown as { rows: Array<Record<string, unknown>> };
    const raw = Object.values(result.rows[0])[0];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    const summary: PlanSummary = { name, nodes: [], seqScans: [] };
    walk(plan[0].Plan, summary);
    out.push(summary);
  }
  return out;
}

/**
 * Grows the cart and order tables by `n` sessions (every other one a customer's) with an open (4 in 5) or ordered cart of three entries each, a
 * coupon on every third cart and an order of three lines for each ordered cart, then ANALYZE: plans as on a shop
 * with many customers. Rows are marked (codes starting with P, sessions `plan-s-…`).
 */
export async function fillForPlans(db: Db, n: number): Promise<void> {
  const product = (await db.execute(sql`select p.code, v.code as variant from ${products} p left join product_variants v on v.product_code = p.code where p.type = 'ACCESSORY' order by p.code limit 1`) as unknown as { rows: Array<{ code: string; variant: string | null }> }).rows[0];
  // customers: every other session signed in
  await db.execute(sql`insert into "users" ("username", "first_name", "last_name") select 'plan-u-' || g, 'Plan', 'Customer' from generate_series(1, ${n}::int) g on conflict do nothing`);
  await db.execute(sql`insert into "sessions" ("id", "user_id") select 'plan-s-' || g, case when g % 2 = 0 then u.id end from generate_series(1, ${n}::int) g
    left join "users" u on u.username = 'plan-u-' || g on conflict do nothing`);
  await db.execute(sql`insert into "carts" ("code", "session_id", "status", "version") select 'P' || g, 'plan-s-' || g, case when g % 5 = 0 then 'ORDERED' else 'OPEN' end, 1
    from generate_series(1, ${n}::int) g on conflict do nothing`);
  await db.execute(sql`insert into "cart_entries" ("cart_id", "entry_number", "bundle_no", "product_code", "variant_code", "quantity", "charge_type", "one_time_price")
    select c.id, k, k + 1, ${product.code}, ${product.variant}, 1, 'ONE_TIME_CHARGE', 100 from "carts" c cross join generate_series(0, 2) k where c.code like 'P%' on conflict do nothing`);
  await db.execute(sql`insert into "vouchers" ("code", "value", "enabled") values ('PLAN-VOUCHER', 100, false) on conflict do nothing`);
  await db.execute(sql`insert into "cart_vouchers" ("cart_id", "voucher_code", "entry_number", "value") select c.id, 'PLAN-VOUCHER', 0, 100 from "carts" c
    where c.code like 'P%' and c.id % 3 = 0 on conflict do nothing`);
  await db.execute(sql`insert into "orders" ("code", "cart_id", "session_id", "status", "payment_status", "payment_mode", "consents", "total_price", "snapshot")
    select 'PO' || c.id, c.id, c.session_id, 'CREATED', 'PENDING', 'CARD', '{}', 300, '{}' from "carts" c where c.code like 'P%' and c.status = 'ORDERED' on conflict do nothing`);
  await db.execute(sql`insert into "order_lines" ("order_id", "product_code", "variant_code", "quantity") select o.id, ${product.code}, ${product.variant}, 1
    from "orders" o cross join generate_series(1, 3) where o.code like 'PO%'`);
  await db.execute(sql`analyze`);
}

/** Prints the plans of a database (the bench at its large size): one line per statement, FAIL where a watched table is scanned. */
export async function printExplains(url: string, opts: { fill?: number } = {}): Promise<boolean> {
  const database = await openDatabase({ url });
  try {
    if (opts.fill) await fillForPlans(database.db, opts.fill);
    const plans = await explainWrites(database.db);
    console.log('\nplans of the cart and order statements (EXPLAIN):');
    for (const p of plans) console.log(`  ${p.seqScans.length ? 'FAIL' : 'ok  '} ${p.name}: ${p.nodes.join(' → ')}`);
    return plans.every((p) => p.seqScans.length === 0);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: tsx tests/bench/explain.ts <postgresql url> [--fill=N]');
  const fill = Number(/^--fill=(\d+)$/.exec(process.argv[3] ?? '')?.[1] ?? 0);
  printExplains(url, { fill }).then((ok) => { process.exitCode = ok ? 0 : 1; }, (err) => { console.error(err); process.exit(1); });
}
