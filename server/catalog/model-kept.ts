// The catalogue read model kept between starts (server/catalog/model.ts `save` / `fromKept`): its shape (the
// sources that made it), the database's key, and the snapshot a kept model gives back.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { metaValueOnce, type Db } from '../db/index';
import { NO_DEVICE_PRICES, type CatalogProduct, type DevicePriceRow } from './repository';
import { warmSearchIndex } from './search-index';
import { addDevicePrices, addRefs, childlessOf, positions, type CmsRow, type ReferenceRow } from './model-parts';
import { compactVariant } from './model-compact';
import { CatalogSnapshot } from './model-snapshot';
import { nextTurn } from './model-build';

/** The sources of the model (server/catalog/model*.ts) and of the product reader. */
const SOURCES = ['./model.ts', './model-memo.ts', './model-parts.ts', './model-snapshot.ts', './model-delta.ts', './model-build.ts', './model-kept.ts', './repository.ts'];

/** The shape of a kept model: the sources of the model and of the product reader (another release never reads a file
 *  of an older one). */
export const CACHE_SHAPE = SOURCES.reduce((h, f) => h.update(readFileSync(new URL(f, import.meta.url))), createHash('sha256'))
  .digest('hex').slice(0, 16);
const CACHE_KEY = 'catalog.cacheKey';

/** A kept model (node:v8 serialization: Maps and Dates as they are). */
export interface KeptModel {
  shape: string;
  /** the database's own key (app_meta): a file of another database is never read */
  database: string;
  revision: number;
  list: CatalogProduct[];
  dpByDevice: Map<string, DevicePriceRow[]>;
  refs: Map<string, Map<string, ReferenceRow[]>>;
  cms: Map<string, CmsRow>;
}

/** The database's key for kept models: made once (a random id in app_meta), the same for every instance. */
export async function databaseKey(db: Db): Promise<string> {
  return metaValueOnce(db, CACHE_KEY, randomUUID());
}

/** The snapshot of a kept model at its revision, its search index filled as a full build fills it. */
export async function snapshotOfKept(read: KeptModel): Promise<CatalogSnapshot> {
  const kept = compacted(read);
  const byCode = new Map<string, CatalogProduct>();
  const productOfVariant = new Map<string, string>();
  for (const p of kept.list) {
    byCode.set(p.product.code, p);
    for (const v of p.variants) productOfVariant.set(v.code, p.product.code);
  }
  const snap = new CatalogSnapshot({
    revision: kept.revision, byCode, list: kept.list, pos: positions(kept.list), productOfVariant,
    dpByDevice: kept.dpByDevice, refs: kept.refs, cms: kept.cms, childless: childlessOf(kept.list),
  });
  // the search index as a full build fills it, in slices (the event loop turns between them)
  const dpOf = (code: string): readonly DevicePriceRow[] => kept.dpByDevice.get(code) ?? NO_DEVICE_PRICES;
  for (let i = 0; i < kept.list.length; i += 250) {
    warmSearchIndex(kept.list.slice(i, i + 250), dpOf);
    await nextTurn();
  }
  return snap;
}

/**
 * The kept model with its rows compact again (model-compact.ts): node:v8 gives objects back built one property at a
 * time and a string per row (it keeps shared objects shared, not equal strings), as the build's rows were before.
 */
function compacted(kept: KeptModel): KeptModel {
  const list = kept.list.map((p) => ({ ...p, variants: p.variants.map((v) => compactVariant(v, v.stockLevel, v.images)) }));
  const dpByDevice = new Map<string, DevicePriceRow[]>();
  for (const rows of kept.dpByDevice.values()) addDevicePrices(dpByDevice, rows);
  const refs = new Map<string, Map<string, ReferenceRow[]>>();
  for (const byType of kept.refs.values()) for (const rows of byType.values()) addRefs(refs, rows);
  return { ...kept, list, dpByDevice, refs };
}
