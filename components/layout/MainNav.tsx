import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type MainNavProps = ComponentProps['MainNav'];

/**
 * The main navigation (Link children with variant "nav"). On phones it folds into a
 * menu button; the menu closes when the route changes.
 */
export default function MainNav({ label, menuLabel, children }: MainNavProps & VocabularyProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pathname` is not read but is the trigger: the menu closes when the route changes; without it, it would only close on mount
  useEffect(() => setOpen(false), [pathname]);
  return (
    <nav className={cx('ot-nav', open && 'is-open')} aria-label={label}>
      <button type="button" className="ot-nav__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        <span className="ot-nav__burger" aria-hidden="true" />
        <span className="ot-nav__toggle-label">{menuLabel}</span>
      </button>
      <div className="ot-nav__list" id={id}>
        {children}
      </div>
    </nav>
  );
}
