// Cart use cases: open cart per session, add tariff, add bundle (device + tariff or device alone),
// delete entry / cart. Each mutation runs in one transaction and bumps the cart version.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { cartEntries, cartVouchers, carts, productReferences, products, sessions, stock } from '../db/schema';
import { ApiError, badInput, invalidToken, notFound } from '../lib/errors';
import { numericCode } from '../lib/ids';
import { loadProducts, monthlyFee, oneOffPrice, currentMonthly, type CatalogProduct } from '../catalog/index';
import type { CatalogSnapshot } from '../catalog/index';
import { rulesConfig } from './config';
import { evaluateAddRules, inGroup, type AddCandidate, type CartSnapshot, type RuleVerdict } from './rules';
import { userOfSession } from '../user/index';
import { isLiveSession } from '../user/index';
import { ageFromJmbg } from '../user/index';
import { HOME_PACKAGE_TYPES } from '../home/index';

export type CartRow = typeof carts.$inferSelect;
export type EntryRow = typeof cartEntries.$inferSelect;
type NewEntry = typeof cartEntries.$inferInsert;

export async function findOpenCart(db: DbOrTx, sessionId: string): Promise<CartRow | null> {
  const rows = await db.select().from(carts).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'))).orderBy(desc(carts.id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Opens the session's cart, or answers the one a concurrent request just opened: one open cart per session is a
 * unique index (carts_one_open_per_session), so of two first adds at once the second waits for the first and then
 * finds its cart. `lock` takes the found cart FOR UPDATE (a new row is locked by its insert).
 */
export async function insertOpenCart(db: DbOrTx, sessionId: string, lock = false): Promise<CartRow> {
  for (let attempt = 0; ; attempt++) {
    const [created] = await db.insert(carts).values({ code: numericCode(8), sessionId }).onConflictDoNothing().returning();
    if (created) return created;
    const q = db.select().from(carts).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'))).limit(1);
    const [other] = lock ? await q.for('update') : await q;
    // nothing open: the conflict was the random cart code (one in 10^8); draw another
    if (other) return other;
    if (attempt >= 3) throw new Error('could not open a cart');
  }
}

export async function getOrCreateCart(db: DbOrTx, sessionId: string): Promise<CartRow> {
  const found = await findOpenCart(db, sessionId);
  if (found) return found;
  return insertOpenCart(db, sessionId);
}

/**
 * The open cart of a live (not revoked) session, or a new one; 401 InvalidTokenError when the session was revoked.
 * One statement: routes authenticated by the token's signature alone (authenticateToken) check revocation here.
 */
/** The statement of openCartOfLiveSession, built once per database handle (the cart read of every page). */
const openCartStatements = new WeakMap<object, ReturnType<typeof openCartStatement>>();
function openCartStatement(db: DbOrTx) {
  return db.select({ live: sessions.id, cart: carts }).from(sessions)
    .leftJoin(carts, and(eq(carts.sessionId, sessions.id), eq(carts.status, 'OPEN')))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt))).orderBy(desc(carts.id)).limit(1)
    .prepare('open_cart_of_live_session');
}

export async function openCartOfLiveSession(db: DbOrTx, sessionId: string): Promise<CartRow> {
  let statement = openCartStatements.get(db);
  if (!statement) openCartStatements.set(db, (statement = openCartStatement(db)));
  const rows = await statement.execute({ sessionId });
  if (!rows[0]) throw invalidToken();
  if (rows[0].cart) return rows[0].cart;
  return insertOpenCart(db, sessionId);
}

/** The open cart of a live session, locked FOR UPDATE (created when there is none) — one statement in the usual case. */
export async function lockOpenCart(tx: DbOrTx, sessionId: string): Promise<CartRow> {
  const rows = await tx.select({ cart: carts }).from(carts).innerJoin(sessions, and(eq(sessions.id, carts.sessionId), isNull(sessions.revokedAt)))
    .where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN'))).orderBy(desc(carts.id)).limit(1).for('update', { of: carts });
  if (rows[0]) return rows[0].cart;
  if (!(await isLiveSession(tx, sessionId))) throw invalidToken();
  return insertOpenCart(tx, sessionId, true);
}

