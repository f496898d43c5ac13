import { useEffect, useId, useState, type FormEvent } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { VerificationState } from '../../actions/stores/checkout';
import './numbers.css';

export interface EmailVerificationProps {
  state?: VerificationState | null;
  /** a guest also gives first and last name and accepts the prepaid guest checkout terms */
  guest?: boolean;
  /** the address filled in at first (a signed-in customer's e-mail) */
  defaultEmail?: string | null;
  submitLabel?: string;
  busy?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Seconds until `expiresAt` (ticks every second while a code is out). */
function useSecondsLeft(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000)) : 0;
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The prepaid e-mail verification (seed 001 §4 "Prepaid eSIM email step"): the e-mail address, "send code" (a code
 * valid 300 s, with a visible timer and "send again"), the code, and for a guest the name and the prepaid guest
 * checkout terms; children (the order's consents) come before the submit button. Emits `send` { email } and `verify` { email, otpCode, firstName?, lastName?, prepaidGuestTermsConsent? }.
 */
export default function EmailVerification({ state, guest, defaultEmail, submitLabel, busy, emit, enabled, children }: EmailVerificationProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [code, setCode] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [running, setRunning] = useState(false);
  useEffect(() => { if (defaultEmail && !email) setEmail(defaultEmail); }, [defaultEmail]); // eslint-disable-line react-hooks/exhaustive-deps
  const left = useSecondsLeft(state?.expiresAt ?? null);
  const sent = Boolean(state?.expiresAt);

  const check = (keys: string[]) => {
    const e: Record<string, string> = {};
    if (keys.includes('email')) {
      if (!email.trim()) e.email = t('validation.required');
      else if (!EMAIL.test(email.trim())) e.email = t('checkout.verification.error.email');
    }
    if (keys.includes('names') && guest) {
      if (!firstName.trim()) e.firstName = t('validation.required');
      if (!lastName.trim()) e.lastName = t('validation.required');
    }
    if (keys.includes('code') && !/^\d{6}$/.test(code.trim())) e.otpCode = t('checkout.verification.error.codeFormat');
    if (keys.includes('terms') && guest && !terms) e.terms = t('checkout.verification.error.terms');
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const send = () => {
    if (!check(['email'])) return;
    void emit('send', { email: email.trim() });
  };
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (running || busy) return;
    if (!check(['email', 'names', 'code', 'terms'])) return;
    setRunning(true);
    try {
      await emit('verify', {
        email: email.trim(), otpCode: code.trim(),
        ...(guest ? { firstName: firstName.trim(), lastName: lastName.trim(), prepaidGuestTermsConsent: terms } : {}),
      });
    } finally {
      setRunning(false);
    }
  };

  const field = (key: string, label: string, value: string, set: (v: string) => void, extra: Record<string, unknown> = {}) => (
    <div className="ot-numbers__field">
      <label htmlFor={`${ids}-${key}`}>{label}</label>
      <input id={`${ids}-${key}`} className="ot-numbers__input" value={value} disabled={!enabled}
        aria-invalid={errors[key] ? true : undefined} aria-describedby={errors[key] ? `${ids}-${key}-err` : undefined}
        onChange={(e) => set(e.currentTarget.value)} {...extra} />
      {errors[key] && <p id={`${ids}-${key}-err`} className="ot-field-error">{errors[key]}</p>}
    </div>
  );
  const isBusy = running || Boolean(busy);

  return (
    <form className="ot-numbers ot-verification" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="ot-numbers__heading">{t('checkout.verification.formTitle')}</h2>
      <p className="ot-muted">{t(guest ? 'checkout.verification.introGuest' : 'checkout.verification.intro')}</p>
      {guest && field('firstName', t('checkout.verification.firstName'), firstName, setFirstName, { autoComplete: 'given-name', maxLength: 60 })}
      {guest && field('lastName', t('checkout.verification.lastName'), lastName, setLastName, { autoComplete: 'family-name', maxLength: 60 })}
      {field('email', t('checkout.verification.email'), email, setEmail, { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 120 })}
      <div className="ot-numbers__row">
        <button type="button" className="ot-btn ot-btn--outline ot-btn--medium" disabled={!enabled || state?.sending === true} onClick={send}>
          {sent ? t('checkout.verification.resend') : t('checkout.verification.send')}
        </button>
        {sent && (
          <span className="ot-numbers__timer" role="timer" aria-live="off">
            {left > 0 ? t('checkout.verification.timer', { time: mmss(left) }) : t('otp.error.otpExpired')}
          </span>
        )}
      </div>
      {sent && state?.email && <p className="ot-numbers__held" role="status">{t('checkout.verification.sent', { email: state.email })}</p>}
      {field('otpCode', t('checkout.verification.code'), code, setCode, { inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' })}
      {guest && (
        <div className="ot-consent">
          <input id={`${ids}-terms`} type="checkbox" checked={terms} disabled={!enabled} required
            aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? `${ids}-terms-err` : undefined}
            onChange={(e) => setTerms(e.currentTarget.checked)} />
          <label htmlFor={`${ids}-terms`}><span className="ot-consent__name">{t('checkout.verification.terms')}</span></label>
          {errors.terms && <p id={`${ids}-terms-err`} className="ot-field-error">{errors.terms}</p>}
        </div>
      )}
      {children}
      {state?.error && <p className="ot-field-error" role="alert">{state.error}</p>}
      {state?.verifiedEmail && <p className="ot-numbers__held" role="status">{t('checkout.verification.done', { email: state.verifiedEmail })}</p>}
      <div className="ot-stepnav">
        <span />
        <button type="submit" className="ot-btn ot-btn--primary ot-btn--large" disabled={!enabled} aria-busy={isBusy || undefined}>
          {isBusy && <span className="ot-btn__spinner" aria-hidden="true" />}
          <span>{submitLabel ?? t('checkout.verification.submit')}</span>
        </button>
      </div>
    </form>
  );
}
