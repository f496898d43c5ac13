// The statements of an add batch (server/cart/add.ts): the open carts locked, their entries and the stock read, the
// new entries inserted — each as one JSON value, which costs the driver and the embedded database's protocol far less
// than a row or a parameter per column.
import { and, eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { cartEntries, cartVouchers, carts } from './schema';
import { liveSessionUsersSql } from '../user/index';
import { stockLevelsJsonSql } from '../catalog/index';
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
const CART_DATES = Object.entries(getTableColumns(carts)).filter(([, c]) => c.dataType === 'date').map(([key]) => key);

/**
 * The open carts of the live sessions among `ids`, locked (FOR UPDATE) in id order, with the session's user, its
 * JMBG and whether the cart has coupons: as one JSON value (one field for the driver to decode instead of eighteen
 * per cart).
 */
export async function lockOpenCarts(tx: DbOrTx, ids: string[]): Promise<Locked[]> {
  const result = await tx.execute(sql`select coalesce(json_agg(json_build_object('cart', ${CART_JSON}, 'userId', "l"."s_user_id", 'jmbg', "l"."u_jmbg", 'coupons', "l"."has_coupons") order by "l"."id"), '[]'::json) as "rows"
    from (select ${carts}.*, "s"."user_id" as "s_user_id", "s"."jmbg" as "u_jmbg",
            exists (select 1 from ${cartVouchers} where ${cartVouchers.cartId} = ${carts.id}) as "has_coupons"
          from ${carts}
          inner join ${liveSessionUsersSql(ids)} as "s" on "s"."id" = ${carts.sessionId}
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
export async function readCartsAndStock(tx: DbOrTx, cartIds: number[], variants: string[]): Promise<{ entries: EntryRow[]; stock: Record<string, number> }> {
  if (cartIds.length === 0 && variants.length === 0) return { entries: [], stock: {} };
  const entries = cartIds.length
    ? sql`(select coalesce(json_agg(${ENTRY_JSON} order by ${cartEntries.cartId}, ${cartEntries.entryNumber}), '[]'::json) from ${cartEntries} where ${inArray(cartEntries.cartId, cartIds)})`
    : sql`'[]'::json`;
  const levels = variants.length
    ? stockLevelsJsonSql(variants)
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
export async function insertEntries(tx: DbOrTx, rows: NewEntry[]): Promise<Array<{ id: number; cartId: number; entryNumber: number }>> {
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
