// Tables of the database wiring itself (server/db/). Every module declares its own tables in its server/<module>/schema.ts;
// ./tables.ts gathers them all for drizzle (./index.ts).
import { pgTable, text } from 'drizzle-orm/pg-core';

/** Marks one-off jobs (the seed) as done, so they run on first start only. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
