/** Shared checkout rules (seed 000 §4): cart validation and its error reasons, step navigation. */
import type { ActionContext } from './define';
import type { Cart, CartModification, CheckoutStep } from './stores/types';
import { ApiError, firstError, type ApiErrorItem } from './api/errors';
import { scrollToTop } from './dom';
import type { ResponseOf } from './api/client';

export const SUCCESS_PATH = '/kupovina/uspesna-porudzbina';
export const FAILURE_PATH = '/kupovina/neuspesna-porudzbina';
/** The overview (delivery and payment) step, where "Pokušaj ponovo" brings a failed order's cart back. */
export const OVERVIEW_PATH = '/kupovina/pregled-placanje';
export const REDIRECT_DELAY_MS = 1500;
/** A forced charge-type change is told for as long as an error (its text is long). */
export const FORCED_CHANGE_TOAST_MS = 10_000;
/** The offer page (the phone list, PLP): Back from a first checkout step, an emptied cart, a PDP without a device in the cart. */
export const DEFAULT_BACK_TO_OFFER = '/Privatni/Uredjaji/Tip-uredjaja/telefoni';

/** POST validateCart's answer, as the contract types it. */
export type ValidateResponse = ResponseOf<'validateCart'>;

/** Normalized validation reason: lower case letters only ("FORCE_CHANGE_ONE_TIME" → "forcechangeonetime"). */
export function normReason(r: string | undefined): string {
  return (r ?? '').toLowerCase().replace(/[^a-z]/g, '');
}

/** Reasons for which the server changed the cart itself while validating (the charge-type ones answer the cart of their PUT). */
const SERVER_CHANGED = ['updatedpricedate', 'voucherisnotavailable', 'vouchernotavailable', 'giftremoved'];

const BLOCKING = ['nostock', 'updatedpricedate', 'notvalidpriceafterdiscounts', 'notvalidpriceafterdiscount'];

/**
 * Handles a cart validation error by reason (seed 000 §4 "Cart validation errors"). Returns true when the
 * error blocks going on (conflict, stock, price), false when the checkout may continue.
 */
export async function handleValidationError(err: ApiErrorItem, ctx: ActionContext): Promise<boolean> {
  const { ui, checkout, cart } = ctx.stores;
  const reason = normReason(err.reason);
  const text = typeof err.message === 'string' && err.message ? err.message : undefined;
  const toast = () => ui.showToast(text ? { kind: 'error', text } : { kind: 'error', message: 'error.generic' });
  if (reason === 'forcechangeonetime' || reason === 'forcechangerecurring') {
    const selectedChargeType = reason === 'forcechangeonetime' ? 'ONE_TIME_CHARGE' : 'RECURRING_CHARGE';
    const res = await ctx.api.call('changeChargeType', {
      query: { fields: 'DEFAULT' }, body: { selectedChargeType, isForceChange: true, processValidateErrors: false },
    });
    if (res?.cart) cart.setCart(res.cart);
    cart.setModifications(res?.cartModifications ?? []);
    // nothing went wrong: the server changed the payment and says so (an information, kept as long as an error)
    ui.showToast(text ? { kind: 'info', text, ms: FORCED_CHANGE_TOAST_MS } : { kind: 'info', message: `cart.validation.${reason === 'forcechangeonetime' ? 'forceChangeOneTime' : 'forceChangeRecurring'}`, ms: FORCED_CHANGE_TOAST_MS });
    scrollToTop();
    return false;
  }
  if (BLOCKING.includes(reason)) {
    toast();
    checkout.setConflict(true);
    return true;
  }
  if (reason === 'conflict') {
    checkout.setConflict(true);
    ui.openModal('change-types', { message: text ?? '' });
    return true;
  }
  // a coupon that expired, a gift that ran out: the server took it out of the cart; told, and the checkout goes on
  if (reason === 'voucherisnotavailable' || reason === 'vouchernotavailable' || reason === 'giftremoved') {
    toast();
    return false;
  }
  toast();
  return true;
}

