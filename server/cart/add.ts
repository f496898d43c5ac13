// Adding to a cart, written in batches (group commit). The adds that arrive while one batch is being written wait,
// and the next batch writes them all in one transaction with the same few statements whatever its size: lock the
// open carts of the batch's sessions (in id order, FOR UPDATE, so two instances' batches wait for each other
// instead of deadlocking), read their entries, coupons and the stock of every variant in play, judge each add by the
// rules of rules.ts in memory, then one insert of the new entries, one raise of the repeated accessory lines and one
// version bump of the carts changed. A batch holds at most one add per session (a later add of the same session
// waits for the next batch and sees the first one's entries), so every add's answer is the cart exactly as it left it.
// An add alone is a batch of one. When a batch fails (a deadlock with another instance, say) each of its adds is
// written again alone, and only the add that fails alone fails.
import { and, eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { cartEntries, cartVouchers, carts } from './schema';
import { sessions, stock, users } from '../db/tables';
import { invalidToken } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { CatalogSnapshot } from '../catalog/index';
import { ageFromJmbg, liveSessionSql } from '../user/index';
import { rulesConfig } from './config';
import { evaluateAddRules, inGroup, type AddCandidate, type RuleVerdict } from './rules';
import {
  DEFAULT_MAX_PROMO_QUANTITY, cartSnapshot, cartSnapshotOf, insertOpenCart, lineOfSameAccessory, nextNumbersOf, removeEntries,
  type CartRow, type EntryRow, type NewEntry,
} from './rows';

export type EntryDraft = Omit<NewEntry, 'cartId' | 'entryNumber' | 'bundleNo'>;
type VoucherRow = typeof cartVouchers.$inferSelect;

export interface AddResult {
  cartId: number;
  /** The cart row after the add (absent only when the add was refused before its cart was read). */
  cart?: CartRow;
  /** The cart's entries after the add, by entry number (with `cart`). */
  entries?: EntryRow[];
  /** The cart's coupons after the add, and whether it is a signed-in customer's (with `cart`: the view needs no query). */
  vouchers?: VoucherRow[];
  signedIn?: boolean;
  verdict: RuleVerdict | null; added: EntryRow[];
  /** What was to be added when a rule refused it (the `entry` of a refusing cartModification). */
  refused: EntryRow[];
  /** productsNeedReplace: the cart entries to replace. */
  replaceEntries: EntryRow[];
  /** Units added per `added` row (default: the row's quantity; 1 when an accessory's line was raised). */
  quantities?: number[];
}

/** What one add asks for, checked against the catalogue before it waits for its batch. */
export interface AddDraft { candidates: AddCandidate[]; entries: EntryDraft[] }

interface AddJob extends AddDraft {
  sessionId: string; cat: CatalogSnapshot; replace: boolean;
  resolve: (r: AddResult) => void; reject: (e: unknown) => void;
}

/** The most adds one batch writes (bounded statement size; the rest wait for the next batch). */
const MAX_BATCH = 64;

class AddQueue {
  private waiting: AddJob[] = [];
  private busy = false;
  constructor(private readonly db: Db) {}

  submit(job: Omit<AddJob, 'resolve' | 'reject'>): Promise<AddResult> {
    return new Promise<AddResult>((resolve, reject) => {
      this.waiting.push({ ...job, resolve, reject });
      if (!this.busy) void this.drain();
    });
  }

  /**
   * Writes batches, one at a time, while adds wait (a second writer at once measured no faster on PostgreSQL: the
   * machine's cores are the limit, not the round trips). Each batch is taken after a turn of the event loop
   * (setImmediate): the embedded PGlite answers within microtasks, so without it a batch would be written before
   * the requests that arrived with it were even read, and every batch would hold one add.
   */
  private async drain(): Promise<void> {
    this.busy = true;
    try {
      for (;;) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.waiting.length === 0) break;
        await this.write(this.take());
      }
    } finally {
      this.busy = false;
    }
  }

  /** The next batch: in arrival order, one add per session, at most MAX_BATCH. */
  private take(): AddJob[] {
    const batch: AddJob[] = [];
    const rest: AddJob[] = [];
    const seen = new Set<string>();
    for (const job of this.waiting) {
      if (batch.length < MAX_BATCH && !seen.has(job.sessionId)) batch.push(job);
      else rest.push(job);
      seen.add(job.sessionId);
    }
    this.waiting = rest;
    return batch;
  }

  private async write(batch: AddJob[]): Promise<void> {
    let results: Array<AddResult | Error>;
    try {
      results = await writeBatch(this.db, batch);
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // one add's failure must not fail the others: each again alone
      for (const job of batch) await this.write([job]);
      return;
    }
    batch.forEach((job, i) => {
      const r = results[i];
      if (r instanceof Error) job.reject(r);
      else job.resolve(r);
    });
  }
}

