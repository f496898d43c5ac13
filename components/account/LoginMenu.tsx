import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import './account.css';
import type { ComponentProps } from '../../schemas/types/components';

export type LoginMenuUser = NonNullable<LoginMenuProps['user']>;

export type LoginMenuProps = ComponentProps['LoginMenu'];

/** While open, a click or touch outside the menu or Escape emits `close`. Returns the ref of the menu's root. */
function useCloseOnOutside(open: boolean, emit: VocabularyProps['emit']) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) void emit('close');
    };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') void emit('close'); };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, emit]);
  return root;
}

/** The sign-in form's fields, their required check and submit; focus goes to the email field as the form opens. */
function useLoginForm(open: boolean, authorized: boolean, emit: VocabularyProps['emit']) {
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [missing, setMissing] = useState<{ email: boolean; password: boolean }>({ email: false, password: false });

  useEffect(() => {
    if (open && !authorized) emailRef.current?.focus();
  }, [open, authorized]);

  // A successful sign-in or a sign-out forgets what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `authorized` is not read but is the trigger: without it the password and the marks would be cleared on mount only, and kept across a sign-in or sign-out
  useEffect(() => {
    setPassword('');
    setShowPassword(false);
    setMissing({ email: false, password: false });
  }, [authorized]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const m = { email: email.trim() === '', password: password.trim() === '' };
    setMissing(m);
    if (m.email || m.password) return;
    void emit('submit', { email: email.trim(), password: password.trim() });
  };
  return { emailRef, email, setEmail, password, setPassword, showPassword, setShowPassword, missing, onSubmit };
}

type LoginForm = ReturnType<typeof useLoginForm>;
type T = ReturnType<typeof useT>;

/** The signed-in panel: avatar, full name and email, the profile link and the logout button. */
function SignedInPanel({ user, firstName, fullName, profileUrl, emit, enabled, t }: {
  user?: LoginMenuUser | null; firstName: string; fullName: string; profileUrl: string; emit: VocabularyProps['emit']; enabled: boolean; t: T;
}) {
  return (
    <div className="ot-account__user">
      <span className="ot-account__avatar" aria-hidden="true">{(firstName[0] ?? '?').toUpperCase()}</span>
      <div className="ot-account__who">
        <p className="ot-account__name">{fullName}</p>
        {user?.email && <p className="ot-account__email">{user.email}</p>}
      </div>
      <Link className="ot-link ot-link--inline" to={profileUrl} onClick={() => void emit('close')}>{t('header.profile')}</Link>
      <button type="button" className="ot-btn ot-btn--outline ot-btn--medium ot-btn--block" disabled={!enabled} onClick={() => void emit('logout')}>
        {t('header.logout')}
      </button>
    </div>
  );
}

