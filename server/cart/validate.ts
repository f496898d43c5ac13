// Cart validation (seed 000 §4 "Cart validation errors"): run at checkout start (validateCart) and again
// before an order is submitted. Forced charge-type changes, repricing and unavailable coupons are applied
// to the cart (and reported); the other reasons block the checkout until the shopper acts.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { cartEntries, cartVouchers, carts, vouchers } from './schema';
import type { Lang } from '../lib/lang';
import type { UiDocuments } from '../ui/index';
import { currentMonthly, devicePricesById, oneOffPrice, stockLevelsOf, type CatalogProduct, type DevicePricePlan } from '../catalog/index';
import { rulesConfig } from './config';
import { bumpVersion, entriesOf, isGiftEntry, loadEntryProducts, removeEntries, type CartRow, type EntryRow } from './service';
import { vouchersOf } from './view';
import type { CartRecord } from './records';

export type ValidationReason =
  | 'forceChangeOneTime' | 'forceChangeRecurring' | 'noStock' | 'updatedPriceDate'
  | 'notValidPriceAfterDiscounts' | 'conflict' | 'voucherIsNotAvailable' | 'giftRemoved';

export interface ValidationIssue { reason: ValidationReason; messageKey: string; params?: Record<string, string | number>; subject?: string }

type PriceRow = DevicePricePlan;

/** Total price of a device entry (what the coupons discount): one-off price, or down payment + all installments. */
export const deviceTotal = (e: EntryRow) => e.oneTimePrice + (e.monthlyPrice ?? 0) * (e.installments ?? 0);

function pricedAs(e: EntryRow, row: PriceRow, chargeType: 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE') {
  const recurring = chargeType === 'RECURRING_CHARGE';
  return {
    chargeType,
    oneTimePrice: recurring ? row.upfrontPrice : row.oneTimePrice,
    monthlyPrice: recurring ? row.installmentPrice : null,
    oldMonthlyPrice: recurring ? row.oldInstallmentPrice : null,
    installments: recurring ? row.installments : null,
  };
}

/** Switches a device bundle entry to the other charge type at the offer's current prices. */
export async function setEntryChargeType(tx: DbOrTx, e: EntryRow, row: PriceRow, chargeType: 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE'): Promise<void> {
  await tx.update(cartEntries).set(pricedAs(e, row, chargeType)).where(eq(cartEntries.id, e.id));
}

export const canPay = (row: PriceRow, chargeType: string) => chargeType === 'RECURRING_CHARGE'
  ? row.installmentsAvailable && row.installments !== null && row.installmentPrice !== null
  : row.oneTimeAvailable;

async function bundlePrices(tx: DbOrTx, entries: EntryRow[]): Promise<PriceRow[]> {
  const ids = entries.map((e) => e.pricePlanId).filter((x): x is string => !!x);
  return devicePricesById(tx, ids);
}

/** What the checks share: the transaction, the cart, the rules, the issues found so far and the entries' products and offers. */
interface Checking {
  tx: DbOrTx;
  cart: CartRow;
  config: ReturnType<typeof rulesConfig>;
  issues: ValidationIssue[];
  products: Awaited<ReturnType<typeof loadEntryProducts>>;
  /** the product type of an entry ('' when unknown) */
  typeOf: (e: EntryRow) => string;
  /** the device bundle offer an entry was priced from */
  rowOf: (e: EntryRow) => PriceRow | undefined;
}

/** Runs every check on the cart in `tx`; changes the cart where the server decides, answers the issues. */
export async function validateCartRules(tx: DbOrTx, cart: CartRow, opts: { isGuest: boolean }): Promise<ValidationIssue[]> {
  const entries = await entriesOf(tx, cart.id);
  const products = await loadEntryProducts(tx, entries);
  const prices = await bundlePrices(tx, entries);
  const c: Checking = {
    tx, cart, config: rulesConfig(), issues: [], products,
    typeOf: (e) => products.find((p) => p.product.code === e.productCode)?.product.type ?? '',
    rowOf: (e) => prices.find((r) => r.id === e.pricePlanId),
  };
  let changed = await forceChargeTypes(c, entries, opts.isGuest);
  if (await repriceChanged(c)) changed = true;
  if (await checkStock(c, await entriesOf(tx, cart.id))) changed = true;
  const left = await entriesOf(tx, cart.id);
  checkSamePaymentMethod(c, left);
  if (await checkVouchers(c, left)) changed = true;
  if (changed) await bumpVersion(tx, cart.id);
  return c.issues;
}

