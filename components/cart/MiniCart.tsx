import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { entryView, orderedEntries } from './entryView';
import { MiniCartEmpty, MiniCartFilled } from './miniCartParts';
import type { ComponentProps } from '../../schemas/types/components';

export type MiniCartProps = ComponentProps['MiniCart'];

/** Debounce of the resize that closes the cart (seed 001 §9: cart resize 100 ms). */
export const RESIZE_DEBOUNCE_MS = 100;

/**
 * Focus goes back to the cart button as a close is committed, unless a click outside closed the panel (focus stays
 * where the click put it): any other close (Escape, a button inside the panel, a resize) gives it back when it was in
 * the panel or lost. Returns the flag the outside click sets.
 */
function useFocusBackOnClose(open: boolean, root: RefObject<HTMLDivElement | null>, button: RefObject<HTMLButtonElement | null>) {
  const closedByOutsideClick = useRef(false);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && !closedByOutsideClick.current) {
      const active = document.activeElement;
      if (!active || active === document.body || root.current?.contains(active)) button.current?.focus();
    }
    wasOpen.current = open;
    closedByOutsideClick.current = false;
  }, [open, root, button]);
  return closedByOutsideClick;
}

/** The text of the polite status region: the count, announced when it changes (not on the first draw). */
function useCountAnnouncement(count: number, t: ReturnType<typeof useT>): string {
  const [announced, setAnnounced] = useState('');
  const lastCount = useRef(count);
  useEffect(() => {
    if (lastCount.current !== count) setAnnounced(t('cart.mini.button', { count }));
    lastCount.current = count;
  }, [count, t]);
  return announced;
}

/**
 * While open, a click outside, Escape or a window resize (debounced) emits `close`. Listening from the commit that
 * opens the panel (React runs the effects of a render caused by a click before the next event is handled, so an
 * Escape right after the click closes it).
 */
function useCloseTriggers(open: boolean, emit: VocabularyProps['emit'], root: RefObject<HTMLDivElement | null>, closedByOutsideClick: RefObject<boolean>) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) {
        closedByOutsideClick.current = true;
        void emit('close');
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') void emit('close');
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void emit('close'), RESIZE_DEBOUNCE_MS);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', onResize);
    };
  }, [open, emit, root, closedByOutsideClick]);
}

/**
 * The header cart: a button with the count badge; when open, a dropdown with the entries
 * (image, name, colour, prices), totals and continue-to-checkout, or the empty-cart message with
 * a link to the device list. Emits `toggle`, `close` (outside click, Escape, window resize) and `checkout`.
 * Closing it by any means but a click outside gives focus back to the cart button; a change of the count is
 * announced (a polite status region).
 */
export default function MiniCart({ cart, open = false, count = 0, listUrl, removable = false, esimToggle = false, showRegister = false, emit, enabled }: MiniCartProps & VocabularyProps) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const closedByOutsideClick = useFocusBackOnClose(open, root, button);
  const announced = useCountAnnouncement(count, t);
  useCloseTriggers(open, emit, root, closedByOutsideClick);

  const entries = orderedEntries(cart?.entries ?? []).map((o) => ({ ...entryView(o.entry), nested: o.nested, underTariff: o.underTariff }));

  return (
    <div className="ot-minicart" ref={root}>
      <span className="ot-sr-only" role="status">{announced}</span>
      <button
        ref={button}
        type="button"
        className="ot-minicart__btn"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('cart.mini.button', { count })}
        onClick={() => void emit('toggle')}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 3h2l2.6 10.4A2 2 0 0 0 9.5 15H18a2 2 0 0 0 1.9-1.4L22 7H6.2M9 20h.01M18 20h.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {count > 0 && (
          <span className="ot-minicart__badge" aria-hidden="true">
            {count}
          </span>
        )}
        <span className="ot-minicart__label">{t('cart.mini.title')}</span>
      </button>
      {open && (
        <div className="ot-minicart__panel" id={panelId} role="dialog" aria-label={t('cart.mini.title')}>
          <p className="ot-minicart__head">
            {t('cart.mini.title')}
            {count > 0 && <span className="ot-minicart__count">{t('cart.items', { count })}</span>}
          </p>
          {entries.length === 0
            ? <MiniCartEmpty listUrl={listUrl} emit={emit} />
            : <MiniCartFilled entries={entries} cart={cart} esimToggle={esimToggle} removable={removable} enabled={enabled} emit={emit} />}
          {showRegister && (
            <p className="ot-minicart__register">
              {t('cart.mini.register.text')}{' '}
              <button type="button" className="ot-btn ot-btn--link ot-btn--small" onClick={() => void emit('register')}>
                {t('cart.mini.register')}
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
