import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ComponentProps } from '../../schemas/types/components';

export type CompareToggleProps = ComponentProps['CompareToggle'];

/** The phone page's "compare" check box: emits `change` { code, name, selected }; disabled once 3 other phones are chosen. */
export default function CompareToggle({ code, name, codes, max = 3, emit }: CompareToggleProps & VocabularyProps) {
  const t = useT();
  if (!code) return null;
  const chosen = codes ?? [];
  const selected = chosen.includes(code);
  const full = !selected && chosen.length >= max;
  return (
    <label className="ot-cmptoggle">
      <input type="checkbox" checked={selected} disabled={full} aria-describedby={full ? `${code}-cmp-full` : undefined}
        onChange={(e) => void emit('change', { code, name: name ?? code, selected: e.target.checked })} />
      <span>{t('compare.add')}</span>
      {full && <span id={`${code}-cmp-full`} className="ot-text--muted">({t('compare.full', { max })})</span>}
    </label>
  );
}
