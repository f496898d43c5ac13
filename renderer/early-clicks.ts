/**
 * Clicks on a server-drawn page before it is live (renderer/loader.ts records them, renderer/main.tsx replays them
 * once hydrated). The two scripts share only this shape, on `window`: the loader runs long before the app's chunks
 * arrive, and must not wait for a chunk of its own.
 */
export interface EarlyClicks {
  /** The buttons clicked and not taken yet, in order; recording goes on until `stop` (clicks made while the earlier
   *  ones are replayed queue behind them). */
  take(): Element[];
  /** Clicks `el` past the recorder (a replay reaches React). */
  replay(el: HTMLElement): void;
  /** The kept button as the page has it now: itself while in the page, else the button at its place with its label
   *  (React drew that part again, e.g. after a hydration mismatch), else null. */
  locate(el: Element): Element | null;
  /** Stops recording: from now on a click is React's alone. */
  stop(): void;
  /** Stops recording and gives the choices made in the markup's selects so far (the last one per select). */
  takeChoices(): Array<[HTMLSelectElement, string]>;
}

export const EARLY_CLICKS = '__shopEarlyClicks';
/** The root's attribute while it holds the server's markup not yet hydrated (server/ui/page.ts). */
export const SERVER_DRAWN = 'data-server-drawn';

/** Records clicks on the buttons of the server's markup until `stop` (links, fields, labels work without script and
 *  are left to the browser) and the choices in its selects until `takeChoices`. Installed by the loader, the first
 *  script the page runs.
 *
 *  A click is kept from React while the page hydrates too, and replayed after the clicks before it: were React given
 *  the clicks once hydration began, a click made then (add to cart) was handled at once, before an earlier one kept
 *  for replay (the payment type), and the phone went to the cart with the payment type the shopper had changed. */
export function recordEarlyClicks(win: Window & { [EARLY_CLICKS]?: EarlyClicks }): void {
  const doc = win.document;
  const clicked: Element[] = [];
  // where each kept button was (child indexes from the root) and what it said, to find it again if React redraws it
  const where = new WeakMap<Element, { path: number[]; label: string }>();
  const labelOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  let passing = false;
  // from the first `take` to `stop`: the page is live and its kept clicks are being replayed
  let replaying = false;
  const onClick = (e: MouseEvent) => {
    const root = doc.getElementById('root');
    if (passing || !(e.target instanceof Element) || !root) return;
    // the server's markup, hydrating or not (the mark goes at the commit), then until the replay has ended
    if (!root.hasAttribute(SERVER_DRAWN) && !replaying) return;
    const control = e.target.closest('a[href], input, select, textarea, label, summary, button, [role="button"]');
    if (!control || !root.contains(control) || !control.matches('button, [role="button"]') || control.closest('a[href]')) return;
    // not submitted by the browser (a form's button), nor seen by React: its handler takes it when replayed
    e.preventDefault();
    e.stopPropagation();
    clicked.push(control);
    const path: number[] = [];
    for (let n: Element = control; n !== root && n.parentElement; n = n.parentElement) path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
    where.set(control, { path, label: labelOf(control) });
  };
  doc.addEventListener('click', onClick, true);
  // A select's choice is kept until the page is live, and React sees neither its input nor its change event
  // meanwhile: once hydration has begun, the input event made React finish hydrating at once, inside the event, so
  // the boot announced the choice (a navigation) and React's controlled select drew the old value again before the
  // browser's change event followed with that old value (a sort chosen during hydration ended on "relevance"). The
  // boot puts the choice back and announces it once, when the page is live.
  const chosen = new Map<HTMLSelectElement, string>();
  const onChange = (e: Event) => {
    const root = doc.getElementById('root');
    const select = e.target;
    if (!root?.hasAttribute(SERVER_DRAWN) || !(select instanceof HTMLSelectElement) || select.multiple || !root.contains(select)) return;
    e.stopPropagation();
    chosen.set(select, select.value);
  };
  doc.addEventListener('input', onChange, true);
  doc.addEventListener('change', onChange, true);
  win[EARLY_CLICKS] = {
    take() {
      replaying = true;
      return clicked.splice(0);
    },
    replay(el) {
      passing = true;
      try { el.click(); } finally { passing = false; }
    },
    locate(el) {
      if (el.isConnected) return el;
      const w = where.get(el);
      let n: Element | null | undefined = doc.getElementById('root');
      if (!w || !n) return null;
      for (const i of w.path) { n = n.children[i]; if (!n) return null; }
      return n.matches('button, [role="button"]') && labelOf(n) === w.label ? n : null;
    },
    stop() {
      doc.removeEventListener('click', onClick, true);
      replaying = false;
      clicked.length = 0;
    },
    takeChoices() {
      doc.removeEventListener('input', onChange, true);
      doc.removeEventListener('change', onChange, true);
      const choices = [...chosen];
      chosen.clear();
      return choices;
    },
  };
}

