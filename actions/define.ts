// The verbs' own contract: what an action is and what it receives. The renderer (the interpreter) imports these;
// nothing in actions/ imports the renderer (tests/unit/tooling/modules.test.ts).
import type { Stores } from './stores';
import type { ApiClient } from './api/client';
import type { ActionArgs } from '../schemas/types/actions';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };
export type JsonSchema = { [k: string]: unknown } | boolean;

/** `{ "action": "cart.add", "args": { ... } }` as written in a schema document. */
export interface ActionCall {
  action: string;
  args?: Record<string, unknown>;
}

/** The context every action's run() receives. */
export interface ActionContext {
  stores: Stores;
  api: ApiClient;
  navigate(to: string, opts?: { replace?: boolean }): void;
  dispatch(calls: ActionCall | ActionCall[], scope?: Record<string, unknown>): Promise<boolean>;
  /** the scope the call was made from (route, item, modal, ...) */
  scope: Record<string, unknown>;
  /** the payload the component emitted with the event, if any */
  event?: unknown;
}

/** One verb of the vocabulary. `args` is checked by the eval-free evaluator before `run`. */
export interface ActionDef<A = unknown> {
  name: string;
  description: string;
  args: JsonSchema;
  run(args: A, ctx: ActionContext): Promise<unknown> | unknown;
}

/** Thrown by an action to stop the sequence it runs in (the error is already shown to the user). */
export class ActionError extends Error {
  constructor(message: string, readonly handled = true) {
    super(message);
    this.name = 'ActionError';
  }
}

/** Every action's name; its args' type is generated from its `args` JSON Schema (npm run schemas:types). */
export type ActionName = keyof ActionArgs;

/** The type of an action's args by its name: generated from its schema; `unknown` for a name the vocabulary lacks (a test's made-up verb). */
export type ArgsOf<N extends string> = N extends ActionName ? ActionArgs[N] : unknown;

/** An action's declaration: `args` may be left out by an action without arguments (it is `{ type: 'object' }`). */
type Declaration<N extends string, D> = Omit<D, 'args'> & { name: N; args?: JsonSchema };

function withArgs<A>(def: Omit<ActionDef<A>, 'args'> & { args?: JsonSchema }): ActionDef<A> {
  return { ...def, args: def.args ?? { type: 'object' } };
}

/**
 * Declares an action. The name is the key into the generated ActionArgs, so `run` receives the type of the `args`
 * schema: the JSON Schema is the one declaration of an action's arguments (no hand-written type argument, issue 28).
 */
export function defineAction<N extends string>(def: Declaration<N, ActionDef<ArgsOf<N>>>): ActionDef<ArgsOf<N>> {
  return withArgs(def);
}

/**
 * Declares a setter: an action whose whole work is one change of the stores (a choice, a tab, a toggle), with no call
 * and no navigation. `set` gets the args (typed from the `args` schema by the name) and the stores:
 * `set: (args, { checkout }) => checkout.selectCard(args.code)`.
 */
export function defineSetter<N extends string>(
  def: Declaration<N, Omit<ActionDef<ArgsOf<N>>, 'run'>> & { set(args: ArgsOf<N>, stores: Stores): void },
): ActionDef<ArgsOf<N>> {
  const { set, ...declared } = def;
  return withArgs({ ...declared, run: (args: ArgsOf<N>, ctx: ActionContext) => { set(args, ctx.stores); } });
}

/**
 * Declares a load: an action that reads something into a store, which keeps its own started / loaded / failed steps.
 * `load` does the reading (the store's `…Started`, the call, its `…Loaded` with the answer). When it throws, the error
 * is logged under the action's name and `failed` runs (the store's `…Failed`; without it the failure is only logged):
 * the store shows the failure and the sequence goes on. An ActionError passes (it stops the sequence, as in any action).
 */
export function defineLoad<N extends string>(
  def: Declaration<N, Omit<ActionDef<ArgsOf<N>>, 'run'>> & {
    load(args: ArgsOf<N>, ctx: ActionContext): Promise<unknown>;
    failed?(args: ArgsOf<N>, stores: Stores): void;
  },
): ActionDef<ArgsOf<N>> {
  const { load, failed, ...declared } = def;
  return withArgs({
    ...declared,
    async run(args: ArgsOf<N>, ctx: ActionContext) {
      try {
        await load(args, ctx);
      } catch (e) {
        if (e instanceof ActionError) throw e;
        console.error(`[${declared.name}]`, e);
        failed?.(args, ctx.stores);
      }
    },
  });
}
