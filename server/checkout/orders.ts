// submitOrder: one transaction, idempotent per cart, stock decremented with a conditional UPDATE
// (level >= qty) so concurrent orders never oversell; the session gets a fresh cart afterwards.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { carts, consentTemplates, orderLines, orders, stock } from '../db/schema';
import { ApiError, badInput, notFound } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import type { UiDocuments } from '../ui/documents';
import { entriesOf, getOrCreateCart, loadEntryProducts, type CartRow } from '../cart/service';
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
    // A repeat after success: the open cart is the fresh one; answer the order of the previous cart.
    const prev = await tx.select().from(orders).where(eq(orders.sessionId, sessionId)).orderBy(desc(orders.id)).limit(1);
    const prevCart = prev[0] ? (await tx.select().from(carts).where(eq(carts.id, prev[0].cartId)))[0] : undefined;
    // The fresh cart is untouched (version 0) and younger than the ordered one: same submit again.
    if (prev[0] && prevCart && locked.version === 0 && locked.id > prevCart.id) return { cart: prevCart, existing: prev[0] };
    throw new ApiError(400, 'CartError', 'error.cart.empty');
  }
  const existing = (await tx.select().from(orders).where(eq(orders.cartId, locked.id)))[0] ?? null;
  return { cart: locked, existing };
}

/** The cart failed validation at submit: 400 { errors: [{ type: 'CartValidationError', reason, message, subject? }] }. */
export class CartValidationFailure extends Error {
  constructor(readonly errors: Array<{ type: 'CartValidationError'; reason: string; message: string; subject?: string }>) { super('CartValidationError'); }
}

export async function submitOrder(db: Db, ui: UiDocuments, sessionId: string, body: SubmitBody, lang: Lang): Promise<OrderRow> {
  // The cart rules again (seed 000 §4 "A cart-validation error raised on order submit re-runs the handling").
  const open = await getOrCreateCart(db, sessionId);
  const errors = await validateCart(db, ui, open, lang, (await userOfSession(db, sessionId)) === null);
  if (errors.length) throw new CartValidationFailure(errors);
  return db.transaction(async (tx) => {
    const { cart, existing } = await lockCartToOrder(tx, sessionId);
    if (existing) return existing;

    const templates = await tx.select().from(consentTemplates);
    const missing = templates.filter((t) => t.required && body.consents[t.id] !== true);
    if (missing.length > 0) throw badInput('validation.consentRequired', { count: missing.length }, missing.map((m) => m.id).join(','), 'consentRequired');
    for (const id of Object.keys(body.consents)) {
      if (!templates.some((t) => t.id === id)) throw badInput('error.checkout.unknownConsent', { code: id }, id);
    }
    if (!cart.orderCustomerInfo || !cart.deliveryAddress) throw new ApiError(400, 'CartError', 'error.checkout.customerInfoMissing');
    const paymentMode = cart.paymentMode ?? 'CreditCard';
    if (paymentMode !== 'CreditCard') throw badInput('error.checkout.paymentModeNotAllowed', { code: paymentMode }, 'paymentMode');

    const entries = await entriesOf(tx, cart.id);
    const products = await loadEntryProducts(tx, entries);
    for (const e of entries) {
      if (!e.variantCode) continue;
      const updated = await tx.update(stock).set({ level: sql`${stock.level} - ${e.quantity}` })
        .where(and(eq(stock.variantCode, e.variantCode), gte(stock.level, e.quantity))).returning({ level: stock.level });
      if (updated.length === 0) {
        throw new ApiError(409, 'CartValidationError', 'cart.validation.noStock', {}, 'noStock', String(e.entryNumber));
      }
    }
    const total = dueNowAfterVouchers(entries, await vouchersOf(tx, cart.id));
    const card = total > 0;
    const view = await cartView(tx, ui, cart, lang);
    const [order] = await tx.insert(orders).values({
      code: numericCode(10), cartId: cart.id, sessionId,
      status: card ? 'PAYMENT_PENDING' : 'CREATED',
      paymentStatus: card ? 'PENDING' : 'NOT_REQUIRED',
      paymentMode, cardPaymentType: card ? (cart.cardPaymentType ?? DEFAULT_CARD_PAYMENT_TYPE) : null,
      consents: body.consents, sendContractDocsToEmail: body.sendContractDocsToEmail,
      totalPrice: total,
      snapshot: {
        entries: entries.map((e) => ({ ...e })), productCodes: products.map((p) => p.product.code),
        orderCustomerInfo: view.orderCustomerInfo, deliveryAddress: cart.deliveryAddress, deliveryTimeSlot: cart.deliveryTimeSlot,
      },
    }).returning();
    const lines = entries.filter((e) => e.variantCode).map((e) => ({ orderId: order.id, productCode: e.productCode, variantCode: e.variantCode, quantity: e.quantity }));
    if (lines.length) await tx.insert(orderLines).values(lines);
    await tx.update(carts).set({ status: 'ORDERED', updatedAt: new Date() }).where(eq(carts.id, cart.id));
    await tx.insert(carts).values({ code: numericCode(8), sessionId });
    return order;
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
