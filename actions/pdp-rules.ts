/** Pure rules of the device detail page (seed 000 §2 "PDP"): variant, steps, address, the initial selection. Prices: pricing.ts. */
import { evaluate } from '../core/conditions';
import type { DevicePageStep } from '../schemas/types/rule';
import { DEVICE_ONLY, type PdpState, type PdpWizardStep } from './stores/catalog';
import type { ProductDetails, Variant } from './stores/types';
import { defaultChargeType, recommendedTerm, sellableTariff } from './pricing';

const inStock = (v: Variant) => !/^outOfStock$/i.test(v.stock?.stockLevelStatus ?? '');

/** The variant of `colorCode` when it exists, else the first in-stock colour, else the first. */
export function pickVariant(p: ProductDetails, colorCode?: string | null): Variant | null {
  const vs = p.variants ?? [];
  return (colorCode ? vs.find((v) => v.colorCode === colorCode) : undefined) ?? vs.find(inStock) ?? vs[0] ?? null;
}

/** The wizard's document (schemas/rules/pdp-wizard.json): its steps in order, each shown when its condition holds. */
export const PDP_WIZARD_DOC = '/ui/rules/pdp-wizard';

/**
 * What a step's condition is checked against: the product, and whether it offers a sellable tariff — a fact computed
 * here once, because finding it searches the tariff tree (childTariffs at any depth), which the condition language
 * (no recursion) cannot write. tools/schemas/crossref-rules.ts refuses a condition reading anything else.
 */
export function wizardFacts(p: ProductDetails): { product: ProductDetails; sellableTariff: boolean } {
  return { product: p, sellableTariff: sellableTariff(p) !== undefined };
}

/** The steps of the document present for the product, in order (today: choice, extras when there is one to offer, summary). */
export function wizardSteps(steps: readonly DevicePageStep[], p: ProductDetails): PdpWizardStep[] {
  const facts = wizardFacts(p);
  return steps.filter((s) => evaluate(s.when, facts)).map(({ id, title, work }) => (work ? { id, title, work } : { id, title }));
}

/** The phone alone (no tariff): paid at once. */
export function deviceOnlySelection(): Partial<PdpState> {
  return { tariffCode: DEVICE_ONLY, parentTariffCode: null, subscriptionTermId: null, chargeType: 'ONE_TIME_CHARGE' };
}

/** The whole PDP selection for a product given (optional) colour and tariff codes from the address. */
export function initialSelection(p: ProductDetails, colorCode?: string | null, tariffCode?: string | null): Partial<PdpState> {
  const variant = pickVariant(p, colorCode);
  if (tariffCode === DEVICE_ONLY && p.oneOff?.purchasable) {
    return { product: p, variant, colorCode: variant?.colorCode ?? null, ...deviceOnlySelection() };
  }
  const found = sellableTariff(p, tariffCode);
  const term = recommendedTerm(found?.tariff);
  return {
    product: p, variant, colorCode: variant?.colorCode ?? null,
    tariffCode: found?.tariff.code ?? null, parentTariffCode: found?.parentCode ?? null,
    subscriptionTermId: term, chargeType: defaultChargeType(p, found?.tariff, term),
  };
}
