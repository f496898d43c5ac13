// The scripts of a page the server drew (server/ui/page.ts): the page is on screen before any of them runs, so they
// are fetched after its first frame has been painted, and the style sheets, the fonts and the LCP image never wait
// behind them. The page names them in a JSON block (id "deferred-modules"): the entry and the chunks its first
// screen uses, preloaded together so that they arrive in parallel rather than one import after another.
// Until the page is live, clicks on its buttons are kept (renderer/early-clicks.ts) and replayed by the boot.
import { recordEarlyClicks } from './early-clicks';

interface Deferred { entry: string; preload: string[] }

recordEarlyClicks(window);

/** Preload links added per task: each costs the browser a few milliseconds of main thread on a slow phone (a page
 *  has twenty and more), so they are added in short tasks rather than one long one. */
const PRELOADS_PER_TASK = 6;

function load(): void {
  const block = document.getElementById('deferred-modules');
  if (!block?.textContent) return;
  const { entry, preload } = JSON.parse(block.textContent) as Deferred;
  const addFrom = (from: number): void => {
    for (const href of preload.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + PRELOADS_PER_TASK < preload.length) {
      setTimeout(() => addFrom(from + PRELOADS_PER_TASK), 0);
      return;
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  addFrom(0);
}

// a frame callback runs just before the frame is painted; a task queued from it runs after the paint
requestAnimationFrame(() => setTimeout(load, 0));
