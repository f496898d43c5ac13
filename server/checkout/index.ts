// The checkout module's public surface: guest data, payment modes, consents, orders. Other modules and workflows
// import from here only; the module alone writes orders, order_lines, consent_templates, delivery_time_slots.
export {
  CartValidationFailure, DEFAULT_CARD_PAYMENT_TYPE, checkConsents, confirmationData, failOrder, findOrder, keepPendingOrder, lockCartToOrder,
  lockOrder, markOrderPaid, markOrderPaymentFailed, markStockReleased, orderResult, orderStatus, recordOrder, sameLines,
  type OrderValues, type SubmitBody,
} from './orders';
export type { OrderRecord } from './records';
export { checkoutOptions, consents, formatAddress, setGuestInfo, setTimeSlot, timeSlots, type GuestBody } from './service';
export { nextSteps, type NextStepsSnapshot } from './next-steps';
export { consentTemplateExists, consentsOf } from './consent-templates';
export { dueOrderVoid, dueOrderVoids, numberInOpenOrder, paymentWithOrder, type DueOrderVoid } from './order-reads';
