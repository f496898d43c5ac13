import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import './numbers.css';

export type EmailCodeProps = ComponentProps['EmailCode'];

/** Seconds left until `expiresAt` (counts down while shown). */
export function useSecondsUntil(expiresAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return expiresAt === null ? 0 : Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** An e-mail one-time code: "Pošalji kod", the six-digit field, the 300 s timer and the code's errors. */
function EmailCode({ state, email, accountEmail, title, text, emit, enabled }: EmailCodeProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  const left = useSecondsUntil(state?.expiresAt ?? null);
  if (!state) return null;
  const target = (email ?? state.email ?? '').trim();
  if (accountEmail !== undefined && (!target || target.toLowerCase() === (accountEmail ?? '').toLowerCase())) return null;
  return (
    <section className="ot-numbers__panel" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`} className="ot-numbers__heading">{title ?? t('delivery.code.title')}</h2>
      {text && <p className="ot-muted">{text}</p>}
      {state.verified ? (
        <p className="ot-numbers__held" role="status">{t('delivery.code.verified', { email: state.verified })}</p>
      ) : (
        <>
          <div className="ot-numbers__row">
            <button type="button" className="ot-btn ot-btn--outline ot-btn--medium" disabled={!enabled || state.busy || !target} onClick={() => void emit('send')}>
              {state.sent ? t('delivery.code.resend') : t('delivery.code.send')}
            </button>
            <span className="ot-numbers__timer" role="status">
              {state.sent && left > 0 && t('delivery.code.sent', { email: state.email, seconds: left })}
              {state.sent && left === 0 && t('delivery.code.expired')}
            </span>
          </div>
          {state.sent && (
            <div className="ot-numbers__field">
              <label htmlFor={`${ids}-code`}>{t('delivery.code.label')}</label>
              <input id={`${ids}-code`} className="ot-numbers__input" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={state.code}
                disabled={!enabled} aria-invalid={state.error ? true : undefined} aria-describedby={state.error ? `${ids}-err` : undefined}
                onChange={(e) => void emit('change', { code: e.target.value })} />
            </div>
          )}
        </>
      )}
      {state.error && <p id={`${ids}-err`} className="ot-field-error" role="alert">{state.error}</p>}
    </section>
  );
}

export default observer(EmailCode);