/** The errors of a validate answer: `{ errors: { errors: [...] } }` or `{ errors: [...] }`. */
function validationErrors(res: ValidateResponse): ApiErrorItem[] {
  const e = res.errors;
  const list = Array.isArray(e) ? e : e?.errors;
  if (Array.isArray(list) && list.length > 0) return list.filter((x): x is ApiErrorItem => !!x && typeof x === 'object');
  const first = firstError(res);
  return first ? [first] : [];
}

/** POST validateCart; stores steps and checkout type; handles errors. Resolves false when blocked. Next waits for it (tracked). */
export function validateCart(ctx: ActionContext, justSteps = false): Promise<{ ok: boolean; res: ValidateResponse }> {
  return ctx.stores.checkout.track(runValidation(ctx, justSteps));
}

async function runValidation(ctx: ActionContext, justSteps: boolean): Promise<{ ok: boolean; res: ValidateResponse }> {
  const lang = ctx.stores.session.lang;
  const res = await ctx.api.call('validateCart', { query: lang === 'en' ? { lang: 'en' } : undefined, body: { justSteps, v2: true } });
  if (res.checkoutSteps) ctx.stores.checkout.setSteps(res.checkoutType ?? ctx.stores.cart.cart?.checkoutType ?? null, res.checkoutSteps);
  if (res.backToOffer !== undefined) ctx.stores.checkout.setBackToOffer(res.backToOffer);
  // every reason the server answers is handled (the same reason and message once): a forced charge-type change may come with a
  // repriced entry or a stock problem, and the server reports a repricing only once
  const errs = validationErrors(res);
  if (errs.length > 0) {
    let blocked = false;
    const seen = new Set<string>();
    for (const err of errs) {
      const key = `${normReason(err.reason)}|${err.message ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (await handleValidationError(err, ctx)) blocked = true;
    }
    // the server may have changed the cart (repriced entries, removed coupons): show it as it is now
    if (errs.some((e) => SERVER_CHANGED.includes(normReason(e.reason)))) {
      try {
        ctx.stores.cart.setCart(await ctx.api.call('fullCart', { silent: true }));
      } catch (e) {
        console.error('[validateCart] cart reload', e);
      }
    }
    return { ok: !blocked, res };
  }
  ctx.stores.checkout.setConflict(false);
  return { ok: true, res };
}

/** Handles an ApiError of type CartValidationError (e.g. on submit) like a validation answer. */
export async function handleCartValidationError(e: ApiError, ctx: ActionContext): Promise<void> {
  const err = e.errors[0] ?? { type: e.type, message: e.message, reason: e.reason };
  await handleValidationError(err, ctx);
}

export function stepIndexForPath(steps: CheckoutStep[], path: string | undefined): number {
  if (!path) return -1;
  return steps.findIndex((s) => s.url === path || path.endsWith(s.url));
}

/** The step guard: the first step before step `i` that is not done (the server's `done`: the flow's doneWhen), if any. */
export function firstUnfinishedBefore(steps: CheckoutStep[], i: number): CheckoutStep | undefined {
  return i > 0 ? steps.slice(0, i).find((s) => s.done === false) : undefined;
}

/** Validate (just steps) and go to the checkout: the first step not done yet (a number already chosen skips the number
 *  step), else the first step. A hidden first step (the prepaid activation instructions) is always where checkout starts. */
export async function goToCheckout(ctx: ActionContext): Promise<void> {
  const { ok } = await validateCart(ctx, true);
  const steps = ctx.stores.checkout.steps;
  const first = steps[0]?.hidden ? steps[0] : steps.find((s) => s.done === false) ?? steps[0];
  if (!ok || !first) return;
  ctx.stores.cart.setMiniCartOpen(false);
  ctx.navigate(first.url);
}

/** Go to the step after the current one (the route's path), once the work deciding the conflict is done (a removal's
 *  re-validation still in flight must not leave Next doing nothing). */
export async function goNext(ctx: ActionContext): Promise<boolean> {
  const { checkout } = ctx.stores;
  await checkout.settled();
  if (checkout.conflict) {
    scrollToTop();
    return false;
  }
  const path = (ctx.scope.route as { path?: string } | undefined)?.path;
  const i = stepIndexForPath(checkout.steps, path);
  const next = checkout.steps[i + 1];
  if (!next) return false;
  ctx.navigate(next.url);
  return true;
}
