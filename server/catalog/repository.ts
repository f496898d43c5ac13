// Reads the catalogue into plain objects (filtering and sorting happen in memory, in the read model of model.ts).
import { and, asc, eq, getTableColumns, inArray, sql, type Column } from 'drizzle-orm';
import { anyOf, type Db, type DbOrTx } from '../db/index';
import * as s from './schema';
import { compactVariant, sharedJson, type VariantRow } from './model-compact';

export type ProductRow = typeof s.products.$inferSelect;
export type { VariantRow } from './model-compact';
export interface CatalogProduct {
  product: ProductRow;
  variants: VariantRow[];
  /** Own price plan with its charge entries. */
  plan: { id: string; purchasable: boolean; charges: Array<typeof s.chargeEntries.$inferSelect>; terms: Array<typeof s.subscriptionTerms.$inferSelect> } | null;
}

const groupBy = <T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> => {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r); else m.set(k, [r]);
  }
  return m;
};

/** A JSON column read as its text and parsed once per distinct text (model-compact.ts: a few hundred distinct
 *  specifications serve thousands of products). */
const jsonText = <C extends Column>(col: C) => sql`${col}::text`.mapWith((t: string) => sharedJson<C['_']['data']>(t));

/** The columns of a product (in the table's order), the JSON ones shared. */
const productColumns = {
  ...getTableColumns(s.products), description: jsonText(s.products.description), categories: jsonText(s.products.categories),
  highlights: jsonText(s.products.highlights), specification: jsonText(s.products.specification),
};
/** The columns of a variant (in the table's order), its colour name shared. */
const variantColumns = { ...getTableColumns(s.productVariants), colorName: jsonText(s.productVariants.colorName) };

export async function loadProducts(db: DbOrTx, where: { codes?: string[]; category?: string }): Promise<CatalogProduct[]> {
  let rows: ProductRow[];
  if (where.codes) {
    if (where.codes.length === 0) return [];
    rows = await db.select(productColumns).from(s.products).where(inArray(s.products.code, where.codes)).orderBy(asc(s.products.sortOrder));
  } else {
    rows = await db.select(productColumns).from(s.products).orderBy(asc(s.products.sortOrder));
  }
  if (where.category) rows = rows.filter((r) => r.categories.includes(where.category!));
  return completeProducts(db, rows);
}

/** Where a page of the whole catalogue starts: after this product in list order. */
export interface PageCursor { sortOrder: number; code: string }

/** The product rows of one slice of the whole catalogue for a full rebuild of the read model: up to `limit` products
 *  after `after`, in list order (sort order, then the code in byte order — as the model's list is ordered; index
 *  products_sort_idx). `completePage` makes them complete. */
export async function productPageRows(db: Db, after: PageCursor | null, limit: number): Promise<ProductRow[]> {
  const code = sql`${s.products.code} COLLATE "C"`;
  return db.select(productColumns).from(s.products)
    .where(after === null ? undefined : sql`(${s.products.sortOrder}, ${code}) > (${after.sortOrder}, ${sql`${after.code} COLLATE "C"`})`)
    .orderBy(asc(s.products.sortOrder), asc(code)).limit(limit);
}

/** A page's products complete. Never inside a transaction: the page's reads go out side by side, each on a connection
 *  of the pool (two round trips instead of six). */
export function completePage(db: Db, rows: ProductRow[]): Promise<CatalogProduct[]> {
  return completeProducts(db, rows, true);
}

/** No device prices (one frozen list: what a snapshot answers for a device without any, the same object each time). */
export const NO_DEVICE_PRICES: readonly DevicePriceRow[] = Object.freeze([]);

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/** Runs the reads one after the other (a transaction) or all at once (a pool). */
async function inTurnOrAtOnce<T extends readonly (() => Promise<unknown>)[]>(reads: T, atOnce: boolean): Promise<Results<T>> {
  if (atOnce) return (await Promise.all(reads.map((r) => r()))) as Results<T>;
  const out: unknown[] = [];
  for (const r of reads) out.push(await r());
  return out as Results<T>;
}

/** The variants, pictures, stock, price plan, terms and charges of these product rows (grouped in maps: linear).
 *  `sideBySide`: the reads go out at once (a pool; never a transaction, whose reads share one connection in turn). */
