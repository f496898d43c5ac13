import { Fragment } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { TotalsRows } from '../cart/totalsRows';
import type { ConfirmationData } from '../../schemas/types/api.checkout';
import type { ComponentProps } from '../../schemas/types/components';
import CartEntryView from '../cart/CartEntry';
import { formatAddress } from './OrderOverview';
import { orderFieldText, type OrderField } from './orderFields';

export type OrderResultProps = ComponentProps['OrderResult'];

/**
 * What the page draws: the confirmed order (confirmationData's order). The order just submitted (submitOrder's answer,
 * before the confirmation is loaded) is one with its code, status, customer and total only.
 */
type OrderView = Partial<ConfirmationData['order']>;

function unwrap(o: OrderResultProps['order']): OrderView | null {
  if (!o) return null;
  // the confirmation data { order }, else the order itself (confirmed or just submitted: each field of it is optional here)
  return 'order' in o && o.order && typeof o.order === 'object' ? (o.order as OrderView) : (o as OrderView);
}

/** The message lookup the parts draw with (useT's answer). */
type T = ReturnType<typeof useT>;

/** The label of the amount line by the payment status: paid by card, due on delivery or on the bill, nothing due, or awaited. */
function dueLabelOf(paymentStatus: string | undefined): string {
  return paymentStatus === 'PAID' ? 'order.total.paid'
    : paymentStatus === 'ON_DELIVERY' ? 'order.total.onDelivery'
      : paymentStatus === 'MONTHLY_BILL' ? 'order.total.onBill'
        : paymentStatus === 'NOT_REQUIRED' ? 'order.total.nothingDue' : 'order.total.pending';
}

/**
 * The order result page body. Success: confirmation with the order number, the items, the totals,
 * the contact and delivery data and what happens next. Failure: what happened and the order number.
 */
export default function OrderResult({ order, variant, orderCode, customerFields = [] }: OrderResultProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const o = unwrap(order);
  const code = o?.code ?? orderCode ?? null;
  if (variant === 'failure') return <OrderFailure t={t} code={code} />;
  const c = o?.orderCustomerInfo;
  return (
    <div className="ot-orderdone">
      <div className="ot-result ot-result--success">
        <div className="ot-result__icon" aria-hidden="true">
          ✓
        </div>
        <h1 className="ot-result__title">{t('order.success.title')}</h1>
        <p className="ot-result__text">{c?.contactEmail ? t('order.success.textEmail', { email: c.contactEmail }) : t('order.success.text')}</p>
        {code && (
          <p className="ot-result__order">
            {t('order.number.label')} <strong>{code}</strong>
          </p>
        )}
      </div>
      {o && (
        <div className="ot-orderdone__grid">
          <OrderItems o={o} t={t} money={money} />
          <OrderInfo o={o} t={t} customerFields={customerFields} />
        </div>
      )}
    </div>
  );
}

/** The failure body: what happened and the order number (an alert). */
function OrderFailure({ t, code }: { t: T; code: string | null }) {
  return (
    <div className="ot-result ot-result--failure" role="alert">
      <div className="ot-result__icon" aria-hidden="true">
        !
      </div>
      <h1 className="ot-result__title">{t('order.failure.title')}</h1>
      <p className="ot-result__text">{t('order.failure.text')}</p>
      {code && <p className="ot-result__order">{t('order.number', { code })}</p>}
    </div>
  );
}

/** The items bought and the totals with the amount due (or paid). */
function OrderItems({ o, t, money }: { o: OrderView; t: T; money: ReturnType<typeof useMoney> }) {
  // the server's totals (server/cart/view.ts cartTotals, kept with the order): "paid" only for an order paid by card;
  // otherwise what is due and when (on delivery, on the monthly bill), or that payment is still awaited
  const totals = o.totals ?? null;
  const due = o.totalPrice ?? totals?.payNow ?? null;
  return (
    <section className="ot-card ot-orderdone__items">
      <h2 className="ot-overview__title">{t('order.items')}</h2>
      <ul className="ot-overview__entries">
        {(o.entries ?? []).map((e) => (
          <li key={`${e.entryNumber}-${e.product.code}`}>
            <CartEntryView entry={e} emit={async () => true} enabled />
          </li>
        ))}
      </ul>
      <dl className="ot-summary__totals">
        <TotalsRows totals={totals} />
        <div className="ot-summary__grand ot-summary__grand--now">
          <dt>{t(dueLabelOf(o.paymentStatus))}</dt>
          <dd>{money.format(due)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The contact and delivery data, the payment mode, a home order's installation bill and what happens next. */
function OrderInfo({ o, t, customerFields }: { o: OrderView; t: T; customerFields: OrderField[] }) {
  const c = o.orderCustomerInfo;
  return (
    <section className="ot-card ot-orderdone__info">
      <h2 className="ot-overview__title">{t('order.delivery')}</h2>
      {c && (
        <p>
          {customerFields.map((f) => ({ label: f.label, text: orderFieldText(c, f) })).filter((l) => l.text).map((l, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              {l.label ? `${l.label}: ${l.text}` : l.text}
            </Fragment>
          ))}
        </p>
      )}
      {o.deliveryAddress && <p>{formatAddress(o.deliveryAddress, t)}</p>}
      {o.deliveryTimeSlot && <p>{t('checkout.overview.slot', { slot: t(`checkout.guest.slot.${o.deliveryTimeSlot}`) })}</p>}
      {o.paymentMode?.code && (
        <p className="ot-text ot-text--muted">
          {t('order.paymentMode')}: {t(`checkout.payment.name.${o.paymentMode.code}`)}
        </p>
      )}
      {o.homeLine && <HomeLineBill homeLine={o.homeLine} t={t} />}
      {(o.nextSteps ?? []).length > 0 && (
        <>
          <h2 className="ot-overview__title">{t('order.next.title')}</h2>
          <ol className="ot-nextsteps">
            {(o.nextSteps ?? []).map((step) => <li key={step}>{step}</li>)}
          </ol>
        </>
      )}
    </section>
  );
}

/** A home order's installation address and where its bill goes. */
function HomeLineBill({ homeLine, t }: { homeLine: NonNullable<OrderView['homeLine']>; t: T }) {
  return (
    <>
      <h2 className="ot-overview__title">{t('homeLine.bill.overview')}</h2>
      <p>{t('homeLine.bill.installation', { address: homeLine.formattedAddress ?? '' })}</p>
      {homeLine.installationBill?.option && (
        <p>{t(`homeLine.bill.done.${homeLine.installationBill.option}`, { address: homeLine.installationBill.formattedAddress ?? '', email: homeLine.installationBill.email ?? '' })}</p>
      )}
    </>
  );
}
