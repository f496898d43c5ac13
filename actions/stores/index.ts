import { SessionStore } from './session';
import { CatalogStore } from './catalog';
import { CartStore } from './cart';
import { CheckoutStore } from './checkout';
import { UiStore } from './ui';

export { SessionStore, CatalogStore, CartStore, CheckoutStore, UiStore };
export type * from './types';
export type { Lang, Messages, MessageValue, MessageParams } from './i18n';
export type { Toast, ToastKind, ModalEntry, FormState } from './ui';

export interface Stores {
  session: SessionStore;
  catalog: CatalogStore;
  cart: CartStore;
  checkout: CheckoutStore;
  ui: UiStore;
}

export function createStores(): Stores {
  return { session: new SessionStore(), catalog: new CatalogStore(), cart: new CartStore(), checkout: new CheckoutStore(), ui: new UiStore() };
}
