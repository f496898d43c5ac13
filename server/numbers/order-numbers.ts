// A cart's number at order submit (server/workflows/place-order.ts): held for the order, or a free one assigned to a
// prepaid order; and given back when the cart is emptied. The choice itself is made in ./service.ts.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { ApiError } from '../lib/errors';
import { cartNumberChoices, msisdnPool, msisdnReservations } from './schema';
import { formatMsisdn, release, setChoice } from './service';

/** How long an ordered cart's number stays held (the order is being paid or fulfilled). */
export const ORDER_HOLD_DAYS = 30;

/**
 * At order submit (in its transaction): a MOBILE order needs a number choice (seed 001 §5 "a phone number must be
 * chosen"); a chosen pool number must still be held by this cart, and its hold is extended for the order. A number to
 * port in is locked and answered: the caller checks, under the lock, that it may still be ported in
 * (server/workflows/port-in.ts holdOrderNumber: another cart's order is the checkout's). Else answers null.
 */
export async function holdNumberForOrder(tx: DbOrTx, cartId: number, required: boolean): Promise<string | null> {
  const [c] = await tx.select().from(cartNumberChoices).where(eq(cartNumberChoices.cartId, cartId));
  if (!c) {
    if (required) throw new ApiError(400, 'CartError', 'numbers.error.required', {}, 'numberRequired', 'msisdn');
    return null;
  }
  if (c.option === 'MOBILE_PORT_IN' && c.msisdn) {
    // Orders porting in one number are placed one at a time (a lock on the number until this transaction ends): an
    // order placed at the same moment by another cart waits, then sees this one's order and is refused. Without it
    // both checks below would run before either order is committed, and both would pass.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`port-in:${c.msisdn}`}))`);
    // another order may have taken the number since it was chosen: the caller checks it now, under the lock
    return c.msisdn;
  }
  if (c.option !== 'MOBILE_NEW_SELECTION' || !c.msisdn) return null;
  const held = await tx.update(msisdnReservations)
    .set({ expiresAt: sql`now() + make_interval(days => ${ORDER_HOLD_DAYS})` })
    .where(and(eq(msisdnReservations.cartId, cartId), eq(msisdnReservations.msisdn, c.msisdn), gt(msisdnReservations.expiresAt, sql`now()`)))
    .returning();
  if (held.length === 0) throw new ApiError(409, 'CartError', 'numbers.error.holdExpired', { msisdn: formatMsisdn(c.msisdn) }, 'numberHoldExpired', 'msisdn');
  return null;
}

/** Free numbers an order tries before it is refused (each try skips the numbers taken meanwhile). */
const TAKE_ATTEMPTS = 8;

/**
 * A prepaid order's number (MOBILE_PREPAID, MOBILE_PREPAID_GUEST), at order submit in its transaction: the number the
 * cart already holds (a retried order keeps it), else a free pool number no cart holds, taken with FOR UPDATE SKIP
 * LOCKED so two orders placed at once never get the same one (the reservation's primary key is the last word).
 * It is held for the order (ORDER_HOLD_DAYS) and becomes the cart's choice. Answers the national number.
 */
export async function assignNumberForOrder(tx: DbOrTx, cartId: number): Promise<string> {
  const [c] = await tx.select().from(cartNumberChoices).where(eq(cartNumberChoices.cartId, cartId));
  if (c?.option === 'MOBILE_NEW_SELECTION' && c.msisdn) {
    const kept = await tx.update(msisdnReservations)
      .set({ expiresAt: sql`now() + make_interval(days => ${ORDER_HOLD_DAYS})` })
      .where(and(eq(msisdnReservations.cartId, cartId), eq(msisdnReservations.msisdn, c.msisdn)))
      .returning();
    if (kept.length > 0) return c.msisdn;
  }
  await release(tx, cartId);
  // A number another order took just before this look-up's snapshot looks free to it (on PostgreSQL each statement
  // sees what was committed when it began, and that order's row lock is already gone): its reservation then stands,
  // and the next look-up, with a newer snapshot, skips it. Never doubled; refused only when the pool is empty.
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    const [free] = await tx.select({ msisdn: msisdnPool.msisdn }).from(msisdnPool)
      .where(and(eq(msisdnPool.kind, 'FREE'), isNull(msisdnPool.soldAt),
        sql`NOT EXISTS (SELECT 1 FROM msisdn_reservations r WHERE r.msisdn = ${msisdnPool.msisdn} AND r.expires_at > now())`))
      .orderBy(asc(msisdnPool.msisdn)).limit(1).for('update', { skipLocked: true });
    if (!free) break;
    const taken = await tx.execute(sql`
      INSERT INTO msisdn_reservations (msisdn, cart_id, expires_at) VALUES (${free.msisdn}, ${cartId}, now() + make_interval(days => ${ORDER_HOLD_DAYS}))
      ON CONFLICT (msisdn) DO UPDATE SET cart_id = EXCLUDED.cart_id, expires_at = EXCLUDED.expires_at, created_at = now()
        WHERE msisdn_reservations.expires_at <= now()
      RETURNING msisdn`);
    const rows = (taken as unknown as { rows: unknown[] }).rows ?? (taken as unknown as unknown[]);
    if (rows.length === 0) continue;
    await setChoice(tx, cartId, { option: 'MOBILE_NEW_SELECTION', msisdn: free.msisdn });
    return free.msisdn;
  }
  throw new ApiError(409, 'CartError', 'numbers.error.noneFree', {}, 'noFreeNumber', 'msisdn');
}

/**
 * The cart no longer needs a number (it was emptied): the number it holds goes back to the lists at once and its
 * choice is forgotten. A cart already ordered keeps its number (the caller passes only open carts).
 */
export async function releaseCartNumber(tx: DbOrTx, cartId: number): Promise<boolean> {
  const gone = await tx.delete(msisdnReservations).where(eq(msisdnReservations.cartId, cartId)).returning({ msisdn: msisdnReservations.msisdn });
  const choice = await tx.delete(cartNumberChoices).where(eq(cartNumberChoices.cartId, cartId)).returning({ cartId: cartNumberChoices.cartId });
  return gone.length > 0 || choice.length > 0;
}
