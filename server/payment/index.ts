// The payment module's public surface: gateway sessions (payments table, written here only) and the callback signature.
export { cancelOpenPayments, cancelPayment, completePayment, findPayment, openPaymentSession, verifyCallback, type PaymentRow } from './service';
export { sign, verify, type CallbackPayload, type GatewayResult } from './signature';
export { checkCardForm, pageLanguage, PAY_FORM_SCHEMA, type PayForm } from './gateway/form';
export { renderPage, GATEWAY_CSS, type PageModel } from './gateway/page';
