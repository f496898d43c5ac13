// A delta of the catalogue read model (server/catalog/model.ts, issue 25): the changes after a snapshot's revision
// read with those things in one read-only snapshot (`readDelta`), then applied to a copy of only the maps they change
// (`applyDelta`), with the memo keys that changed (model-memo.ts) so that the answers reading none of them are kept.
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import * as s from '../db/tables';
import { loadProducts, stockLevelsOf, type CatalogProduct, type DevicePriceRow } from './repository';
import { newDeps, type Deps } from './model-memo';
import { addDevicePrices, addRefs, childlessOf, positions, reordered, type CmsRow, type Parts, type ReferenceRow } from './model-parts';
import type { CatalogSnapshot } from './model-snapshot';

/** The revision, the pruned revision and the changes after `since`, in one statement. */
export async function readChanges(db: DbOrTx, since: number): Promise<{ revision: number; pruned: number; changes: Array<{ kind: string; key: string }> }> {
  const rows = await db.select({
    revision: s.catalogRevision.revision, pruned: s.catalogRevision.prunedRevision, kind: s.catalogChanges.kind, key: s.catalogChanges.key,
  }).from(s.catalogRevision).leftJoin(s.catalogChanges, gt(s.catalogChanges.revision, since)).where(eq(s.catalogRevision.id, 1));
  const head = rows[0];
  return {
    revision: Number(head?.revision ?? 0), pruned: Number(head?.pruned ?? 0),
    changes: rows.flatMap((r) => (r.kind !== null && r.key !== null ? [{ kind: r.kind, key: r.key }] : [])),
  };
}

/** The things the change rows name, by kind. */
interface Changed {
  productCodes: Set<string>;
  stockVariants: Set<string>;
  devices: Set<string>;
  refProducts: Set<string>;
  cmsIds: Set<string>;
}

/** What a delta read in its one snapshot: the revision, the things changed and their rows. */
export interface DeltaRead {
  revision: number;
  productCodes: Set<string>;
  products: CatalogProduct[];
  stockOnly: string[];
  levels: Map<string, number>;
  devices: Set<string>;
  dp: DevicePriceRow[];
  refProducts: Set<string>;
  rf: ReferenceRow[];
  cmsIds: Set<string>;
  cms: CmsRow[];
}

/** The changes after `from`'s revision and the things they name, read in one read-only snapshot; null when the
 *  revision did not move. */
