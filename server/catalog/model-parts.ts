// The parts of a catalogue snapshot (server/catalog/model.ts) and how they are made: the list by sort order with each
// product's position, the tariffs without children, the references and device prices by their key.
import type * as s from '../db/tables';
import type { CatalogProduct, DevicePriceRow } from './repository';
import { compactDevicePrice, compactReference } from './model-compact';

export type ReferenceRow = typeof s.productReferences.$inferSelect;
export type CmsRow = typeof s.cmsComponents.$inferSelect;

/** The parts of a snapshot; a delta copies only the maps it changes. */
export interface Parts {
  revision: number;
  byCode: Map<string, CatalogProduct>;
  /** the products by sort order, and each one's index in it */
  list: CatalogProduct[];
  pos: Map<string, number>;
  productOfVariant: Map<string, string>;
  dpByDevice: Map<string, DevicePriceRow[]>;
  /** product code → reference type → rows by sortOrder */
  refs: Map<string, Map<string, ReferenceRow[]>>;
  cms: Map<string, CmsRow>;
  childless: Set<string>;
}

/** The list order: by sort order, then by code (byte order). */
export const bySortOrder = (a: CatalogProduct, b: CatalogProduct) => a.product.sortOrder - b.product.sortOrder || (a.product.code < b.product.code ? -1 : a.product.code > b.product.code ? 1 : 0);

/** Each product's index in the list, by code. */
export function positions(list: CatalogProduct[]): Map<string, number> {
  const pos = new Map<string, number>();
  list.forEach((p, i) => pos.set(p.product.code, i));
  return pos;
}

/** The list after some products came, went or moved (`changed`, by code): the others keep their order and the
 *  changed ones are merged in — linear, not a sort of the whole catalogue. */
export function reordered(list: CatalogProduct[], byCode: Map<string, CatalogProduct>, changed: Set<string>): CatalogProduct[] {
  const moved: CatalogProduct[] = [];
  for (const code of changed) { const p = byCode.get(code); if (p) moved.push(p); }
  moved.sort(bySortOrder);
  const out: CatalogProduct[] = [];
  let j = 0;
  for (const old of list) {
    const code = old.product.code;
    if (changed.has(code)) continue;
    const p = byCode.get(code)!;
    while (j < moved.length && bySortOrder(moved[j], p) < 0) out.push(moved[j++]);
    out.push(p);
  }
  while (j < moved.length) out.push(moved[j++]);
  return out;
}

/** The tariffs no product names as its parent. */
export function childlessOf(list: CatalogProduct[]): Set<string> {
  const parents = new Set<string>();
  for (const p of list) if (p.product.parentCode !== null) parents.add(p.product.parentCode);
  const out = new Set<string>();
  for (const p of list) if (!parents.has(p.product.code)) out.add(p.product.code);
  return out;
}

/** Adds reference rows under their product and reference type (compact copies: model-compact.ts). */
export function addRefs(refs: Map<string, Map<string, ReferenceRow[]>>, rows: Iterable<ReferenceRow>): void {
  for (const row of rows) addRef(refs, row);
}

/** Adds one reference row (a compact copy) under its product and type. */
export function addRef(refs: Map<string, Map<string, ReferenceRow[]>>, row: ReferenceRow): void {
  const r = compactReference(row);
  let byType = refs.get(r.productCode);
  if (!byType) refs.set(r.productCode, byType = new Map());
  const list = byType.get(r.referenceType);
  if (list) list.push(r); else byType.set(r.referenceType, [r]);
}

/** Adds device price rows under their device (compact copies: model-compact.ts). */
export function addDevicePrices(dp: Map<string, DevicePriceRow[]>, rows: Iterable<DevicePriceRow>): void {
  for (const row of rows) addDevicePrice(dp, row);
}

/** Adds one device price row (a compact copy) under its device. */
export function addDevicePrice(dp: Map<string, DevicePriceRow[]>, row: DevicePriceRow): void {
  const d = compactDevicePrice(row);
  const list = dp.get(d.deviceCode);
  if (list) list.push(d); else dp.set(d.deviceCode, [d]);
}
