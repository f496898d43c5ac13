/** Builds a Runtime (stores, api, dispatch, registry) — used by the boot and by tests. */
import type { ActionDef } from '../actions/define';
import { createStores, type Stores } from '../actions/stores';
import { ApiClient } from '../actions/api/client';
import { createDispatcher } from './dispatch';
import type { Runtime, Scope } from './context';
import type { ComponentRegistry } from './registry';

export interface RuntimeOptions {
  stores?: Stores;
  api?: ApiClient;
  actions: Map<string, ActionDef>;
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
    session: stores.session, catalog: stores.catalog, cart: stores.cart, checkout: stores.checkout, ui: stores.ui,
    route: o.route ? o.route() : { path: '/', params: {}, query: {} },
  });
  const dispatch = createDispatcher({ actions: o.actions, stores, api, navigate: o.navigate, baseScope, dev: o.dev, log: o.log });
  return { stores, api, dispatch, components: o.components, hasAction: (n) => o.actions.has(n), dev: o.dev };
}
