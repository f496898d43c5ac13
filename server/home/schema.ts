// Tables of the home-services module (server/home/): written only by this module's services and seed.
// The home packages themselves are products of the catalogue (products, price_plans, subscription_terms,
// charge_entries); these tables hold what only home services have: the product-page hierarchy, the
// characteristic groups, TV channels and their guide, the address system with GPON coverage, FNP requests.
import { pgTable, text, integer, boolean, timestamp, jsonb, serial, primaryKey, uniqueIndex, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { carts } from '../cart/schema';
import { users } from '../user/schema';
import type { ResponseOf } from '../lib/contract';

type LocalText = { sr: string; en: string };

/** Categories of the product-page hierarchy (seed 001 §3): first level (parentCode null) and second level. */
export const homeCategories = pgTable('home_categories', {
  code: text('code').primaryKey(),
  parentCode: text('parent_code'),
  name: jsonb('name').$type<LocalText>().notNull(),
  description: jsonb('description').$type<LocalText>(),
  /** The category chosen when the URL names none (seed 001 §4). */
  defaultCategory: boolean('default_category').notNull().default(false),
  /** Cart order type of the category's services (HOME_FIXED, HOME_MOBILE). */
  checkoutType: text('checkout_type').$type<ResponseOf<'homeService'>['checkoutType']>().notNull(),
  /** The URL slug of a first-level category (?kategorija=…). */
  slug: text('slug').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [uniqueIndex('home_categories_slug_uq').on(t.parentCode, t.slug)]);

/** The services (catalogue products) of a category. */
export const homeCategoryServices = pgTable('home_category_services', {
  categoryCode: text('category_code').notNull().references(() => homeCategories.code),
  productCode: text('product_code').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.categoryCode, t.productCode] })]);

/** tmaProductSpecCharacteristicGroups of a service: VPP_DEFAULT (the card's list) or VPP_BASIC (the headline values). */
export const homeCharacteristics = pgTable('home_characteristics', {
  id: serial('id').primaryKey(),
  productCode: text('product_code').notNull(),
  groupType: text('group_type').$type<'VPP_DEFAULT' | 'VPP_BASIC'>().notNull(),
  name: jsonb('name').$type<LocalText>().notNull(),
  value: jsonb('value').$type<LocalText>().notNull(),
  /** shown emphasised (highlightedName) */
  highlighted: boolean('highlighted').notNull().default(false),
  pictureUrl: text('picture_url'),
  /** the value holds only with this subscription term (null: every term) */
  subscriptionTermId: text('subscription_term_id'),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [index('home_characteristics_product_idx').on(t.productCode)]);

/** TV channels and the TV packages that carry them. */
export const homeChannels = pgTable('home_channels', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  genre: text('genre').notNull(),
  hd: boolean('hd').notNull().default(false),
  /** product codes of the TV packages (TV_PACKAGE, BOX_PACKAGE, MSAT_PACKAGE, ANTENA_PLUS) carrying the channel */
  packages: jsonb('packages').$type<string[]>().notNull(),
});

/** The TV guide: one programme of a channel. */
export const homeEpg = pgTable('home_epg', {
  id: serial('id').primaryKey(),
  channelCode: text('channel_code').notNull().references(() => homeChannels.code),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  title: text('title').notNull(),
  genre: jsonb('genre').$type<LocalText>().notNull(),
  description: jsonb('description').$type<LocalText>().notNull(),
}, (t) => [uniqueIndex('home_epg_channel_start_uq').on(t.channelCode, t.startsAt), index('home_epg_start_idx').on(t.startsAt)]);

/** The address system: municipalities → localities → streets → street numbers (each number has a tisAddressCode). */
export const homeMunicipalities = pgTable('home_municipalities', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  postalCode: text('postal_code').notNull(),
});
export const homeLocalities = pgTable('home_localities', {
  code: text('code').primaryKey(),
  municipalityCode: text('municipality_code').notNull().references(() => homeMunicipalities.code),
  name: text('name').notNull(),
});
export const homeStreets = pgTable('home_streets', {
  code: text('code').primaryKey(),
  localityCode: text('locality_code').notNull().references(() => homeLocalities.code),
  name: text('name').notNull(),
});
export const homeStreetNumbers = pgTable('home_street_numbers', {
  /** tisAddressCode */
  addressCode: text('address_code').primaryKey(),
  streetCode: text('street_code').notNull().references(() => homeStreets.code),
  number: text('number').notNull(),
  /** GPON coverage of the building */
  gpon: boolean('gpon').notNull(),
  /** highest download speed offered at the address (Mbit/s) */
  maxSpeed: integer('max_speed').notNull(),
  /** entrances of the building (empty: one entrance) */
  entrances: jsonb('entrances').$type<string[]>().notNull(),
  flats: integer('flats').notNull().default(0),
}, (t) => [uniqueIndex('home_street_numbers_uq').on(t.streetCode, t.number)]);

