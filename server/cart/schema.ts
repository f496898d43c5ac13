// Tables of the cart module (server/cart/): carts, their entries and the coupons applied to them. Only server/cart/
// writes them. Money is always integer para (1/100 RSD).
import { pgTable, text, integer, boolean, timestamp, jsonb, serial, primaryKey, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CartModificationResponse, Entry } from '../../schemas/types/api.cart';
import { products, productVariants } from '../catalog/schema';
import { sessions, users } from '../user/schema';

/** A one-time charge of a cart besides its entries: the price (para) of a chosen nice number. */
export interface CartCharge { code: 'NICE_NUMBER'; msisdn: string; msisdnFormatted: string; price: number }

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  sessionId: text('session_id').notNull().references(() => sessions.id),
  userId: integer('user_id').references(() => users.id),
  /** OPEN | ORDERED | ABANDONED (an untouched fresh cart given up when a failed order's cart is reopened) */
  status: text('status').notNull().default('OPEN'),
  version: integer('version').notNull().default(0),
  orderCustomerInfo: jsonb('order_customer_info').$type<Record<string, string>>(),
  deliveryAddress: jsonb('delivery_address').$type<Record<string, string>>(),
  deliveryTimeSlot: text('delivery_time_slot'),
  paymentMode: text('payment_mode'),
  cardPaymentType: text('card_payment_type'),
  /** cartModifications of the last login merge, answered (once) by GET mergeCart; a productsNeedReplace one keeps the
   *  anonymous cart's bundle (`pending`) until GET mergeCart?productsNeedReplace=true|false (server/cart/merge.ts). */
  /** One-time charges of the cart besides its entries (issue 27): a chosen nice number's price, kept by
   *  server/workflows/cart-numbers.ts syncNumberCharge; part of every total (server/cart/view.ts cartTotals). */
  oneTimeCharges: jsonb('one_time_charges').$type<CartCharge[]>().notNull().default([]),
  mergeModifications: jsonb('merge_modifications').$type<Array<{ statusCode: CartModificationResponse['cartModifications'][number]['statusCode']; productCode: string; variantCode: string | null; entryNumber: number | null; params?: Record<string, string | number>; cmsComponentId?: string | null; pending?: Array<Record<string, unknown>> }>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('carts_session_idx').on(t.sessionId, t.status),
  // one open cart per session: two first adds at once cannot each open one (server/cart/service.ts insertOpenCart)
  uniqueIndex('carts_one_open_per_session').on(t.sessionId).where(sql`${t.status} = 'OPEN'`),
]);

export const cartEntries = pgTable('cart_entries', {
  id: serial('id').primaryKey(),
  cartId: integer('cart_id').notNull().references(() => carts.id),
  entryNumber: integer('entry_number').notNull(),
  bundleNo: integer('bundle_no').notNull(),
  /** Product code; for a device the variant code (colour). */
  productCode: text('product_code').notNull().references(() => products.code),
  variantCode: text('variant_code').references(() => productVariants.code),
  quantity: integer('quantity').notNull().default(1),
  /** ONE_TIME_CHARGE | RECURRING_CHARGE */
  chargeType: text('charge_type').$type<Entry['chargeType']>().notNull(),
  processType: text('process_type'),
  pricePlanId: text('price_plan_id'),
  termMonths: integer('term_months'),
  oneTimePrice: integer('one_time_price').notNull().default(0),
  monthlyPrice: integer('monthly_price'),
  oldMonthlyPrice: integer('old_monthly_price'),
  installments: integer('installments'),
  automaticallyAdded: boolean('automatically_added').notNull().default(false),
  /** The product's priceVersion when the entry was priced (updatedPriceDate at validate when it differs). */
  priceVersion: integer('price_version').notNull().default(1),
  /** eSIM chosen for a tariff entry (PATCH addEsim): true = eSIM, false = physical SIM. */
  esimSelected: boolean('esim_selected').notNull().default(false),
  /** For add-ons / insurance added to an entry: the entry they belong to. */
  parentEntryNumber: integer('parent_entry_number'),
  /** On a tariff / package entry: the preselected suggested products were put in once (SUGGESTED_PRODUCTS). */
  suggestionsApplied: boolean('suggestions_applied').notNull().default(false),
}, (t) => [uniqueIndex('cart_entries_uq').on(t.cartId, t.entryNumber)]);

/** EKO discount coupons (seed 001 §5): value in para; disabled or expired coupons are not available. */
export const vouchers = pgTable('vouchers', {
  code: text('code').primaryKey(),
  value: integer('value').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** Coupons applied to a cart, each on the device entry it discounts. */
export const cartVouchers = pgTable('cart_vouchers', {
  cartId: integer('cart_id').notNull().references(() => carts.id),
  voucherCode: text('voucher_code').notNull().references(() => vouchers.code),
  entryNumber: integer('entry_number').notNull(),
  value: integer('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.cartId, t.voucherCode] })]);
