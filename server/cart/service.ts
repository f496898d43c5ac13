// Cart use cases: open cart per session, add tariff, add bundle (device + tariff or device alone),
// delete entry / cart. Each mutation runs in one transaction and bumps the cart version.
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/index';
import { cartEntries, cartVouchers, carts } from './schema';
import { ApiError, badInput, invalidToken, notFound } from '../lib/errors';
import { loadProducts, monthlyFee, oneOffPrice, currentMonthly, productKindSql, productKindsOf, referencesTo, type CatalogProduct } from '../catalog/index';
import type { CatalogSnapshot } from '../catalog/index';
import type { AddCandidate } from './rules';
import { userOfSession } from '../user/index';
import { isLiveSession, liveSessionExistsSql, liveSessionSubquery } from '../user/index';
import { ageFromJmbg } from '../user/index';
import { HOME_PACKAGE_TYPES } from '../home/index';

import { applyAdd, type AddDraft, type AddResult, type EntryDraft } from './add';
import { DEFAULT_MAX_PROMO_QUANTITY, bumpVersion, entriesOf, insertOpenCart, isGiftEntry, removeEntries, type EntryRow } from './rows';
import type { CartRecord, CartEntryRecord } from './records';

export type { AddResult } from './add';
export {
  DEFAULT_MAX_PROMO_QUANTITY, bumpVersion, cartSnapshot, entriesOf, insertOpenCart, isGiftEntry, lineOfSameAccessory, removeEntries,
  type CartRow, type EntryRow,
} from './rows';

/** A cart by id, locked FOR UPDATE (in the caller's transaction `tx`); undefined: no such cart. */
export async function lockCart(tx: DbOrTx, cartId: number): Promise<CartRecord | undefined> {
  return (await tx.select().from(carts).where(eq(carts.id, cartId)).for('update'))[0];
}

/**
 * A subquery (alias `ordered_cart`) of the ordered carts (status ORDERED) and its columns (every column of carts, to
 * select as one CartRecord), to join in a statement of a module above (server/checkout/orders.ts: the order of the
 * cart ordered last, one statement).
 */
export function orderedCartsSubquery() {
  const table = new QueryBuilder().select().from(carts).where(eq(carts.status, 'ORDERED')).as('ordered_cart');
  const columns = Object.fromEntries(Object.keys(getTableColumns(carts)).map((k) => [k, table[k as keyof typeof carts._.columns]])) as
    { [K in keyof typeof carts._.columns]: (typeof table)[K] };
  return { table, columns };
}

export async function findOpenCart(db: DbOrTx, sessionId: string): Promise<CartRecord | null> {
  const rows = await db.select().from(carts).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'))).orderBy(desc(carts.id)).limit(1);
  return rows[0] ?? null;
}

export async function getOrCreateCart(db: DbOrTx, sessionId: string): Promise<CartRecord> {
  const found = await findOpenCart(db, sessionId);
  if (found) return found;
  return insertOpenCart(db, sessionId);
}

/** The statement of openCartOfLiveSession, built once per database handle (the cart read of every page). */
const openCartStatements = new WeakMap<object, ReturnType<typeof openCartStatement>>();
function openCartStatement(db: DbOrTx) {
  const live = liveSessionSubquery(sql.placeholder('sessionId'));
  return db.select({ live: live.id, cart: carts }).from(live)
    .leftJoin(carts, and(eq(carts.sessionId, live.id), eq(carts.status, 'OPEN')))
    .orderBy(desc(carts.id)).limit(1)
    .prepare('open_cart_of_live_session');
}

/**
 * The open cart of a live (not revoked, not expired) session, or a new one; 401 InvalidTokenError when the session
 * was revoked or has expired.
 * One statement: routes authenticated by the token's signature alone (authenticateToken) check revocation here.
 */
export async function openCartOfLiveSession(db: DbOrTx, sessionId: string): Promise<CartRecord> {
  let statement = openCartStatements.get(db);
  if (!statement) openCartStatements.set(db, (statement = openCartStatement(db)));
  const rows = await statement.execute({ sessionId });
  if (!rows[0]) throw invalidToken();
  if (rows[0].cart) return rows[0].cart;
  return insertOpenCart(db, sessionId);
}

/** The open cart of a live session, locked FOR UPDATE (created when there is none) — one statement in the usual case. */
export async function lockOpenCart(tx: DbOrTx, sessionId: string): Promise<CartRecord> {
  const rows = await tx.select({ cart: carts }).from(carts)
    .where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'), liveSessionExistsSql(carts.sessionId))).orderBy(desc(carts.id)).limit(1).for('update', { of: carts });
  if (rows[0]) return rows[0].cart;
  if (!(await isLiveSession(tx, sessionId))) throw invalidToken();
  return insertOpenCart(tx, sessionId, true);
}

