// Indexes of one catalogue snapshot for search, details, compare and suggestions (issue 25): built lazily, once per
// snapshot, held in a WeakMap keyed by the snapshot object (dropped with it), so a request answers in time linear in
// what it lists — never products × device prices, products × products or a collator sort of every product per query.
//   - per product: its position in the catalogue order, its lower-cased search text, its facet values (brand, colour
//     families, eSIM, price range) and its price; its summary per language (built when a page first shows it);
//   - per category: the listed products in catalogue order;
//   - per language: each product's rank by name (one collator sort per snapshot), so name and price sorts compare
//     integers;
//   - the postpaid tariffs with the children of each parent (the offers of every phone page).
import type { Lang } from '../lib/lang';
import { colorFamily } from './colors';
import type { CatalogSnapshot } from './model';
import { monthlyFee, oneOffPrice, type CatalogProduct } from './repository';
import { summarize, type ProductSummary } from './search';

export const PRICE_RANGES: Array<{ code: string; min: number; max: number | null }> = [
  { code: '0-20000', min: 0, max: 20000 },
  { code: '20000-50000', min: 20000, max: 50000 },
  { code: '50000-100000', min: 50000, max: 100000 },
  { code: '100000-', min: 100000, max: null },
];

export const FACET_CODES = ['brand', 'price', 'color', 'esim'] as const;
export type FacetCode = (typeof FACET_CODES)[number];

export interface IndexedProduct {
  p: CatalogProduct;
  /** position in the snapshot's catalogue order (sort order) */
  pos: number;
  /** `name brand`, lower-cased as the search compares it */
  hay: string;
  /** the price a list shows and sorts by (para; 0 when none) */
  price: number;
  facets: Record<FacetCode, string[]>;
}

export class SnapshotIndex {
  private readonly entries = new Map<string, IndexedProduct>();
  private readonly lists = new Map<string, IndexedProduct[]>();
  private readonly summaries = { sr: new Map<string, ProductSummary>(), en: new Map<string, ProductSummary>() };
  private readonly nameRanks = new Map<Lang, Map<string, number>>();
  private tariffsCache: { roots: CatalogProduct[]; childrenOf: Map<string, CatalogProduct[]> } | null = null;

  constructor(private readonly cat: CatalogSnapshot) {
    cat.all.forEach((p, pos) => {
      // the price a summary shows (summarize: the own one-off price, else the monthly fee but for a tariff), in para
      const own = oneOffPrice(p);
      const fee = own ? null : monthlyFee(p);
      const para = own ? own.price : fee !== null && p.product.type !== 'TARIFF' ? fee : null;
      const price = para === null ? null : Math.round(para) / 100; // RSD, as Money.value
      const range = price === null ? undefined : PRICE_RANGES.find((r) => price >= r.min && (r.max === null || price < r.max))?.code;
      const type = p.product.type;
      this.entries.set(p.product.code, {
        p, pos, hay: `${p.product.name} ${p.product.brand}`.toLocaleLowerCase('sr'), price: price ?? 0,
        facets: {
          brand: [p.product.brand],
          price: range ? [range] : [],
          color: type === 'DEVICE' ? [...new Set(p.variants.map((v) => colorFamily(v.colorHex).code))] : [],
          // only phones and tariffs take a SIM: accessories and appliances have no eSIM facet
          esim: type === 'DEVICE' || type === 'TARIFF' ? [p.product.esim === 'NONE' ? 'NONE' : 'ESIM'] : [],
        },
      });
    });
  }

  entry(code: string): IndexedProduct | undefined {
    return this.entries.get(code);
  }

  /** The products of a category (or of several: any of them), in catalogue order; built once per key. */
  listed(key: string, inCategory: (categories: string[]) => boolean): IndexedProduct[] {
    let list = this.lists.get(key);
    if (!list) {
      list = [];
      for (const e of this.entries.values()) if (inCategory(e.p.product.categories)) list.push(e);
      list.sort((a, b) => a.pos - b.pos);
      this.lists.set(key, list);
    }
    return list;
  }

  /** The list summary of a product in a language (the same object for every list that shows it). */
  summary(e: IndexedProduct, lang: Lang): ProductSummary {
    const m = this.summaries[lang];
    let s = m.get(e.p.product.code);
    if (!s) m.set(e.p.product.code, (s = summarize(e.p, this.cat.devicePricesOf([e.p.product.code]), lang)));
    return s;
  }

  /** Each product's rank by name in a language (the collator's order; ties by catalogue order). */
  nameRank(lang: Lang): Map<string, number> {
    let ranks = this.nameRanks.get(lang);
    if (!ranks) {
      const collator = new Intl.Collator(lang === 'sr' ? 'sr-Latn' : 'en');
      const sorted = [...this.entries.values()].sort((a, b) => collator.compare(a.p.product.name, b.p.product.name) || a.pos - b.pos);
      ranks = new Map();
      // equal names share a rank, as the collator compares them
      let rank = 0;
      sorted.forEach((e, i) => {
        if (i > 0 && collator.compare(sorted[i - 1].p.product.name, e.p.product.name) !== 0) rank = i;
        ranks!.set(e.p.product.code, rank);
      });
      this.nameRanks.set(lang, ranks);
    }
    return ranks;
  }

  /** Products by code, in catalogue order (as CatalogSnapshot.products({ codes }) answers), without a scan. */
  byCodes(codes: string[]): CatalogProduct[] {
    const found: IndexedProduct[] = [];
    for (const c of new Set(codes)) { const e = this.entries.get(c); if (e) found.push(e); }
    return found.sort((a, b) => a.pos - b.pos).map((e) => e.p);
  }

  /** The postpaid tariffs of the phone pages: the roots, and the children of each parent, in catalogue order. */
  tariffs(): { roots: CatalogProduct[]; childrenOf: Map<string, CatalogProduct[]> } {
    if (!this.tariffsCache) {
      const tariffs = this.listed('category:tarife', (c) => c.includes('tarife')).map((e) => e.p).filter((t) => t.product.type === 'TARIFF');
      const childrenOf = new Map<string, CatalogProduct[]>();
      for (const t of tariffs) {
        const parent = t.product.parentCode;
        if (!parent) continue;
        const list = childrenOf.get(parent) ?? [];
        list.push(t);
        childrenOf.set(parent, list);
      }
      this.tariffsCache = { roots: tariffs.filter((t) => !t.product.parentCode), childrenOf };
    }
    return this.tariffsCache;
  }
}

const indexes = new WeakMap<CatalogSnapshot, SnapshotIndex>();

/** The index of a snapshot, built on first use. */
export function indexOf(cat: CatalogSnapshot): SnapshotIndex {
  let ix = indexes.get(cat);
  if (!ix) indexes.set(cat, (ix = new SnapshotIndex(cat)));
  return ix;
}
