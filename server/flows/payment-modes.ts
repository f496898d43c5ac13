// Which payment modes and card payment types a checkout offers, read from schemas/rules/payment-modes.json (the first
// rule whose conditions hold; the checker makes the last one unconditional). Nowhere else lists them.
import type { UiDocuments } from '../ui/index';
import type { CheckoutType } from './checkout-type';

export type PaymentMode = 'ChargeGroupAccount' | 'ChargeNewGroupAccount' | 'CreditCard' | 'Delivery';
export type CardPaymentType = 'SAVED_CARD' | 'NEW_CARD_SAVE' | 'NEW_CARD';
export interface PaymentOffer { modes: PaymentMode[]; cardPaymentTypes: CardPaymentType[] }

interface PaymentModeRule { checkoutTypes?: CheckoutType[]; signedIn?: boolean; modes: PaymentMode[]; cardPaymentTypes?: CardPaymentType[] }

/** The payment offer of a checkout: a cart of `checkoutType` (null: an empty cart) of a signed-in customer or a guest. */
export function paymentOfferFor(ui: UiDocuments, checkoutType: CheckoutType | null, signedIn: boolean): PaymentOffer {
  const doc = ui.get('rule', 'payment-modes');
  const rules = (doc?.json as { paymentModes?: PaymentModeRule[] } | undefined)?.paymentModes ?? [];
  const rule = rules.find((r) => (r.signedIn === undefined || r.signedIn === signedIn)
    && (!r.checkoutTypes || (checkoutType !== null && r.checkoutTypes.includes(checkoutType))));
  if (!rule) throw new Error('schemas/rules/payment-modes.json: no rule matches (the last rule must have no conditions)');
  return { modes: rule.modes, cardPaymentTypes: rule.modes.includes('CreditCard') ? rule.cardPaymentTypes ?? ['NEW_CARD'] : [] };
}
