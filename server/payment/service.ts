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
import { findOrder, releaseStock, type OrderRow } from '../checkout/orders';
import { verify, type CallbackPayload } from './signature';

export async function authorizePayment(db: Db, sessionId: string, orderCode: string): Promise<{ redirectionUrl: string }> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, sessionId, orderCode);
    if (order.status !== 'PAYMENT_PENDING') throw new ApiError(400, 'OrderError', 'error.order.notPayable', { code: order.code }, order.status);
    const pending = await tx.select().from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'PENDING')));
    const id = pending[0]?.id ?? (await tx.insert(payments).values({ id: randomToken(24), orderId: order.id, amount: order.totalPrice }).returning())[0].id;
    return { redirectionUrl: `/gateway/pay/${id}` };
  });
}

export type CallbackOutcome = 'applied' | 'alreadyProcessed';

/** Verifies the signature, then moves the payment and the order once; a repeat changes nothing. */
export async function applyCallback(db: Db, secret: string, payload: CallbackPayload, signature: string): Promise<{ outcome: CallbackOutcome; orderCode: string }> {
  if (!verify(secret, payload, signature)) throw new ApiError(400, 'InvalidSignatureError', 'error.payment.invalidSignature');
  return db.transaction(async (tx) => {
    const rows = await tx.select({ p: payments, o: orders }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.id, payload.paymentId));
    const row = rows[0];
    if (!row || row.o.code !== payload.orderCode || row.p.amount !== payload.amount) throw notFound(payload.paymentId, 'error.payment.unknown');
    const moved = await tx.update(payments).set({ status: payload.result, completedAt: new Date() })
      .where(and(eq(payments.id, payload.paymentId), eq(payments.status, 'PENDING'))).returning({ id: payments.id });
    if (moved.length === 0) return { outcome: 'alreadyProcessed' as const, orderCode: row.o.code };
    if (payload.result === 'APPROVED') {
      await tx.update(orders).set({ status: 'PAID', paymentStatus: 'PAID', errorType: null })
        .where(and(eq(orders.id, row.o.id), eq(orders.status, 'PAYMENT_PENDING')));
    } else {
      const errorType = payload.result === 'CARD_LIMIT' ? 'MtsCardLimitError' : 'PaymentDeclinedError';
      const failed = await tx.update(orders).set({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED', errorType })
        .where(and(eq(orders.id, row.o.id), eq(orders.status, 'PAYMENT_PENDING'))).returning({ id: orders.id });
      if (failed.length) await releaseStock(tx, row.o.id);
    }
    return { outcome: 'applied' as const, orderCode: row.o.code };
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
