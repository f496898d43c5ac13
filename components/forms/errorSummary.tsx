import type { RefObject } from 'react';
import type { useT } from '../../renderer/hooks';
import type { SummaryItem } from './formErrors';

/** The error summary above a form after a failed submit (./formHooks.ts useErrorSummary): how many errors, each a link
 *  to its field; nothing while there are none. A render helper of Form (drawn as part of it, not a component). */
export function errorSummary(formId: string, summary: SummaryItem[], ref: RefObject<HTMLDivElement | null>, t: ReturnType<typeof useT>) {
  return summary.length > 0 && (
    <div ref={ref} className="sf-summary" role="group" aria-labelledby={`f-${formId}-summary`} tabIndex={-1}>
      <p id={`f-${formId}-summary`} className="sf-summary__title">{t('form.errorSummary', { count: summary.length })}</p>
      <ul>
        {summary.map((e) => (
          <li key={e.id}>
            <a href={`#${e.id}`} onClick={(ev) => { ev.preventDefault(); document.getElementById(e.id)?.focus(); }}>
              {e.label ? `${e.label}: ` : ''}{e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
