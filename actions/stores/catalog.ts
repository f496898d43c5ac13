import { makeAutoObservable } from 'mobx';
import type { DevicePageStep } from '../../schemas/types/rule';
import type { Addon, AddonCategory, OttService, RoamingCountry, Banner, Comparison, Facet, ProductDetails, ProductSummary, SearchResult, Suggestion, PageHit, Variant } from './types';

export type ChargeType = 'RECURRING_CHARGE' | 'ONE_TIME_CHARGE';

export interface SearchState {
  products: ProductSummary[]; facets: Facet[]; sorts: SearchResult['sorts'];
  pagination: SearchResult['pagination']; breadcrumbs: SearchResult['breadcrumbs'];
  freeTextSearch: string; currentQuery: SearchResult['currentQuery'];
  /** the search parameters last requested (categoryCode, query, sort, page 0-based) */
  params: { categoryCode: string; query: string; sort: string; page: number };
  loading: boolean; error: boolean;
  /** "load more" is fetching the next page (appended; the shown products stay) */
  loadingMore: boolean;
  /** the page (0-based) "load more" appended last; the address then shows it, and the screen load that follows the
   *  address change finds it already shown instead of replacing the list with it alone */
  appendedPage: number | null;
}

/** One step of the device page's wizard as schemas/rules/pdp-wizard.json declares it, less its condition. */
export type PdpWizardStep = Pick<DevicePageStep, 'id' | 'title' | 'work'>;

export interface PdpState {
  product: ProductDetails | null; variant: Variant | null; colorCode: string | null;
  tariffCode: string | null; parentTariffCode: string | null; subscriptionTermId: string | null;
  chargeType: ChargeType; insuranceCode: string | null; accessoryCodes: string[];
  /** the wizard's steps present for the product (schemas/rules/pdp-wizard.json, actions/pdp-rules.ts wizardSteps), the
   *  current one's position from 1, its id (kept by setPdp: what the screen's conditions compare) and its work (what
   *  its button does: pdp.submitStep) */
  steps: PdpWizardStep[]; step: number; stepId: string | null; stepWork: PdpWizardStep['work'] | null;
  accessories: unknown[]; specification: unknown; specificationError: boolean; loading: boolean; error: boolean;
  /** step 2: the tariff entry of the bundle step 1 put into the cart, and that tariff's add-on references */
  tariffEntryNumber: number | null; addons: unknown[];
  /** the phone's gift in stock (a PROMO_PRODUCT reference, { target }), or null */
  gift: unknown;
  /** the gift is being loaded (the page keeps its place) */
  giftPending: boolean;
}

/** The device page's "no tariff" choice: the phone alone, paid at once (its tariffCode and 4th address segment). */
export const DEVICE_ONLY = 'samo-uredjaj';

export const PAGE_SIZE = 20;

/** Device comparison: at most 3 phones (issue 13). */
export const COMPARE_MAX = 3;
export interface CompareItem { code: string; name: string }
/** The phones chosen for comparison (list and phone page), and the comparison page's answer. */
export interface CompareState {
  selected: CompareItem[];
  /** the codes of `selected` (bound by the product grid's compare check boxes) */
  codes: string[];
  result: Comparison | null;
  /** the codes the comparison page asked for (from its address) */
  requested: string[];
  loading: boolean; error: boolean;
}

/** The pages of the shop the site search found for `query` (GET pageSearch), above its products. */
export interface PageSearchState { query: string; results: PageHit[]; loading: boolean }

/** The header search box's suggestions for the text last typed. */
export interface SuggestState { term: string; items: Suggestion[]; loading: boolean }
/** Hero devices: a search with pageSize 4 and searchQueryContext MAIN_PAGE (seed 001 §2). */
export const HERO_PAGE_SIZE = 4;

export interface HeroState { products: ProductSummary[]; loading: boolean; error: boolean }

/** The tariff page (/Privatni/Tarife/:productCode): the tariff's details and the chosen contract term. */
export interface TariffState { product: ProductDetails | null; subscriptionTermId: string | null; loading: boolean; error: boolean }

