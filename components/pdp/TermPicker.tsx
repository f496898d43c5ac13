import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ProductDetails } from '../shared/types';
import { cx } from '../shared/cx';
import { findTariff, planFor } from './pricing';

export interface TermPickerProps {
  product?: ProductDetails | null;
  tariffCode?: string | null;
  selected?: string | null;
}

/** The contract term of the chosen tariff (12 / 24 months …) as segmented buttons. Emits `select` { subscriptionTermId }. */
export default function TermPicker({ product, tariffCode, selected, emit, enabled }: TermPickerProps & VocabularyProps) {
  const t = useT();
  const tariff = findTariff(product, tariffCode);
  const terms = [...(tariff?.subscriptionTerms ?? [])].sort((a, b) => a.termOfServiceNumber - b.termOfServiceNumber);
  if (terms.length === 0) return null;
  const current = selected ?? planFor(tariff, null)?.subscriptionTermId ?? null;
  return (
    <fieldset className="ot-segment">
      <legend>{t('pdp.term')}</legend>
      <div className="ot-segment__list" role="radiogroup">
        {terms.map((term) => {
          const isSel = term.id === current;
          return (
            <button key={term.id} type="button" role="radio" aria-checked={isSel} disabled={!enabled} className={cx('ot-segment__btn', isSel && 'is-selected')} onClick={() => void emit('select', { subscriptionTermId: term.id })}>
              {t('pdp.term.months', { count: term.termOfServiceNumber })}
              {term.recommended && <span className="ot-segment__tag">{t('pdp.term.recommended')}</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
