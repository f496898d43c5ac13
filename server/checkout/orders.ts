// submitOrder: one transaction, idempotent per cart, stock decremented with a conditional UPDATE
// (level >= qty) so concurrent orders never oversell; the session gets a fresh cart afterwards.
// reopenOrder: a failed/abandoned card payment's cart comes back, and submitting it places the same order again.
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { carts, consentTemplates, orderLines, orders, payments, stock } from '../db/schema';
import { ApiError, badInput, notFound } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import type { UiDocuments } from '../ui/documents';
import { entriesOf, getOrCreateCart, loadEntryProducts, type CartRow, type EntryRow } from '../cart/service';
import { cartView, dueNowAfterVouchers, vouchersOf } from '../cart/view';
import { validateCart } from '../cart/validate';
import { userOfSession } from '../user/accounts';

export type OrderRow = typeof orders.$inferSelect;

export interface SubmitBody { consents: Record<string, boolean>; sendContractDocsToEmail: boolean | null }

export const DEFAULT_CARD_PAYMENT_TYPE = 'NEW_CARD';

export function orderResult(o: OrderRow, lang: Lang) {
  const snap = o.snapshot as { orderCustomerInfo?: unknown };
  return {
    code: o.code,
    status: o.status,
    paymentInfo: o.cardPaymentType ? { cardPaymentType: o.cardPaymentType } : null,
    orderCustomerInfo: snap.orderCustomerInfo ?? null,
    confirmationPageType: o.cardPaymentType ? 'CARD_PAYMENT' : 'ORDER',
    totalPrice: money(o.totalPrice, lang),
  };
}

/** The cart to order: the session's open cart, or — on a repeated submit — the cart it just ordered. */
async function lockCartToOrder(tx: DbOrTx, sessionId: string): Promise<{ cart: CartRow; existing: OrderRow | null }> {
  const open = await getOrCreateCart(tx, sessionId);
  const locked = (await tx.select().from(carts).where(eq(carts.id, open.id)).for('update'))[0];
  const openEntries = await entriesOf(tx, locked.id);
  if (openEntries.length === 0) {
    // A repeat after success: the open cart is the fresh one; answer the order of the cart ordered last.
    const prev = await tx.select({ o: orders, c: carts }).from(orders).innerJoin(carts, eq(carts.id, orders.cartId))
      .where(and(eq(orders.sessionId, sessionId), eq(carts.status, 'ORDERED'))).orderBy(desc(carts.updatedAt), desc(orders.id)).limit(1);
    // The fresh cart is untouched (version 0) and younger than the ordered one: same submit again.
    if (prev[0] && locked.version === 0 && locked.id > prev[0].c.id) return { cart: prev[0].c, existing: prev[0].o };
    throw new ApiError(400, 'CartError', 'error.cart.empty');
  }
  const existing = (await tx.select().from(orders).where(eq(orders.cartId, locked.id)).for('update'))[0] ?? null;
  return { cart: locked, existing };
}

/** The cart failed validation at submit: 400 { errors: [{ type: 'CartValidationError', reason, message, subject? }] }. */
export class CartValidationFailure extends Error {
  constructor(readonly errors: Array<{ type: 'CartValidationError'; reason: string; message: string; subject?: string }>) { super('CartValidationError'); }
}

/**
 * Places the order of the session's open cart. One transaction: the cart row (and its order, if any) locked, stock held
 * with a conditional UPDATE, the cart marked ORDERED and a fresh cart opened.
 *
 * A failed or abandoned payment loses nothing (see reopenOrder): the order's cart comes back as the open cart and
 * submitting it again places the SAME order again —
 * - PAYMENT_FAILED (its stock was given back once): the stock is held again, once (the order moves back to
 *   PAYMENT_PENDING only from PAYMENT_FAILED, under the order's row lock; a missing unit is a clean 409 noStock);
 * - PAYMENT_PENDING (the shopper left the gateway page): the same lines and amount keep the order, its stock and its open
 *   gateway session (authorize answers the same redirectionUrl); a changed cart closes that session, gives the stock
 *   back and places the order again from the cart as it is now.
 * A repeat of the same submit (double click, second tab) finds the cart ORDERED and answers the order as it is.
 */
