// Tables of the catalogue module (server/catalog/): the products, their variants, prices, stock, references and CMS
// components, and the revision and change log its read model polls. Only server/catalog/ writes them.
// Money is always integer para (1/100 RSD).
import { pgTable, text, integer, bigint, boolean, timestamp, jsonb, serial, primaryKey, uniqueIndex, index, real, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TariffPrice } from '../../schemas/types/api.catalog';

export type LocalText = { sr: string; en: string };
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
}, (t) => [index('product_images_product_idx').on(t.productCode, t.sortOrder)]);

/** A price plan of a product (tariff monthly fee, device one-off price, accessory/insurance price). */
export const pricePlans = pgTable('price_plans', {
  id: text('id').primaryKey(),
  productCode: text('product_code').notNull().references(() => products.code),
  purchasable: boolean('purchasable').notNull().default(true),
  /** Installments available for the plan itself (e.g. an accessory paid in 12); null = none. */
  installments: integer('installments'),
}, (t) => [index('price_plans_product_idx').on(t.productCode)]);

export const subscriptionTerms = pgTable('subscription_terms', {
  id: text('id').primaryKey(),
  pricePlanId: text('price_plan_id').notNull().references(() => pricePlans.id),
  months: integer('months').notNull(),
  recommended: boolean('recommended').notNull().default(false),
}, (t) => [index('subscription_terms_plan_idx').on(t.pricePlanId)]);

export const chargeEntries = pgTable('charge_entries', {
  id: serial('id').primaryKey(),
  pricePlanId: text('price_plan_id').notNull().references(() => pricePlans.id),
  /** ONE_TIME_CHARGE | RECURRING_CHARGE */
  chargeType: text('charge_type').notNull(),
  cycleStart: integer('cycle_start'),
  cycleEnd: integer('cycle_end'),
  price: integer('price').notNull(),
  oldPrice: integer('old_price'),
}, (t) => [index('charge_entries_plan_idx').on(t.pricePlanId)]);

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
