/** Pure rules of the device detail page (seed 000 §2 "PDP"). */
import { DEVICE_ONLY, type ChargeType, type PdpState } from '../stores/catalog';
import type { PricePlan, ProductDetails, TariffPrice, Variant } from '../stores/types';

export const PDP_BASE = '/uredjaj';

/** All tariffs, parents first then their children, with the parent code of each. */
export function allTariffs(p: ProductDetails): { tariff: TariffPrice; parentCode: string | null }[] {
  const out: { tariff: TariffPrice; parentCode: string | null }[] = [];
  for (const t of [...(p.prices?.topOffer ?? []), ...(p.prices?.basicOffer ?? [])]) {
    out.push({ tariff: t, parentCode: null });
    for (const c of t.childTariffs ?? []) out.push({ tariff: c, parentCode: t.code });
  }
  return out;
}

export function findTariff(p: ProductDetails, code: string | null | undefined) {
  if (!code) return undefined;
  return allTariffs(p).find((x) => x.tariff.code === code);
}

const inStock = (v: Variant) => !/^outOfStock$/i.test(v.stock?.stockLevelStatus ?? '');

/** The variant of `colorCode` when it exists, else the first in-stock colour, else the first. */
export function pickVariant(p: ProductDetails, colorCode?: string | null): Variant | null {
  const vs = p.variants ?? [];
  return (colorCode ? vs.find((v) => v.colorCode === colorCode) : undefined) ?? vs.find(inStock) ?? vs[0] ?? null;
}

export function recommendedTerm(t: TariffPrice | undefined): string | null {
  if (!t || !t.subscriptionTerms?.length) return null;
  return (t.subscriptionTerms.find((s) => s.recommended) ?? t.subscriptionTerms[0]).id;
}

function plansFor(t: TariffPrice | undefined, termId: string | null): PricePlan[] {
  if (!t) return [];
  return (t.pricePlans ?? []).filter((pp) => pp.purchasable && (termId === null || pp.subscriptionTermId === termId));
}

export function chargeTypeAvailable(p: ProductDetails, t: TariffPrice | undefined, termId: string | null, ct: ChargeType): boolean {
  if (!t) return ct === 'ONE_TIME_CHARGE' ? !!p.oneOff?.purchasable : false;
  return plansFor(t, termId).some((pp) => (ct === 'RECURRING_CHARGE' ? pp.recurring !== null : pp.oneTime !== null));
}

/** Installments (RECURRING_CHARGE) when available, else one-off. */
export function defaultChargeType(p: ProductDetails, t: TariffPrice | undefined, termId: string | null): ChargeType {
  return chargeTypeAvailable(p, t, termId, 'RECURRING_CHARGE') ? 'RECURRING_CHARGE' : 'ONE_TIME_CHARGE';
}

/** The price plan the cart call needs for the current choice. */
export function pricePlanId(p: ProductDetails, t: TariffPrice | undefined, termId: string | null, ct: ChargeType): string | undefined {
  if (!t) return p.oneOff?.pricePlanId;
  const plan = plansFor(t, termId).find((pp) => (ct === 'RECURRING_CHARGE' ? pp.recurring !== null : pp.oneTime !== null));
  return plan?.id;
}

/** 3 steps (choice, extras, summary) when there is an extra to offer: insurance, accessories or, with a sellable tariff, its add-ons and eSIM. */
export function stepCount(p: ProductDetails): number {
  return (p.insurances?.length ?? 0) > 0 || p.hasAccessories || sellableTariff(p) !== undefined ? 3 : 2;
}

/** `/uredjaj/:productCode/:colorCode/:tariffCode?` — the colour code is the 3rd path segment. */
export function pdpPath(productCode: string, colorCode: string | null, tariffCode: string | null): string {
  let p = `${PDP_BASE}/${encodeURIComponent(productCode)}`;
  if (colorCode) p += `/${encodeURIComponent(colorCode)}`;
  if (colorCode && tariffCode) p += `/${encodeURIComponent(tariffCode)}`;
  return p;
}

const sellable = (t: TariffPrice) => (t.pricePlans ?? []).some((pp) => pp.purchasable);

/**
 * The tariff to preselect: `code` when it has purchasable price plans; a parent without plans of its own
 * stands for its first sellable child; without a code, the first sellable tariff (top offer first).
 */
export function sellableTariff(p: ProductDetails, code?: string | null) {
  const all = allTariffs(p);
  if (code) {
    const hit = all.find((x) => x.tariff.code === code);
    if (hit && sellable(hit.tariff)) return hit;
    if (hit) { const child = all.find((x) => x.parentCode === code && sellable(x.tariff)); if (child) return child; }
  }
  return all.find((x) => sellable(x.tariff));
}

/** The phone alone (no tariff): paid at once. */
export function deviceOnlySelection(): Partial<PdpState> {
  return { tariffCode: DEVICE_ONLY, parentTariffCode: null, subscriptionTermId: null, chargeType: 'ONE_TIME_CHARGE' };
}

/** The whole PDP selection for a product given (optional) colour and tariff codes from the address. */
export function initialSelection(p: ProductDetails, colorCode?: string | null, tariffCode?: string | null): Partial<PdpState> {
  const variant = pickVariant(p, colorCode);
  if (tariffCode === DEVICE_ONLY && p.oneOff?.purchasable) {
    return { product: p, variant, colorCode: variant?.colorCode ?? null, ...deviceOnlySelection(), steps: stepCount(p) };
  }
  const found = sellableTariff(p, tariffCode);
  const term = recommendedTerm(found?.tariff);
  return {
    product: p, variant, colorCode: variant?.colorCode ?? null,
    tariffCode: found?.tariff.code ?? null, parentTariffCode: found?.parentCode ?? null,
    subscriptionTermId: term, chargeType: defaultChargeType(p, found?.tariff, term),
    steps: stepCount(p),
  };
}
