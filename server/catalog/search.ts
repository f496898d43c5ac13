// productSearch: category, free text, facets (groupType), sorts of seed 001 §2, pagination, breadcrumbs.
// The query string follows the commerce platform: "freeText:sort:facet:value:facet:value".
import type { Lang } from '../lib/lang';
import { money, moneyOrNull, type Money } from '../lib/money';
import type { UiDocuments } from '../ui/index';
import { colorFamily, familyByCode, FAMILY_ORDER } from './colors';
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
const SEARCHED_CATEGORIES = ['telefoni', 'dodatna_oprema', 'tarife', 'pripejd'];

export interface SearchParams { categoryCode?: string; query?: string; sort?: string; page: number; pageSize: number; searchQueryContext?: string }

const PRICE_RANGES: Array<{ code: string; min: number; max: number | null }> = [
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

export function summarize(p: CatalogProduct, dp: DevicePriceRow[], lang: Lang): ProductSummary {
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

function computeSearch(cat: CatalogSnapshot, ui: UiDocuments, params: SearchParams, lang: Lang) {
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

  const facetNames: Record<string, string> = {
    brand: ui.message(lang, 'plp.facet.brand'), price: ui.message(lang, 'plp.facet.price'),
    color: ui.message(lang, 'plp.facet.color'), esim: ui.message(lang, 'plp.facet.esim'),
  };
  const facets = Object.keys(facetValue).map((code) => {
    const counts = new Map<string, number>();
    for (const x of summaries) {
      if (!matchesText(x) || !matchesFilters(x, code)) continue;
      for (const v of new Set(facetValue[code](x))) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const ordered = code === 'price' ? PRICE_RANGES.map((r) => r.code).filter((c) => counts.has(c))
      : code === 'color' ? FAMILY_ORDER.filter((c) => counts.has(c)) : [...counts.keys()].sort(collator.compare);
    return {
      code, name: facetNames[code], groupType: code === 'price' ? 'RANGE' : code === 'color' ? 'COLOR' : 'CHECKBOX',
      values: ordered.map((v) => {
        const selected = q.filters.some(([k, val]) => k === code && val === v);
        const next = selected ? q.filters.filter(([k, val]) => !(k === code && val === v)) : [...q.filters, [code, v] as [string, string]];
        return {
          code: v, name: facetValueName(ui, lang, code, v), count: counts.get(v) ?? 0, selected,
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
    // money in the Serbian locale in both languages
    const f = new Intl.NumberFormat('sr-RS');
    return b ? `${f.format(Number(a))} – ${f.format(Number(b))} RSD` : ui.message(lang, 'plp.facet.priceFrom', { amount: `${f.format(Number(a))} RSD` });
  }
  if (code === 'esim') return ui.message(lang, v === 'NONE' ? 'plp.facet.esim.no' : 'plp.facet.esim.yes');
  if (code === 'color') return familyByCode(v)?.[lang] ?? v;
  return v;
}
