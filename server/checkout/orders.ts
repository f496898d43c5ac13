// Orders (the checkout module owns orders, order_lines, consent_templates): the order result and status views, the
// cart to order with its lock, the consent check, and the order row writes. Placing an order, retrying it and paying
// it span modules and are the workflows server/workflows/place-order.ts and payment.ts.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { consentTemplates, orderLines, orders } from './schema';
import { ApiError, badInput, notFound } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import type { BodyOf, ReplyOf, ResponseOf } from '../lib/contract';
import type { Cart } from '../../schemas/types/api.cart';
import type { UiDocuments } from '../ui/index';
import { nextSteps, type NextStepsSnapshot } from './next-steps';
import { cartTotals, entriesOf, entryView, getOrCreateCart, loadEntryProducts, lockCart, orderedCartsSubquery, orderPrices, totalsView, type CartCharge, type CartRecord, type CartTotals, type CartEntryRecord } from '../cart/index';
import type { OrderRecord } from './records';

/** What submit keeps of the cart in `orders.snapshot` (server/workflows/place-order.ts): the entry rows, and the
 *  customer and address as the cart view answered them. */
export interface OrderSnapshot { entries: CartEntryRecord[]; orderCustomerInfo: Cart['orderCustomerInfo']; deliveryAddress: Cart['deliveryAddress'] }
type NewOrder = typeof orders.$inferInsert;
export type OrderValues = Omit<NewOrder, 'id' | 'code' | 'cartId' | 'sessionId' | 'createdAt'>;

/** POST submitOrder's body, as the contract types it. */
export type SubmitBody = BodyOf<'submitOrder'>;

export const DEFAULT_CARD_PAYMENT_TYPE = 'NEW_CARD';

export function orderResult(o: OrderRecord, lang: Lang): ResponseOf<'submitOrder'> {
  const snap = o.snapshot as Pick<OrderSnapshot, 'orderCustomerInfo'>;
  return {
    code: o.code,
    status: o.status,
    paymentInfo: o.cardPaymentType ? { cardPaymentType: o.cardPaymentType, cardId: ((snap as { payment?: { savedCardId?: string | null } }).payment?.savedCardId) ?? null } : null,
    orderCustomerInfo: snap.orderCustomerInfo ?? null,
    confirmationPageType: o.cardPaymentType ? 'CARD_PAYMENT' : 'ORDER',
    totalPrice: money(o.totalPrice, lang),
  };
}

/** The cart to order: the session's open cart, or — on a repeated submit — the cart it just ordered. */
export async function lockCartToOrder(tx: DbOrTx, sessionId: string): Promise<{ cart: CartRecord; existing: OrderRecord | null }> {
  const open = await getOrCreateCart(tx, sessionId);
  const locked = (await lockCart(tx, open.id))!;
  const openEntries = await entriesOf(tx, locked.id);
  if (openEntries.length === 0) {
    // A repeat after success: the open cart is the fresh one; answer the order of the cart ordered last.
    const ordered = orderedCartsSubquery();
    const prev = await tx.select({ o: orders, c: ordered.columns }).from(orders).innerJoin(ordered.table, eq(ordered.columns.id, orders.cartId))
      .where(eq(orders.sessionId, sessionId)).orderBy(desc(ordered.columns.updatedAt), desc(orders.id)).limit(1);
    // The fresh cart is untouched (version 0) and younger than the ordered one: same submit again.
    if (prev[0] && locked.version === 0 && locked.id > prev[0].c.id) return { cart: prev[0].c, existing: prev[0].o };
    throw new ApiError(400, 'CartError', 'error.cart.empty');
  }
  const existing = (await tx.select().from(orders).where(eq(orders.cartId, locked.id)).for('update'))[0] ?? null;
  return { cart: locked, existing };
}

/** The cart failed validation at submit: 400 { errors: [{ type: 'CartValidationError', reason, message, subject? }] }. */
type CartValidationError = { type: 'CartValidationError'; reason: string; message: string; subject?: string };
export class CartValidationFailure extends Error {
  /** The 400 body's errors (the contract's ErrorResponse: at least one). */
  readonly errors: ReplyOf<'submitOrder', 400>['errors'] & CartValidationError[];
  constructor(errors: CartValidationError[]) {
    super('CartValidationError');
    const [first, ...rest] = errors;
    if (!first) throw new Error('CartValidationFailure without an error');
    this.errors = [first, ...rest];
  }
}

/** Every required consent given, and no unknown one (400 ValidationError otherwise). */
export async function checkConsents(tx: DbOrTx, consents: Record<string, boolean>): Promise<void> {
  const templates = await tx.select().from(consentTemplates);
  const missing = templates.filter((t) => t.required && consents[t.id] !== true);
  if (missing.length > 0) throw badInput('validation.consentRequired', { count: missing.length }, missing.map((m) => m.id).join(','), 'consentRequired');
  for (const id of Object.keys(consents)) {
    if (!templates.some((t) => t.id === id)) throw badInput('error.checkout.unknownConsent', { code: id }, id);
  }
}

/** The same lines to pay (stock held per variant and quantity, priced per plan and charge type). */
export function sameLines(a: CartEntryRecord[], b: CartEntryRecord[]): boolean {
  const key = (l: CartEntryRecord[]) => JSON.stringify(l.map((e) => [e.entryNumber, e.productCode, e.variantCode, e.quantity, e.chargeType, e.pricePlanId, e.oneTimePrice]).sort());
  return key(a) === key(b);
}

