import { createContext } from 'react';
import type { Stores } from '../actions/stores';
import type { ApiClient } from '../actions/api/client';
import type { ActionCall } from './types';
import type { ComponentRegistry } from './registry';

export type Scope = Record<string, unknown>;
export type DispatchFn = (calls: ActionCall | ActionCall[], scope?: Scope, event?: unknown) => Promise<boolean>;

/** Everything the node renderer needs; one per app (tests build their own). */
export interface Runtime {
  stores: Stores;
  api: ApiClient;
  dispatch: DispatchFn;
  /** resolves when no dispatched call is running (nested calls included) */
  idle?(): Promise<void>;
  components: ComponentRegistry;
  /** does an action of this name exist? */
  hasAction(name: string): boolean;
  /** development mode: unknown names render a visible error box instead of being skipped */
  dev: boolean;
  /** starts loading the lazy action groups a document references (a screen, layout or modal being entered);
   *  `defer` (a screen): before the shopper's first interaction only the groups its `load` runs, the rest after it */
  preloadActions?(doc: unknown, opts?: { defer?: boolean }): Promise<void>;
  /** the shopper's first interaction (pointer, key, focus): the action groups put off by `defer` load now */
  interacted?(): void;
  /**
   * The screen load the boot already ran with the page's data (renderer/main.tsx): the key of screen + route +
   * language; the first LayoutRoute effect with the same key does not run it again.
   */
  firstLoad?: { key: string | null };
}

export const RuntimeContext = createContext<Runtime | null>(null);
export const ScopeContext = createContext<Scope>({});
