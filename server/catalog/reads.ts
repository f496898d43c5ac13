// Reads of the catalogue tables for other modules (issue 28: a module reads only its own tables). The cart asks here
// for what its rules and checks need of a product, a price plan or a stock level; each function is the one query the
// caller ran itself before (no extra round trip), run on the caller's connection or transaction (`db`). The SQL
// fragments (…Sql) go into a statement of the caller, so a statement that also reads catalogue rows stays one.
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { qualified, type DbOrTx } from '../db/index';
import { devicePrices, productReferences, products, stock } from './schema';

/** What the cart's rules ask of a product: its type (DEVICE, TARIFF…) and its categories. */
export interface ProductKind { code: string; type: string; categories: string[] }

/** The type and categories of some products (an unknown code is absent). */
export async function productKindsOf(db: DbOrTx, codes: string[]): Promise<ProductKind[]> {
  if (codes.length === 0) return [];
  return db.select({ code: products.code, type: products.type, categories: products.categories }).from(products).where(inArray(products.code, codes));
}

/** The type of a product (null: no such product). */
export async function productTypeOf(db: DbOrTx, code: string): Promise<string | null> {
  return (await db.select({ type: products.type }).from(products).where(eq(products.code, code)))[0]?.type ?? null;
}

/** A product's type and eSIM offer (NONE, ESIM_SIM optional, ESIM mandatory); undefined: no such product. */
export async function productEsimOf(db: DbOrTx, code: string): Promise<{ code: string; type: string; esim: 'NONE' | 'ESIM_SIM' | 'ESIM' } | undefined> {
  return (await db.select({ code: products.code, type: products.type, esim: products.esim }).from(products).where(eq(products.code, code)))[0];
}

/** Every product's type and voucher limit (the most a coupon takes off it; 0: none). */
export async function productVoucherLimits(db: DbOrTx): Promise<Array<{ code: string; type: string; voucherLimit: number }>> {
  return db.select({ code: products.code, type: products.type, voucherLimit: products.voucherLimit }).from(products);
}

/** Whether `productCode` offers `targetCode` as a reference of `referenceType` (e.g. a device's INSURANCE). */
export async function isReferenced(db: DbOrTx, productCode: string, targetCode: string, referenceType: string): Promise<boolean> {
  const rows = await db.select({ productCode: productReferences.productCode }).from(productReferences)
    .where(and(eq(productReferences.productCode, productCode), eq(productReferences.targetCode, targetCode), eq(productReferences.referenceType, referenceType)));
  return rows.length > 0;
}

/** A reference of a product to another: the limit a phone sets on its gift (maxAllowedQuantity). */
export interface ProductReference { productCode: string; targetCode: string; maxAllowedQuantity: number | null }

/** The references of `referenceType` that point at any of `targetCodes` (e.g. the phones' PROMO_PRODUCT gifts). */
export async function referencesTo(db: DbOrTx, referenceType: string, targetCodes: string[]): Promise<ProductReference[]> {
  return db.select({ productCode: productReferences.productCode, targetCode: productReferences.targetCode, maxAllowedQuantity: productReferences.maxAllowedQuantity })
    .from(productReferences).where(and(eq(productReferences.referenceType, referenceType), inArray(productReferences.targetCode, targetCodes)));
}

/**
 * A device's price with a tariff and term (a bundle price plan) as the cart prices an entry with it: the columns of
 * device_prices (server/catalog/schema.ts says what each means), the contract other modules see (issue 28).
 */
export interface DevicePricePlan {
  id: string; deviceCode: string; tariffCode: string; termMonths: number; purchasable: boolean;
  oneTimePrice: number; oldOneTimePrice: number | null; installments: number | null; installmentPrice: number | null;
  oldInstallmentPrice: number | null; upfrontPrice: number; offerType: string | null; oneTimeAvailable: boolean; installmentsAvailable: boolean;
}

/** Device price plans by their ids (an unknown id is absent). */
export async function devicePricesById(db: DbOrTx, ids: string[]): Promise<DevicePricePlan[]> {
  return ids.length ? db.select().from(devicePrices).where(inArray(devicePrices.id, ids)) : [];
}

/**
 * SQL: the type and the categories of the product whose code is `code` (a column of the caller's statement, e.g. a
 * cart entry's product_code, a foreign key to products: always found), as scalar subqueries of the caller's select.
 */
export function productKindSql(code: AnyColumn): { type: SQL<string>; categories: SQL<string[]> } {
  // names written with their table (db's `qualified`): the caller's statement may be a one-table select
  const outer = qualified(code);
  return {
    type: sql<string>`(select ${qualified(products.type)} from ${products} where ${qualified(products.code)} = ${outer})`,
    categories: sql<string[]>`(select ${qualified(products.categories)} from ${products} where ${qualified(products.code)} = ${outer})`.mapWith(products.categories),
  };
}

/**
 * SQL: the stock levels of `variants` as one JSON object { variantCode: level } ('{}' when none has a stock row), a
 * scalar subquery for a statement that reads other things in the same round trip (server/cart/add-statements.ts).
 */
export function stockLevelsJsonSql(variants: string[]): SQL<Record<string, number>> {
  return sql`(select coalesce(json_object_agg(${stock.variantCode}, ${stock.level}), '{}'::json) from ${stock} where ${inArray(stock.variantCode, variants)})`;
}

/** SQL: the stock level of the variant `variantCode` names (an SQL expression), null without a stock row — a scalar
 *  subquery for another module's statement (server/cart/add-statements.ts checks the levels an add judged by). */
export function stockLevelSql(variantCode: SQL): SQL<number | null> {
  return sql`select ${stock.level} from ${stock} where ${stock.variantCode} = ${variantCode}`;
}