const queues = new WeakMap<Db, AddQueue>();

/**
 * Adds the drafts after the rules of rules.ts, in the next batch. With `replace`, the entries a productsNeedReplace
 * verdict names are removed first and the rules are judged again without them.
 */
export function applyAdd(db: Db, sessionId: string, cat: CatalogSnapshot, draft: AddDraft, replace = false): Promise<AddResult> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new AddQueue(db)));
  return queue.submit({ sessionId, cat, candidates: draft.candidates, entries: draft.entries, replace });
}

interface Locked { cart: CartRow; userId: number | null; jmbg: string | null; coupons: boolean }

/** What one add will write, judged in memory. */
type Plan =
  | { kind: 'refused'; verdict: RuleVerdict; all: EntryRow[]; removed: number[]; refused: EntryRow[] }
  | { kind: 'raise'; all: EntryRow[]; removed: number[]; line: EntryRow }
  | { kind: 'insert'; all: EntryRow[]; removed: number[]; rows: NewEntry[] };

async function writeBatch(db: Db, jobs: AddJob[]): Promise<Array<AddResult | Error>> {
  return db.transaction(async (tx) => {
    const ids = jobs.map((j) => j.sessionId);
    // 1. the open carts of live sessions, locked in id order
    const found = await lockOpenCarts(tx, ids);
    const locked = new Map<string, Locked>(found.map((r) => [r.cart.sessionId, r]));
    const missing = ids.filter((id) => !locked.has(id)).sort();
    if (missing.length > 0) {
      // a first add: a cart for each live session (a revoked one answers 401 below), opened in session order
      const live = await tx.select({ id: sessions.id, userId: sessions.userId, jmbg: users.jmbg }).from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId)).where(and(inArray(sessions.id, missing), liveSessionSql()));
      live.sort((a, b) => (a.id < b.id ? -1 : 1));
      // one insert for all; a session whose cart another instance opened meanwhile (or a drawn code that was taken)
      // is done alone by insertOpenCart, which waits for that cart and locks it
      const opened = live.length ? await tx.insert(carts).values(live.map((s) => ({ code: numericCode(8), sessionId: s.id }))).onConflictDoNothing().returning() : [];
      const openedBy = new Map(opened.map((c) => [c.sessionId, c]));
      for (const s of live) locked.set(s.id, { cart: openedBy.get(s.id) ?? await insertOpenCart(tx, s.id, true), userId: s.userId, jmbg: s.jmbg, coupons: false });
    }
    const cartIds = [...locked.values()].map((l) => l.cart.id);
    // 2. their entries and coupons (read only when a cart has one), and the stock of every variant the adds (and their phones' gifts) need
    const variants = new Set<string>();
    for (const job of jobs) {
      for (const c of job.candidates) if (c.variantCode !== null && c.stockLevel !== null) variants.add(c.variantCode);
      for (const e of job.entries) if (job.cat.product(e.productCode)?.product.type === 'DEVICE') for (const g of giftsOf(job.cat, e.productCode)) variants.add(g.variantCode);
    }
    const read = await readCartsAndStock(tx, cartIds, [...variants]);
    const entriesOf = groupBy(read.entries);
    const levels = new Map(Object.entries(read.stock));
    const withCoupons = [...locked.values()].filter((l) => l.coupons).map((l) => l.cart.id);
    const vouchersOf = groupBy(withCoupons.length ? await tx.select().from(cartVouchers).where(inArray(cartVouchers.cartId, withCoupons)).orderBy(cartVouchers.createdAt, cartVouchers.voucherCode) : []);

    // 3. each add judged in memory
    const plans: Array<Plan | Error> = [];
    for (const job of jobs) {
      const l = locked.get(job.sessionId);
      plans.push(l ? await planAdd(tx, job, l, entriesOf.get(l.cart.id) ?? [], levels) : invalidToken());
    }

    // 4. the writes, a statement each for the whole batch
    const bump = new Set<number>();
    for (const [i, p] of plans.entries()) {
      if (p instanceof Error) continue;
      const cartId = locked.get(jobs[i].sessionId)!.cart.id;
      if (p.kind !== 'refused' || p.removed.length > 0) bump.add(cartId);
      if (p.removed.length > 0) await removeEntries(tx, cartId, p.removed);
    }
    const raiseIds = plans.flatMap((p) => (p instanceof Error || p.kind !== 'raise' ? [] : [p.line.id]));
    // (the rows written are known here: the statements return ids only, as decoding rows is most of their cost on PGlite)
    if (raiseIds.length) await tx.update(cartEntries).set({ quantity: sql`${cartEntries.quantity} + 1` }).where(inArray(cartEntries.id, raiseIds));
    const newRows = plans.flatMap((p) => (p instanceof Error || p.kind !== 'insert' ? [] : p.rows));
    const written = newRows.length ? await insertEntries(tx, newRows) : [];
    const idOf = new Map(written.map((r) => [`${r.cartId}:${r.entryNumber}`, r.id]));
    const inserted = newRows.map((r) => entryRow(r, idOf.get(`${r.cartId}:${r.entryNumber}`)!));
    const updatedAt = new Date();
    if (bump.size) await tx.update(carts).set({ version: sql`${carts.version} + 1`, updatedAt }).where(inArray(carts.id, [...bump]));

    // 5. each add's answer: its cart as this batch left it
    const insertedOf = groupBy(inserted);
    return plans.map((p, i): AddResult | Error => {
      if (p instanceof Error) return p;
      const l = locked.get(jobs[i].sessionId)!;
      const cart = bump.has(l.cart.id) ? { ...l.cart, version: l.cart.version + 1, updatedAt } : l.cart;
      const removed = p.removed;
      const known = {
        cartId: cart.id, cart,
        vouchers: (vouchersOf.get(cart.id) ?? []).filter((v) => !(v.entryNumber !== null && removed.includes(v.entryNumber))),
        signedIn: cart.userId !== null || l.userId !== null,
      };
      if (p.kind === 'refused') {
        return { ...known, entries: p.all, verdict: p.verdict, added: [], refused: p.refused, replaceEntries: p.all.filter((e) => p.verdict.replaceEntryNumbers?.includes(e.entryNumber)) };
      }
      if (p.kind === 'raise') {
        const row = { ...p.line, quantity: p.line.quantity + 1 };
        return { ...known, entries: p.all.map((e) => (e.id === row.id ? row : e)), verdict: null, added: [row], refused: [], replaceEntries: [], quantities: [1] };
      }
      const added = (insertedOf.get(cart.id) ?? []).sort((a, b) => a.entryNumber - b.entryNumber);
      return { ...known, entries: [...p.all, ...added].sort((a, b) => a.entryNumber - b.entryNumber), verdict: null, added, refused: [], replaceEntries: [] };
    });
  });
}

