// Tables of the self-care module (server/selfcare): only server/selfcare/service.ts writes them.
// Money is integer para (1/100 RSD).
import { pgTable, text, integer, timestamp, serial, uniqueIndex, index, check, boolean, jsonb } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ResponseOf } from '../lib/contract';
import { voidColumns, voidStateCheck } from '../db/schema';

/** A subscriber line of the operator (the /isregisterednumber lookup): msisdn in international digits, 3816…. */
export const selfcareSubscribers = pgTable('selfcare_subscribers', {
  msisdn: text('msisdn').primaryKey(),
  /** PREPAID | COST_CONTROL | POSTPAID */
  kind: text('kind').$type<'PREPAID' | 'COST_CONTROL' | 'POSTPAID'>().notNull(),
  /** Prepaid credit in para (never negative). */
  balance: integer('balance').notNull().default(0),
  /** Postpaid: the customer number printed on the bill. */
  customerNumber: text('customer_number'),
}, (t) => [
  check('selfcare_subscribers_kind', sql`${t.kind} IN ('PREPAID', 'COST_CONTROL', 'POSTPAID')`),
  check('selfcare_subscribers_balance', sql`${t.balance} >= 0`),
]);

/**
 * A card transaction of self-care (a top-up or a bill payment); its id is the gateway session id.
 * PENDING → APPROVED | DECLINED | CARD_LIMIT | CANCELLED (closed by the shop), moved once by a conditional update;
 * PENDING | CANCELLED → VOIDED when the gateway approves a session that may no longer be paid (the charge is voided).
 */
