// Reads of the orders table (the checkout module owns it) joined with the tables of modules below checkout, for the
// modules below it that need an order: payment (a gateway session and its order; the voids to give back, with their
// order's code) and numbers (a number another cart's open order holds). Those modules sit below checkout and read no
// order themselves; server/workflows/ calls these (payment.ts, payment-voids.ts, port-in.ts).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { orders } from './schema';
import { cartsChoosingNumberSql } from '../numbers/index';
import { paymentsSubquery } from '../payment/index';

/** A gateway session (payment row) and its order, by the payment's id; undefined when there is none. */
export async function paymentWithOrder(db: DbOrTx, paymentId: string) {
  const { table, columns: p } = paymentsSubquery();
  const rows = await db.select({ p, o: orders }).from(table).innerJoin(orders, eq(orders.id, p.orderId)).where(eq(p.id, paymentId));
  return rows[0];
}

/** A voided charge still to give back: the payment, its order's code and the amount charged. */
export interface DueOrderVoid { id: string; orderCode: string; amount: number }

/** The voids the provider did not answer yet (void_state PENDING), the oldest 50. */
export async function dueOrderVoids(db: DbOrTx): Promise<DueOrderVoid[]> {
  const { table, columns: p } = paymentsSubquery();
  return db.select({ id: p.id, orderCode: orders.code, amount: p.amount })
    .from(table).innerJoin(orders, eq(orders.id, p.orderId))
    .where(eq(p.voidState, 'PENDING')).orderBy(asc(p.completedAt)).limit(50);
}

/** One payment's void when it is still to give back (void_state PENDING); undefined otherwise. */
export async function dueOrderVoid(db: DbOrTx, paymentId: string): Promise<DueOrderVoid | undefined> {
  const { table, columns: p } = paymentsSubquery();
  const [v] = await db.select({ id: p.id, orderCode: orders.code, amount: p.amount })
    .from(table).innerJoin(orders, eq(orders.id, p.orderId))
    .where(and(eq(p.id, paymentId), eq(p.voidState, 'PENDING')));
  return v;
}

/** Whether another cart's open order (created, awaiting payment or paid) has `msisdn` as its number choice. */
export async function numberInOpenOrder(db: DbOrTx, cartId: number, msisdn: string): Promise<boolean> {
  const [open] = await db.select({ id: orders.id }).from(orders)
    .where(and(inArray(orders.cartId, cartsChoosingNumberSql(msisdn, cartId)), inArray(orders.status, ['CREATED', 'PAYMENT_PENDING', 'PAID'])))
    .limit(1);
  return open !== undefined;
}
