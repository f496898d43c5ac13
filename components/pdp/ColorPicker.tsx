import { useId } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type ColorPickerProps = ComponentProps['ColorPicker'];

/** Colour swatches as a radio group; out-of-stock colours are marked and cannot be chosen. Emits `select` { colorCode }. */
export default function ColorPicker({ variants, selected, emit, enabled }: ColorPickerProps & VocabularyProps) {
  const t = useT();
  const name = useId();
  if (!variants || variants.length === 0) return null;
  const current = variants.find((v) => v.colorCode === selected) ?? variants[0];
  return (
    <fieldset className="ot-colors">
      <legend>
        {t('pdp.color')}: <strong>{current.colorName}</strong>
      </legend>
      <div className="ot-colors__list">
        {variants.map((v) => {
          const out = v.stock?.stockLevelStatus === 'outOfStock';
          return (
            <label key={v.colorCode} className={cx('ot-colors__item', v.colorCode === current.colorCode && 'is-selected', out && 'is-out')} title={v.colorName}>
              <input
                type="radio"
                name={name}
                value={v.colorCode}
                checked={v.colorCode === current.colorCode}
                disabled={!enabled || out}
                onChange={() => void emit('select', { colorCode: v.colorCode })}
              />
              <span className="ot-swatch" style={{ background: v.colorHex ?? '#ccc' }} aria-hidden="true" />
              <span className="ot-sr-only">
                {v.colorName}
                {out ? ` (${t('product.outOfStock')})` : ''}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