/** Every column of a table's row (under `alias`) as a JSON object with the row's own keys, as drizzle's select
 *  answers them (timestamps come back as text). */
function rowJson(table: typeof carts | typeof cartEntries, alias: string): SQL {
  return sql.raw(`json_build_object(${Object.entries(getTableColumns(table)).map(([key, c]) => `'${key}', "${alias}"."${c.name}"`).join(', ')})`);
}

/** Every column of carts as a JSON object; its timestamps are read back as Dates. */
const CART_JSON = rowJson(carts, 'l');
const CART_DATES = Object.entries(getTableColumns(carts)).filter(([, c]) => c.dataType === 'date').map(([key]) => key);

/**
 * The open carts of the live sessions among `ids`, locked (FOR UPDATE) in id order, with the session's user, its
 * JMBG and whether the cart has coupons: as one JSON value (one field for the driver to decode instead of eighteen
 * per cart).
 */
async function lockOpenCarts(tx: DbOrTx, ids: string[]): Promise<Locked[]> {
  const result = await tx.execute(sql`select coalesce(json_agg(json_build_object('cart', ${CART_JSON}, 'userId', "l"."s_user_id", 'jmbg', "l"."u_jmbg", 'coupons', "l"."has_coupons") order by "l"."id"), '[]'::json) as "rows"
    from (select ${carts}.*, ${sessions.userId} as "s_user_id", ${users.jmbg} as "u_jmbg",
            exists (select 1 from ${cartVouchers} where ${cartVouchers.cartId} = ${carts.id}) as "has_coupons"
          from ${carts}
          inner join ${sessions} on ${and(eq(sessions.id, carts.sessionId), liveSessionSql())}
          left join ${users} on ${eq(users.id, sessions.userId)}
          where ${and(inArray(carts.sessionId, ids), eq(carts.status, 'OPEN'))}
          order by ${carts.id} for update of ${carts}) as "l"`);
  const rows = (result as unknown as { rows: Array<{ rows: Locked[] }> }).rows[0]!.rows;
  for (const r of rows) for (const k of CART_DATES) (r.cart as Record<string, unknown>)[k] = new Date((r.cart as Record<string, unknown>)[k] as string);
  return rows;
}

