/** Shared checkout rules (seed 000 §4): cart validation and its error reasons, step navigation. */
import type { ActionContext } from './define';
import type { CheckoutStep } from './stores/types';
import { type ApiError, firstError, type ApiErrorItem } from './api/errors';
import { scrollToTop } from './dom';
import type { ResponseOf } from './api/client';

export const REDIRECT_DELAY_MS = 1500;

/** POST validateCart's answer, as the contract types it. */
export type ValidateResponse = ResponseOf<'validateCart'>;

/** Normalized validation reason: lower case letters only ("FORCE_CHANGE_ONE_TIME" → "forcechangeonetime"). */
export function normReason(r: string | undefined): string {
  return (r ?? '').toLowerCase().replace(/[^a-z]/g, '');
}

/** The document that says what each cart-validation reason does (docs/SCHEMAS.md "Rules"). */
export const CART_VALIDATION_DOC = '/ui/rules/cart-validation';

/** One reason's reaction as schemas/rules/cart-validation.json writes it (meta: schemas/meta/rule.schema.json). */
export interface ValidationReaction {
  changeChargeType?: 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE';
  toast?: { kind: 'success' | 'info' | 'error'; text: { message: string }; serverMessage?: boolean; ms?: number };
  modal?: string;
  conflict?: boolean;
  blocks: boolean;
  reloadCart?: boolean;
  scrollToTop?: boolean;
}
interface CartValidationRules { reasons: Record<string, ValidationReaction>; otherwise: ValidationReaction }

/** The reactions by normalized reason, and the one for any other reason (the document is cached per tab). */
export async function validationRules(ctx: Pick<ActionContext, 'api'>): Promise<{ reasons: Map<string, ValidationReaction>; otherwise: ValidationReaction }> {
  const doc = await ctx.api.getDocument<{ cartValidation?: CartValidationRules }>(CART_VALIDATION_DOC);
  const cv = doc.cartValidation;
  if (!cv) throw new Error('schemas/rules/cart-validation.json: no cartValidation');
  return { reasons: new Map(Object.entries(cv.reasons).map(([r, v]) => [normReason(r), v])), otherwise: cv.otherwise };
}

/**
 * Handles a cart validation error by its reason's reaction in schemas/rules/cart-validation.json (seed 000 §4 "Cart
 * validation errors"). Returns true when the error blocks going on (conflict, stock, price), false when the checkout
 * may continue.
 */
export async function handleValidationError(err: ApiErrorItem, ctx: ActionContext): Promise<boolean> {
  const { ui, checkout, cart } = ctx.stores;
  const rules = await validationRules(ctx);
  const r = rules.reasons.get(normReason(err.reason)) ?? rules.otherwise;
  const text = typeof err.message === 'string' && err.message ? err.message : undefined;
  if (r.changeChargeType) {
    const res = await ctx.api.call('changeChargeType', {
      query: { fields: 'DEFAULT' }, body: { selectedChargeType: r.changeChargeType, isForceChange: true, processValidateErrors: false },
    });
    if (res?.cart) cart.setCart(res.cart);
    cart.setModifications(res?.cartModifications ?? []);
  }
  if (r.toast) {
    const ms = r.toast.ms ? { ms: r.toast.ms } : {};
    ui.showToast(r.toast.serverMessage && text ? { kind: r.toast.kind, text, ...ms } : { kind: r.toast.kind, message: r.toast.text.message, ...ms });
  }
  if (r.conflict) checkout.setConflict(true);
  if (r.modal) ui.openModal(r.modal, { message: text ?? '' });
  if (r.scrollToTop) scrollToTop();
  return r.blocks;
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
    const rules = await validationRules(ctx);
    if (errs.some((e) => rules.reasons.get(normReason(e.reason))?.reloadCart)) {
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

/**
 * Whether a step may go on: once the work deciding a cart conflict is done (a removal's re-validation still in flight
 * must not leave Next doing nothing), no conflict stands. While one stands the page scrolls to the top, where it says
 * why (seed 000 §4), and Next does nothing else: no form check, nothing posted.
 */
export async function clearToGo(ctx: ActionContext): Promise<boolean> {
  const { checkout } = ctx.stores;
  await checkout.settled();
  if (!checkout.conflict) return true;
  scrollToTop();
  return false;
}

/** Go to the step after the current one (the route's path), when no cart conflict stands (clearToGo). */
export async function goNext(ctx: ActionContext): Promise<boolean> {
  const { checkout } = ctx.stores;
  if (!(await clearToGo(ctx))) return false;
  const path = (ctx.scope.route as { path?: string } | undefined)?.path;
  const i = stepIndexForPath(checkout.steps, path);
  const next = checkout.steps[i + 1];
  if (!next) return false;
  ctx.navigate(next.url);
  return true;
}
