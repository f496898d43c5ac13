import { useId } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ComponentProps } from '../../schemas/types/components';

export type SortSelectProps = ComponentProps['SortSelect'];

/** The sort order of the list as a labelled select. Emits `change` with { sort }. */
export default function SortSelect({ sorts, label, emit, enabled }: SortSelectProps & VocabularyProps) {
  const t = useT();
  const id = useId();
  if (!sorts || sorts.length === 0) {
    // its place while the list loads (no layout shift when the sorts arrive)
    return (
      <div className="ot-sort ot-placeholder" aria-hidden="true">
        <label>{label ?? t('plp.sort')}</label>
        <select tabIndex={-1} disabled>
          <option>{'\u00a0'.repeat(24)}</option>
        </select>
      </div>
    );
  }
  const current = sorts.find((s) => s.selected)?.code ?? sorts[0].code;
  return (
    <div className="ot-sort">
      <label htmlFor={id}>{label ?? t('plp.sort')}</label>
      <select id={id} value={current} disabled={!enabled} onChange={(e) => void emit('change', { sort: e.currentTarget.value })}>
        {sorts.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