export async function entriesOf(db: DbOrTx, cartId: number): Promise<EntryRow[]> {
  return db.select().from(cartEntries).where(eq(cartEntries.cartId, cartId)).orderBy(cartEntries.entryNumber);
}

export async function bumpVersion(db: DbOrTx, cartId: number): Promise<CartRow> {
  const [row] = await db.update(carts).set({ version: sql`${carts.version} + 1`, updatedAt: new Date() }).where(eq(carts.id, cartId)).returning();
  return row;
}

export interface AddResult {
  cartId: number;
  /** The cart row after the add (absent when nothing changed). */
  cart?: CartRow;
  /** The cart's entries after the add, by entry number (with `cart`). */
  entries?: EntryRow[]; verdict: RuleVerdict | null; added: EntryRow[];
  /** What was to be added when a rule refused it (the `entry` of a refusing cartModification). */
  refused: EntryRow[];
  /** productsNeedReplace: the cart entries to replace. */
  replaceEntries: EntryRow[];
  /** Units added per `added` row (default: the row's quantity; 1 when an accessory's line was raised). */
  quantities?: number[];
}
type EntryDraft = Omit<NewEntry, 'cartId' | 'entryNumber' | 'bundleNo'>;

function nextNumbersOf(rows: EntryRow[]): { entryNumber: number; bundleNo: number } {
  return {
    entryNumber: rows.reduce((m, r) => Math.max(m, r.entryNumber + 1), 0),
    bundleNo: rows.reduce((m, r) => Math.max(m, r.bundleNo + 1), 1),
  };
}

/** cartSnapshot from entries already read, with the products of the read model (null when one is missing there). */
function cartSnapshotOf(entries: EntryRow[], cat: CatalogSnapshot): CartSnapshot | null {
  const out: CartSnapshot['entries'] = [];
  for (const e of entries) {
    const p = cat.product(e.productCode);
    if (!p) return null;
    out.push({
      entryNumber: e.entryNumber, bundleNo: e.bundleNo, productCode: e.productCode, productOfferingType: p.product.type, variantCode: e.variantCode,
      quantity: e.quantity, chargeType: e.chargeType, categories: p.product.categories, oneTimePrice: e.oneTimePrice,
    });
  }
  return { entries: out };
}

export async function cartSnapshot(db: DbOrTx, cartId: number): Promise<CartSnapshot> {
  const rows = await db.select({ e: cartEntries, type: products.type, categories: products.categories }).from(cartEntries)
    .innerJoin(products, eq(products.code, cartEntries.productCode)).where(eq(cartEntries.cartId, cartId));
  return { entries: rows.map((r) => ({
    entryNumber: r.e.entryNumber, bundleNo: r.e.bundleNo, productCode: r.e.productCode, productOfferingType: r.type, variantCode: r.e.variantCode,
    quantity: r.e.quantity, chargeType: r.e.chargeType, categories: r.categories, oneTimePrice: r.e.oneTimePrice,
  })) };
}

/** Age of the session's customer from the JMBG (null when anonymous or without a JMBG). */
export async function customerAgeOf(db: DbOrTx, sessionId: string): Promise<number | null> {
  const u = await userOfSession(db, sessionId);
  return u?.jmbg ? ageFromJmbg(u.jmbg) : null;
}

/** Removes entries (and the coupons on them) from a cart. */
export async function removeEntries(tx: DbOrTx, cartId: number, entryNumbers: number[]): Promise<void> {
  if (entryNumbers.length === 0) return;
  await tx.delete(cartVouchers).where(and(eq(cartVouchers.cartId, cartId), inArray(cartVouchers.entryNumber, entryNumbers)));
  await tx.delete(cartEntries).where(and(eq(cartEntries.cartId, cartId), inArray(cartEntries.entryNumber, entryNumbers)));
}

