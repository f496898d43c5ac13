import { makeAutoObservable } from 'mobx';
import { translate, type Lang, type MessageParams, type Messages } from './i18n';

export interface SessionUser {
  customerId?: string;
  name?: string;
  email?: string;
  isLightAccount?: boolean;
  subaccountLogin?: boolean;
  otpLogin?: boolean;
  weakPassword?: boolean;
  emailNotSet?: boolean;
  [k: string]: unknown;
}

export class SessionStore {
  lang: Lang = 'sr';
  token: string | null = null;
  user: SessionUser | null = null;
  isAuthorized = false;
  rememberCheckout = false;
  /** the flat message map of the current language (schemas/messages/<lang>.json as served by /ui/messages/:lang) */
  messages: Messages = {};

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setLang(lang: Lang): void { this.lang = lang; }
  setMessages(messages: Messages): void { this.messages = messages; }
  setToken(token: string | null): void { this.token = token; }
  setUser(user: SessionUser | null): void {
    this.user = user;
    this.isAuthorized = user !== null;
  }
  setRememberCheckout(v: boolean): void { this.rememberCheckout = v; }

  /** Translate a message key in the current language. */
  t(key: string, params?: MessageParams): string {
    return translate(this.messages, key, params);
  }
}
