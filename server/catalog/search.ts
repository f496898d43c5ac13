// productSearch: category, free text, facets (groupType), sorts of seed 001 §2, pagination, breadcrumbs.
// The query string follows the commerce platform: "freeText:sort:facet:value:facet:value".
import type { Lang, MessageSource } from '../lib/lang';
import { familyByCode, FAMILY_ORDER } from './colors';
import type { CatalogProduct } from './repository';
import { entryOf, indexCounters, NO_PRICES, PRICE_RANGES, priceRangeOf, summarize, type IndexEntry, type ProductSummary, type Summarized } from './search-index';
export { productUrl, searchIndexStats, summarize, warmSearchIndex, type ProductSummary } from './search-index';
import type { CatalogSnapshot } from './model';
import type { ResponseOf } from '../lib/contract';

export const SORTS = ['relevance', 'topRated', 'name-asc', 'name-desc', 'price-asc', 'price-desc'] as const;
export type SortCode = (typeof SORTS)[number];

export const CATEGORY_URLS: Record<string, string> = {
  telefoni: '/Privatni/Uredjaji/Tip-uredjaja/telefoni',
  dodatna_oprema: '/Privatni/Uredjaji/Pojedinacni/dodatna_oprema',
  tarife: '/Privatni/Tarife/Uredjaji',
  pripejd: '/Privatni/Mobilna/Pripejd',
  dropshipping: '/Privatni/Uredjaji/Tip-uredjaja/kucni-aparati',
  sve: '/pretraga',
};

/** The site search's category (the results page /pretraga): phones, accessories and tariffs together. */
export const SEARCH_CATEGORY = 'sve';
export const SEARCHED_CATEGORIES = ['telefoni', 'dodatna_oprema', 'tarife', 'pripejd'];

export interface SearchParams { categoryCode?: string; query?: string; sort?: string; page: number; pageSize: number; searchQueryContext?: string }

export interface ParsedQuery { text: string; sort: SortCode; filters: Array<[string, string]> }

export function parseQuery(query: string | undefined, sortParam: string | undefined): ParsedQuery {
  const parts = (query ?? '').split(':');
  const text = (parts[0] ?? '').trim();
  const sortInQuery = parts[1] && (SORTS as readonly string[]).includes(parts[1]) ? parts[1] as SortCode : undefined;
  const filters: Array<[string, string]> = [];
  for (let i = 2; i + 1 < parts.length; i += 2) filters.push([parts[i], parts[i + 1]]);
  const sort = sortParam && (SORTS as readonly string[]).includes(sortParam) ? sortParam as SortCode : sortInQuery ?? 'relevance';
  return { text, sort, filters };
}

const buildQuery = (q: ParsedQuery, filters: Array<[string, string]>) =>
  [q.text, q.sort, ...filters.flat()].join(':');

/** The product's summary in `lang` with the snapshot's device prices (read through it: recorded as a dependency). */
function summaryOf(cat: CatalogSnapshot, p: CatalogProduct, e: IndexEntry, lang: Lang): Summarized {
  const dp = p.product.type === 'DEVICE' ? cat.devicePriceList(p.product.code) : NO_PRICES;
  const have = e.summaries[lang];
  if (have && have.dp === dp) return have;
  indexCounters.summariesBuilt++;
  const s = summarize(p, dp, lang);
  return (e.summaries[lang] = { dp, s, price: priceRangeOf(s) });
}

const collators: Record<Lang, Intl.Collator> = { sr: new Intl.Collator('sr-Latn'), en: new Intl.Collator('en') };

/** The search answer, computed once per (query, language) and catalogue revision. */
export function searchProducts(cat: CatalogSnapshot, ui: MessageSource, params: SearchParams, lang: Lang): ResponseOf<'productSearch'> {
  const key = `search|${lang}|${params.categoryCode ?? ''}|${params.query ?? ''}|${params.sort ?? ''}|${params.page}|${params.pageSize}|${params.searchQueryContext ?? ''}`;
  return cat.memo(key, () => computeSearch(cat, ui, params, lang));
}

