// The payment module's public surface: gateway sessions (payments table, written here only), the callback signature,
// saved cards and e-bill accounts (server/payment/schema.ts) and the gateway simulator's shared card path.
export {
  cancelOpenPayments, completePayment, findPayment, openPaymentSession, paymentsSubquery, settleOrderVoid, verifyCallback, voidPayment, VOID_RETRY_AFTER_MS,
  voidsOfOrder, type CardChoice, type OrderVoid, type PaymentRow,
} from './service';
export { CALLBACK_MAX_AGE_MS, CALLBACK_MAX_SKEW_MS, fresh, sign, verify, type CallbackPayload, type GatewayResult, type SavedCardInfo } from './signature';
export { DEV_GATEWAY_SECRET, gatewaySecretOf, GatewaySecretError, MIN_GATEWAY_SECRET_LENGTH } from './secret';
export { simulatedGateway, type GatewayProvider, type VoidRequest, type VoidResult } from './gateway/provider';
export { checkCardForm, pageLanguage, PAY_FORM_SCHEMA, type CheckedCard, type PayForm } from './gateway/form';
export { renderPage, GATEWAY_CSS, type PageModel } from './gateway/page';
export { chargeCard, CHALLENGE_PREFIX, type PayerSession, type Reporter } from './gateway/engine';
export {
  CARD_BRANDS, billingAccountsOf, brandOf, cardValid, cardView, findSavedCard, openBillingAccount, ownBillingAccount, ownSavedCard,
  paymentChoiceOf, saveCardToken, savedCardsOf, setPaymentChoice, type BillingAccountRow, type PaymentChoice, type SavedCardRow,
} from './cards';
