// Workflow: placing an order and retrying it. Spans cart (validation, the cart to order, closing and reopening it),
// catalog (stock), checkout (orders, consents), numbers (a MOBILE order's number), home (a HOME_* order's home line) and payment (open gateway sessions) — one transaction each.
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput } from '../lib/errors';
import type { Lang } from '../lib/lang';
import type { UiDocuments } from '../ui/index';
import { checkoutState, checkoutStepsOf, flowHasStep, flowOf, requireAllowedFor, type CheckoutType } from '../flows/index';
import { cartSignedIn, cartTotals, cartView, checkoutTypeOf, closeOrderedCart, entriesOf, getOrCreateCart, loadEntryProducts, reopenOrderedCart, validateCart, vouchersOf, type CartRecord, type CartEntryRecord } from '../cart/index';
import { giveBackStock, holdStock } from '../catalog/index';
import {
  CartValidationFailure, DEFAULT_CARD_PAYMENT_TYPE, checkConsents, failOrder, findOrder, keepPendingOrder, lockCartToOrder, lockOrder,
  markStockReleased, recordOrder, sameLines, type OrderRecord, type SubmitBody,
} from '../checkout/index';
import { cancelOpenPayments, cardValid, openBillingAccount, ownBillingAccount, ownSavedCard, paymentChoiceOf } from '../payment/index';
import { offerOfCart } from './payment-choice';
import { assignNumberForOrder, choiceOf, formatMsisdn } from '../numbers/index';
import { holdOrderNumber } from './port-in';
import { syncNumberCharge } from './cart-numbers';
import { sendOrderConfirmation } from './order-mail';
import { HOME_PACKAGE_TYPES, requireHomeSetup } from '../home/index';
import { PREPAID_TYPES, prepaidPurchased } from './prepaid';
import { userOfSession, type User } from '../user/index';

/**
 * Places the order of the session's open cart. One transaction: the cart row (and its order, if any) locked, stock held
 * with a conditional UPDATE, the cart marked ORDERED and a fresh cart opened.
 *
 * A failed or abandoned payment loses nothing (see retryOrder): the order's cart comes back as the open cart and
 * submitting it again places the SAME order again —
 * - PAYMENT_FAILED (its stock was given back once): the stock is held again, once (the order moves back to
 *   PAYMENT_PENDING only from PAYMENT_FAILED, under the order's row lock; a missing unit is a clean 409 noStock);
 * - PAYMENT_PENDING (the shopper left the gateway page): the same lines and amount keep the order, its stock and its open
 *   gateway session (authorize answers the same redirectionUrl); a changed cart closes that session, gives the stock
 *   back and places the order again from the cart as it is now.
 * A repeat of the same submit (double click, second tab) finds the cart ORDERED and answers the order as it is.
 */
export async function submitOrder(db: Db, ui: UiDocuments, sessionId: string, body: SubmitBody, lang: Lang, uiVersion: number | null = ui.version ?? null,
  uiRollout: { id: number; share: number } | null = null): Promise<OrderRecord> {
  // The cart rules again (seed 000 §4 "A cart-validation error raised on order submit re-runs the handling").
  const open = await getOrCreateCart(db, sessionId);
  const errors = await validateCart(db, ui, open, lang, (await userOfSession(db, sessionId)) === null);
  if (errors.length) throw new CartValidationFailure(errors);
  return db.transaction(async (tx) => {
    const { cart, existing } = await lockCartToOrder(tx, sessionId);
    if (existing && (cart.status !== 'OPEN' || (existing.status !== 'PAYMENT_FAILED' && existing.status !== 'PAYMENT_PENDING'))) return existing;

    const basis = await orderBasis(tx, ui, cart, body.consents);
    const pay = await orderPayment(tx, ui, cart, sessionId);
    const priced = await priceOrder(tx, ui, cart, basis, lang);
    // who the order is for: every order carries its customer's name, e-mail and phone (issue 27)
    const orderCustomerInfo = orderCustomer(priced.view.orderCustomerInfo, pay.user, basis.checkoutType);
    const snapshot = orderSnapshot(cart, basis, pay, priced, orderCustomerInfo, lang);
    const order: PlacedOrder = { basis, pay, total: priced.totals.payNow, snapshot };
    if (existing?.status === 'PAYMENT_PENDING') {
      const kept = await keepOrReplacePending(tx, existing, cart.id, sessionId, body, order);
      if (kept) return kept;
    }

    await holdOrderStock(tx, basis.entries);
    const placed = await recordOrder(tx, {
      existing, cartId: cart.id, sessionId, values: orderValues(body, order, uiVersion, uiRollout),
      lines: basis.entries.filter((e) => e.variantCode).map((e) => ({ productCode: e.productCode, variantCode: e.variantCode, quantity: e.quantity })),
    });
    await completeOrder(tx, ui, { cart, sessionId, order: placed, byCard: paidByCard(order), pay, orderCustomerInfo });
    return placed;
  });
}

