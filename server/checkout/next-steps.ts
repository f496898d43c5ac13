// What happens after an order, for what was bought (issue 27): the steps of schemas/rules/order-next-steps.json whose
// "when" fits the order — its checkout type, how it is delivered, its number, a home installation, a SIM card —, with
// the order's number, store, e-mail and address in their texts. The success page (confirmationData) and the
// confirmation e-mail (server/workflows/order-mail.ts) list the same steps.
import type { Lang } from '../lib/lang';
import type { UiDocuments } from '../ui/index';
import type { ANextStep, RuleDocument } from '../../schemas/types/rule';

/** A step's shape is the meta-schema's (schemas/meta/rule.schema.json "nextStep"), generated. */
type When = NonNullable<ANextStep['when']>;
type Delivery = NonNullable<When['delivery']>[number];
type NumberKind = NonNullable<When['number']>[number];

/** What the rules ask of an order. */
interface OrderFacts { checkoutType: string | null; delivery: Delivery; number: NumberKind; homeInstallation: boolean; sim: boolean }

/** The order snapshot's parts the facts come from (server/workflows/place-order.ts). */
export interface NextStepsSnapshot {
  checkoutType?: string | null;
  deliveryAddress?: { deliveryAddressType?: string; pickupAddressString?: string; email?: string } | null;
  msisdn?: string;
  /** the order's number as the workflow recorded it: the cart's choice, or a prepaid order's pool number (PREPAID) */
  number?: { option: string; msisdn: string | null; formatted: string | null } | null;
  homeLine?: { formattedAddress?: string } | null;
}

const TARIFF_TYPES = ['TARIFF', 'MTS_DISC_TARIFF'];

/** The facts of an order from its snapshot and the types of its products. */
function orderFacts(snap: NextStepsSnapshot, productTypes: string[]): OrderFacts {
  const type = snap.deliveryAddress?.deliveryAddressType;
  const delivery: Delivery = !snap.deliveryAddress ? 'NONE' : type === 'PICKUP_ADDRESS' ? 'PICKUP' : type === 'DELIVERY_EMAIL_ADDRESS' ? 'EMAIL' : 'COURIER';
  const option = snap.number?.option;
  const number: NumberKind = snap.msisdn || option === 'PREPAID' || option === 'MOBILE_NEW' || option === 'MOBILE_NEW_SELECTION' ? 'NEW'
    : option === 'MOBILE_PORT_IN' ? 'PORT_IN' : option === 'MOBILE_EXISTING' ? 'EXISTING' : 'NONE';
  const homeInstallation = Boolean(snap.homeLine);
  const sim = delivery !== 'EMAIL' && !homeInstallation && productTypes.some((t) => TARIFF_TYPES.includes(t));
  return { checkoutType: snap.checkoutType ?? null, delivery, number, homeInstallation, sim };
}

function fits(step: ANextStep, f: OrderFacts): boolean {
  const w = step.when;
  if (!w) return true;
  return (!w.checkoutType || (f.checkoutType !== null && (w.checkoutType as string[]).includes(f.checkoutType)))
    && (!w.delivery || w.delivery.includes(f.delivery))
    && (!w.number || w.number.includes(f.number))
    && (w.homeInstallation === undefined || w.homeInstallation === f.homeInstallation)
    && (w.sim === undefined || w.sim === f.sim);
}

/** The texts of the steps that fit the order, in the rule document's order. */
export function nextSteps(ui: UiDocuments, snap: NextStepsSnapshot, productTypes: string[], code: string, lang: Lang): string[] {
  const steps = ((ui.get('rule', 'order-next-steps')?.json ?? {}) as RuleDocument).orderNextSteps ?? [];
  const facts = orderFacts(snap, productTypes);
  const params = {
    code,
    msisdn: snap.number?.formatted ?? snap.msisdn ?? '',
    store: snap.deliveryAddress?.pickupAddressString ?? '',
    email: snap.deliveryAddress?.email ?? '',
    address: snap.homeLine?.formattedAddress ?? '',
  };
  return steps.filter((s) => fits(s, facts)).map((s) => ui.message(lang, s.text.message, params));
}
