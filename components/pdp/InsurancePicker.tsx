import { useId } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Insurance } from '../shared/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type InsurancePickerProps = ComponentProps['InsurancePicker'];

/** Device insurance: "no insurance" plus one radio card per plan. Emits `select` { insuranceCode } (null = none). */
export default function InsurancePicker({ insurances, selected, emit, enabled }: InsurancePickerProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const name = useId();
  if (!insurances || insurances.length === 0) return null;
  const options: { code: string | null; title: string; text?: string; price?: Insurance['monthlyPrice'] }[] = [
    { code: null, title: t('pdp.insurance.none') },
    ...insurances.map((i) => ({ code: i.code, title: i.name, text: i.description, price: i.monthlyPrice })),
  ];
  return (
    <fieldset className="ot-options">
      <legend>{t('pdp.insurance')}</legend>
      {options.map((o) => {
        const isSel = (selected ?? null) === o.code;
        return (
          <label key={o.code ?? 'none'} className={cx('ot-option', isSel && 'is-selected')}>
            <input type="radio" name={name} checked={isSel} disabled={!enabled} onChange={() => void emit('select', { insuranceCode: o.code })} />
            <span className="ot-option__body">
              <span className="ot-option__title">{o.title}</span>
              {o.text && <span className="ot-option__text">{o.text}</span>}
            </span>
            {o.price && (
              <span className="ot-option__price">
                <strong>{money.format(o.price)}</strong>
                <span className="ot-price-per">{t('price.perMonth')}</span>
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