/** What an order is of: the locked cart's entries, their products and the cart's checkout type. */
type OrderBasis = Awaited<ReturnType<typeof orderBasis>>;
/** How an order is paid (orderPayment). */
type OrderPayment = Awaited<ReturnType<typeof orderPayment>>;
/** What submit has settled before it writes: the basis, the payment, the amount due now and the cart's frozen copy. */
interface PlacedOrder { basis: OrderBasis; pay: OrderPayment; total: number; snapshot: ReturnType<typeof orderSnapshot> }

/** The cart's entries, products and checkout type, checked: allowed for this shopper, the consents given, the customer and address filled in. */
async function orderBasis(tx: DbOrTx, ui: UiDocuments, cart: CartRecord, consents: SubmitBody['consents']) {
  const entries = await entriesOf(tx, cart.id);
  const products = await loadEntryProducts(tx, entries);
  const signedIn = await cartSignedIn(tx, cart);
  const checkoutType = checkoutTypeOf(ui, signedIn, entries, products);
  // a guest may not order what only a signed-in customer may buy (a home package, a postpaid tariff: the flow's signInRequired)
  requireAllowedFor(ui, checkoutType, signedIn);
  await checkConsents(tx, consents);
  if (!cart.orderCustomerInfo || !cart.deliveryAddress) throw new ApiError(400, 'CartError', 'error.checkout.customerInfoMissing');
  return { entries, products, checkoutType };
}

/** The payment mode (one the cart's checkout offers) with what it needs: the customer's own billing account or valid saved card. */
async function orderPayment(tx: DbOrTx, ui: UiDocuments, cart: CartRecord, sessionId: string) {
  // the payment mode must be one the cart's checkout offers (schemas/rules/payment-modes.json), with what it needs
  const offer = await offerOfCart(tx, ui, cart);
  const paymentMode = cart.paymentMode ?? offer.modes[0];
  if (!offer.modes.includes(paymentMode as typeof offer.modes[number])) throw badInput('error.checkout.paymentModeNotAllowed', { code: paymentMode }, 'paymentMode', 'paymentModeNotAllowed');
  const user = await userOfSession(tx, sessionId);
  const choice = await paymentChoiceOf(tx, cart.id);
  let billingAccountId: string | null = null;
  if (paymentMode === 'ChargeGroupAccount') {
    if (!user || !choice.billingAccountId) throw badInput('error.checkout.billingAccountRequired', {}, 'billingAccountId', 'billingAccountRequired');
    billingAccountId = (await ownBillingAccount(tx, user.id, choice.billingAccountId)).id;
  }
  const cardPaymentType = paymentMode === 'CreditCard' ? (cart.cardPaymentType ?? DEFAULT_CARD_PAYMENT_TYPE) : null;
  let savedCardId: string | null = null;
  if (cardPaymentType === 'SAVED_CARD') {
    if (!user || !choice.savedCardId) throw badInput('error.checkout.cardRequired', {}, 'creditCardId', 'cardRequired');
    const card = await ownSavedCard(tx, user.id, choice.savedCardId);
    if (!cardValid(card)) throw badInput('error.checkout.cardExpired', { card: card.lastFour }, 'creditCardId', 'cardExpired');
    savedCardId = card.id;
  }
  return { paymentMode, user, billingAccountId, cardPaymentType, savedCardId };
}

