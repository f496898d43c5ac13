// What the SUGGESTED_PRODUCTS checkout step offers with a tariff or package (seed 001 §3 "Suggested-products data"):
// its references of the step's relation types with maxAllowedQuantity, preselected, isRemovableEntry and free, and
// the product's freeAddonsLimit. Read from the tables (not the read model): the cart reads it under its row lock.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { productReferences, products } from './schema';

/** Relation types of the step: the checkout add-ons (GET …/carts/addons) and the accessories (GET …/carts/references). */
export const ADDON_RELATIONS = ['TARIFF_ADDON_RELATION', 'DIGITAL_SERVICE_RELATION'] as const;
export const ACCESSORY_RELATIONS = ['CROSSELLING', 'STB_PRODUCT_RELATION'] as const;
export type SuggestedRelation = (typeof ADDON_RELATIONS)[number] | (typeof ACCESSORY_RELATIONS)[number];
/** Seed 001 §9: add-on and accessory fetch page size; default maximum promo product quantity. */
export const SUGGESTED_PAGE_SIZE = 100;
export const DEFAULT_MAX_PROMO_QUANTITY = 100;

export interface SuggestedOffer {
  code: string; referenceType: SuggestedRelation; maxAllowedQuantity: number; preselected: boolean; isRemovableEntry: boolean; free: boolean;
}

export async function suggestedOffers(db: DbOrTx, productCode: string, relations: readonly SuggestedRelation[], pageSize = SUGGESTED_PAGE_SIZE): Promise<{ freeAddonsLimit: number; offers: SuggestedOffer[] }> {
  const [p] = await db.select({ limit: products.freeAddonsLimit }).from(products).where(eq(products.code, productCode));
  if (!p || relations.length === 0) return { freeAddonsLimit: p?.limit ?? 0, offers: [] };
  const rows = await db.select().from(productReferences)
    .where(and(eq(productReferences.productCode, productCode), inArray(productReferences.referenceType, [...relations])))
    .orderBy(asc(productReferences.sortOrder), asc(productReferences.targetCode)).limit(pageSize * relations.length);
  const offers = relations.flatMap((rel) => rows.filter((r) => r.referenceType === rel).slice(0, pageSize).map((r) => ({
    code: r.targetCode, referenceType: rel, maxAllowedQuantity: r.maxAllowedQuantity ?? DEFAULT_MAX_PROMO_QUANTITY,
    preselected: r.preselected, isRemovableEntry: r.isRemovableEntry, free: r.free,
  })));
  return { freeAddonsLimit: p.limit ?? 0, offers };
}
