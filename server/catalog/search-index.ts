// The search index (issue 25): what a search reads of a product, per product object — and the product summary it
// holds. Apart from server/catalog/search.ts so that the read model (model.ts) can fill it during a full rebuild
// without an import cycle.
import type { Lang } from '../lib/lang';
import { money, moneyOrNull } from '../lib/money';
import { colorFamily } from './colors';
import { monthlyFee, NO_DEVICE_PRICES, oneOffPrice, stockLevelStatus, type CatalogProduct, type DevicePriceRow } from './repository';
import type { ProductSummary as ApiProductSummary } from '../../schemas/types/api.catalog';

export const PRICE_RANGES: Array<{ code: string; min: number; max: number | null }> = [
  { code: '0-20000', min: 0, max: 20000 },
  { code: '20000-50000', min: 20000, max: 50000 },
  { code: '50000-100000', min: 50000, max: 100000 },
  { code: '100000-', min: 100000, max: null },
];

/** The API's ProductSummary (generated from schemas/api/catalog.json) plus the rating the sort uses. */
export type ProductSummary = ApiProductSummary & { rating: number };

export function productUrl(p: CatalogProduct): string {
  const first = p.variants.find((v) => v.stockLevel > 0) ?? p.variants[0];
  switch (p.product.type) {
    case 'DEVICE': return `/uredjaj/${p.product.code}${first ? `/${first.colorCode}` : ''}`;
    case 'ACCESSORY': case 'DROPSHIPPING': return `/uredjaj/${p.product.code}`;
    case 'ADDON_POSTPAID': case 'ADDON_PREPAID': case 'SHARED_NET': return '/dodaci';
    case 'STREAMING_SUBSCRIPTION': {
      const ott = p.product.categories.find((c) => c.startsWith('ott:'));
      return ott ? `/Digitalni-servisi/${ott.slice(4)}` : '/Digitalni-servisi';
    }
    default: return `/Privatni/Tarife/${p.product.code}`;
  }
}

export function summarize(p: CatalogProduct, dp: readonly DevicePriceRow[], lang: Lang): ProductSummary {
  const own = oneOffPrice(p);
  const fee = monthlyFee(p);
  const installments = dp.filter((d) => d.deviceCode === p.product.code && d.installmentPrice !== null).map((d) => d.installmentPrice!);
  const total = p.variants.reduce((n, v) => n + Math.max(v.stockLevel, 0), 0);
  const cover = (p.variants.find((v) => v.stockLevel > 0) ?? p.variants[0])?.images[0];
  return {
    code: p.product.code, name: p.product.name, url: productUrl(p), brand: { name: p.product.brand },
    productOfferingType: p.product.type, esim: p.product.esim,
    images: cover ? [cover] : [],
    colors: p.product.type === 'DEVICE' ? p.variants.map((v) => ({ colorCode: v.colorCode, colorName: v.colorName[lang], colorHex: v.colorHex })) : [],
    // a postpaid tariff has only its monthly fee (no one-off price)
    price: own ? money(own.price, lang) : fee !== null && p.product.type !== 'TARIFF' ? money(fee, lang) : null,
    monthlyPrice: installments.length ? money(Math.min(...installments), lang) : moneyOrNull(fee, lang),
    stock: { stockLevelStatus: p.variants.length === 0 ? 'inStock' : stockLevelStatus(total) },
    rating: p.product.rating,
    bestOffer: p.product.bestOffer,
  };
}

/**
 * The search index (issue 25): what a search reads of a product, computed once per product OBJECT and kept in a
 * WeakMap. A delta replaces only the changed products' objects (server/catalog/model.ts), so after it only those
 * entries are computed again; the others (and every entry of a product no snapshot holds any more) go with their
 * objects. The lists themselves are still read through the snapshot (`products`, `devicePriceList`), so a memoized
 * answer records what it depends on exactly as before.
 */
export interface IndexEntry {
  /** name and brand in lower case (Serbian rules): what free text matches */
  text: string;
  /** facet values that do not depend on the language or the device prices */
  brand: string[];
  color: string[];
  esim: string[];
  /** the summary per language, with the device price list it was made from (a price change replaces that list) */
  summaries: Partial<Record<Lang, Summarized>>;
}
export interface Summarized { dp: readonly DevicePriceRow[]; s: ProductSummary; price: string[] }

const searchIndex = new WeakMap<CatalogProduct, IndexEntry>();
export const indexCounters = { entriesBuilt: 0, summariesBuilt: 0 };

/** How many index entries and summaries were computed since the start (tests, metrics). */
export function searchIndexStats(): { entriesBuilt: number; summariesBuilt: number } {
  return { ...indexCounters };
}

export function entryOf(p: CatalogProduct): IndexEntry {
  let e = searchIndex.get(p);
  if (!e) {
    indexCounters.entriesBuilt++;
    const type = p.product.type;
    e = {
      text: `${p.product.name} ${p.product.brand}`.toLocaleLowerCase('sr'),
      brand: [p.product.brand],
      color: type === 'DEVICE' ? p.variants.map((v) => colorFamily(v.colorHex).code) : [],
      // only phones and tariffs take a SIM: accessories and appliances have no eSIM facet
      esim: type === 'DEVICE' || type === 'TARIFF' ? [p.product.esim === 'NONE' ? 'NONE' : 'ESIM'] : [],
      summaries: {},
    };
    searchIndex.set(p, e);
  }
  return e;
}

/**
 * Computes the entries and both languages' summaries of these products ahead (a full rebuild's slices, off any
 * request: the first search after the rebuild then finds them). `dpOf` answers exactly what the snapshot's
 * `devicePriceList` will (the same list objects), so the summaries are kept when a search reads them.
 */
export function warmSearchIndex(products: readonly CatalogProduct[], dpOf: (deviceCode: string) => readonly DevicePriceRow[]): void {
  for (const p of products) {
    const e = entryOf(p);
    const dp = p.product.type === 'DEVICE' ? dpOf(p.product.code) : NO_PRICES;
    for (const lang of LANGS) {
      if (e.summaries[lang]?.dp === dp) continue;
      indexCounters.summariesBuilt++;
      const s = summarize(p, dp, lang);
      e.summaries[lang] = { dp, s, price: priceRangeOf(s) };
    }
  }
}
const LANGS: Lang[] = ['sr', 'en'];

export const priceRangeOf = (s: ProductSummary): string[] => {
  const r = PRICE_RANGES.find((x) => s.price && s.price.value >= x.min && (x.max === null || s.price.value < x.max));
  return r ? [r.code] : [];
};

/** A product that is not a device has no device prices (the old scan read only the devices' prices). */
export const NO_PRICES = NO_DEVICE_PRICES;