async function completeProducts(db: DbOrTx, rows: ProductRow[], sideBySide = false): Promise<CatalogProduct[]> {
  if (rows.length === 0) return [];
  const codes = rows.map((r) => r.code);
  const reads = [
    () => db.select(variantColumns).from(s.productVariants).where(anyOf(s.productVariants.productCode, codes)).orderBy(asc(s.productVariants.sortOrder)),
    () => db.select().from(s.productImages).where(anyOf(s.productImages.productCode, codes)).orderBy(asc(s.productImages.sortOrder)),
    () => db.select({ variantCode: s.stock.variantCode, level: s.stock.level }).from(s.stock)
      .innerJoin(s.productVariants, eq(s.productVariants.code, s.stock.variantCode)).where(anyOf(s.productVariants.productCode, codes)),
    () => db.select().from(s.pricePlans).where(anyOf(s.pricePlans.productCode, codes)),
  ] as const;
  const [variants, images, stockRows, plans] = await inTurnOrAtOnce(reads, sideBySide);
  const planIds = plans.map((p) => p.id);
  const [charges, terms] = planIds.length === 0 ? [[], []] : await inTurnOrAtOnce([
    () => db.select().from(s.chargeEntries).where(anyOf(s.chargeEntries.pricePlanId, planIds)).orderBy(asc(s.chargeEntries.id)),
    () => db.select().from(s.subscriptionTerms).where(anyOf(s.subscriptionTerms.pricePlanId, planIds)).orderBy(asc(s.subscriptionTerms.months)),
  ] as const, sideBySide);
  const stockOf = new Map(stockRows.map((r) => [r.variantCode, r.level]));
  const variantsOf = groupBy(variants, (v) => v.productCode);
  const imagesOf = groupBy(images, (i) => i.variantCode);
  const chargesOf = groupBy(charges, (c) => c.pricePlanId);
  const termsOf = groupBy(terms, (t) => t.pricePlanId);
  const planOf = new Map<string, typeof plans[number]>();
  for (const p of plans) if (!planOf.has(p.productCode)) planOf.set(p.productCode, p);
  return rows.map((product) => {
    const plan = planOf.get(product.code);
    return {
      product,
      variants: (variantsOf.get(product.code) ?? []).map((v) => compactVariant(v, stockOf.get(v.code) ?? 0, imagesOf.get(v.code) ?? [])),
      plan: plan ? {
        id: plan.id, purchasable: plan.purchasable,
        charges: chargesOf.get(plan.id) ?? [],
        terms: termsOf.get(plan.id) ?? [],
      } : null,
    };
  });
}

/** The stock levels of some variants (a variant without a stock row is absent: level 0). */
export async function stockLevelsOf(db: DbOrTx, variantCodes: string[]): Promise<Map<string, number>> {
  if (variantCodes.length === 0) return new Map();
  const rows = await db.select({ variantCode: s.stock.variantCode, level: s.stock.level }).from(s.stock).where(inArray(s.stock.variantCode, variantCodes));
  return new Map(rows.map((r) => [r.variantCode, r.level]));
}

export async function loadProduct(db: DbOrTx, code: string): Promise<CatalogProduct | null> {
  return (await loadProducts(db, { codes: [code] }))[0] ?? null;
}

export type DevicePriceRow = typeof s.devicePrices.$inferSelect;

export async function devicePricesOf(db: DbOrTx, deviceCodes: string[]): Promise<DevicePriceRow[]> {
  if (deviceCodes.length === 0) return [];
  return db.select().from(s.devicePrices).where(inArray(s.devicePrices.deviceCode, deviceCodes));
}

export async function referencesOf(db: DbOrTx, productCode: string, referenceType: string) {
  return db.select().from(s.productReferences)
    .where(and(eq(s.productReferences.productCode, productCode), eq(s.productReferences.referenceType, referenceType)))
    .orderBy(asc(s.productReferences.sortOrder));
}

export function stockLevelStatus(level: number): 'inStock' | 'lowStock' | 'outOfStock' {
  return level <= 0 ? 'outOfStock' : level <= 5 ? 'lowStock' : 'inStock';
}

/** One-off price (para) of a product's own plan, and its old price. */
export function oneOffPrice(p: CatalogProduct): { price: number; oldPrice: number | null } | null {
  const c = p.plan?.charges.find((e) => e.chargeType === 'ONE_TIME_CHARGE');
  return c ? { price: c.price, oldPrice: c.oldPrice } : null;
}

/** Regular monthly fee (para) of a tariff or insurance: the open-ended or last recurring entry. */
export function monthlyFee(p: CatalogProduct): number | null {
  const rec = p.plan?.charges.filter((e) => e.chargeType === 'RECURRING_CHARGE') ?? [];
  if (rec.length === 0) return null;
  return (rec.find((e) => e.cycleEnd === null) ?? rec[rec.length - 1]).price;
}

/** Monthly price now (promotional first cycle if any) and the regular one as old price. */
export function currentMonthly(p: CatalogProduct): { price: number; oldPrice: number | null; promoPeriod: number | null } | null {
  const rec = p.plan?.charges.filter((e) => e.chargeType === 'RECURRING_CHARGE') ?? [];
  if (rec.length === 0) return null;
  const first = rec[0];
  return { price: first.price, oldPrice: first.oldPrice, promoPeriod: first.oldPrice !== null ? first.cycleEnd : null };
}
