// Cart merge after login (seed 000 §4 "Cart merge after login"): the anonymous cart is merged into the
// user's cart. For now a simple union by product: an entry whose product (and colour) is already in the
// user's cart is kept once; other entries are copied with their bundles kept together.
// The statuses of the merge (success, accessoriesNeedMerge) are kept on the target cart and answered once by
// GET mergeCart (server/cart/routes.ts); `results` stay the authorize answer's `merge` list.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { cartEntries, carts, products } from '../db/schema';
import { inArray } from 'drizzle-orm';
import { bumpVersion, entriesOf, type EntryRow } from './service';

export type MergeStatus = 'merged' | 'alreadyInCart';
export interface MergeResult { productCode: string; variantCode: string | null; status: MergeStatus }

const keyOf = (e: Pick<EntryRow, 'productCode' | 'variantCode'>) => `${e.productCode}|${e.variantCode ?? ''}`;

/**
 * Moves the entries of cart `fromCartId` into cart `intoCartId` (union by product) and marks the source
 * cart MERGED. Runs inside the caller's transaction. Returns one result per source entry.
 */
export async function mergeCarts(tx: DbOrTx, fromCartId: number, intoCartId: number): Promise<MergeResult[]> {
  if (fromCartId === intoCartId) return [];
  const source = await entriesOf(tx, fromCartId);
  const target = await entriesOf(tx, intoCartId);
  const present = new Set(target.map(keyOf));
  // accessoriesNeedMerge (seed 000 §4): both carts hold accessories — they are merged, and GET mergeCart
  // tells the shopper so (the merge flow stops at the cart instead of going on to checkout).
  const codes = [...new Set([...source, ...target].map((e) => e.productCode))];
  const types = codes.length ? await tx.select({ code: products.code, type: products.type }).from(products).where(inArray(products.code, codes)) : [];
  const isAccessory = (e: EntryRow) => types.find((t) => t.code === e.productCode)?.type === 'ACCESSORY';
  const accessoriesClash = source.some(isAccessory) && target.some(isAccessory);
  const modifications: Array<{ statusCode: string; productCode: string; variantCode: string | null; entryNumber: number | null }> = [];
  let entryNumber = target.reduce((m, r) => Math.max(m, r.entryNumber + 1), 0);
  let bundleNo = target.reduce((m, r) => Math.max(m, r.bundleNo + 1), 1);
  const bundleMap = new Map<number, number>();
  const results: MergeResult[] = [];
  for (const e of source) {
    if (present.has(keyOf(e))) {
      results.push({ productCode: e.productCode, variantCode: e.variantCode, status: 'alreadyInCart' });
      if (accessoriesClash && isAccessory(e)) {
        modifications.push({ statusCode: 'accessoriesNeedMerge', productCode: e.productCode, variantCode: e.variantCode, entryNumber: target.find((t) => keyOf(t) === keyOf(e))?.entryNumber ?? null });
      }
      continue;
    }
    present.add(keyOf(e));
    let bn = bundleMap.get(e.bundleNo);
    if (bn === undefined) { bn = bundleNo++; bundleMap.set(e.bundleNo, bn); }
    const { id: _id, cartId: _cart, entryNumber: _n, bundleNo: _b, ...rest } = e;
    modifications.push({ statusCode: accessoriesClash && isAccessory(e) ? 'accessoriesNeedMerge' : 'success', productCode: e.productCode, variantCode: e.variantCode, entryNumber });
    await tx.insert(cartEntries).values({ ...rest, cartId: intoCartId, entryNumber: entryNumber++, bundleNo: bn });
    results.push({ productCode: e.productCode, variantCode: e.variantCode, status: 'merged' });
  }
  await tx.delete(cartEntries).where(eq(cartEntries.cartId, fromCartId));
  await tx.update(carts).set({ status: 'MERGED', updatedAt: new Date() }).where(eq(carts.id, fromCartId));
  await tx.update(carts).set({ mergeModifications: modifications }).where(eq(carts.id, intoCartId));
  if (results.some((r) => r.status === 'merged')) await bumpVersion(tx, intoCartId);
  return results;
}
