import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { CartData } from '../shared/types';

/** The rows of the server's totals (server/cart/view.ts cartTotals) every summary shows the same way: one-off
 *  charges, the coupon discount, and the monthly total; the row of what is paid now is the caller's (its label differs). */
export function TotalsRows({ totals }: { totals: CartData['totals'] | null | undefined }) {
  const t = useT();
  const money = useMoney();
  return (
    <>
      {totals?.charges.map((c) => (
        <div key={c.code}>
          <dt>{c.name}</dt>
          <dd>{money.format(c.price)}</dd>
        </div>
      ))}
      {(totals?.discount.value ?? 0) > 0 && (
        <div>
          <dt>{t('cart.total.discount')}</dt>
          <dd>−{money.format(totals!.discount)}</dd>
        </div>
      )}
      {totals && (
        <div className="ot-summary__grand">
          <dt>{t('cart.total.monthly')}</dt>
          <dd>{money.format(totals.monthly)}</dd>
        </div>
      )}
    </>
  );
}
