// Changes to entries already in the cart: insurance on a device, add-ons on a tariff, eSIM on a tariff,
// and the charge type (one-off / installments) of the device bundles.
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { cartEntries } from './schema';
import { ApiError, badInput, notFound } from '../lib/errors';
import {
  addonRequires, devicePricesById, isPrepaidTariff, isReferenced, loadProduct, monthlyFee, oneOffPrice, productEsimOf, productTypeOf, stockLevelsOf,
} from '../catalog/index';
import { bumpVersion, entriesOf, lockOpenCart, removeEntries, type EntryRow } from './service';
import { canPay, setEntryChargeType } from './validate';
import { ADDON_TYPES, rulesConfig } from './config';
import type { CartEntryRecord } from './records';



async function nextEntryNumber(entries: EntryRow[]) {
  return entries.reduce((m, r) => Math.max(m, r.entryNumber + 1), 0);
}

/** PUT addInsurance ?entryNumber&insuranceCode (empty body): the device's insurance (one per device; a new one replaces it). */
export async function addInsurance(db: Db, sessionId: string, entryNumber: number, insuranceCode: string): Promise<EntryRow> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const entries = await entriesOf(tx, cart.id);
    const device = entries.find((e) => e.entryNumber === entryNumber);
    if (!device) throw notFound(String(entryNumber), 'error.cart.unknownEntry');
    if (await productTypeOf(tx, device.productCode) !== 'DEVICE') throw badInput('error.cart.insuranceNeedsDevice', {}, 'entryNumber');
    const ins = await loadProduct(tx, insuranceCode);
    if (ins?.product.type !== 'INSURANCE') throw notFound(insuranceCode, 'error.unknownProduct');
    if (!await isReferenced(tx, device.productCode, insuranceCode, 'INSURANCE')) throw badInput('error.cart.insuranceNotOffered', { code: insuranceCode }, 'insuranceCode');
    // Existing insurance of this device (same bundle) is replaced.
    // one query at a time: a transaction's connection runs one statement at once (PostgreSQL warns otherwise)
    const types: Array<{ e: EntryRow; type: string | null }> = [];
    for (const e of entries) types.push({ e, type: await productTypeOf(tx, e.productCode) });
    const old = types.filter((x) => x.type === 'INSURANCE' && (x.e.parentEntryNumber === entryNumber || (x.e.parentEntryNumber === null && x.e.bundleNo === device.bundleNo)));
    await removeEntries(tx, cart.id, old.map((x) => x.e.entryNumber));
    const [row] = await tx.insert(cartEntries).values({
      cartId: cart.id, entryNumber: await nextEntryNumber(entries), bundleNo: device.bundleNo, productCode: ins.product.code, quantity: 1,
      chargeType: 'RECURRING_CHARGE', pricePlanId: ins.plan?.id ?? null, monthlyPrice: monthlyFee(ins), termMonths: 24,
      priceVersion: ins.product.priceVersion, parentEntryNumber: entryNumber,
    }).returning();
    await bumpVersion(tx, cart.id);
    return row;
  });
}

/** POST addAddon { code, entryNumber }: an add-on (ADDON_POSTPAID, …) on a tariff entry; not twice. */
export async function addAddon(db: Db, sessionId: string, code: string, entryNumber: number): Promise<EntryRow> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const entries = await entriesOf(tx, cart.id);
    const tariff = entries.find((e) => e.entryNumber === entryNumber);
    if (!tariff) throw notFound(String(entryNumber), 'error.cart.unknownEntry');
    if (await productTypeOf(tx, tariff.productCode) !== 'TARIFF') throw badInput('error.cart.addonNeedsTariff', {}, 'entryNumber');
    const addon = await loadProduct(tx, code);
    if (!addon || !ADDON_TYPES.includes(addon.product.type)) throw notFound(code, 'error.unknownProduct');
    if (!addon.plan?.purchasable) throw badInput('error.cart.notPurchasable', { code }, 'code');
    // a prepaid add-on goes with a prepaid package, the other mobile add-ons with a postpaid tariff
    const needs = addonRequires(addon.product.type);
    const tariffProduct = await loadProduct(tx, tariff.productCode);
    const prepaid = tariffProduct ? isPrepaidTariff(tariffProduct.product) : false;
    if (needs === 'PREPAID' && !prepaid) throw badInput('error.cart.addonNeedsPrepaid', { code }, 'entryNumber');
    if (needs === 'POSTPAID' && prepaid) throw badInput('error.cart.addonNeedsPostpaid', { code }, 'entryNumber');
    if (entries.some((e) => e.productCode === code && e.parentEntryNumber === entryNumber)) throw badInput('error.cart.addonAlreadyAdded', { code }, 'code');
    const fee = monthlyFee(addon);
    const [row] = await tx.insert(cartEntries).values({
      cartId: cart.id, entryNumber: await nextEntryNumber(entries), bundleNo: tariff.bundleNo, productCode: code, quantity: 1,
      chargeType: fee !== null ? 'RECURRING_CHARGE' : 'ONE_TIME_CHARGE', pricePlanId: addon.plan.id,
      monthlyPrice: fee, oneTimePrice: fee === null ? (oneOffPrice(addon)?.price ?? 0) : 0,
      priceVersion: addon.product.priceVersion, parentEntryNumber: entryNumber,
    }).returning();
    await bumpVersion(tx, cart.id);
    return row;
  });
}

