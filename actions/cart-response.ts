/**
 * Handling of add/replace/remove answers `{ cart, cartModifications }` by statusCode (seed 000 §4 "Add to cart").
 * What each statusCode does is data: schemas/rules/cart-statuses.json (toast, modal and its parameters, mini cart).
 */
import type { ActionContext } from './define';
import type { Cart, CartModification } from './stores/types';
import type { PendingAdd } from './stores/cart';
import type { CmsComponent } from '../schemas/types/api.catalog';
import type { CallName, CallOptions, ResponseOf } from './api/client';
import { ApiError } from './api/errors';
import type { Reaction } from '../schemas/types/rule';
import { evaluate } from '../core/conditions';

/** A modification as the server sends it: the contract fields plus the optional CMS component of the limit / stock pop-ups. */
export type CartMod = CartModification & { cmsComponentId?: string | null };
export interface CartResponse { cart: Cart; cartModifications?: CartMod[] }
/** What the handlers may need besides the answer: the add call that was made (kept for "update" in the replace modal). */
export interface CartRequest { pending?: PendingAdd }
export type CartStatusHandler = (mod: CartMod, ctx: ActionContext, res: CartResponse, req: CartRequest) => void | Promise<void>;

/** The cart notification's timeout (seed 000 §4 success; the value is not given by the specification): schemas/rules/cart-statuses.json. */
export const CART_NOTIFICATION_MS = 4000;
/** The document that says what each statusCode does (docs/SCHEMAS.md "Rules"). */
export const CART_STATUSES_DOC = '/ui/rules/cart-statuses';

/** One statusCode's reaction as schemas/rules/cart-statuses.json writes it (generated from schemas/meta/rule.schema.json). */
export type StatusReaction = Reaction;
export type CartStatuses = Record<string, StatusReaction>;

/** The reactions (loaded once per tab, kept by the document cache; live updates refetch it in development). */
export async function cartStatuses(ctx: ActionContext): Promise<CartStatuses> {
  const doc = await ctx.api.getDocument<{ cartStatuses?: CartStatuses }>(CART_STATUSES_DOC);
  return doc.cartStatuses ?? {};
}

/** Statuses that stop the merge flow from going on to checkout ("blocksMerge" in the document). */
export async function mergeBlocking(ctx: ActionContext): Promise<string[]> {
  return Object.entries(await cartStatuses(ctx)).filter(([, r]) => r.blocksMerge).map(([code]) => code);
}

