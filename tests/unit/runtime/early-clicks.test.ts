// Clicks on a server-drawn page before it is live (renderer/early-clicks.ts keeps them, renderer/replay-clicks.ts
// replays them): in order, none lost, none seen twice by the page's own handlers.
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_CLICKS, SERVER_DRAWN, recordEarlyClicks, type EarlyClicks } from '../../../renderer/early-clicks';
import { replayEarlyClicks } from '../../../renderer/replay-clicks';

type Win = Window & { [EARLY_CLICKS]?: EarlyClicks };

function page(): { early: EarlyClicks; root: HTMLElement; a: HTMLButtonElement; b: HTMLButtonElement; seen: string[] } {
  document.body.innerHTML = `<div id="root" ${SERVER_DRAWN}><button id="a">A</button><button id="b">B</button></div>`;
  const root = document.getElementById('root')!;
  const seen: string[] = [];
  // the app's handler (React listens on the root)
  root.addEventListener('click', (e) => seen.push((e.target as HTMLElement).id));
  recordEarlyClicks(window as Win);
  return { early: (window as Win)[EARLY_CLICKS]!, root, a: root.querySelector('#a')!, b: root.querySelector('#b')!, seen };
}

afterEach(() => { (window as Win)[EARLY_CLICKS]?.stop(); });

describe('early clicks', () => {
  it('are kept from the page while it is server-drawn and replayed in order once it is live', async () => {
    const { early, root, a, b, seen } = page();
    a.click();
    b.click();
    expect(seen).toEqual([]);
    root.removeAttribute(SERVER_DRAWN);
    const first = early.take();
    await replayEarlyClicks(early, first, async () => {});
    expect(seen).toEqual(['a', 'b']);
    // live: a click is the page's alone, once
    a.click();
    expect(seen).toEqual(['a', 'b', 'a']);
  });

  it('a click after the boot took the kept ones and before the replay ran is replayed, not dropped (none were kept before it)', async () => {
    const { early, root, b, seen } = page();
    root.removeAttribute(SERVER_DRAWN);
    const first = early.take();
    expect(first).toEqual([]);
    b.click(); // the page is live, the replay has not run yet: kept behind the others
    expect(seen).toEqual([]);
    await replayEarlyClicks(early, first, async () => {});
    expect(seen).toEqual(['b']);
  });

  it('a click made while an earlier one is replayed waits for it', async () => {
    const { early, root, a, b, seen } = page();
    a.click();
    root.removeAttribute(SERVER_DRAWN);
    const first = early.take();
    await replayEarlyClicks(early, first, async () => {
      // the shopper clicks B while A's actions run: not the page's yet
      if (seen.length === 1) { b.click(); expect(seen).toEqual(['a']); }
    });
    expect(seen).toEqual(['a', 'b']);
  });

  it('a kept button React drew again (a part it could not hydrate) is replayed on the new one at its place; a different one is not clicked', async () => {
    const { early, root, a, b, seen } = page();
    a.click();
    b.click();
    // React renders the root again from scratch: the same buttons, new elements; the second now says something else
    root.innerHTML = '<button id="a2">A</button><button id="b2">B changed</button>';
    root.removeAttribute(SERVER_DRAWN);
    expect(a.isConnected).toBe(false);
    await replayEarlyClicks(early, early.take(), async () => {});
    expect(seen).toEqual(['a2']);
  });
});