/** Every column of cart_entries as a JSON object with the row's own keys (what drizzle's select answers). */
const ENTRY_JSON = rowJson(cartEntries, 'cart_entries');

/**
 * The entries of the locked carts and the stock of the variants, in one statement read after the lock (its own
 * snapshot sees every change committed before the lock was granted): each as one JSON value, which costs the driver
 * one field to decode instead of twenty per row (on PGlite the decoding was most of a batch's time).
 */
async function readCartsAndStock(tx: DbOrTx, cartIds: number[], variants: string[]): Promise<{ entries: EntryRow[]; stock: Record<string, number> }> {
  if (cartIds.length === 0 && variants.length === 0) return { entries: [], stock: {} };
  const entries = cartIds.length
    ? sql`(select coalesce(json_agg(${ENTRY_JSON} order by ${cartEntries.cartId}, ${cartEntries.entryNumber}), '[]'::json) from ${cartEntries} where ${inArray(cartEntries.cartId, cartIds)})`
    : sql`'[]'::json`;
  const levels = variants.length
    ? sql`(select coalesce(json_object_agg(${stock.variantCode}, ${stock.level}), '{}'::json) from ${stock} where ${inArray(stock.variantCode, variants)})`
    : sql`'{}'::json`;
  // (both drivers answer json values parsed)
  const result = await tx.execute(sql`select ${entries} as entries, ${levels} as stock`);
  return (result as unknown as { rows: Array<{ entries: EntryRow[]; stock: Record<string, number> }> }).rows[0]!;
}

