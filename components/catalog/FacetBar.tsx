import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ComponentProps } from '../../schemas/types/components';

export type FacetBarProps = ComponentProps['FacetBar'];

/** Selected filters as removable chips plus "reset all"; the result count on the left (seed 000 §2 common widgets). */
export default function FacetBar({ facets, totalResults, countMessage, emit, enabled }: FacetBarProps & VocabularyProps) {
  const t = useT();
  const selected = (facets ?? []).flatMap((f) => f.values.filter((v) => v.selected).map((v) => ({ facet: f, value: v })));
  return (
    <div className="ot-facetbar">
      {typeof totalResults === 'number' && (
        <p className="ot-facetbar__count" aria-live="polite">
          {t(countMessage ?? 'plp.results', { count: totalResults })}
        </p>
      )}
      {selected.length > 0 && (
        <div className="ot-facetbar__chips" role="group" aria-label={t('plp.filters.selected')}>
          {selected.map(({ facet, value }) => (
            <button
              key={`${facet.code}:${value.code}`}
              type="button"
              className="ot-chip ot-chip--removable"
              disabled={!enabled}
              aria-label={t('common.removeFilter', { name: `${facet.name}: ${value.name}` })}
              onClick={() => void emit('remove', { facetCode: facet.code, valueCode: value.code, query: value.query?.query?.value ?? '' })}
            >
              <span>{value.name}</span>
              <span className="ot-chip__x" aria-hidden="true">
                ×
              </span>
            </button>
          ))}
          <button type="button" className="ot-btn ot-btn--link ot-btn--small" disabled={!enabled} onClick={() => void emit('reset')}>
            {t('plp.filters.reset')}
          </button>
        </div>
      )}
    </div>
  );
}
