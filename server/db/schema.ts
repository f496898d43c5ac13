// Drizzle schema of the shop (PostgreSQL dialect; PGlite and PostgreSQL share it).
// Money is always integer para (1/100 RSD).
import {
  pgTable, text, integer, bigint, boolean, timestamp, jsonb, serial, primaryKey, uniqueIndex, index, real, check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CartModificationResponse, Entry } from '../../schemas/types/api.cart';
import type { OrderPaymentState, OrderState } from '../../schemas/types/api.checkout';
import type { TariffPrice } from '../../schemas/types/api.catalog';

export type LocalText = { sr: string; en: string };
/** A one-time charge of a cart besides its entries: the price (para) of a chosen nice number. */
export interface CartCharge { code: 'NICE_NUMBER'; msisdn: string; msisdnFormatted: string; price: number }
export type SpecGroup = { name: LocalText; items: Array<{ name: LocalText; value: LocalText }> };

export const products = pgTable('products', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: jsonb('description').$type<LocalText>().notNull(),
  /** productOfferingType of seed 000 §1 / seed 001 §3 (TARIFF, DEVICE, ACCESSORY, INSURANCE, …). */
  type: text('type').notNull(),
  /** TOP_OFFER | BASIC_OFFER (tariffs); null otherwise. */
  processType: text('process_type').$type<TariffPrice['processType']>(),
  /** NONE | ESIM_SIM | ESIM */
  esim: text('esim').$type<'NONE' | 'ESIM_SIM' | 'ESIM'>().notNull().default('NONE'),
  brand: text('brand').notNull(),
  /** For a child tariff: the parent tariff's code. */
  parentCode: text('parent_code'),
  voucherLimit: integer('voucher_limit').notNull().default(0),
  categories: jsonb('categories').$type<string[]>().notNull(),
  highlights: jsonb('highlights').$type<Array<{ name: LocalText; value: LocalText }>>().notNull(),
  specification: jsonb('specification').$type<SpecGroup[]>().notNull(),
  rating: real('rating').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Bumped whenever a price of the product changes; cart entries remember the version they were priced at. */
  priceVersion: integer('price_version').notNull().default(1),
  /** A tariff's freeAddonsLimit (seed 001 §3): how many of its free add-ons (references with `free`) cost nothing; null = none. */
  freeAddonsLimit: integer('free_addons_limit'),
  /** The "best offer" badge (issue 13) on the phone page and the product card. */
  bestOffer: boolean('best_offer').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('products_type_idx').on(t.type),
  // the read model's full rebuild reads the products in list order, a page at a time (server/catalog/model.ts); the
  // code in byte order ("C"), as JavaScript compares it
  index('products_sort_idx').on(t.sortOrder, sql`${t.code} COLLATE "C"`),
  check('products_free_addons_limit_range', sql`${t.freeAddonsLimit} IS NULL OR ${t.freeAddonsLimit} BETWEEN 0 AND 10`)]);

