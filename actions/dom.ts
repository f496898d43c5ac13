/** Small browser helpers for actions; safe to import in Node (no globals touched at module load). */
export function scrollToTop(): void {
  if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** Scrolls to the top when the window is at most `maxWidth` px wide. */
export function scrollToTopIfNarrow(maxWidth: number): void {
  if (typeof window !== 'undefined' && window.innerWidth <= maxWidth) scrollToTop();
}

export function assignLocation(url: string): void {
  if (typeof window !== 'undefined') window.location.assign(url);
}

export function historyBack(): void {
  if (typeof window !== 'undefined') window.history.back();
}

export function getDocumentCookieJar(): { cookie: string } | null {
  return typeof document !== 'undefined' ? document : null;
}

export function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

const PENDING_ORDER_KEY = 'orbita.pendingOrder';

/** The order whose card payment was opened in this tab (sessionStorage): the overview reopens its cart when the shopper
 *  comes back from the gateway page without paying. null clears it. */
export function rememberPendingOrder(code: string | null): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (code) sessionStorage.setItem(PENDING_ORDER_KEY, code);
    else sessionStorage.removeItem(PENDING_ORDER_KEY);
  } catch { /* storage disabled: the shopper uses "Pokušaj ponovo" instead */ }
}

export function pendingOrder(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(PENDING_ORDER_KEY);
  } catch {
    return null;
  }
}
