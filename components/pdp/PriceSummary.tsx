import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Money, ProductDetails } from '../shared/types';
import { findTariff, oneTimeEntries, planFor, recurringPeriods, tariffMonthlyNow, type ChargeType } from '../../actions/pricing';

export interface PriceSummaryProps {
  product?: ProductDetails | null;
  tariffCode?: string | null;
  subscriptionTermId?: string | null;
  chargeType?: ChargeType | null;
  insuranceMonthly?: Money | null;
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

  const periods = (entries: Parameters<typeof recurringPeriods>[0]) =>
    recurringPeriods(entries).map((p) => (
      <li key={`${p.from}-${p.to ?? 'end'}`}>
        <span>{p.to ? t('pdp.price.months', { from: p.from, to: p.to }) : t('pdp.price.monthsFrom', { from: p.from })}</span>
        <span>
          {p.entry.oldPrice && p.entry.oldPrice.value > p.entry.price.value && <s className="ot-price-old">{money.format(p.entry.oldPrice)}</s>} <strong>{money.format(p.entry.price)}</strong>
          <span className="ot-price-per">{t('price.perMonth')}</span>
        </span>
      </li>
    ));
  const oneTimes = (entries: Parameters<typeof oneTimeEntries>[0], label: string) =>
    oneTimeEntries(entries).map((e, i) => (
      <li key={`one-${i}`}>
        <span>{label}</span>
        <span>
          {e.oldPrice && e.oldPrice.value > e.price.value && <s className="ot-price-old">{money.format(e.oldPrice)}</s>} <strong>{money.format(e.price)}</strong>
        </span>
      </li>
    ));

  if (rec) {
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
          <li>
            <span>{t('pdp.price.tariff', { name: tariff?.name ?? '' })}</span>
            <span>
              {tariffOld && <><s className="ot-price-old">{money.format(tariffOld)}</s>{' '}</>}<strong>{money.format(rec.tariffPrice)}</strong>
              <span className="ot-price-per">{t('price.perMonth')}</span>
            </span>
          </li>
          <li>
            <span>{t('pdp.price.deviceInstallment')}</span>
            <span>
              <strong>{money.format(rec.installment)}</strong>
              <span className="ot-price-per">{t('price.perMonth')}</span>
            </span>
          </li>
          {insuranceMonthly && insuranceMonthly.value > 0 && (
            <li>
              <span>{t('pdp.price.insurance')}</span>
              <span>
                <strong>{money.format(insuranceMonthly)}</strong>
                <span className="ot-price-per">{t('price.perMonth')}</span>
              </span>
            </li>
          )}
        </ul>
        {recurringPeriods(rec.chargeEntries).length > 0 && (
          <>
            <p className="ot-pricebox__subtitle">{t('pdp.price.recurring')}</p>
            <ul className="ot-pricebox__rows">{periods(rec.chargeEntries)}</ul>
          </>
        )}
        <ul className="ot-pricebox__rows ot-pricebox__rows--once">
          {upfront && (
            <li>
              <span>{t('pdp.price.upfront')}</span>
              <span><strong>{money.format(upfront)}</strong></span>
            </li>
          )}
          {oneTimes(rec.chargeEntries, t('pdp.price.oneTimeCharge'))}
          <li>
            <span>{t('pdp.price.deviceTotal')}</span>
            <span>{money.format(rec.devicePrice)}</span>
          </li>
        </ul>
      </section>
    );
  }
  const oneOff = one ?? (deviceOnly ? { devicePrice: oneTimeEntries(deviceOnly.chargeEntries)[0]?.price ?? null, chargeEntries: deviceOnly.chargeEntries ?? [] } : null);
  if (oneOff?.devicePrice) {
    return (
      <section className="ot-pricebox" aria-label={t('pdp.price.title')} aria-live="polite">
        <p className="ot-pricebox__label">{t('pdp.price.devicePrice')}</p>
        <p className="ot-pricebox__big">
          <strong>{money.format(oneOff.devicePrice)}</strong>
          <span className="ot-price-per">{t('price.oneTime')}</span>
        </p>
        <ul className="ot-pricebox__rows">
          {oneTimes(oneOff.chargeEntries, t('pdp.price.oneTimeCharge'))}
          {tariff && tariffNow && (
            <li>
              <span>{t('pdp.price.tariff', { name: tariff.name })}</span>
              <span>
                {tariffOld && <><s className="ot-price-old">{money.format(tariffOld)}</s>{' '}</>}<strong>{money.format(tariffNow.price)}</strong>
                <span className="ot-price-per">{t('price.perMonth')}</span>
              </span>
            </li>
          )}
        </ul>
      </section>
    );
  }
  return (
    <section className="ot-pricebox ot-pricebox--empty" aria-live="polite">
      <p>{t('pdp.price.choose')}</p>
    </section>
  );
}
