// The Cart / Entry shapes of schemas/api/cart.json (seed 000 §3), money formatted per request language.
import type { DbOrTx } from '../db/index';
import type { Lang } from '../lib/lang';
import { money, moneyOrNull } from '../lib/money';
import type { UiDocuments } from '../ui/index';
import { stockLevelStatus, type CatalogProduct } from '../catalog/index';
import { entriesOf, loadEntryProducts, type CartRow, type EntryRow } from './service';
import { cartVouchers, type CartCharge } from './schema';
import { eq } from 'drizzle-orm';
import { userIdOfSession } from '../user/index';
import { ADDON_TYPES } from './config';
import type { CatalogSnapshot } from '../catalog/index';
import { HOME_PACKAGE_TYPES } from '../home/index';
import { checkoutTypeFor, contractDataRequiredFor, type CartFacts, type CheckoutType } from '../flows/index';
import type { Cart, Entry } from '../../schemas/types/api.cart';
import type { CartRecord, CartEntryRecord } from './records';

export type AppliedVoucher = typeof cartVouchers.$inferSelect;

export async function vouchersOf(db: DbOrTx, cartId: number): Promise<AppliedVoucher[]> {
  return db.select().from(cartVouchers).where(eq(cartVouchers.cartId, cartId)).orderBy(cartVouchers.createdAt, cartVouchers.voucherCode);
}

/**
 * THE money of a cart (issue 27), in para: every total the shopper sees — the cart view (phone page summary, mini cart,
 * cart, checkout overview), the order (its totalPrice, the amount the gateway charges, the success page) — is this.
 * - oneTime: the entries' one-time prices (device price or down payment, one-off tariffs and goods);
 * - charges: the cart's other one-time charges (a nice number's price, `carts.one_time_charges`);
 * - discount: the EKO coupons, never more than what they discount;
 * - payNow = oneTime + charges − discount (never below zero): charged now (by card) or due on the bill / on delivery;
 * - monthly: the entries' monthly prices now (installments, tariffs with their promotional price, add-ons, insurance).
 */
export interface CartTotals { oneTime: number; charges: number; discount: number; payNow: number; monthly: number }

export function cartTotals(entries: CartEntryRecord[], vouchers: Array<Pick<AppliedVoucher, 'value'>>, charges: CartCharge[]): CartTotals {
  const oneTime = amountDueNow(entries);
  const extra = charges.reduce((n, c) => n + c.price, 0);
  const discount = Math.min(vouchers.reduce((n, v) => n + v.value, 0), oneTime + extra);
  const monthly = entries.reduce((n, e) => n + (e.monthlyPrice ?? 0) * e.quantity, 0);
  return { oneTime, charges: extra, discount, payNow: oneTime + extra - discount, monthly };
}

/** Para due now after the coupons and with the cart's one-time charges (cartTotals' payNow). */
export const dueNowAfterVouchers = (entries: EntryRow[], vouchers: Array<Pick<AppliedVoucher, 'value'>>, charges: CartCharge[] = []) =>
  cartTotals(entries, vouchers, charges).payNow;

/** The Cart's `totals` (schemas/api/cart.json CartTotals) of cartTotals. */
export function totalsView(t: CartTotals, charges: CartCharge[], ui: UiDocuments, lang: Lang): Cart['totals'] {
  return {
    oneTime: money(t.oneTime, lang),
    charges: charges.map((c) => ({ code: c.code, name: ui.message(lang, `cart.charge.${c.code}`, { msisdn: c.msisdnFormatted }), msisdn: c.msisdn, price: money(c.price, lang) })),
    discount: money(t.discount, lang),
    payNow: money(t.payNow, lang),
    monthly: money(t.monthly, lang),
  };
}

/** Is the cart a signed-in customer's? Stamped with the user, or of a session signed in (a cart made after sign-in
 *  is not stamped). A session never changes its user, so the cached view stays right. */
export async function cartSignedIn(db: DbOrTx, cart: CartRecord): Promise<boolean> {
  if (cart.userId !== null) return true;
  return (await userIdOfSession(db, cart.sessionId)) !== null;
}

/** What the rules of schemas/rules/checkout-types.json look at: who is signed in, each entry's product type and categories. */
function cartFacts(signedIn: boolean, entries: EntryRow[], products: CatalogProduct[]): CartFacts {
  return {
    signedIn,
    entries: entries.map((e) => {
      const p = products.find((x) => x.product.code === e.productCode)?.product;
      return { type: p?.type ?? '', categories: p?.categories ?? [] };
    }),
  };
}

