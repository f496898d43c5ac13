import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import './selfcare.css';
import type { ComponentProps } from '../../schemas/types/components';

export type AmountPickerProps = ComponentProps['AmountPicker'];

/** Preset amounts as toggle buttons (aria-pressed); a click emits `change` with { amount }. */
export default function AmountPicker({ amounts, value, label, emit }: AmountPickerProps & VocabularyProps) {
  const t = useT();
  // money in the Serbian locale in both languages
  const fmt = new Intl.NumberFormat('sr-RS', { maximumFractionDigits: 0 });
  const chosen = value === null || value === undefined || value === '' ? null : Number(value);
  return (
    <div className="ot-amounts" role="group" aria-label={label}>
      <span className="ot-amounts__label" aria-hidden="true">{label}</span>
      <div className="ot-amounts__list">
        {amounts.map((a) => (
          <button key={a} type="button" className="ot-amounts__item" aria-pressed={chosen === a} onClick={() => void emit('change', { amount: a })}>
            {t('selfcare.amount.rsd', { amount: fmt.format(a) })}
          </button>
        ))}
      </div>
    </div>
  );
}