export const productVariants = pgTable('product_variants', {
  code: text('code').primaryKey(),
  productCode: text('product_code').notNull().references(() => products.code),
  colorCode: text('color_code').notNull(),
  colorName: jsonb('color_name').$type<LocalText>().notNull(),
  colorHex: text('color_hex').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [uniqueIndex('variants_product_color_uq').on(t.productCode, t.colorCode)]);

export const productImages = pgTable('product_images', {
  id: serial('id').primaryKey(),
  productCode: text('product_code').notNull().references(() => products.code),
  variantCode: text('variant_code').references(() => productVariants.code),
  url: text('url').notNull(),
  altText: text('alt_text').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A price plan of a product (tariff monthly fee, device one-off price, accessory/insurance price). */
export const pricePlans = pgTable('price_plans', {
  id: text('id').primaryKey(),
  productCode: text('product_code').notNull().references(() => products.code),
  purchasable: boolean('purchasable').notNull().default(true),
  /** Installments available for the plan itself (e.g. an accessory paid in 12); null = none. */
  installments: integer('installments'),
});

export const subscriptionTerms = pgTable('subscription_terms', {
  id: text('id').primaryKey(),
  pricePlanId: text('price_plan_id').notNull().references(() => pricePlans.id),
  months: integer('months').notNull(),
  recommended: boolean('recommended').notNull().default(false),
});

export const chargeEntries = pgTable('charge_entries', {
  id: serial('id').primaryKey(),
  pricePlanId: text('price_plan_id').notNull().references(() => pricePlans.id),
  /** ONE_TIME_CHARGE | RECURRING_CHARGE */
  chargeType: text('charge_type').notNull(),
  cycleStart: integer('cycle_start'),
  cycleEnd: integer('cycle_end'),
  price: integer('price').notNull(),
  oldPrice: integer('old_price'),
});

/** Device price with a tariff and term (the bundle price); id is the bundle price plan id. */
export const devicePrices = pgTable('device_prices', {
  id: text('id').primaryKey(),
  deviceCode: text('device_code').notNull().references(() => products.code),
  tariffCode: text('tariff_code').notNull().references(() => products.code),
  termMonths: integer('term_months').notNull(),
  purchasable: boolean('purchasable').notNull().default(true),
  /** Device price paid at once with this tariff. */
  oneTimePrice: integer('one_time_price').notNull(),
  oldOneTimePrice: integer('old_one_time_price'),
  /** Number of monthly installments (null = no installment plan). */
  installments: integer('installments'),
  installmentPrice: integer('installment_price'),
  oldInstallmentPrice: integer('old_installment_price'),
  /** Participation paid at once when buying in installments. */
  upfrontPrice: integer('upfront_price').notNull().default(0),
  /** Offer type of the device offer; MTS_DISC_TARIFF offers cannot be bought (seed 000 §3 Other). */
  offerType: text('offer_type'),
  /** Whether the offer may be paid at once / in installments right now (cart validation forces a change when not). */
  oneTimeAvailable: boolean('one_time_available').notNull().default(true),
  installmentsAvailable: boolean('installments_available').notNull().default(true),
}, (t) => [uniqueIndex('device_prices_uq').on(t.deviceCode, t.tariffCode, t.termMonths)]);

export const stock = pgTable('stock', {
  variantCode: text('variant_code').primaryKey().references(() => productVariants.code),
  level: integer('level').notNull(),
});

export const productReferences = pgTable('product_references', {
  productCode: text('product_code').notNull().references(() => products.code),
  targetCode: text('target_code').notNull().references(() => products.code),
  /** ACCESSORIES | CROSSELLING | … (seed 001 §3 relation types) */
  referenceType: text('reference_type').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** SUGGESTED_PRODUCTS (seed 001 §3): most units in one cart under the product (null = the default 100). */
  maxAllowedQuantity: integer('max_allowed_quantity'),
  /** put in the cart when the checkout's suggestions are first shown */
  preselected: boolean('preselected').notNull().default(false),
  /** false: once preselected it cannot be taken out (isRemovableEntry) */
  isRemovableEntry: boolean('is_removable_entry').notNull().default(true),
  /** counts against the product's freeAddonsLimit and costs nothing within it */
  free: boolean('free').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.productCode, t.targetCode, t.referenceType] }), check('product_references_max_qty', sql`${t.maxAllowedQuantity} IS NULL OR ${t.maxAllowedQuantity} >= 1`)]);

/** Shop accounts (seed 001 §3 User, §6 roles). Sign-in by email or username; password hashed with scrypt. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** null for an account whose e-mail is not set (emailNotSet) */
  email: text('email').unique(),
  username: text('username').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** `scrypt$N$r$p$<salt b64>$<hash b64>` (server/user/password.ts); null = cannot sign in with a password */
  passwordHash: text('password_hash'),
  contactPhoneNumber: text('contact_phone_number'),
  customerId: text('customer_id').unique(),
  /** national id (13 digits); its date of birth drives the adult check */
  jmbg: text('jmbg'),
  weakPassword: boolean('weak_password').notNull().default(false),
  emailNotSet: boolean('email_not_set').notNull().default(false),
  isLightAccount: boolean('is_light_account').notNull().default(false),
  subaccountLogin: boolean('subaccount_login').notNull().default(false),
  otpLogin: boolean('otp_login').notNull().default(false),
  blocked: boolean('blocked').notNull().default(false),
  isBox: boolean('is_box').notNull().default(false),
  isCostControl: boolean('is_cost_control').notNull().default(false),
  isFixed: boolean('is_fixed').notNull().default(false),
  isNet: boolean('is_net').notNull().default(false),
  isPostPaid: boolean('is_post_paid').notNull().default(false),
  isPrePaid: boolean('is_pre_paid').notNull().default(false),
  isTv: boolean('is_tv').notNull().default(false),
  /** e.g. ['staff'] (the studio of issue 4) */
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Anonymous or signed-in session; the cookie holds the raw id, the table its SHA-256. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** when the signed-in customer authenticated (kept across the rotations of an account change); null: anonymous */
  authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
});

