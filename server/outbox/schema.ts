// The outbox (server/outbox/): only server/outbox/service.ts writes it.
import { pgTable, text, timestamp, serial } from 'drizzle-orm/pg-core';

/** Messages the shop sends (one-time codes). Without SMTP / an SMS gateway they stay here, shown at /dev/outbox. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel').$type<'SMS' | 'EMAIL'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
