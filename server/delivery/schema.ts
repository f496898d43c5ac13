// Tables of the delivery module (server/delivery/): a customer's saved delivery addresses. The pickup stores are the
// self-care module's shops (selfcare_stores), read through server/selfcare/index.ts.
// Written only by this module's service and seed. The cart's chosen delivery lives on the cart (cart module).
import { pgTable, text, integer, boolean, serial, timestamp, index } from 'drizzle-orm/pg-core';

/** A customer's saved addresses (seed 001 §3 Address), from the address system (codes kept). */
export const customerAddresses = pgTable('customer_addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  /** municipality */
  province: text('province').notNull(),
  provinceCode: text('province_code'),
  /** locality */
  town: text('town').notNull(),
  townCode: text('town_code'),
  /** street */
  line1: text('line1').notNull(),
  line1Code: text('line1_code'),
  /** street number */
  line2: text('line2').notNull(),
  entrance: text('entrance'),
  floor: text('floor'),
  apartment: text('apartment'),
  suburb: text('suburb'),
  postalCode: text('postal_code').notNull(),
  tisAddressCode: text('tis_address_code'),
  defaultAddress: boolean('default_address').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('customer_addresses_user_idx').on(t.userId)]);
