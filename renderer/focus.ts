/**
 * Focus management of the shop (WCAG 2.4.3 focus order, 4.1.3 status messages):
 * - after a route change focus moves to the new page's first heading (`h1` in the main landmark, else the landmark)
 *   and the page's title is announced in a polite live region;
 * - after a user's action replaced the control that had focus (focus fell to the page body), a heading that
 *   appears with the new content takes focus (`claimFocusForNewHeading`, called by the Heading component): the
 *   added-to-cart confirmation, the next step of the device page;
 * - the skip link focuses the main landmark (`focusMain`).
 * A field the new page focuses itself (autofocus) keeps focus; only the title is announced.
 * Nothing here steals focus on the first page load or from a control the shopper moved to meanwhile.
 */

const MAIN_ID = 'main-content';
/** how long a route change waits for the new page's heading before it focuses main (the h1 still gets it when drawn) */
const HEADING_WAIT_MS = 10_000;

let lastPath: string | null = null;
/** the shopper pressed a key or a pointer since the page was entered (a heading appearing after that follows an action) */
let acted = false;
let listening = false;
/** the address at the moment the focused element got focus (an autofocus of the new page has the new address) */
let focusPath: string | null = null;
/** a route change waiting for its page's h1 (`onMain`: the wait ran out and focus went to main meanwhile) */
let pending: { observer: MutationObserver; timer: ReturnType<typeof setTimeout>; onMain: boolean } | null = null;

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  const mark = () => { acted = true; };
  document.addEventListener('keydown', mark, true);
  document.addEventListener('pointerdown', mark, true);
  document.addEventListener('focusin', () => { focusPath = location.pathname; }, true);
}

/** Focus is nowhere in particular: on the body, or on an element no longer in the document. */
export function focusLost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || a === document.documentElement || !a.isConnected;
}

function main(): HTMLElement | null {
  return document.getElementById(MAIN_ID);
}

function focusWithoutScrollJump(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex') && !el.matches('a[href], button, input, select, textarea')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/** Where focus goes when what held it is gone (a modal's opener redrawn while the modal was open): the page's h1,
 * else the main landmark, without scrolling. */
export function focusPageStart(): void {
  const m = main();
  const h = m?.querySelector<HTMLElement>('h1') ?? m;
  if (h) focusWithoutScrollJump(h);
}

/** The skip link's target: the main landmark (the next Tab goes to the page's first control). */
export function focusMain(): void {
  const m = main();
  if (!m) return;
  focusWithoutScrollJump(m);
  m.scrollIntoView?.({ block: 'start' });
}

function announce(text: string): void {
  let region = document.getElementById('sdui-route-announcer');
  if (!region) {
    region = document.createElement('div');
    region.id = 'sdui-route-announcer';
    region.className = 'ot-sr-only';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    document.body.appendChild(region);
  }
  region.textContent = text;
}

function stopWaiting(): void {
  if (!pending) return;
  pending.observer.disconnect();
  clearTimeout(pending.timer);
  pending = null;
}

/**
 * Called by the router after every render of a page with its path. The first call (the page load) and a `samePage`
 * one (the address replaced on the screen shown) only record the path; a later call with another path moves focus to the new page's heading once it is drawn and
 * announces `announcement()` (the page title, read when the heading is found).
 */
export function routeEntered(path: string, announcement: () => string, samePage = false): void {
  if (typeof document === 'undefined') return;
  listen();
  if (lastPath === null || lastPath === path || samePage) {
    lastPath = path;
    return;
  }
  lastPath = path;
  acted = false;
  stopWaiting();
  const focusedBefore = document.activeElement;
  // a control of the new page that took focus as it was drawn (a form's autofocus field) keeps it
  if (focusedBefore && focusedBefore !== document.body && main()?.contains(focusedBefore) && focusPath === location.pathname && focusedBefore !== main()) {
    announce(announcement());
    return;
  }
  // focus may be taken only while it is where the route change left it
  const untouched = () => focusLost() || document.activeElement === focusedBefore || document.activeElement === main();
  let announced = false;
  // the new page's h1 takes focus once it is drawn and no dialog is open (a dialog closing with the route change,
  // e.g. "Nastavi kao gost", is waited for: its removal is a mutation too)
  const attempt = (): boolean => {
    const h = main()?.querySelector<HTMLElement>('h1') ?? null;
    if (!h || document.querySelector('[aria-modal="true"]')) return false;
    stopWaiting();
    if (untouched()) focusWithoutScrollJump(h);
    if (!announced) announce(announcement());
    return true;
  };
  if (attempt()) return;
  const observer = new MutationObserver(() => { attempt(); });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => {
    // no h1 yet: focus goes to the main landmark; the observer stays until the h1 comes or the route changes
    if (!pending) return;
    pending.onMain = true;
    const m = main();
    if (m && untouched() && !document.querySelector('[aria-modal="true"]')) focusWithoutScrollJump(m);
    announce(announcement());
    announced = true;
  }, HEADING_WAIT_MS);
  pending = { observer, timer, onMain: false };
}

/**
 * A heading just drawn asks for focus: it gets it when the shopper acted since the page was entered and focus
 * fell to the body (the control they used was replaced), and no route change is placing focus.
 */
export function claimFocusForNewHeading(el: HTMLElement): void {
  if (typeof document === 'undefined' || !acted || (pending && !pending.onMain) || !focusLost()) return;
  if (document.querySelector('[aria-modal="true"]')) return;
  acted = false;
  focusWithoutScrollJump(el);
  el.scrollIntoView?.({ block: 'nearest' });
}