export const bearerTokens = pgTable('bearer_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: text('session_id').notNull().references(() => sessions.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('bearer_tokens_session_idx').on(t.sessionId)]);

/**
 * A consent a customer gave (seed 001 §7 consents: consentTemplateId, consentCode): given once per template, withdrawn
 * at most once (withdrawnAt). Only server/user writes it. The template (name, document) is the checkout module's.
 */
export const userConsents = pgTable('user_consents', {
  userId: integer('user_id').notNull().references(() => users.id),
  consentTemplateId: text('consent_template_id').notNull(),
  /** the code of this consent given (CNS…), needed to withdraw it */
  consentCode: text('consent_code').notNull().unique(),
  givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.userId, t.consentTemplateId] })]);

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  sessionId: text('session_id').notNull().references(() => sessions.id),
  userId: integer('user_id').references(() => users.id),
  /** OPEN | ORDERED | ABANDONED (an untouched fresh cart given up when a failed order's cart is reopened) */
  status: text('status').notNull().default('OPEN'),
  version: integer('version').notNull().default(0),
  orderCustomerInfo: jsonb('order_customer_info').$type<Record<string, string>>(),
  deliveryAddress: jsonb('delivery_address').$type<Record<string, string>>(),
  deliveryTimeSlot: text('delivery_time_slot'),
  paymentMode: text('payment_mode'),
  cardPaymentType: text('card_payment_type'),
  /** cartModifications of the last login merge, answered (once) by GET mergeCart; a productsNeedReplace one keeps the
   *  anonymous cart's bundle (`pending`) until GET mergeCart?productsNeedReplace=true|false (server/cart/merge.ts). */
  /** One-time charges of the cart besides its entries (issue 27): a chosen nice number's price, kept by
   *  server/workflows/cart-numbers.ts syncNumberCharge; part of every total (server/cart/view.ts cartTotals). */
  oneTimeCharges: jsonb('one_time_charges').$type<CartCharge[]>().notNull().default([]),
  mergeModifications: jsonb('merge_modifications').$type<Array<{ statusCode: CartModificationResponse['cartModifications'][number]['statusCode']; productCode: string; variantCode: string | null; entryNumber: number | null; params?: Record<string, string | number>; cmsComponentId?: string | null; pending?: Array<Record<string, unknown>> }>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('carts_session_idx').on(t.sessionId, t.status),
  // one open cart per session: two first adds at once cannot each open one (server/cart/service.ts insertOpenCart)
  uniqueIndex('carts_one_open_per_session').on(t.sessionId).where(sql`${t.status} = 'OPEN'`),
]);

