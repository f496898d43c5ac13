// Workflow: authorizing and settling a card payment. Spans checkout (the order, locked first), payment (the gateway
// sessions) and catalog (stock given back when a payment fails) — one transaction each.
import type { Db } from '../db/index';
import { ApiError, notFound } from '../lib/errors';
import { findOrder, lockOrder, markOrderPaid, markOrderPaymentFailed, orderStatus, paymentWithOrder } from '../checkout/index';
import { sendOrderConfirmation } from './order-mail';
import {
  completePayment, findPayment, openPaymentSession, ownSavedCard, saveCardToken, verifyCallback, voidPayment, voidsOfOrder,
  type CallbackPayload, type CardChoice, type OrderVoid,
} from '../payment/index';
import { userOfSession } from '../user/index';
import { badInput } from '../lib/errors';
import type { UiDocuments } from '../ui/index';
import type { Lang } from '../lib/lang';
import type { SecretRing } from '../lib/secret-ring';
import type { ResponseOf } from '../lib/contract';
import { releaseOrderStock } from './place-order';
import { prepaidPurchased } from './prepaid';

/** The card payment of an order as submit recorded it (orders.cardPaymentType, the saved card in its snapshot). */
const savedCardOfOrder = (o: { snapshot: Record<string, unknown> }) => ((o.snapshot.payment ?? {}) as { savedCardId?: string | null }).savedCardId ?? null;

/**
 * Opens the gateway session of a PAYMENT_PENDING order, or answers the one already open (same redirectionUrl).
 * The card payment type must be the order's (set payment type before submit); SAVED_CARD names the order's card
 * (cardId), which must still be the signed-in customer's own; NEW_CARD_SAVE needs a signed-in customer (the card is
 * saved for them). The order row is locked, so concurrent calls (any number of instances) queue; the partial unique
 * index payments_one_pending_per_order is the last word: a lost insert reads the winner's session.
 */
export async function authorizePayment(db: Db, sessionId: string, body: { orderId: string; cardPaymentType: string; cardId?: string }): Promise<{ redirectionUrl: string }> {
  return db.transaction(async (tx) => {
    const found = await findOrder(tx, sessionId, body.orderId);
    const order = (await lockOrder(tx, found.id))!;
    if (order.status !== 'PAYMENT_PENDING') throw new ApiError(400, 'OrderError', 'error.order.notPayable', { code: order.code }, order.status);
    const type = (order.cardPaymentType ?? 'NEW_CARD') as CardChoice['cardPaymentType'];
    if (body.cardPaymentType !== type) throw badInput('error.checkout.cardPaymentTypeMismatch', { code: body.cardPaymentType }, 'cardPaymentType', 'cardPaymentTypeMismatch');
    const user = await userOfSession(tx, sessionId);
    let savedCardId: string | null = null;
    if (type === 'SAVED_CARD') {
      if (!body.cardId) throw badInput('error.checkout.cardRequired', {}, 'cardId', 'cardRequired');
      if (!user || body.cardId !== savedCardOfOrder(order)) throw badInput('error.checkout.unknownCard', {}, 'cardId', 'unknownCard');
      savedCardId = (await ownSavedCard(tx, user.id, body.cardId)).id;
    } else if (body.cardId) {
      throw badInput('error.checkout.cardOnlyForSaved', {}, 'cardId', 'cardOnlyForSaved');
    }
    if (type === 'NEW_CARD_SAVE' && !user) throw badInput('error.checkout.savedCardNotAllowed', {}, 'cardPaymentType', 'signInRequired');
    const id = await openPaymentSession(tx, order, { cardPaymentType: type, userId: user?.id ?? null, savedCardId });
    if (!id) throw new ApiError(409, 'OrderError', 'error.order.notPayable', { code: order.code }, order.status);
    return { redirectionUrl: `/gateway/pay/${id}` };
  });
}

export type CallbackOutcome = 'applied' | 'alreadyProcessed' | 'voided';

