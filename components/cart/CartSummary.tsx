import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { TotalsRows } from './totalsRows';
import CartEntryView from './CartEntry';
import { orderedEntries } from './entryView';
import type { ComponentProps } from '../../schemas/types/components';

export type CartSummaryProps = ComponentProps['CartSummary'];

/** The order summary card: entries (compact) and the totals — monthly (device + services) and to pay now. */
export default function CartSummary({ cart, title, showEntries = true, number, emit, enabled }: CartSummaryProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  if (!cart) return null;
  const p = cart.orderPrices ?? {};
  const deviceMonthly = p.totalDeviceMonthlyPrice?.value ?? 0;
  const serviceMonthly = p.totalServiceMonthlyPrice?.value ?? 0;
  // the totals are the server's (cart.totals, server/cart/view.ts cartTotals): what the order charges, never a sum made here
  const totals = cart.totals;
  return (
    <aside className="ot-card ot-summary" aria-label={title ?? t('cart.summary.title')}>
      <h2 className="ot-summary__title">{title ?? t('cart.summary.title')}</h2>
      {showEntries && (
        <ul className="ot-summary__entries">
          {orderedEntries(cart.entries ?? []).map(({ entry, nested, underTariff }) => (
            <li key={`${entry.entryNumber}-${entry.product.code}`}>
              <CartEntryView entry={entry} compact nested={nested} underTariff={underTariff} emit={emit} enabled={enabled} />
            </li>
          ))}
        </ul>
      )}
      {number?.option && (
        <dl className="ot-summary__totals ot-summary__number">
          <div>
            <dt>{t('cart.summary.number')}</dt>
            <dd>{number.msisdnFormatted ?? t(`cart.summary.number.${number.option}`)}</dd>
          </div>
        </dl>
      )}
      <dl className="ot-summary__totals">
        {deviceMonthly > 0 && (
          <div>
            <dt>{t('cart.total.deviceMonthly')}</dt>
            <dd>{money.format(deviceMonthly)}</dd>
          </div>
        )}
        {serviceMonthly > 0 && (
          <div>
            <dt>{t('cart.total.serviceMonthly')}</dt>
            <dd>{money.format(serviceMonthly)}</dd>
          </div>
        )}
        <TotalsRows totals={totals} />
        <div className="ot-summary__grand ot-summary__grand--now">
          <dt>{t('cart.total.payNow')}</dt>
          <dd>{money.format(totals?.payNow ?? cart.totalPrice)}</dd>
        </div>
      </dl>
      <p className="ot-summary__note">{t('cart.summary.vatNote')}</p>
    </aside>
  );
}
