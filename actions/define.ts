import type { JsonSchema } from '../renderer/types';
import type { ActionContext } from '../renderer/types';

/** One verb of the vocabulary. `args` is checked by the eval-free evaluator before `run`. */
export interface ActionDef<A = any> {
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

export function defineAction<A = any>(def: ActionDef<A>): ActionDef<A> {
  return def;
}