export async function submitOrder(db: Db, ui: UiDocuments, sessionId: string, body: SubmitBody, lang: Lang): Promise<OrderRow> {
  // The cart rules again (seed 000 §4 "A cart-validation error raised on order submit re-runs the handling").
  const open = await getOrCreateCart(db, sessionId);
  const errors = await validateCart(db, ui, open, lang, (await userOfSession(db, sessionId)) === null);
  if (errors.length) throw new CartValidationFailure(errors);
  return db.transaction(async (tx) => {
    const { cart, existing } = await lockCartToOrder(tx, sessionId);
    if (existing && (cart.status !== 'OPEN' || (existing.status !== 'PAYMENT_FAILED' && existing.status !== 'PAYMENT_PENDING'))) return existing;

    const templates = await tx.select().from(consentTemplates);
    const missing = templates.filter((t) => t.required && body.consents[t.id] !== true);
    if (missing.length > 0) throw badInput('validation.consentRequired', { count: missing.length }, missing.map((m) => m.id).join(','), 'consentRequired');
    for (const id of Object.keys(body.consents)) {
      if (!templates.some((t) => t.id === id)) throw badInput('error.checkout.unknownConsent', { code: id }, id);
    }
    if (!cart.orderCustomerInfo || !cart.deliveryAddress) throw new ApiError(400, 'CartError', 'error.checkout.customerInfoMissing');
    const paymentMode = cart.paymentMode ?? 'CreditCard';
    if (paymentMode !== 'CreditCard') throw badInput('error.checkout.paymentModeNotAllowed', { code: paymentMode }, 'paymentMode');

    const closeCart = async () => {
      await tx.update(carts).set({ status: 'ORDERED', updatedAt: new Date() }).where(eq(carts.id, cart.id));
      await tx.insert(carts).values({ code: numericCode(8), sessionId });
    };
    const entries = await entriesOf(tx, cart.id);
    const products = await loadEntryProducts(tx, entries);
    const total = dueNowAfterVouchers(entries, await vouchersOf(tx, cart.id));
    const view = await cartView(tx, ui, cart, lang);
    const snapshot = {
      entries: entries.map((e) => ({ ...e })), productCodes: products.map((p) => p.product.code),
      orderCustomerInfo: view.orderCustomerInfo, deliveryAddress: cart.deliveryAddress, deliveryTimeSlot: cart.deliveryTimeSlot,
    };
    if (existing?.status === 'PAYMENT_PENDING') {
      const before = existing.snapshot as { entries?: EntryRow[] };
      if (existing.totalPrice === total && sameLines(before.entries ?? [], entries)) {
        // an abandoned payment, same lines and amount: the same order, its stock and its open gateway session
        const [same] = await tx.update(orders).set({ consents: body.consents, sendContractDocsToEmail: body.sendContractDocsToEmail, snapshot })
          .where(eq(orders.id, existing.id)).returning();
        await closeCart();
        return same;
      }
      // the cart changed while the payment was open: that session is never paid, the order is placed again below
      await cancelOpenPayments(tx, existing.id);
      await tx.update(orders).set({ status: 'PAYMENT_FAILED', paymentStatus: 'DECLINED' }).where(eq(orders.id, existing.id));
      await releaseStock(tx, existing.id);
    }

    for (const e of entries) {
      if (!e.variantCode) continue;
      const updated = await tx.update(stock).set({ level: sql`${stock.level} - ${e.quantity}` })
        .where(and(eq(stock.variantCode, e.variantCode), gte(stock.level, e.quantity))).returning({ level: stock.level });
      if (updated.length === 0) {
        throw new ApiError(409, 'CartValidationError', 'cart.validation.noStock', {}, 'noStock', String(e.entryNumber));
      }
    }
    const card = total > 0;
    const values = {
      status: card ? 'PAYMENT_PENDING' : 'CREATED',
      paymentStatus: card ? 'PENDING' : 'NOT_REQUIRED',
      errorType: null,
      paymentMode, cardPaymentType: card ? (cart.cardPaymentType ?? DEFAULT_CARD_PAYMENT_TYPE) : null,
      consents: body.consents, sendContractDocsToEmail: body.sendContractDocsToEmail,
      totalPrice: total,
      stockReleased: false,
      snapshot,
    };
    let order: OrderRow;
    if (existing) {
      // placed again: only from PAYMENT_FAILED (its stock given back), so the stock held above is held once
      const again = await tx.update(orders).set(values).where(and(eq(orders.id, existing.id), eq(orders.status, 'PAYMENT_FAILED'), eq(orders.stockReleased, true))).returning();
      if (!again[0]) throw new ApiError(409, 'OrderError', 'error.order.notPayable', { code: existing.code }, existing.status);
      order = again[0];
      await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
    } else {
      [order] = await tx.insert(orders).values({ ...values, code: numericCode(10), cartId: cart.id, sessionId }).returning();
    }
    const lines = entries.filter((e) => e.variantCode).map((e) => ({ orderId: order.id, productCode: e.productCode, variantCode: e.variantCode, quantity: e.quantity }));
    if (lines.length) await tx.insert(orderLines).values(lines);
    await closeCart();
    return order;
  });
}