/** cart_entries' columns but its serial id: the TypeScript key and the column name. */
const ENTRY_INSERT_COLUMNS = Object.entries(getTableColumns(cartEntries)).filter(([key]) => key !== 'id').map(([key, c]) => [key, c.name] as const);
const ENTRY_INSERT = {
  head: sql.raw(`insert into "cart_entries" (${ENTRY_INSERT_COLUMNS.map(([, n]) => `"${n}"`).join(', ')}) select ${ENTRY_INSERT_COLUMNS.map(([, n]) => `"${n}"`).join(', ')} from json_populate_recordset(null::"cart_entries", `),
  tail: sql.raw(`::json) returning "id", "cart_id" as "cartId", "entry_number" as "entryNumber"`),
};

/**
 * Inserts the batch's new entries as one JSON parameter (every column written, the defaults filled in here): a batch
 * of 64 entries is one value to bind instead of some 1,200, which the query builder and the embedded database's
 * protocol spent more time on than the insert itself.
 */
async function insertEntries(tx: DbOrTx, rows: NewEntry[]): Promise<Array<{ id: number; cartId: number; entryNumber: number }>> {
  const json = rows.map((r) => {
    const full: Record<string, unknown> = {};
    for (const [key, name] of ENTRY_INSERT_COLUMNS) {
      const v = (r as Record<string, unknown>)[key];
      full[name] = v === undefined ? ENTRY_DEFAULTS[key] ?? null : v;
    }
    return full;
  });
  const result = await tx.execute(sql`${ENTRY_INSERT.head}${JSON.stringify(json)}${ENTRY_INSERT.tail}`);
  return (result as unknown as { rows: Array<{ id: number; cartId: number; entryNumber: number }> }).rows;
}

/** What cart_entries fills in for a column an insert leaves out, read from its definition (server/db/schema.ts): the
 *  column's literal default, else null for a nullable column. For rows built here rather than read back. */
const ENTRY_DEFAULTS: Record<string, unknown> = Object.fromEntries(Object.entries(getTableColumns(cartEntries)).flatMap(([key, c]): Array<[string, unknown]> =>
  c.hasDefault && c.default !== undefined && !is(c.default, SQL) ? [[key, c.default]] : c.notNull ? [] : [[key, null]]));

/** The row the database holds for an inserted entry: its values over the column defaults. */
function entryRow(e: NewEntry, id: number): EntryRow {
  const row: Record<string, unknown> = { ...ENTRY_DEFAULTS, id };
  for (const [k, v] of Object.entries(e)) if (v !== undefined) row[k] = v;
  return row as EntryRow;
}

/** Rows by their cart. */
function groupBy<R extends { cartId: number }>(rows: R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const r of rows) {
    const list = out.get(r.cartId);
    if (list) list.push(r);
    else out.set(r.cartId, [r]);
  }
  return out;
}

/** Judges one add against its cart's entries (already read, locked) and the stock levels read for the batch. */
async function planAdd(tx: DbOrTx, job: AddJob, l: Locked, entries: EntryRow[], levels: Map<string, number>): Promise<Plan> {
  const { cat, candidates } = job;
  const cart = l.cart;
  for (const c of candidates) if (c.variantCode !== null && c.stockLevel !== null) c.stockLevel = levels.get(c.variantCode) ?? 0;
  // the customer's age matters only for the age-restricted products
  const ageMatters = candidates.some((c) => inGroup(rulesConfig().ageRestricted, c.productOfferingType, c.categories));
  const customerAge = ageMatters && l.jmbg ? ageFromJmbg(l.jmbg) : null;
  const draftRows = (from: number, bundleNo: number): EntryRow[] => job.entries.map((e, i) => entryRow({ ...e, cartId: cart.id, entryNumber: from + i, bundleNo, suggestionsApplied: false }, 0));
  let all = entries;
  let removed: number[] = [];
  const snapshotNow = async () => cartSnapshotOf(all, cat) ?? await cartSnapshot(tx, cart.id);
  let verdict = evaluateAddRules(candidates, await snapshotNow(), { customerAge });
  if (verdict?.statusCode === 'productsNeedReplace' && job.replace) {
    removed = verdict.replaceEntryNumbers ?? [];
    all = all.filter((e) => !removed.includes(e.entryNumber));
    verdict = evaluateAddRules(candidates, await snapshotNow(), { customerAge });
  }
  if (verdict) {
    const { entryNumber, bundleNo } = nextNumbersOf(all);
    return { kind: 'refused', verdict, all, removed, refused: draftRows(entryNumber, bundleNo) };
  }
  // the same accessory alone again raises the quantity of its line (one line per accessory, like the limit counts it)
  const line = candidates.length === 1 && job.entries.length === 1 && candidates[0].productOfferingType === 'ACCESSORY'
    ? lineOfSameAccessory(all, job.entries[0]) : null;
  if (line) return { kind: 'raise', all, removed, line };
  const { entryNumber, bundleNo } = nextNumbersOf(all);
  const rows: NewEntry[] = job.entries.map((e, i) => ({ ...e, cartId: cart.id, entryNumber: entryNumber + i, bundleNo }));
  return { kind: 'insert', all, removed, rows: [...rows, ...giftRows(cat, cart.id, all, rows, levels)] };
}

