/** Builds a Runtime (stores, api, dispatch, registry) — used by the boot and by tests. */
import { actionGroupsOf, type ActionSource } from '../actions/lazy-registry';
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
  dev: boolean;
  log?: (...a: unknown[]) => void;
}

export function createRuntime(o: RuntimeOptions): Runtime {
  const stores = o.stores ?? createStores();
  const api = o.api ?? new ApiClient({ stores });
  const baseScope = (): Scope => ({
    ...storeScope(stores),
    route: o.route ? o.route() : { path: '/', params: {}, query: {} },
  });
  const dispatch = createDispatcher({ actions: o.actions, stores, api, navigate: o.navigate, baseScope, dev: o.dev, log: o.log });
  const actions = o.actions;
  const preloadActions = actions.load
    ? (doc: unknown) => Promise.all(actionGroupsOf(doc).map((g) => actions.load!(`${g}.*`))).then(() => undefined)
    : undefined;
  return { stores, api, dispatch, components: o.components, hasAction: (n) => actions.has(n), dev: o.dev, preloadActions, firstLoad: { key: null } };
}
