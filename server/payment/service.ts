// Payment (the payment module owns the payments table): gateway sessions of an order — open, cancel, complete.
// Authorizing and settling a payment span checkout (the order) and catalog (stock): server/workflows/payment.ts.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { payments } from '../db/schema';
import { ApiError } from '../lib/errors';
import { randomToken } from '../lib/ids';
import { fresh, verify, type CallbackPayload } from './signature';

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
export function verifyCallback(secret: string, payload: CallbackPayload, signature: string, now: number = Date.now()): void {
  if (!verify(secret, payload, signature)) throw new ApiError(400, 'InvalidSignatureError', 'error.payment.invalidSignature');
  if (!fresh(payload.timestamp, now)) throw new ApiError(400, 'InvalidSignatureError', 'error.payment.staleCallback', {}, 'staleCallback');
}

export async function findPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | undefined> {
  return (await tx.select().from(payments).where(eq(payments.id, paymentId)))[0];
}

/** A still pending session closed without being paid. */
export async function cancelPayment(tx: DbOrTx, paymentId: string): Promise<void> {
  await tx.update(payments).set({ status: 'CANCELLED', completedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')));
}

/** PENDING → the gateway's result, once: false when the session was no longer pending. */
export async function completePayment(tx: DbOrTx, paymentId: string, result: CallbackPayload['result']): Promise<boolean> {
  const moved = await tx.update(payments).set({ status: result, completedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING'))).returning({ id: payments.id });
  return moved.length > 0;
}
