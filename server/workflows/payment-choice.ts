// Workflow: the payment choice of a checkout (seed 000 §3, §4, §7): which modes the cart's checkout offers (the rule
// document schemas/rules/payment-modes.json), the customer's e-bills and saved cards, "set monthly bill" and "set
// payment type". Spans cart (the open cart and its checkout type), user (who is signed in), flows (the rule) and
// payment (saved cards, e-bill accounts, the cart's payment choice).
import type { Db, DbOrTx } from '../db/index';
import { badInput } from '../lib/errors';
import type { Lang } from '../lib/lang';
import type { UiDocuments } from '../ui/index';
import { cartSignedIn, checkoutTypeOf, entriesOf, getOrCreateCart, loadEntryProducts, lockOpenCart, setCheckoutFields, type CartRecord } from '../cart/index';
import { paymentOfferFor, type CardPaymentType, type PaymentMode, type PaymentOffer } from '../flows/index';
import { billingAccountsOf, cardValid, cardView, ownBillingAccount, ownSavedCard, paymentChoiceOf, savedCardsOf, setPaymentChoice } from '../payment/index';
import { userOfSession } from '../user/index';

/** What the session's open cart may be paid with, and who pays. */
export async function offerOfCart(db: DbOrTx, ui: UiDocuments, cart: CartRecord): Promise<PaymentOffer & { signedIn: boolean }> {
  const entries = await entriesOf(db, cart.id);
  const products = await loadEntryProducts(db, entries);
  const signedIn = await cartSignedIn(db, cart);
  const type = entries.length ? checkoutTypeOf(ui, signedIn, entries, products) : null;
  return { ...paymentOfferFor(ui, type, signedIn), signedIn };
}

/** GET payment modes: the modes of the cart's checkout with their names, and the card payment types. */
export async function paymentModesOf(db: Db, ui: UiDocuments, sessionId: string, lang: Lang) {
  const offer = await offerOfCart(db, ui, await getOrCreateCart(db, sessionId));
  return {
    paymentModes: offer.modes.map((code) => ({ code, name: ui.message(lang, `checkout.payment.name.${code}`) })),
    creditCardPaymentTypes: offer.cardPaymentTypes.map((code) => ({ code, name: ui.message(lang, `checkout.payment.cardType.${code}`) })),
  };
}

/** GET e-bills: the signed-in customer's monthly-bill accounts, the cart's chosen one selected (a guest has none). */
export async function ebillsOf(db: Db, sessionId: string) {
  const user = await userOfSession(db, sessionId);
  if (!user) return { ebills: [] };
  const cart = await getOrCreateCart(db, sessionId);
  const chosen = (await paymentChoiceOf(db, cart.id)).billingAccountId;
  return {
    ebills: (await billingAccountsOf(db, user.id)).map((a) => ({ billingAccountId: a.id, name: a.name, email: a.email, address: a.address, selected: a.id === chosen })),
  };
}

/** GET credit cards: the signed-in customer's saved cards (cardInfoDataList), never a token or a number. */
export async function creditCardsOf(db: Db, sessionId: string) {
  const user = await userOfSession(db, sessionId);
  if (!user) return { cardInfoDataList: [] };
  const cart = await getOrCreateCart(db, sessionId);
  const chosen = (await paymentChoiceOf(db, cart.id)).savedCardId;
  const now = new Date();
  return { cardInfoDataList: (await savedCardsOf(db, user.id)).map((c) => ({ ...cardView(c, now), selected: c.id === chosen })) };
}

const notOffered = (mode: string) => badInput('error.checkout.paymentModeNotAllowed', { code: mode }, 'paymentMode', 'paymentModeNotAllowed');

/** PUT set monthly bill: one of the customer's own e-bill accounts, for a checkout that offers the monthly bill. */
export async function setMonthlyBill(db: Db, ui: UiDocuments, sessionId: string, billingAccountId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const user = await userOfSession(tx, sessionId);
    if (!user) throw badInput('error.checkout.signInRequired', {}, 'billingAccountId', 'signInRequired');
    const offer = await offerOfCart(tx, ui, cart);
    if (!offer.modes.includes('ChargeGroupAccount')) throw notOffered('ChargeGroupAccount');
    await ownBillingAccount(tx, user.id, billingAccountId);
    await setPaymentChoice(tx, cart.id, { billingAccountId });
  });
}

export interface PaymentTypeBody { paymentMode: string; creditCardPaymentType?: string; creditCardId?: string }

/**
 * PUT set payment type: a mode the cart's checkout offers; ChargeGroupAccount only after set monthly bill; CreditCard
 * with a card payment type the checkout offers (default NEW_CARD), SAVED_CARD with the customer's own, unexpired card.
 */
export async function setPaymentType(db: Db, ui: UiDocuments, sessionId: string, body: PaymentTypeBody): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const offer = await offerOfCart(tx, ui, cart);
    const mode = body.paymentMode as PaymentMode;
    if (!offer.modes.includes(mode)) throw notOffered(body.paymentMode);
    const user = await userOfSession(tx, sessionId);
    let cardType: CardPaymentType | null = null;
    let savedCardId: string | null = null;
    if (mode === 'CreditCard') {
      cardType = (body.creditCardPaymentType ?? 'NEW_CARD') as CardPaymentType;
      if (!offer.cardPaymentTypes.includes(cardType)) {
        throw badInput(cardType === 'SAVED_CARD' && !user ? 'error.checkout.savedCardNotAllowed' : 'error.checkout.cardPaymentTypeNotAllowed', { code: cardType }, 'creditCardPaymentType', 'cardPaymentTypeNotAllowed');
      }
      if (cardType === 'SAVED_CARD') {
        if (!body.creditCardId) throw badInput('error.checkout.cardRequired', {}, 'creditCardId', 'cardRequired');
        const card = await ownSavedCard(tx, user!.id, body.creditCardId);
        if (!cardValid(card)) throw badInput('error.checkout.cardExpired', { card: card.lastFour }, 'creditCardId', 'cardExpired');
        savedCardId = card.id;
      } else if (body.creditCardId) {
        throw badInput('error.checkout.cardOnlyForSaved', {}, 'creditCardId', 'cardOnlyForSaved');
      }
    } else if (body.creditCardPaymentType || body.creditCardId) {
      throw badInput('error.checkout.cardOnlyForSaved', {}, 'creditCardPaymentType', 'cardOnlyForSaved');
    }
    if (mode === 'ChargeGroupAccount' && !(await paymentChoiceOf(tx, cart.id)).billingAccountId) {
      throw badInput('error.checkout.billingAccountRequired', {}, 'billingAccountId', 'billingAccountRequired');
    }
    await setPaymentChoice(tx, cart.id, { savedCardId });
    await setCheckoutFields(tx, cart.id, { paymentMode: mode, cardPaymentType: cardType });
  });
}
