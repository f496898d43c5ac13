import { useEffect, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type BackToTopProps = ComponentProps['BackToTop'];

/** The scroll events are handled 50 ms after the last one (seed 001 §9). */
export const SCROLL_DEBOUNCE_MS = 50;

/** "Back to top": appears once the page is scrolled more than `viewports` window heights; moves to the top and focuses the page's main heading. */
export default function BackToTop({ label, viewports = 4 }: BackToTopProps & VocabularyProps) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = () => { timer = null; setShown(window.scrollY > viewports * window.innerHeight); };
    const onScroll = () => { if (timer) clearTimeout(timer); timer = setTimeout(check, SCROLL_DEBOUNCE_MS); };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // the first look once the next frame is painted: reading the scroll position now would make the browser lay the
    // whole page out inside this effect (the hydration's commit), a long task on a slow phone
    const frame = requestAnimationFrame(() => { timer = setTimeout(check, 0); });
    return () => { cancelAnimationFrame(frame); window.removeEventListener('scroll', onScroll); window.removeEventListener('resize', onScroll); if (timer) clearTimeout(timer); };
  }, [viewports]);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="ot-totop"
      aria-label={label}
      title={label}
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        const h1 = document.querySelector<HTMLElement>('main h1, h1');
        if (h1) { if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1'); h1.focus({ preventScroll: true }); }
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" /></svg>
    </button>
  );
}
