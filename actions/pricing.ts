/**
 * THE pricing rules of the shop's front end (one place): which tariffs a product offers, which price plans a tariff
 * and term have, which payment types (one-off / installments) they allow, the plan a cart call needs, and the charge
 * periods a price summary lists. Pure functions over the API payloads; the PDP actions (actions/pdp/) and the pdp
 * components (components/pdp/) both use them.
 */
import type { ChargeEntry, PricePlan, ProductDetails, TariffPrice } from './stores/types';

export type ChargeType = 'RECURRING_CHARGE' | 'ONE_TIME_CHARGE';

/** Every tariff of the product with the code of the tariff it is a child of, parents before their children, top offer first. */
export function tariffEntries(product: ProductDetails | null | undefined): { tariff: TariffPrice; parentCode: string | null }[] {
  const out: { tariff: TariffPrice; parentCode: string | null }[] = [];
  const walk = (list: TariffPrice[] | undefined, parentCode: string | null) => {
    for (const t of list ?? []) {
      out.push({ tariff: t, parentCode });
      walk(t.childTariffs, t.code);
    }
  };
  walk(product?.prices?.topOffer, null);
  walk(product?.prices?.basicOffer, null);
  return out;
}

/** Every tariff of the product, parents and their children, top offer first. */
export function allTariffs(product: ProductDetails | null | undefined): TariffPrice[] {
  return tariffEntries(product).map((x) => x.tariff);
}

export function findTariff(product: ProductDetails | null | undefined, code: string | null | undefined): TariffPrice | null {
  if (!code) return null;
  return allTariffs(product).find((t) => t.code === code) ?? null;
}

/** The recommended term of a tariff, else its first; null for a tariff without terms. */
export function recommendedTerm(t: TariffPrice | null | undefined): string | null {
  if (!t?.subscriptionTerms?.length) return null;
  return (t.subscriptionTerms.find((s) => s.recommended) ?? t.subscriptionTerms[0]).id;
}

/** Purchasable price plans of a tariff for a term; `termId` null → every term. */
function plansOfTerm(t: TariffPrice | null | undefined, termId: string | null): PricePlan[] {
  if (!t) return [];
  return (t.pricePlans ?? []).filter((pp) => pp.purchasable !== false && (termId === null || pp.subscriptionTermId === termId));
}

/** Purchasable price plans of a tariff for a term (the recommended / first term when none is given). */
export function plansFor(tariff: TariffPrice | null, termId: string | null | undefined): PricePlan[] {
  if (!tariff?.pricePlans?.length) return [];
  return plansOfTerm(tariff, termId ?? recommendedTerm(tariff));
}

const pays = (pp: PricePlan, ct: ChargeType) => (ct === 'RECURRING_CHARGE' ? Boolean(pp.recurring) : Boolean(pp.oneTime));

/** The plan that prices the chosen payment type (installments need `recurring`, one-off needs `oneTime`). */
export function planFor(tariff: TariffPrice | null, termId: string | null | undefined, chargeType?: ChargeType | null): PricePlan | null {
  const plans = plansFor(tariff, termId);
  if (chargeType) return plans.find((p) => pays(p, chargeType)) ?? null;
  return plans[0] ?? null;
}

/** Which payment types the chosen tariff and term (or, without a tariff, the product's one-off offer) allow. */
export function availableChargeTypes(product: ProductDetails | null | undefined, tariff: TariffPrice | null, termId: string | null | undefined): { recurring: boolean; oneTime: boolean } {
  if (!tariff) return { recurring: false, oneTime: Boolean(product?.oneOff && product.oneOff.purchasable !== false) };
  const plans = plansFor(tariff, termId);
  return { recurring: plans.some((p) => p.recurring), oneTime: plans.some((p) => p.oneTime) };
}

/** Whether a payment type is open for the choice (`termId` null → any term of the tariff). */
export function chargeTypeAvailable(p: ProductDetails, t: TariffPrice | null | undefined, termId: string | null, ct: ChargeType): boolean {
  if (!t) return ct === 'ONE_TIME_CHARGE' ? !!p.oneOff?.purchasable : false;
  return plansOfTerm(t, termId).some((pp) => pays(pp, ct));
}

/** Installments (RECURRING_CHARGE) when available, else one-off. */
export function defaultChargeType(p: ProductDetails, t: TariffPrice | null | undefined, termId: string | null): ChargeType {
  return chargeTypeAvailable(p, t, termId, 'RECURRING_CHARGE') ? 'RECURRING_CHARGE' : 'ONE_TIME_CHARGE';
}

/** The price plan the cart call needs for the current choice. */
export function pricePlanId(p: ProductDetails, t: TariffPrice | null | undefined, termId: string | null, ct: ChargeType): string | undefined {
  if (!t) return p.oneOff?.pricePlanId;
  return plansOfTerm(t, termId).find((pp) => pays(pp, ct))?.id;
}

const sellable = (t: TariffPrice) => (t.pricePlans ?? []).some((pp) => pp.purchasable);

/**
 * The tariff to preselect: `code` when it has purchasable price plans; a parent without plans of its own
 * stands for its first sellable child; without a code, the first sellable tariff (top offer first).
 */
export function sellableTariff(p: ProductDetails, code?: string | null) {
  const all = tariffEntries(p);
  if (code) {
    const hit = all.find((x) => x.tariff.code === code);
    if (hit && sellable(hit.tariff)) return hit;
    if (hit) { const child = all.find((x) => x.parentCode === code && sellable(x.tariff)); if (child) return child; }
  }
  return all.find((x) => sellable(x.tariff));
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

/** The tariff's monthly price now — its first recurring cycle (a promotion's price, with the regular one as oldPrice) —
 *  as the server's cart charges it (server/catalog/repository.ts currentMonthly); the list price without charge entries. */
export function tariffMonthlyNow(t: TariffPrice | null | undefined): ChargeEntry | null {
  if (!t) return null;
  const first = recurringPeriods(t.chargeEntries)[0]?.entry;
  return first ?? (t.tariffPrice ? { chargeType: 'RECURRING_CHARGE', price: t.tariffPrice, oldPrice: null } : null);
}
