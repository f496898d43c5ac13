// Tables of the infrastructure (server/lib/): rate-limiter-flexible's counters. Only server/lib/ writes them.
import { pgTable, text, integer, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Counters of the send and attempt limits (server/lib/limits.ts) when the app has no Redis: rate-limiter-flexible's
 * RateLimiterDrizzle store (key = limit name + key, points used, the window's end). Shared by every instance.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
}, (t) => [index('rate_limits_expire_idx').on(t.expire)]);
