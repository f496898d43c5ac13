// The flows module's public surface: the checkout type of a cart by the rules of schemas/rules/checkout-types.json,
// its flow (schemas/flows/) and the checkout steps with their done state (each step's doneWhen).
export {
  checkoutState, checkoutStepsOf, checkoutTypeFor, contractDataRequiredFor, deliveryOptionsOf, flowHasStep, flowOf, requireAllowedFor, signInRequired,
  type CartFacts, type CheckoutType, type Flow, type FlowStep,
} from './checkout-type';
export { paymentOfferFor, type CardPaymentType, type PaymentMode, type PaymentOffer } from './payment-modes';
