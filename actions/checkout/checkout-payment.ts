// The steps of checkout.loadPayment (actions/checkout/checkout.ts runs them in order): the payment choices read at
// once, then each offered with its preselection — monthly bills, saved cards, card payment types, the payment mode.
import type { ActionContext } from '../define';

type Query = { lang: string } | undefined;

/** The payment modes (with the card payment types), consent templates and, for a signed-in customer, monthly bills
 *  and saved cards, read side by side; a failed read is logged and counts as none. */
export async function readPaymentChoices(ctx: ActionContext, q: Query) {
  const signedIn = ctx.stores.session.isAuthorized;
  const [modes, consents, bills, cards] = await Promise.all([
    ctx.api.call('paymentModes', { query: q }).catch((e) => { console.error(e); return { paymentModes: [], creditCardPaymentTypes: [] }; }),
    ctx.api.call('consentTemplates', { query: q }).catch((e) => { console.error(e); return { consentTemplates: [] }; }),
    signedIn ? ctx.api.call('ebills', { query: q }).catch((e) => { console.error(e); return { ebills: [] }; }) : Promise.resolve({ ebills: [] }),
    signedIn ? ctx.api.call('creditCards', { query: q }).catch((e) => { console.error(e); return { cardInfoDataList: [] }; }) : Promise.resolve({ cardInfoDataList: [] }),
  ]);
  return { modes, consents, bills, cards };
}

type PaymentChoices = Awaited<ReturnType<typeof readPaymentChoices>>;

/** Offers the monthly bills; preselects the one the answer marks, else the one chosen before if still offered, else the first. */
export function offerMonthlyBills(ctx: ActionContext, bills: PaymentChoices['bills']): void {
  const { checkout } = ctx.stores;
  checkout.setEbills((bills.ebills ?? []).map((b) => ({ code: b.billingAccountId, name: `${b.name} · ${b.billingAccountId}`, description: `${b.address} · ${b.email}` })));
  const chosenBill = (bills.ebills ?? []).find((b) => b.selected)?.billingAccountId;
  const billCodes = checkout.ebills.map((b) => b.code);
  checkout.selectBillingAccount(chosenBill ?? (checkout.selectedBillingAccount && billCodes.includes(checkout.selectedBillingAccount) ? checkout.selectedBillingAccount : billCodes[0] ?? null));
}

/** Offers the saved cards (an expired one shown, not choosable); preselects the marked valid one, else the first
 *  valid one. Returns the valid cards. */
export function offerSavedCards(ctx: ActionContext, cards: PaymentChoices['cards']) {
  const { checkout, session } = ctx.stores;
  const list = cards.cardInfoDataList ?? [];
  checkout.setSavedCards(list.map((c) => ({
    code: c.id, brand: c.brand, name: `${c.maskedNumber} · ${c.holder}`, disabled: c.expired,
    description: c.expired ? session.t('checkout.payment.card.expired', { expiry: c.expiry }) : session.t('checkout.payment.card.validUntil', { expiry: c.expiry }),
  })));
  const usable = list.filter((c) => !c.expired);
  checkout.selectCard(list.find((c) => c.selected && !c.expired)?.id ?? usable[0]?.id ?? null);
  return usable;
}

/** Offers the card payment types (SAVED_CARD only with a valid card); preselects the cart's, else the first. */
export function offerCardPaymentTypes(ctx: ActionContext, modes: PaymentChoices['modes'], usable: readonly unknown[]): void {
  const { checkout, cart } = ctx.stores;
  // SAVED_CARD is offered only when there is a card to pay with
  const types = (modes.creditCardPaymentTypes ?? []).filter((t) => t.code !== 'SAVED_CARD' || usable.length > 0);
  checkout.setCardPaymentTypes(types);
  const cartType = cart.cart?.paymentInfo?.cardPaymentType as string | undefined;
  const typeCodes: string[] = types.map((t) => t.code);
  checkout.selectCardPaymentType(cartType && typeCodes.includes(cartType) ? cartType : typeCodes[0] ?? null);
}

/** Preselects the cart's payment mode, else the one chosen before if still offered, else the first. */
export function preselectPaymentMode(ctx: ActionContext): void {
  const { checkout, cart } = ctx.stores;
  const preferred = cart.cart?.paymentMode?.code;
  const codes = checkout.paymentModes.map((m) => m.code);
  checkout.selectPaymentMode(preferred && codes.includes(preferred) ? preferred : checkout.selectedPaymentMode && codes.includes(checkout.selectedPaymentMode) ? checkout.selectedPaymentMode : codes[0] ?? null);
}
