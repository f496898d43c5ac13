import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type ChipProps = ComponentProps['Chip'];

/** A pill-shaped toggle or a removable filter chip. Emits `click` (or `remove` when removable). */
export default function Chip({ label, selected, removable, emit, enabled }: ChipProps & VocabularyProps) {
  const t = useT();
  if (removable) {
    return (
      <button type="button" className="ot-chip ot-chip--removable" disabled={!enabled} aria-label={t('common.removeFilter', { name: label })} onClick={() => void emit('remove')}>
        <span>{label}</span>
        <span className="ot-chip__x" aria-hidden="true">×</span>
      </button>
    );
  }
  return (
    <button type="button" className={cx('ot-chip', selected && 'ot-chip--selected')} aria-pressed={Boolean(selected)} disabled={!enabled} onClick={() => void emit('click')}>
      {label}
    </button>
  );
}
