// The statements of an add batch (server/cart/add.ts): the open carts locked and the missing ones opened with the
// stock read, their entries read, the writes (new entries, raised lines, version bumps) in one — each answer as one
// JSON value, which costs the driver and the embedded database's protocol far less than a row or a parameter per column.
import { and, eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { cartEntries, cartVouchers, carts } from './schema';
import { liveSessionUsersSql } from '../user/index';
import { stockLevelSql, stockLevelsJsonSql } from '../catalog/index';
import type { CartRow, EntryRow, NewEntry } from './rows';

/** An open cart of the batch, locked, with its session's user, the user's JMBG and whether the cart has coupons. */
export interface Locked { cart: CartRow; userId: number | null; jmbg: string | null; coupons: boolean }

/** Every column of a table's row (under `alias`) as a JSON object with the row's own keys, as drizzle's select
 *  answers them (timestamps come back as text). */
function rowJson(table: typeof carts | typeof cartEntries, alias: string): SQL {
  return sql.raw(`json_build_object(${Object.entries(getTableColumns(table)).map(([key, c]) => `'${key}', "${alias}"."${c.name}"`).join(', ')})`);
}

/** Every column of carts as a JSON object; its timestamps are read back as Dates. */
const CART_JSON = rowJson(carts, 'l');
/** Every column of a carts row just inserted (alias `n`). */
const OPENED_JSON = rowJson(carts, 'n');
const CART_DATES = Object.entries(getTableColumns(carts)).filter(([, c]) => c.dataType === 'date').map(([key]) => key);

/** What the batch's first statement answers: its open carts locked, the live sessions that had none with the carts
 *  opened for them, and the stock of the variants in play. */
export interface LockedAndOpened {
  locked: Locked[];
  /** The live sessions of the batch without an open cart, in id order. */
  live: Array<{ id: string; userId: number | null; jmbg: string | null }>;
  /** The carts opened for them (a session missing here: its insert conflicted, see insertOpenCart). */
  opened: CartRow[];
  stock: Record<string, number>;
}

/**
 * One statement: the open carts of the live sessions among `ids`, locked (FOR UPDATE) in id order, with the session's
 * user, its JMBG and whether the cart has coupons; then (after every lock, as the insert waits for their count) a cart
 * opened for each live session without one (`codes[i]` the code drawn for `ids[i]`, in session order; a conflict
 * inserts nothing); and the stock levels of `variants` (read, never locked). Each as one JSON value (one field for the
 * driver to decode instead of eighteen per cart).
 */
export async function lockAndOpenCarts(tx: DbOrTx, ids: string[], codes: string[], variants: string[]): Promise<LockedAndOpened> {
  const levels = variants.length ? stockLevelsJsonSql(variants) : sql`'{}'::json`;
  const result = await tx.execute(sql`with "l" as (select ${carts}.*, "s"."user_id" as "s_user_id", "s"."jmbg" as "u_jmbg",
            exists (select 1 from ${cartVouchers} where ${cartVouchers.cartId} = ${carts.id}) as "has_coupons"
          from ${carts}
          inner join ${liveSessionUsersSql(ids)} as "s" on "s"."id" = ${carts.sessionId}
          where ${and(inArray(carts.sessionId, ids), eq(carts.status, 'OPEN'))}
          order by ${carts.id} for update of ${carts}),
      "m" as (select "s"."id", "s"."user_id", "s"."jmbg", "c"."code" from ${liveSessionUsersSql(ids)} as "s"
          inner join unnest(${sql.param(ids)}::text[], ${sql.param(codes)}::text[]) as "c"("id", "code") on "c"."id" = "s"."id"
          where "s"."id" not in (select "l"."session_id" from "l")),
      "n" as (insert into ${carts} ("code", "session_id") select "m"."code", "m"."id" from "m"
          where (select count(*) from "l") >= 0 order by "m"."id" on conflict do nothing returning *)
    select (select coalesce(json_agg(json_build_object('cart', ${CART_JSON}, 'userId', "l"."s_user_id", 'jmbg', "l"."u_jmbg", 'coupons', "l"."has_coupons") order by "l"."id"), '[]'::json) from "l") as "locked",
      (select coalesce(json_agg(json_build_object('id', "m"."id", 'userId', "m"."user_id", 'jmbg', "m"."jmbg") order by "m"."id"), '[]'::json) from "m") as "live",
      (select coalesce(json_agg(${OPENED_JSON} order by "n"."id"), '[]'::json) from "n") as "opened",
      ${levels} as "stock"`);
  const row = (result as unknown as { rows: Array<{ locked: Locked[]; live: LockedAndOpened['live']; opened: CartRow[]; stock: Record<string, number> }> }).rows[0]!;
  for (const r of row.locked) datesOf(r.cart);
  for (const c of row.opened) datesOf(c);
  return row;
}

/** A carts row read as JSON: its timestamps as Dates, as drizzle's select answers them. */
function datesOf(cart: CartRow): void {
  for (const k of CART_DATES) (cart as Record<string, unknown>)[k] = new Date((cart as Record<string, unknown>)[k] as string);
}

/** Every column of cart_entries as a JSON object with the row's own keys (what drizzle's select answers). */
const ENTRY_JSON = rowJson(cartEntries, 'cart_entries');

/** The entries of the locked carts (read after the lock: this statement's snapshot sees every change committed
 *  before the lock was granted), as one JSON value. */
export async function readEntries(tx: DbOrTx, cartIds: number[]): Promise<EntryRow[]> {
  if (cartIds.length === 0) return [];
  const result = await tx.execute(sql`select coalesce(json_agg(${ENTRY_JSON} order by ${cartEntries.cartId}, ${cartEntries.entryNumber}), '[]'::json) as "entries" from ${cartEntries} where ${inArray(cartEntries.cartId, cartIds)}`);
  return (result as unknown as { rows: Array<{ entries: EntryRow[] }> }).rows[0]!.entries;
}

/** cart_entries' columns but its serial id: the TypeScript key and the column name. */
const ENTRY_INSERT_COLUMNS = Object.entries(getTableColumns(cartEntries)).filter(([key]) => key !== 'id').map(([key, c]) => [key, c.name] as const);
const ENTRY_INSERT = {
  head: sql.raw(`insert into "cart_entries" (${ENTRY_INSERT_COLUMNS.map(([, n]) => `"${n}"`).join(', ')}) select ${ENTRY_INSERT_COLUMNS.map(([, n]) => `"${n}"`).join(', ')} from json_populate_recordset(null::"cart_entries", `),
  tail: sql.raw(`::json) returning "id", "cart_id" as "cartId", "entry_number" as "entryNumber"`),
};

/** A new entry with every column written, by column name: the defaults filled in here. */
function fullEntry(r: NewEntry): Record<string, unknown> {
  const full: Record<string, unknown> = {};
  for (const [key, name] of ENTRY_INSERT_COLUMNS) {
    const v = (r as Record<string, unknown>)[key];
    full[name] = v === undefined ? ENTRY_DEFAULTS[key] ?? null : v;
  }
  return full;
}

/**
 * The batch's writes in one statement: the lines `raiseIds` raised by one unit, the carts `bumpIds` given their next
 * version (updated_at: `updatedAt`), and the new entries `rows` inserted as one JSON parameter (every column written,
 * the defaults filled in here: a batch of 64 entries is one value to bind instead of some 1,200, which the query
 * builder and the embedded database's protocol spent more time on than the insert itself). Answers the new entries' ids.
 */
export async function writeChanges(tx: DbOrTx, w: { raiseIds: number[]; bumpIds: number[]; updatedAt: Date; rows: NewEntry[] }): Promise<Array<{ id: number; cartId: number; entryNumber: number }>> {
  const ctes: SQL[] = [];
  if (w.raiseIds.length) ctes.push(sql`"raised" as (update ${cartEntries} set "quantity" = "quantity" + 1 where "id" = any(${sql.param(w.raiseIds)}::integer[]) returning 1)`);
  if (w.bumpIds.length) ctes.push(sql`"bumped" as (update ${carts} set "version" = "version" + 1, "updated_at" = ${w.updatedAt.toISOString()}::timestamptz where "id" = any(${sql.param(w.bumpIds)}::integer[]) returning 1)`);
  const head = ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  const result = await tx.execute(sql`${head}${ENTRY_INSERT.head}${JSON.stringify(w.rows.map(fullEntry))}${ENTRY_INSERT.tail}`);
  return (result as unknown as { rows: Array<{ id: number; cartId: number; entryNumber: number }> }).rows;
}

/** What cart_entries fills in for a column an insert leaves out, read from its definition (server/db/schema.ts): the
 *  column's literal default, else null for a nullable column. For rows built here rather than read back. */
const ENTRY_DEFAULTS: Record<string, unknown> = Object.fromEntries(Object.entries(getTableColumns(cartEntries)).flatMap(([key, c]): Array<[string, unknown]> =>
  c.hasDefault && c.default !== undefined && !is(c.default, SQL) ? [[key, c.default]] : c.notNull ? [] : [[key, null]]));

/** The row the database holds for an inserted entry: its values over the column defaults. */
export function entryRow(e: NewEntry, id: number): EntryRow {
  const row: Record<string, unknown> = { ...ENTRY_DEFAULTS, id };
  for (const [k, v] of Object.entries(e)) if (v !== undefined) row[k] = v;
  return row as EntryRow;
}

/** Rows by their cart. */
export function groupBy<R extends { cartId: number }>(rows: R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const r of rows) {
    const list = out.get(r.cartId);
    if (list) list.push(r);
    else out.set(r.cartId, [r]);
  }
  return out;
}

