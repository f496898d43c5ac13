// The API payloads the vocabulary draws: aliases of the types generated from schemas/api
// (npm run schemas:types), never written twice by hand.
import type * as Catalog from '../../schemas/types/api.catalog';
import type * as Cart from '../../schemas/types/api.cart';
import type * as Checkout from '../../schemas/types/api.checkout';

export type Money = Catalog.Common_Money;
export type ImageRef = Catalog.Common_Image;
export type ColorOption = Catalog.Color;
export type ProductSummary = Catalog.ProductSummary;
export type FacetValue = Catalog.FacetValue;
export type Facet = Catalog.SearchResult['facets'][number];
export type SortOption = Catalog.SearchResult['sorts'][number];
export type Pagination = Catalog.SearchResult['pagination'];
export type Crumb = Catalog.SearchResult['breadcrumbs'][number];
export type ChargeEntry = Catalog.ChargeEntry;
export type SubscriptionTerm = Catalog.SubscriptionTerm;
export type TariffPrice = Catalog.TariffPrice;
export type PricePlan = TariffPrice['pricePlans'][number];
export type ProductDetails = Catalog.ProductDetails;
export type Variant = ProductDetails['variants'][number];
export type Insurance = ProductDetails['insurances'][number];
export type Accessory = Catalog.References['references'][number]['target'];
export type CartData = Cart.Cart;
export type CartEntryData = Cart.Entry;
export type OrderPrices = Cart.Cart['orderPrices'];
export type CustomerInfo = NonNullable<Cart.Cart['orderCustomerInfo']>;
export type DeliveryAddress = NonNullable<Cart.Cart['deliveryAddress']>;
export type OrderResult = Checkout.OrderResult;
