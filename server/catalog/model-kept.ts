// The catalogue read model kept between starts (server/catalog/model.ts `save` / `fromKept`): its shape (the
// sources that made it), the database's key, and the snapshot a kept model gives back.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { metaValueOnce, type Db } from '../db/index';
import { NO_DEVICE_PRICES, type CatalogProduct, type DevicePriceRow, type VariantRow } from './repository';
import { warmSearchIndex } from './search-index';
import { addDevicePrice, addRef, childlessOf, positions, type CmsRow, type Parts, type ReferenceRow } from './model-parts';
import { packRows, unpackRows, type PackedRows } from './model-pack';
import { compactVariant } from './model-compact';
import { CatalogSnapshot } from './model-snapshot';
import { nextTurn } from './model-build';

/** The sources of the model (server/catalog/model*.ts) and of the product reader. */
const SOURCES = ['./model.ts', './model-memo.ts', './model-parts.ts', './model-snapshot.ts', './model-delta.ts', './model-build.ts', './model-kept.ts', './model-pack.ts', './model-compact.ts', './repository.ts'];

/** The shape of a kept model: the sources of the model and of the product reader (another release never reads a file
 *  of an older one). */
export const CACHE_SHAPE = SOURCES.reduce((h, f) => h.update(readFileSync(new URL(f, import.meta.url))), createHash('sha256'))
  .digest('hex').slice(0, 16);
const CACHE_KEY = 'catalog.cacheKey';

/** A kept model (node:v8 serialization: Maps and Dates as they are; the big tables packed as columns, model-pack.ts). */
export interface KeptModel {
  shape: string;
  /** the database's own key (app_meta): a file of another database is never read */
  database: string;
  revision: number;
  /** the products in list order, each without its variants */
  products: Array<Omit<CatalogProduct, 'variants'>>;
  /** every product's variants in list order (without pictures), how many each product has, their pictures and how
   *  many each variant has */
  variants: PackedRows;
  variantCounts: Int32Array;
  images: PackedRows;
  imageCounts: Int32Array;
  /** the device prices and references, device by device and product by product as the snapshot holds them */
  devicePrices: PackedRows;
  references: PackedRows;
  cms: Map<string, CmsRow>;
}

/** The database's key for kept models: made once (a random id in app_meta), the same for every instance. */
export async function databaseKey(db: Db): Promise<string> {
  return metaValueOnce(db, CACHE_KEY, randomUUID());
}

/** The model to keep of a snapshot's parts. */
export function keptModelOf(p: Parts, database: string): KeptModel {
  const variants = p.list.flatMap((x) => x.variants);
  return {
    shape: CACHE_SHAPE, database, revision: p.revision,
    products: p.list.map(({ product, plan }) => ({ product, plan })),
    variants: packRows(variants.map(({ images: _, ...v }) => v)), variantCounts: Int32Array.from(p.list, (x) => x.variants.length),
    images: packRows(variants.flatMap((v) => v.images)), imageCounts: Int32Array.from(variants, (v) => v.images.length),
    devicePrices: packRows([...p.dpByDevice.values()].flat()),
    references: packRows([...p.refs.values()].flatMap((byType) => [...byType.values()].flat())),
    cms: p.cms,
  };
}

/** The snapshot of a kept model at its revision, its search index filled as a full build fills it. */
export async function snapshotOfKept(read: KeptModel): Promise<CatalogSnapshot> {
  const list = productsOf(read);
  const dpByDevice = new Map<string, DevicePriceRow[]>();
  unpackRows<DevicePriceRow, void>(read.devicePrices, (row) => addDevicePrice(dpByDevice, row));
  const refs = new Map<string, Map<string, ReferenceRow[]>>();
  unpackRows<ReferenceRow, void>(read.references, (row) => addRef(refs, row));
  const byCode = new Map<string, CatalogProduct>();
  const productOfVariant = new Map<string, string>();
  for (const p of list) {
    byCode.set(p.product.code, p);
    for (const v of p.variants) productOfVariant.set(v.code, p.product.code);
  }
  const snap = new CatalogSnapshot({
    revision: read.revision, byCode, list, pos: positions(list), productOfVariant,
    dpByDevice, refs, cms: read.cms, childless: childlessOf(list),
  });
  // the search index as a full build fills it, in slices (the event loop turns between them)
  const dpOf = (code: string): readonly DevicePriceRow[] => dpByDevice.get(code) ?? NO_DEVICE_PRICES;
  for (let i = 0; i < list.length; i += 250) {
    warmSearchIndex(list.slice(i, i + 250), dpOf);
    await nextTurn();
  }
  return snap;
}

/** The products with their variants and pictures again, each variant a compact row (model-compact.ts). */
function productsOf(read: KeptModel): CatalogProduct[] {
  type Picture = { url: string; altText: string };
  const pictures = unpackRows<Picture, Picture>(read.images, (i) => ({ url: i.url, altText: i.altText }));
  let picture = 0;
  const variants = unpackRows<Omit<VariantRow, 'images'>, VariantRow>(read.variants, (v, i) => {
    const images = pictures.slice(picture, picture += read.imageCounts[i]);
    return compactVariant(v, v.stockLevel, images);
  });
  let variant = 0;
  return read.products.map((p, i) => ({ ...p, variants: variants.slice(variant, variant += read.variantCounts[i]) }));
}