/** 1. Forced charge-type changes (the offer no longer allows the chosen payment, or guests may not use it). */
async function forceChargeTypes({ tx, config, issues, rowOf }: Checking, entries: EntryRow[], isGuest: boolean): Promise<boolean> {
  let changed = false;
  for (const e of entries) {
    const row = rowOf(e);
    if (!row) continue;
    const guestAllowsRecurring = !isGuest || config.guestChargeTypes.includes('RECURRING_CHARGE');
    const guestAllowsOneTime = !isGuest || config.guestChargeTypes.includes('ONE_TIME_CHARGE');
    if (e.chargeType === 'RECURRING_CHARGE' && (!canPay(row, 'RECURRING_CHARGE') || !guestAllowsRecurring) && canPay(row, 'ONE_TIME_CHARGE')) {
      await setEntryChargeType(tx, e, row, 'ONE_TIME_CHARGE');
      // a guest pays by card, in full (seed 001 §6): said in its own words
      const messageKey = canPay(row, 'RECURRING_CHARGE') ? 'cart.validation.forceChangeOneTimeGuest' : 'cart.validation.forceChangeOneTime';
      issues.push({ reason: 'forceChangeOneTime', messageKey, subject: String(e.entryNumber) });
      changed = true;
    } else if (e.chargeType === 'ONE_TIME_CHARGE' && (!canPay(row, 'ONE_TIME_CHARGE') || !guestAllowsOneTime) && canPay(row, 'RECURRING_CHARGE')) {
      await setEntryChargeType(tx, e, row, 'RECURRING_CHARGE');
      issues.push({ reason: 'forceChangeRecurring', messageKey: 'cart.validation.forceChangeRecurring', subject: String(e.entryNumber) });
      changed = true;
    }
  }
  return changed;
}

/** 2. Prices changed since the entry was priced: reprice at the current catalogue and report once. */
async function repriceChanged({ tx, cart, issues, products, rowOf }: Checking): Promise<boolean> {
  let changed = false;
  for (const e of await entriesOf(tx, cart.id)) {
    const p = products.find((x) => x.product.code === e.productCode);
    if (!p || p.product.priceVersion === e.priceVersion) continue;
    // a gift stays at 0 whatever its value became
    // (unreported, but the entry changed: the cart's version moves like for any other change of its entries)
    if (isGiftEntry(e, p.product.type)) {
      await tx.update(cartEntries).set({ priceVersion: p.product.priceVersion }).where(eq(cartEntries.id, e.id));
      changed = true;
      continue;
    }
    await tx.update(cartEntries).set({ priceVersion: p.product.priceVersion, ...repriced(e, p, rowOf(e)) }).where(eq(cartEntries.id, e.id));
    issues.push({ reason: 'updatedPriceDate', messageKey: 'cart.validation.updatedPriceDate', params: { name: p.product.name }, subject: String(e.entryNumber) });
    changed = true;
  }
  return changed;
}

/** 3. Stock fell below the quantity since adding. A gift that ran out leaves the cart (the shopper is told once, the
 *  order goes on without it); anything else blocks until the shopper acts. */
