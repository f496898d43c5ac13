import { makeAutoObservable } from 'mobx';
import type { Cart, CartModification } from './types';

/** Offering types that make a cart "hold a device" (seed 000 §4: device, stb or accessory). */
export const DEVICE_TYPES = ['DEVICE', 'STB_DEVICE'];
export const HARDWARE_TYPES = ['DEVICE', 'STB_DEVICE', 'ACCESSORY'];

export class CartStore {
  cart: Cart | null = null;
  miniCartOpen = false;
  lastModifications: CartModification[] = [];

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
}
