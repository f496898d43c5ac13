// How the API client's token handling waits and remembers (actions/api/client.ts): the reload guard of a refused
// refresh, the retry time of a failed token answer, and where the reload marker is kept.

/** A reload for a refused refresh happens at most once in this time per tab (sessionStorage marker). */
export const RELOAD_GUARD_MS = 60_000;
export const RELOAD_MARKER = 'orbita.tokenReload';
/** How long a failed token answer is kept when the server names no Retry-After. */
export const TOKEN_RETRY_MS = 10_000;

/** The tab's sessionStorage, or null where there is none or the browser refuses it. */
export function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  // a browser that refuses storage (privacy settings) throws on the property read
  try { return typeof sessionStorage === 'undefined' ? null : sessionStorage; } catch { return null; }
}

/** The Retry-After of a refused token answer, in ms (TOKEN_RETRY_MS when it names none). */
export function retryAfterMs(res: Response | null): number {
  const v = Number(res?.headers.get('retry-after'));
  return Number.isFinite(v) && v > 0 ? v * 1000 : TOKEN_RETRY_MS;
}
