/**
 * The module map as data: which server module owns (alone writes) which table. docs/ARCHITECTURE.md §6.3 shows
 * the same map; tests/unit/tooling/modules.test.ts enforces it. A new table gets its owner here.
 * Keys are the table exports of server/db/schema.ts.
 */
export const TABLE_OWNERS: Record<string, string> = {
  products: 'catalog', productVariants: 'catalog', productImages: 'catalog', pricePlans: 'catalog',
  subscriptionTerms: 'catalog', chargeEntries: 'catalog', devicePrices: 'catalog', stock: 'catalog',
  productReferences: 'catalog', cmsComponents: 'catalog', catalogRevision: 'catalog',
  users: 'user', sessions: 'user', bearerTokens: 'user',
  carts: 'cart', cartEntries: 'cart', vouchers: 'cart', cartVouchers: 'cart',
  orders: 'checkout', orderLines: 'checkout', consentTemplates: 'checkout', deliveryTimeSlots: 'checkout',
  payments: 'payment',
  selfcareSubscribers: 'selfcare', selfcareCardPayments: 'selfcare', selfcareBills: 'selfcare', selfcareBillSessions: 'selfcare',
  selfcareBalanceCredits: 'selfcare', selfcarePrepaidRegistrations: 'selfcare', selfcareJobs: 'selfcare',
  // server/numbers/schema.ts and server/outbox/schema.ts (their own schema files, listed in drizzle.config.ts)
  msisdnPool: 'numbers', msisdnReservations: 'numbers', cartNumberChoices: 'numbers', customerNumbers: 'numbers', msisdnOtps: 'numbers', numberJobs: 'numbers',
  outbox: 'outbox', oneTimeCodes: 'outbox',
  // server/delivery/schema.ts
  customerAddresses: 'delivery', pickupStores: 'delivery',
  appMeta: 'db',
};
