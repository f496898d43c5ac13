/**
 * Handling of add/replace/remove answers `{ cart, cartModifications }` by statusCode (seed 000 §4 "Add to cart").
 * `cartStatusHandlers` is the extension point: one handler per statusCode.
 */
import type { ActionContext } from '../../renderer/types';
import type { Cart, CartModification } from '../stores/types';
import type { PendingAdd } from '../stores/cart';
import type { CmsComponent } from '../../schemas/types/api.catalog';
import type { CallName, CallOptions } from './client';
import { ApiError } from './errors';

/** A modification as the server sends it: the contract fields plus the optional CMS component of the limit / stock pop-ups. */
export type CartMod = CartModification & { cmsComponentId?: string | null };
export interface CartResponse { cart: Cart; cartModifications?: CartMod[] }
/** What the handlers may need besides the answer: the add call that was made (kept for "update" in the replace modal). */
export interface CartRequest { pending?: PendingAdd }
export type CartStatusHandler = (mod: CartMod, ctx: ActionContext, res: CartResponse, req: CartRequest) => void | Promise<void>;

/** The cart notification's timeout (seed 000 §4 success; the value is not given by the specification). */
export const CART_NOTIFICATION_MS = 4000;
/** The CMS components of the pop-ups when the server names none (server/db/seed/catalog.ts cmsComponents). */
export const NO_STOCK_CMS_ID = 'noStockPopup';
/**
 * Statuses that stop the merge flow from going on to checkout (seed 000 §4 "Cart merge after login": a replace,
 * quantity or accessories issue; seed 001 §4 adds not-eligible; noStock too, as its pop-up is open).
 */
export const MERGE_BLOCKING = ['productsNeedReplace', 'maxOrderQuantityExceeded', 'allowedTotalAmountExceeded', 'accessoriesNeedMerge', 'notEligibleByAge', 'noStock'];

const PREPAID_TYPES = ['MOBILE_PREPAID', 'MOBILE_PREPAID_GUEST'];

/** GET cmsComponent?componentId=; a failure is only logged (seed 000 §8) and the pop-up shows without CMS content. */
export async function loadCms(ctx: ActionContext, componentId: string | null | undefined): Promise<CmsComponent | null> {
  if (!componentId) return null;
  try {
    return await ctx.api.call<CmsComponent>('cmsComponent', { query: { componentId }, silent: true });
  } catch (e) {
    console.error('[cart] cms component', componentId, e);
    return null;
  }
}

/** The modal params of a CMS pop-up: the server message and the optional headline, content, button and image. */
function cmsParams(message: string, cms: CmsComponent | null): Record<string, unknown> {
  return {
    message,
    headline: cms?.headline ?? null,
    content: cms?.content ?? null,
    ctaButtonName: cms?.ctaButtonName ?? null,
    image: cms?.media?.url ?? null,
  };
}

async function openLimitModal(mod: CartMod, ctx: ActionContext): Promise<void> {
  const cms = await loadCms(ctx, mod.cmsComponentId);
  ctx.stores.ui.openModal('limit-overstepped', cmsParams(mod.statusMessage ?? '', cms));
}

export const cartStatusHandlers: Record<string, CartStatusHandler> = {
  success(_mod, ctx, res) {
    ctx.stores.ui.showToast({ kind: 'success', message: 'toast.cart.added', ms: CART_NOTIFICATION_MS });
    if (isSingleTariffCart(res.cart)) ctx.stores.ui.openModal('single-tariff', { checkoutType: res.cart.checkoutType ?? null });
  },
  productsNeedReplace(mod, ctx, _res, req) {
    ctx.stores.cart.setPendingAdd(req.pending ?? null);
    ctx.stores.ui.openModal('replace-item', { entries: mod.replaceModalEntries ?? [], entry: mod.entry ?? null, message: mod.statusMessage ?? '' });
  },
  allowedTotalAmountExceeded: openLimitModal,
  maxOrderQuantityExceeded: openLimitModal,
  async noStock(mod, ctx) {
    const cms = await loadCms(ctx, mod.cmsComponentId ?? NO_STOCK_CMS_ID);
    ctx.stores.ui.openModal('no-stock', cmsParams(mod.statusMessage ?? '', cms));
  },
  notEligibleByAge(mod, ctx) {
    ctx.stores.ui.openModal('not-eligible', { message: mod.statusMessage ?? '' });
  },
  accessoriesNeedMerge(mod, ctx) {
    // merge flow: the accessories were merged into the device bundle already in the cart; tell the shopper and show the cart
    if (mod.statusMessage) ctx.stores.ui.showToast({ kind: 'info', text: mod.statusMessage });
    else ctx.stores.ui.showToast({ kind: 'info', message: 'toast.cart.accessoriesMerged' });
    ctx.stores.cart.setMiniCartOpen(true);
  },
};

/** Fallback for statuses without a handler: the server's status message as an error toast. */
export const defaultStatusHandler: CartStatusHandler = (mod, ctx) => {
  console.error(`[cart] unhandled statusCode "${mod.statusCode}"`, mod);
  if (mod.statusMessage) ctx.stores.ui.showToast({ kind: 'error', text: mod.statusMessage });
  else ctx.stores.ui.showToast({ kind: 'error', message: 'error.generic' });
};