/** One add of a cart this instance knows (server/cart/add.ts): the cart as the instance last left it, what its plan
 *  assumed, and what it writes. */
export interface KnownWrite {
  cartId: number; version: number; sessionId: string; userId: number | null; jmbg: string | null;
  /** The stock levels the plan judged by (variant → level). */
  levels: Map<string, number>;
  /** false: a refusal, nothing to write — only checked. */
  write: boolean;
}

/**
 * The adds to carts this instance knows, in one statement without a transaction (one round trip): each cart is
 * checked to be as the instance last left it — the same version (every change of its entries or coupons bumps it),
 * still open and its session's, the session still live with the same user and JMBG, and the stock of every variant
 * the plan judged by as it assumed — and only then written: its version bumped (a conditional update, so a change
 * committed meanwhile by another instance makes it write nothing), the lines `raiseIds` raised, the entries `rows`
 * inserted under a bumped cart only. Answers the cart rows as they are now (the columns an add does not guard, such
 * as the delivery address, may have changed elsewhere) of the carts that passed the check without a write
 * (`checked`) and of those written (`bumped`), and the new entries' ids; an add whose cart is in neither is done
 * again by the locked batch.
 */
export async function writeKnown(db: DbOrTx, adds: KnownWrite[], w: { raiseIds: number[]; updatedAt: Date; rows: NewEntry[] }): Promise<{ checked: CartRow[]; bumped: CartRow[]; inserted: Array<{ id: number; cartId: number; entryNumber: number }> }> {
  const result = await db.execute(writeKnownSql(adds, w));
  const row = (result as unknown as { rows: Array<{ checked: CartRow[]; bumped: CartRow[]; inserted: Array<{ id: number; cartId: number; entryNumber: number }> }> }).rows[0]!;
  for (const c of [...row.checked, ...row.bumped]) datesOf(c);
  return row;
}

