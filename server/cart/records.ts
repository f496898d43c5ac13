// The cart and its entries as other modules and the workflows see them (issue 28: a module exposes functions and
// contract types, not its rows). Plain types of the cart's data: every cart row is one (the functions answer rows),
// and the functions others call take these, so the table may grow a column without changing what others see.
import type { CartModificationResponse, Entry } from '../../schemas/types/api.cart';
import type { CartCharge } from './schema';

/** A cart: its owner, status and version, the checkout data it holds and its one-time charges. */
export interface CartRecord {
  id: number;
  code: string;
  sessionId: string;
  userId: number | null;
  /** OPEN | ORDERED | ABANDONED */
  status: string;
  version: number;
  orderCustomerInfo: Record<string, string> | null;
  deliveryAddress: Record<string, string> | null;
  deliveryTimeSlot: string | null;
  paymentMode: string | null;
  cardPaymentType: string | null;
  oneTimeCharges: CartCharge[];
  /** the cartModifications of the last login merge, answered once by GET mergeCart */
  mergeModifications: Array<{
    statusCode: CartModificationResponse['cartModifications'][number]['statusCode']; productCode: string; variantCode: string | null;
    entryNumber: number | null; params?: Record<string, string | number>; cmsComponentId?: string | null; pending?: Array<Record<string, unknown>>;
  }> | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An entry of a cart: the product (a device's variant), its bundle and parent entry, and the prices it was given. */
export interface CartEntryRecord {
  id: number;
  cartId: number;
  entryNumber: number;
  bundleNo: number;
  productCode: string;
  variantCode: string | null;
  quantity: number;
  chargeType: Entry['chargeType'];
  processType: string | null;
  pricePlanId: string | null;
  termMonths: number | null;
  oneTimePrice: number;
  monthlyPrice: number | null;
  oldMonthlyPrice: number | null;
  installments: number | null;
  automaticallyAdded: boolean;
  /** the product's priceVersion when the entry was priced */
  priceVersion: number;
  esimSelected: boolean;
  /** an add-on's or insurance's entry: the entry it belongs to */
  parentEntryNumber: number | null;
  /** a tariff's or package's entry: its preselected suggested products were put in once */
  suggestionsApplied: boolean;
}