/** Age of the session's customer from the JMBG (null when anonymous or without a JMBG). */
export async function customerAgeOf(db: DbOrTx, sessionId: string): Promise<number | null> {
  const u = await userOfSession(db, sessionId);
  return u?.jmbg ? ageFromJmbg(u.jmbg) : null;
}

/**
 * Gifts past their limit (a guest's phone and gift merged into the customer's cart at sign-in): the later units
 * leave, their phones stay. The limit is the reference's maxAllowedQuantity (default 100) from the gift's phone.
 * Answers the entry numbers removed.
 */
export async function trimGifts(tx: DbOrTx, cartId: number): Promise<number[]> {
  const entries = await entriesOf(tx, cartId);
  const children = entries.filter((e) => e.automaticallyAdded && e.parentEntryNumber !== null);
  if (children.length === 0) return [];
  const types = await productKindsOf(tx, [...new Set(children.map((e) => e.productCode))]);
  const gifts = children.filter((e) => isGiftEntry(e, types.find((t) => t.code === e.productCode)?.type));
  if (gifts.length === 0) return [];
  const refs = await referencesTo(tx, 'PROMO_PRODUCT', [...new Set(gifts.map((e) => e.productCode))]);
  const counted = new Map<string, number>();
  const extra: number[] = [];
  for (const g of gifts) {
    const phone = entries.find((e) => e.entryNumber === g.parentEntryNumber)?.productCode;
    const limit = refs.find((r) => r.productCode === phone && r.targetCode === g.productCode)?.maxAllowedQuantity ?? DEFAULT_MAX_PROMO_QUANTITY;
    const n = (counted.get(g.productCode) ?? 0) + g.quantity;
    if (n > limit) extra.push(g.entryNumber);
    else counted.set(g.productCode, n);
  }
  if (extra.length) await removeEntries(tx, cartId, extra);
  return extra;
}

function requireType(p: CatalogProduct | null, code: string, types: string[]): CatalogProduct {
  if (!p || !types.includes(p.product.type)) throw notFound(code, 'error.unknownProduct');
  return p;
}

function tariffEntry(t: CatalogProduct, termMonths: number | null): EntryDraft {
  const m = currentMonthly(t);
  const one = oneOffPrice(t);
  return {
    productCode: t.product.code, quantity: 1, processType: t.product.processType,
    chargeType: m ? 'RECURRING_CHARGE' : 'ONE_TIME_CHARGE', pricePlanId: t.plan?.id ?? null, termMonths,
    oneTimePrice: one?.price ?? 0, monthlyPrice: m?.price ?? null, oldMonthlyPrice: m?.oldPrice ?? null,
    priceVersion: t.product.priceVersion, esimSelected: t.product.esim === 'ESIM',
  };
}

/** POST addToCart { code, subscriptionTermId, pricePlanId } — a tariff (postpaid with a term, or prepaid), or a home package (server/home). */
export async function addTariff(db: Db, sessionId: string, cat: CatalogSnapshot, body: TariffBody, replace = false): Promise<AddResult> {
  return applyAdd(db, sessionId, cat, tariffDraft(cat, body), replace);
}

type TariffBody = { code: string; subscriptionTermId?: string; pricePlanId?: string };

/** What addTariff adds, checked against the catalogue (400 / 404 before the add waits for its batch). */
function tariffDraft(cat: CatalogSnapshot, body: TariffBody): AddDraft {
  const t = requireType(cat.product(body.code), body.code, ['TARIFF', ...HOME_PACKAGE_TYPES]);
  if (t.product.type === 'TARIFF' && t.product.parentCode === null && !cat.hasNoChildren(t.product.code)) {
    throw badInput('error.cart.notPurchasable', { code: body.code }, 'code');
  }
  if (!t.plan?.purchasable) throw badInput('error.cart.notPurchasable', { code: body.code }, 'code');
  if (body.pricePlanId && body.pricePlanId !== t.plan.id) throw badInput('error.cart.unknownPricePlan', { code: body.pricePlanId }, 'pricePlanId');
  let months: number | null = null;
  if (t.plan.terms.length > 0) {
    const term = t.plan.terms.find((x) => x.id === body.subscriptionTermId);
    if (!term) throw badInput('error.cart.unknownTerm', { code: body.subscriptionTermId ?? '' }, 'subscriptionTermId');
    months = term.months;
  }
  const entry = tariffEntry(t, months);
  return { candidates: [{ productCode: t.product.code, productOfferingType: t.product.type, variantCode: null, quantity: 1, stockLevel: null, categories: t.product.categories, oneTimePrice: entry.oneTimePrice ?? 0 }], entries: [entry] };
}

