/**
 * The browser's limit for a lazily loaded part of the shop (seed 000 §8: "A lazy part that does not load within 120 s
 * times out"). A component's chunk (renderer/registry.ts), an action group's chunk (actions/lazy-registry.ts) and a
 * screen's documents (renderer/router.tsx) that have not come within this time fail with the shop's load-error text
 * (`error.loadFailed`) and a "Pokušaj ponovo" button that loads them again without reloading the page.
 * This is the one place to change it (beside the other browser timings of stores/ui.ts).
 */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

/** A lazily loaded part that did not come within LAZY_LOAD_TIMEOUT_MS. */
export class LazyLoadTimeout extends Error {
  constructor(readonly part: string, readonly ms: number) {
    super(`${part} did not load within ${ms} ms`);
    this.name = 'LazyLoadTimeout';
  }
}

/** `load` as it is, or a LazyLoadTimeout once `ms` passed without it settling (the timer is cleared when it does). */
export function withLoadTimeout<T>(load: Promise<T>, part: string, ms: number = LAZY_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new LazyLoadTimeout(part, ms)), ms);
  });
  return Promise.race([load, limit]).finally(() => clearTimeout(timer));
}
