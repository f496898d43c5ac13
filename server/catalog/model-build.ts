// A full build of the catalogue read model (server/catalog/model.ts): the whole catalogue read in slices — pages of
// products in list order, each read, built and its search index entries computed, then a turn of the event loop.
import { asc } from 'drizzle-orm';
import { anyOf, type Db } from '../db/index';
import * as s from '../db/tables';
import { completePage, NO_DEVICE_PRICES, productPageRows, type CatalogProduct, type DevicePriceRow, type PageCursor } from './repository';
import { warmSearchIndex } from './search-index';
import { addDevicePrices, addRefs, bySortOrder, childlessOf, positions, type ReferenceRow } from './model-parts';
import { CatalogSnapshot } from './model-snapshot';

/** Resolves at the next turn of the event loop (after the I/O waiting). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** This process's CPU time so far, ms (user and system). */
export const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** What the pages of a full build read: the products in the order read (`ordered`: it was the list's order). */
export interface PagesRead {
  byCode: Map<string, CatalogProduct>;
  productOfVariant: Map<string, string>;
  dpByDevice: Map<string, DevicePriceRow[]>;
  refs: Map<string, Map<string, ReferenceRow[]>>;
  list: CatalogProduct[];
  pos: Map<string, number>;
  ordered: boolean;
}

/**
 * Every product, page by page in list order, with its device prices and references. The page size adapts so that a
 * slice costs about `sliceMs` of CPU; `slice(since)` counts a slice and answers its CPU ms.
 */
export async function readProductPages(db: Db, o: { pageSize: number; sliceMs: number }, slice: (since: number) => number): Promise<PagesRead> {
  const byCode = new Map<string, CatalogProduct>();
  const productOfVariant = new Map<string, string>();
  const dpByDevice = new Map<string, DevicePriceRow[]>();
  const refs = new Map<string, Map<string, ReferenceRow[]>>();
  const list: CatalogProduct[] = [];
  const pos = new Map<string, number>();
  const dpOf = (code: string): readonly DevicePriceRow[] => dpByDevice.get(code) ?? NO_DEVICE_PRICES;
  let ordered = true;
  let after: PageCursor | null = null;
  let size = Math.min(o.pageSize, 25);
  for (;;) {
    const t0 = cpuMs();
    const rows = await productPageRows(db, after, size);
    if (rows.length === 0) { slice(t0); break; }
    const codes = rows.map((p) => p.code);
    // the page's reads side by side on the pool (the build never runs in a transaction): two round trips a page
    const [page, dp, rf] = await Promise.all([
      completePage(db, rows),
      db.select().from(s.devicePrices).where(anyOf(s.devicePrices.deviceCode, codes)).orderBy(asc(s.devicePrices.id)),
      db.select().from(s.productReferences).where(anyOf(s.productReferences.productCode, codes)).orderBy(asc(s.productReferences.sortOrder)),
    ]);
    for (const p of page) {
      // a product changed between two pages may come twice (its sort order moved): the catch-up reads it again
      if (byCode.has(p.product.code)) continue;
      const last = list[list.length - 1];
      if (last && bySortOrder(last, p) > 0) ordered = false;
      byCode.set(p.product.code, p);
      pos.set(p.product.code, list.length);
      list.push(p);
      for (const v of p.variants) productOfVariant.set(v.code, p.product.code);
    }
    addDevicePrices(dpByDevice, dp);
    addRefs(refs, rf);
    warmSearchIndex(page, dpOf);
    const lastRow = page[page.length - 1].product;
    after = { sortOrder: lastRow.sortOrder, code: lastRow.code };
    const spent = slice(t0);
    // the next page: as many products as fit the budget at this page's cost (at most twice as many, at least 5)
    size = Math.max(5, Math.min(o.pageSize, size * 2, Math.round((size * o.sliceMs) / Math.max(spent, 0.1))));
    await nextTurn();
  }
  return { byCode, productOfVariant, dpByDevice, refs, list, pos, ordered };
}

/** The snapshot of a full build's pages at `revision`, with the CMS components (sorted here when the database's order
 *  was not the list's). */
export async function snapshotOfPages(db: Db, revision: number, read: PagesRead): Promise<CatalogSnapshot> {
  const { byCode, productOfVariant, dpByDevice, refs, list, pos, ordered } = read;
  const cmsRows = await db.select().from(s.cmsComponents);
  let finalList = list;
  let finalPos = pos;
  if (!ordered) {
    // the database's order was not the list's (a collation that is not byte order): sorted here instead
    finalList = list.slice().sort(bySortOrder);
    finalPos = positions(finalList);
  }
  const snap = new CatalogSnapshot({
    revision, byCode, list: finalList, pos: finalPos, productOfVariant, dpByDevice, refs,
    cms: new Map(cmsRows.map((c) => [c.id, c])), childless: childlessOf(finalList),
  });
  return snap;
}
