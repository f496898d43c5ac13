/**
 * Runs action calls in order, stopping at the first failure: resolves args ($bind / message) against the scope
 * (which gains /event = the payload the component emitted), checks them with the eval-free evaluator, runs.
 */
import type { ActionSource } from '../actions/lazy-registry';
import { ActionError, type ActionDef } from '../actions/define';
import type { Stores } from '../actions/stores';
import type { ApiClient } from '../actions/api/client';
import { ApiError } from '../actions/api/errors';
import { explain } from '../core/conditions';
import { resolveValue } from './resolve';
import type { ActionCall } from './types';
import type { DispatchFn, Scope } from './context';

export interface DispatcherDeps {
  /** a Map of every action (tests, studio) or the shop's lazy groups (actions/lazy-registry.ts) */
  actions: ActionSource;
  stores: Stores;
  api: ApiClient;
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** the base scope (stores + route); the caller's scope overrides it */
  baseScope(): Scope;
  /** the address's path now (the browser's location; default: the base scope's route) */
  currentPath?(): string | undefined;
  dev: boolean;
  log?: (...a: unknown[]) => void;
}

/** A dispatcher, and a promise of the moment no call it was given is still running (nested calls included). */
export type Dispatcher = DispatchFn & { idle(): Promise<void> };

type Log = (...a: unknown[]) => void;

/** Whether the call may run: a known action with valid args (otherwise it is logged, and shown in development). */
function checkCall(deps: DispatcherDeps, log: Log, call: ActionCall, args: Record<string, unknown>, def: ActionDef | undefined): def is ActionDef {
  if (!def) {
    log(`[dispatch] unknown action "${call.action}"`);
    if (deps.dev) deps.stores.ui.showToast({ kind: 'error', message: 'error.unknownAction', params: { name: call.action } });
    return false;
  }
  const problem = explain(def.args, args);
  if (problem) {
    log(`[dispatch] invalid args for "${call.action}": ${problem}`, args);
    if (deps.dev) deps.stores.ui.showToast({ kind: 'error', message: 'error.invalidArgs', params: { name: call.action, problem } });
    return false;
  }
  return true;
}

/**
 * The navigate a call gets. A replaced address records what the page shows (a device page's chosen tariff). A call
 * whose page the shopper has left since it began (a load settling after a search submitted elsewhere) must not
 * replace the new page's address with its own: that would take the shopper back. Its own navigations move "from".
 */
function navigateOf(deps: DispatcherDeps, fullScope: Scope): (to: string, opts?: { replace?: boolean }) => void {
  let from = (fullScope.route as { path?: string } | undefined)?.path;
  const now = () => deps.currentPath?.() ?? (deps.baseScope().route as { path?: string } | undefined)?.path;
  return (to, opts) => {
    if (opts?.replace && from !== undefined && now() !== undefined && now() !== from) return;
    deps.navigate(to, opts);
    from = to.split(/[?#]/)[0];
  };
}

/** Tells the shopper a call failed: an action's own message (unless it handled it), the server's, or a generic one. */
function reportFailure(deps: DispatcherDeps, log: Log, call: ActionCall, e: unknown): void {
  if (e instanceof ActionError) {
    if (!e.handled) deps.stores.ui.showToast({ kind: 'error', text: e.message });
  } else if (e instanceof ApiError) {
    deps.stores.ui.showToast({ kind: 'error', text: e.message });
  } else {
    log(`[dispatch] action "${call.action}" failed`, e);
    deps.stores.ui.showToast({ kind: 'error', message: 'error.generic' });
  }
}

/** A dispatcher of action calls over these stores, API client and navigation (see the comment at the top). */
export function createDispatcher(deps: DispatcherDeps): Dispatcher {
  const log = deps.log ?? ((...a: unknown[]) => console.error(...a));
  // Calls that wait for a lazy group's chunk start in the order they were dispatched, and so does any call dispatched
  // while one waits (its own group may be loaded): a form's change dispatched before a button's click reaches the
  // store before the click's action reads it, whichever group's chunk came first. Each turn starts its call before
  // the next turn begins.
  let turns: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  let active = 0;
  const idleWaiters: Array<() => void> = [];
  const idle = (): Promise<void> => (active === 0 ? Promise.resolve() : new Promise((done) => { idleWaiters.push(done); }));

  const dispatch: DispatchFn = async (calls, scope, event) => {
    active += 1;
    try {
      return await runList(calls, scope, event);
    } finally {
      active -= 1;
      if (active === 0) for (const done of idleWaiters.splice(0)) done();
    }
  };

  const runList: DispatchFn = async (calls, scope, event) => {
    const list = Array.isArray(calls) ? calls : [calls];
    const fullScope: Scope = { ...deps.baseScope(), ...(scope ?? {}), ...(event !== undefined ? { event } : {}) };
    const t = deps.stores.session.t;

    /** Checks the args and runs the call: whether the list goes on. */
    const run = async (call: ActionCall, args: Record<string, unknown>, def: ActionDef | undefined): Promise<boolean> => {
      if (!checkCall(deps, log, call, args, def)) return false;
      try {
        await def.run(args, {
          stores: deps.stores, api: deps.api, navigate: navigateOf(deps, fullScope), scope: fullScope, event,
          dispatch: (c, s) => dispatch(c, { ...fullScope, ...(s ?? {}) }),
        });
      } catch (e) {
        reportFailure(deps, log, call, e);
        return false;
      }
      return true;
    };

    for (const [index, call] of list.entries()) {
      // args are read from the scope as it is now, before a lazy group's chunk may take a moment to load
      const args = (resolveValue(call.args ?? {}, fullScope, t) ?? {}) as Record<string, unknown>;
      const def = deps.actions.get(call.action);
      if (def && waiting === 0) {
        if (!(await run(call, args, def))) return false;
        continue;
      }
      waiting += 1;
      const turn = turns.then(async () => {
        try {
          // a lazy group: its chunk loads before the call runs
          if (!deps.actions.get(call.action) && deps.actions.load) await deps.actions.load(call.action);
        } catch (e) {
          log(`[dispatch] the actions of "${call.action}" failed to load`, e);
          // the load-error text with a retry: the calls from this one on, in the same scope (the chunk is asked again)
          deps.stores.ui.showToast({ kind: 'error', message: 'error.loadFailed', retry: () => void dispatch(list.slice(index), scope, event) });
          return { done: Promise.resolve(false) };
        } finally {
          waiting -= 1;
        }
        return { done: run(call, args, deps.actions.get(call.action)) };
      });
      turns = turn.then(() => undefined, () => undefined);
      if (!(await (await turn).done)) return false;
    }
    return true;
  };
  return Object.assign(dispatch, { idle });
}
