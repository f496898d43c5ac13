import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Money, PricePlan } from '../shared/types';
import { findTariff, oneTimeEntries, planFor, recurringPeriods, tariffMonthlyNow } from '../../actions/pricing';
import type { ComponentProps } from '../../schemas/types/components';

export type PriceSummaryProps = ComponentProps['PriceSummary'];

type T = ReturnType<typeof useT>;
type Fmt = ReturnType<typeof useMoney>;
type Recurring = NonNullable<PricePlan['recurring']>;

/** The recurring charge entries by period: "months a–b" (or "from month a"), old and new price per month. */
function PeriodRows({ entries, t, money }: { entries: Parameters<typeof recurringPeriods>[0]; t: T; money: Fmt }) {
  return recurringPeriods(entries).map((p) => (
    <li key={`${p.from}-${p.to ?? 'end'}`}>
      <span>{p.to ? t('pdp.price.months', { from: p.from, to: p.to }) : t('pdp.price.monthsFrom', { from: p.from })}</span>
      <span>
        {p.entry.oldPrice && p.entry.oldPrice.value > p.entry.price.value && <s className="ot-price-old">{money.format(p.entry.oldPrice)}</s>} <strong>{money.format(p.entry.price)}</strong>
        <span className="ot-price-per">{t('price.perMonth')}</span>
      </span>
    </li>
  ));
}

/** The one-time charge entries, each a row under the same label with its old and new price. */
function OneTimeRows({ entries, label, money }: { entries: Parameters<typeof oneTimeEntries>[0]; label: string; money: Fmt }) {
  return oneTimeEntries(entries).map((e, i) => (
    <li key={`one-${i}`}>
      <span>{label}</span>
      <span>
        {e.oldPrice && e.oldPrice.value > e.price.value && <s className="ot-price-old">{money.format(e.oldPrice)}</s>} <strong>{money.format(e.price)}</strong>
      </span>
    </li>
  ));
}

/** A row of the box with a price per month, the regular price struck through when a lower one replaces it. */
function MonthlyRow({ label, price, old, t, money }: { label: string; price: Money; old?: Money | null; t: T; money: Fmt }) {
  return (
    <li>
      <span>{label}</span>
      <span>
        {old && <><s className="ot-price-old">{money.format(old)}</s>{' '}</>}<strong>{money.format(price)}</strong>
        <span className="ot-price-per">{t('price.perMonth')}</span>
      </span>
    </li>
  );
}

/** The box for installments: the monthly total and its parts, the recurring periods, the down payment and device total. */
function InstallmentsBox({ rec, tariffName, tariffOld, insuranceMonthly, t, money }: {
  rec: Recurring; tariffName: string; tariffOld: Money | null; insuranceMonthly?: Money | null; t: T; money: Fmt;
}) {
  // installment is the monthly device rate; the shopper pays it together with the tariff (and insurance).
  const monthly = rec.installment.value + rec.tariffPrice.value + (insuranceMonthly?.value ?? 0);
  const upfront = rec.upfrontPrice && rec.upfrontPrice.value > 0 ? rec.upfrontPrice : null;
  return (
    <section className="ot-pricebox" aria-label={t('pdp.price.title')} aria-live="polite">
      <p className="ot-pricebox__label">{t('pdp.price.monthlyTotal')}</p>
      <p className="ot-pricebox__big">
        <strong>{money.format(monthly)}</strong>
        <span className="ot-price-per">{t('price.perMonth')}</span>
      </p>
      <p className="ot-pricebox__sub">{t('pdp.price.installmentsCount', { count: rec.installments })}</p>
      <ul className="ot-pricebox__rows">
        <MonthlyRow label={t('pdp.price.tariff', { name: tariffName })} price={rec.tariffPrice} old={tariffOld} t={t} money={money} />
        <MonthlyRow label={t('pdp.price.deviceInstallment')} price={rec.installment} t={t} money={money} />
        {insuranceMonthly && insuranceMonthly.value > 0 && <MonthlyRow label={t('pdp.price.insurance')} price={insuranceMonthly} t={t} money={money} />}
      </ul>
      {recurringPeriods(rec.chargeEntries).length > 0 && (
        <>
          <p className="ot-pricebox__subtitle">{t('pdp.price.recurring')}</p>
          <ul className="ot-pricebox__rows"><PeriodRows entries={rec.chargeEntries} t={t} money={money} /></ul>
        </>
      )}
      <ul className="ot-pricebox__rows ot-pricebox__rows--once">
        {upfront && (
          <li>
            <span>{t('pdp.price.upfront')}</span>
            <span><strong>{money.format(upfront)}</strong></span>
          </li>
        )}
        <OneTimeRows entries={rec.chargeEntries} label={t('pdp.price.oneTimeCharge')} money={money} />
        <li>
          <span>{t('pdp.price.deviceTotal')}</span>
          <span>{money.format(rec.devicePrice)}</span>
        </li>
      </ul>
    </section>
  );
}

