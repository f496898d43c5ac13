/** Pure rules of the device detail page (seed 000 §2 "PDP"): variant, steps, address, the initial selection. Prices: pricing.ts. */
import { DEVICE_ONLY, type PdpState } from './stores/catalog';
import type { ProductDetails, Variant } from './stores/types';
import { defaultChargeType, recommendedTerm, sellableTariff } from './pricing';

const inStock = (v: Variant) => !/^outOfStock$/i.test(v.stock?.stockLevelStatus ?? '');

/** The variant of `colorCode` when it exists, else the first in-stock colour, else the first. */
export function pickVariant(p: ProductDetails, colorCode?: string | null): Variant | null {
  const vs = p.variants ?? [];
  return (colorCode ? vs.find((v) => v.colorCode === colorCode) : undefined) ?? vs.find(inStock) ?? vs[0] ?? null;
}

/** 3 steps (choice, extras, summary) when there is an extra to offer: insurance, accessories or, with a sellable tariff, its add-ons and eSIM. */
export function stepCount(p: ProductDetails): number {
  return (p.insurances?.length ?? 0) > 0 || p.hasAccessories || sellableTariff(p) !== undefined ? 3 : 2;
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