/** The order's number and money: its number held, the one-time charge it brings, the totals and cart view, the home line, every flow step done. */
async function priceOrder(tx: DbOrTx, ui: UiDocuments, cart: CartRecord, { entries, products, checkoutType }: OrderBasis, lang: Lang) {
  const vouchers = await vouchersOf(tx, cart.id);
  // the number of a mobile order (server/numbers): required for MOBILE and HOME_MOBILE (its tariff), a held pool number stays held for the order
  // a prepaid package gets a free pool number held for the order (its activation and, for a guest, registration)
  const prepaid = (PREPAID_TYPES as readonly (string | null)[]).includes(checkoutType);
  const msisdn = prepaid ? await assignNumberForOrder(tx, cart.id) : null;
  // the flows say which types choose a number (CONNECT_MSISDN) and which set up a home line (CONNECT_HOME_DATA)
  if (!prepaid) await holdOrderNumber(tx, cart.id, flowHasStep(ui, checkoutType, 'CONNECT_MSISDN'));
  // the number held for the order decides its one-time charge (a nice number's price); the order charges what the
  // cart view shows — one computation, server/cart/view.ts cartTotals (issue 27)
  const charges = await syncNumberCharge(tx, cart.id);
  const totals = cartTotals(entries, vouchers, charges);
  const view = await cartView(tx, ui, { ...cart, oneTimeCharges: charges }, lang);
  // a home order needs its home-line setup, still valid for the packages in the cart (server/home)
  const homeLine = flowHasStep(ui, view.checkoutType, 'CONNECT_HOME_DATA')
    ? await requireHomeSetup(tx, (k, p) => ui.message(lang, k, p), cart.id, products.filter((p) => HOME_PACKAGE_TYPES.includes(p.product.type)).map((p) => p.product.code))
    : null;
  // every step the checkout type's flow declares (schemas/flows/) done, as the step guard reads it (each step's
  // doneWhen): an order is never placed without what its contract needs — the personal data of a postpaid or home
  // contract, the delivery contact, the prepaid e-mail verification — even when its calls skipped a step (issue 27)
  await requireStepsDone(tx, ui, checkoutType, view, cart.id, lang);
  // the order's number, for what happens next (server/checkout/next-steps.ts): the pool number a prepaid order got,
  // else the cart's choice
  const chosen = msisdn ? null : (await choiceOf(tx, cart.id)).choice;
  const number = msisdn ? { option: 'PREPAID', msisdn, formatted: formatMsisdn(msisdn) }
    : chosen ? { option: chosen.option, msisdn: chosen.msisdn, formatted: chosen.msisdnFormatted } : null;
  return { vouchers, msisdn, charges, totals, view, homeLine, number };
}

/** The cart frozen into the order (orders.snapshot): entries, number, customer, address, payment and the money as shown. */
function orderSnapshot(cart: CartRecord, { entries, products }: OrderBasis, pay: OrderPayment, priced: Awaited<ReturnType<typeof priceOrder>>,
  orderCustomerInfo: Record<string, unknown>, lang: Lang) {
  const { msisdn, homeLine, totals, charges, vouchers } = priced;
  return {
    entries: entries.map((e) => ({ ...e })), productCodes: products.map((p) => p.product.code), number: priced.number,
    orderCustomerInfo, deliveryAddress: cart.deliveryAddress, deliveryTimeSlot: cart.deliveryTimeSlot,
    payment: { billingAccountId: pay.billingAccountId, savedCardId: pay.savedCardId },
    checkoutType: priced.view.checkoutType, lang, ...(msisdn ? { msisdn } : {}), ...(homeLine ? { homeLine } : {}),
    // the money as the shopper saw it (cart view `totals`): the confirmation shows it again
    totals, charges, vouchers: vouchers.map((v) => ({ voucherCode: v.voucherCode, value: v.value, entryNumber: v.entryNumber })),
  };
}

/**
 * A resubmit while the order's card payment is open: the same lines, amount and mode keep the order, its stock and its
 * open gateway session (answered); a changed cart cancels that session, fails the order and gives its stock back (null:
 * the order is placed again).
 */
