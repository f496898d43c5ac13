// productSearch: category, free text, facets (groupType), sorts of seed 001 §2, pagination, breadcrumbs.
// The query string follows the commerce platform: "freeText:sort:facet:value:facet:value".
import type { Lang } from '../lib/lang';
import { money, moneyOrNull, type Money } from '../lib/money';
import type { UiDocuments } from '../ui/index';
import { familyByCode, FAMILY_ORDER } from './colors';
import { FACET_CODES, indexOf, PRICE_RANGES, type FacetCode, type IndexedProduct } from './search-index';
import { monthlyFee, oneOffPrice, stockLevelStatus, type CatalogProduct, type DevicePriceRow } from './repository';
import type { CatalogSnapshot } from './model';
import type { ProductSummary as ApiProductSummary } from '../../schemas/types/api.catalog';
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
const SEARCHED_CATEGORIES = ['telefoni', 'dodatna_oprema', 'tarife'];

export interface SearchParams { categoryCode?: string; query?: string; sort?: string; page: number; pageSize: number; searchQueryContext?: string }

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

export function summarize(p: CatalogProduct, dp: DevicePriceRow[], lang: Lang): ProductSummary {
  const own = oneOffPrice(p);
  const fee = monthlyFee(p);
  const installments: number[] = [];
  for (const d of dp) if (d.deviceCode === p.product.code && d.installmentPrice !== null) installments.push(d.installmentPrice);
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

interface ParsedQuery { text: string; sort: SortCode; filters: Array<[string, string]> }

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
  [q.text, q.sort, ...filters.flatMap(([k, v]) => [k, v])].join(':');

/** The search answer, computed once per (query, language) and catalogue revision. */
export function searchProducts(cat: CatalogSnapshot, ui: UiDocuments, params: SearchParams, lang: Lang): ResponseOf<'productSearch'> {
  const key = `search|${lang}|${params.categoryCode ?? ''}|${params.query ?? ''}|${params.sort ?? ''}|${params.page}|${params.pageSize}|${params.searchQueryContext ?? ''}`;
  return cat.memo(key, () => computeSearch(cat, ui, params, lang));
}

/**
 * One search over the snapshot's index (search-index.ts): the category's products come listed in catalogue order
 * with their search text, facet values and price computed once per snapshot, so a query costs one pass per facet
 * over the category and a sort by integers (name ranks), and only the page's products are summarized.
 */
function computeSearch(cat: CatalogSnapshot, ui: UiDocuments, params: SearchParams, lang: Lang) {
  const ix = indexOf(cat);
  const category = params.categoryCode ?? 'telefoni';
  // a parent tariff only groups its children (seed 000 §2): it has no price plan of its own and is not listed
  const listed = category === SEARCH_CATEGORY
    ? ix.listed(`search:${SEARCH_CATEGORY}`, (cs) => cs.some((c) => SEARCHED_CATEGORIES.includes(c)))
    : ix.listed(`category:${category}`, (cs) => cs.includes(category));
  const all = listed.filter((x) => !(x.p.product.type === 'TARIFF' && x.p.plan === null));
  const q = parseQuery(params.query, params.sort);
  const needle = q.text.toLocaleLowerCase('sr');

  // the selected values per facet (a facet not known is ignored, as before)
  const selected = new Map<FacetCode, string[]>();
  for (const [k, v] of q.filters) if ((FACET_CODES as readonly string[]).includes(k)) selected.set(k as FacetCode, [...(selected.get(k as FacetCode) ?? []), v]);
  const matchesFilters = (x: IndexedProduct, except?: FacetCode) => {
    for (const [k, vals] of selected) {
      if (k === except) continue;
      const have = x.facets[k];
      if (!vals.some((v) => have.includes(v))) return false;
    }
    return true;
  };
  const textHits = needle ? all.filter((x) => x.hay.includes(needle)) : all;
  let hits = textHits.filter((x) => matchesFilters(x));

  const names = ix.nameRank(lang);
  const name = (x: IndexedProduct) => names.get(x.p.product.code)!;
  // Array.prototype.sort is stable and the hits come in catalogue order: ties keep it, as each comparator says
  const sorters: Record<SortCode, (a: IndexedProduct, b: IndexedProduct) => number> = {
    relevance: (a, b) => a.p.product.sortOrder - b.p.product.sortOrder,
    topRated: (a, b) => b.p.product.rating - a.p.product.rating || a.p.product.sortOrder - b.p.product.sortOrder,
    'name-asc': (a, b) => name(a) - name(b),
    'name-desc': (a, b) => name(b) - name(a),
    'price-asc': (a, b) => a.price - b.price || name(a) - name(b),
    'price-desc': (a, b) => b.price - a.price || name(a) - name(b),
  };
  const sort: SortCode = params.searchQueryContext === 'MAIN_PAGE' && !params.sort ? 'topRated' : q.sort;
  hits = [...hits].sort(sorters[sort]);

  const totalResults = hits.length;
  const totalPages = Math.max(1, Math.ceil(totalResults / params.pageSize));
  const pageItems = hits.slice(params.page * params.pageSize, (params.page + 1) * params.pageSize).map((x) => ix.summary(x, lang));

  const collator = new Intl.Collator(lang === 'sr' ? 'sr-Latn' : 'en');
  const facetNames: Record<string, string> = {
    brand: ui.message(lang, 'plp.facet.brand'), price: ui.message(lang, 'plp.facet.price'),
    color: ui.message(lang, 'plp.facet.color'), esim: ui.message(lang, 'plp.facet.esim'),
  };
  const facets = FACET_CODES.map((code) => {
    const counts = new Map<string, number>();
    // the other facets' selections narrow this facet's counts; its own do not
    const pool = selected.has(code) ? textHits.filter((x) => matchesFilters(x, code)) : hits;
    for (const x of pool) for (const v of x.facets[code]) counts.set(v, (counts.get(v) ?? 0) + 1);
    const ordered = code === 'price' ? PRICE_RANGES.map((r) => r.code).filter((c) => counts.has(c))
      : code === 'color' ? FAMILY_ORDER.filter((c) => counts.has(c)) : [...counts.keys()].sort(collator.compare);
    return {
      code, name: facetNames[code], groupType: code === 'price' ? 'RANGE' : code === 'color' ? 'COLOR' : 'CHECKBOX',
      values: ordered.map((v) => {
        const isSelected = q.filters.some(([k, val]) => k === code && val === v);
        const next = isSelected ? q.filters.filter(([k, val]) => !(k === code && val === v)) : [...q.filters, [code, v] as [string, string]];
        return {
          code: v, name: facetValueName(ui, lang, code, v), count: counts.get(v) ?? 0, selected: isSelected,
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

function facetValueName(ui: UiDocuments, lang: Lang, code: string, v: string): string {
  if (code === 'price') {
    const [a, b] = v.split('-');
    const f = new Intl.NumberFormat(lang === 'sr' ? 'sr-RS' : 'en-US');
    return b ? `${f.format(Number(a))} – ${f.format(Number(b))} RSD` : ui.message(lang, 'plp.facet.priceFrom', { amount: `${f.format(Number(a))} RSD` });
  }
  if (code === 'esim') return ui.message(lang, v === 'NONE' ? 'plp.facet.esim.no' : 'plp.facet.esim.yes');
  if (code === 'color') return familyByCode(v)?.[lang] ?? v;
  return v;
}
