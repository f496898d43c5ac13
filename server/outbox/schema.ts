// The outbox (server/outbox/): only server/outbox/service.ts writes it.
import { pgTable, text, timestamp, serial, integer, index } from 'drizzle-orm/pg-core';

/** Messages the shop sends (one-time codes). Without SMTP / an SMS gateway they stay here, shown at /dev/outbox. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').$type<'SMS' | 'EMAIL'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The X-Request-Id of the request that sent it (null for a background job); migration 0030. */
  requestId: text('request_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes (./codes.ts): only the hash of a code is kept; a code is spent once; attempts are counted. */
export const oneTimeCodes = pgTable('one_time_codes', {
  id: serial('id').primaryKey(),
  purpose: text('purpose').notNull(),
  subject: text('subject').notNull(),
  sessionId: text('session_id').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('one_time_codes_key_idx').on(t.purpose, t.subject, t.sessionId)]);