async function keepOrReplacePending(tx: DbOrTx, existing: OrderRecord, cartId: number, sessionId: string, body: SubmitBody, order: PlacedOrder): Promise<OrderRecord | null> {
  const { paymentMode, cardPaymentType } = order.pay;
  const before = existing.snapshot as { entries?: CartEntryRecord[] };
  if (existing.totalPrice === order.total && sameLines(before.entries ?? [], order.basis.entries) && existing.paymentMode === paymentMode && order.total > 0 && paymentMode === 'CreditCard') {
    // an abandoned payment, same lines, amount and mode: the same order, its stock and its open gateway session
    // (another card type or card opens another session at authorize)
    const same = await keepPendingOrder(tx, existing.id, { consents: body.consents, sendContractDocsToEmail: body.sendContractDocsToEmail, snapshot: order.snapshot, cardPaymentType });
    await closeOrderedCart(tx, cartId, sessionId);
    return same;
  }
  // the cart changed while the payment was open: that session is never paid, the order is placed again
  await cancelOpenPayments(tx, existing.id);
  await failOrder(tx, existing.id);
  await releaseOrderStock(tx, existing.id);
  return null;
}

/** Holds the stock of every device entry (a conditional UPDATE each); a missing unit is 409 noStock naming the entry. */
async function holdOrderStock(tx: DbOrTx, entries: CartEntryRecord[]): Promise<void> {
  for (const e of entries) {
    if (!e.variantCode) continue;
    if (!(await holdStock(tx, e.variantCode, e.quantity))) {
      throw new ApiError(409, 'CartValidationError', 'cart.validation.noStock', {}, 'noStock', String(e.entryNumber));
    }
  }
}

/** Whether the order waits for a card payment at the gateway (an amount due now, paid by card). */
function paidByCard({ pay, total }: PlacedOrder): boolean {
  return total > 0 && pay.paymentMode === 'CreditCard';
}

/** The order row's values: by card it waits for the payment, else it is placed as it is (monthly bill, on delivery, or nothing to pay). */
function orderValues(body: SubmitBody, order: PlacedOrder, uiVersion: number | null, uiRollout: { id: number; share: number } | null): Parameters<typeof recordOrder>[1]['values'] {
  const { pay, total, snapshot } = order;
  const card = paidByCard(order);
  // not by card: the order is placed as it is — on the customer's monthly bill (an existing one, or a new one opened
  // with the order), or paid on delivery; nothing to pay now when the total is zero
  const paymentStatus = card ? 'PENDING' : total === 0 ? 'NOT_REQUIRED' : pay.paymentMode === 'Delivery' ? 'ON_DELIVERY' : 'MONTHLY_BILL';
  return {
    status: card ? 'PAYMENT_PENDING' : 'CREATED',
    paymentStatus,
    errorType: null,
    paymentMode: pay.paymentMode, cardPaymentType: card ? pay.cardPaymentType : null,
    consents: body.consents, sendContractDocsToEmail: body.sendContractDocsToEmail,
    totalPrice: total,
    stockReleased: false,
    snapshot,
    // the published version of the UI documents the shopper ordered under (issue 29; null: served from files)
    uiVersionId: uiVersion,
    // and the partial rollout that served it to this session, with its share (null: the live version)
    uiRolloutId: uiRollout?.id ?? null,
    uiRolloutShare: uiRollout?.share ?? null,
  };
}

/** After the order is written: a new monthly-bill account opened for it, the purchase completed when there is no card to pay, the cart closed. */
async function completeOrder(tx: DbOrTx, ui: UiDocuments, placed: { cart: CartRecord; sessionId: string; order: OrderRecord; byCard: boolean; pay: OrderPayment; orderCustomerInfo: Record<string, unknown> }): Promise<void> {
  const { cart, order, pay: { paymentMode, user }, orderCustomerInfo } = placed;
  if (paymentMode === 'ChargeNewGroupAccount' && user) {
    const info = orderCustomerInfo as Record<string, unknown> as Record<string, string | undefined>;
    await openBillingAccount(tx, user.id, order.code, {
      name: [info.firstName ?? user.firstName, info.lastName ?? user.lastName].join(' '),
      email: info.contactEmail ?? user.email ?? '', address: (cart.deliveryAddress?.formattedAddress as string | undefined) ?? '',
    });
  }
  // nothing to pay by card: the purchase is complete now (a paid one completes at the gateway's approval, workflows/payment.ts)
  if (!placed.byCard) {
    await sendOrderConfirmation(tx, ui, order);
    await prepaidPurchased(tx, ui, order);
  }
  await closeOrderedCart(tx, cart.id, placed.sessionId);
}

