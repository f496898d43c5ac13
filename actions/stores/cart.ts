import { makeAutoObservable } from 'mobx';
import type { Cart, CartModification } from './types';

/** Offering types that make a cart "hold a device" (seed 000 §4: device, stb or accessory). */
export const DEVICE_TYPES = ['DEVICE', 'STB_DEVICE'];
export const HARDWARE_TYPES = ['DEVICE', 'STB_DEVICE', 'ACCESSORY'];

/**
 * What the replace modal decides about: an add-to-cart call to repeat as a replace (tariff → replaceCart, device
 * bundle → replaceServiceCart), or the pending replacement of the sign-in merge (GET mergeCart?productsNeedReplace=
 * true|false; `toCheckout`: the merge came from a checkout attempt and goes on to checkout once decided).
 */
export type PendingAdd =
  | { call: 'replaceCart' | 'replaceServiceCart'; body: Record<string, unknown> }
  | { call: 'mergeCart'; toCheckout: boolean };

export class CartStore {
  cart: Cart | null = null;
  miniCartOpen = false;
  lastModifications: CartModification[] = [];
  /** The add payload kept while the replace modal is open (productsNeedReplace): "update" sends it to this replace call. */
  pendingAdd: PendingAdd | null = null;
  /** The EKO coupon dialog's error: a message key with params (seed 001 §5), or the server's text. */
  voucherError: { message?: string; text?: string; params?: Record<string, string | number> } | null = null;

  constructor() { makeAutoObservable(this, {}, { autoBind: true }); }

  get totalItems(): number { return this.cart?.totalItems ?? this.cart?.entries?.length ?? 0; }
  get hasDevice(): boolean {
    return (this.cart?.entries ?? []).some((e) => DEVICE_TYPES.includes(String(e.product?.productOfferingType)));
  }
  get hasHardware(): boolean {
    return (this.cart?.entries ?? []).some((e) => HARDWARE_TYPES.includes(String(e.product?.productOfferingType)));
  }
  get tariffCount(): number {
    return (this.cart?.entries ?? []).filter((e) => e.product?.productOfferingType === 'TARIFF').length;
  }
  get entryCodes(): string[] { return (this.cart?.entries ?? []).map((e) => e.product.code); }

  setCart(cart: Cart | null): void { this.cart = cart; }
  setModifications(m: CartModification[]): void { this.lastModifications = m; }
  setMiniCartOpen(open: boolean): void { this.miniCartOpen = open; }
  setPendingAdd(p: PendingAdd | null): void { this.pendingAdd = p; }
  setVoucherError(e: CartStore['voucherError']): void { this.voucherError = e; }
}