/**
 * Verifies the signature, then moves the payment and the order once; a repeat changes nothing. The order row is
 * locked first, and a payment is approved only while its order still awaits payment, so two sessions of one order
 * can never both be approved (the partial unique index payments_one_approved_per_order guards it in the database too).
 * An approval the shop cannot keep — for a session it closed, or for an order no longer payable (paid by another
 * session) — is voided: the payment becomes VOIDED (void_state PENDING) once, the answer is `voided`, and `toVoid`
 * names the charge the caller gives back through the gateway provider after the commit (settleOrderVoid).
 * A failed payment gives the order's stock back once.
 */
export async function applyCallback(db: Db, secret: SecretRing, payload: CallbackPayload, signature: string, ui?: UiDocuments): Promise<{ outcome: CallbackOutcome; orderCode: string; toVoid?: OrderVoid }> {
  verifyCallback(secret, payload, signature);
  return db.transaction(async (tx) => {
    const p = await findPayment(tx, payload.paymentId);
    const o = p ? await lockOrder(tx, p.orderId) : undefined;
    if (!p || !o || o.code !== payload.orderCode || p.amount !== payload.amount) throw notFound(payload.paymentId, 'error.payment.unknown');
    if (payload.result === 'APPROVED' && (o.status !== 'PAYMENT_PENDING' || p.status === 'CANCELLED')) {
      // a session the shop closed, or an order no longer payable (paid by another session, or placed again): the
      // charge is not kept but given back, once (a repeat finds the payment VOIDED and changes nothing)
      const toVoid = await voidPayment(tx, p.id, o.code);
      return toVoid ? { outcome: 'voided' as const, orderCode: o.code, toVoid } : { outcome: 'alreadyProcessed' as const, orderCode: o.code };
    }
    if (!(await completePayment(tx, payload.paymentId, payload.result))) return { outcome: 'alreadyProcessed' as const, orderCode: o.code };
    if (payload.result === 'APPROVED') {
      await markOrderPaid(tx, o.id);
      // the confirmation with the amount the gateway charged (the order's totalPrice, its cart's payNow)
      if (ui) await sendOrderConfirmation(tx, ui, { ...o, status: 'PAID', paymentStatus: 'PAID' });
      // "pay and save": the gateway's token of the approved card is saved for the customer, once (unique token)
      if (p.cardPaymentType === 'NEW_CARD_SAVE' && p.userId !== null && payload.card) await saveCardToken(tx, p.userId, payload.card);
      // a guest's prepaid package: the 24-hour registration window opens with the purchase (workflows/prepaid.ts)
      await prepaidPurchased(tx, ui ?? null, o);
    } else {
      const errorType = payload.result === 'CARD_LIMIT' ? 'MtsCardLimitError' : 'PaymentDeclinedError';
      if (await markOrderPaymentFailed(tx, o.id, errorType)) await releaseOrderStock(tx, o.id);
    }
    return { outcome: 'applied' as const, orderCode: o.code };
  });
}

/**
 * The payment status of an order (GET orderStatus): the order's, and when one of its card payments was voided (a late
 * approval), the message says the charge was reversed — and, when the gateway refused the void, whom to ask.
 */
export async function orderPaymentStatus(db: Db, ui: UiDocuments, sessionId: string, orderCode: string, lang: Lang): Promise<ResponseOf<'orderStatus'>> {
  const o = await findOrder(db, sessionId, orderCode);
  const status = orderStatus(ui, o, lang);
  if (status.message) return status;
  const voids = await voidsOfOrder(db, o.id);
  if (!voids.length) return status;
  const keys = voids.includes('FAILED') ? ['payment.voided', 'payment.voidFailed'] : ['payment.voided'];
  return { ...status, message: keys.map((k) => ui.message(lang, k)).join(' ') };
}

/** A gateway session and its order, by the payment's id (the gateway simulator's pages: the order's code and amount);
 *  undefined when there is none — checkout's read, for routes that reach modules through workflows (the payment
 *  module sits below checkout and reads no order itself). */
export { paymentWithOrder as paymentAndOrder };
