import { describe, expect, it, vi } from 'vitest';
import { defineAction, ActionError } from '../../../actions/define';
import { makeRuntime } from './helpers';

describe('dispatch', () => {
  it('checks args against the action schema before running', async () => {
    const run = vi.fn();
    const { rt, logs } = makeRuntime({ actions: [defineAction({ name: 'pdp.goToStep', description: '', args: { type: 'object', required: ['step'], properties: { step: { type: 'integer', minimum: 1 } } }, run })] });
    expect(await rt.dispatch({ action: 'pdp.goToStep', args: { step: 0 } })).toBe(false);
    expect(await rt.dispatch({ action: 'pdp.goToStep', args: {} })).toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(String(logs[0][0])).toContain('invalid args for "pdp.goToStep"');
    expect(await rt.dispatch({ action: 'pdp.goToStep', args: { step: 2 } })).toBe(true);
    expect(run).toHaveBeenCalledWith({ step: 2 }, expect.objectContaining({ stores: rt.stores }));
  });

  it('runs a sequence in order and stops at the first failure', async () => {
    const order: string[] = [];
    const a = defineAction({ name: 'a', description: '', args: {}, run: () => { order.push('a'); } });
    const b = defineAction({ name: 'b', description: '', args: {}, run: () => { order.push('b'); throw new ActionError('stop'); } });
    const c = defineAction({ name: 'c', description: '', args: {}, run: () => { order.push('c'); } });
    const { rt } = makeRuntime({ actions: [a, b, c] });
    expect(await rt.dispatch([{ action: 'a' }, { action: 'b' }, { action: 'c' }])).toBe(false);
    expect(order).toEqual(['a', 'b']);
  });

  it('a call whose page the shopper left meanwhile does not replace the new page\'s address (pushes still go)', async () => {
    const route = { path: '/uredjaj/A', params: {}, query: {} };
    let release!: () => void;
    const settled = new Promise<void>((r) => { release = r; });
    const load = defineAction({ name: 'slow.load', description: '', args: {}, run: async (_a, ctx) => {
      await settled;
      ctx.navigate('/uredjaj/A/TARIFF', { replace: true });
      ctx.navigate('/elsewhere');
    } });
    const { rt, navigate } = makeRuntime({ actions: [load], route });
    const running = rt.dispatch({ action: 'slow.load' });
    route.path = '/pretraga'; // the shopper searched while the load waited
    release();
    await running;
    expect(navigate.mock.calls).toEqual([['/elsewhere', undefined]]);
    // on the page it began on, the replace goes, and so does a second one of the same call
    const again = defineAction({ name: 'page.sync', description: '', args: {}, run: (_a, ctx) => {
      ctx.navigate('/pretraga/page/2', { replace: true });
      route.path = '/pretraga/page/2';
      ctx.navigate('/pretraga/page/3', { replace: true });
    } });
    const b = makeRuntime({ actions: [again], route });
    route.path = '/pretraga';
    await b.rt.dispatch({ action: 'page.sync' });
    expect(b.navigate.mock.calls).toEqual([['/pretraga/page/2', { replace: true }], ['/pretraga/page/3', { replace: true }]]);
  });

  it('an unknown action fails (dev: error toast naming it)', async () => {
    const { rt, stores } = makeRuntime({ dev: true });
    expect(await rt.dispatch({ action: 'x.nope' })).toBe(false);
    expect(stores.ui.toasts[0]).toMatchObject({ kind: 'error', message: 'error.unknownAction', params: { name: 'x.nope' } });
  });

  it('unexpected errors become the generic error toast', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rt, stores } = makeRuntime({ actions: [defineAction({ name: 'boom', description: '', args: {}, run: () => { throw new Error('x'); } })] });
    expect(await rt.dispatch({ action: 'boom' })).toBe(false);
    expect(stores.ui.toasts[0]).toMatchObject({ kind: 'error', message: 'error.generic' });
    err.mockRestore();
  });

  it('an unhandled ActionError shows its message; a handled one shows nothing more', async () => {
    const { rt, stores } = makeRuntime({ actions: [
      defineAction({ name: 'h', description: '', args: {}, run: () => { throw new ActionError('quiet'); } }),
      defineAction({ name: 'u', description: '', args: {}, run: () => { throw new ActionError('loud', false); } }),
    ] });
    await rt.dispatch({ action: 'h' });
    expect(stores.ui.toasts).toHaveLength(0);
    await rt.dispatch({ action: 'u' });
    expect(stores.ui.toasts[0]).toMatchObject({ text: 'loud' });
  });
});
