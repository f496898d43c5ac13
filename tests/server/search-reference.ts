// The product search as it was before its index (issue 25, commit 08518f0 of server/catalog/search.ts): a plain scan
// of the category's products per query, summarizing each one. Kept as the oracle that the indexed search
// (server/catalog/search.ts) must answer exactly like (tests/server/search-index.test.ts); not used by the server.
// What it checks is which products are found, in which order and with which facet counts: the answer built from them
// (names, links, pagination) is the server's own `searchAnswer`.
import type { Lang } from '../../server/lib/lang';
import type { UiDocuments } from '../../server/ui/index';
import { colorFamily } from '../../server/catalog/colors';
import type { CatalogProduct } from '../../server/catalog/repository';
import type { CatalogSnapshot } from '../../server/catalog/model';
import { PRICE_RANGES } from '../../server/catalog/search-index';
import {
  parseQuery, SEARCH_CATEGORY, SEARCHED_CATEGORIES, searchAnswer, summarize,
  type ProductSummary, type SearchParams, type SortCode,
} from '../../server/catalog/search';

export function referenceSearch(cat: CatalogSnapshot, ui: UiDocuments, params: SearchParams, lang: Lang) {
  const category = params.categoryCode ?? 'telefoni';
  // a parent tariff only groups its children (seed 000 §2): it has no price plan of its own and is not listed
  const listed = category === SEARCH_CATEGORY
    ? cat.products({ categories: SEARCHED_CATEGORIES })
    : cat.products({ category });
  const all = listed.filter((p) => !(p.product.type === 'TARIFF' && p.plan === null));
  const dp = cat.devicePricesOf(all.filter((p) => p.product.type === 'DEVICE').map((p) => p.product.code));
  const summaries = all.map((p) => ({ p, s: summarize(p, dp, lang) }));
  const q = parseQuery(params.query, params.sort);
  const needle = q.text.toLocaleLowerCase('sr');

  const priceRange = (s: ProductSummary) => PRICE_RANGES.find((r) => s.price && s.price.value >= r.min && (r.max === null || s.price.value < r.max))?.code;
  const facetValue: Record<string, (x: { p: CatalogProduct; s: ProductSummary }) => string[]> = {
    brand: (x) => [x.p.product.brand],
    price: (x) => { const r = priceRange(x.s); return r ? [r] : []; },
    color: (x) => x.p.product.type === 'DEVICE' ? x.p.variants.map((v) => colorFamily(v.colorHex).code) : [],
    // only phones and tariffs take a SIM: accessories and appliances have no eSIM facet
    esim: (x) => x.p.product.type === 'DEVICE' || x.p.product.type === 'TARIFF' ? [x.p.product.esim === 'NONE' ? 'NONE' : 'ESIM'] : [],
  };
  const matchesText = (x: { p: CatalogProduct }) => !needle || `${x.p.product.name} ${x.p.product.brand}`.toLocaleLowerCase('sr').includes(needle);
  const matchesFilters = (x: { p: CatalogProduct; s: ProductSummary }, except?: string) => {
    const byKey = new Map<string, string[]>();
    for (const [k, v] of q.filters) if (k !== except) byKey.set(k, [...(byKey.get(k) ?? []), v]);
    for (const [k, vals] of byKey) {
      const fn = facetValue[k];
      if (!fn) continue;
      const have = fn(x);
      if (!vals.some((v) => have.includes(v))) return false;
    }
    return true;
  };

  let hits = summaries.filter((x) => matchesText(x) && matchesFilters(x));
  const byPrice = (x: { s: ProductSummary }) => x.s.price?.value ?? 0;
  const collator = new Intl.Collator(lang === 'sr' ? 'sr-Latn' : 'en');
  const sorters: Record<SortCode, (a: typeof hits[number], b: typeof hits[number]) => number> = {
    relevance: (a, b) => a.p.product.sortOrder - b.p.product.sortOrder,
    topRated: (a, b) => b.p.product.rating - a.p.product.rating || a.p.product.sortOrder - b.p.product.sortOrder,
    'name-asc': (a, b) => collator.compare(a.s.name, b.s.name),
    'name-desc': (a, b) => collator.compare(b.s.name, a.s.name),
    'price-asc': (a, b) => byPrice(a) - byPrice(b) || collator.compare(a.s.name, b.s.name),
    'price-desc': (a, b) => byPrice(b) - byPrice(a) || collator.compare(a.s.name, b.s.name),
  };
  const sort: SortCode = params.searchQueryContext === 'MAIN_PAGE' && !params.sort ? 'topRated' : q.sort;
  hits = [...hits].sort(sorters[sort]);

  const totalResults = hits.length;
  const totalPages = Math.max(1, Math.ceil(totalResults / params.pageSize));
  const pageItems = hits.slice(params.page * params.pageSize, (params.page + 1) * params.pageSize).map((x) => x.s);

  // a facet value's count: the products passing the text and every OTHER selected facet
  const counts = new Map<string, Map<string, number>>();
  for (const code of Object.keys(facetValue)) {
    const m = new Map<string, number>();
    for (const x of summaries) {
      if (!matchesText(x) || !matchesFilters(x, code)) continue;
      for (const v of new Set(facetValue[code](x))) m.set(v, (m.get(v) ?? 0) + 1);
    }
    counts.set(code, m);
  }
  return searchAnswer(ui, lang, { q, params, category, sort, pageItems, totalResults, totalPages, counts });
}