export const cartEntries = pgTable('cart_entries', {
  id: serial('id').primaryKey(),
  cartId: integer('cart_id').notNull().references(() => carts.id),
  entryNumber: integer('entry_number').notNull(),
  bundleNo: integer('bundle_no').notNull(),
  /** Product code; for a device the variant code (colour). */
  productCode: text('product_code').notNull().references(() => products.code),
  variantCode: text('variant_code').references(() => productVariants.code),
  quantity: integer('quantity').notNull().default(1),
  /** ONE_TIME_CHARGE | RECURRING_CHARGE */
  chargeType: text('charge_type').$type<Entry['chargeType']>().notNull(),
  processType: text('process_type'),
  pricePlanId: text('price_plan_id'),
  termMonths: integer('term_months'),
  oneTimePrice: integer('one_time_price').notNull().default(0),
  monthlyPrice: integer('monthly_price'),
  oldMonthlyPrice: integer('old_monthly_price'),
  installments: integer('installments'),
  automaticallyAdded: boolean('automatically_added').notNull().default(false),
  /** The product's priceVersion when the entry was priced (updatedPriceDate at validate when it differs). */
  priceVersion: integer('price_version').notNull().default(1),
  /** eSIM chosen for a tariff entry (PATCH addEsim): true = eSIM, false = physical SIM. */
  esimSelected: boolean('esim_selected').notNull().default(false),
  /** For add-ons / insurance added to an entry: the entry they belong to. */
  parentEntryNumber: integer('parent_entry_number'),
  /** On a tariff / package entry: the preselected suggested products were put in once (SUGGESTED_PRODUCTS). */
  suggestionsApplied: boolean('suggestions_applied').notNull().default(false),
}, (t) => [uniqueIndex('cart_entries_uq').on(t.cartId, t.entryNumber)]);

export const orders = pgTable('orders', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  cartId: integer('cart_id').notNull().unique().references(() => carts.id),
  sessionId: text('session_id').notNull().references(() => sessions.id),
  /** CREATED | PAYMENT_PENDING | PAID | PAYMENT_FAILED */
  status: text('status').$type<OrderState>().notNull(),
  /** NOT_REQUIRED | PENDING | PAID | DECLINED | ON_DELIVERY | MONTHLY_BILL */
  paymentStatus: text('payment_status').$type<OrderPaymentState>().notNull(),
  errorType: text('error_type'),
  paymentMode: text('payment_mode').notNull(),
  cardPaymentType: text('card_payment_type'),
  consents: jsonb('consents').$type<Record<string, boolean>>().notNull(),
  sendContractDocsToEmail: boolean('send_contract_docs_to_email'),
  totalPrice: integer('total_price').notNull(),
  /** Frozen copy of the cart at submit time (entries, prices, customer, address). */
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  stockReleased: boolean('stock_released').notNull().default(false),
  /** the published version of the UI documents the order was placed under (issue 29; ui_versions.id) */
  uiVersionId: integer('ui_version_id'),
  /** the partial rollout that served that version to the shopper's session (ui_rollouts.id) and its share in percent;
   *  null: the live version (migration 0035) */
  uiRolloutId: integer('ui_rollout_id'),
  uiRolloutShare: integer('ui_rollout_share'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('orders_session_idx').on(t.sessionId, t.id)]);

export const orderLines = pgTable('order_lines', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  productCode: text('product_code').notNull(),
  variantCode: text('variant_code'),
  quantity: integer('quantity').notNull(),
}, (t) => [index('order_lines_order_idx').on(t.orderId)]);