export interface BundleBody {
  deviceCode: string; tariffCode?: string; subscriptionTermId?: string; pricePlanId?: string;
  chargeType: 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE'; insuranceCode?: string; accessoryCodes?: string[];
}

/** Resolves a device or accessory code (base or variant) to the product and the chosen variant. */
function resolveVariant(cat: CatalogSnapshot, code: string, types: string[]): { p: CatalogProduct; variantCode: string; level: number } {
  let productCode = code;
  let variantCode: string | null = null;
  const owner = cat.productOfVariant.get(code);
  if (owner) { productCode = owner; variantCode = code; }
  const p = requireType(cat.product(productCode), code, types);
  const chosen = variantCode ? p.variants.find((x) => x.code === variantCode) : (p.variants.find((x) => x.stockLevel > 0) ?? p.variants[0]);
  if (!chosen) throw notFound(code, 'error.unknownProduct');
  // the level is read from the database for every variant at once by applyAdd
  return { p, variantCode: chosen.code, level: 0 };
}

/** POST addBundleToCart — device with a tariff (one-off or installments), or a device/accessory alone (one-off). */
export async function addBundle(db: Db, sessionId: string, cat: CatalogSnapshot, body: BundleBody, replace = false): Promise<AddResult> {
  return applyAdd(db, sessionId, cat, bundleDraft(cat, body), replace);
}

/** What addBundle adds, checked against the catalogue (400 / 404 before the add waits for its batch). */
function bundleDraft(cat: CatalogSnapshot, body: BundleBody): AddDraft {
  const dev = resolveVariant(cat, body.deviceCode, ['DEVICE', 'ACCESSORY', 'STB_DEVICE', 'DROPSHIPPING']);
  const candidates: AddCandidate[] = [{ productCode: dev.p.product.code, productOfferingType: dev.p.product.type, variantCode: dev.variantCode, quantity: 1, stockLevel: dev.level, categories: dev.p.product.categories }];
  const entries: EntryDraft[] = [];
  if (body.tariffCode) {
    if (dev.p.product.type !== 'DEVICE') throw badInput('error.cart.tariffNeedsDevice', {}, 'tariffCode');
    const t = requireType(cat.product(body.tariffCode), body.tariffCode, ['TARIFF']);
    const term = t.plan?.terms.find((x) => x.id === body.subscriptionTermId) ?? (!body.subscriptionTermId ? t.plan?.terms.find((x) => x.recommended) : undefined);
    if (!term) throw badInput('error.cart.unknownTerm', { code: body.subscriptionTermId ?? '' }, 'subscriptionTermId');
    const price = cat.devicePricesOf([dev.p.product.code]).find((d) => d.tariffCode === t.product.code && d.termMonths === term.months);
    // said with the names the shopper sees (the device page offers only what is sold: server/catalog/details.ts)
    const names = { tariff: t.product.name, device: dev.p.product.name };
    if (!price?.purchasable || !t.plan?.purchasable) throw badInput('error.cart.tariffNotWithDevice', names, 'tariffCode', 'tariffNotSold');
    if (price.offerType === 'MTS_DISC_TARIFF') throw badInput('error.cart.tariffNotWithDevice', names, 'pricePlanId', 'MTS_DISC_TARIFF');
    if (body.pricePlanId && body.pricePlanId !== price.id) throw badInput('error.cart.unknownPricePlan', { code: body.pricePlanId }, 'pricePlanId');
    const recurring = body.chargeType === 'RECURRING_CHARGE';
    if (recurring && (!price.installments || price.installmentPrice === null || !price.installmentsAvailable)) throw badInput('error.cart.noInstallments', {}, 'chargeType');
    if (!recurring && !price.oneTimeAvailable) throw badInput('error.cart.noOneTime', {}, 'chargeType');
    entries.push({
      productCode: dev.p.product.code, variantCode: dev.variantCode, quantity: 1, chargeType: body.chargeType, processType: t.product.processType,
      pricePlanId: price.id, termMonths: term.months,
      oneTimePrice: recurring ? price.upfrontPrice : price.oneTimePrice,
      monthlyPrice: recurring ? price.installmentPrice : null, oldMonthlyPrice: recurring ? price.oldInstallmentPrice : null,
      installments: recurring ? price.installments : null, priceVersion: dev.p.product.priceVersion,
    });
    candidates[0].oneTimePrice = recurring ? price.upfrontPrice : price.oneTimePrice;
    entries.push(tariffEntry(t, term.months));
    candidates.push({ productCode: t.product.code, productOfferingType: 'TARIFF', variantCode: null, quantity: 1, stockLevel: null, categories: t.product.categories, oneTimePrice: 0 });
  } else {
    if (body.chargeType !== 'ONE_TIME_CHARGE') throw badInput('error.cart.noInstallments', {}, 'chargeType');
    const own = oneOffPrice(dev.p);
    if (!own || !dev.p.plan?.purchasable) throw badInput('error.cart.notPurchasable', { code: body.deviceCode }, 'deviceCode');
    entries.push({ productCode: dev.p.product.code, variantCode: dev.variantCode, quantity: 1, chargeType: 'ONE_TIME_CHARGE', pricePlanId: dev.p.plan.id, oneTimePrice: own.price, priceVersion: dev.p.product.priceVersion });
    candidates[0].oneTimePrice = own.price;
  }
  if (body.insuranceCode) {
    const ins = requireType(cat.product(body.insuranceCode), body.insuranceCode, ['INSURANCE']);
    const fee = monthlyFee(ins);
    entries.push({ productCode: ins.product.code, quantity: 1, chargeType: 'RECURRING_CHARGE', pricePlanId: ins.plan?.id ?? null, monthlyPrice: fee, termMonths: 24, priceVersion: ins.product.priceVersion });
  }
  for (const code of new Set(body.accessoryCodes ?? [])) {
    const acc = resolveVariant(cat, code, ['ACCESSORY']);
    const own = oneOffPrice(acc.p);
    if (!own) throw badInput('error.cart.notPurchasable', { code }, 'accessoryCodes');
    candidates.push({ productCode: acc.p.product.code, productOfferingType: 'ACCESSORY', variantCode: acc.variantCode, quantity: 1, stockLevel: acc.level, categories: acc.p.product.categories, oneTimePrice: own.price });
    entries.push({ productCode: acc.p.product.code, variantCode: acc.variantCode, quantity: 1, chargeType: 'ONE_TIME_CHARGE', pricePlanId: acc.p.plan?.id ?? null, oneTimePrice: own.price, priceVersion: acc.p.product.priceVersion });
  }
  return { candidates, entries };
}

