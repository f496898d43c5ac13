import { defineAction, ActionError } from '../define';
import { delay, rememberPendingOrder } from '../dom';
import { REDIRECT_DELAY_MS } from '../checkout-rules';
import { goTo } from '../destinations';
import type { CheckoutStore } from '../stores/checkout';

type Status = NonNullable<CheckoutStore['paymentResult']>;
const PAID = ['PAID', 'SUCCESS', 'SUCCESSFUL', 'APPROVED', 'AUTHORIZED', 'CAPTURED'];
const FAILED = ['FAILED', 'DECLINED', 'CANCELLED', 'CANCELED', 'ERROR', 'REJECTED', 'PAYMENT_FAILED'];
export const POLL_MS = 1000;
export const POLL_TRIES = 10;

export function classify(s: Status): 'paid' | 'failed' | 'cardLimit' | 'pending' {
  if (s.errorType === 'MtsCardLimitError') return 'cardLimit';
  const ps = String(s.paymentStatus ?? '').toUpperCase();
  const st = String(s.status ?? '').toUpperCase();
  if (PAID.includes(ps) || (!ps && PAID.includes(st))) return 'paid';
  if (FAILED.includes(ps) || FAILED.includes(st) || s.errorType) return 'failed';
  return 'pending';
}

export default defineAction({
  name: 'payment.loadResult',
  description: 'Card payment result (/kupovina/rezultat-placanja?orderCode=…): reads orderStatus; paid → after 1500 ms the successful-order page; failed → the unsuccessful-order page; card limit → stays and shows its message.',
  args: { type: 'object', properties: { orderCode: { type: 'string' } } },
  async run(args, ctx) {
    const orderCode = args.orderCode ?? (ctx.scope.route as { query?: Record<string, string> } | undefined)?.query?.orderCode;
    const { checkout, session } = ctx.stores;
    if (!orderCode) { await goTo(ctx, 'orderFailure'); return; }
    const query = { orderCode };
    for (let i = 0; i < POLL_TRIES; i++) {
      const s = await ctx.api.call('orderStatus', { query: { orderCode } });
      checkout.setPaymentResult(s);
      const kind = classify(s);
      if (kind === 'paid') {
        rememberPendingOrder(null);
        await delay(REDIRECT_DELAY_MS);
        await goTo(ctx, 'orderSuccess', { query });
        return;
      }
      if (kind === 'cardLimit') {
        checkout.setErrorMessage(s.message || session.t('payment.error.cardLimit'));
        throw new ActionError('card limit', true);
      }
      if (kind === 'failed') {
        await goTo(ctx, 'orderFailure', { query });
        return;
      }
      await delay(POLL_MS);
    }
    await goTo(ctx, 'orderFailure', { query });
  },
});
