import { makeAutoObservable } from 'mobx';
import type * as ApiHome from '../../schemas/types/api.home';
import type * as ApiHomeline from '../../schemas/types/api.homeline';
import type * as StateHome from '../../schemas/types/state.home';
import type { CodeState } from './account';

/** The parts of schemas/api/home.json the home screens draw: the generated payload types, named for the store. */
export type HomeTerm = HomeService['pricePlans'][number]['subscriptionTerms'][number];
export type HomeCharacteristic = ApiHome.Characteristic;
/** A package of the hierarchy; the package page's answer (ServiceDetails) is one with its category too. */
export type HomeService = ApiHome.Service;
/** A category of the hierarchy (a subcategory is one with no subcategories of its own). */
export type HomeCategory = ApiHome.Category;
export type TvPackage = ApiHome.Channels['packages'][number];
export type TvChannel = ApiHome.Channels['channels'][number];
export type EpgData = ApiHome.Epg;
export type EpgProgramme = EpgData['channels'][number]['programmes'][number];
export type AddressOption = ApiHome.Locations['locations'][number];
export type GponCheck = ApiHome.GponAddressCheck;

/** The home-line step (CONNECT_HOME_DATA): the generated shapes of schemas/api/homeline.json. */
export type HomeSetup = NonNullable<ApiHomeline.HomeSetupResponse['homeLine']>;
export type HomeOption = HomeSetup['option'];
export type RegisteredLine = ApiHomeline.RegisteredHomeLines['numbers'][number];
export type ExistingAddress = ApiHomeline.ExistingAddresses['addresses'][number];
export type InstallationBill = NonNullable<HomeSetup['installationBill']>;
export type BillOption = InstallationBill['option'];
/** An address picker of the address system (municipality → locality → street → number, entrance, flat). */
export type PickerTarget = 'boxCheck' | 'billAddress';
/** An address picker (billAddress) and the box check (boxCheck): declared in schemas/state/home.json. */
export type AddressPicker = StateHome.AddressPicker;
export type BoxCheckState = StateHome.BoxCheckState;
const emptyPicker = (): AddressPicker => ({
  municipalities: [], localities: [], streets: [], numbers: [],
  municipalityCode: '', localityCode: '', streetCode: '', addressCode: '', entrance: '', flatNum: '',
});
/** The home-line step's state (HomeLineSetup and InstallationBill draw it): declared in schemas/state/home.json. */
export type HomeLineState = StateHome.HomeLineState;
export const emptyHomeLine = (): HomeLineState => ({
  loaded: false, option: null, available: [], operators: [], lines: [], addresses: [], addressType: 'OTHER_ADDRESS', setup: null, notice: null, busy: false, error: null,
});

/** The TV add-ons step (SUGGESTED_TV_ADDONS): the generated shapes of schemas/api/homeline.json TvAddons. */
export type TvAddonReference = ApiHomeline.TvAddons['references'][number];
/** The step's state: declared in schemas/state/home.json (the TvAddonChoice component draws it). */
export type TvAddonsState = StateHome.TvAddonsState;
export const emptyTvAddons = (): TvAddonsState => ({ loaded: false, busy: false, error: null, packageCode: null, packageName: null, freeAddonsLimit: 0, freeSelected: 0, complete: true, references: [] });

/** The home-services state: the product-page hierarchy, a package page, TV channels, TV guide, box check, FNP. */
export class HomeStore {
  /** product-page hierarchy (seed 001 §4) */
  hierarchy = { loading: false, error: false, categories: [] as HomeCategory[] };
  /** chosen first-level / second-level category codes, and whether the first came from the URL */
  firstCode: string | null = null;
  secondCode: string | null = null;
  firstFromUrl = false;
  /** the chosen contract term (months) of the list */
  termMonths: number | null = null;

  /** the package page */
  service = { loading: false, error: false, data: null as ApiHome.ServiceDetails | null, termId: null as string | null };

  channels = { loading: false, error: false, packages: [] as TvPackage[], channels: [] as TvChannel[], packageCode: null as string | null };