/** PATCH addEsim { entryNumber, esimOptionSelected }: ESIM_SIM = optional, ESIM = mandatory, NONE = not offered. */
export async function setEsim(db: Db, sessionId: string, entryNumber: number, selected: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const entry = (await entriesOf(tx, cart.id)).find((e) => e.entryNumber === entryNumber);
    if (!entry) throw notFound(String(entryNumber), 'error.cart.unknownEntry');
    const p = await productEsimOf(tx, entry.productCode);
    if (p?.type !== 'TARIFF') throw badInput('error.cart.esimNeedsTariff', {}, 'entryNumber');
    if (p.esim === 'NONE' && selected) throw badInput('error.cart.esimNotOffered', { code: p.code }, 'esimOptionSelected', 'esimNotOffered');
    if (p.esim === 'ESIM' && !selected) throw badInput('error.cart.esimMandatory', { code: p.code }, 'esimOptionSelected', 'esimMandatory');
    await tx.update(cartEntries).set({ esimSelected: selected }).where(eq(cartEntries.id, entry.id));
    await bumpVersion(tx, cart.id);
  });
}

export interface ChargeTypeBody { selectedChargeType: 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE'; isForceChange?: boolean; processValidateErrors?: boolean }

/**
 * PUT changeChargeType: every device bundle entry to the selected charge type at the offer's prices.
 * An offer that does not allow the type refuses the call (400), unless isForceChange, which skips it.
 * Answers the entries that changed.
 */
export async function changeChargeType(db: Db, sessionId: string, body: ChargeTypeBody): Promise<EntryRow[]> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const entries = await entriesOf(tx, cart.id);
    const changed: EntryRow[] = [];
    for (const e of entries) {
      if (!e.pricePlanId || e.chargeType === body.selectedChargeType) continue;
      const [row] = await devicePricesById(tx, [e.pricePlanId]);
      if (!row) {
        // A device without a tariff is sold only at once.
        if (!body.isForceChange && (rulesConfig().samePaymentMethod.productOfferingTypes as readonly string[]).includes(await productTypeOf(tx, e.productCode) ?? '')) {
          throw badInput('error.cart.noInstallments', {}, 'selectedChargeType');
        }
        continue;
      }
      if (!canPay(row, body.selectedChargeType)) {
        if (body.isForceChange) continue;
        throw badInput(body.selectedChargeType === 'RECURRING_CHARGE' ? 'error.cart.noInstallments' : 'error.cart.noOneTime', {}, 'selectedChargeType');
      }
      await setEntryChargeType(tx, e, row, body.selectedChargeType);
      changed.push(e);
    }
    if (changed.length) await bumpVersion(tx, cart.id);
    const after = await entriesOf(tx, cart.id);
    return after.filter((a) => changed.some((c) => c.id === a.id));
  });
}

export interface PackageExtraInput {
  parentEntryNumber: number;
  code: string;
  /** a free add-on: priced 0 (its fee kept as the old price), counted against freeLimit */
  free: boolean;
  /** most free add-ons under the package (checked under the cart row lock) */
  freeLimit: number;
  /** put in by the shop, not chosen (all free add-ons when the limit equals their number; a preselected one that cannot be removed) */
  automatic?: boolean;
  /** product types allowed under the package */
  types: string[];
  /**
   * SUGGESTED_PRODUCTS: a second add raises the line's quantity up to this many units (maxAllowedQuantity) instead of
   * being refused; a product with variants (an accessory) takes its first variant, its stock checked in SQL.
   */
  maxQuantity?: number;
  /** the message of a refused free add-on (default: the package's, tvAddons.error.freeLimit) */
  freeLimitKey?: string;
}

/** Free add-ons of a package entry: priced 0 with their fee as the old price. */
export const isFreeExtra = (e: CartEntryRecord) => e.chargeType === 'RECURRING_CHARGE' && e.monthlyPrice === 0 && e.oldMonthlyPrice !== null;

/** Free units under a parent entry (what the freeAddonsLimit counts). */
export const freeUnitsUnder = (entries: CartEntryRecord[], parentEntryNumber: number) =>
  entries.filter((e) => e.parentEntryNumber === parentEntryNumber && isFreeExtra(e)).reduce((n, e) => n + e.quantity, 0);