/** writeKnown's statement (tests/bench/explain.ts reads its plan). */
export function writeKnownSql(adds: KnownWrite[], w: { raiseIds: number[]; updatedAt: Date; rows: NewEntry[] }): SQL {
  const expected = adds.flatMap((a) => [...a.levels].map(([variant, level]) => ({ a, variant, level })));
  return sql`with "x" as (select * from unnest(${sql.param(adds.map((a) => a.cartId))}::integer[], ${sql.param(adds.map((a) => a.version))}::integer[],
          ${sql.param(adds.map((a) => a.sessionId))}::text[], ${sql.param(adds.map((a) => a.userId))}::integer[], ${sql.param(adds.map((a) => a.jmbg))}::text[],
          ${sql.param(adds.map((a) => a.write))}::boolean[]) as "x"("cart_id", "version", "session_id", "user_id", "jmbg", "write")),
      "e" as (select * from unnest(${sql.param(expected.map((e) => e.a.cartId))}::integer[], ${sql.param(expected.map((e) => e.variant))}::text[],
          ${sql.param(expected.map((e) => e.level))}::integer[]) as "e"("cart_id", "variant_code", "level")),
      "ok" as (select "x"."cart_id", "x"."version", "x"."write", ${KNOWN_JSON} as "row" from "x"
          inner join "carts" as "k" on "k"."id" = "x"."cart_id" and "k"."version" = "x"."version" and "k"."session_id" = "x"."session_id" and "k"."status" = 'OPEN'
          inner join ${liveSessionUsersSql(adds.map((a) => a.sessionId))} as "s" on "s"."id" = "x"."session_id"
            and "s"."user_id" is not distinct from "x"."user_id" and "s"."jmbg" is not distinct from "x"."jmbg"
          where not exists (select 1 from "e" where "e"."cart_id" = "x"."cart_id"
            and coalesce((${stockLevelSql(sql`"e"."variant_code"`)}), 0) <> "e"."level")),
      "bumped" as (update ${carts} set "version" = ${carts.version} + 1, "updated_at" = ${w.updatedAt.toISOString()}::timestamptz from "ok"
          where ${carts.id} = "ok"."cart_id" and "ok"."write" and ${carts.version} = "ok"."version" returning ${carts.id} as "id", ${BUMPED_JSON} as "row"),
      "raised" as (update ${cartEntries} set "quantity" = "quantity" + 1 where "id" = any(${sql.param(w.raiseIds)}::integer[]) and "cart_id" in (select "id" from "bumped") returning 1),
      "ins" as (${ENTRY_INSERT.head}${JSON.stringify(w.rows.map(fullEntry))}::json) as "r" where "r"."cart_id" in (select "id" from "bumped")
          returning "id", "cart_id", "entry_number")
    select (select coalesce(json_agg("row"), '[]'::json) from "ok" where not "write") as "checked", (select coalesce(json_agg("row"), '[]'::json) from "bumped") as "bumped",
      (select coalesce(json_agg(json_build_object('id', "id", 'cartId', "cart_id", 'entryNumber', "entry_number")), '[]'::json) from "ins") as "inserted",
      (select count(*) from "raised") as "raised"`;
}