async function checkStock({ tx, cart, issues, products, typeOf }: Checking, entries: EntryRow[]): Promise<boolean> {
  let changed = false;
  const variants = entries.filter((e) => e.variantCode).map((e) => e.variantCode!);
  const levels = await stockLevelsOf(tx, variants);
  for (const e of entries) {
    if (!e.variantCode) continue;
    const level = levels.get(e.variantCode) ?? 0;
    // named: the shopper has to find the entry to remove it
    const name = products.find((x) => x.product.code === e.productCode)?.product.name;
    if (level < e.quantity && isGiftEntry(e, typeOf(e))) {
      await removeEntries(tx, cart.id, [e.entryNumber]);
      issues.push({ reason: 'giftRemoved', messageKey: 'cart.validation.giftRemoved', params: { name: name ?? e.productCode } });
      changed = true;
      continue;
    }
    if (level < e.quantity) issues.push({ reason: 'noStock', messageKey: name ? 'cart.validation.noStockProduct' : 'cart.validation.noStock', params: name ? { name } : undefined, subject: String(e.entryNumber) });
  }
  return changed;
}

/** 4. The same payment method (one-off or installments) across the devices of the cart. */
function checkSamePaymentMethod({ config, issues, typeOf }: Checking, entries: EntryRow[]): void {
  const paid = entries.filter((e) => (config.samePaymentMethod.productOfferingTypes as readonly string[]).includes(typeOf(e)));
  if (new Set(paid.map((e) => e.chargeType)).size > 1) {
    issues.push({ reason: 'conflict', messageKey: 'cart.validation.conflict' });
  }
}

/** 5. Coupons: disabled / expired ones leave the cart; the device price after the rest must stay valid. */
async function checkVouchers({ tx, cart, config, issues }: Checking, entries: EntryRow[]): Promise<boolean> {
  let changed = false;
  const applied = await vouchersOf(tx, cart.id);
  if (!applied.length) return changed;
  const now = new Date();
  const defs = await tx.select().from(vouchers).where(inArray(vouchers.code, applied.map((v) => v.voucherCode)));
  for (const v of applied) {
    const d = defs.find((x) => x.code === v.voucherCode);
    const gone = !d?.enabled || (d.expiresAt !== null && d.expiresAt <= now) || !entries.some((e) => e.entryNumber === v.entryNumber);
    if (!gone) continue;
    await tx.delete(cartVouchers).where(and(eq(cartVouchers.cartId, cart.id), eq(cartVouchers.voucherCode, v.voucherCode)));
    issues.push({ reason: 'voucherIsNotAvailable', messageKey: 'cart.validation.voucherIsNotAvailable', params: { code: v.voucherCode } });
    changed = true;
  }
  const min = Math.round(config.vouchers.minDevicePriceAfterDiscountsRsd * 100);
  for (const e of entries) {
    const sum = (await vouchersOf(tx, cart.id)).filter((v) => v.entryNumber === e.entryNumber).reduce((n, v) => n + v.value, 0);
    if (sum > 0 && deviceTotal(e) - sum < min) {
      issues.push({ reason: 'notValidPriceAfterDiscounts', messageKey: 'cart.validation.notValidPriceAfterDiscounts', subject: String(e.entryNumber) });
    }
  }
  return changed;
}

function repriced(e: EntryRow, p: CatalogProduct, row: PriceRow | undefined) {
  if (row) return pricedAs(e, row, e.chargeType as 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE');
  if (p.product.type === 'TARIFF' || e.chargeType === 'RECURRING_CHARGE') {
    const m = currentMonthly(p);
    return m ? { monthlyPrice: m.price, oldMonthlyPrice: m.oldPrice } : {};
  }
  const own = oneOffPrice(p);
  return own ? { oneTimePrice: own.price } : {};
}

/** Validation in its own transaction (the cart row locked), messages in the request's language. */
export async function validateCart(db: Db, ui: UiDocuments, cart: CartRecord, lang: Lang, isGuest: boolean) {
  const issues = await db.transaction(async (tx) => {
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cart.id)).for('update');
    return validateCartRules(tx, cart, { isGuest });
  });
  return issues.map((i) => ({ type: 'CartValidationError' as const, reason: i.reason, message: ui.message(lang, i.messageKey, i.params), ...(i.subject ? { subject: i.subject } : {}) }));
}