type FacetCode = 'brand' | 'price' | 'color' | 'esim';
const FACETS: FacetCode[] = ['brand', 'price', 'color', 'esim'];
interface Row { p: CatalogProduct; e: IndexEntry; x: Summarized; text: boolean }
const facetValues = (r: Row, code: FacetCode): string[] => (code === 'price' ? r.x.price : r.e[code]);

function computeSearch(cat: CatalogSnapshot, ui: MessageSource, params: SearchParams, lang: Lang) {
  const category = params.categoryCode ?? 'telefoni';
  // a parent tariff only groups its children (seed 000 §2): it has no price plan of its own and is not listed
  const listed = category === SEARCH_CATEGORY
    ? cat.products({ categories: SEARCHED_CATEGORIES })
    : cat.products({ category });
  const q = parseQuery(params.query, params.sort);
  const needle = q.text.toLocaleLowerCase('sr');
  const rows: Row[] = [];
  for (const p of listed) {
    if (p.product.type === 'TARIFF' && p.plan === null) continue;
    const e = entryOf(p);
    rows.push({ p, e, x: summaryOf(cat, p, e, lang), text: !needle || e.text.includes(needle) });
  }

  // the selected values per facet (a facet not known is ignored, as before)
  const selected = new Map<FacetCode, string[]>();
  for (const [k, v] of q.filters) {
    if (!(FACETS as string[]).includes(k)) continue;
    const list = selected.get(k as FacetCode);
    if (list) list.push(v); else selected.set(k as FacetCode, [v]);
  }
  const passes = (r: Row, code: FacetCode) => {
    const vals = selected.get(code);
    if (!vals) return true;
    const have = facetValues(r, code);
    return vals.some((v) => have.includes(v));
  };
  const matches = (r: Row, except?: FacetCode) => {
    if (!r.text) return false;
    for (const code of selected.keys()) if (code !== except && !passes(r, code)) return false;
    return true;
  };

  let hits = rows.filter((r) => matches(r));
  const byPrice = (r: Row) => r.x.s.price?.value ?? 0;
  const collator = collators[lang];
  const sorters: Record<SortCode, (a: Row, b: Row) => number> = {
    relevance: (a, b) => a.p.product.sortOrder - b.p.product.sortOrder,
    topRated: (a, b) => b.p.product.rating - a.p.product.rating || a.p.product.sortOrder - b.p.product.sortOrder,
    'name-asc': (a, b) => collator.compare(a.x.s.name, b.x.s.name),
    'name-desc': (a, b) => collator.compare(b.x.s.name, a.x.s.name),
    'price-asc': (a, b) => byPrice(a) - byPrice(b) || collator.compare(a.x.s.name, b.x.s.name),
    'price-desc': (a, b) => byPrice(b) - byPrice(a) || collator.compare(a.x.s.name, b.x.s.name),
  };
  const sort: SortCode = params.searchQueryContext === 'MAIN_PAGE' && !params.sort ? 'topRated' : q.sort;
  // the list is in sort order already: relevance needs no sort (a stable sort by it would keep it as it is)
  if (sort !== 'relevance') hits = hits.sort(sorters[sort]);

  const totalResults = hits.length;
  const totalPages = Math.max(1, Math.ceil(totalResults / params.pageSize));
  const pageRows = hits.slice(params.page * params.pageSize, (params.page + 1) * params.pageSize);
  cat.shows(pageRows.map((r) => r.p.product.code));
  const pageItems = pageRows.map((r) => r.x.s);

  // one pass counts every facet: a row counts for a facet when it passes every OTHER selected facet
  const counts = new Map<FacetCode, Map<string, number>>(FACETS.map((c) => [c, new Map()]));
  for (const r of rows) {
    if (!r.text) continue;
    let failed: FacetCode | null = null;
    let failures = 0;
    for (const code of selected.keys()) if (!passes(r, code)) { failed = code; if (++failures > 1) break; }
    if (failures > 1) continue;
    for (const code of FACETS) {
      if (failures === 1 && code !== failed) continue;
      const m = counts.get(code)!;
      const vals = facetValues(r, code);
      for (let i = 0; i < vals.length; i++) {
        const v = vals[i];
        if (vals.indexOf(v) !== i) continue; // a value counts once per product
        m.set(v, (m.get(v) ?? 0) + 1);
      }
    }
  }
  return searchAnswer(ui, lang, { q, params, category, sort, pageItems, totalResults, totalPages, counts });
}