/** The cart's checkout type by the rules of schemas/rules/checkout-types.json (server/flows/checkout-type.ts). */
export function checkoutTypeOf(ui: UiDocuments, signedIn: boolean, entries: CartEntryRecord[], products: CatalogProduct[]): CheckoutType {
  return checkoutTypeFor(ui, cartFacts(signedIn, entries, products));
}

/** Whether the cart needs the contract's personal data and ID document ("contractData" of checkout-types.json). */
export function contractDataRequiredOf(ui: UiDocuments, signedIn: boolean, entries: EntryRow[], products: CatalogProduct[]): boolean {
  return contractDataRequiredFor(ui, cartFacts(signedIn, entries, products));
}

export function entryView(e: CartEntryRecord, products: CatalogProduct[], ui: UiDocuments, lang: Lang, vouchers: AppliedVoucher[] = []): Entry {
  const p = products.find((x) => x.product.code === e.productCode)!;
  const v = e.variantCode ? p.variants.find((x) => x.code === e.variantCode) : undefined;
  const images = v?.images.slice(0, 1) ?? [];
  const monthlyTotal = e.monthlyPrice !== null ? e.monthlyPrice * e.quantity : null;
  const promo = e.oldMonthlyPrice !== null && (p.product.type === 'TARIFF' || HOME_PACKAGE_TYPES.includes(p.product.type)) ? (p.plan?.charges.find((c) => c.oldPrice !== null)?.cycleEnd ?? null) : null;
  return {
    entryNumber: e.entryNumber,
    quantity: e.quantity,
    bundleNo: e.bundleNo,
    chargeType: e.chargeType,
    processType: e.processType,
    product: {
      code: v?.code ?? p.product.code,
      name: p.product.name,
      description: p.product.description[lang],
      images,
      brands: [{ name: p.product.brand }],
      esim: p.product.esim,
      productOfferingType: p.product.type,
      stock: v ? { stockLevelStatus: stockLevelStatus(v.stockLevel), stockLevel: Math.max(v.stockLevel, 0) } : { stockLevelStatus: 'inStock', stockLevel: null },
      isRemovableEntry: !e.automaticallyAdded,
      baseProduct: v ? p.product.code : p.product.parentCode,
      tmaPoVariantOptions: v ? [{ code: 'color', value: v.colorName[lang], colorCode: v.colorCode, colorHex: v.colorHex, image: images[0] ?? null }] : [],
      allCategories: p.product.categories,
    },
    monthlyPrice: e.monthlyPrice !== null ? {
      price: money(e.monthlyPrice, lang),
      oldPrice: moneyOrNull(e.oldMonthlyPrice, lang),
      installments: e.installments,
      promoPeriod: promo,
      promotionalText: promo ? ui.message(lang, 'cart.entry.promotionalText', { months: promo }) : null,
      shortPromotionalText: promo ? ui.message(lang, 'cart.entry.shortPromotionalText', { months: promo }) : null,
    } : null,
    oneTimePrice: money(e.oneTimePrice, lang),
    totalPrice: money(e.oneTimePrice * e.quantity, lang),
    totalOneTimePrice: money(e.oneTimePrice * e.quantity, lang),
    totalMonthlyPrice: moneyOrNull(monthlyTotal, lang),
    subscriptionTerm: e.termMonths !== null && p.product.type !== 'INSURANCE'
      ? { name: ui.message(lang, 'cart.term', { count: e.termMonths }), termOfServiceNumber: e.termMonths } : null,
    installments: e.installments,
    insuranceOptionSelected: p.product.type === 'INSURANCE',
    esimOptionSelected: e.esimSelected,
    voucherOptionSelected: vouchers.some((v) => v.entryNumber === e.entryNumber),
    automaticallyAdded: e.automaticallyAdded,
    priceVersion: e.priceVersion,
    parentEntryNumber: e.parentEntryNumber,
  };
}

export type EntryView = Entry;

