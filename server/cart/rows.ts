// The cart's rows: reading and writing carts and cart_entries, shared by the use cases (service.ts) and the batched
// add (add.ts). Nothing here decides a rule.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { cartEntries, cartVouchers, carts } from './schema';
import { numericCode } from '../lib/ids';
import { productKindSql, type CatalogSnapshot } from '../catalog/index';
import type { CartSnapshot } from './rules';
import type { CartEntryRecord } from './records';

export type CartRow = typeof carts.$inferSelect;
export type EntryRow = typeof cartEntries.$inferSelect;
export type NewEntry = typeof cartEntries.$inferInsert;

/**
 * Opens the session's cart, or answers the one a concurrent request just opened: one open cart per session is a
 * unique index (carts_one_open_per_session), so of two first adds at once the second waits for the first and then
 * finds its cart. `lock` takes the found cart FOR UPDATE (a new row is locked by its insert).
 */
export async function insertOpenCart(db: DbOrTx, sessionId: string, lock = false): Promise<CartRow> {
  for (let attempt = 0; ; attempt++) {
    const [created] = await db.insert(carts).values({ code: numericCode(8), sessionId }).onConflictDoNothing().returning();
    if (created) return created;
    const q = db.select().from(carts).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'))).limit(1);
    const [other] = lock ? await q.for('update') : await q;
    // nothing open: the conflict was the random cart code (one in 10^8); draw another
    if (other) return other;
    if (attempt >= 3) throw new Error('could not open a cart');
  }
}

export async function entriesOf(db: DbOrTx, cartId: number): Promise<CartEntryRecord[]> {
  return db.select().from(cartEntries).where(eq(cartEntries.cartId, cartId)).orderBy(cartEntries.entryNumber);
}

export async function bumpVersion(db: DbOrTx, cartId: number): Promise<CartRow> {
  const [row] = await db.update(carts).set({ version: sql`${carts.version} + 1`, updatedAt: new Date() }).where(eq(carts.id, cartId)).returning();
  return row;
}

/** The next free entry number and bundle number after `rows`. */
export function nextNumbersOf(rows: Array<Pick<EntryRow, 'entryNumber' | 'bundleNo'>>): { entryNumber: number; bundleNo: number } {
  return {
    entryNumber: rows.reduce((m, r) => Math.max(m, r.entryNumber + 1), 0),
    bundleNo: rows.reduce((m, r) => Math.max(m, r.bundleNo + 1), 1),
  };
}

/** cartSnapshot from entries already read, with the products of the read model (null when one is missing there). */
export function cartSnapshotOf(entries: EntryRow[], cat: CatalogSnapshot): CartSnapshot | null {
  const out: CartSnapshot['entries'] = [];
  for (const e of entries) {
    const p = cat.product(e.productCode);
    if (!p) return null;
    out.push({
      entryNumber: e.entryNumber, bundleNo: e.bundleNo, productCode: e.productCode, productOfferingType: p.product.type, variantCode: e.variantCode,
      quantity: e.quantity, chargeType: e.chargeType, categories: p.product.categories, oneTimePrice: e.oneTimePrice,
    });
  }
  return { entries: out };
}

export async function cartSnapshot(db: DbOrTx, cartId: number): Promise<CartSnapshot> {
  // the entry's product (a foreign key: always there) named in the catalogue's own subqueries, one statement as before
  const kind = productKindSql(cartEntries.productCode);
  const rows = await db.select({ e: cartEntries, type: kind.type, categories: kind.categories }).from(cartEntries).where(eq(cartEntries.cartId, cartId));
  return { entries: rows.map((r) => ({
    entryNumber: r.e.entryNumber, bundleNo: r.e.bundleNo, productCode: r.e.productCode, productOfferingType: r.type, variantCode: r.e.variantCode,
    quantity: r.e.quantity, chargeType: r.e.chargeType, categories: r.categories, oneTimePrice: r.e.oneTimePrice,
  })) };
}

/** Removes entries (and the coupons on them) from a cart. */
export async function removeEntries(tx: DbOrTx, cartId: number, entryNumbers: number[]): Promise<void> {
  if (entryNumbers.length === 0) return;
  await tx.delete(cartVouchers).where(and(eq(cartVouchers.cartId, cartId), inArray(cartVouchers.entryNumber, entryNumbers)));
  await tx.delete(cartEntries).where(and(eq(cartEntries.cartId, cartId), inArray(cartEntries.entryNumber, entryNumbers)));
}

/** A gift's most units in one cart when its reference sets no maxAllowedQuantity (seed 001 §3: default 100). */
export { DEFAULT_MAX_PROMO_QUANTITY } from '../catalog/index';

/** A gift entry: a promo product the shop put in at 0 under its device. */
export const isGiftEntry = (e: EntryRow, type: string | undefined) => type === 'PROMO_PRODUCT' && e.automaticallyAdded && e.parentEntryNumber !== null;

/**
 * The line of `all` that holds this accessory alone (its own bundle, one-off, priced alike), if any: one line per
 * accessory, raised instead of repeated (add and the sign-in merge).
 */
export function lineOfSameAccessory(all: EntryRow[], draft: { variantCode?: string | null; oneTimePrice?: number; priceVersion?: number | null }): EntryRow | null {
  return all.find((e) => e.variantCode === draft.variantCode && e.chargeType === 'ONE_TIME_CHARGE' && e.oneTimePrice === draft.oneTimePrice
    && e.priceVersion === draft.priceVersion && all.filter((x) => x.bundleNo === e.bundleNo).length === 1) ?? null;
}
