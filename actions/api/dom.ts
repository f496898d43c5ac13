/** Small browser helpers for actions; safe to import in Node (no globals touched at module load). */
export function scrollToTop(): void {
  if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** Scrolls the page breadcrumbs (an element with [data-breadcrumbs], or nav.breadcrumbs) into view. */
export function scrollBreadcrumbsIntoView(): void {
  if (typeof document === 'undefined') return;
  const el = document.querySelector('[data-breadcrumbs], nav[aria-label="breadcrumb"], .ot-breadcrumbs, .breadcrumbs');
  if (el && typeof (el as HTMLElement).scrollIntoView === 'function') (el as HTMLElement).scrollIntoView({ behavior: 'smooth', block: 'start' });
  else scrollToTop();
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
