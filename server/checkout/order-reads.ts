// Reads of the orders table (the checkout module owns it) joined with the tables of modules below checkout, for the
// modules below it that need an order: payment (a gateway session and its order; the voids to give back, with their
// order's code) and numbers (a number another cart's open order holds). Those modules sit below checkout and read no
// order themselves; server/workflows/ calls these (payment.ts, payment-voids.ts, port-in.ts).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { orders } from './schema';
import { cartNumberChoices, payments } from '../db/tables';

/** A gateway session (payment row) and its order, by the payment's id; undefined when there is none. */
export async function paymentWithOrder(db: DbOrTx, paymentId: string) {
  const rows = await db.select({ p: payments, o: orders }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.id, paymentId));
  return rows[0];
}

/** A voided charge still to give back: the payment, its order's code and the amount charged. */
export interface DueOrderVoid { id: string; orderCode: string; amount: number }

/** The voids the provider did not answer yet (void_state PENDING), the oldest 50. */
export async function dueOrderVoids(db: DbOrTx): Promise<DueOrderVoid[]> {
  return db.select({ id: payments.id, orderCode: orders.code, amount: payments.amount })
    .from(payments).innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.voidState, 'PENDING')).orderBy(asc(payments.completedAt)).limit(50);
}

/** One payment's void when it is still to give back (void_state PENDING); undefined otherwise. */
export async function dueOrderVoid(db: DbOrTx, paymentId: string): Promise<DueOrderVoid | undefined> {
  const [v] = await db.select({ id: payments.id, orderCode: orders.code, amount: payments.amount })
    .from(payments).innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(payments.voidState, 'PENDING')));
  return v;
}

/** Whether another cart's open order (created, awaiting payment or paid) has `msisdn` as its number choice. */
export async function numberInOpenOrder(db: DbOrTx, cartId: number, msisdn: string): Promise<boolean> {
  const [open] = await db.select({ id: orders.id }).from(cartNumberChoices)
    .innerJoin(orders, eq(orders.cartId, cartNumberChoices.cartId))
    .where(and(eq(cartNumberChoices.msisdn, msisdn), sql`${cartNumberChoices.cartId} <> ${cartId}`, inArray(orders.status, ['CREATED', 'PAYMENT_PENDING', 'PAID'])))
    .limit(1);
  return open !== undefined;
}
