import { useId } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type ChoiceItem = NonNullable<ChoiceListProps['items']>[number];

export type ChoiceListProps = ComponentProps['ChoiceList'];

const BRAND: Record<string, string> = { visa: 'VISA', mastercard: 'Mastercard', maestro: 'Maestro', dinacard: 'DinaCard' };

/** One choice out of a few, as radio cards (a monthly bill, how to pay by card, a saved card). Emits `select` { code }. */
export default function ChoiceList({ items, selected, title, emptyText, emit, enabled }: ChoiceListProps & VocabularyProps) {
  const name = useId();
  if (!items || items.length === 0) {
    return emptyText ? <p className="ot-choices__empty">{emptyText}</p> : null;
  }
  return (
    <fieldset className="ot-options ot-choices">
      {title && <legend>{title}</legend>}
      {items.map((it) => {
        const isSel = it.code === selected;
        return (
          <label key={it.code} className={cx('ot-option', isSel && 'is-selected', it.disabled && 'is-disabled')}>
            <input type="radio" name={name} value={it.code} checked={isSel} disabled={!enabled || it.disabled === true}
              onChange={() => void emit('select', { code: it.code })} />
            {it.brand && <span className={`ot-cardbrand ot-cardbrand--${it.brand}`}>{BRAND[it.brand] ?? it.brand}</span>}
            <span className="ot-option__body">
              <span className="ot-option__title">{it.name}</span>
              {it.description && <span className="ot-option__text">{it.description}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
