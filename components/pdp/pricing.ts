import type { ChargeEntry, PricePlan, ProductDetails, TariffPrice } from '../shared/types';

export type ChargeType = 'RECURRING_CHARGE' | 'ONE_TIME_CHARGE';

/** Every tariff of the product, parents and their children, top offer first. */
export function allTariffs(product: ProductDetails | null | undefined): TariffPrice[] {
  const out: TariffPrice[] = [];
  const walk = (list: TariffPrice[] | undefined) => {
    for (const t of list ?? []) {
      out.push(t);
      walk(t.childTariffs);
    }
  };
  walk(product?.prices?.topOffer);
  walk(product?.prices?.basicOffer);
  return out;
}

export function findTariff(product: ProductDetails | null | undefined, code: string | null | undefined): TariffPrice | null {
  if (!code) return null;
  return allTariffs(product).find((t) => t.code === code) ?? null;
}

function termOf(tariff: TariffPrice, termId: string | null | undefined): string | null {
  return termId ?? tariff.subscriptionTerms?.find((t) => t.recommended)?.id ?? tariff.subscriptionTerms?.[0]?.id ?? null;
}

/** Purchasable price plans of a tariff for a term (the recommended / first term when none is given). */
export function plansFor(tariff: TariffPrice | null, termId: string | null | undefined): PricePlan[] {
  if (!tariff?.pricePlans?.length) return [];
  const id = termOf(tariff, termId);
  return tariff.pricePlans.filter((p) => p.purchasable !== false && (id === null || p.subscriptionTermId === id));
}

/** The plan that prices the chosen payment type (installments need `recurring`, one-off needs `oneTime`). */
export function planFor(tariff: TariffPrice | null, termId: string | null | undefined, chargeType?: ChargeType | null): PricePlan | null {
  const plans = plansFor(tariff, termId);
  if (chargeType === 'RECURRING_CHARGE') return plans.find((p) => p.recurring) ?? null;
  if (chargeType === 'ONE_TIME_CHARGE') return plans.find((p) => p.oneTime) ?? null;
  return plans[0] ?? null;
}

/** Which payment types the chosen tariff and term (or, without a tariff, the product's one-off offer) allow. */
export function availableChargeTypes(product: ProductDetails | null | undefined, tariff: TariffPrice | null, termId: string | null | undefined): { recurring: boolean; oneTime: boolean } {
  if (!tariff) return { recurring: false, oneTime: Boolean(product?.oneOff && product.oneOff.purchasable !== false) };
  const plans = plansFor(tariff, termId);
  return { recurring: plans.some((p) => p.recurring), oneTime: plans.some((p) => p.oneTime) };
}

/** A recurring charge entry with the months it covers ("1–6", "7–24"); null `to` means to the end of the term. */
export interface Period {
  from: number;
  to: number | null;
  entry: ChargeEntry;
}

export function recurringPeriods(entries: ChargeEntry[] | undefined): Period[] {
  const rec = (entries ?? []).filter((e) => e.chargeType === 'RECURRING_CHARGE');
  const sorted = [...rec].sort((a, b) => (a.cycleEnd ?? Infinity) - (b.cycleEnd ?? Infinity));
  let from = 1;
  return sorted.map((entry) => {
    const p = { from, to: entry.cycleEnd ?? null, entry };
    if (entry.cycleEnd) from = entry.cycleEnd + 1;
    return p;
  });
}

export function oneTimeEntries(entries: ChargeEntry[] | undefined): ChargeEntry[] {
  return (entries ?? []).filter((e) => e.chargeType === 'ONE_TIME_CHARGE');
}
