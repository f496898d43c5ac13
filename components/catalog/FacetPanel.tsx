import { useId, useRef, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type FacetPanelProps = ComponentProps['FacetPanel'];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Values shown per facet before "show more" (selected values are always shown)… */
export const FACET_VISIBLE = 6;
/** …when the facet has more than this many values. */
export const FACET_FOLD_OVER = 8;

/**
 * The filter panel: one fieldset of checkboxes per facet (brand, price range, …). On phones it is
 * folded behind a "Filters" button. Its first Tab stop is a skip link (shown when focused) to the first control
 * after the panel, so keyboard users pass the filters as a group. Emits `toggle` with { facetCode, valueCode, selected, query } — query is the server's search query with this value toggled.
 */
export default function FacetPanel({ facets, emit, enabled }: FacetPanelProps & VocabularyProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const skip = () => {
    const panel = root.current;
    if (!panel) return;
    const next = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
      (el) => !panel.contains(el) && (panel.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && el.getClientRects().length > 0,
    );
    next?.focus();
  };
  const list = (facets ?? []).filter((f) => f.values.length > 0);
  if (list.length === 0) {
    // while the facets load (or when there are none): the panel's place is kept, so the list beside it
    // (wide screens) or under the Filters button (phones) does not jump when they arrive
    return (
      <div className="ot-facets ot-placeholder" aria-hidden="true">
        <span className="ot-facets__toggle ot-btn ot-btn--outline ot-btn--medium ot-btn--block">{t('plp.filters')}</span>
      </div>
    );
  }
  const selectedCount = list.reduce((n, f) => n + f.values.filter((v) => v.selected).length, 0);
  return (
    <div className={cx('ot-facets', open && 'is-open')} ref={root}>
      <a className="ot-skip ot-skip--inline" href="#main-content" onClick={(e) => { e.preventDefault(); skip(); }}>
        {t('plp.skipToResults')}
      </a>
      <button type="button" className="ot-facets__toggle ot-btn ot-btn--outline ot-btn--medium ot-btn--block" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        {t('plp.filters')}
        {selectedCount > 0 && <span className="ot-badge ot-badge--brand">{selectedCount}</span>}
      </button>
      <div className="ot-facets__panel" id={id}>
        <h2 className="ot-facets__title">{t('plp.filters')}</h2>
        {list.map((f) => (
          <fieldset key={f.code} className="ot-facets__group">
            <legend>{f.name}</legend>
            {(expanded[f.code] || f.values.length <= FACET_FOLD_OVER ? f.values : f.values.filter((v, i) => i < FACET_VISIBLE || v.selected)).map((v) => {
              const inputId = `${id}-${f.code}-${v.code}`;
              return (
                <div key={v.code} className="ot-check">
                  <input
                    id={inputId}
                    type="checkbox"
                    checked={Boolean(v.selected)}
                    disabled={!enabled}
                    onChange={(e) => void emit('toggle', { facetCode: f.code, valueCode: v.code, selected: e.currentTarget.checked, query: v.query?.query?.value ?? '' })}
                  />
                  <label htmlFor={inputId}>
                    {v.name}
                    {typeof v.count === 'number' && <span className="ot-check__count">{v.count}</span>}
                  </label>
                </div>
              );
            })}
            {f.values.length > FACET_FOLD_OVER && (
              <button type="button" className="ot-btn ot-btn--link ot-btn--small" aria-expanded={Boolean(expanded[f.code])} onClick={() => setExpanded((x) => ({ ...x, [f.code]: !x[f.code] }))}>
                {expanded[f.code] ? t('plp.filters.less') : t('plp.filters.more', { count: f.values.length - FACET_VISIBLE })}
              </button>
            )}
          </fieldset>
        ))}
      </div>
    </div>
  );
}
