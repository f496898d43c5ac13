/**
 * Hooks for component authors. Signatures are stable:
 *   useStores(): Stores
 *   useT(): (key: string, params?: Record<string, unknown>) => string
 *   useMoney(): { format(m: Money | number | null | undefined): string }
 *   useDispatch(): (calls: ActionCall | ActionCall[], event?: unknown) => Promise<boolean>
 *   useScope(): Record<string, unknown>
 */
import { useCallback, useContext } from 'react';
import type { Stores, Money } from '../actions/stores';
import { formatMoney, type MessageParams } from '../actions/stores/i18n';
import { RuntimeContext, ScopeContext, type Runtime, type Scope } from './context';
import type { ActionCall } from './types';

export function useRuntime(): Runtime {
  const rt = useContext(RuntimeContext);
  if (!rt) throw new Error('useRuntime: no RuntimeContext (render inside <RuntimeProvider>)');
  return rt;
}

export function useStores(): Stores {
  return useRuntime().stores;
}

/** t(key, params?) in the current language; plural objects choose one/few/other by params.count (Serbian rule). */
export function useT(): (key: string, params?: MessageParams) => string {
  const { session } = useStores();
  // reading session.messages inside an observer subscribes it to language changes
  const messages = session.messages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `messages` is not read here (session.t reads it) but gives t a new identity when the language's messages change, so memos and effects that list t (the page title) run again
  return useCallback((key: string, params?: MessageParams) => session.t(key, params), [session, messages]);
}

export interface MoneyFormatter {
  /** Money → its value formatted for the current language ("12.999,00 RSD"); a number is taken as RSD. */
  format(m: Money | number | null | undefined): string;
}

export function useMoney(): MoneyFormatter {
  const { session } = useStores();
  const lang = session.lang;
  return {
    format(m) {
      if (m === null || m === undefined) return '';
      const value = typeof m === 'number' ? m : m.value;
      return formatMoney(value, lang);
    },
  };
}

/** Run actions by name from code, within the current scope. */
export function useDispatch(): (calls: ActionCall | ActionCall[], event?: unknown) => Promise<boolean> {
  const rt = useRuntime();
  const scope = useContext(ScopeContext);
  return useCallback((calls, event) => rt.dispatch(calls, scope, event), [rt, scope]);
}

/** The scope of the node being drawn: { session, catalog, cart, checkout, ui, route, item?, index?, modal? }. */
export function useScope(): Scope {
  return useContext(ScopeContext);
}