/** Fixed number transfer (FNP) requests of the contact form (seed 001 §3). */
export const homeFnpRequests = pgTable('home_fnp_requests', {
  id: serial('id').primaryKey(),
  /** reference shown to the customer (FNP-XXXXXXXX) */
  reference: text('reference').notNull().unique(),
  phoneNumber: text('phone_number').notNull(),
  currentOperator: text('current_operator').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  status: text('status').$type<ResponseOf<'fnpContact'>['status']>().notNull().default('RECEIVED'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** one open request per number: a second one while the first is RECEIVED is refused by this index */
}, (t) => [uniqueIndex('home_fnp_open_number_uq').on(t.phoneNumber).where(sql`status = 'RECEIVED'`)]);

/** A customer's existing home lines (HOME_LANDLINE): the fixed number, where it is installed, and its GPON state. */
export const homeCustomerLines = pgTable('home_customer_lines', {
  /** the line's id in the operator's systems (GET GPON home-line check ?lineId) */
  lineId: text('line_id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** national form with the area code, e.g. 0113456789 */
  number: text('number').notNull().unique(),
  addressCode: text('address_code').notNull().references(() => homeStreetNumbers.addressCode),
  entrance: text('entrance'),
  flatNum: text('flat_num'),
  /** the line runs over fibre (GPON); a copper line cannot carry a fibre package */
  gpon: boolean('gpon').notNull(),
}, (t) => [index('home_customer_lines_user_idx').on(t.userId)]);

/** A customer's registered addresses (HOME_ADDRESS "my address"), besides the addresses of their lines. */
export const homeCustomerAddresses = pgTable('home_customer_addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  addressCode: text('address_code').notNull().references(() => homeStreetNumbers.addressCode),
  entrance: text('entrance'),
  flatNum: text('flat_num'),
}, (t) => [uniqueIndex('home_customer_addresses_uq').on(t.userId, t.addressCode)]);

/**
 * The cart's home-line setup of CONNECT_HOME_DATA (seed 000 §2 "Home-line step", seed 001 §9 home line options):
 * the option, the installation address (checked: the cart's packages are offered there) and the number — an existing
 * line, a new number, or a fixed number ported in from SBB, Orion or Beotel (transfer checked). One row per cart.
 */
export const cartHomeSetups = pgTable('cart_home_setups', {
  cartId: integer('cart_id').primaryKey().references(() => carts.id),
  /** HOME_LANDLINE | HOME_ADDRESS | HOME_PORT_IN */
  option: text('option').notNull(),
  /** MY_ADDRESS | OTHER_ADDRESS | LINE_ADDRESS */
  addressType: text('address_type').notNull(),
  addressCode: text('address_code').notNull().references(() => homeStreetNumbers.addressCode),
  entrance: text('entrance'),
  flatNum: text('flat_num'),
  /** the package the address was checked for (packageId of the set calls) */
  packageId: text('package_id'),
  /** EXISTING | NEW_NUMBER | PORT_IN; null until the number is chosen */
  numberOption: text('number_option'),
  lineId: text('line_id'),
  homeLineNumber: text('home_line_number'),
  /** port-in: SBB | Orion | Beotel */
  operator: text('operator'),
  /** where the installation bill goes (seed 001 §9): INSTALLATION_ADDRESS | OTHER_ADDRESS | E_BILL; null: not chosen */
  billOption: text('bill_option'),
  /** OTHER_ADDRESS: an address of the address system (entrance and flat checked against the building) */
  billAddressCode: text('bill_address_code').references(() => homeStreetNumbers.addressCode),
  billEntrance: text('bill_entrance'),
  billFlatNum: text('bill_flat_num'),
  /** E_BILL: the e-mail the bill is sent to */
  billEmail: text('bill_email'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // each bill option carries exactly what it needs
  check('cart_home_setups_bill_ck', sql`${t.billOption} IS NULL AND ${t.billAddressCode} IS NULL AND ${t.billEmail} IS NULL
    OR ${t.billOption} = 'INSTALLATION_ADDRESS' AND ${t.billAddressCode} IS NULL AND ${t.billEmail} IS NULL
    OR ${t.billOption} = 'OTHER_ADDRESS' AND ${t.billAddressCode} IS NOT NULL AND ${t.billEmail} IS NULL
    OR ${t.billOption} = 'E_BILL' AND ${t.billEmail} IS NOT NULL AND ${t.billAddressCode} IS NULL`),
]);

/**
 * What the checkout's SUGGESTED_TV_ADDONS step offers with a package (seed 001 §3 "Suggested-products data"): TV
 * add-ons (TV_ADDON_RELATION), free TV add-ons (FREE_TV_ADDON_RELATION) and set-top boxes (STB_PRODUCT_RELATION).
 */
export const homeTvAddonOffers = pgTable('home_tv_addon_offers', {
  packageCode: text('package_code').notNull(),
  addonCode: text('addon_code').notNull(),
  relation: text('relation').$type<'TV_ADDON_RELATION' | 'FREE_TV_ADDON_RELATION' | 'STB_PRODUCT_RELATION'>().notNull(),
  maxAllowedQuantity: integer('max_allowed_quantity').notNull().default(1),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.packageCode, t.addonCode, t.relation] })]);

/** The package's freeAddonsLimit: how many of its free TV add-ons come at no charge (0: none are free). */
export const homeFreeAddonLimits = pgTable('home_free_addon_limits', {
  packageCode: text('package_code').primaryKey(),
  freeAddonsLimit: integer('free_addons_limit').notNull(),
}, (t) => [check('home_free_addon_limits_range', sql`${t.freeAddonsLimit} BETWEEN 0 AND 10`)]);