export const payments = pgTable('payments', {
  /** The gateway session id (random, in the redirection URL). */
  id: text('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  amount: integer('amount').notNull(),
  /**
   * PENDING | APPROVED | DECLINED | CARD_LIMIT | CANCELLED (replaced: the order's cart changed before it was paid) |
   * VOIDED (PENDING | CANCELLED → VOIDED: the gateway approved a session that may no longer be paid — closed, or its
   * order paid by another session — and the charge is given back)
   */
  status: text('status').notNull().default('PENDING'),
  cardLast4: text('card_last4'),
  /** NEW_CARD | NEW_CARD_SAVE | SAVED_CARD (seed 000 §3 card payment types) */
  cardPaymentType: text('card_payment_type').notNull().default('NEW_CARD'),
  /** the signed-in customer paying (a saved card is theirs; a card paid with NEW_CARD_SAVE is saved for them) */
  userId: integer('user_id').references(() => users.id),
  /** SAVED_CARD: the card (server/payment/schema.ts saved_cards.id) the gateway charges through its token */
  savedCardId: text('saved_card_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /** VOIDED payments: the gateway's void of the charge — PENDING (asked, to be retried) → VOIDED | FAILED; else null */
  voidState: text('void_state').$type<'PENDING' | 'VOIDED' | 'FAILED'>(),
  /** the gateway's reference of the void */
  voidReference: text('void_reference'),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
}, (t) => [
  index('payments_order_idx').on(t.orderId),
  check('payments_void_state', sql`${t.voidState} IN ('PENDING', 'VOIDED', 'FAILED')`),
  // the voids the poll still has to ask the gateway for
  index('payments_void_pending_idx').on(t.id).where(sql`${t.voidState} = 'PENDING'`),
  // At most one open gateway session and at most one approved payment per order, whatever the number of instances.
  uniqueIndex('payments_one_pending_per_order').on(t.orderId).where(sql`${t.status} = 'PENDING'`),
  uniqueIndex('payments_one_approved_per_order').on(t.orderId).where(sql`${t.status} = 'APPROVED'`),
]);

export const consentTemplates = pgTable('consent_templates', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<LocalText>().notNull(),
  description: jsonb('description').$type<LocalText>().notNull(),
  required: boolean('required').notNull(),
  documentUrl: text('document_url'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const cmsComponents = pgTable('cms_components', {
  id: text('id').primaryKey(),
  headline: jsonb('headline').$type<LocalText>().notNull(),
  content: jsonb('content').$type<LocalText>().notNull(),
  ctaButtonName: jsonb('cta_button_name').$type<LocalText>(),
  mediaUrl: text('media_url'),
  mediaCode: text('media_code'),
  /** a banner (issue 13): the list it shows in (a category code, or 'home'), after how many products, and its link */
  categoryCode: text('category_code'),
  webPosition: integer('web_position'),
  linkUrl: text('link_url'),
  /** the banner's accent colour (a stripe beside its text); the CMS hex-colour rule (seed 000 §5: # and 3 or 6 hex
   *  digits, schemas/formats/formats.json cmsHexColor) holds for every row: the seed checks it (server/lib/cms-rules.ts)
   *  and the database refuses any other value */
  accentColor: text('accent_color'),
}, (t) => [check('cms_components_accent_color_hex', sql`${t.accentColor} IS NULL OR ${t.accentColor} ~ '^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$'`)]);

export const deliveryTimeSlots = pgTable('delivery_time_slots', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<LocalText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Marks one-off jobs (the seed) as done, so they run on first start only. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** EKO discount coupons (seed 001 §5): value in para; disabled or expired coupons are not available. */
export const vouchers = pgTable('vouchers', {
  code: text('code').primaryKey(),
  value: integer('value').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/** Coupons applied to a cart, each on the device entry it discounts. */
export const cartVouchers = pgTable('cart_vouchers', {
  cartId: integer('cart_id').notNull().references(() => carts.id),
  voucherCode: text('voucher_code').notNull().references(() => vouchers.code),
  entryNumber: integer('entry_number').notNull(),
  value: integer('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.cartId, t.voucherCode] })]);

/**
 * One row: the catalogue's revision, raised at commit by deferred triggers on every catalogue and stock table
 * (migration 0004). Each instance's in-memory read model (server/catalog/model.ts) polls it.
 */
export const catalogRevision = pgTable('catalog_revision', {
  id: integer('id').primaryKey().default(1),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  /** catalog_changes rows up to this revision may have been pruned: a read model older than it rebuilds in full */
  prunedRevision: bigint('pruned_revision', { mode: 'number' }).notNull().default(0),
});

/**
 * The catalogue's change log (migration 0028): per changed thing its latest revision, written by the catalogue
 * tables' deferred triggers. kind: product | stock (key = variant code) | device_price (device code) | reference
 * (product code) | cms (component id). The read models apply the rows newer than their revision (server/catalog/model.ts).
 */
export const catalogChanges = pgTable('catalog_changes', {
  kind: text('kind').notNull(),
  key: text('key').notNull(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ name: 'catalog_changes_pk', columns: [t.kind, t.key] }), index('catalog_changes_revision_idx').on(t.revision)]);

/**
 * Counters of the send and attempt limits (server/lib/limits.ts) when the app has no Redis: rate-limiter-flexible's
 * RateLimiterDrizzle store (key = limit name + key, points used, the window's end). Shared by every instance.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
}, (t) => [index('rate_limits_expire_idx').on(t.expire)]);
