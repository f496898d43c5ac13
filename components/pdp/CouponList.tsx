import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useMoney, useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import './coupon.css';
import type { ComponentProps } from '../../schemas/types/components';

export type CouponListProps = ComponentProps['CouponList'];

/** The EKO coupon dialog's body: a code field with an apply button, the rules, the applied coupons with remove. */
export default function CouponList({ vouchers, limit = 3, value = 5000, minPrice = 1000, error, emit, enabled }: CouponListProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const ids = useId();
  const [code, setCode] = useState('');
  // after an apply or a remove the button that had focus is disabled or gone: focus stays in the dialog (the field for
  // the next code, or the last coupon's remove when the field is full), so Escape still closes it
  const [refocus, setRefocus] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const applied = (vouchers ?? []).filter((v): v is { voucherCode: string; value?: unknown } => typeof v.voucherCode === 'string');
  const full = applied.length >= limit;
  const errorText = error ? (error.text ?? (error.message ? t(error.message, error.params) : '')) : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void emit('add', { voucherCode: code.trim() }).then((ok) => { if (ok) { setCode(''); setRefocus((n) => n + 1); } });
  };
  useEffect(() => {
    if (refocus === 0) return;
    if (input.current && !input.current.disabled) input.current.focus();
    else list.current?.querySelector<HTMLButtonElement>('li:last-child button')?.focus();
  }, [refocus]);
  return (
    <div className="ot-coupons">
      <p className="ot-coupons__hint">{t('pdp.coupon.rules', { limit, value: money.format(value), min: money.format(minPrice) })}</p>
      <form className="ot-coupons__form" onSubmit={submit} noValidate>
        <div>
          <label className="ot-sr-only" htmlFor={`${ids}-code`}>{t('pdp.coupon.label')}</label>
          <input
            ref={input} id={`${ids}-code`} name="voucherCode" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false}
            className={cx('ot-coupons__input', errorText && 'is-invalid')} aria-invalid={Boolean(errorText)}
            aria-describedby={errorText ? `${ids}-err` : undefined}
            placeholder={t('pdp.coupon.placeholder')} value={code} disabled={!enabled || full}
            onChange={(e) => setCode(e.target.value)}
          />
          {errorText && <p id={`${ids}-err`} className="ot-field-error" role="alert">{errorText}</p>}
        </div>
        <button type="submit" className="ot-btn ot-btn--primary ot-btn--medium" disabled={!enabled || full || code.trim() === ''}>
          {t('pdp.coupon.apply')}
        </button>
      </form>
      {applied.length > 0 && (
        <ul ref={list} className="ot-coupons__list" aria-label={t('pdp.coupon.applied', { count: applied.length, limit })}>
          {applied.map((v) => (
            <li key={v.voucherCode} className="ot-coupons__item">
              <span className="ot-coupons__code">{v.voucherCode}</span>
              <button type="button" className="ot-btn ot-btn--link ot-btn--small" disabled={!enabled} aria-label={t('pdp.coupon.removeOne', { code: v.voucherCode })} onClick={() => void emit('remove', { voucherCode: v.voucherCode }).then((ok) => { if (ok) setRefocus((n) => n + 1); })}>
                {t('pdp.coupon.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="ot-coupons__hint">{t('pdp.coupon.applied', { count: applied.length, limit })}</p>
    </div>
  );
}