/** The same lines to pay (stock held per variant and quantity, priced per plan and charge type). */
function sameLines(a: EntryRow[], b: EntryRow[]): boolean {
  const key = (l: EntryRow[]) => JSON.stringify(l.map((e) => [e.entryNumber, e.productCode, e.variantCode, e.quantity, e.chargeType, e.pricePlanId, e.oneTimePrice]).sort());
  return key(a) === key(b);
}

/**
 * "Pokušaj ponovo" after a failed (or abandoned) card payment: the order's cart becomes the session's open cart again,
 * with its entries, customer data, delivery address and payment mode; the untouched fresh cart opened at submit is
 * set aside (ABANDONED). Idempotent (double click, two tabs): the order row is locked and a cart already reopened is
 * answered as it is. A fresh cart the shopper has filled meanwhile is kept: 409 OrderError cartInUse.
 */
export async function reopenOrder(db: Db, sessionId: string, orderCode: string): Promise<CartRow> {
  return db.transaction(async (tx) => {
    const found = await findOrder(tx, sessionId, orderCode);
    const order = (await tx.select().from(orders).where(eq(orders.id, found.id)).for('update'))[0];
    if (order.status !== 'PAYMENT_FAILED' && order.status !== 'PAYMENT_PENDING') {
      throw new ApiError(400, 'OrderError', 'error.order.notRetryable', { code: order.code }, order.status);
    }
    const ordered = (await tx.select().from(carts).where(eq(carts.id, order.cartId)).for('update'))[0];
    if (ordered.status === 'OPEN') return ordered;
    const fresh = await tx.select().from(carts).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'))).for('update');
    for (const c of fresh) {
      if ((await entriesOf(tx, c.id)).length > 0) throw new ApiError(409, 'OrderError', 'error.order.cartInUse', { code: order.code }, 'cartInUse');
    }
    if (fresh.length) await tx.update(carts).set({ status: 'ABANDONED', updatedAt: new Date() }).where(inArray(carts.id, fresh.map((c) => c.id)));
    const [reopened] = await tx.update(carts).set({ status: 'OPEN', updatedAt: new Date() }).where(eq(carts.id, ordered.id)).returning();
    return reopened;
  });
}

export async function findOrder(db: DbOrTx, sessionId: string, code: string | undefined): Promise<OrderRow> {
  const rows = code
    ? await db.select().from(orders).where(and(eq(orders.code, code), eq(orders.sessionId, sessionId)))
    : await db.select().from(orders).where(eq(orders.sessionId, sessionId)).orderBy(desc(orders.id)).limit(1);
  if (!rows[0]) throw notFound(code ?? '', 'error.order.unknown');
  return rows[0];
}

/** Gives back the stock of a failed order, once. */
export async function releaseStock(tx: DbOrTx, orderId: number): Promise<void> {
  const flagged = await tx.update(orders).set({ stockReleased: true }).where(and(eq(orders.id, orderId), eq(orders.stockReleased, false))).returning({ id: orders.id });
  if (flagged.length === 0) return;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  for (const l of lines) {
    if (!l.variantCode) continue;
    await tx.update(stock).set({ level: sql`${stock.level} + ${l.quantity}` }).where(eq(stock.variantCode, l.variantCode));
  }
}

/** Closes the open gateway session(s) of an order: a later callback for them answers alreadyProcessed. */
export async function cancelOpenPayments(tx: DbOrTx, orderId: number): Promise<number> {
  const rows = await tx.update(payments).set({ status: 'CANCELLED', completedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'PENDING'))).returning({ id: payments.id });
  return rows.length;
}
