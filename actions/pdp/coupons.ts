// EKO coupons (seed 001 §4 Coupons, §5): the PDP's coupon dialog adds and removes vouchers of the cart.
import { defineAction, ActionError } from '../define';
import type { ActionContext } from '../define';
import type { Cart } from '../stores/types';
import { openModal } from '../destinations';
import { ApiError } from '../api/errors';
import type { RuleDocument } from '../../schemas/types/rule';

/** The cart limits' rule document: the value of one EKO coupon and the least device price left after all coupons
 *  (vouchers.couponValueRsd, vouchers.minDevicePriceAfterDiscountsRsd; the server refuses by the same numbers). */
export const CART_LIMITS_DOC = '/ui/rules/cart-limits';

async function voucherRules(ctx: Pick<ActionContext, 'api'>): Promise<{ value: number; minPrice: number }> {
  const v = (await ctx.api.getDocument<RuleDocument>(CART_LIMITS_DOC)).cartLimits?.vouchers;
  if (!v) throw new Error('schemas/rules/cart-limits.json: no cartLimits.vouchers');
  return { value: v.couponValueRsd, minPrice: v.minDevicePriceAfterDiscountsRsd };
}

export interface AppliedVoucher { voucherCode: string; value?: unknown }

export function appliedVouchers(cart: Cart | null): AppliedVoucher[] {
  return ((cart?.appliedVouchers ?? []) as Record<string, unknown>[])
    .filter((v) => typeof v.voucherCode === 'string')
    .map((v) => ({ voucherCode: v.voucherCode as string, value: v.value }));
}

/** The client-side checks before the call (the server checks again, including the price rule). Null = may be sent. */
export function couponRefusal(code: string, applied: AppliedVoucher[], limit: number, value: number): { message: string; params?: Record<string, string | number> } | null {
  if (applied.some((v) => v.voucherCode.toUpperCase() === code.toUpperCase())) return { message: 'pdp.coupon.error.alreadyUsed' };
  if (applied.length >= limit) return { message: 'pdp.coupon.error.limit', params: { limit, value } };
  return null;
}

function voucherLimit(ctx: ActionContext): number {
  const p = ctx.stores.catalog.pdp.product;
  // a device without one takes no coupon (the server's rule; its page shows no coupon button)
  return typeof p?.voucherLimit === 'number' ? p.voucherLimit : 0;
}

function showServerError(ctx: ActionContext, e: unknown, what: string): never {
  console.error(`[${what}]`, e);
  const text = e instanceof ApiError && e.message ? e.message : undefined;
  const reason = e instanceof ApiError ? (e.reason ?? '').toLowerCase() : '';
  const key = /price/.test(reason) ? 'pdp.coupon.error.priceTooLow' : /used|already|duplicate/.test(reason) ? 'pdp.coupon.error.alreadyUsed' : 'error.generic';
  ctx.stores.cart.setVoucherError(text ? { text } : { message: key });
  throw new ActionError(`${what} failed`, true);
}

export default [
  defineAction({
    name: 'pdp.openCoupons',
    description: 'Opens the EKO coupon dialog (enter a code, the applied coupons, remove).',
    async run(_args, ctx) {
      ctx.stores.cart.setVoucherError(null);
      await openModal(ctx, 'coupons', { limit: voucherLimit(ctx), ...(await voucherRules(ctx)) });
    },
  }),
  defineAction({
    name: 'pdp.addCoupon',
    description: 'Adds an EKO coupon (POST addVoucher { voucherCode }): not twice, not more than the device\'s voucherLimit; the server also refuses one that would bring the device price under 1,000 RSD. The cart is updated from the answer; a refusal shows in the dialog.',
    args: { type: 'object', required: ['voucherCode'], properties: { voucherCode: { type: 'string' } } },
    async run(args, ctx) {
      const { cart } = ctx.stores;
      const code = args.voucherCode.trim();
      if (!code) { cart.setVoucherError({ message: 'pdp.coupon.error.empty' }); throw new ActionError('empty coupon', true); }
      const refusal = couponRefusal(code, appliedVouchers(cart.cart), voucherLimit(ctx), (await voucherRules(ctx)).value);
      if (refusal) { cart.setVoucherError(refusal); throw new ActionError('coupon refused', true); }
      cart.setVoucherError(null);
      let res: { cart?: Cart } | null;
      try {
        res = await ctx.api.call('addVoucher', { body: { voucherCode: code } });
      } catch (e) {
        showServerError(ctx, e, 'pdp.addCoupon');
      }
      if (res?.cart) cart.setCart(res.cart);
      ctx.stores.ui.showToast({ kind: 'success', message: 'pdp.coupon.added', params: { code } });
    },
  }),
  defineAction({
    name: 'pdp.removeCoupon',
    description: 'Removes an applied EKO coupon (DELETE removeVoucher ?voucherCode); the cart is updated from the answer.',
    args: { type: 'object', required: ['voucherCode'], properties: { voucherCode: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { cart } = ctx.stores;
      cart.setVoucherError(null);
      let res: { cart?: Cart } | null;
      try {
        res = await ctx.api.call('removeVoucher', { query: { voucherCode: args.voucherCode } });
      } catch (e) {
        showServerError(ctx, e, 'pdp.removeCoupon');
      }
      if (res?.cart) cart.setCart(res.cart);
    },
  }),
];