/**
 * Adds the drafts built by `build` after the rules of rules.ts. With `replace`, the entries a
 * productsNeedReplace verdict names are removed first and the rules are judged again without them.
 */
async function applyAdd(db: Db, sessionId: string, cat: CatalogSnapshot, build: (tx: DbOrTx) => Promise<{ candidates: AddCandidate[]; entries: EntryDraft[] }>, replace = false): Promise<AddResult> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const { candidates, entries } = await build(tx);
    // the stock of every variant to add, in one statement (authoritative: not from the read model)
    const variants = candidates.filter((c) => c.variantCode !== null && c.stockLevel !== null).map((c) => c.variantCode!);
    if (variants.length > 0) {
      const levels = await tx.select({ code: stock.variantCode, level: stock.level }).from(stock).where(inArray(stock.variantCode, variants));
      for (const c of candidates) if (c.variantCode !== null && c.stockLevel !== null) c.stockLevel = levels.find((l) => l.code === c.variantCode)?.level ?? 0;
    }
    // the customer's age matters only for the age-restricted products
    const ageMatters = candidates.some((c) => inGroup(rulesConfig().ageRestricted, c.productOfferingType, c.categories));
    const customerAge = ageMatters ? await customerAgeOf(tx, sessionId) : null;
    const draftRows = (from: number, bundleNo: number): EntryRow[] => entries.map((e, i) => ({
      id: 0, cartId: cart.id, entryNumber: from + i, bundleNo, variantCode: null, quantity: 1, processType: null, pricePlanId: null, termMonths: null,
      oneTimePrice: 0, monthlyPrice: null, oldMonthlyPrice: null, installments: null, automaticallyAdded: false, priceVersion: 1, esimSelected: false, parentEntryNumber: null, ...e, suggestionsApplied: false,
    }));
    let all = await entriesOf(tx, cart.id);
    const snapshotNow = async () => cartSnapshotOf(all, cat) ?? await cartSnapshot(tx, cart.id);
    let verdict = evaluateAddRules(candidates, await snapshotNow(), { customerAge });
    if (verdict?.statusCode === 'productsNeedReplace' && replace) {
      const gone = verdict.replaceEntryNumbers ?? [];
      await removeEntries(tx, cart.id, gone);
      all = all.filter((e) => !gone.includes(e.entryNumber));
      verdict = evaluateAddRules(candidates, await snapshotNow(), { customerAge });
    }
    if (verdict) {
      const { entryNumber, bundleNo } = nextNumbersOf(all);
      return { cartId: cart.id, verdict, added: [], refused: draftRows(entryNumber, bundleNo), replaceEntries: all.filter((e) => verdict!.replaceEntryNumbers?.includes(e.entryNumber)) };
    }
    // the same accessory alone again raises the quantity of its line (one line per accessory, like the limit counts it)
    const line = candidates.length === 1 && entries.length === 1 && candidates[0].productOfferingType === 'ACCESSORY' ? lineOfSameAccessory(all, entries[0]) : null;
    if (line) {
      const raised = await tx.update(cartEntries).set({ quantity: line.quantity + 1 }).where(eq(cartEntries.id, line.id)).returning();
      const after = all.map((e) => (e.id === line.id ? raised[0] : e));
      return { cartId: cart.id, cart: await bumpVersion(tx, cart.id), entries: after, verdict: null, added: raised, refused: [], replaceEntries: [], quantities: [1] };
    }
    const { entryNumber, bundleNo } = nextNumbersOf(all);
    const inserted = await tx.insert(cartEntries).values(entries.map((e, i) => ({ ...e, cartId: cart.id, entryNumber: entryNumber + i, bundleNo }))).returning();
    const added = [...inserted, ...await addGifts(tx, cat, cart.id, [...all, ...inserted], inserted.filter((e) => cat.product(e.productCode)?.product.type === 'DEVICE'))];
    const after = [...all, ...added].sort((a, b) => a.entryNumber - b.entryNumber);
    return { cartId: cart.id, cart: await bumpVersion(tx, cart.id), entries: after, verdict: null, added, refused: [], replaceEntries: [] };
  });
}

