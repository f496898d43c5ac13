// Tables of the user module kept in their own file (server/user/): only server/user/ writes them.
import { pgTable, text, integer, timestamp, serial, index, jsonb } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

/**
 * The hashes of a user's earlier passwords (seed 001 §5: a new password must not be one of the last 5). Every
 * password set (registration, reset, change) adds its hash; only the newest PASSWORD_HISTORY rows are consulted.
 */
export const passwordHistory = pgTable('password_history', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('password_history_user_idx').on(t.userId, t.id)]);

/**
 * What a registration tells beyond the account row (seed 001 §3 sign-up payload): the address from the address system
 * (tisAddressCode and the names it resolved to) and the identity document. One row per registered account.
 */
export const userRegistrations = pgTable('user_registrations', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  address: jsonb('address').$type<{ tisAddressCode: string; line1: string; line2: string; town: string; province: string; postalCode: string; apartment: string | null } | null>(),
  document: jsonb('document').$type<{ docId: string | null; docIssueAuthority: string | null; docIssueDate: string | null } | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
