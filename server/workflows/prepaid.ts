// Workflow: the prepaid checkouts (MOBILE_PREPAID, MOBILE_PREPAID_GUEST; seed 000 §2, seed 001 §4 "Prepaid eSIM email
// step", §9). Spans cart (the cart's checkout type and its customer data), user (the signed-in customer), outbox (the
// e-mail one-time code, the purchase e-mail) and selfcare (a guest purchase opens the 24-hour registration window).
import { randomInt } from 'node:crypto';
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput } from '../lib/errors';
import type { Lang } from '../lib/lang';
import type { UiDocuments } from '../ui/index';
import { cartSignedIn, cartView, entriesOf, getOrCreateCart, loadEntryProducts, checkoutTypeOf, setCheckoutFields, type CartRecord } from '../cart/index';
import { issueCode, sendMessage, spendCode, type CodeKey } from '../outbox/index';
import type { Limits, Requester } from '../lib/limits';
import { openGuestPrepaidPurchase } from '../selfcare/index';
import { userOfSession } from '../user/index';

/** The e-mail code lives 300 s (seed 001 §5 "Email OTP timer 300 s"). */
export const EMAIL_CODE_SECONDS = 300;
export const EMAIL_CODE_PURPOSE = 'PREPAID_EMAIL';
export const PREPAID_TYPES = ['MOBILE_PREPAID', 'MOBILE_PREPAID_GUEST'] as const;
export type PrepaidType = (typeof PREPAID_TYPES)[number];
/** How the eSIM of a prepaid package reaches the customer (seed 001 §9 delivery options). */
export const EMAIL_DELIVERY = 'DELIVERY_EMAIL_ADDRESS';
/** The identifier of the prepaid guest checkout terms consent (seed 001 §9 consent identifiers). */
export const PREPAID_GUEST_TERMS_CONSENT = 'PREPAID_GUEST_CHECKOUT_TERMS';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface VerifyBody {
  email: string; otpCode: string;
  firstName?: string; lastName?: string; prepaidGuestTermsConsent?: boolean;
}

/** The session's open cart and its checkout type, which must be a prepaid one (else 400 notPrepaid). */
async function prepaidCart(db: DbOrTx, ui: UiDocuments, sessionId: string): Promise<{ cart: CartRecord; type: PrepaidType }> {
  const cart = await getOrCreateCart(db, sessionId);
  const entries = await entriesOf(db, cart.id);
  if (entries.length === 0) throw new ApiError(400, 'CartError', 'error.cart.empty');
  const type = checkoutTypeOf(ui, await cartSignedIn(db, cart), entries, await loadEntryProducts(db, entries));
  if (!(PREPAID_TYPES as readonly string[]).includes(type)) throw badInput('checkout.verification.error.notPrepaid', {}, 'checkoutType', 'notPrepaid');
  return { cart, type: type as PrepaidType };
}

function emailOf(raw: string): string {
  const email = String(raw ?? '').trim();
  if (!EMAIL.test(email) || email.length > 120) throw badInput('checkout.verification.error.email', {}, 'email', 'invalidEmail');
  return email;
}

const keyOf = (sessionId: string, email: string): CodeKey => ({ purpose: EMAIL_CODE_PURPOSE, subject: email, sessionId });

/** POST checkout/esim/requestotp: sends a six-digit code to the e-mail address (valid 300 s; a new one replaces it). */
export async function requestPrepaidEmailCode(db: Db, from: Requester, ui: UiDocuments, sessionId: string, rawEmail: string, lang: Lang) {
  const email = emailOf(rawEmail);
  await prepaidCart(db, ui, sessionId);
  return issueCode(db, from, keyOf(sessionId, email), 'EMAIL', EMAIL_CODE_SECONDS, (code) => ({
    subject: ui.message(lang, 'checkout.verification.mail.subject'),
    body: ui.message(lang, 'checkout.verification.mail.body', { code, minutes: EMAIL_CODE_SECONDS / 60 }),
  }));
}

