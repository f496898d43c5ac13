// Tables of the phone-number module (server/numbers/): only server/numbers/service.ts writes them.
import { pgTable, text, integer, timestamp, serial, index, primaryKey, boolean } from 'drizzle-orm/pg-core';
import { carts } from '../cart/schema';
import { users } from '../user/schema';
import type { ResponseOf } from '../lib/contract';

/** The contract's number options (schemas/api/numbers.json ChoiceResponse). */
export type NumberOption = NonNullable<ResponseOf<'msisdnChoice'>['choice']>['option'];

/** The operator's numbers on sale: FREE (no charge) or NICE (a "lep broj", priced). National format 06xxxxxxx(x). */
export const msisdnPool = pgTable('msisdn_pool', {
  msisdn: text('msisdn').primaryKey(),
  kind: text('kind').$type<'FREE' | 'NICE'>().notNull(),
  /** para (1/100 RSD); 0 for FREE */
  price: integer('price').notNull().default(0),
  /** set when an order took the number: it never comes back to the list */
  soldAt: timestamp('sold_at', { withTimezone: true }),
}, (t) => [index('msisdn_pool_kind_idx').on(t.kind)]);

/**
 * A number held for a cart. The primary key makes two carts never hold the same number; the unique cart makes a
 * cart hold one number. A row whose expiresAt passed no longer holds the number (a reserve takes it over in the same
 * statement); the release job deletes it.
 */
export const msisdnReservations = pgTable('msisdn_reservations', {
  msisdn: text('msisdn').primaryKey().references(() => msisdnPool.msisdn),
  cartId: integer('cart_id').notNull().unique().references(() => carts.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The cart's number choice of CONNECT_MSISDN (seed 001 §9 mobile number options). */
export const cartNumberChoices = pgTable('cart_number_choices', {
  cartId: integer('cart_id').primaryKey().references(() => carts.id),
  /** MOBILE_EXISTING | MOBILE_NEW_SELECTION | MOBILE_NEW | MOBILE_PORT_IN */
  option: text('option').$type<NumberOption>().notNull(),
  msisdn: text('msisdn'),
  /** port-in: the current operator (A1, Yettel, Globatel, Mundio) and the SIM serial number; the PUK is checked, never stored */
  operator: text('operator'),
  simSerialNumber: text('sim_serial_number'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's own mobile numbers (MOBILE_EXISTING). */
export const customerNumbers = pgTable('customer_numbers', {
  userId: integer('user_id').notNull().references(() => users.id),
  msisdn: text('msisdn').notNull(),
  tariffName: text('tariff_name').notNull(),
  prepaid: boolean('prepaid').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.userId, t.msisdn] })]);

/** One-time codes sent to a number being ported in (60 s, seed 001 §9); the code is stored as its SHA-256. */
export const msisdnOtps = pgTable('msisdn_otps', {
  id: serial('id').primaryKey(),
  sessionId: text('session_id').notNull(),
  msisdn: text('msisdn').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('msisdn_otps_session_idx').on(t.sessionId, t.msisdn)]);

/** Background work of the module as rows: RELEASE_RESERVATION at the reservation's expiry, claimed FOR UPDATE SKIP LOCKED. */
export const numberJobs = pgTable('number_jobs', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  msisdn: text('msisdn').notNull(),
  cartId: integer('cart_id').notNull(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  doneAt: timestamp('done_at', { withTimezone: true }),
}, (t) => [index('number_jobs_due_idx').on(t.doneAt, t.runAt)]);
