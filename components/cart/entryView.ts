import type { CartEntryData, ImageRef } from '../shared/types';

/** What the cart widgets show of an entry (seed 001 §3 mini cart fields). */
export interface EntryView {
  key: string;
  entryNumber: number;
  quantity: number;
  name: string;
  brand: string | null;
  image: ImageRef | null;
  color: string | null;
  offeringType: string;
  monthly: CartEntryData['totalMonthlyPrice'];
  oldMonthly: CartEntryData['totalMonthlyPrice'];
  oneTime: CartEntryData['totalOneTimePrice'];
  installments: number | null;
  term: number | null;
  promotion: string | null;
  removable: boolean;
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
    color: colorOpt?.value ?? null,
    offeringType: p.productOfferingType ?? '',
    monthly: e.totalMonthlyPrice ?? e.monthlyPrice?.price ?? null,
    oldMonthly: e.monthlyPrice?.oldPrice ?? null,
    oneTime: e.totalOneTimePrice ?? e.oneTimePrice ?? null,
    installments: e.installments ?? e.monthlyPrice?.installments ?? null,
    term: e.subscriptionTerm?.termOfServiceNumber ?? null,
    promotion: e.monthlyPrice?.promotionalText ?? null,
    removable: p.isRemovableEntry !== false,
  };
}

/** A Money-like with a positive value. */
export function hasAmount(m: { value: number } | null | undefined): m is { value: number } {
  return !!m && typeof m.value === 'number' && m.value > 0;
}
