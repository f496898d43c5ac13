// The cart's writes on behalf of checkout (the cart module owns the carts table): the checkout fields of a cart
// (customer data, address, payment, time slot), closing an ordered cart and reopening it for a retried payment.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { carts, type CartCharge } from './schema';
import { bumpVersion, entriesOf, insertOpenCart, type CartRow } from './service';
import type { CartRecord } from './records';

export type CheckoutFields = Partial<Pick<CartRow, 'orderCustomerInfo' | 'deliveryAddress' | 'paymentMode' | 'cardPaymentType' | 'deliveryTimeSlot'>>;

/** Sets checkout fields of a cart and raises its version. */
export async function setCheckoutFields(tx: DbOrTx, cartId: number, fields: CheckoutFields): Promise<void> {
  await tx.update(carts).set(fields).where(eq(carts.id, cartId));
  await bumpVersion(tx, cartId);
}

/** Drops fields of the cart's orderCustomerInfo in one statement (jsonb - text[]); raises the version (the checkout reset). */
export async function dropCustomerInfoFields(tx: DbOrTx, cartId: number, fields: string[]): Promise<void> {
  if (fields.length === 0) return;
  await tx.update(carts).set({ orderCustomerInfo: sql`${carts.orderCustomerInfo} - ${`{${fields.join(',')}}`}::text[]` })
    .where(eq(carts.id, cartId));
  await bumpVersion(tx, cartId);
}

/** Sets the cart's one-time charges besides its entries (a nice number's price); a change raises the version.
 *  Answers whether they changed. */
export async function setOneTimeCharges(tx: DbOrTx, cartId: number, charges: CartCharge[]): Promise<boolean> {
  const [row] = await tx.select({ charges: carts.oneTimeCharges }).from(carts).where(eq(carts.id, cartId));
  if (!row || JSON.stringify(row.charges) === JSON.stringify(charges)) return false;
  await tx.update(carts).set({ oneTimeCharges: charges }).where(eq(carts.id, cartId));
  await bumpVersion(tx, cartId);
  return true;
}

/**
 * Merges fields into the cart's orderCustomerInfo in one statement (jsonb ||): two saves of one step running together
 * (the customer data and the e-mail code of seed 001 §4) each keep what the other wrote. Raises the version.
 */
export async function mergeCustomerInfo(tx: DbOrTx, cartId: number, patch: Record<string, string>): Promise<void> {
  await tx.update(carts).set({ orderCustomerInfo: sql`coalesce(${carts.orderCustomerInfo}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(carts.id, cartId));
  await bumpVersion(tx, cartId);
}

/** The ordered cart is closed (ORDERED) and the session gets a fresh open cart — inside the order's transaction. */
export async function closeOrderedCart(tx: DbOrTx, cartId: number, sessionId: string): Promise<void> {
  await tx.update(carts).set({ status: 'ORDERED', updatedAt: new Date() }).where(eq(carts.id, cartId));
  await insertOpenCart(tx, sessionId);
}

/**
 * An ordered cart becomes the session's open cart again (a retried payment); the untouched fresh cart opened at
 * submit is set aside (ABANDONED). Idempotent: a cart already open is answered as it is. A fresh cart the shopper
 * has filled meanwhile is kept: `inUse()` is thrown. Rows are locked; call inside the caller's transaction.
 */
export async function reopenOrderedCart(tx: DbOrTx, sessionId: string, cartId: number, inUse: () => Error): Promise<CartRecord> {
  const ordered = (await tx.select().from(carts).where(eq(carts.id, cartId)).for('update'))[0];
  if (ordered.status === 'OPEN') return ordered;
  const fresh = await tx.select().from(carts).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'))).for('update');
  for (const c of fresh) {
    if ((await entriesOf(tx, c.id)).length > 0) throw inUse();
  }
  if (fresh.length) await tx.update(carts).set({ status: 'ABANDONED', updatedAt: new Date() }).where(inArray(carts.id, fresh.map((c) => c.id)));
  const [reopened] = await tx.update(carts).set({ status: 'OPEN', updatedAt: new Date() }).where(eq(carts.id, ordered.id)).returning();
  return reopened;
}
