import { SessionStore } from './session';
import { CatalogStore } from './catalog';
import { CartStore } from './cart';
import { CheckoutStore } from './checkout';
import { UiStore } from './ui';
import { SelfcareStore } from './selfcare';
import { HomeStore } from './home';
import { AccountStore } from './account';
import { ProfileStore } from './profile';

export { SessionStore, CatalogStore, CartStore, CheckoutStore, UiStore, SelfcareStore, HomeStore, AccountStore, ProfileStore };
export type { TopUpStatus, BillView, BillStatus } from './selfcare';
export type * from './types';
export type { Lang, Messages, MessageValue, MessageParams } from './i18n';
export type { Toast, ToastKind, ModalEntry, FormState } from './ui';

/**
 * THE list of stores (the only one): each is a root of the scope that pointers and conditions read (`/cart/...`).
 * A new store is added here and nowhere else; `createStores` and `storeScope` follow it.
 */
const STORE_CLASSES = { session: SessionStore, catalog: CatalogStore, cart: CartStore, checkout: CheckoutStore, ui: UiStore, selfcare: SelfcareStore, home: HomeStore, account: AccountStore, profile: ProfileStore };

export type StoreName = keyof typeof STORE_CLASSES;
export type Stores = { [K in StoreName]: InstanceType<(typeof STORE_CLASSES)[K]> };
export const STORE_NAMES = Object.keys(STORE_CLASSES) as StoreName[];

export function createStores(): Stores {
  return Object.fromEntries(STORE_NAMES.map((n) => [n, new STORE_CLASSES[n]()])) as Stores;
}

/** The same stores made one at a time with `pause` between them (a page's boot: making every store observable at
 *  once is one long task on a slow phone). */
export async function createStoresInSteps(pause: () => Promise<void>): Promise<Stores> {
  const made: Array<[StoreName, unknown]> = [];
  for (const n of STORE_NAMES) {
    made.push([n, new STORE_CLASSES[n]()]);
    await pause();
  }
  return Object.fromEntries(made) as Stores;
}

/** The stores as the roots of a scope (a plain copy, so the scope can gain `route`, `item`, `modal`, ...). */
export function storeScope(stores: Stores): Stores {
  return Object.fromEntries(STORE_NAMES.map((n) => [n, stores[n]])) as Stores;
}