interface Gift { code: string; variantCode: string; pricePlanId: string; priceVersion: number; max: number }

/** The gifts of a phone (its PROMO_PRODUCT references that are purchasable promo products), by sort order. */
function giftsOf(cat: CatalogSnapshot, productCode: string): Gift[] {
  const out: Gift[] = [];
  const refs = [...cat.referencesOf(productCode, 'PROMO_PRODUCT')].sort((a, b) => a.sortOrder - b.sortOrder || a.targetCode.localeCompare(b.targetCode));
  for (const ref of refs) {
    const gift = cat.product(ref.targetCode);
    const variant = gift?.variants[0];
    if (gift?.product.type !== 'PROMO_PRODUCT' || !variant || !gift.plan?.purchasable) continue;
    out.push({ code: gift.product.code, variantCode: variant.code, pricePlanId: gift.plan.id, priceVersion: gift.product.priceVersion, max: ref.maxAllowedQuantity ?? DEFAULT_MAX_PROMO_QUANTITY });
  }
  return out;
}

/**
 * The gifts of the phones just added: each as an entry under its phone (parentEntryNumber, same bundle) at 0,
 * automaticallyAdded — only while the gift is in stock for one more unit and the cart holds fewer than its
 * maxAllowedQuantity (default 100). Counted under the cart row lock, so concurrent adds of the phone count in turn.
 */
function giftRows(cat: CatalogSnapshot, cartId: number, all: EntryRow[], rows: NewEntry[], levels: Map<string, number>): NewEntry[] {
  const out: NewEntry[] = [];
  const held = [...all, ...rows].map((e) => ({ productCode: e.productCode, quantity: e.quantity ?? 1, entryNumber: e.entryNumber, bundleNo: e.bundleNo }));
  for (const device of rows) {
    if (cat.product(device.productCode)?.product.type !== 'DEVICE') continue;
    for (const g of giftsOf(cat, device.productCode)) {
      const units = held.filter((e) => e.productCode === g.code).reduce((n, e) => n + e.quantity, 0);
      if (units >= g.max || (levels.get(g.variantCode) ?? 0) < units + 1) continue;
      const row: NewEntry = {
        cartId, entryNumber: nextNumbersOf(held).entryNumber, bundleNo: device.bundleNo, productCode: g.code, variantCode: g.variantCode,
        quantity: 1, chargeType: 'ONE_TIME_CHARGE', pricePlanId: g.pricePlanId, oneTimePrice: 0, automaticallyAdded: true,
        priceVersion: g.priceVersion, parentEntryNumber: device.entryNumber,
      };
      out.push(row);
      held.push({ productCode: row.productCode, quantity: 1, entryNumber: row.entryNumber, bundleNo: row.bundleNo });
    }
  }
  return out;
}