/** Does the cart hold only one tariff (no device, stb or accessory) and is not prepaid? (single-tariff modal rule) */
export function isSingleTariffCart(cart: Cart | null): boolean {
  if (!cart || (cart.checkoutType !== null && cart.checkoutType !== undefined && PREPAID_TYPES.includes(cart.checkoutType))) return false;
  const types = cart.entries.map((e) => e.product.productOfferingType);
  return types.length > 0 && types.filter((t) => t === 'TARIFF').length === 1 && !types.some((t) => ['DEVICE', 'STB_DEVICE', 'ACCESSORY'].includes(t));
}

/** The entries as the shopper sees them (product, quantity, charge type): what "the cart changed" compares. */
function entryKey(cart: Cart | null): string {
  return (cart?.entries ?? []).map((e) => `${e.product.code}×${e.quantity}×${e.chargeType ?? ''}`).sort().join(',');
}

/**
 * Did the cart change elsewhere (another tab, another device) since this tab last saw it? Same cart (code), a newer
 * version and other entries. Every answer of this tab's own entry changes replaces the local cart; its own calls that
 * answer no cart (payment type, delivery slot) raise the version but never change the entries, so they don't count.
 */
export function cartChangedElsewhere(local: Cart | null, server: Cart | null): boolean {
  if (!local || !server || local.code !== server.code) return false;
  return server.version !== local.version && entryKey(local) !== entryKey(server);
}

/** Takes a cart read from the server (GET); when it changed elsewhere, the cart-changed toast shows. Returns whether it changed. */
export function syncServerCart(server: Cart | null, ctx: ActionContext): boolean {
  const { cart, ui } = ctx.stores;
  const changed = cartChangedElsewhere(cart.cart, server);
  cart.setCart(server);
  if (changed) ui.showToast({ kind: 'error', message: 'error.cartChanged' });
  return changed;
}

export async function applyCartResponse(res: CartResponse, ctx: ActionContext, req: CartRequest = {}): Promise<CartMod[]> {
  if (res.cart) ctx.stores.cart.setCart(res.cart);
  const mods = res.cartModifications ?? [];
  ctx.stores.cart.setModifications(mods);
  // one reaction per statusCode (a bundle answers one modification per entry)
  const seen = new Set<string>();
  for (const mod of mods) {
    if (seen.has(mod.statusCode)) continue;
    seen.add(mod.statusCode);
    const handler = cartStatusHandlers[mod.statusCode] ?? defaultStatusHandler;
    await handler(mod, ctx, res, req);
  }
  return mods;
}

/**
 * Cart merge after login (seed 000 §4): GET mergeCart (the statuses of the sign-in merge, answered once) handled as
 * on add — a merged entry needs no notification; productsNeedReplace opens the replace modal deciding the merge's
 * pending replacement (`toCheckout` kept for after the decision). Answers whether a status stops the flow.
 */
export async function runCartMerge(ctx: ActionContext, toCheckout: boolean): Promise<{ mods: CartMod[]; blocked: boolean }> {
  const res = await ctx.api.call<CartResponse>('mergeCart');
  const issues = (res.cartModifications ?? []).filter((m) => m.statusCode !== 'success');
  const mods = await applyCartResponse({ ...res, cartModifications: issues }, ctx, { pending: { call: 'mergeCart', toCheckout } });
  return { mods, blocked: mods.some((m) => MERGE_BLOCKING.includes(m.statusCode)) };
}

/**
 * The replace modal's answer in a merge: GET mergeCart?productsNeedReplace=true (replace: the normal success
 * notification) or false (keep the old item); the cart is updated from the answer. Then on to checkout when the
 * merge came from a checkout attempt and nothing else stops it, else the mini cart shows the result.
 */
export async function decideMergeReplace(ctx: ActionContext, pending: Extract<PendingAdd, { call: 'mergeCart' }>, replace: boolean): Promise<CartMod[]> {
  const res = await ctx.api.call<CartResponse>('mergeCart', { query: { productsNeedReplace: replace } });
  const mods = await applyCartResponse(res, ctx, { pending });
  if (mods.some((m) => MERGE_BLOCKING.includes(m.statusCode)) || ctx.stores.ui.modals.length > 0) return mods;
  if (pending.toCheckout) {
    ctx.stores.session.setRememberCheckout(false);
    await ctx.dispatch({ action: 'checkout.proceed', args: {} });
  } else {
    ctx.stores.cart.setMiniCartOpen(true);
  }
  return mods;
}

/**
 * A change of the cart as this tab shows it (a removal, deleting the cart): sent with `?cartVersion=` of the
 * shown cart. When the cart moved on elsewhere (another tab) the server answers 409 cartChanged and changes
 * nothing: the current cart replaces the shown one, the cart-changed toast shows and null is answered. When
 * only the version moved (this tab's own calls that answer no cart, e.g. the payment type) and the entries are
 * the same, the call is repeated once with the current version.
 */
export async function callOnShownCart<T>(ctx: ActionContext, name: CallName, opts: CallOptions = {}): Promise<T | null> {
  for (let attempt = 0; ; attempt++) {
    const version = ctx.stores.cart.cart?.version;
    try {
      return await ctx.api.call<T>(name, { ...opts, query: { ...opts.query, ...(typeof version === 'number' ? { cartVersion: version } : {}) } });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 409 || e.reason !== 'cartChanged') throw e;
      const server = await ctx.api.call<Cart>('fullCart', { silent: true });
      if (attempt === 0 && !cartChangedElsewhere(ctx.stores.cart.cart, server)) {
        ctx.stores.cart.setCart(server);
        continue;
      }
      ctx.stores.cart.setCart(server);
      ctx.stores.ui.showToast({ kind: 'error', message: 'error.cartChanged' });
      return null;
    }
  }
}