/** A gift's most units in one cart when its reference sets no maxAllowedQuantity (seed 001 §3: default 100). */
export const DEFAULT_MAX_PROMO_QUANTITY = 100;

/**
 * The gifts of the devices just added (PROMO_PRODUCT references of the phone): each as an entry under its device
 * (parentEntryNumber, same bundle) at 0, automaticallyAdded — only while the gift is in stock for one more unit and
 * the cart holds fewer than its maxAllowedQuantity (default 100). Read from the tables in the add's transaction,
 * which holds the cart row lock: concurrent adds of the phone are counted one after the other.
 */
async function addGifts(tx: DbOrTx, cat: CatalogSnapshot, cartId: number, all: EntryRow[], devices: EntryRow[]): Promise<EntryRow[]> {
  const out: EntryRow[] = [];
  let entries = all;
  for (const device of devices) {
    // the references and products come from the catalogue snapshot (no query for a phone without a gift)
    const refs = [...cat.referencesOf(device.productCode, 'PROMO_PRODUCT')]
      .sort((a, b) => a.sortOrder - b.sortOrder || a.targetCode.localeCompare(b.targetCode));
    for (const ref of refs) {
      const gift = cat.product(ref.targetCode);
      const variant = gift?.variants[0];
      if (!gift || gift.product.type !== 'PROMO_PRODUCT' || !variant || !gift.plan?.purchasable) continue;
      const units = entries.filter((e) => e.productCode === gift.product.code).reduce((n, e) => n + e.quantity, 0);
      if (units >= (ref.maxAllowedQuantity ?? DEFAULT_MAX_PROMO_QUANTITY)) continue;
      const [level] = await tx.select({ level: stock.level }).from(stock).where(eq(stock.variantCode, variant.code));
      if ((level?.level ?? 0) < units + 1) continue;
      const [row] = await tx.insert(cartEntries).values({
        cartId, entryNumber: nextNumbersOf(entries).entryNumber, bundleNo: device.bundleNo, productCode: gift.product.code, variantCode: variant.code,
        quantity: 1, chargeType: 'ONE_TIME_CHARGE', pricePlanId: gift.plan.id, oneTimePrice: 0, automaticallyAdded: true,
        priceVersion: gift.product.priceVersion, parentEntryNumber: device.entryNumber,
      }).returning();
      out.push(row);
      entries = [...entries, row];
    }
  }
  return out;
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
  const types = await tx.select({ code: products.code, type: products.type }).from(products).where(inArray(products.code, [...new Set(children.map((e) => e.productCode))]));
  const gifts = children.filter((e) => isGiftEntry(e, types.find((t) => t.code === e.productCode)?.type));
  if (gifts.length === 0) return [];
  const refs = await tx.select().from(productReferences)
    .where(and(eq(productReferences.referenceType, 'PROMO_PRODUCT'), inArray(productReferences.targetCode, [...new Set(gifts.map((e) => e.productCode))])));
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

/** A gift entry: a promo product the shop put in at 0 under its device. */
export const isGiftEntry = (e: EntryRow, type: string | undefined) => type === 'PROMO_PRODUCT' && e.automaticallyAdded && e.parentEntryNumber !== null;

/**
 * The line of `all` that holds this accessory alone (its own bundle, one-off, priced alike), if any: one line per
 * accessory, raised instead of repeated (add and the sign-in merge).
 */
export function lineOfSameAccessory(all: EntryRow[], draft: { variantCode?: string | null; oneTimePrice?: number; priceVersion?: number | null }): EntryRow | null {
  return all.find((e) => e.variantCode === draft.variantCode && e.chargeType === 'ONE_TIME_CHARGE' && e.oneTimePrice === draft.oneTimePrice
    && e.priceVersion === draft.priceVersion && all.filter((x) => x.bundleNo === e.bundleNo).length === 1) ?? null;
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
export async function addTariff(db: Db, sessionId: string, cat: CatalogSnapshot, body: { code: string; subscriptionTermId?: string; pricePlanId?: string }, replace = false): Promise<AddResult> {
  return applyAdd(db, sessionId, cat, async () => {
    const t = requireType(cat.product(body.code), body.code, ['TARIFF', ...HOME_PACKAGE_TYPES]);
    if (t.product.type === 'TARIFF' && t.product.parentCode === null && !cat.hasNoChildren(t.product.code)) {
      throw badInput('error.cart.notPurchasable', { code: body.code }, 'code');
    }
    if (!t.plan || !t.plan.purchasable) throw badInput('error.cart.notPurchasable', { code: body.code }, 'code');
    if (body.pricePlanId && body.pricePlanId !== t.plan.id) throw badInput('error.cart.unknownPricePlan', { code: body.pricePlanId }, 'pricePlanId');
    let months: number | null = null;
    if (t.plan.terms.length > 0) {
      const term = t.plan.terms.find((x) => x.id === body.subscriptionTermId);
      if (!term) throw badInput('error.cart.unknownTerm', { code: body.subscriptionTermId ?? '' }, 'subscriptionTermId');
      months = term.months;
    }
    const entry = tariffEntry(t, months);
    return { candidates: [{ productCode: t.product.code, productOfferingType: t.product.type, variantCode: null, quantity: 1, stockLevel: null, categories: t.product.categories, oneTimePrice: entry.oneTimePrice ?? 0 }], entries: [entry] };
  }, replace);
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
  return applyAdd(db, sessionId, cat, async () => {
    const dev = resolveVariant(cat, body.deviceCode, ['DEVICE', 'ACCESSORY', 'STB_DEVICE', 'DROPSHIPPING']);
    const candidates: AddCandidate[] = [{ productCode: dev.p.product.code, productOfferingType: dev.p.product.type, variantCode: dev.variantCode, quantity: 1, stockLevel: dev.level, categories: dev.p.product.categories }];
    const entries: EntryDraft[] = [];
    if (body.tariffCode) {
      if (dev.p.product.type !== 'DEVICE') throw badInput('error.cart.tariffNeedsDevice', {}, 'tariffCode');
      const t = requireType(cat.product(body.tariffCode), body.tariffCode, ['TARIFF']);
      const term = t.plan?.terms.find((x) => x.id === body.subscriptionTermId) ?? (!body.subscriptionTermId ? t.plan?.terms.find((x) => x.recommended) : undefined);
      if (!term) throw badInput('error.cart.unknownTerm', { code: body.subscriptionTermId ?? '' }, 'subscriptionTermId');
      const price = cat.devicePricesOf([dev.p.product.code]).find((d) => d.tariffCode === t.product.code && d.termMonths === term.months);
      if (!price || !price.purchasable || !t.plan?.purchasable) throw badInput('error.cart.notPurchasable', { code: body.tariffCode }, 'tariffCode');
      if (price.offerType === 'MTS_DISC_TARIFF') throw badInput('error.cart.discTariffOffer', { code: price.id }, 'pricePlanId', 'MTS_DISC_TARIFF');
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
  }, replace);
}

/** Removing the device or the tariff of a bundle removes the whole bundle (its prices depend on both). */
export async function deleteEntry(db: Db, sessionId: string, entryNumber: number, qty?: number): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const rows = await tx.select({ e: cartEntries, type: products.type }).from(cartEntries)
      .innerJoin(products, eq(products.code, cartEntries.productCode)).where(eq(cartEntries.cartId, cart.id));
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
export async function loadEntryProducts(db: DbOrTx, entries: EntryRow[], cat?: CatalogSnapshot): Promise<CatalogProduct[]> {
  const codes = [...new Set(entries.map((e) => e.productCode))];
  if (cat) {
    const found = cat.products({ codes });
    if (found.length === codes.length) return found;
  }
  return loadProducts(db, { codes });
}