  guide = { loading: false, error: false, data: null as EpgData | null, hour: 0 };

  boxCheck: BoxCheckState = { ...emptyPicker(), checking: false, result: null, error: null, errorField: null };

  /** the installation bill's "another address" picker of the home-line step (the same address system) */
  billAddress = emptyPicker();

  /** the home-line step of the home checkouts; its address picker is boxCheck's (the same address system) */
  homeLine: HomeLineState = emptyHomeLine();
  /** the TV add-ons step of the home checkouts */
  tvAddons: TvAddonsState = emptyTvAddons();

  fnp = { sending: false, reference: null as string | null, message: null as string | null, error: null as string | null };
  /** the FNP code sent to the number to transfer (issue 24: only its holder files a request); CodeTimer's state */
  fnpCode: CodeState = { sentAt: null, seconds: 60, to: '' };

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get firstCategory(): HomeCategory | null {
    return this.hierarchy.categories.find((c) => c.code === this.firstCode) ?? null;
  }
  get secondCategory(): HomeCategory | null {
    return this.firstCategory?.subcategories.find((c) => c.code === this.secondCode) ?? null;
  }
  /** the services shown: the second level's, else the first level's own */
  get services(): HomeService[] {
    return this.secondCategory?.services ?? this.firstCategory?.services ?? [];
  }
  /** the contract terms (months) the shown services offer */
  get terms(): number[] {
    const set = new Set<number>();
    for (const s of this.services) for (const t of s.pricePlans[0]?.subscriptionTerms ?? []) set.add(t.termOfServiceNumber);
    return [...set].sort((a, b) => a - b);
  }

  hierarchyStarted(): void { this.hierarchy.loading = true; this.hierarchy.error = false; }
  hierarchyFailed(): void { this.hierarchy.loading = false; this.hierarchy.error = true; }
  /** A fresh answer for all categories or for one (replaces that one). */
  hierarchyLoaded(categories: HomeCategory[], partial: boolean): void {
    this.hierarchy.loading = false;
    if (!partial) { this.hierarchy.categories = categories; return; }
    for (const c of categories) {
      const i = this.hierarchy.categories.findIndex((x) => x.code === c.code);
      if (i >= 0) this.hierarchy.categories[i] = c; else this.hierarchy.categories.push(c);
    }
  }

  /** First level: the one asked for (URL), else the default, else the first (seed 001 §4). */
  chooseFirst(wanted: string | null, fromUrl: boolean): HomeCategory | null {
    const cats = this.hierarchy.categories;
    const byWish = wanted ? cats.find((c) => c.slug === wanted || c.code === wanted) : undefined;
    const chosen = byWish ?? cats.find((c) => c.defaultCategory) ?? cats[0] ?? null;
    this.firstCode = chosen?.code ?? null;
    this.firstFromUrl = fromUrl && !!byWish;
    this.chooseSecond(null);
    return chosen;
  }
  /** Second level, chosen the same way; resets the term to the recommended (else first) of the shown services. */
  chooseSecond(wanted: string | null): void {
    const subs = this.firstCategory?.subcategories ?? [];
    const chosen = (wanted ? subs.find((c) => c.slug === wanted || c.code === wanted) : undefined) ?? subs.find((c) => c.defaultCategory) ?? subs[0] ?? null;
    this.secondCode = chosen?.code ?? null;
    this.resetTerm();
  }
  resetTerm(): void {
    const plans = this.services.map((s) => s.pricePlans[0]).filter(Boolean);
    const recommended = plans.flatMap((p) => p.subscriptionTerms).find((t) => t.recommended);
    this.termMonths = recommended?.termOfServiceNumber ?? plans[0]?.subscriptionTerms[0]?.termOfServiceNumber ?? null;
  }
  selectTerm(months: number): void { this.termMonths = months; }