export function readDelta(db: Db, from: CatalogSnapshot): Promise<DeltaRead | null> {
  return db.transaction(async (tx) => {
    const head = await readChanges(tx, from.revision);
    if (head.revision === from.revision) return null;
    const changed = changedByKind(head.changes);
    await addProductsOfNewVariants(tx, from, changed);
    const stockOnly = stockOnlyVariants(from, changed);
    return readChangedRows(tx, head.revision, changed, stockOnly);
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The change rows sorted by kind into the things they name. */
function changedByKind(changes: Array<{ kind: string; key: string }>): Changed {
  const productCodes = new Set<string>();
  const stockVariants = new Set<string>();
  const devices = new Set<string>();
  const refProducts = new Set<string>();
  const cmsIds = new Set<string>();
  for (const c of changes) {
    if (c.kind === 'product') productCodes.add(c.key);
    else if (c.kind === 'stock') stockVariants.add(c.key);
    else if (c.kind === 'device_price') devices.add(c.key);
    else if (c.kind === 'reference') refProducts.add(c.key);
    else if (c.kind === 'cms') cmsIds.add(c.key);
  }
  return { productCodes, stockVariants, devices, refProducts, cmsIds };
}

/** A stock change of a variant the model does not know (new): its product is read in full. */
async function addProductsOfNewVariants(tx: DbOrTx, from: CatalogSnapshot, changed: Changed): Promise<void> {
  const unknownVariants: string[] = [];
  for (const v of changed.stockVariants) if (!from.productOfVariant.has(v)) unknownVariants.push(v);
  if (unknownVariants.length > 0) {
    const owners = await tx.select({ code: s.productVariants.code, productCode: s.productVariants.productCode }).from(s.productVariants)
      .where(inArray(s.productVariants.code, unknownVariants));
    for (const o of owners) changed.productCodes.add(o.productCode);
  }
}

/** The variants whose stock alone changed: known, of a product not read again in full. */
function stockOnlyVariants(from: CatalogSnapshot, changed: Changed): string[] {
  return [...changed.stockVariants].filter((v) => {
    const owner = from.productOfVariant.get(v);
    return owner !== undefined && !changed.productCodes.has(owner);
  });
}

/** The rows of the changed things: products in full, stock levels, device prices, references, CMS components. */
async function readChangedRows(tx: DbOrTx, revision: number, changed: Changed, stockOnly: string[]): Promise<DeltaRead> {
  const { productCodes, devices, refProducts, cmsIds } = changed;
  const products = await loadProducts(tx, { codes: [...productCodes] });
  const levels = await stockLevelsOf(tx, stockOnly);
  const dp = devices.size === 0 ? [] : await tx.select().from(s.devicePrices).where(inArray(s.devicePrices.deviceCode, [...devices])).orderBy(asc(s.devicePrices.id));
  const rf = refProducts.size === 0 ? [] : await tx.select().from(s.productReferences).where(inArray(s.productReferences.productCode, [...refProducts])).orderBy(asc(s.productReferences.sortOrder));
  const cms = cmsIds.size === 0 ? [] : await tx.select().from(s.cmsComponents).where(inArray(s.cmsComponents.id, [...cmsIds]));
  return { revision, productCodes, products, stockOnly, levels, devices, dp, refProducts, rf, cmsIds, cms };
}

/** A delta being applied: the previous parts, the maps copied at their first change, and what changed. */
interface Applying {
  p: Parts;
  changed: Deps;
  byCode: Map<string, CatalogProduct>;
  productOfVariant: Map<string, string>;
  /** a product came, went, moved in the order or changed its categories */
  membership: boolean;
  parents: boolean;
  replaced: Map<string, CatalogProduct>;
}

/** The parts of the snapshot after `from` with what `read` changed, and the memo keys that changed. */
export function applyDelta(from: CatalogSnapshot, read: DeltaRead): { parts: Parts; changed: Deps } {
  const p = from.parts();
  const a: Applying = { p, changed: newDeps(), byCode: p.byCode, productOfVariant: p.productOfVariant, membership: false, parents: false, replaced: new Map() };
  applyProducts(a, read);
  applyStockOnly(a, read);
  const { list, pos } = nextList(a, read);
  const dpByDevice = nextDevicePrices(a, read);
  const refs = nextRefs(a, read);
  const cms = nextCms(a, read);
  if (a.parents) a.changed.keys.add('parents');
  return {
    changed: a.changed,
    parts: {
      revision: read.revision, byCode: a.byCode, list, pos, productOfVariant: a.productOfVariant, dpByDevice, refs, cms,
      childless: a.parents || a.membership ? childlessOf(list) : p.childless,
    },
  };
}

/** Marks a product as changed: its keys and every category it was or is in. */
function touchProduct(a: Applying, old: CatalogProduct | undefined, now: CatalogProduct | undefined): void {
  const code = (now ?? old)!.product.code;
  a.changed.keys.add(`p:${code}`);
  a.changed.keys.add(`st:${code}`);
  for (const c of old?.product.categories ?? []) a.changed.cats.add(c);
  for (const c of now?.product.categories ?? []) a.changed.cats.add(c);
}

/** The products by code, copied from the previous snapshot's at the first change. */
const writableByCode = (a: Applying) => (a.byCode === a.p.byCode ? (a.byCode = new Map(a.p.byCode)) : a.byCode);
/** The variants' products, copied from the previous snapshot's at the first change. */
const writableVariants = (a: Applying) => (a.productOfVariant === a.p.productOfVariant ? (a.productOfVariant = new Map(a.p.productOfVariant)) : a.productOfVariant);

/** The products read again in full (or gone): replaced, their variants re-mapped. */
function applyProducts(a: Applying, read: DeltaRead): void {
  const { p } = a;
  const loaded = new Map(read.products.map((x) => [x.product.code, x]));
  for (const code of read.productCodes) {
    const old = p.byCode.get(code);
    const now = loaded.get(code);
    if (!old && !now) continue;
    touchProduct(a, old, now);
    if (!old || !now || old.product.sortOrder !== now.product.sortOrder || old.product.categories.join('\0') !== now.product.categories.join('\0')) a.membership = true;
    if ((old?.product.parentCode ?? null) !== (now?.product.parentCode ?? null)) a.parents = true;
    const oldVariants = old?.variants.map((v) => v.code).join('\0') ?? '';
    const newVariants = now?.variants.map((v) => v.code).join('\0') ?? '';
    if (oldVariants !== newVariants) {
      const m = writableVariants(a);
      for (const v of old?.variants ?? []) if (m.get(v.code) === code) m.delete(v.code);
      for (const v of now?.variants ?? []) m.set(v.code, code);
    }
    if (now) { writableByCode(a).set(code, now); a.replaced.set(code, now); } else { writableByCode(a).delete(code); }
  }
}

/** Stock alone: the product object again with those variants' levels (a variant without a stock row has 0). */
function applyStockOnly(a: Applying, read: DeltaRead): void {
  const { p } = a;
  if (read.stockOnly.length > 0) {
    const byProduct = new Map<string, string[]>();
    for (const v of read.stockOnly) {
      const owner = p.productOfVariant.get(v)!;
      const list = byProduct.get(owner);
      if (list) list.push(v); else byProduct.set(owner, [v]);
    }
    for (const [code, variants] of byProduct) {
      const old = (a.byCode.get(code) ?? p.byCode.get(code));
      if (!old) continue;
      const want = new Set(variants);
      const now: CatalogProduct = { ...old, variants: old.variants.map((v) => (want.has(v.code) ? { ...v, stockLevel: read.levels.get(v.code) ?? 0 } : v)) };
      // stock alone: the answers that show this product's stock or read it by its code (`st:`), not every answer
      // that scanned its categories (a list page that does not show it keeps its answer)
      a.changed.keys.add(`st:${code}`);
      writableByCode(a).set(code, now);
      a.replaced.set(code, now);
    }
  }
}

/** The list and positions: merged again when products came, went or moved; else the replaced objects in place. */
function nextList(a: Applying, read: DeltaRead): { list: CatalogProduct[]; pos: Map<string, number> } {
  const { p } = a;
  let list = p.list;
  let pos = p.pos;
  if (a.membership) {
    list = reordered(p.list, a.byCode, read.productCodes);
    pos = positions(list);
  } else if (a.replaced.size > 0) {
    list = p.list.slice();
    for (const [code, x] of a.replaced) list[pos.get(code)!] = x;
  }
  if (a.replaced.size > 0 || a.membership) a.changed.keys.add('any');
  return { list, pos };
}

/** Device prices of some devices read again: a device's categories are marked too (a list reads the prices of its devices). */
function nextDevicePrices(a: Applying, read: DeltaRead): Map<string, DevicePriceRow[]> {
  const { p } = a;
  let dpByDevice = p.dpByDevice;
  if (read.devices.size > 0) {
    dpByDevice = new Map(p.dpByDevice);
    for (const d of read.devices) {
      dpByDevice.delete(d);
      a.changed.keys.add(`dp:${d}`);
      a.changed.keys.add('any');
      for (const c of p.byCode.get(d)?.product.categories ?? []) a.changed.cats.add(c);
      for (const c of a.byCode.get(d)?.product.categories ?? []) a.changed.cats.add(c);
    }
    addDevicePrices(dpByDevice, read.dp);
  }
  return dpByDevice;
}

/** The references of some products read again. */
function nextRefs(a: Applying, read: DeltaRead): Map<string, Map<string, ReferenceRow[]>> {
  const { p } = a;
  let refs = p.refs;
  if (read.refProducts.size > 0) {
    refs = new Map(p.refs);
    for (const code of read.refProducts) { refs.delete(code); a.changed.keys.add(`ref:${code}`); }
    addRefs(refs, read.rf);
  }
  return refs;
}

/** Some CMS components read again (or gone). */
function nextCms(a: Applying, read: DeltaRead): Map<string, CmsRow> {
  const { p } = a;
  let cms = p.cms;
  if (read.cmsIds.size > 0) {
    cms = new Map(p.cms);
    for (const id of read.cmsIds) { cms.delete(id); a.changed.keys.add(`cms:${id}`); }
    for (const c of read.cms) cms.set(c.id, c);
    a.changed.keys.add('cms:*');
  }
  return cms;
}
