// Workflow: authorizing and settling a card payment. Spans checkout (the order, locked first), payment (the gateway
// sessions) and catalog (stock given back when a payment fails) — one transaction each.
import type { Db } from '../db/index';
import { ApiError, notFound } from '../lib/errors';
import { findOrder, lockOrder, markOrderPaid, markOrderPaymentFailed } from '../checkout/index';
import { cancelPayment, completePayment, findPayment, openPaymentSession, ownSavedCard, saveCardToken, verifyCallback, type CallbackPayload, type CardChoice } from '../payment/index';
import { userOfSession } from '../user/index';
import { badInput } from '../lib/errors';
import type { UiDocuments } from '../ui/index';
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

export type CallbackOutcome = 'applied' | 'alreadyProcessed';

/**
 * Verifies the signature, then moves the payment and the order once; a repeat changes nothing. The order row is
 * locked first, and a payment is approved only while its order still awaits payment, so two sessions of one order
 * can never both be approved (the partial unique index payments_one_approved_per_order guards it in the database too).
 * A failed payment gives the order's stock back once.
 */
export async function applyCallback(db: Db, secret: string, payload: CallbackPayload, signature: string, ui?: UiDocuments): Promise<{ outcome: CallbackOutcome; orderCode: string }> {
  verifyCallback(secret, payload, signature);
  return db.transaction(async (tx) => {
    const p = await findPayment(tx, payload.paymentId);
    const o = p ? await lockOrder(tx, p.orderId) : undefined;
    if (!p || !o || o.code !== payload.orderCode || p.amount !== payload.amount) throw notFound(payload.paymentId, 'error.payment.unknown');
    if (payload.result === 'APPROVED' && o.status !== 'PAYMENT_PENDING') {
      // the order is no longer payable (paid by another session, or placed again): this session is closed, not approved
      await cancelPayment(tx, p.id);
      return { outcome: 'alreadyProcessed' as const, orderCode: o.code };
    }
    if (!(await completePayment(tx, payload.paymentId, payload.result))) return { outcome: 'alreadyProcessed' as const, orderCode: o.code };
    if (payload.result === 'APPROVED') {
      await markOrderPaid(tx, o.id);
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
