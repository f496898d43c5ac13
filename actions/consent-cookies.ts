/**
 * The cookie consent (seed 001 §9) and the data layer it gates. The choice is kept in the cookies `b2c_consent`
 * and `b2b_consent` (the segments' consents; the shop writes both with the same choice) for a year; until a
 * choice is made, and for what is not allowed, nothing reaches `window.dataLayer` (events are dropped, not queued).
 */
import type { CookieJar } from './api/language';
import type { CookieConsent } from './stores/ui';

export const CONSENT_COOKIES = ['b2c_consent', 'b2b_consent'] as const;
/** a year: 365 days (the cookie is rewritten on every choice) */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/** The shopper's choice as known now: the store's once it is read (consent.load), before that the cookie itself. */
export function currentConsent(stored: CookieConsent): CookieConsent {
  if (stored.decided || typeof document === 'undefined') return stored;
  return readConsent(document) ?? stored;
}

/** `necessary:1|analytics:0|marketing:1` → the choice; null when there is no (readable) b2c cookie. */
export function readConsent(doc: CookieJar): CookieConsent | null {
  const raw = doc.cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${CONSENT_COOKIES[0]}=`));
  if (!raw) return null;
  const parts = new Map(decodeURIComponent(raw.slice(CONSENT_COOKIES[0].length + 1)).split('|').map((p) => p.split(':') as [string, string]));
  if (parts.get('necessary') !== '1' || !parts.has('analytics') || !parts.has('marketing')) return null;
  return { decided: true, analytics: parts.get('analytics') === '1', marketing: parts.get('marketing') === '1' };
}

export function writeConsent(doc: CookieJar, c: { analytics: boolean; marketing: boolean }): void {
  const value = encodeURIComponent(`necessary:1|analytics:${c.analytics ? 1 : 0}|marketing:${c.marketing ? 1 : 0}`);
  for (const name of CONSENT_COOKIES) doc.cookie = `${name}=${value}; path=/; max-age=${CONSENT_MAX_AGE}; samesite=lax`;
}

export interface DataLayerEvent { event: string; [key: string]: unknown }
type DataLayerHost = { dataLayer?: unknown[] };

/**
 * Pushes an analytics event to `window.dataLayer`, only with the analytics consent; `delayMs` waits first
 * (seed 000 §9: the data-layer push 1000 ms, the checkout-step event 3000 ms) and checks the consent again then.
 */
export function pushEvent(consent: () => CookieConsent, e: DataLayerEvent, delayMs = 0, host: DataLayerHost | undefined = typeof window === 'undefined' ? undefined : (window as unknown as DataLayerHost)): void {
  const push = () => {
    if (!host || !consent().analytics) return;
    (host.dataLayer ??= []).push(e);
  };
  if (delayMs > 0) setTimeout(push, delayMs);
  else push();
}
