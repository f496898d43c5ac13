// The cart module's public surface. Other modules and workflows import from here only; the module alone writes
// carts, cart_entries, vouchers and cart_vouchers.
export {
  addBundle, addTariff, deleteCart, deleteEntry, entriesOf, findOpenCart, getOrCreateCart, loadEntryProducts, lockCart, lockOpenCart, openCartOfLiveSession,
  orderedCartsSubquery,
  type AddResult, type BundleBody,
} from './service';
export type { CartEntryRecord, CartRecord } from './records';
export type { CartCharge } from './schema';
export { amountDueNow, cartSignedIn, cartTotals, cartView, checkoutTypeOf, contractDataRequiredOf, dueNowAfterVouchers, entryView, orderPrices, totalsView, vouchersOf, type AppliedVoucher, type CartTotals, type EntryView } from './view';
export { validateCart, type ValidationIssue, type ValidationReason } from './validate';
export { keepCartForUser, moveSessionCart, takeOverCartsAtSignIn, type MergeResult } from './merge';
export { closeOrderedCart, dropCustomerInfoFields, mergeCustomerInfo, reopenOrderedCart, setCheckoutFields, setOneTimeCharges, type CheckoutFields } from './checkout-data';
export { CartRowCache } from './row-cache';
export { addPathCounts } from './add';
export { rulesConfig } from './config';
export { addPackageExtra, applyPreselected, freeUnitsUnder, isFreeExtra, type PackageExtraInput } from './extras';
