import { useEffect, type MouseEvent } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { Pagination } from '../shared/types';
import { cx } from '../shared/cx';
import { isPlainLeftClick } from '../shared/events';
import type { ComponentProps } from '../../schemas/types/components';

export type PagerProps = ComponentProps['Pager'];

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
/**
 * The list's `<link rel="canonical">` (this page's address) and `rel="prev"` / `rel="next"` (seed 001 §2) in the
 * document head while the list is shown; removed when it goes.
 */
export function useListHeadLinks(pagination: Pagination | null | undefined, basePath: string): void {
  const cur = pagination?.currentPage ?? 0;
  const total = pagination?.totalPages ?? 1;
  useEffect(() => {
    if (typeof document === 'undefined') return undefined;
    const origin = window.location.origin;
    const links: Array<[string, number]> = [['canonical', cur]];
    if (cur > 0) links.push(['prev', cur - 1]);
    if (cur < total - 1) links.push(['next', cur + 1]);
    const made = links.map(([rel, page]) => {
      const el = document.createElement('link');
      el.rel = rel;
      el.href = origin + pageHref(basePath, page);
      el.dataset.otList = '';
      document.head.querySelectorAll(`link[rel="${rel}"]`).forEach((old) => old.remove());
      document.head.appendChild(el);
      return el;
    });
    return () => made.forEach((el) => el.remove());
  }, [cur, total, basePath]);
}

export default function Pager({ pagination, basePath, emit }: PagerProps & VocabularyProps) {
  const t = useT();
  useListHeadLinks(pagination, basePath);
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
