// The scroll of a step change inside a page (the device page's steps): the step indicator and the new step's heading
// both in view under the sticky header (its drawn height is --ot-header-offset, set by the Header component).

/** What stays clear under the sticky header (px). */
const GAP = 8;

/** The sticky header's drawn height (0 when there is none). */
export function headerOffset(): number {
  const header = document.querySelector('.ot-header');
  return header ? header.getBoundingClientRect().height : 0;
}

/**
 * Scrolls so that `top` (the breadcrumbs or the step indicator) sits under the sticky header, when the new step's
 * heading then still ends inside the window; when both do not fit, the step indicator is given up before the heading
 * (the heading goes under the header). The step's heading: the heading that holds focus, else the first h2 drawn after
 * `top` in the main landmark. The page's own scroll-behavior applies (smooth, none with reduced motion).
 */
export function scrollStepIntoView(top: HTMLElement | null): void {
  if (!top || typeof window === 'undefined' || typeof window.scrollTo !== 'function') return;
  const clear = headerOffset() + GAP;
  const main = top.closest('main') ?? document.getElementById('main-content') ?? document.body;
  const focused = document.activeElement;
  const after = (selector: string) => [...main.querySelectorAll<HTMLElement>(selector)]
    .find((el) => el.getClientRects().length > 0 && (top.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING));
  const heading = focused instanceof HTMLElement && /^H[1-4]$/.test(focused.tagName) && main.contains(focused) ? focused : after('h2');
  const indicator = after('.ot-progress');
  const y = (el: Element) => el.getBoundingClientRect().top + window.scrollY;
  const fits = (from: number) => !heading || y(heading) + heading.getBoundingClientRect().height - from <= window.innerHeight - clear;
  let target: number;
  if (fits(y(top))) target = y(top);
  else if (indicator && fits(y(indicator))) target = y(indicator);
  else target = heading ? y(heading) : y(top);
  window.scrollTo({ top: Math.max(0, target - clear) });
}
