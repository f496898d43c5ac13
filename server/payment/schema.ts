// Tables of the payment module (server/payment/): saved cards and e-bill accounts of the shop's customers, the cart's
// payment choice (monthly bill account, saved card), and the gateway simulator's own state (its token vault and its
// 3-D Secure challenges). Only server/payment writes them. A card number (PAN) is never stored anywhere.
import { pgTable, text, integer, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { carts } from '../cart/schema';
import { orders } from '../checkout/schema';
import { users } from '../user/schema';
import { voidColumns, voidStateCheck } from '../db/schema';
import type { ResponseOf } from '../lib/contract';

/** A payment of an order: one gateway session (or the approved charge of one). */
export const payments = pgTable('payments', {
  /** The gateway session id (random, in the redirection URL). */
  id: text('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  amount: integer('amount').notNull(),
  /**
   * PENDING | APPROVED | DECLINED | CARD_LIMIT | CANCELLED (replaced: the order's cart changed before it was paid) |
   * VOIDED (PENDING | CANCELLED → VOIDED: the gateway approved a session that may no longer be paid — closed, or its
   * order paid by another session — and the charge is given back)
   */
  status: text('status').notNull().default('PENDING'),
  cardLast4: text('card_last4'),
  /** NEW_CARD | NEW_CARD_SAVE | SAVED_CARD (seed 000 §3 card payment types) */
  cardPaymentType: text('card_payment_type').notNull().default('NEW_CARD'),
  /** the signed-in customer paying (a saved card is theirs; a card paid with NEW_CARD_SAVE is saved for them) */
  userId: integer('user_id').references(() => users.id),
  /** SAVED_CARD: the card (server/payment/schema.ts saved_cards.id) the gateway charges through its token */
  savedCardId: text('saved_card_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** VOIDED payments: the gateway's void of the charge (voidState, voidReference, voidedAt) */
  ...voidColumns(),
}, (t) => [
  index('payments_order_idx').on(t.orderId),
  voidStateCheck('payments', t),
  // the voids the poll still has to ask the gateway for
  index('payments_void_pending_idx').on(t.id).where(sql`${t.voidState} = 'PENDING'`),
  // At most one open gateway session and at most one approved payment per order, whatever the number of instances.
  uniqueIndex('payments_one_pending_per_order').on(t.orderId).where(sql`${t.status} = 'PENDING'`),
  uniqueIndex('payments_one_approved_per_order').on(t.orderId).where(sql`${t.status} = 'APPROVED'`),
]);

/** A customer's saved card: the gateway's token, never the number (brand, last four digits and expiry to show it). */
export const savedCards = pgTable('saved_cards', {
  /** the card id the shop shows and sends (creditCardId / cardId) */
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** the gateway's token (server/payment/gateway vault); unique: a token is saved once */
  token: text('token').notNull().unique(),
  /** mastercard | maestro | dinacard | visa (the contract's saved-card brands; saved_cards_brand checks it) */
  brand: text('brand').$type<ResponseOf<'creditCards'>['cardInfoDataList'][number]['brand']>().notNull(),
  lastFour: text('last_four').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  holder: text('holder').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('saved_cards_user_idx').on(t.userId),
  // what a saved card may hold: an accepted brand, four digits, a month — never room for a card number
  check('saved_cards_brand', sql`${t.brand} IN ('mastercard', 'maestro', 'dinacard', 'visa')`),
  check('saved_cards_last_four', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
  check('saved_cards_expiry', sql`${t.expiryMonth} BETWEEN 1 AND 12 AND ${t.expiryYear} BETWEEN 2000 AND 2099`),
]);

/** A customer's monthly-bill (e-bill) accounts: ChargeGroupAccount charges the order to one of them. */
export const billingAccounts = pgTable('billing_accounts', {
  /** billingAccountId of seed 000 §3 */
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  /** where the e-bill is sent */
  email: text('email').notNull(),
  /** the billing address shown with the account */
  address: text('address').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [index('billing_accounts_user_idx').on(t.userId)]);

/** The cart's payment choice beyond its payment mode: the monthly-bill account and the saved card (set monthly bill, set payment type). */
export const cartPaymentChoices = pgTable('cart_payment_choices', {
  cartId: integer('cart_id').primaryKey().references(() => carts.id),
  billingAccountId: text('billing_account_id').references(() => billingAccounts.id),
  savedCardId: text('saved_card_id').references(() => savedCards.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The gateway simulator's vault: what a token stands for. A real gateway keeps the card number here (encrypted);
 * the simulator keeps only the test behaviour of the card the token was made from, so no number is ever stored.
 */
export const gatewayTokens = pgTable('gateway_tokens', {
  token: text('token').primaryKey(),
  /** APPROVE | DECLINE | CARD_LIMIT | CHALLENGE (3-D Secure asked on every payment) */
  behaviour: text('behaviour').notNull(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [check('gateway_tokens_behaviour', sql`${t.behaviour} IN ('APPROVE', 'DECLINE', 'CARD_LIMIT', 'CHALLENGE')`)]);

/**
 * A 3-D Secure challenge of the gateway simulator: opened when a challenge card is used, answered once on its page
 * (confirmed → the payment is approved, failed → declined). It remembers where the gateway reports (the payer's signed
 * callback and page), so the shop and self-care share one challenge path.
 */
export const gatewayChallenges = pgTable('gateway_challenges', {
  id: text('id').primaryKey(),
  /** the payer's gateway session (shop: payments.id, self-care: its card payment id) */
  paymentId: text('payment_id').notNull(),
  orderCode: text('order_code').notNull(),
  amount: integer('amount').notNull(),
  callbackPath: text('callback_path').notNull(),
  backUrl: text('back_url').notNull(),
  /** PENDING | CONFIRMED | FAILED */
  status: text('status').notNull().default('PENDING'),
  /** the card to tokenize once confirmed (a "pay and save" payment), without its number */
  saveBrand: text('save_brand'),
  saveLastFour: text('save_last_four'),
  saveExpiry: text('save_expiry'),
  saveHolder: text('save_holder'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('gateway_challenges_one_pending').on(t.paymentId).where(sql`${t.status} = 'PENDING'`),
  check('gateway_challenges_status', sql`${t.status} IN ('PENDING', 'CONFIRMED', 'FAILED')`),
]);

/**
 * The gateway simulator's voids: a charge given back in full before settlement (the provider interface's `void`,
 * server/payment/gateway/provider.ts). One per payment: a repeated void answers the first one's reference.
 */
export const gatewayVoids = pgTable('gateway_voids', {
  /** the payer's gateway session (shop: payments.id, self-care: its card payment id) */
  paymentId: text('payment_id').primaryKey(),
  orderCode: text('order_code').notNull(),
  amount: integer('amount').notNull(),
  reference: text('reference').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
