// Tables of the database wiring itself (server/db/). Every module declares its own tables in its server/<module>/schema.ts;
// ./tables.ts gathers them all for drizzle (./index.ts).
import { pgTable, text, timestamp, check, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Marks one-off jobs (the seed) as done, so they run on first start only. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The void of an approved card charge that may no longer be paid (payments, selfcare_card_payments): PENDING (asked,
 * to be retried) → VOIDED | FAILED; null for every other payment. Spread into the table (the columns' order is the
 * tables' own) with voidStateCheck among its checks.
 */
export const voidColumns = () => ({
  voidState: text('void_state').$type<'PENDING' | 'VOIDED' | 'FAILED'>(),
  /** the gateway's reference of the void */
  voidReference: text('void_reference'),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
});

/** The check of voidColumns' state, named `<table>_void_state`. */
export const voidStateCheck = (table: string, t: { voidState: AnyPgColumn }) =>
  check(`${table}_void_state`, sql`${t.voidState} IN ('PENDING', 'VOIDED', 'FAILED')`);
