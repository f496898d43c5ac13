import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { scrollStepIntoView } from '../shared/stepScroll';
import type { ComponentProps } from '../../schemas/types/components';

export type BreadcrumbsProps = ComponentProps['Breadcrumbs'];

/**
 * The path to the current page: Home › … › current. When `scrollKey` changes after the first
 * draw (e.g. bound to the PDP step), the trail scrolls into view (seed 000 §2) under the sticky header, with the
 * step indicator and the new step's heading (../shared/stepScroll.ts).
 */
export default function Breadcrumbs({ items, parent, parentUrl, current, homeUrl = '/', scrollKey }: BreadcrumbsProps & VocabularyProps) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const last = useRef(scrollKey);
  useEffect(() => {
    if (last.current === scrollKey) return;
    last.current = scrollKey;
    // after the other effects of this draw (the new step's heading takes focus in one), so this scroll is the last
    const timer = setTimeout(() => scrollStepIntoView(ref.current), 0);
    return () => clearTimeout(timer);
  }, [scrollKey]);
  const trail: Array<{ name: string; url?: string | null }> = [...(items ?? [])];
  const serverHasHome = trail.length > 0 && (trail[0].url === '/' || trail[0].url === '/Pregled-b2c');
  if (parent) trail.push({ name: parent, url: parentUrl ?? null });
  if (current) trail.push({ name: current });
  return (
    <nav className="ot-crumbs ot-breadcrumbs" data-breadcrumbs="" aria-label={t('common.breadcrumbs')} ref={ref}>
      <ol>
        {!serverHasHome && (
          <li>
            <Link to={homeUrl}>{t('common.home')}</Link>
          </li>
        )}
        {trail.map((c, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={`${c.name}-${i}`}>
              {c.url && !last ? <Link to={c.url}>{c.name}</Link> : <span aria-current={last ? 'page' : undefined}>{c.name}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
