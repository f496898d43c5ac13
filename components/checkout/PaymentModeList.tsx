import { useId } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type PaymentModeListProps = ComponentProps['PaymentModeList'];

const ICON: Record<string, string> = {
  CreditCard: 'M3 6h18v12H3zM3 10h18M7 15h3',
  Delivery: 'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  ChargeGroupAccount: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  ChargeNewGroupAccount: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
};

/** How to pay, as radio cards (names from the server; card brands under CreditCard). Emits `select` { code }. */
export default function PaymentModeList({ modes, selected, title, emit, enabled }: PaymentModeListProps & VocabularyProps) {
  const t = useT();
  const name = useId();
  if (!modes || modes.length === 0) return null;
  return (
    <fieldset className="ot-options ot-paymodes">
      <legend>{title ?? t('checkout.payment.title')}</legend>
      {modes.map((m) => {
        const isSel = m.code === selected;
        return (
          <label key={m.code} className={cx('ot-option', isSel && 'is-selected')}>
            <input type="radio" name={name} value={m.code} checked={isSel} disabled={!enabled} onChange={() => void emit('select', { code: m.code })} />
            <svg className="ot-option__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d={ICON[m.code] ?? ICON.CreditCard} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="ot-option__body">
              <span className="ot-option__title">{m.name}</span>
              <span className="ot-option__text">{t(`checkout.payment.hint.${m.code}`)}</span>
              {m.code === 'CreditCard' && (
                <span className="ot-cardbrands">
                  <span className="ot-sr-only">{t('checkout.payment.cards')}: </span>
                  {['visa', 'mastercard', 'maestro', 'dinacard'].map((b) => (
                    <span key={b} className={`ot-cardbrand ot-cardbrand--${b}`}>
                      {b === 'dinacard' ? 'DinaCard' : b === 'mastercard' ? 'Mastercard' : b === 'maestro' ? 'Maestro' : 'VISA'}
                    </span>
                  ))}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
