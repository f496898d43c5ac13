import { makeAutoObservable, observableRef, when } from 'mobx';
import { translate, type Lang, type MessageParams, type Messages } from './i18n';

/** The signed-in user (GET user info, seed 001 §3): the type generated from schemas/api/user.json. */
export type SessionUser = import('../../schemas/types/api.user').User;

export class SessionStore {
  lang: Lang = 'sr';
  token: string | null = null;
  user: SessionUser | null = null;
  isAuthorized = false;
  /** whether it is known who the session belongs to (the boot's user check finished, or a user was set) */
  userKnown = false;
  rememberCheckout = false;
  /** the header login dropdown is open */
  loginMenuOpen = false;
  /** a sign-in is in flight */
  loginPending = false;
  /** the last sign-in failed: both login fields are marked invalid */
  loginFailed = false;
  /** the server's message of the last failed sign-in (shown on the login screen) */
  loginError: string | null = null;
  /** the flat message map of the current language (schemas/messages/<lang>.json as served by /ui/messages/:lang) */
  messages: Messages = {};

  constructor() {
    // the message map is replaced whole (setMessages), never edited: observed by reference, not converted key by
    // key into observables (some 1,500 keys, tens of milliseconds of a phone's first render)
    makeAutoObservable(this, { messages: observableRef }, { autoBind: true });
  }

  get firstName(): string {
    return this.user?.firstName ?? '';
  }
  get fullName(): string {
    const u = this.user;
    if (!u) return '';
    return [u.firstName, u.lastName].filter(Boolean).join(' ');
  }
  get roles(): string[] { return this.user?.roles ?? []; }
  /** known to be signed out (the boot's user check finished without a user) */
  get isAnonymous(): boolean { return this.userKnown && !this.isAuthorized; }

  setLang(lang: Lang): void { this.lang = lang; }
  setMessages(messages: Messages): void { this.messages = messages; }
  setToken(token: string | null): void { this.token = token; }
  setUser(user: SessionUser | null): void {
    this.user = user;
    this.isAuthorized = user !== null;
    this.userKnown = true;
  }
  setUserKnown(): void { this.userKnown = true; }
  setRememberCheckout(v: boolean): void { this.rememberCheckout = v; }
  setLoginMenuOpen(open: boolean): void { this.loginMenuOpen = open; }
  setLoginPending(v: boolean): void { this.loginPending = v; }
  /** Marks (message) or clears (null) a failed sign-in. */
  setLoginFailure(message: string | null): void {
    this.loginFailed = message !== null;
    this.loginError = message;
  }

  /** Translate a message key in the current language. */
  t(key: string, params?: MessageParams): string {
    return translate(this.messages, key, params, this.lang);
  }
}

/** How long an action waits for the boot's user check. */
export const USER_WAIT_MS = 15_000;

/**
 * Waits (at most USER_WAIT_MS) until it is known who the session belongs to: after a reload the boot's user check may
 * still be running, and until it ends a signed-in customer looks anonymous.
 */
export async function userKnown(session: SessionStore): Promise<void> {
  if (!session.userKnown) await when(() => session.userKnown, { timeout: USER_WAIT_MS }).catch(() => {});
}
