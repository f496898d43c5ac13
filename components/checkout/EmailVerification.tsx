import { useEffect, useId, useState, type FormEvent } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import './numbers.css';

export type EmailVerificationProps = ComponentProps['EmailVerification'];

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

/** The message lookup the form's parts draw with (useT's answer). */
type T = ReturnType<typeof useT>;

/** What the form holds while it is filled in: its fields, their errors, whether a verify is in flight, and the two actions. */
function useVerificationForm({ guest, defaultEmail, busy, emit, t }: Pick<EmailVerificationProps, 'guest' | 'defaultEmail' | 'busy'> & Pick<VocabularyProps, 'emit'> & { t: T }) {
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [code, setCode] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [running, setRunning] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new defaultEmail fills an empty field; with `email` listed, a shopper who clears the field would have it refilled at once
  useEffect(() => { if (defaultEmail && !email) setEmail(defaultEmail); }, [defaultEmail]);

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
  return { email, setEmail, code, setCode, firstName, setFirstName, lastName, setLastName, terms, setTerms, errors, running, send, submit };
}

/**
 * The prepaid e-mail verification (seed 001 §4 "Prepaid eSIM email step"): the e-mail address, "send code" (a code
 * valid 300 s, with a visible timer and "send again"), the code, and for a guest the name and the prepaid guest
 * checkout terms; children (the order's consents) come before the submit button. Emits `send` { email } and `verify` { email, otpCode, firstName?, lastName?, prepaidGuestTermsConsent? }.
 */
export default function EmailVerification({ state, guest, defaultEmail, submitLabel, busy, emit, enabled, children }: EmailVerificationProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  const f = useVerificationForm({ guest, defaultEmail, busy, emit, t });
  const left = useSecondsLeft(state?.expiresAt ?? null);
  const sent = Boolean(state?.expiresAt);
  const { errors } = f;
  const isBusy = f.running || Boolean(busy);

  return (
    <form className="ot-numbers ot-verification" onSubmit={f.submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="ot-numbers__heading">{t('checkout.verification.formTitle')}</h2>
      <p className="ot-muted">{t(guest ? 'checkout.verification.introGuest' : 'checkout.verification.intro')}</p>
      {guest && <VerificationField ids={ids} name="firstName" label={t('checkout.verification.firstName')} value={f.firstName} set={f.setFirstName} error={errors.firstName} enabled={enabled} extra={{ autoComplete: 'given-name', maxLength: 60 }} />}
      {guest && <VerificationField ids={ids} name="lastName" label={t('checkout.verification.lastName')} value={f.lastName} set={f.setLastName} error={errors.lastName} enabled={enabled} extra={{ autoComplete: 'family-name', maxLength: 60 }} />}
      <VerificationField ids={ids} name="email" label={t('checkout.verification.email')} value={f.email} set={f.setEmail} error={errors.email} enabled={enabled} extra={{ type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 120 }} />
      <SendCodeRow t={t} sent={sent} left={left} disabled={!enabled || state?.sending === true} send={f.send} />
      {sent && state?.email && <p className="ot-numbers__held" role="status">{t('checkout.verification.sent', { email: state.email })}</p>}
      <VerificationField ids={ids} name="otpCode" label={t('checkout.verification.code')} value={f.code} set={f.setCode} error={errors.otpCode} enabled={enabled} extra={{ inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' }} />
      {guest && <GuestTerms ids={ids} t={t} checked={f.terms} set={f.setTerms} error={errors.terms} enabled={enabled} />}
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

/** One labelled text field of the form with its error (ids `<ids>-<name>` and `<ids>-<name>-err`). */
function VerificationField({ ids, name, label, value, set, error, enabled, extra }: {
  ids: string; name: string; label: string; value: string; set: (v: string) => void; error: string | undefined; enabled: boolean; extra: Record<string, unknown>;
}) {
  return (
    <div className="ot-numbers__field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input id={`${ids}-${name}`} className="ot-numbers__input" value={value} disabled={!enabled}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${ids}-${name}-err` : undefined}
        onChange={(e) => set(e.currentTarget.value)} {...extra} />
      {error && <p id={`${ids}-${name}-err`} className="ot-field-error">{error}</p>}
    </div>
  );
}

/** "Send code" / "send again" and, once a code is out, its timer. */
function SendCodeRow({ t, sent, left, disabled, send }: { t: T; sent: boolean; left: number; disabled: boolean; send: () => void }) {
  return (
    <div className="ot-numbers__row">
      <button type="button" className="ot-btn ot-btn--outline ot-btn--medium" disabled={disabled} onClick={send}>
        {sent ? t('checkout.verification.resend') : t('checkout.verification.send')}
      </button>
      {sent && (
        <span className="ot-numbers__timer" role="timer" aria-live="off">
          {left > 0 ? t('checkout.verification.timer', { time: mmss(left) }) : t('otp.error.otpExpired')}
        </span>
      )}
    </div>
  );
}

/** A guest's acceptance of the prepaid guest checkout terms, with its error. */
function GuestTerms({ ids, t, checked, set, error, enabled }: { ids: string; t: T; checked: boolean; set: (v: boolean) => void; error: string | undefined; enabled: boolean }) {
  return (
    <div className="ot-consent">
      <input id={`${ids}-terms`} type="checkbox" checked={checked} disabled={!enabled} required
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${ids}-terms-err` : undefined}
        onChange={(e) => set(e.currentTarget.checked)} />
      <label htmlFor={`${ids}-terms`}><span className="ot-consent__name">{t('checkout.verification.terms')}</span></label>
      {error && <p id={`${ids}-terms-err`} className="ot-field-error">{error}</p>}
    </div>
  );
}
