import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { CartData } from '../shared/types';
import { entryView, hasAmount, orderedEntries } from './entryView';

export interface MiniCartProps {
  cart?: CartData | null;
  open?: boolean;
  count?: number;
  listUrl?: string;
  removable?: boolean;
  esimToggle?: boolean;
  showRegister?: boolean;
}

/** Debounce of the resize that closes the cart (seed 001 §9: cart resize 100 ms). */
export const RESIZE_DEBOUNCE_MS = 100;

/**
 * The header cart: a button with the count badge; when open, a dropdown with the entries
 * (image, name, colour, prices), totals and continue-to-checkout, or the empty-cart message with
 * a link to the device list. Emits `toggle`, `close` (outside click, Escape, window resize) and `checkout`.
 * Closing it by any means but a click outside gives focus back to the cart button; a change of the count is
 * announced (a polite status region).
 */
export default function MiniCart({ cart, open = false, count = 0, listUrl = '/Privatni/Uredjaji/Tip-uredjaja/telefoni', removable = false, esimToggle = false, showRegister = false, emit, enabled }: MiniCartProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // a click outside closes the panel and leaves focus where the click put it; any other close (Escape, a
  // button inside the panel, a resize) gives focus back to the cart button when it was in the panel or lost
  const closedByOutsideClick = useRef(false);
  const wasOpen = useRef(open);
  // focus is back on the button as the close is committed
  useEffect(() => {
    if (wasOpen.current && !open && !closedByOutsideClick.current) {
      const active = document.activeElement;
      if (!active || active === document.body || root.current?.contains(active)) button.current?.focus();
    }
    wasOpen.current = open;
    closedByOutsideClick.current = false;
  }, [open]);

  // the count is announced when it changes (not on the first draw)
  const [announced, setAnnounced] = useState('');
  const lastCount = useRef(count);
  useEffect(() => {
    if (lastCount.current !== count) setAnnounced(t('cart.mini.button', { count }));
    lastCount.current = count;
  }, [count, t]);

  // listening from the commit that opens the panel (React runs the effects of a render caused by a click before the
  // next event is handled, so an Escape right after the click closes it)
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
  }, [open, emit]);

  const entries = orderedEntries(cart?.entries ?? []).map((o) => ({ ...entryView(o.entry), nested: o.nested, underTariff: o.underTariff }));
  // the server's totals (cart.totals, server/cart/view.ts cartTotals): coupons and one-time charges included
  const monthly = cart?.totals?.monthly ?? null;
  const payNow = cart?.totals?.payNow ?? cart?.totalPrice ?? null;

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
          {entries.length === 0 ? (
            <div className="ot-minicart__empty">
              <p>{t('cart.empty')}</p>
              <Link className="ot-btn ot-btn--outline ot-btn--medium ot-btn--block" to={listUrl} onClick={() => void emit('close')}>
                {t('cart.empty.link')}
              </Link>
            </div>
          ) : (
            <>
              <ul className="ot-minicart__list">
                {entries.map((e) => (
                  <li key={e.key} className={e.nested ? 'ot-minicart__entry ot-minicart__entry--nested' : 'ot-minicart__entry'}>
                    <div className="ot-minicart__thumb">{e.image ? <img src={e.image.url} alt={e.image.altText ?? e.name} width={56} height={56} /> : <span aria-hidden="true" className="ot-minicart__sim">{e.thumbText}</span>}</div>
                    <div className="ot-minicart__info">
                      {e.brand && <p className="ot-minicart__brand">{e.brand}</p>}
                      <p className="ot-minicart__name">
                        {e.name}
                        {e.esim && <span className="ot-badge ot-badge--brand ot-minicart__esim">{t('product.esim')}</span>}
                        {e.gift && <span className="ot-badge ot-badge--gift ot-minicart__esim">{t('cart.entry.gift')}</span>}
                      </p>
                      {e.underTariff && <p className="ot-minicart__meta">{t('cart.entry.addon')}</p>}
                      {e.color && <p className="ot-minicart__meta">{t('cart.color', { color: e.color })}</p>}
                      {e.quantity > 1 && <p className="ot-minicart__meta">{t('cart.quantity', { count: e.quantity })}</p>}
                      {e.term && <p className="ot-minicart__meta">{t('cart.term', { count: e.term })}</p>}
                      {esimToggle && e.offeringType === 'TARIFF' && e.esimOption === 'ESIM_SIM' && (
                        <label className="ot-minicart__toggle">
                          <input type="checkbox" checked={e.esim} disabled={!enabled} onChange={(ev) => void emit('esim', { entryNumber: e.entryNumber, selected: ev.target.checked })} />
                          {t('cart.esim.toggle')}
                        </label>
                      )}
                      {removable && e.removable && (
                        <button type="button" className="ot-btn ot-btn--link ot-btn--small" onClick={() => void emit('remove', { entryNumber: e.entryNumber, quantity: e.quantity, name: e.name })}>
                          {t('cart.remove')}
                        </button>
                      )}
                    </div>
                    <div className="ot-minicart__prices">
                      {hasAmount(e.monthly) && (
                        <p>
                          {hasAmount(e.oldMonthly) && <s className="ot-price-old">{money.format(e.oldMonthly)}</s>} <strong>{money.format(e.monthly)}</strong>
                          <span className="ot-price-per">{t('price.perMonth')}</span>
                        </p>
                      )}
                      {e.gift && (
                        <p>
                          <strong>{money.format(0)}</strong> <span className="ot-price-per">{t('price.oneTime')}</span>
                        </p>
                      )}
                      {hasAmount(e.oneTime) && (
                        <p>
                          <strong>{money.format(e.oneTime)}</strong> <span className="ot-price-per">{t('price.oneTime')}</span>
                        </p>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <dl className="ot-minicart__totals">
                {monthly && (
                  <div>
                    <dt>{t('cart.total.monthly')}</dt>
                    <dd>{money.format(monthly)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('cart.total.payNow')}</dt>
                  <dd>{money.format(payNow)}</dd>
                </div>
              </dl>
              <button type="button" className="ot-btn ot-btn--primary ot-btn--large ot-btn--block" onClick={() => void emit('checkout')}>
                {t('cart.checkout')}
              </button>
            </>
          )}
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
