// Payment use cases: authorize (opens a gateway session), apply a verified callback, status, confirmation.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { orders, payments } from '../db/schema';
import { ApiError, notFound } from '../lib/errors';
import { randomToken } from '../lib/ids';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import type { UiDocuments } from '../ui/documents';
import { loadEntryProducts, type EntryRow } from '../cart/service';
import { entryView, orderPrices } from '../cart/view';
import { cancelOpenPayments, findOrder, releaseStock, type OrderRow } from '../checkout/orders';
import { verify, type CallbackPayload } from './signature';

/**
 * Opens the gateway session of a PAYMENT_PENDING order, or answers the one already open (same redirectionUrl).
 * The order row is locked, so concurrent calls (any number of instances) queue; the partial unique index
 * payments_one_pending_per_order is the last word: a lost insert reads the winner's session.
 */
export async function authorizePayment(db: Db, sessionId: string, orderCode: string): Promise<{ redirectionUrl: string }> {
  return db.transaction(async (tx) => {
    const found = await findOrder(tx, sessionId, orderCode);
    const order = (await tx.select().from(orders).where(eq(orders.id, found.id)).for('update'))[0];
    if (order.status !== 'PAYMENT_PENDING') throw new ApiError(400, 'OrderError', 'error.order.notPayable', { code: order.code }, order.status);
    const open = async () => (await tx.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'PENDING'))))[0];
    const pending = await open();
    if (pending && pending.amount === order.totalPrice) return { redirectionUrl: `/gateway/pay/${pending.id}` };
    // a session for another amount (the order was placed again from a changed cart) is never paid
    if (pending) await cancelOpenPayments(tx, order.id);
    const inserted = await tx.insert(payments).values({ id: randomToken(24), orderId: order.id, amount: order.totalPrice })
      .onConflictDoNothing().returning({ id: payments.id });
    const id = inserted[0]?.id ?? (await open())?.id;
    if (!id) throw new ApiError(409, 'OrderError', 'error.order.notPayable', { code: order.code }, order.status);
    return { redirectionUrl: `/gateway/pay/${id}` };
  });
}

export type CallbackOutcome = 'applied' | 'alreadyProcessed';

/**
 * Verifies the signature, then moves the payment and the order once; a repeat changes nothing. The order row is
 * locked first, and a payment is approved only while its order still awaits payment, so two sessions of one order
 * can never both be approved (the partial unique index payments_one_approved_per_order guards it in the database too).
 */
export async function applyCallback(db: Db, secret: string, payload: CallbackPayload, signature: string): Promise<{ outcome: CallbackOutcome; orderCode: string }> {
  if (!verify(secret, payload, signature)) throw new ApiError(400, 'InvalidSignatureError', 'error.payment.invalidSignature');
  return db.transaction(async (tx) => {
    const p = (await tx.select().from(payments).where(eq(payments.id, payload.paymentId)))[0];
    const o = p ? (await tx.select().from(orders).where(eq(orders.id, p.orderId)).for('update'))[0] : undefined;
    if (!p || !o || o.code !== payload.orderCode || p.amount !== payload.amount) throw notFound(payload.paymentId, 'error.payment.unknown');
    if (payload.result === 'APPROVED' && o.status !== 'PAYMENT_PENDING') {
      // the order is no longer payable (paid by another session, or placed again): this session is closed, not approved
      await tx.update(payments).set({ status: 'CANCELLED', completedAt: new Date() })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'PENDING')));
      return { outcome: 'alreadyProcessed' as const, orderCode: o.code };
    }
    const moved = await tx.update(payments).set({ status: payload.result, completedAt: new Date() })
      .where(and(eq(payments.id, payload.paymentId), eq(payments.status, 'PENDING'))).returning({ id: payments.id });
    if (moved.length === 0) return { outcome: 'alreadyProcessed' as const, orderCode: o.code };
    if (payload.result === 'APPROVED') {
      await tx.update(orders).set({ status: 'PAID', paymentStatus: 'PAID', errorType: null })
        .where(and(eq(orders.id, o.id), eq(orders.status, 'PAYMENT_PENDING')));
    } else {
      const errorType = payload.result === 'CARD_LIMIT' ? 'MtsCardLimitError' : 'PaymentDeclinedError';
      const failed = await tx.update(orders).set({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED', errorType })
        .where(and(eq(orders.id, o.id), eq(orders.status, 'PAYMENT_PENDING'))).returning({ id: orders.id });
      if (failed.length) await releaseStock(tx, o.id);
    }
    return { outcome: 'applied' as const, orderCode: o.code };
  });
}

export function orderStatus(ui: UiDocuments, o: OrderRow, lang: Lang) {
  const messageKey = o.errorType === 'MtsCardLimitError' ? 'payment.error.cardLimit' : o.errorType === 'PaymentDeclinedError' ? 'payment.error.declined' : null;
  return { code: o.code, status: o.status, paymentStatus: o.paymentStatus, errorType: o.errorType, message: messageKey ? ui.message(lang, messageKey) : null };
}

export async function confirmationData(db: Db, ui: UiDocuments, o: OrderRow, lang: Lang) {
  const snap = o.snapshot as { entries: EntryRow[]; orderCustomerInfo: unknown; deliveryAddress: unknown };
  const products = await loadEntryProducts(db, snap.entries);
  return {
    order: {
      code: o.code, status: o.status, paymentStatus: o.paymentStatus,
      entries: snap.entries.map((e) => entryView(e, products, ui, lang)),
      orderPrices: orderPrices(snap.entries, products, lang),
      orderCustomerInfo: snap.orderCustomerInfo, deliveryAddress: snap.deliveryAddress,
      paymentMode: { code: o.paymentMode }, totalPrice: money(o.totalPrice, lang), created: o.createdAt.toISOString(),
    },
  };
}