/**
 * POST checkout/esim: the code of the e-mail address is spent and, in the same transaction, the address becomes the
 * cart's contact and eSIM delivery address (DELIVERY_EMAIL_ADDRESS) with payment mode CreditCard. A guest also gives
 * first and last name and must accept the prepaid guest checkout terms. Wrong, expired, reused or unsent codes → 400.
 */
export async function verifyPrepaidEmail(db: Db, limits: Limits, ui: UiDocuments, sessionId: string, body: VerifyBody, lang: Lang) {
  const email = emailOf(body.email);
  const { cart, type } = await prepaidCart(db, ui, sessionId);
  let firstName: string;
  let lastName: string;
  if (type === 'MOBILE_PREPAID_GUEST') {
    firstName = (body.firstName ?? '').trim();
    lastName = (body.lastName ?? '').trim();
    if (!firstName) throw badInput('validation.required', {}, 'firstName', 'required');
    if (!lastName) throw badInput('validation.required', {}, 'lastName', 'required');
    if (body.prepaidGuestTermsConsent !== true) throw badInput('checkout.verification.error.terms', {}, PREPAID_GUEST_TERMS_CONSENT, 'consentRequired');
  } else {
    const user = await userOfSession(db, sessionId);
    if (!user) throw new ApiError(403, 'ForbiddenError', 'numbers.error.signInFirst');
    firstName = user.firstName;
    lastName = user.lastName;
  }
  if (!/^\d{6}$/.test(String(body.otpCode ?? '').trim())) throw badInput('checkout.verification.error.codeFormat', {}, 'otpCode', 'otpFormat');
  await spendCode(db, limits, keyOf(sessionId, email), body.otpCode, 'otpCode', async (tx) => {
    await setCheckoutFields(tx, cart.id, {
      orderCustomerInfo: {
        firstName, lastName, contactEmail: email, contactPhone: '', emailVerified: 'true',
        ...(type === 'MOBILE_PREPAID_GUEST' ? { [PREPAID_GUEST_TERMS_CONSENT]: new Date().toISOString() } : {}),
      },
      deliveryAddress: { deliveryAddressType: EMAIL_DELIVERY, email, formattedAddress: email },
      paymentMode: 'CreditCard',
    });
  });
  return cartView(db, ui, await getOrCreateCart(db, sessionId), lang);
}

/** What a prepaid order keeps in its snapshot (place-order.ts writes it). */
export interface PrepaidSnapshot { checkoutType?: string; msisdn?: string; lang?: Lang; orderCustomerInfo?: { contactEmail?: string } | null }

/** A registration code as printed on a SIM package: six characters, no look-alikes (0/O, 1/I). */
function registrationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * A prepaid order was paid (or placed with nothing to pay): for a guest's purchase (MOBILE_PREPAID_GUEST) the number
 * gets its 24-hour registration window in self-care (funds of the purchase reserved until then) and the customer an
 * e-mail with the number, the registration code and the deadline. Runs in the caller's transaction, once per order
 * (the caller moves the order once); openGuestPrepaidPurchase itself is idempotent too.
 */
export async function prepaidPurchased(tx: DbOrTx, ui: UiDocuments | null, order: { code: string; totalPrice: number; snapshot: unknown }, now = new Date()): Promise<Date | null> {
  const snap = (order.snapshot ?? {}) as PrepaidSnapshot;
  if (snap.checkoutType !== 'MOBILE_PREPAID_GUEST' || !snap.msisdn) return null;
  const code = registrationCode();
  const deadline = await openGuestPrepaidPurchase(tx, { msisdn: snap.msisdn, code, purchasedAt: now, reservedAmount: order.totalPrice });
  const email = snap.orderCustomerInfo?.contactEmail;
  if (email && ui) {
    const lang: Lang = snap.lang === 'en' ? 'en' : 'sr';
    const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Belgrade' }).format(deadline);
    await sendMessage(tx, {
      channel: 'EMAIL', recipient: email,
      subject: ui.message(lang, 'checkout.prepaid.mail.subject', { order: order.code }),
      body: ui.message(lang, 'checkout.prepaid.mail.body', { msisdn: snap.msisdn, code, deadline: when }),
    });
  }
  return deadline;
}
