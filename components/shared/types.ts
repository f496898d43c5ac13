// Structural view of the API payloads the vocabulary draws (docs/ARCHITECTURE.md §5.1).
// Only the fields components read; all optional where the server may omit them.

export interface Money {
  value: number;
  formattedValue?: string;
  currencyIso?: string;
}

export interface ImageRef {
  url: string;
  altText?: string | null;
}

export interface ColorOption {
  colorCode: string;
  colorName: string;
  colorHex?: string | null;
}

export interface ProductSummary {
  code: string;
  name: string;
  url?: string;
  brand?: { name: string } | null;
  esim?: boolean | string | null;
  images?: ImageRef[];
  colors?: ColorOption[];
  price?: Money | null;
  monthlyPrice?: Money | null;
  stock?: { stockLevelStatus?: string } | null;
}

export interface FacetValue {
  code: string;
  name: string;
  count?: number;
  selected?: boolean;
  /** the search query with this value toggled (server-built, commerce-platform format) */
  query?: { query?: { value?: string } } | null;
}

export interface Facet {
  code: string;
  name: string;
  groupType?: string;
  values: FacetValue[];
}

export interface SortOption {
  code: string;
  name: string;
  selected?: boolean;
}

export interface Pagination {
  currentPage: number;
  totalPages: number;
  pageSize?: number;
  totalResults?: number;
}

export interface Crumb {
  name: string;
  url?: string | null;
}

export interface Variant {
  code: string;
  colorCode: string;
  colorName: string;
  colorHex?: string | null;
  images?: ImageRef[];
  stock?: { stockLevelStatus?: string; stockLevel?: number } | null;
}

export interface ChargeEntry {
  chargeType: 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE' | string;
  cycleEnd?: number | null;
  price: Money;
  oldPrice?: Money | null;
}

export interface SubscriptionTerm {
  id: string;
  termOfServiceNumber: number;
  recommended?: boolean;
}

export interface PricePlan {
  id: string;
  subscriptionTermId: string;
  purchasable?: boolean;
  recurring?: {
    installments: number;
    installment: Money;
    tariffPrice: Money;
    devicePrice: Money;
    chargeEntries: ChargeEntry[];
  } | null;
  oneTime?: { devicePrice: Money; chargeEntries: ChargeEntry[] } | null;
}

export interface TariffPrice {
  code: string;
  name: string;
  processType?: 'TOP_OFFER' | 'BASIC_OFFER' | string;
  tariffPrice?: Money | null;
  highlights?: string[];
  subscriptionTerms?: SubscriptionTerm[];
  pricePlans?: PricePlan[];
  childTariffs?: TariffPrice[];
}

export interface ProductDetails {
  code: string;
  name: string;
  description?: string;
  brand?: { name: string } | null;
  esim?: boolean | string | null;
  variants?: Variant[];
  highlights?: { name: string; value: string }[];
  prices?: { topOffer?: TariffPrice[]; basicOffer?: TariffPrice[] };
  oneOff?: { pricePlanId?: string; purchasable?: boolean; chargeEntries?: ChargeEntry[] } | null;
  insurances?: Insurance[];
  hasAccessories?: boolean;
}

export interface Insurance {
  code: string;
  name: string;
  description?: string;
  monthlyPrice?: Money | null;
}

export interface Accessory {
  code: string;
  name: string;
  images?: ImageRef[];
  price?: Money | null;
  brand?: { name: string } | null;
}

export interface CartEntryData {
  entryNumber: number;
  quantity?: number;
  chargeType?: string;
  processType?: string;
  product: {
    code: string;
    name: string;
    images?: ImageRef[];
    brands?: { name: string }[];
    productOfferingType?: string;
    isRemovableEntry?: boolean;
    tmaPoVariantOptions?: { code: string; value?: string; colorCode?: string; image?: ImageRef | null }[];
  };
  monthlyPrice?: { price?: Money | null; oldPrice?: Money | null; installments?: number | null; promotionalText?: string | null } | null;
  oneTimePrice?: Money | null;
  totalPrice?: Money | null;
  totalOneTimePrice?: Money | null;
  totalMonthlyPrice?: Money | null;
  subscriptionTerm?: { name?: string; termOfServiceNumber?: number } | null;
  installments?: number | null;
}

export interface OrderPrices {
  totalServiceOneTimePrice?: Money | null;
  totalServiceMonthlyPrice?: Money | null;
  totalDeviceMonthlyPrice?: Money | null;
  totalDeviceOneTimePrice?: Money | null;
}

export interface CustomerInfo {
  firstName?: string;
  lastName?: string;
  contactEmail?: string;
  contactPhone?: string;
  addressInfo?: { formattedAddress?: string } | null;
}

export interface DeliveryAddress {
  formattedAddress?: string;
  line1?: string;
  line2?: string;
  entrance?: string;
  floor?: string;
  apartment?: string;
  town?: string;
  postalCode?: string;
}

export interface CartData {
  code?: string;
  checkoutType?: string;
  entries?: CartEntryData[];
  totalItems?: number;
  totalUnitCount?: number;
  orderPrices?: OrderPrices | null;
  orderCustomerInfo?: CustomerInfo | null;
  deliveryAddress?: DeliveryAddress | null;
  paymentMode?: { code: string } | null;
}