export const selfcareCardPayments = pgTable('selfcare_card_payments', {
  id: text('id').primaryKey(),
  /** The orderId shown to the customer (TU…). */
  orderId: text('order_id').notNull().unique(),
  kind: text('kind').$type<'TOPUP' | 'BILL'>().notNull(),
  msisdn: text('msisdn'),
  /** BILL: the bill paid. */
  billId: integer('bill_id').references(() => selfcareBills.id),
  amount: integer('amount').notNull(),
  /** the contract's card payment statuses (topUpStatus / billStatus) */
  status: text('status').$type<ResponseOf<'topUpStatus'>['status']>().notNull().default('PENDING'),
  approvalNumber: text('approval_number'),
  /** the browser session that authorized it: the only one that may read its receipt */
  sessionId: text('session_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** VOIDED payments (an approval for a closed session or an already paid bill): the gateway's void of the charge */
  ...voidColumns(),
}, (t) => [
  check('selfcare_card_payments_amount', sql`${t.amount} > 0`),
  voidStateCheck('selfcare_card_payments', t),
  index('selfcare_card_payments_msisdn_idx').on(t.msisdn),
  // a bill is paid by at most one approved card payment, whatever the number of sessions and instances
  uniqueIndex('selfcare_card_payments_one_approved_per_bill').on(t.billId).where(sql`${t.status} = 'APPROVED'`),
  // at most one open gateway session per bill, and per top-up (one browser session topping up one number)
  uniqueIndex('selfcare_card_payments_one_pending_per_bill').on(t.billId).where(sql`${t.status} = 'PENDING' AND ${t.kind} = 'BILL'`),
  uniqueIndex('selfcare_card_payments_one_pending_per_topup').on(t.sessionId, t.msisdn).where(sql`${t.status} = 'PENDING' AND ${t.kind} = 'TOPUP'`),
]);

/**
 * A postpaid bill (seed 001 §4 bill payment): OPEN → PAID once; PAID, PROCESSING (a payment being booked by the bank)
 * and CANCELLED bills cannot be paid; a bill whose billing system is offline answers "service unavailable".
 */
export const selfcareBills = pgTable('selfcare_bills', {
  id: serial('id').primaryKey(),
  /** The bill reference printed on the bill (poziv na broj). */
  reference: text('reference').notNull().unique(),
  customerNumber: text('customer_number').notNull(),
  msisdn: text('msisdn'),
  /** Billing period, e.g. 2026-10. */
  period: text('period').notNull(),
  amount: integer('amount').notNull(),
  dueDate: text('due_date').notNull(),
  status: text('status').$type<'OPEN' | 'PAID' | 'PROCESSING' | 'CANCELLED'>().notNull().default('OPEN'),
  /** false: the billing system of this account is offline (maintenance): lookups answer "service unavailable". */
  billingAvailable: boolean('billing_available').notNull().default(true),
  paidPaymentId: text('paid_payment_id'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
}, (t) => [
  check('selfcare_bills_status', sql`${t.status} IN ('OPEN', 'PAID', 'PROCESSING', 'CANCELLED')`),
  check('selfcare_bills_amount', sql`${t.amount} > 0`),
  index('selfcare_bills_customer_idx').on(t.customerNumber),
]);

/** A found bill's payment session: authorize must come before it expires (seed 001 §4 "session expired"). */
export const selfcareBillSessions = pgTable('selfcare_bill_sessions', {
  id: text('id').primaryKey(),
  billId: integer('bill_id').notNull().references(() => selfcareBills.id),
  sessionId: text('session_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The credit a top-up put on a number: one row per approved payment (the primary key makes it once-only). */
export const selfcareBalanceCredits = pgTable('selfcare_balance_credits', {
  paymentId: text('payment_id').primaryKey().references(() => selfcareCardPayments.id),
  msisdn: text('msisdn').notNull().references(() => selfcareSubscribers.msisdn),
  amount: integer('amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A prepaid number bought by a guest that must be registered with a personal document within 24 hours (seed 001
 * §4, §9): PENDING → REGISTERED (by the customer) | EXPIRED (by the expiry job, which releases the reserved funds).
 */
export const selfcarePrepaidRegistrations = pgTable('selfcare_prepaid_registrations', {
  msisdn: text('msisdn').primaryKey().references(() => selfcareSubscribers.msisdn),
  status: text('status').$type<'PENDING' | 'REGISTERED' | 'EXPIRED'>().notNull().default('PENDING'),
  /** The 6-character code printed on the SIM package. */
  code: text('code').notNull(),
  purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
  deadline: timestamp('deadline', { withTimezone: true }).notNull(),
  /** Funds of the purchase held until registration (para); released to 0 when the window expires. */
  reservedAmount: integer('reserved_amount').notNull().default(0),
  customerId: text('customer_id'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  documentType: text('document_type'),
  documentNumber: text('document_number'),
  /** The video-identification appointment (start of a 30-minute slot). */
  videoSlot: timestamp('video_slot', { withTimezone: true }),
  registeredAt: timestamp('registered_at', { withTimezone: true }),
  releasedAt: timestamp('released_at', { withTimezone: true }),
}, (t) => [
  check('selfcare_prepaid_registrations_status', sql`${t.status} IN ('PENDING', 'REGISTERED', 'EXPIRED')`),
  // one video-identification appointment per slot
  uniqueIndex('selfcare_prepaid_registrations_one_per_slot').on(t.videoSlot).where(sql`${t.videoSlot} IS NOT NULL`),
]);

/** Background work of the module: a row per job, claimed with FOR UPDATE SKIP LOCKED by any instance. */
export const selfcareJobs = pgTable('selfcare_jobs', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  /** What the job is about (e.g. the msisdn); unique per kind so a job is scheduled once. */
  subject: text('subject').notNull(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  status: text('status').$type<'PENDING' | 'DONE'>().notNull().default('PENDING'),
  doneAt: timestamp('done_at', { withTimezone: true }),
  result: text('result'),
}, (t) => [
  uniqueIndex('selfcare_jobs_kind_subject').on(t.kind, t.subject),
  index('selfcare_jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'PENDING'`),
]);

/** A shop of the operator ("Kako do nas", seed 001 §2) — also the pickup points of delivery (PICKUP_ADDRESS). */
export const selfcareStores = pgTable('selfcare_stores', {
  /** e.g. BG-BULEVAR (the pickupStoreId of a pickup delivery) */
  code: text('code').primaryKey(),
  name: jsonb('name').$type<{ sr: string; en: string }>().notNull(),
  /** street and number, e.g. "Bulevar kralja Aleksandra 73" */
  line1: text('line1').notNull(),
  postalCode: text('postal_code').notNull(),
  town: jsonb('town').$type<{ sr: string; en: string }>().notNull(),
  /** opening hours, one line per group of days */
  hours: jsonb('hours').$type<Array<{ sr: string; en: string }>>().notNull(),
  phone: text('phone').notNull(),
  /** the street alone, its number and the number's address-system code (the line1/line2/line2Code of a pickup address) */
  street: text('street'),
  streetNumber: text('street_number'),
  streetNumberCode: text('street_number_code'),
  /** part of town or shopping centre (suburb of a pickup address) */
  suburb: text('suburb'),
  tisAddressCode: text('tis_address_code'),
  /** a note (parking, shopping centre), may be empty */
  note: jsonb('note').$type<{ sr: string; en: string }>(),
  /** whether orders can be picked up here */
  pickup: boolean('pickup').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The do-not-call register (seed 001 §7, §9): a mobile number (MSISDN, 3816…) or a fixed line (HOMELINE, 0…) that
 * marketing calls must not reach. An entry takes effect from the next day (effectiveFrom); a removal ends it from the
 * next day (effectiveTo). At most one open entry (removedAt null) per number: the partial unique index enforces it.
 */
export const selfcareDontCall = pgTable('selfcare_dont_call', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<'MSISDN' | 'HOMELINE'>().notNull(),
  number: text('number').notNull(),
  /** YYYY-MM-DD (Europe/Belgrade) */
  effectiveFrom: text('effective_from').notNull(),
  effectiveTo: text('effective_to'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
}, (t) => [
  check('selfcare_dont_call_kind', sql`${t.kind} IN ('MSISDN', 'HOMELINE')`),
  uniqueIndex('selfcare_dont_call_one_open').on(t.kind, t.number).where(sql`${t.removedAt} IS NULL`),
]);

/** A message of the contact form (POST /contactMts), acknowledged with its ticket number. */
export const selfcareContactMessages = pgTable('selfcare_contact_messages', {
  id: serial('id').primaryKey(),
  /** KT + 8 digits, shown to the sender */
  ticket: text('ticket').notNull().unique(),
  topic: text('topic').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  /** an account for a refund (seed 001 §5 bank account number), when the sender gave one */
  bankAccount: text('bank_account'),
  message: text('message').notNull(),
  lang: text('lang').notNull(),
  sessionId: text('session_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