/** The extra inserted (or its line raised) in a transaction that holds the cart's row lock. */
async function insertExtra(tx: DbOrTx, cartId: number, entries: EntryRow[], input: PackageExtraInput): Promise<EntryRow> {
  const parent = entries.find((e) => e.entryNumber === input.parentEntryNumber && e.parentEntryNumber === null);
  if (!parent) throw notFound(String(input.parentEntryNumber), 'error.cart.unknownEntry');
  const extra = await loadProduct(tx, input.code);
  if (!extra || !input.types.includes(extra.product.type)) throw notFound(input.code, 'error.unknownProduct');
  if (!extra.plan?.purchasable) throw badInput('error.cart.notPurchasable', { code: input.code }, 'code');
  const line = entries.find((e) => e.productCode === input.code && e.parentEntryNumber === parent.entryNumber);
  if (line && input.maxQuantity === undefined) throw badInput('error.cart.addonAlreadyAdded', { code: input.code }, 'code', 'addonAlreadyAdded');
  const quantity = (line?.quantity ?? 0) + 1;
  if (input.maxQuantity !== undefined && quantity > input.maxQuantity) {
    throw new ApiError(409, 'CartError', 'suggested.error.maxQuantity', { name: extra.product.name, max: input.maxQuantity }, 'maxAllowedQuantity', 'code');
  }
  if (input.free && freeUnitsUnder(entries, parent.entryNumber) >= input.freeLimit) {
    throw new ApiError(409, 'CartError', input.freeLimitKey ?? 'tvAddons.error.freeLimit', { limit: input.freeLimit }, 'freeAddonsLimit', 'code');
  }
  const variant = line?.variantCode ?? extra.variants[0]?.code ?? null;
  if (variant !== null) {
    if (((await stockLevelsOf(tx, [variant])).get(variant) ?? 0) < quantity) throw new ApiError(409, 'CartError', 'suggested.error.noStock', { name: extra.product.name }, 'noStock', 'code');
  }
  if (line) {
    const [raised] = await tx.update(cartEntries).set({ quantity }).where(eq(cartEntries.id, line.id)).returning();
    await bumpVersion(tx, cartId);
    return raised;
  }
  const fee = monthlyFee(extra);
  const [row] = await tx.insert(cartEntries).values({
    cartId, entryNumber: await nextEntryNumber(entries), bundleNo: parent.bundleNo, productCode: extra.product.code, variantCode: variant, quantity: 1,
    chargeType: fee !== null ? 'RECURRING_CHARGE' : 'ONE_TIME_CHARGE', pricePlanId: extra.plan.id, termMonths: fee !== null ? parent.termMonths : null,
    monthlyPrice: fee === null ? null : input.free ? 0 : fee, oldMonthlyPrice: input.free && fee !== null ? fee : null,
    oneTimePrice: fee === null ? (oneOffPrice(extra)?.price ?? 0) : 0,
    automaticallyAdded: input.automatic === true, priceVersion: extra.product.priceVersion, parentEntryNumber: parent.entryNumber,
  }).returning();
  await bumpVersion(tx, cartId);
  return row;
}

/**
 * An add-on or device under a home package or tariff entry (SUGGESTED_TV_ADDONS, SUGGESTED_PRODUCTS): a monthly add-on,
 * a free one (0, its fee as the old price) or a device (one-off). The open cart's row is locked first, so two concurrent
 * requests never take more free add-ons than the limit, nor more units than maxQuantity.
 */
export async function addPackageExtra(db: Db, sessionId: string, input: PackageExtraInput): Promise<CartEntryRecord> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    return insertExtra(tx, cart.id, await entriesOf(tx, cart.id), input);
  });
}

/**
 * The preselected suggestions under a parent entry, put in once (the parent remembers it, so one the shopper took out
 * stays out); under the cart row lock. Free ones beyond the limit are left out. Answers whether anything changed.
 */
export async function applyPreselected(db: Db, sessionId: string, parentEntryNumber: number, items: Array<Omit<PackageExtraInput, 'parentEntryNumber'>>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    let entries = await entriesOf(tx, cart.id);
    const parent = entries.find((e) => e.entryNumber === parentEntryNumber && e.parentEntryNumber === null);
    if (!parent || parent.suggestionsApplied) return false;
    for (const item of items) {
      if (entries.some((e) => e.parentEntryNumber === parentEntryNumber && e.productCode === item.code)) continue;
      if (item.free && freeUnitsUnder(entries, parentEntryNumber) >= item.freeLimit) continue;
      try {
        entries = [...entries, await insertExtra(tx, cart.id, entries, { ...item, parentEntryNumber })];
      } catch (e) {
        // out of stock or no longer purchasable: not preselected
        if (!(e instanceof ApiError)) throw e;
      }
    }
    await tx.update(cartEntries).set({ suggestionsApplied: true }).where(eq(cartEntries.id, parent.id));
    await bumpVersion(tx, cart.id);
    return true;
  });
}
