/**
 * Clicks on a server-drawn page before it is live (renderer/loader.ts records them, renderer/main.tsx replays them
 * once hydrated). The two scripts share only this shape, on `window`: the loader runs long before the app's chunks
 * arrive, and must not wait for a chunk of its own.
 */
export interface EarlyClicks {
  /** Stops recording and gives the buttons clicked so far, in order. */
  take(): Element[];
}

export const EARLY_CLICKS = '__shopEarlyClicks';
/** The root's attribute while it holds the server's markup not yet hydrated (server/ui/page.ts). */
export const SERVER_DRAWN = 'data-server-drawn';

/** Records clicks on the buttons of the server's markup until `take` (links, fields, labels work without script and
 *  are left to the browser). Installed by the loader, the first script the page runs. */
export function recordEarlyClicks(win: Window & { [EARLY_CLICKS]?: EarlyClicks }): void {
  const doc = win.document;
  const clicked: Element[] = [];
  const onClick = (e: MouseEvent) => {
    const root = doc.getElementById('root');
    if (!root?.hasAttribute(SERVER_DRAWN) || !(e.target instanceof Element)) return;
    const control = e.target.closest('a[href], input, select, textarea, label, summary, button, [role="button"]');
    if (!control || !root.contains(control) || !control.matches('button, [role="button"]') || control.closest('a[href]')) return;
    // not submitted by the browser (a form's button): its handler takes it when the page is live
    e.preventDefault();
    clicked.push(control);
  };
  doc.addEventListener('click', onClick, true);
  win[EARLY_CLICKS] = {
    take() {
      doc.removeEventListener('click', onClick, true);
      return clicked.splice(0);
    },
  };
}