/** What a search answers, from what it found: the page of products, the facets with their counts (a value's count as
 *  if its own facet were not selected), sorts, pagination and breadcrumbs. */
export function searchAnswer(ui: MessageSource, lang: Lang, found: {
  q: ParsedQuery; params: SearchParams; category: string; sort: SortCode; pageItems: ProductSummary[]; totalResults: number;
  totalPages: number; counts: ReadonlyMap<string, ReadonlyMap<string, number>>;
}) {
  const { q, params, category, sort, pageItems, totalResults, totalPages, counts } = found;
  const collator = collators[lang];
  const facetNames: Record<FacetCode, string> = {
    brand: ui.message(lang, 'plp.facet.brand'), price: ui.message(lang, 'plp.facet.price'),
    color: ui.message(lang, 'plp.facet.color'), esim: ui.message(lang, 'plp.facet.esim'),
  };
  const facets = FACETS.map((code) => {
    const c = counts.get(code) ?? new Map<string, number>();
    const ordered = code === 'price' ? PRICE_RANGES.map((r) => r.code).filter((x) => c.has(x))
      : code === 'color' ? FAMILY_ORDER.filter((x) => c.has(x)) : [...c.keys()].sort(collator.compare);
    return {
      code, name: facetNames[code], groupType: code === 'price' ? 'RANGE' : code === 'color' ? 'COLOR' : 'CHECKBOX',
      values: ordered.map((v) => {
        const isSelected = q.filters.some(([k, val]) => k === code && val === v);
        const next = isSelected ? q.filters.filter(([k, val]) => !(k === code && val === v)) : [...q.filters, [code, v] as [string, string]];
        return {
          code: v, name: facetValueName(ui, lang, code, v), count: c.get(v) ?? 0, selected: isSelected,
          query: { query: { value: buildQuery(q, next) } },
        };
      }),
    };
  }).filter((f) => f.values.length > 0);

  return {
    products: pageItems,
    facets,
    sorts: SORTS.map((code) => ({ code, name: ui.message(lang, `plp.sort.${code}`), selected: code === sort })),
    pagination: { currentPage: params.page, totalPages, pageSize: params.pageSize, totalResults, sort },
    breadcrumbs: [
      { name: ui.message(lang, 'plp.breadcrumb.home'), url: '/Pregled-b2c' },
      { name: ui.message(lang, `plp.category.${category}`), url: CATEGORY_URLS[category] ?? '/' },
    ],
    freeTextSearch: q.text,
    currentQuery: { query: { value: buildQuery(q, q.filters) } },
    categoryCode: category,
  };
}

function facetValueName(ui: MessageSource, lang: Lang, code: string, v: string): string {
  if (code === 'price') {
    const [a, b] = v.split('-');
    // money in the Serbian locale in both languages
    const f = new Intl.NumberFormat('sr-RS');
    return b ? `${f.format(Number(a))} – ${f.format(Number(b))} RSD` : ui.message(lang, 'plp.facet.priceFrom', { amount: `${f.format(Number(a))} RSD` });
  }
  if (code === 'esim') return ui.message(lang, v === 'NONE' ? 'plp.facet.esim.no' : 'plp.facet.esim.yes');
  if (code === 'color') return familyByCode(v)?.[lang] ?? v;
  return v;
}