/** 400 CartError stepNotDone naming the first step of the flow whose doneWhen does not hold for the cart (subject: its code). */
async function requireStepsDone(tx: DbOrTx, ui: UiDocuments, type: CheckoutType, view: object, cartId: number, lang: Lang): Promise<void> {
  const open = checkoutStepsOf(flowOf(ui, type), await checkoutState(tx, view, cartId)).find((s) => !s.done);
  if (open) throw new ApiError(400, 'CartError', 'error.checkout.stepNotDone', { step: ui.message(lang, `checkout.stepCode.${open.code}`) }, 'stepNotDone', open.code);
}

/** A phone as the contact-phone field holds it (seed 000 §5: the digits after +381, first digit 1–9), or '' . */
function localPhone(raw: string | null | undefined): string {
  let d = (raw ?? '').replace(/\D/g, '');
  if (d.startsWith('381')) d = d.slice(3);
  d = d.replace(/^0+/, '');
  return /^[1-9]\d{6,9}$/.test(d) ? d : '';
}

/**
 * Who the order is for (issue 27 "every order has its customer"): the cart's customer data (the guest data, or the
 * personal-data and delivery steps of a signed-in checkout), with what is still empty taken from the signed-in
 * customer's account — name, e-mail, and as phone the delivery contact, else the personal-data step's mobile number,
 * else the account's phone. Without a name, an e-mail or (except a prepaid guest, whose phone is the number bought) a
 * phone the order is not placed: 400 customerInfoMissing.
 */
export function orderCustomer(info: Record<string, unknown> | null, user: User | null, type: CheckoutType): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(info ?? {}) };
  const empty = (k: string) => typeof out[k] !== 'string' || (out[k] as string).trim() === '';
  const own: Record<string, string> = user ? { firstName: user.firstName, lastName: user.lastName, contactEmail: user.email ?? '' } : {};
  for (const [k, v] of Object.entries(own)) if (empty(k) && v) out[k] = v;
  if (empty('contactPhone')) {
    const phone = localPhone(typeof out.msisdn === 'string' ? out.msisdn : null) || localPhone(user?.contactPhoneNumber);
    if (phone) out.contactPhone = phone;
  }
  const needed = ['firstName', 'lastName', 'contactEmail', ...(type === 'MOBILE_PREPAID_GUEST' ? [] : ['contactPhone'])];
  const missing = needed.find(empty);
  if (missing) throw new ApiError(400, 'CartError', 'error.checkout.customerInfoMissing', {}, 'customerInfoMissing', `orderCustomerInfo/${missing}`);
  return out;
}

/**
 * "Pokušaj ponovo" after a failed (or abandoned) card payment: the order's cart becomes the session's open cart again,
 * with its entries, customer data, delivery address and payment mode; the untouched fresh cart opened at submit is
 * set aside (ABANDONED). Idempotent (double click, two tabs): the order row is locked and a cart already reopened is
 * answered as it is. A fresh cart the shopper has filled meanwhile is kept: 409 OrderError cartInUse.
 */
export async function retryOrder(db: Db, sessionId: string, orderCode: string): Promise<CartRecord> {
  return db.transaction(async (tx) => {
    const found = await findOrder(tx, sessionId, orderCode);
    const order = (await lockOrder(tx, found.id))!;
    if (order.status !== 'PAYMENT_FAILED' && order.status !== 'PAYMENT_PENDING') {
      throw new ApiError(400, 'OrderError', 'error.order.notRetryable', { code: order.code }, order.status);
    }
    return reopenOrderedCart(tx, sessionId, order.cartId, () => new ApiError(409, 'OrderError', 'error.order.cartInUse', { code: order.code }, 'cartInUse'));
  });
}

/** Gives back the stock of a failed order, once (checkout flags the order, the catalogue takes the units back). */
export async function releaseOrderStock(tx: DbOrTx, orderId: number): Promise<void> {
  const lines = await markStockReleased(tx, orderId);
  for (const l of lines ?? []) {
    if (l.variantCode) await giveBackStock(tx, l.variantCode, l.quantity);
  }
}
