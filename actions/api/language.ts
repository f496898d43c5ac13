/** Language choice (seed 000/001): Serbian by default; English with cookie b2c_enFlow=true (30 min) or a URL suffix. */
import type { Lang } from '../stores/i18n';

export const LANG_COOKIE = 'b2c_enFlow';
export const LANG_COOKIE_MAX_AGE = 30 * 60;
export const ENG_SUFFIX = '-eng';

export interface CookieJar { cookie: string }

export function hasEnCookie(doc: CookieJar): boolean {
  return doc.cookie.split(';').some((c) => c.trim() === `${LANG_COOKIE}=true`);
}

export function setEnCookie(doc: CookieJar, on: boolean): void {
  doc.cookie = on
    ? `${LANG_COOKIE}=true; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`
    : `${LANG_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** Does the address ask for English (`lang=en` in the query, or a path ending in `-eng`)? */
export function urlAsksEnglish(pathname: string, search: string): boolean {
  return new URLSearchParams(search).get('lang') === 'en' || pathname.endsWith(ENG_SUFFIX);
}

/** The path without the language suffix (routes are declared without it). */
export function stripLangSuffix(pathname: string): string {
  return pathname.endsWith(ENG_SUFFIX) ? pathname.slice(0, -ENG_SUFFIX.length) || '/' : pathname;
}

/** Decide the language at boot; sets the cookie when the address asks for English. */
export function detectLanguage(doc: CookieJar, pathname: string, search: string): Lang {
  if (urlAsksEnglish(pathname, search)) {
    setEnCookie(doc, true);
    return 'en';
  }
  return hasEnCookie(doc) ? 'en' : 'sr';
}