export function orderPrices(entries: CartEntryRecord[], products: CatalogProduct[], lang: Lang): Cart['orderPrices'] {
  let serviceOne = 0, serviceMonthly = 0, deviceMonthly = 0, deviceOne = 0;
  for (const e of entries) {
    const type = products.find((p) => p.product.code === e.productCode)?.product.type;
    // services: the tariff, the device insurance and the tariff's add-ons (ADDON_TYPES); the rest is devices and goods
    const isService = type === 'TARIFF' || type === 'INSURANCE' || (type !== undefined && (ADDON_TYPES.includes(type) || HOME_PACKAGE_TYPES.includes(type)));
    if (isService) { serviceOne += e.oneTimePrice * e.quantity; serviceMonthly += (e.monthlyPrice ?? 0) * e.quantity; }
    else { deviceOne += e.oneTimePrice * e.quantity; deviceMonthly += (e.monthlyPrice ?? 0) * e.quantity; }
  }
  return {
    totalServiceOneTimePrice: money(serviceOne, lang),
    totalServiceMonthlyPrice: money(serviceMonthly, lang),
    totalDeviceMonthlyPrice: money(deviceMonthly, lang),
    totalDeviceOneTimePrice: money(deviceOne, lang),
  };
}

/** Para charged now (by card): every one-time price. */
export const amountDueNow = (entries: EntryRow[]) => entries.reduce((n, e) => n + e.oneTimePrice * e.quantity, 0);

/**
 * The Cart shape. With the catalogue read model (`cat`) the products come from memory and the answer is kept per
 * (cart row, language) in that snapshot: every change of the entries or coupons bumps the cart's version (and
 * updatedAt), any other change of the cart row changes the row itself, and a change of one of its products drops it (the
 * catalogue model's delta, server/catalog/model.ts).
 */
export async function cartView(db: DbOrTx, ui: UiDocuments, cart: CartRecord, lang: Lang, cat?: CatalogSnapshot, known?: KnownCart): Promise<Cart> {
  if (!cat) return computeCartView(db, ui, cart, lang);
  const key = `${lang}|${JSON.stringify(cart)}`;
  const hit = cat.cartViews.get(key);
  if (hit) return hit;
  const view = await computeCartView(db, ui, cart, lang, cat, known);
  cat.keepCartView(key, view); // kept until one of its products changes (bounded)
  return view;
}

/** What the caller has just read or written of exactly this cart row (add to cart): the view then asks nothing. */
export interface KnownCart { entries: EntryRow[]; vouchers?: AppliedVoucher[]; signedIn?: boolean }

async function computeCartView(db: DbOrTx, ui: UiDocuments, cart: CartRow, lang: Lang, cat?: CatalogSnapshot, known?: KnownCart): Promise<Cart> {
  const entries = known?.entries ?? await entriesOf(db, cart.id);
  const products = await loadEntryProducts(db, entries, cat);
  const vouchers = known?.vouchers ?? await vouchersOf(db, cart.id);
  const views = entries.map((e) => entryView(e, products, ui, lang, vouchers));
  const totals = cartTotals(entries, vouchers, cart.oneTimeCharges);
  const customer = cart.orderCustomerInfo;
  const address = cart.deliveryAddress;
  const signedIn = entries.length ? known?.signedIn ?? await cartSignedIn(db, cart) : false;
  const checkoutType = entries.length ? checkoutTypeOf(ui, signedIn, entries, products) : null;
  return {
    code: cart.code,
    version: cart.version,
    checkoutType,
    checkoutSignInRequired: checkoutType !== null && (ui.flowFor(checkoutType)?.json as { signInRequired?: boolean } | undefined)?.signInRequired === true,
    contractDataRequired: contractDataRequiredOf(ui, signedIn, entries, products),
    entries: views,
    totalUnitCount: entries.reduce((n, e) => n + e.quantity, 0),
    totalItems: entries.length,
    appliedVouchers: vouchers.map((v) => ({ voucherCode: v.voucherCode, value: money(v.value, lang), entryNumber: v.entryNumber })),
    paymentMode: cart.paymentMode ? { code: cart.paymentMode } : null,
    paymentInfo: cart.cardPaymentType ? { cardPaymentType: cart.cardPaymentType, cardId: null } : null,
    // the guest data, or the checkout user data of the personal-data step (seed 001 §3) and the delivery step's contact
    orderCustomerInfo: customer ? {
      ...customer,
      addressInfo: { formattedAddress: address?.formattedAddress ?? '' },
    } : null,
    deliveryAddress: address ?? null,
    // the delivery choice (seed 001 §9 delivery options) is kept with the address; a guest's typed address is a new one
    deliveryAddressType: address ? (address.deliveryAddressType ?? 'DELIVERY_ADDRESS_NEW') : null,
    deliveryTimeSlot: cart.deliveryTimeSlot,
    esimOptionSelected: entries.some((e) => e.esimSelected),
    orderPrices: orderPrices(entries, products, lang),
    totals: totalsView(totals, cart.oneTimeCharges, ui, lang),
    totalPrice: money(totals.payNow, lang),
  };
}