/** The box for a one-off payment: the device price at once, its one-time charges and the monthly tariff fee. */
function OneOffBox({ devicePrice, chargeEntries, tariffRow, t, money }: {
  devicePrice: Money; chargeEntries: Parameters<typeof oneTimeEntries>[0]; tariffRow: { name: string; price: Money; old: Money | null } | null; t: T; money: Fmt;
}) {
  return (
    <section className="ot-pricebox" aria-label={t('pdp.price.title')} aria-live="polite">
      <p className="ot-pricebox__label">{t('pdp.price.devicePrice')}</p>
      <p className="ot-pricebox__big">
        <strong>{money.format(devicePrice)}</strong>
        <span className="ot-price-per">{t('price.oneTime')}</span>
      </p>
      <ul className="ot-pricebox__rows">
        <OneTimeRows entries={chargeEntries} label={t('pdp.price.oneTimeCharge')} money={money} />
        {tariffRow && <MonthlyRow label={t('pdp.price.tariff', { name: tariffRow.name })} price={tariffRow.price} old={tariffRow.old} t={t} money={money} />}
      </ul>
    </section>
  );
}

/**
 * The price box of the device page for the current choice:
 * - installments: the monthly total (device installment + tariffPrice + insurance), split into its parts,
 *   the recurring charge entries by period (cycleEnd, price, oldPrice), the down payment (upfrontPrice) and the device total;
 * - one-off: the device price at once, its one-time charge entries and the monthly tariff fee.
 */
export default function PriceSummary({ product, tariffCode, subscriptionTermId, chargeType, insuranceMonthly }: PriceSummaryProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const tariff = findTariff(product, tariffCode);
  const recPlan = chargeType !== 'ONE_TIME_CHARGE' ? planFor(tariff, subscriptionTermId, 'RECURRING_CHARGE') : null;
  const rec = recPlan?.recurring ?? null;
  const one = !rec ? (planFor(tariff, subscriptionTermId, 'ONE_TIME_CHARGE')?.oneTime ?? null) : null;
  const deviceOnly = !tariff && product?.oneOff ? product.oneOff : null;
  // the tariff's monthly price now (its promotion, as the cart charges it) and the regular price it replaces
  const tariffNow = tariffMonthlyNow(tariff);
  const tariffOld = tariffNow?.oldPrice && tariffNow.oldPrice.value > tariffNow.price.value ? tariffNow.oldPrice : null;

  if (rec) return <InstallmentsBox rec={rec} tariffName={tariff?.name ?? ''} tariffOld={tariffOld} insuranceMonthly={insuranceMonthly} t={t} money={money} />;
  const oneOff = one ?? (deviceOnly ? { devicePrice: oneTimeEntries(deviceOnly.chargeEntries)[0]?.price ?? null, chargeEntries: deviceOnly.chargeEntries ?? [] } : null);
  if (oneOff?.devicePrice) {
    const tariffRow = tariff && tariffNow ? { name: tariff.name, price: tariffNow.price, old: tariffOld } : null;
    return <OneOffBox devicePrice={oneOff.devicePrice} chargeEntries={oneOff.chargeEntries} tariffRow={tariffRow} t={t} money={money} />;
  }
  return (
    <section className="ot-pricebox ot-pricebox--empty" aria-live="polite">
      <p>{t('pdp.price.choose')}</p>
    </section>
  );
}
