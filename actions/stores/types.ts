/** Shapes of the API payloads the stores hold (docs/ARCHITECTURE.md §5.1). Loose where the client does not care. */
export interface Money { value: number; formattedValue: string; currencyIso: string }
export interface Image { url: string; altText?: string }
export interface ProductSummary {
  code: string; name: string; url: string; brand: { name: string }; productOfferingType: string; esim?: string;
  images: Image[]; colors: { colorCode: string; colorName: string; colorHex: string }[];
  price: Money; monthlyPrice: Money | null; stock: { stockLevelStatus: string };
}
export interface Facet { code: string; name: string; groupType?: string; values: { code: string; name: string; count: number; selected: boolean }[] }
export interface SearchResult {
  products: ProductSummary[]; facets: Facet[]; sorts: { code: string; name: string; selected: boolean }[];
  pagination: { currentPage: number; totalPages: number; pageSize: number; totalResults: number };
  breadcrumbs: { name: string; url: string }[]; freeTextSearch: string; currentQuery: { query: { value: string } };
}
export interface Variant { code: string; colorCode: string; colorName: string; colorHex: string; images: Image[]; stock: { stockLevelStatus: string; stockLevel?: number } }
export interface ChargeEntry { chargeType: 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE'; cycleEnd?: number; price: Money; oldPrice: Money | null }
export interface PricePlan {
  id: string; subscriptionTermId: string; purchasable: boolean;
  recurring: { installments: number; installment: Money; tariffPrice: Money; devicePrice: Money; chargeEntries: ChargeEntry[] } | null;
  oneTime: { devicePrice: Money; chargeEntries: ChargeEntry[] } | null;
}
export interface TariffPrice {
  code: string; name: string; processType: 'TOP_OFFER' | 'BASIC_OFFER'; tariffPrice: Money; highlights: string[];
  subscriptionTerms: { id: string; termOfServiceNumber: number; recommended: boolean }[];
  pricePlans: PricePlan[]; childTariffs: TariffPrice[];
}
export interface ProductDetails {
  code: string; name: string; description: string; brand: { name: string }; productOfferingType: string; esim?: string; voucherLimit?: number;
  variants: Variant[]; highlights: { name: string; value: string }[];
  prices: { topOffer: TariffPrice[]; basicOffer: TariffPrice[] };
  oneOff: { pricePlanId: string; purchasable: boolean; chargeEntries: ChargeEntry[] } | null;
  insurances: { code: string; name: string; description: string; monthlyPrice: Money }[];
  hasAccessories: boolean;
}
export interface CartEntry {
  entryNumber: number; quantity: number; bundleNo?: number; chargeType?: string; processType?: string;
  product: { code: string; name: string; productOfferingType: string; [k: string]: unknown };
  [k: string]: unknown;
}
export interface Cart {
  code: string; version?: number; checkoutType: string; entries: CartEntry[]; totalUnitCount: number; totalItems: number;
  paymentMode: { code: string } | null; [k: string]: unknown;
}
export interface CartModification { statusCode: string; statusMessage?: string; entry?: CartEntry; quantityAdded?: number; replaceModalEntries?: CartEntry[] }
export interface CheckoutStep { code: string; url: string; eventName: string; hidden?: boolean }
export interface ConsentTemplate { id: string; name: string; description?: string; required: boolean; selected: boolean; documentUrl?: string }
export interface OrderResult { code: string; status: string; paymentInfo: { cardPaymentType: string } | null; orderCustomerInfo?: unknown; confirmationPageType?: string; totalPrice: Money }
