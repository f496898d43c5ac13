import '../styles';
import { useEffect, useRef } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { focusMain } from '../../renderer/focus';
import type { ComponentProps } from '../../schemas/types/components';

export type HeaderProps = ComponentProps['Header'];

/**
 * The shop's top bar: a thin strip (segment, customer service number) and a sticky white bar
 * holding the children (Logo, MainNav, LanguageSwitch, MiniCart). Imports the design system.
 * Its first Tab stop is the skip link to the page's main landmark (shown when focused).
 * It keeps `--ot-header-offset` on the document element at its drawn height: the page's scroll padding (what
 * scrollIntoView and focus keep clear at the top) and the sticky panels' offsets follow the header as it wraps.
 */
export default function Header({ serviceLabel, servicePhone, segmentLabel, children }: HeaderProps & VocabularyProps) {
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--ot-header-offset', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => { observer.disconnect(); root.style.removeProperty('--ot-header-offset'); };
  }, []);
  return (
    <header className="ot-header" ref={ref}>
      <a className="ot-skip" href="#main-content" onClick={(e) => { e.preventDefault(); focusMain(); }}>
        {t('header.skipToContent')}
      </a>
      {(serviceLabel || segmentLabel) && (
        <div className="ot-header__strip">
          <div className="ot-container ot-header__strip-inner">
            {segmentLabel && <span className="ot-header__segment">{segmentLabel}</span>}
            {serviceLabel && servicePhone && (
              <a className="ot-header__service" href={`tel:${servicePhone.replace(/\s+/g, '')}`}>
                {serviceLabel} <strong>{servicePhone}</strong>
              </a>
            )}
          </div>
        </div>
      )}
      <div className="ot-header__bar">
        <div className="ot-container ot-header__inner">{children}</div>
      </div>
    </header>
  );
}
