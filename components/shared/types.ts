// The API payloads the vocabulary draws: the types generated from schemas/api (npm run schemas:types),
// as the stores name them, plus the parts components address on their own.
import type * as CatalogApi from '../../schemas/types/api.catalog';
import type { Cart, CartEntry, ProductDetails, SearchResult, TariffPrice } from '../../actions/stores/types';

export type { Banner, ChargeEntry, Comparison, Money, Suggestion, OrderResult, PricePlan, ProductDetails, ProductSummary, TariffPrice, Variant } from '../../actions/stores/types';
export type ImageRef = CatalogApi.Common_Image;
export type ColorOption = CatalogApi.Color;
export type FacetValue = CatalogApi.FacetValue;
export type Facet = SearchResult['facets'][number];
export type SortOption = SearchResult['sorts'][number];
export type Pagination = SearchResult['pagination'];
export type Crumb = SearchResult['breadcrumbs'][number];
export type SubscriptionTerm = TariffPrice['subscriptionTerms'][number];
export type Insurance = ProductDetails['insurances'][number];
export type Accessory = CatalogApi.References['references'][number]['target'];
export type CartData = Cart;
export type CartEntryData = CartEntry;
export type OrderPrices = Cart['orderPrices'];
export type CustomerInfo = NonNullable<Cart['orderCustomerInfo']>;
export type DeliveryAddress = NonNullable<Cart['deliveryAddress']>;