/** Add-ons (/dodaci, /dodaci/roming): the hierarchy, the roaming countries and the country chosen. */
export interface AddonsState {
  categories: AddonCategory[]; loading: boolean; error: boolean;
  countries: RoamingCountry[];
  /** the chosen country (isocode), its zone's name and the roaming add-ons that cover its zone */
  country: string | null; countryName: string; zoneName: string; covering: Addon[];
}
/** Digital services (/Digitalni-servisi, /Digitalni-servisi/:service): the answer of GET ott?categoryCode. */
export interface OttState { categoryCode: string; services: OttService[]; loading: boolean; error: boolean }

function emptySearch(): SearchState {
  return {
    products: [], facets: [], sorts: [], pagination: { currentPage: 0, totalPages: 0, pageSize: PAGE_SIZE, totalResults: 0 },
    breadcrumbs: [], freeTextSearch: '', currentQuery: { query: { value: '' } },
    params: { categoryCode: '', query: '', sort: '', page: 0 }, loading: false, error: false, loadingMore: false, appendedPage: null,
  };
}
function emptyPdp(): PdpState {
  return {
    product: null, variant: null, colorCode: null, tariffCode: null, parentTariffCode: null, subscriptionTermId: null,
    chargeType: 'ONE_TIME_CHARGE', step: 1, steps: [], stepId: null, stepWork: null, insuranceCode: null, accessoryCodes: [], accessories: [],
    specification: null, specificationError: false, loading: false, error: false, tariffEntryNumber: null, addons: [], gift: null, giftPending: false,
  };
}

export class CatalogStore {
  search: SearchState = emptySearch();
  pdp: PdpState = emptyPdp();
  hero: HeroState = { products: [], loading: false, error: false };
  tariff: TariffState = { product: null, subscriptionTermId: null, loading: false, error: false };
  compare: CompareState = { selected: [], codes: [], result: null, requested: [], loading: false, error: false };
  suggest: SuggestState = { term: '', items: [], loading: false };
  pages: PageSearchState = { query: '', results: [], loading: false };
  /** Banners (content components with a webPosition): of the product list shown, and of the home page. */
  banners: { list: Banner[]; home: Banner[] } = { list: [], home: [] };
  addons: AddonsState = { categories: [], loading: false, error: false, countries: [], country: null, countryName: '', zoneName: '', covering: [] };
  ott: OttState = { categoryCode: '', services: [], loading: false, error: false };

  constructor() { makeAutoObservable(this, {}, { autoBind: true }); }

  searchStarted(params: SearchState['params']): void { this.search.params = params; this.search.loading = true; this.search.error = false; this.search.appendedPage = null; }
  searchLoaded(r: SearchResult): void {
    Object.assign(this.search, {
      products: r.products, facets: r.facets ?? [], sorts: r.sorts ?? [], pagination: r.pagination,
      breadcrumbs: r.breadcrumbs ?? [], freeTextSearch: r.freeTextSearch ?? '', currentQuery: r.currentQuery ?? { query: { value: '' } },
      loading: false, error: false,
    });
  }
  searchFailed(): void { this.search.loading = false; this.search.error = true; }
  /** Is this page of these parameters the one "load more" just appended (consumed: asked once)? */
  takeAppended(params: SearchState['params']): boolean {
    const p = this.search.params;
    const hit = this.search.appendedPage !== null && this.search.appendedPage === params.page && p.categoryCode === params.categoryCode
      && p.query === params.query && p.sort === params.sort && !this.search.loading && !this.search.error;
    this.search.appendedPage = null;
    return hit;
  }
  moreStarted(): void { this.search.loadingMore = true; this.search.error = false; }
  /** The next page appended to the shown products (a product already shown is not repeated). */
  moreLoaded(r: SearchResult, page: number): void {
    const have = new Set(this.search.products.map((p) => p.code));
    this.search.products = [...this.search.products, ...r.products.filter((p) => !have.has(p.code))];
    this.search.pagination = r.pagination;
    this.search.params = { ...this.search.params, page };
    this.search.appendedPage = page;
    this.search.loadingMore = false;
  }
  moreFailed(): void { this.search.loadingMore = false; this.search.error = true; }

  heroStarted(): void { this.hero.loading = true; this.hero.error = false; }
  heroLoaded(products: ProductSummary[]): void { this.hero = { products, loading: false, error: false }; }
  heroFailed(): void { this.hero.loading = false; this.hero.error = true; }

