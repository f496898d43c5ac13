// The steps of checkout.submitOrder (seed 000 §4, steps 1–8; actions/checkout/checkout.ts runs them in order): the
// checks before anything is sent, the cart's validation, the payment choice, the order itself, the card payment or the
// confirmation, and what a failure shows.
import { ActionError } from '../define';
import type { ActionContext, ArgsOf } from '../define';
import type { ConsentTemplate } from '../stores/types';
import type { ResponseOf } from '../api/client';
import { ApiError } from '../api/errors';
import { delay, assignLocation, rememberPendingOrder } from '../dom';
import { REDIRECT_DELAY_MS, handleCartValidationError, validateCart } from '../checkout-rules';
import { goTo } from '../destinations';

type SubmitOrderArgs = ArgsOf<'checkout.submitOrder'>;
type SubmittedOrder = ResponseOf<'submitOrder'>;

/** The consent template that asks to e-mail the contract documents, if any. */
export function contractDocsConsent(templates: ConsentTemplate[]): ConsentTemplate | undefined {
  return templates.find((t) => /contract|ugovor/i.test(`${t.id} ${t.name}`) && /mail|imejl/i.test(`${t.id} ${t.name}`));
}

/** Steps 1–2: shows the validation, then stops (ActionError) while a required consent is not given. */
export function requireConsents(ctx: ActionContext): void {
  const { checkout } = ctx.stores;
  // 1. validation trigger
  checkout.triggerValidation();
  checkout.setErrorMessage(null);
  // 2. required consents must be confirmed
  const missing = checkout.consentTemplates.filter((t) => t.required && !checkout.consents[t.id]).map((t) => t.id);
  checkout.setConsentErrors(missing);
  if (missing.length > 0) throw new ActionError('consents required', true);
}

/** The chosen payment mode, once it has what it needs (a monthly bill, a saved card); else an error toast and an ActionError. */
export function chosenPaymentMode(args: SubmitOrderArgs, ctx: ActionContext): string {
  const { checkout, ui } = ctx.stores;
  const mode = checkout.selectedPaymentMode;
  if (!mode) { ui.showToast({ kind: 'error', message: 'checkout.error.deliveryPayment' }); throw new ActionError('no payment mode', true); }
  if (mode === 'ChargeGroupAccount' && !(args.billingAccountId ?? checkout.selectedBillingAccount)) {
    ui.showToast({ kind: 'error', message: 'error.checkout.billingAccountRequired' });
    throw new ActionError('no monthly bill', true);
  }
  if (mode === 'CreditCard' && (args.creditCardPaymentType ?? checkout.selectedCardPaymentType) === 'SAVED_CARD' && !(args.creditCardId ?? checkout.selectedCardId)) {
    ui.showToast({ kind: 'error', message: 'error.checkout.cardRequired' });
    throw new ActionError('no saved card', true);
  }
  return mode;
}

/** Step 3: validates the cart; an invalid one stops the order (ActionError). */
export async function requireValidCart(ctx: ActionContext): Promise<void> {
  // 3. validate the cart
  const { ok } = await validateCart(ctx, false);
  if (!ok) throw new ActionError('cart invalid', true);
}

/** Steps 4–5: sends the monthly bill (for ChargeGroupAccount), then the payment type (by card: how, and the saved card). */
export async function sendPaymentChoice(args: SubmitOrderArgs, ctx: ActionContext, mode: string): Promise<void> {
  const { checkout } = ctx.stores;
  // 4. monthly bill (before the payment type, seed 000 §4)
  const billingAccountId = args.billingAccountId ?? checkout.selectedBillingAccount;
  if (mode === 'ChargeGroupAccount' && billingAccountId) {
    await ctx.api.call('setMonthlyBill', { body: { billingAccountId } });
  }
  // 5. payment type (by card: how the card is given, and the saved card)
  const pt: Record<string, unknown> = { paymentMode: mode };
  if (mode === 'CreditCard') {
    const cardType = args.creditCardPaymentType ?? checkout.selectedCardPaymentType;
    if (cardType) pt.creditCardPaymentType = cardType;
    const cardId = args.creditCardId ?? (cardType === 'SAVED_CARD' ? checkout.selectedCardId : null);
    if (cardType === 'SAVED_CARD' && cardId) pt.creditCardId = cardId;
  }
  await ctx.api.call('setPaymentType', { body: pt });
}

/** Step 6: submits the order with the consents (and whether to e-mail the contract documents); keeps the result. */
export async function submitTheOrder(ctx: ActionContext): Promise<SubmittedOrder> {
  const { checkout } = ctx.stores;
  // 6. submit
  const docs = contractDocsConsent(checkout.consentTemplates);
  const result = await ctx.api.call('submitOrder', {
    body: { consents: { ...checkout.consents }, sendContractDocsToEmail: docs ? !!checkout.consents[docs.id] : null },
  });
  checkout.setOrderResult(result);
  return result;
}

/** Step 7: a card payment is authorized and the shopper goes to the gateway; else the successful-order page after the delay. */
export async function payOrConfirm(ctx: ActionContext, result: SubmittedOrder): Promise<void> {
  const { checkout } = ctx.stores;
  // 7. success
  const cardPaymentType = result.paymentInfo?.cardPaymentType;
  if (cardPaymentType) {
    const body: Record<string, unknown> = { cardPaymentType, orderId: result.code };
    const cardId = result.paymentInfo?.cardId ?? null;
    if (cardPaymentType === 'SAVED_CARD' && cardId) body.cardId = cardId;
    const auth = await ctx.api.call('authorizePayment', { body });
    rememberPendingOrder(result.code);
    assignLocation(auth.redirectionUrl);
    return;
  }
  checkout.setConfirmation(result);
  await delay(REDIRECT_DELAY_MS);
  await goTo(ctx, 'orderSuccess', { query: { orderCode: result.code } });
}

/** Step 8: what a failure shows (card limit, cart validation, a refused payment choice, else the unsuccessful-order
 *  page); always ends in an ActionError. */
export async function orderFailed(e: unknown, ctx: ActionContext): Promise<never> {
  const { checkout, ui, session } = ctx.stores;
  // 8. failure
  if (e instanceof ActionError) throw e;
  if (e instanceof ApiError && e.type === 'MtsCardLimitError') {
    const text = e.message || session.t('payment.error.cardLimit');
    checkout.setErrorMessage(text);
    ui.showToast({ kind: 'error', text });
    throw new ActionError('card limit', true);
  }
  if (e instanceof ApiError && e.type === 'CartValidationError') {
    await handleCartValidationError(e, ctx);
    throw new ActionError('cart validation', true);
  }
  if (e instanceof ApiError && e.type === 'ValidationError') {
    // the payment choice was refused (an expired card, a monthly bill not chosen): the shopper fixes it here
    ui.showToast({ kind: 'error', text: e.message || session.t('checkout.error.deliveryPayment') });
    throw new ActionError('payment choice refused', true);
  }
  console.error('[checkout.submitOrder]', e);
  const code = checkout.orderResult?.code;
  await goTo(ctx, 'orderFailure', { query: { orderCode: code } });
  throw new ActionError('order failed', true);
}
