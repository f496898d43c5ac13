/**
 * The module map as data: which server module owns (alone writes) which table. docs/ARCHITECTURE.md "Module map" shows
 * the same map; tests/unit/tooling/modules.test.ts enforces it. A new table gets its owner here.
 * Keys are the table exports of every schema file drizzle.config.ts lists (each module's server/<module>/schema.ts).
 */
export const TABLE_OWNERS: Record<string, string> = {
  products: 'catalog', productVariants: 'catalog', productImages: 'catalog', pricePlans: 'catalog',
  subscriptionTerms: 'catalog', chargeEntries: 'catalog', devicePrices: 'catalog', stock: 'catalog',
  productReferences: 'catalog', cmsComponents: 'catalog', catalogRevision: 'catalog', catalogChanges: 'catalog',
  users: 'user', sessions: 'user', bearerTokens: 'user', userConsents: 'user',
  carts: 'cart', cartEntries: 'cart', vouchers: 'cart', cartVouchers: 'cart',
  orders: 'checkout', orderLines: 'checkout', consentTemplates: 'checkout', deliveryTimeSlots: 'checkout',
  payments: 'payment',
  // server/publish/schema.ts (issue 29)
  uiBlobs: 'publish', uiVersions: 'publish', uiVersionDocuments: 'publish', uiLive: 'publish', uiDrafts: 'publish',
  uiRollouts: 'publish',
  // server/payment/schema.ts
  savedCards: 'payment', billingAccounts: 'payment', cartPaymentChoices: 'payment', gatewayTokens: 'payment', gatewayChallenges: 'payment', gatewayVoids: 'payment',
  selfcareSubscribers: 'selfcare', selfcareCardPayments: 'selfcare', selfcareBills: 'selfcare', selfcareBillSessions: 'selfcare',
  selfcareBalanceCredits: 'selfcare', selfcarePrepaidRegistrations: 'selfcare', selfcareJobs: 'selfcare',
  selfcareStores: 'selfcare', selfcareDontCall: 'selfcare', selfcareContactMessages: 'selfcare',
  // server/numbers/schema.ts and server/outbox/schema.ts (their own schema files, listed in drizzle.config.ts)
  msisdnPool: 'numbers', msisdnReservations: 'numbers', cartNumberChoices: 'numbers', customerNumbers: 'numbers', msisdnOtps: 'numbers', numberJobs: 'numbers',
  outbox: 'outbox', oneTimeCodes: 'outbox',
  passwordHistory: 'user', userRegistrations: 'user',
  // server/home/schema.ts: catalogue, TV, the address system, FNP requests, and the home-line step's tables
  homeCategories: 'home', homeCategoryServices: 'home', homeCharacteristics: 'home', homeChannels: 'home', homeEpg: 'home',
  homeMunicipalities: 'home', homeLocalities: 'home', homeStreets: 'home', homeStreetNumbers: 'home', homeFnpRequests: 'home',
  homeCustomerLines: 'home', homeCustomerAddresses: 'home', cartHomeSetups: 'home', homeTvAddonOffers: 'home', homeFreeAddonLimits: 'home',
  // server/delivery/schema.ts
  customerAddresses: 'delivery',
  appMeta: 'db',
  // server/lib/schema.ts: rate-limiter-flexible's counters of the send and attempt limits (server/lib/limits.ts, issue 24)
  rateLimits: 'lib',
};
