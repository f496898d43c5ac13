// The boot's side of renderer/early-clicks.ts: replaying what the loader kept. A module of its own, imported by the
// boot only: the loader must stay one chunk, so nothing the boot needs may share a module with it (a shared chunk would
// be a request the loader waits for before it keeps any click).
import type { EarlyClicks } from './early-clicks';

/**
 * Replays the kept clicks in order — `first`, then those kept meanwhile, until none is left — each after the previous
 * one's actions have settled (`settle`), then stops recording (React has the clicks from then on). The last look for
 * kept clicks and the stop happen in one task, so no click falls between them (one made after the boot took the first
 * ones and before this ran was dropped when `first` was empty: a CI run's "Učitaj još" did nothing).
 */
export async function replayEarlyClicks(early: EarlyClicks, first: Element[], settle: () => Promise<unknown>): Promise<void> {
  try {
    let clicks = first;
    do {
      for (const kept of clicks) {
        // a button React drew again (a part of the page it could not hydrate) is found at its place by its label
        const el = early.locate(kept);
        if (!el || (el as HTMLButtonElement).disabled) continue;
        early.replay(el as HTMLElement);
        await settle();
      }
      clicks = early.take();
    } while (clicks.length > 0);
  } finally {
    early.stop();
  }
}