  pdpStarted(): void { this.pdp.loading = true; this.pdp.error = false; }
  pdpFailed(): void { this.pdp.loading = false; this.pdp.error = true; }
  /** Replace the whole PDP state (used by pdp.load after computing defaults); the current step's id and work follow its position. */
  setPdp(p: Partial<PdpState>): void {
    Object.assign(this.pdp, p);
    const current = this.pdp.steps[this.pdp.step - 1];
    this.pdp.stepId = current?.id ?? null;
    this.pdp.stepWork = current?.work ?? null;
  }
  resetPdp(): void { this.pdp = emptyPdp(); }

  tariffStarted(): void { this.tariff = { product: null, subscriptionTermId: null, loading: true, error: false }; }
  tariffLoaded(product: ProductDetails, subscriptionTermId: string | null): void { this.tariff = { product, subscriptionTermId, loading: false, error: false }; }
  tariffFailed(): void { this.tariff = { product: null, subscriptionTermId: null, loading: false, error: true }; }
  selectTariffTerm(id: string): void { this.tariff.subscriptionTermId = id; }

  setCompareSelection(items: CompareItem[]): void {
    this.compare.selected = items.slice(0, COMPARE_MAX);
    this.compare.codes = this.compare.selected.map((i) => i.code);
  }
  compareStarted(codes: string[]): void { Object.assign(this.compare, { requested: codes, loading: codes.length > 0, error: false, result: codes.length ? this.compare.result : null }); }
  compareLoaded(r: Comparison): void { Object.assign(this.compare, { result: r, loading: false, error: false }); }
  compareFailed(): void { Object.assign(this.compare, { result: null, loading: false, error: true }); }

  suggestStarted(term: string): void { this.suggest.term = term; this.suggest.loading = true; }
  suggestLoaded(term: string, items: Suggestion[]): void { if (term === this.suggest.term) this.suggest = { term, items, loading: false }; }
  bannersLoaded(slot: 'list' | 'home', items: Banner[]): void { this.banners[slot] = items; }
  addonsStarted(): void { this.addons.loading = true; this.addons.error = false; }
  addonsLoaded(categories: AddonCategory[]): void { Object.assign(this.addons, { categories, loading: false, error: false }); this.chooseCountry(this.addons.country); }
  addonsFailed(): void { Object.assign(this.addons, { categories: [], loading: false, error: true }); }
  countriesLoaded(countries: RoamingCountry[]): void { this.addons.countries = countries; this.chooseCountry(this.addons.country); }
  /** Chooses a roaming country (null or unknown: none) and lists the roaming add-ons whose zones cover it. */
  chooseCountry(isocode: string | null): void {
    const c = this.addons.countries.find((x) => x.isocode === isocode) ?? null;
    const all = this.addons.categories.flatMap((cat) => cat.subcategories.flatMap((s) => s.addons));
    const seen = new Set<string>();
    const covering = c ? all.filter((a) => a.zones.includes(c.zone) && !seen.has(a.code) && seen.add(a.code)) : [];
    Object.assign(this.addons, { country: c?.isocode ?? null, countryName: c?.name ?? '', zoneName: c?.zoneName ?? '', covering });
  }
  ottStarted(categoryCode: string): void { this.ott = { categoryCode, services: this.ott.categoryCode === categoryCode ? this.ott.services : [], loading: true, error: false }; }
  ottLoaded(categoryCode: string, services: OttService[]): void { if (this.ott.categoryCode === categoryCode) this.ott = { categoryCode, services, loading: false, error: false }; }
  ottFailed(categoryCode: string): void { if (this.ott.categoryCode === categoryCode) this.ott = { categoryCode, services: [], loading: false, error: true }; }
  /** An add-on of the shown lists by code (for its tariff kind when it is bought). */
  addonOf(code: string): Addon | null {
    for (const cat of this.addons.categories) for (const s of cat.subcategories) for (const a of s.addons) if (a.code === code) return a;
    return this.ott.services.find((s) => s.addon.code === code)?.addon ?? null;
  }
  pagesStarted(query: string): void { this.pages = { query, results: query === this.pages.query ? this.pages.results : [], loading: true }; }
  /** An answer for an older query is dropped. */
  pagesLoaded(query: string, results: PageHit[]): void { if (query === this.pages.query) this.pages = { query, results, loading: false }; }
  suggestCleared(): void { this.suggest = { term: '', items: [], loading: false }; }
}