/** Removing the device or the tariff of a bundle removes the whole bundle (its prices depend on both). */
export async function deleteEntry(db: Db, sessionId: string, entryNumber: number, qty?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const rows = await tx.select({ e: cartEntries, type: productKindSql(cartEntries.productCode).type }).from(cartEntries).where(eq(cartEntries.cartId, cart.id));
    const target = rows.find((r) => r.e.entryNumber === entryNumber);
    if (!target) throw notFound(String(entryNumber), 'error.cart.unknownEntry');
    // isRemovableEntry false: an add-on the shop put in with its tariff or package goes only with it
    if (target.e.automaticallyAdded && target.e.parentEntryNumber !== null) throw badInput('suggested.error.notRemovable', {}, 'entryNumber', 'notRemovable');
    if (qty !== undefined && qty > 0 && qty < target.e.quantity) {
      // Fewer units of the same entry.
      await tx.update(cartEntries).set({ quantity: target.e.quantity - qty }).where(eq(cartEntries.id, target.e.id));
      await bumpVersion(tx, cart.id);
      return;
    }
    const bundle = rows.filter((r) => r.e.bundleNo === target.e.bundleNo);
    const bundled = bundle.some((r) => r.type === 'DEVICE') && bundle.some((r) => r.type === 'TARIFF');
    const removeWhole = bundled && (target.type === 'DEVICE' || target.type === 'TARIFF');
    const chosen = removeWhole ? bundle : [target];
    // Add-ons and insurance attached to a removed entry go with it.
    const attached = rows.filter((r) => r.e.parentEntryNumber !== null && chosen.some((c) => c.e.entryNumber === r.e.parentEntryNumber));
    await removeEntries(tx, cart.id, [...chosen, ...attached].map((r) => r.e.entryNumber));
    await bumpVersion(tx, cart.id);
  });
}

export async function deleteCart(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    await tx.delete(cartVouchers).where(eq(cartVouchers.cartId, cart.id));
    await tx.delete(cartEntries).where(eq(cartEntries.cartId, cart.id));
    await tx.update(carts).set({ orderCustomerInfo: null, deliveryAddress: null, paymentMode: null, cardPaymentType: null, deliveryTimeSlot: null }).where(eq(carts.id, cart.id));
    await bumpVersion(tx, cart.id);
  });
}

export function assertNotEmpty(entries: EntryRow[]): void {
  if (entries.length === 0) throw new ApiError(400, 'CartError', 'error.cart.empty');
}

/** The products of cart entries: from the read model when given (views), else from the database (validation, orders). */
export async function loadEntryProducts(db: DbOrTx, entries: CartEntryRecord[], cat?: CatalogSnapshot): Promise<CatalogProduct[]> {
  const codes = [...new Set(entries.map((e) => e.productCode))];
  if (cat) {
    const found = cat.products({ codes });
    if (found.length === codes.length) return found;
  }
  return loadProducts(db, { codes });
}