  serviceStarted(): void { this.service = { loading: true, error: false, data: null, termId: null }; }
  serviceFailed(): void { this.service.loading = false; this.service.error = true; }
  serviceLoaded(data: ApiHome.ServiceDetails): void {
    const terms = data.pricePlans[0]?.subscriptionTerms ?? [];
    this.service = { loading: false, error: false, data, termId: (terms.find((t) => t.recommended) ?? terms[0])?.id ?? null };
  }
  selectServiceTerm(id: string): void { this.service.termId = id; }

  channelsStarted(packageCode: string | null): void { this.channels.loading = true; this.channels.error = false; this.channels.packageCode = packageCode; }
  channelsFailed(): void { this.channels.loading = false; this.channels.error = true; }
  channelsLoaded(d: { packages: TvPackage[]; channels: TvChannel[]; selectedPackage: string | null }): void {
    this.channels = { loading: false, error: false, packages: d.packages, channels: d.channels, packageCode: d.selectedPackage };
  }

  guideStarted(): void { this.guide.loading = true; this.guide.error = false; }
  guideFailed(): void { this.guide.loading = false; this.guide.error = true; }
  guideLoaded(d: EpgData, hour: number): void { this.guide = { loading: false, error: false, data: d, hour }; }
  /** Slides the guide by whole hours (slideStep), within startHour..endHour-1. */
  slideGuide(by: number): void {
    const d = this.guide.data;
    const lo = d?.startHour ?? 0, hi = (d?.endHour ?? 24) - 1;
    this.guide.hour = Math.max(lo, Math.min(hi, this.guide.hour + by * (d?.slideStep ?? 1)));
  }

  setBoxField(field: 'municipalityCode' | 'localityCode' | 'streetCode' | 'addressCode' | 'entrance' | 'flatNum', value: string, target: PickerTarget = 'boxCheck'): void {
    const b = this[target];
    b[field] = value;
    if (target === 'boxCheck') { this.boxCheck.result = null; this.boxCheck.error = null; this.boxCheck.errorField = null; }
    // a choice higher up empties the ones below it
    const order = ['municipalityCode', 'localityCode', 'streetCode', 'addressCode'] as const;
    const i = order.indexOf(field as (typeof order)[number]);
    if (i >= 0) {
      for (const f of order.slice(i + 1)) b[f] = '';
      if (i <= 0) b.localities = [];
      if (i <= 1) b.streets = [];
      if (i <= 2) b.numbers = [];
      b.entrance = ''; b.flatNum = '';
    }
  }
  setBoxOptions(list: 'municipalities' | 'localities' | 'streets' | 'numbers', items: unknown[], target: PickerTarget = 'boxCheck'): void {
    (this[target] as unknown as Record<string, unknown>)[list] = items; // the answer of the list's own call
  }
  boxCheckStarted(): void { this.boxCheck.checking = true; this.boxCheck.result = null; this.boxCheck.error = null; this.boxCheck.errorField = null; }
  boxCheckDone(result: GponCheck | null, error: string | null = null, field: string | null = null): void {
    this.boxCheck.checking = false; this.boxCheck.result = result; this.boxCheck.error = error; this.boxCheck.errorField = field;
  }

  setHomeLine(patch: Partial<HomeLineState>): void { Object.assign(this.homeLine, patch); }
  setTvAddons(patch: Partial<TvAddonsState>): void { Object.assign(this.tvAddons, patch); }
  /** A fresh address picker (the step starts without the box-check page's choice). */
  resetAddress(): void {
    Object.assign(this.boxCheck, { localities: [], streets: [], numbers: [], municipalityCode: '', localityCode: '', streetCode: '', addressCode: '', entrance: '', flatNum: '', result: null, error: null, errorField: null, checking: false });
    this.billAddress = emptyPicker();
  }

  fnpStarted(): void { this.fnp = { sending: true, reference: null, message: null, error: null }; }
  fnpDone(reference: string | null, message: string | null, error: string | null): void { this.fnp = { sending: false, reference, message, error }; }
  fnpCodeSent(to: string, seconds: number, at = Date.now()): void { this.fnpCode = { sentAt: at, seconds, to }; this.fnp = { ...this.fnp, error: null }; }
  fnpCodeFailed(error: string): void { this.fnp = { ...this.fnp, error }; }
}
