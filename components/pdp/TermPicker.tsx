import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import { findTariff, planFor } from '../../actions/pricing';
import type { ComponentProps } from '../../schemas/types/components';

export type TermPickerProps = ComponentProps['TermPicker'];

type Term = { id: string; termOfServiceNumber: number; recommended?: boolean | null };

/** The contract terms as segmented buttons (shared by TermPicker and TariffOffer); the recommended term is marked. */
export function TermSegment({ terms, selected, enabled, onSelect }: { terms: Term[]; selected: string | null; enabled: boolean; onSelect: (id: string) => void }) {
  const t = useT();
  const sorted = [...terms].sort((a, b) => a.termOfServiceNumber - b.termOfServiceNumber);
  if (sorted.length === 0) return null;
  return (
    <fieldset className="ot-segment">
      <legend>{t('pdp.term')}</legend>
      <div className="ot-segment__list" role="radiogroup">
        {sorted.map((term) => {
          const isSel = term.id === selected;
          return (
            <button key={term.id} type="button" role="radio" aria-checked={isSel} disabled={!enabled} className={cx('ot-segment__btn', isSel && 'is-selected')} onClick={() => onSelect(term.id)}>
              {t('pdp.term.months', { count: term.termOfServiceNumber })}
              {term.recommended && <span className="ot-segment__tag">{t('pdp.term.recommended')}</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The contract term of the chosen tariff (12 / 24 months …) as segmented buttons. Emits `select` { subscriptionTermId }. */
export default function TermPicker({ product, tariffCode, selected, emit, enabled }: TermPickerProps & VocabularyProps) {
  const tariff = findTariff(product, tariffCode);
  const current = selected ?? planFor(tariff, null)?.subscriptionTermId ?? null;
  return <TermSegment terms={tariff?.subscriptionTerms ?? []} selected={current} enabled={enabled} onSelect={(id) => void emit('select', { subscriptionTermId: id })} />;
}
