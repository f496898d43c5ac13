// @vitest-environment node
// The short declarations of actions/define.ts (issue 28): a setter (one store change) and a load (started / loaded /
// failed, a failure logged under the action's name); an action without arguments may leave out `args`.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ActionError, defineAction, defineLoad, defineSetter, type ActionContext } from '../../../actions/define';
import type { Stores } from '../../../actions/stores';
import type { ActionArgs } from '../../../schemas/types/actions';

const ctxWith = (stores: Record<string, unknown>): ActionContext => ({ stores: stores as unknown as Stores } as ActionContext);

afterEach(() => vi.restoreAllMocks());

describe('defineSetter', () => {
  it('passes the args and the stores to set, answers nothing, and keeps name, description and args', async () => {
    const selectCard = vi.fn(() => 'ignored');
    const def = defineSetter({
      name: 'checkout.selectSavedCard',
      description: 'Chooses the saved card.',
      args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
      set: (args, { checkout }) => {
        expectTypeOf(args).toEqualTypeOf<ActionArgs['checkout.selectSavedCard']>();
        checkout.selectCard(args.code);
      },
    });
    expect({ name: def.name, description: def.description, args: def.args }).toEqual({
      name: 'checkout.selectSavedCard',
      description: 'Chooses the saved card.',
      args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    });
    expect(await def.run({ code: 'c1' }, ctxWith({ checkout: { selectCard } }))).toBeUndefined();
    expect(selectCard).toHaveBeenCalledWith('c1');
  });
});

describe('defineLoad', () => {
  const store = () => ({ started: vi.fn(), loaded: vi.fn(), failed: vi.fn() });
  type Store = ReturnType<typeof store>;
  const loadOf = (work: (s: Store) => Promise<void>, withFailed = true) => defineLoad({
    name: 'made.load',
    description: 'A made-up load.',
    async load(_args, ctx) {
      await work((ctx.stores as unknown as { s: Store }).s);
    },
    ...(withFailed ? { failed: (_args: unknown, stores: Stores) => (stores as unknown as { s: Store }).s.failed() } : {}),
  });

  it('runs the load; failed is not called when it succeeds', async () => {
    const s = store();
    await loadOf(async (st) => { st.started(); st.loaded(); }).run({}, ctxWith({ s }));
    expect([s.started.mock.calls.length, s.loaded.mock.calls.length, s.failed.mock.calls.length]).toEqual([1, 1, 0]);
  });

  it('a throw is logged under the action name, failed runs and the action does not throw', async () => {
    const s = store();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('boom');
    await expect(loadOf(async (st) => { st.started(); throw boom; }).run({}, ctxWith({ s }))).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('[made.load]', boom);
    expect(s.failed).toHaveBeenCalledTimes(1);
  });

  it('without failed a throw is only logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadOf(async () => { throw new Error('x'); }, false).run({}, ctxWith({ s: store() }));
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('an ActionError passes (it stops the sequence) and failed does not run', async () => {
    const s = store();
    const stop = new ActionError('no code', false);
    await expect(loadOf(async () => { throw stop; }).run({}, ctxWith({ s }))).rejects.toBe(stop);
    expect(s.failed).not.toHaveBeenCalled();
  });
});

describe('args left out', () => {
  it('is the schema of an action without arguments, { type: "object" }, in every kind', () => {
    const plain = defineAction({ name: 'made.plain', description: 'd', run() {} });
    const setter = defineSetter({ name: 'made.setter', description: 'd', set() {} });
    const load = defineLoad({ name: 'made.load', description: 'd', async load() {} });
    expect([plain.args, setter.args, load.args]).toEqual([{ type: 'object' }, { type: 'object' }, { type: 'object' }]);
    // a declared schema is kept as written
    expect(defineAction({ name: 'made.kept', description: 'd', args: { type: 'object', properties: {} }, run() {} }).args).toEqual({ type: 'object', properties: {} });
  });
});
