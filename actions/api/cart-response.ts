/**
 * Handling of add/replace/remove answers `{ cart, cartModifications }` by statusCode (seed 000 §4 "Add to cart").
 * `cartStatusHandlers` is the extension point: one handler per statusCode.
 */
import type { ActionContext } from '../../renderer/types';
import type { Cart, CartModification } from '../stores/types';

export interface CartResponse { cart: Cart; cartModifications?: CartModification[] }
export type CartStatusHandler = (mod: CartModification, ctx: ActionContext, res: CartResponse) => void | Promise<void>;

const PREPAID_TYPES = ['MOBILE_PREPAID', 'MOBILE_PREPAID_GUEST'];

export const cartStatusHandlers: Record<string, CartStatusHandler> = {
  success(_mod, ctx) {
    ctx.stores.ui.showToast({ kind: 'success', message: 'toast.cart.added' });
  },
  productsNeedReplace(mod, ctx) {
    ctx.stores.ui.openModal('replace-item', { entries: mod.replaceModalEntries ?? [], entry: mod.entry ?? null });
  },
  allowedTotalAmountExceeded(mod, ctx) {
    ctx.stores.ui.openModal('limit-overstepped', { message: mod.statusMessage ?? '' });
  },
  maxOrderQuantityExceeded(mod, ctx) {
    ctx.stores.ui.openModal('limit-overstepped', { message: mod.statusMessage ?? '' });
  },
};

/** Fallback for statuses without a handler: the server's status message as an error toast. */
export const defaultStatusHandler: CartStatusHandler = (mod, ctx) => {
  console.error(`[cart] unhandled statusCode "${mod.statusCode}"`, mod);
  if (mod.statusMessage) ctx.stores.ui.showToast({ kind: 'error', text: mod.statusMessage });
  else ctx.stores.ui.showToast({ kind: 'error', message: 'error.generic' });
};

/** Does the cart hold only tariffs (no device, stb or accessory) and is not prepaid? (single-tariff modal rule) */
export function isSingleTariffCart(cart: Cart | null): boolean {
  if (!cart || (cart.checkoutType !== null && PREPAID_TYPES.includes(cart.checkoutType))) return false;
  const types = cart.entries.map((e) => e.product.productOfferingType);
  return types.length > 0 && types.filter((t) => t === 'TARIFF').length === 1 && !types.some((t) => ['DEVICE', 'STB_DEVICE', 'ACCESSORY'].includes(t));
}

export async function applyCartResponse(res: CartResponse, ctx: ActionContext): Promise<void> {
  if (res.cart) ctx.stores.cart.setCart(res.cart);
  const mods = res.cartModifications ?? [];
  ctx.stores.cart.setModifications(mods);
  // one reaction per statusCode (a bundle answers one modification per entry)
  const seen = new Set<string>();
  for (const mod of mods) {
    if (seen.has(mod.statusCode)) continue;
    seen.add(mod.statusCode);
    const handler = cartStatusHandlers[mod.statusCode] ?? defaultStatusHandler;
    await handler(mod, ctx, res);
  }
}
