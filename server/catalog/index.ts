// The catalogue module's public surface: the read model, product reads, search and details, stock moves.
// Other modules and workflows import from here only; the module alone writes the catalogue and stock tables.
export { CatalogModel, CatalogSnapshot, loadSnapshot, readRevision, type CatalogStats } from './model';
export {
  currentMonthly, devicePricesOf, loadProduct, loadProducts, monthlyFee, oneOffPrice, referencesOf, stockLevelStatus, stockLevelsOf,
  type CatalogProduct, type DevicePriceRow, type ProductRow, type VariantRow,
} from './repository';
export { CATEGORY_URLS, SORTS, parseQuery, productUrl, searchProducts, summarize, type ProductSummary, type SearchParams, type SortCode } from './search';
export { cmsBanners, cmsComponent, productDetails, productReferences, productSpecification } from './details';
export { COMPARE_MAX, compareProducts, suggestProducts } from './compare';
export { giveBackStock, holdStock } from './stock';
export {
  devicePricesById, isReferenced, productEsimOf, productKindSql, productKindsOf, productTypeOf, productVoucherLimits,
  referencesTo, stockLevelSql, stockLevelsJsonSql, type DevicePricePlan, type ProductKind, type ProductReference,
} from './reads';
export { ACCESSORY_RELATIONS, ADDON_RELATIONS, DEFAULT_MAX_PROMO_QUANTITY, SUGGESTED_PAGE_SIZE, suggestedOffers, type SuggestedOffer, type SuggestedRelation } from './suggested';
export { ADDON_CATEGORIES, OTT_CATEGORY, OTT_SERVICES, ROAMING_ZONES, addonHierarchy, addonRequires, isPrepaidTariff, ottServices, roamingCountries } from './addons';
