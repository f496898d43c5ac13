// Saved cards, e-bill (monthly bill) accounts and the cart's payment choice (the payment module owns saved_cards,
// billing_accounts and cart_payment_choices). A saved card is the gateway's token with brand, last four digits and
// expiry — the card number never reaches the shop.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { badInput } from '../lib/errors';
import { randomToken } from '../lib/ids';
import { billingAccounts, cartPaymentChoices, savedCards } from './schema';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type BillingAccountRow = typeof billingAccounts.$inferSelect;

/** The card brands the shop accepts (seed 000 §3). */
export const CARD_BRANDS = ['mastercard', 'maestro', 'dinacard', 'visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
const isCardBrand = (b: string): b is CardBrand => (CARD_BRANDS as readonly string[]).includes(b);

/** The brand of a card number by its prefix; null for a brand the shop does not accept. */
export function brandOf(number: string): CardBrand | null {
  if (/^9891/.test(number)) return 'dinacard';
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^(50|5[6-9]|6)/.test(number)) return 'maestro';
  return null;
}

/** A card still valid in the month of `now` (it expires at the end of its month). */
export const cardValid = (c: { expiryMonth: number; expiryYear: number }, now = new Date()) =>
  c.expiryYear * 12 + c.expiryMonth >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;

/** The view of a saved card (cardInfoDataList of seed 000 §3): never the token, never a number. */
export function cardView(c: SavedCardRow, now = new Date()) {
  return {
    id: c.id, brand: c.brand, lastFour: c.lastFour, maskedNumber: `•••• ${c.lastFour}`,
    expiry: `${String(c.expiryMonth).padStart(2, '0')}/${String(c.expiryYear % 100).padStart(2, '0')}`,
    holder: c.holder, expired: !cardValid(c, now),
  };
}

export async function savedCardsOf(db: DbOrTx, userId: number): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(desc(savedCards.createdAt), asc(savedCards.id));
}

/** The customer's own saved card (400 unknownCard for another customer's card or an unknown id: the two look the same). */
export async function ownSavedCard(db: DbOrTx, userId: number, cardId: string): Promise<SavedCardRow> {
  const row = (await db.select().from(savedCards).where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId))))[0];
  if (!row) throw badInput('error.checkout.unknownCard', {}, 'creditCardId', 'unknownCard');
  return row;
}

export async function findSavedCard(db: DbOrTx, cardId: string): Promise<SavedCardRow | undefined> {
  return (await db.select().from(savedCards).where(eq(savedCards.id, cardId)))[0];
}

/**
 * Saves the gateway's token of a card paid with "pay and save" for the customer, once: a repeated callback finds the
 * token already saved (unique token) and changes nothing. Answers the saved card's id.
 */
export async function saveCardToken(db: DbOrTx, userId: number, card: { token: string; brand: string; lastFour: string; expiry: string; holder: string }): Promise<string | null> {
  const m = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
  if (!m || !/^tok_[A-Za-z0-9_-]{16,64}$/.test(card.token) || !/^\d{4}$/.test(card.lastFour) || !isCardBrand(card.brand)) return null;
  const inserted = await db.insert(savedCards).values({
    id: `card_${randomToken(12)}`, userId, token: card.token, brand: card.brand, lastFour: card.lastFour,
    expiryMonth: Number(m[1]), expiryYear: 2000 + Number(m[2]), holder: card.holder.slice(0, 80),
  }).onConflictDoNothing().returning({ id: savedCards.id });
  return inserted[0]?.id ?? null;
}

export async function billingAccountsOf(db: DbOrTx, userId: number): Promise<BillingAccountRow[]> {
  return db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).orderBy(asc(billingAccounts.sortOrder), asc(billingAccounts.id));
}

export async function ownBillingAccount(db: DbOrTx, userId: number, id: string): Promise<BillingAccountRow> {
  const row = (await db.select().from(billingAccounts).where(and(eq(billingAccounts.id, id), eq(billingAccounts.userId, userId))))[0];
  if (!row) throw badInput('error.checkout.unknownBillingAccount', { code: id }, 'billingAccountId', 'unknownBillingAccount');
  return row;
}

/** ChargeNewGroupAccount: the new monthly-bill account opened with an order (once per order: its id is the order's). */
export async function openBillingAccount(db: DbOrTx, userId: number, orderCode: string, o: { name: string; email: string; address: string }): Promise<string> {
  const id = `BA${orderCode}`;
  await db.insert(billingAccounts).values({ id, userId, name: o.name, email: o.email, address: o.address, sortOrder: 100 }).onConflictDoNothing();
  return id;
}

export interface PaymentChoice { billingAccountId: string | null; savedCardId: string | null }

export async function paymentChoiceOf(db: DbOrTx, cartId: number): Promise<PaymentChoice> {
  const row = (await db.select().from(cartPaymentChoices).where(eq(cartPaymentChoices.cartId, cartId)))[0];
  return { billingAccountId: row?.billingAccountId ?? null, savedCardId: row?.savedCardId ?? null };
}

/** Sets part of the cart's payment choice (one upsert: concurrent calls of one cart never leave two rows). */
export async function setPaymentChoice(db: DbOrTx, cartId: number, patch: Partial<PaymentChoice>): Promise<void> {
  await db.insert(cartPaymentChoices).values({ cartId, billingAccountId: patch.billingAccountId ?? null, savedCardId: patch.savedCardId ?? null })
    .onConflictDoUpdate({ target: cartPaymentChoices.cartId, set: { ...patch, updatedAt: new Date() } });
}
