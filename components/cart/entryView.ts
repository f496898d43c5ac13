import type { CartEntryData, ImageRef } from '../shared/types';

/** What the cart widgets show of an entry (seed 001 §3 mini cart fields). */
export interface EntryView {
  key: string;
  entryNumber: number;
  quantity: number;
  name: string;
  brand: string | null;
  image: ImageRef | null;
  /** shown instead of a picture: SIM for a tariff, + for anything else (an add-on, insurance, a service) */
  thumbText: string;
  color: string | null;
  offeringType: string;
  monthly: CartEntryData['totalMonthlyPrice'];
  oldMonthly: CartEntryData['totalMonthlyPrice'];
  oneTime: CartEntryData['totalOneTimePrice'];
  installments: number | null;
  term: number | null;
  promotion: string | null;
  removable: boolean;
  /** the entry it belongs to (a device's insurance, a tariff's add-on), else null */
  parent: number | null;
  /** eSIM chosen for this (tariff) entry */
  esim: boolean;
  /** what the product offers: NONE, ESIM_SIM (either), ESIM (only eSIM) */
  esimOption: string;
  /** a gift the shop put in with its phone (PROMO_PRODUCT at 0): labelled "Poklon", priced 0, never removed alone */
  gift: boolean;
}

export function entryView(e: CartEntryData): EntryView {
  const p = e.product;
  const colorOpt = p.tmaPoVariantOptions?.find((o) => o.code === 'color') ?? null;
  const image = p.images?.[0] ?? colorOpt?.image ?? null;
  return {
    key: `${e.entryNumber}-${p.code}`,
    entryNumber: e.entryNumber,
    quantity: e.quantity ?? 1,
    name: p.name,
    brand: p.brands?.[0]?.name ?? null,
    image,
    thumbText: p.productOfferingType === 'TARIFF' ? 'SIM' : '+',
    color: colorOpt?.value ?? null,
    offeringType: p.productOfferingType ?? '',
    monthly: e.totalMonthlyPrice ?? e.monthlyPrice?.price ?? null,
    oldMonthly: e.monthlyPrice?.oldPrice ?? null,
    oneTime: e.totalOneTimePrice ?? e.oneTimePrice ?? null,
    installments: e.installments ?? e.monthlyPrice?.installments ?? null,
    term: e.subscriptionTerm?.termOfServiceNumber ?? null,
    promotion: e.monthlyPrice?.promotionalText ?? null,
    removable: p.isRemovableEntry !== false,
    parent: typeof e.parentEntryNumber === 'number' ? e.parentEntryNumber : null,
    esim: e.esimOptionSelected === true,
    esimOption: p.esim ?? 'NONE',
    gift: p.productOfferingType === 'PROMO_PRODUCT' && e.automaticallyAdded === true,
  };
}

/**
 * The entries in the order the cart lists them: each entry followed by the entries that belong to it (its
 * insurance, its add-ons: parentEntryNumber), those marked `nested`; `underTariff` when the parent is a tariff.
 */
export function orderedEntries(entries: CartEntryData[]): { entry: CartEntryData; nested: boolean; underTariff: boolean }[] {
  const numbers = new Set(entries.map((e) => e.entryNumber));
  const parentOf = (e: CartEntryData) => (typeof e.parentEntryNumber === 'number' && numbers.has(e.parentEntryNumber) ? e.parentEntryNumber : null);
  const out: { entry: CartEntryData; nested: boolean; underTariff: boolean }[] = [];
  for (const top of entries.filter((e) => parentOf(e) === null)) {
    out.push({ entry: top, nested: false, underTariff: false });
    const tariff = top.product.productOfferingType === 'TARIFF';
    for (const child of entries.filter((e) => parentOf(e) === top.entryNumber)) out.push({ entry: child, nested: true, underTariff: tariff });
  }
  return out;
}

/** A Money-like with a positive value. */
export function hasAmount(m: { value: number } | null | undefined): m is { value: number } {
  return !!m && typeof m.value === 'number' && m.value > 0;
}