/** Every column of a known cart's row (alias `k`), and of a carts row just updated (the table's own name). */
const KNOWN_JSON = rowJson(carts, 'k');
const BUMPED_JSON = rowJson(carts, 'carts');

/** A first add this instance judged against an empty cart (server/cart/add-known.ts): its session, the code drawn
 *  for the cart it opens, the stock levels the plan judged by; its entries carry `slot` as their cart id. */
export interface NewCartWrite { slot: number; sessionId: string; code: string; levels: Map<string, number> }

/** cart_entries' columns but its id, read from the JSON rows `r` with the cart id of the cart opened `n`. */
const NEW_ENTRY_SELECT = sql.raw(`insert into "cart_entries" (${ENTRY_INSERT_COLUMNS.map(([, n]) => `"${n}"`).join(', ')}) select ${ENTRY_INSERT_COLUMNS.map(([, n]) => (n === 'cart_id' ? '"n"."id"' : `"r"."${n}"`)).join(', ')} from json_populate_recordset(null::"cart_entries", `);

/**
 * First adds in one statement without a transaction: for each live session of `adds` without an open cart, whose
 * stock levels are as its plan assumed, a cart is opened at version 1 (the add's) and the entries `rows` (cart id:
 * their add's slot) are inserted into it. A session that has an open cart meanwhile (or whose drawn code was taken)
 * gets nothing (on conflict do nothing). Answers the carts opened, with their session's user and JMBG, and the new
 * entries' ids; an add without a cart here is done again by the locked batch.
 */
