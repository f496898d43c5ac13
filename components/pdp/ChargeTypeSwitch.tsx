import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { cx } from '../shared/cx';
import { availableChargeTypes, findTariff, planFor, type ChargeType } from '../../actions/pricing';
import type { ComponentProps } from '../../schemas/types/components';

export type ChargeTypeSwitchProps = ComponentProps['ChargeTypeSwitch'];

/**
 * Installments or one-off payment of the device. Only the types the chosen price plan offers are
 * enabled; each shows its headline amount. Emits `change` { chargeType }.
 */
export default function ChargeTypeSwitch({ product, tariffCode, subscriptionTermId, value, emit, enabled }: ChargeTypeSwitchProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const tariff = findTariff(product, tariffCode);
  const recPlan = planFor(tariff, subscriptionTermId, 'RECURRING_CHARGE');
  const onePlan = planFor(tariff, subscriptionTermId, 'ONE_TIME_CHARGE');
  const avail = availableChargeTypes(product, tariff, subscriptionTermId);
  const options: { type: ChargeType; label: string; hint: string; ok: boolean }[] = [
    {
      type: 'RECURRING_CHARGE',
      label: t('pdp.chargeType.recurring'),
      hint: recPlan?.recurring
        ? t('pdp.chargeType.recurring.hint', { count: recPlan.recurring.installments, price: money.format(recPlan.recurring.installment) })
        : t(tariff ? 'pdp.chargeType.unavailable' : 'pdp.chargeType.withTariffOnly'),
      ok: avail.recurring,
    },
    {
      type: 'ONE_TIME_CHARGE',
      label: t('pdp.chargeType.oneTime'),
      hint: onePlan?.oneTime ? t('pdp.chargeType.oneTime.hint', { price: money.format(onePlan.oneTime.devicePrice) }) : avail.oneTime ? '' : t('pdp.chargeType.unavailable'),
      ok: avail.oneTime,
    },
  ];
  return (
    <fieldset className="ot-chargetype">
      <legend>{t('pdp.chargeType')}</legend>
      <div className="ot-chargetype__list" role="radiogroup">
        {options.map((o) => {
          const isSel = value === o.type && o.ok;
          return (
            <button key={o.type} type="button" role="radio" aria-checked={isSel} disabled={!enabled || !o.ok} className={cx('ot-choice', isSel && 'is-selected')} onClick={() => void emit('change', { chargeType: o.type })}>
              <span className="ot-tariff__radio" aria-hidden="true" />
              <span className="ot-choice__text">
                <span className="ot-choice__label">{o.label}</span>
                {o.hint && <span className="ot-choice__hint">{o.hint}</span>}
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
