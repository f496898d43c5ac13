// Cart merge after login (seed 000 §4 "Cart merge after login"): the anonymous cart is merged into the
// user's cart. For now a simple union by product: an entry whose product (and colour) is already in the
// user's cart is kept once; other entries are copied with their bundles kept together.
// Extension point: the merge statuses of seed 000 §4 (productsNeedReplace, maxOrderQuantityExceeded,
// accessoriesNeedMerge, …) can be judged per copied bundle here and returned in `results`.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { cartEntries, carts } from '../db/schema';
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
  let entryNumber = target.reduce((m, r) => Math.max(m, r.entryNumber + 1), 0);
  let bundleNo = target.reduce((m, r) => Math.max(m, r.bundleNo + 1), 1);
  const bundleMap = new Map<number, number>();
  const results: MergeResult[] = [];
  for (const e of source) {
    if (present.has(keyOf(e))) {
      results.push({ productCode: e.productCode, variantCode: e.variantCode, status: 'alreadyInCart' });
      continue;
    }
    present.add(keyOf(e));
    let bn = bundleMap.get(e.bundleNo);
    if (bn === undefined) { bn = bundleNo++; bundleMap.set(e.bundleNo, bn); }
    const { id: _id, cartId: _cart, entryNumber: _n, bundleNo: _b, ...rest } = e;
    await tx.insert(cartEntries).values({ ...rest, cartId: intoCartId, entryNumber: entryNumber++, bundleNo: bn });
    results.push({ productCode: e.productCode, variantCode: e.variantCode, status: 'merged' });
  }
  await tx.delete(cartEntries).where(eq(cartEntries.cartId, fromCartId));
  await tx.update(carts).set({ status: 'MERGED', updatedAt: new Date() }).where(eq(carts.id, fromCartId));
  if (results.some((r) => r.status === 'merged')) await bumpVersion(tx, intoCartId);
  return results;
}