export async function writeNewCarts(db: DbOrTx, adds: NewCartWrite[], w: { updatedAt: Date; rows: NewEntry[] }): Promise<{ opened: Array<{ slot: number; cart: CartRow; userId: number | null; jmbg: string | null }>; inserted: Array<{ id: number; cartId: number; entryNumber: number }> }> {
  const result = await db.execute(writeNewCartsSql(adds, w));
  const row = (result as unknown as { rows: Array<{ opened: Array<{ slot: number; cart: CartRow; userId: number | null; jmbg: string | null }>; inserted: Array<{ id: number; cartId: number; entryNumber: number }> }> }).rows[0]!;
  for (const o of row.opened) datesOf(o.cart);
  return row;
}

/** writeNewCarts' statement (tests/bench/explain.ts reads its plan). */
export function writeNewCartsSql(adds: NewCartWrite[], w: { updatedAt: Date; rows: NewEntry[] }): SQL {
  const expected = adds.flatMap((a) => [...a.levels].map(([variant, level]) => ({ a, variant, level })));
  const ids = adds.map((a) => a.sessionId);
  return sql`with "x" as (select * from unnest(${sql.param(adds.map((a) => a.slot))}::integer[], ${sql.param(ids)}::text[], ${sql.param(adds.map((a) => a.code))}::text[]) as "x"("slot", "session_id", "code")),
      "e" as (select * from unnest(${sql.param(expected.map((e) => e.a.slot))}::integer[], ${sql.param(expected.map((e) => e.variant))}::text[],
          ${sql.param(expected.map((e) => e.level))}::integer[]) as "e"("slot", "variant_code", "level")),
      "m" as (select "x"."slot", "x"."session_id", "x"."code", "s"."user_id", "s"."jmbg" from "x"
          inner join ${liveSessionUsersSql(ids)} as "s" on "s"."id" = "x"."session_id"
          where not exists (select 1 from ${carts} where ${carts.sessionId} = "x"."session_id" and ${carts.status} = 'OPEN')
            and not exists (select 1 from "e" where "e"."slot" = "x"."slot" and coalesce((${stockLevelSql(sql`"e"."variant_code"`)}), 0) <> "e"."level")),
      "n" as (insert into ${carts} ("code", "session_id", "version", "updated_at") select "m"."code", "m"."session_id", 1, ${w.updatedAt.toISOString()}::timestamptz from "m"
          order by "m"."session_id" on conflict do nothing returning *),
      "ins" as (${NEW_ENTRY_SELECT}${JSON.stringify(w.rows.map(fullEntry))}::json) as "r"
          inner join "m" on "m"."slot" = "r"."cart_id" inner join "n" on "n"."session_id" = "m"."session_id"
          returning "id", "cart_id", "entry_number")
    select (select coalesce(json_agg(json_build_object('slot', "m"."slot", 'cart', ${OPENED_JSON}, 'userId', "m"."user_id", 'jmbg', "m"."jmbg")), '[]'::json)
        from "n" inner join "m" on "m"."session_id" = "n"."session_id") as "opened",
      (select coalesce(json_agg(json_build_object('id', "id", 'cartId', "cart_id", 'entryNumber', "entry_number")), '[]'::json) from "ins") as "inserted"`;
}
