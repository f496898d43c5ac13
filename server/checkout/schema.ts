// Tables of the checkout module (server/checkout/): the orders of carts and their lines, and the consent templates
// and delivery time slots the checkout offers. Only server/checkout/ writes them. Money is always integer para.
import { pgTable, text, integer, boolean, timestamp, jsonb, serial, index } from 'drizzle-orm/pg-core';
import type { OrderPaymentState, OrderState } from '../../schemas/types/api.checkout';
import { carts } from '../cart/schema';
import { sessions } from '../user/schema';

type LocalText = { sr: string; en: string };

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  cartId: integer('cart_id').notNull().unique().references(() => carts.id),
  sessionId: text('session_id').notNull().references(() => sessions.id),
  /** CREATED | PAYMENT_PENDING | PAID | PAYMENT_FAILED */
  status: text('status').$type<OrderState>().notNull(),
  /** NOT_REQUIRED | PENDING | PAID | DECLINED | ON_DELIVERY | MONTHLY_BILL */
  paymentStatus: text('payment_status').$type<OrderPaymentState>().notNull(),
  errorType: text('error_type'),
  paymentMode: text('payment_mode').notNull(),
  cardPaymentType: text('card_payment_type'),
  consents: jsonb('consents').$type<Record<string, boolean>>().notNull(),
  sendContractDocsToEmail: boolean('send_contract_docs_to_email'),
  totalPrice: integer('total_price').notNull(),
  /** Frozen copy of the cart at submit time (entries, prices, customer, address). */
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  stockReleased: boolean('stock_released').notNull().default(false),
  /** the published version of the UI documents the order was placed under (issue 29; ui_versions.id) */
  uiVersionId: integer('ui_version_id'),
  /** the partial rollout that served that version to the shopper's session (ui_rollouts.id) and its share in percent;
   *  null: the live version (migration 0035) */
  uiRolloutId: integer('ui_rollout_id'),
  uiRolloutShare: integer('ui_rollout_share'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('orders_session_idx').on(t.sessionId, t.id)]);

export const orderLines = pgTable('order_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  productCode: text('product_code').notNull(),
  variantCode: text('variant_code'),
  quantity: integer('quantity').notNull(),
}, (t) => [index('order_lines_order_idx').on(t.orderId)]);

export const consentTemplates = pgTable('consent_templates', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalText>().notNull(),
  description: jsonb('description').$type<LocalText>().notNull(),
  required: boolean('required').notNull(),
  documentUrl: text('document_url'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const deliveryTimeSlots = pgTable('delivery_time_slots', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<LocalText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
