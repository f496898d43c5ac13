/** Builds a Runtime (stores, api, dispatch, registry) — used by the boot and by tests. */
import { actionGroupsOf, loadGroupsOf, type ActionSource } from '../actions/lazy-registry';
import { createStores, storeScope, type Stores } from '../actions/stores';
import { ApiClient } from '../actions/api/client';
import { createDispatcher } from './dispatch';
import type { Runtime, Scope } from './context';
import type { ComponentRegistry } from './registry';

export interface RuntimeOptions {
  stores?: Stores;
  api?: ApiClient;
  actions: ActionSource;
  components: ComponentRegistry;
  navigate(to: string, opts?: { replace?: boolean }): void;
  route?: () => Scope['route'];
  /** the address's path now (main.tsx: the browser's location), for the dispatcher's guard of replaced addresses */
  currentPath?: () => string;
  dev: boolean;
  log?: (...a: unknown[]) => void;
  /**
   * The browser's boot: a screen's groups that only its handlers use (a click, a change) wait for the shopper's
   * first interaction (`interacted()`), so a page loads only the actions its first view runs. Off: every group a
   * screen names loads with it (the server's drawing, tests).
   */
  deferHandlers?: boolean;
}

export function createRuntime(o: RuntimeOptions): Runtime {
  const stores = o.stores ?? createStores();
  const api = o.api ?? new ApiClient({ stores });
  const baseScope = (): Scope => ({
    ...storeScope(stores),
    route: o.route ? o.route() : { path: '/', params: {}, query: {} },
  });
  const dispatch = createDispatcher({ actions: o.actions, stores, api, navigate: o.navigate, baseScope, currentPath: o.currentPath, dev: o.dev, log: o.log });
  const actions = o.actions;
  const load = (groups: Iterable<string>) => Promise.all([...groups].map((g) => actions.load!(`${g}.*`))).then(() => undefined);
  // the groups put off until the first interaction (null once it happened)
  let waiting: Set<string> | null = o.deferHandlers ? new Set() : null;
  const preloadActions = actions.load
    ? (doc: unknown, opts?: { defer?: boolean }) => {
      if (!waiting || !opts?.defer) return load(actionGroupsOf(doc));
      const now = loadGroupsOf(doc);
      for (const g of actionGroupsOf(doc)) if (!now.includes(g)) waiting.add(g);
      return load(now);
    }
    : undefined;
  const interacted = () => {
    if (!waiting) return;
    const later = waiting;
    waiting = null;
    if (actions.load) load(later).catch(() => undefined);
  };
  return { stores, api, dispatch, idle: dispatch.idle, components: o.components, hasAction: (n) => actions.has(n), dev: o.dev, preloadActions, interacted, firstLoad: { key: null } };
}
