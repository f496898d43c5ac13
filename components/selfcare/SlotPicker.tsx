import type { VocabularyProps } from '../../renderer/types';
import { useStores } from '../../renderer/hooks';
import './selfcare.css';
import type { ComponentProps } from '../../schemas/types/components';

export type SlotPickerProps = ComponentProps['SlotPicker'];

/** Appointment times (Belgrade time) as toggle buttons; a click emits `change` with { slot }. */
export default function SlotPicker({ slots, value, label, emptyText, emit }: SlotPickerProps & VocabularyProps) {
  const lang = useStores().session.lang;
  const fmt = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { timeZone: 'Europe/Belgrade', weekday: 'short', day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' });
  const list = slots ?? [];
  return (
    <div className="ot-amounts" role="group" aria-label={label}>
      <span className="ot-amounts__label" aria-hidden="true">{label}</span>
      {list.length === 0 && emptyText ? <p className="ot-amounts__empty">{emptyText}</p> : null}
      <div className="ot-amounts__list ot-amounts__list--wide">
        {list.map((s) => (
          <button key={s} type="button" className="ot-amounts__item" aria-pressed={value === s} onClick={() => void emit('change', { slot: s })}>
            {fmt.format(new Date(s))}
          </button>
        ))}
      </div>
    </div>
  );
}
