// Payment (the payment module owns the payments table): gateway sessions of an order — open, cancel, complete.
// Authorizing and settling a payment span checkout (the order) and catalog (stock): server/workflows/payment.ts;
// retrying the voids the provider did not answer needs their orders' codes: server/workflows/payment-voids.ts.
import { and, eq, getTableColumns, inArray, isNotNull } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/index';
import { payments } from './schema';
import { ApiError } from '../lib/errors';
import { randomToken } from '../lib/ids';
import { fresh, verify, type CallbackPayload } from './signature';
import type { SecretRing } from '../lib/secret-ring';
import type { GatewayProvider } from './gateway/provider';
import { enqueue, QUEUES } from '../db/jobs';

/** When the payments.void job first asks again for a void the gateway did not answer (then with back-off). */
export const VOID_RETRY_AFTER_MS = 60_000;

export type PaymentRow = typeof payments.$inferSelect;

/** How an order's card payment is made (seed 000 §3 card payment types): a new card (saved or not) or a saved card. */
export interface CardChoice { cardPaymentType: 'NEW_CARD' | 'NEW_CARD_SAVE' | 'SAVED_CARD'; userId: number | null; savedCardId: string | null }

/**
 * The gateway session of an order (inside the caller's transaction, the order row locked): the open one when its
 * amount and card choice are the order's, else a new one (a session for another amount or card — the order was placed
 * again from a changed cart, or the shopper chose another card — is cancelled, never paid). The partial unique index
 * payments_one_pending_per_order is the last word: a lost insert reads the winner's session. Answers the session id,
 * or null when none could be opened.
 */
export async function openPaymentSession(tx: DbOrTx, order: { id: number; totalPrice: number }, card: CardChoice = { cardPaymentType: 'NEW_CARD', userId: null, savedCardId: null }): Promise<string | null> {
  const open = async () => (await tx.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'PENDING'))))[0];
  const pending = await open();
  if (pending && pending.amount === order.totalPrice && pending.cardPaymentType === card.cardPaymentType && pending.savedCardId === card.savedCardId) return pending.id;
  if (pending) await cancelOpenPayments(tx, order.id);
  const inserted = await tx.insert(payments).values({ id: randomToken(24), orderId: order.id, amount: order.totalPrice, ...card })
    .onConflictDoNothing().returning({ id: payments.id });
  return inserted[0]?.id ?? (await open())?.id ?? null;
}

/** Closes the open gateway session(s) of an order: a later callback for them answers alreadyProcessed. */
export async function cancelOpenPayments(tx: DbOrTx, orderId: number): Promise<number> {
  const rows = await tx.update(payments).set({ status: 'CANCELLED', completedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'PENDING'))).returning({ id: payments.id });
  return rows.length;
}

/**
 * Throws 400 InvalidSignatureError unless the gateway signed this callback, and 400 (reason staleCallback) when its
 * signed timestamp is older than CALLBACK_MAX_AGE_MS (5 min) or more than CALLBACK_MAX_SKEW_MS (1 min) ahead.
 */
export function verifyCallback(secret: SecretRing, payload: CallbackPayload, signature: string, now: number = Date.now()): void {
  if (!verify(secret, payload, signature)) throw new ApiError(400, 'InvalidSignatureError', 'error.payment.invalidSignature');
  if (!fresh(payload.timestamp, now)) throw new ApiError(400, 'InvalidSignatureError', 'error.payment.staleCallback', {}, 'staleCallback');
}

export async function findPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | undefined> {
  return (await tx.select().from(payments).where(eq(payments.id, paymentId)))[0];
}

/** PENDING → the gateway's result, once: false when the session was no longer pending. */
export async function completePayment(tx: DbOrTx, paymentId: string, result: CallbackPayload['result']): Promise<boolean> {
  const moved = await tx.update(payments).set({ status: result, completedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING'))).returning({ id: payments.id });
  return moved.length > 0;
}

/** A charge to give back: the payment (gateway session), its order's code and the amount charged. */
export interface OrderVoid { id: string; orderCode: string; amount: number }

/**
 * An approval the shop cannot keep (its session was closed, or its order is no longer payable — paid by another
 * session): PENDING | CANCELLED → VOIDED with void_state PENDING, once. Answers the charge to give back, or null when
 * the payment was already settled (a repeated callback, a declined or approved session).
 */
export async function voidPayment(tx: DbOrTx, paymentId: string, orderCode: string): Promise<OrderVoid | null> {
  const voided = await tx.update(payments).set({ status: 'VOIDED', voidState: 'PENDING', completedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['PENDING', 'CANCELLED'])))
    .returning({ id: payments.id, amount: payments.amount });
  // the void is asked at once after this transaction (settleOrderVoid); if that answer never comes, this job asks
  // again a minute later, with back-off (a no-op once the void is settled)
  if (voided[0]) await enqueue(tx, QUEUES.paymentVoid.name, { kind: 'order', paymentId: paymentId }, new Date(Date.now() + VOID_RETRY_AFTER_MS));
  return voided[0] ? { ...voided[0], orderCode } : null;
}

/**
 * Gives a voided payment's charge back through the gateway provider and records the answer (void_state PENDING →
 * VOIDED | FAILED, once). A provider that cannot be reached throws and leaves it PENDING for retryOrderVoids.
 */
export async function settleOrderVoid(db: DbOrTx, gateway: GatewayProvider, v: OrderVoid): Promise<'VOIDED' | 'FAILED'> {
  const r = await gateway.void({ paymentId: v.id, orderCode: v.orderCode, amount: v.amount });
  await db.update(payments).set({ voidState: r.state, voidReference: r.reference, voidedAt: new Date() })
    .where(and(eq(payments.id, v.id), eq(payments.voidState, 'PENDING')));
  return r.state;
}

/** The void states of an order's voided payments (what its payment status tells the shopper). */
export async function voidsOfOrder(db: DbOrTx, orderId: number): Promise<Array<'PENDING' | 'VOIDED' | 'FAILED'>> {
  const rows = await db.select({ state: payments.voidState }).from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.voidState)));
  return rows.map((r) => r.state!);
}

/**
 * A subquery (alias `payment`) of every payment and its columns (to select as one PaymentRow, to filter and order
 * by), to join in a statement of a module above (server/checkout/order-reads.ts: a payment and its order, one
 * statement).
 */
export function paymentsSubquery() {
  const table = new QueryBuilder().select().from(payments).as('payment');
  const columns = Object.fromEntries(Object.keys(getTableColumns(payments)).map((k) => [k, table[k as keyof typeof payments._.columns]])) as
    { [K in keyof typeof payments._.columns]: (typeof table)[K] };
  return { table, columns };
}
