import type { MouseEvent } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { Pagination } from '../shared/types';
import { cx } from '../shared/cx';
import { isPlainLeftClick } from '../shared/events';

export interface PagerProps {
  pagination?: Pagination | null;
  basePath: string;
}

/** Page numbers to show: first, last, current ±1, with null for gaps. Pages are 0-based. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const keep = new Set([0, total - 1, current - 1, current, current + 1].filter((p) => p >= 0 && p < total));
  const sorted = [...keep].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** The address of a page: the base path for the first, "<base>/page/<n>" (n from 1) for the others (seed 001 §2). */
export function pageHref(basePath: string, page: number): string {
  return page === 0 ? basePath : `${basePath}/page/${page + 1}`;
}

/**
 * Paging links (real hrefs for search engines). A plain click emits `page` with { page }
 * instead of a full navigation (page numbers from 1, as in the address).
 */
export default function Pager({ pagination, basePath, emit }: PagerProps & VocabularyProps) {
  const t = useT();
  if (!pagination || pagination.totalPages <= 1) return null;
  const { currentPage: cur, totalPages: total } = pagination;
  const go = (page: number) => (e: MouseEvent) => {
    if (!isPlainLeftClick(e)) return;
    e.preventDefault();
    void emit('page', { page: page + 1 });
  };
  const arrow = (page: number, label: string, text: string, disabled: boolean) =>
    disabled ? (
      <span className="ot-pager__arrow is-disabled" aria-hidden="true">
        {text}
      </span>
    ) : (
      <a className="ot-pager__arrow" href={pageHref(basePath, page)} aria-label={label} onClick={go(page)}>
        {text}
      </a>
    );
  return (
    <nav className="ot-pager" aria-label={t('plp.pager')}>
      {arrow(cur - 1, t('plp.pager.prev'), '‹', cur <= 0)}
      <ol>
        {pageWindow(cur, total).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="ot-pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <a className={cx('ot-pager__page', p === cur && 'is-current')} href={pageHref(basePath, p)} aria-current={p === cur ? 'page' : undefined} aria-label={t('plp.pager.page', { page: p + 1 })} onClick={go(p)}>
                {p + 1}
              </a>
            </li>
          ),
        )}
      </ol>
      {arrow(cur + 1, t('plp.pager.next'), '›', cur >= total - 1)}
    </nav>
  );
}