/** An abandoned payment's order kept as it is, with the consents and snapshot of this submit. */
export async function keepPendingOrder(tx: DbOrTx, orderId: number, values: Pick<OrderValues, 'consents' | 'sendContractDocsToEmail' | 'snapshot' | 'cardPaymentType'>): Promise<OrderRecord> {
  const [same] = await tx.update(orders).set(values).where(eq(orders.id, orderId)).returning();
  return same;
}

/**
 * Writes the order of a submit with its lines: a new order, or the existing one placed again — only from
 * PAYMENT_FAILED with its stock given back (else 409 OrderError notPayable), so stock held for it is held once.
 */
export async function recordOrder(tx: DbOrTx, o: { existing: OrderRecord | null; cartId: number; sessionId: string; values: OrderValues; lines: Array<{ productCode: string; variantCode: string | null; quantity: number }> }): Promise<OrderRecord> {
  let order: OrderRecord;
  if (o.existing) {
    const again = await tx.update(orders).set(o.values).where(and(eq(orders.id, o.existing.id), eq(orders.status, 'PAYMENT_FAILED'), eq(orders.stockReleased, true))).returning();
    if (!again[0]) throw new ApiError(409, 'OrderError', 'error.order.notPayable', { code: o.existing.code }, o.existing.status);
    order = again[0];
    await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
  } else {
    [order] = await tx.insert(orders).values({ ...o.values, code: numericCode(10), cartId: o.cartId, sessionId: o.sessionId }).returning();
  }
  if (o.lines.length) await tx.insert(orderLines).values(o.lines.map((l) => ({ ...l, orderId: order.id })));
  return order;
}

export async function findOrder(db: DbOrTx, sessionId: string, code: string | undefined): Promise<OrderRecord> {
  const rows = code
    ? await db.select().from(orders).where(and(eq(orders.code, code), eq(orders.sessionId, sessionId)))
    : await db.select().from(orders).where(eq(orders.sessionId, sessionId)).orderBy(desc(orders.id)).limit(1);
  if (!rows[0]) throw notFound(code ?? '', 'error.order.unknown');
  return rows[0];
}

/** The order row locked FOR UPDATE (undefined when there is none). */
export async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderRecord | undefined> {
  return (await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'))[0];
}

/** PAYMENT_PENDING → PAID. */
export async function markOrderPaid(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.update(orders).set({ status: 'PAID', paymentStatus: 'PAID', errorType: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PAYMENT_PENDING')));
}

/** PAYMENT_PENDING → PAYMENT_FAILED (DECLINED) with the error type; false when the order was not pending. */
export async function markOrderPaymentFailed(tx: DbOrTx, orderId: number, errorType: 'MtsCardLimitError' | 'PaymentDeclinedError'): Promise<boolean> {
  const failed = await tx.update(orders).set({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED', errorType })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PAYMENT_PENDING'))).returning({ id: orders.id });
  return failed.length > 0;
}

/** A pending order whose cart changed is never paid: PAYMENT_FAILED / DECLINED before it is placed again. */
export async function failOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.update(orders).set({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED' }).where(eq(orders.id, orderId));
}

/** Marks the order's stock as given back, once: its lines the first time, null after. */
export async function markStockReleased(tx: DbOrTx, orderId: number): Promise<Array<typeof orderLines.$inferSelect> | null> {
  const flagged = await tx.update(orders).set({ stockReleased: true }).where(and(eq(orders.id, orderId), eq(orders.stockReleased, false))).returning({ id: orders.id });
  if (flagged.length === 0) return null;
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
}

export function orderStatus(ui: UiDocuments, o: OrderRecord, lang: Lang): ResponseOf<'orderStatus'> {
  const messageKey = o.errorType === 'MtsCardLimitError' ? 'payment.error.cardLimit' : o.errorType === 'PaymentDeclinedError' ? 'payment.error.declined' : null;
  return { code: o.code, status: o.status, paymentStatus: o.paymentStatus, errorType: o.errorType, message: messageKey ? ui.message(lang, messageKey) : null };
}

export async function confirmationData(db: DbOrTx, ui: UiDocuments, o: OrderRecord, lang: Lang): Promise<ResponseOf<'confirmationData'>> {
  type Order = ResponseOf<'confirmationData'>['order'];
  const snap = o.snapshot as Pick<OrderSnapshot, 'entries' | 'orderCustomerInfo' | 'deliveryAddress'> & { deliveryTimeSlot?: Order['deliveryTimeSlot']; homeLine?: Order['homeLine'] };
  const products = await loadEntryProducts(db, snap.entries);
  // the money as the cart showed it at submit; an order placed before the snapshot kept it: its entries and total
  const kept = (o.snapshot as { totals?: CartTotals; charges?: CartCharge[] });
  const computed = cartTotals(snap.entries, [], []);
  const totals = kept.totals ?? { ...computed, discount: Math.max(0, computed.oneTime - o.totalPrice), payNow: o.totalPrice };
  return {
    order: {
      code: o.code, status: o.status, paymentStatus: o.paymentStatus,
      entries: snap.entries.map((e) => entryView(e, products, ui, lang)),
      orderPrices: orderPrices(snap.entries, products, lang),
      orderCustomerInfo: snap.orderCustomerInfo, deliveryAddress: snap.deliveryAddress, deliveryTimeSlot: snap.deliveryTimeSlot ?? null,
      homeLine: snap.homeLine ?? null,
      paymentMode: { code: o.paymentMode }, totals: totalsView(totals, kept.charges ?? [], ui, lang), totalPrice: money(o.totalPrice, lang), created: o.createdAt.toISOString(),
      nextSteps: nextSteps(ui, o.snapshot as NextStepsSnapshot, products.map((p) => p.product.type), o.code, lang),
    },
  };
}