/** The password field with its show/hide toggle (the eye, struck through while the password shows). */
function PasswordField({ id, form, invalid, t }: { id: string; form: LoginForm; invalid: boolean; t: T }) {
  const { password, setPassword, showPassword, setShowPassword, missing } = form;
  return (
    <div className="ot-account__field">
      <label htmlFor={id}>{t('header.login.password')}</label>
      <div className="ot-account__pw">
        <input
          id={id} name="password" type={showPassword ? 'text' : 'password'} autoComplete="current-password"
          className={cx('ot-account__input', invalid && 'is-invalid')} aria-invalid={invalid}
          aria-describedby={missing.password ? `${id}-req` : undefined}
          value={password} onChange={(e) => setPassword(e.target.value)}
        />
        <button
          type="button" className="ot-account__eye" aria-pressed={showPassword}
          aria-label={showPassword ? t('header.login.hidePassword') : t('header.login.showPassword')}
          onClick={() => setShowPassword((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {showPassword && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
        </button>
      </div>
      {missing.password && <p className="ot-field-error" id={`${id}-req`}>{t('header.login.required')}</p>}
    </div>
  );
}

/** The signed-out panel: email, password, forgot-password link, submit and register link (Enter submits). */
function SignInForm({ ids, form, invalid, pending, forgotUrl, registerUrl, emit, enabled, t }: {
  ids: { email: string; password: string }; form: LoginForm; invalid: { email: boolean; password: boolean }; pending: boolean;
  forgotUrl: string; registerUrl: string; emit: VocabularyProps['emit']; enabled: boolean; t: T;
}) {
  const { emailRef, email, setEmail, missing, onSubmit } = form;
  return (
    <form className="ot-account__form" noValidate onSubmit={onSubmit}>
      <p className="ot-account__title">{t('header.login.title')}</p>
      <div className="ot-account__field">
        <label htmlFor={ids.email}>{t('header.login.email')}</label>
        <input
          ref={emailRef} id={ids.email} name="email" type="text" inputMode="email" autoComplete="username" autoCapitalize="none" spellCheck={false}
          className={cx('ot-account__input', invalid.email && 'is-invalid')} aria-invalid={invalid.email}
          aria-describedby={missing.email ? `${ids.email}-req` : undefined}
          value={email} onChange={(e) => setEmail(e.target.value)}
        />
        {missing.email && <p className="ot-field-error" id={`${ids.email}-req`}>{t('header.login.required')}</p>}
      </div>
      <PasswordField id={ids.password} form={form} invalid={invalid.password} t={t} />
      <Link className="ot-link ot-link--inline ot-account__forgot" to={forgotUrl} onClick={() => void emit('close')}>{t('header.login.forgot')}</Link>
      <button type="submit" className={cx('ot-btn ot-btn--primary ot-btn--large ot-btn--block', pending && 'ot-btn--busy')} disabled={!enabled || pending} aria-busy={pending}>
        {t('header.login.submit')}
      </button>
      <p className="ot-account__register">
        {t('header.login.noAccount')}{' '}
        <Link className="ot-link ot-link--inline" to={registerUrl} onClick={() => void emit('close')}>{t('header.login.register')}</Link>
      </p>
    </form>
  );
}

/**
 * The header login dropdown (seed 001 §2): signed out, a "Log in" button opening email + password (show/hide
 * toggle), forgot-password link, submit and register link; signed in, the first name opening the full name
 * and a logout button. Emits `toggle`, `close` (outside click, Escape, a link followed), `submit` { email,
 * password } and `logout`. Enter submits (it is a form).
 */
export default function LoginMenu({
  user, authorized = false, open = false, failed = false, pending = false,
  forgotUrl, registerUrl, profileUrl, emit, enabled,
}: LoginMenuProps & VocabularyProps) {
  const t = useT();
  const root = useCloseOnOutside(open, emit);
  const panelId = useId();
  const ids = { email: useId(), password: useId(), error: useId() };
  const form = useLoginForm(open, authorized, emit);

  const firstName = user?.firstName ?? '';
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const invalid = { email: failed || form.missing.email, password: failed || form.missing.password };

  return (
    <div className={cx('ot-account', open && 'is-open')} ref={root}>
      <button
        type="button"
        className="ot-account__btn"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={authorized ? t('header.account', { name: fullName || firstName }) : t('header.login')}
        disabled={!enabled}
        onClick={() => void emit('toggle')}
      >
        {authorized ? (
          <span className="ot-account__initial" aria-hidden="true">{(firstName[0] ?? '?').toUpperCase()}</span>
        ) : (
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        )}
        <span className="ot-account__label">{authorized ? firstName : t('header.login')}</span>
      </button>
      {open && (
        <div className="ot-account__panel" id={panelId} role="dialog" aria-label={authorized ? fullName : t('header.login.title')}>
          {authorized ? (
            <SignedInPanel user={user} firstName={firstName} fullName={fullName} profileUrl={profileUrl} emit={emit} enabled={enabled} t={t} />
          ) : (
            <SignInForm ids={ids} form={form} invalid={invalid} pending={pending} forgotUrl={forgotUrl} registerUrl={registerUrl} emit={emit} enabled={enabled} t={t} />
          )}
        </div>
      )}
    </div>
  );
}
