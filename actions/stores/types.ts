// The API payloads the stores hold: aliases of the types generated from schemas/api
// (npm run schemas:types), never written twice by hand.
import type * as CatalogApi from '../../schemas/types/api.catalog';
import type * as AddonsApi from '../../schemas/types/api.addons';
import type * as CartApi from '../../schemas/types/api.cart';
import type * as CheckoutApi from '../../schemas/types/api.checkout';

export type Money = CatalogApi.Common_Money;
export type Image = CatalogApi.Common_Image;
export type ProductSummary = CatalogApi.ProductSummary;
export type SearchResult = CatalogApi.SearchResult;
export type Facet = SearchResult['facets'][number];
export type Comparison = CatalogApi.Comparison;
export type Banner = CatalogApi.Banner;
export type Addon = AddonsApi.Addon;
export type AddonCategory = AddonsApi.AddonCategory;
export type RoamingCountry = AddonsApi.Country;
export type OttService = AddonsApi.OttService;
export type Suggestion = CatalogApi.Suggestions['suggestions'][number];
/** A page of the shop the site search found (GET pageSearch). */
export type PageHit = CatalogApi.PageSearchResult['results'][number];
export type ProductDetails = CatalogApi.ProductDetails;
export type Variant = ProductDetails['variants'][number];
export type ChargeEntry = CatalogApi.ChargeEntry;
export type TariffPrice = CatalogApi.TariffPrice;
export type PricePlan = TariffPrice['pricePlans'][number];
export type Cart = CartApi.Cart;
export type CartEntry = CartApi.Entry;
export type CartModification = CartApi.CartModificationResponse['cartModifications'][number];
export type CheckoutStep = CartApi.ValidateResponse['checkoutSteps'][number];
export type ConsentTemplate = CheckoutApi.ConsentTemplatesResponse['consentTemplates'][number];
export type OrderResult = CheckoutApi.OrderResult;
/** A card payment's order status (GET orderStatus) the payment result page shows. */
export type OrderStatus = CheckoutApi.OrderStatus;