/** GET cmsComponent?componentId=; a failure is only logged (seed 000 §8) and the pop-up shows without CMS content. */
export async function loadCms(ctx: ActionContext, componentId: string | null | undefined): Promise<CmsComponent | null> {
  if (!componentId) return null;
  try {
    return await ctx.api.call('cmsComponent', { query: { componentId }, silent: true });
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

/** Runs one statusCode's reaction of the document. */
export async function runReaction(r: StatusReaction, mod: CartMod, ctx: ActionContext, res: CartResponse, req: CartRequest): Promise<void> {
  const { ui, cart } = ctx.stores;
  if (r.toast) {
    const ms = r.toast.ms;
    if (r.toast.serverMessage && mod.statusMessage) ui.showToast({ kind: r.toast.kind, text: mod.statusMessage, ...(ms ? { ms } : {}) });
    else ui.showToast({ kind: r.toast.kind, message: r.toast.text.message, ...(ms ? { ms } : {}) });
  }
  if (r.keepAddForReplace) cart.setPendingAdd(req.pending ?? null);
  if (r.modal && (r.modalIf === undefined || evaluate(r.modalIf, res))) {
    const message = mod.statusMessage ?? '';
    let params: Record<string, unknown> = { message };
    if (r.modalParams === 'cms') params = cmsParams(message, await loadCms(ctx, mod.cmsComponentId ?? r.cmsComponent));
    else if (r.modalParams === 'replace') params = { entries: mod.replaceModalEntries ?? [], entry: mod.entry ?? null, message };
    else if (r.modalParams === 'checkoutType') params = { checkoutType: res.cart?.checkoutType ?? null };
    ui.openModal(r.modal, params);
  }
  if (r.openMiniCart) cart.setMiniCartOpen(true);
}

/** Fallback for statuses the document does not list: the server's status message as an error toast. */
export const defaultStatusHandler: CartStatusHandler = (mod, ctx) => {
  console.error(`[cart] unhandled statusCode "${mod.statusCode}"`, mod);
  if (mod.statusMessage) ctx.stores.ui.showToast({ kind: 'error', text: mod.statusMessage });
  else ctx.stores.ui.showToast({ kind: 'error', message: 'error.generic' });
};

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
  return server.version > local.version && entryKey(local) !== entryKey(server);
}

/** A read of this tab's cart older than the cart it holds: the read was answered before a write of this tab (a
 *  validation that changed a charge type, say) and overtaken by that write's answer. */
export function staleCartRead(local: Cart | null, server: Cart | null): boolean {
  return !!local && !!server && local.code === server.code && server.version < local.version;
}

/** Takes a cart read from the server (GET), unless it is older than the one held; when it changed elsewhere, the
 *  cart-changed toast shows. Returns whether it changed. A change read while this tab's own checkout validation is
 *  in flight (it may change a charge type, reprice, take a coupon out) is that validation's, not another tab's. */
export function syncServerCart(server: Cart | null, ctx: ActionContext): boolean {
  const { cart, ui, checkout } = ctx.stores;
  if (staleCartRead(cart.cart, server)) return false;
  const changed = !checkout.busy() && cartChangedElsewhere(cart.cart, server);
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
    const reaction = (await cartStatuses(ctx))[mod.statusCode];
    if (reaction) await runReaction(reaction, mod, ctx, res, req);
    else await defaultStatusHandler(mod, ctx, res, req);
  }
  return mods;
}

/**
 * Cart merge after login (seed 000 §4): GET mergeCart (the statuses of the sign-in merge, answered once) handled as
 * on add — a merged entry needs no notification; productsNeedReplace opens the replace modal deciding the merge's
 * pending replacement (`toCheckout` kept for after the decision). Answers whether a status stops the flow.
 */
export async function runCartMerge(ctx: ActionContext, toCheckout: boolean): Promise<{ mods: CartMod[]; blocked: boolean }> {
  const res = await ctx.api.call('mergeCart');
  const issues = (res.cartModifications ?? []).filter((m) => m.statusCode !== 'success');
  const mods = await applyCartResponse({ ...res, cartModifications: issues }, ctx, { pending: { call: 'mergeCart', toCheckout } });
  const blocking = await mergeBlocking(ctx);
  return { mods, blocked: mods.some((m) => blocking.includes(m.statusCode)) };
}

/**
 * The replace modal's answer in a merge: GET mergeCart?productsNeedReplace=true (replace: the normal success
 * notification) or false (keep the old item); the cart is updated from the answer. Then on to checkout when the
 * merge came from a checkout attempt and nothing else stops it, else the mini cart shows the result.
 */
export async function decideMergeReplace(ctx: ActionContext, pending: Extract<PendingAdd, { call: 'mergeCart' }>, replace: boolean): Promise<CartMod[]> {
  const res = await ctx.api.call('mergeCart', { query: { productsNeedReplace: replace } });
  const mods = await applyCartResponse(res, ctx, { pending });
  const blocking = await mergeBlocking(ctx);
  if (mods.some((m) => blocking.includes(m.statusCode)) || ctx.stores.ui.modals.length > 0) return mods;
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
export async function callOnShownCart<N extends CallName>(ctx: ActionContext, name: N, opts: CallOptions = {}): Promise<ResponseOf<N> | null> {
  for (let attempt = 0; ; attempt++) {
    const version = ctx.stores.cart.cart?.version;
    try {
      return await ctx.api.call(name, { ...opts, query: { ...opts.query, ...(typeof version === 'number' ? { cartVersion: version } : {}) } });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 409 || e.reason !== 'cartChanged') throw e;
      const server = await ctx.api.call('fullCart', { silent: true });
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
