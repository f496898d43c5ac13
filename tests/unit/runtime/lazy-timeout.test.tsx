// The 120 s limit of a lazily loaded part (seed 000 §8 "A lazy part that does not load within 120 s times out";
// actions/stores/timeouts.ts): an action group's chunk, a component's chunk and a screen's documents that have not come in
// LAZY_LOAD_TIMEOUT_MS fail with the load-error text and a retry that loads them again without a page reload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { defineAction, type ActionDef } from '../../../actions/define';
import { LazyActions } from '../../../actions/lazy-registry';
import { LAZY_LOAD_TIMEOUT_MS, LazyLoadTimeout, withLoadTimeout } from '../../../actions/stores/timeouts';
import { ApiClient } from '../../../actions/api/client';
import { createRuntime } from '../../../renderer/runtime';
import { createRegistry } from '../../../renderer/registry';
import { ToastHost } from '../../../renderer/hosts';
import { RuntimeContext } from '../../../renderer/context';
import { screenEntry } from '../../../renderer/router';
import { makeStores } from './helpers';

const never = <T,>() => new Promise<T>(() => {});

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { cleanup(); vi.useRealTimers(); });

describe('the lazy-load limit', () => {
  it('is 120 s, declared once', () => {
    expect(LAZY_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('withLoadTimeout: pending until 120 s, then a LazyLoadTimeout; a load that comes in time keeps no timer', async () => {
    let outcome: unknown = 'pending';
    withLoadTimeout(never(), 'x').then((v) => { outcome = v; }, (e) => { outcome = e; });
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(LazyLoadTimeout);
    expect((outcome as LazyLoadTimeout).part).toBe('x');

    await expect(withLoadTimeout(Promise.resolve(7), 'y')).resolves.toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an action group\'s chunk: after 120 s the load-error toast with a retry; the retry loads the chunk and runs the calls', async () => {
    const ran: string[] = [];
    const chunk: ActionDef[] = [defineAction({ name: 'grp.a', description: '', args: {}, run: () => { ran.push('a'); } }), defineAction({ name: 'grp.b', description: '', args: {}, run: () => { ran.push('b'); } })];
    let slow = true;
    const loader = vi.fn(() => (slow ? never<{ default: ActionDef[] }>() : Promise.resolve({ default: chunk })));
    const stores = makeStores();
    const api = new ApiClient({ stores, fetch: vi.fn() as unknown as typeof fetch, reload: vi.fn() });
    const rt = createRuntime({ stores, api, navigate: vi.fn(), actions: new LazyActions({ './grp/grp.ts': loader }), components: createRegistry({}, {}, {}), dev: false, log: () => {} });

    const first = rt.dispatch([{ action: 'grp.a' }, { action: 'grp.b' }]);
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1);
    expect(stores.ui.toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toBe(false);
    expect(ran).toEqual([]);
    expect(stores.ui.toasts).toHaveLength(1);
    expect(stores.ui.toasts[0]).toMatchObject({ kind: 'error', message: 'error.loadFailed' });

    // the toast's "Pokušaj ponovo" button: the chunk is asked again, the calls run, the toast goes
    slow = false;
    render(createElement(RuntimeContext.Provider, { value: rt }, createElement(ToastHost)));
    fireEvent.click(screen.getByRole('button', { name: stores.session.t('error.loadRetry') }));
    await vi.advanceTimersByTimeAsync(0);
    expect(loader).toHaveBeenCalledTimes(2);
    expect(ran).toEqual(['a', 'b']);
    expect(stores.ui.toasts).toEqual([]);
  });

  it('a component\'s chunk: after 120 s the load-error view in its place; "Pokušaj ponovo" draws it without a reload', async () => {
    let slow = true;
    const Real = () => createElement('p', null, 'the real component');
    const load = vi.fn(() => (slow ? never<Record<string, unknown>>() : Promise.resolve({ default: Real })));
    const LoadFailed = ({ retry }: { retry: () => void }) =>
      createElement('div', { role: 'alert' }, 'Došlo je do greške pri učitavanju.', createElement('button', { onClick: retry }, 'Pokušaj ponovo'));
    const registry = createRegistry({}, { '../components/x/Slow.tsx': load }, {}, { loadFailed: LoadFailed });
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(createElement(registry.get('Slow')!, {}));
    await act(async () => { await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1); });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(1); });
    expect(screen.getByRole('alert').textContent).toContain('Došlo je do greške pri učitavanju.');
    slow = false;
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovo' })); await vi.advanceTimersByTimeAsync(0); });
    expect(screen.getByText('the real component')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    err.mockRestore();
  });

  it('a screen\'s documents: after 120 s the entry fails (the page shows the load error); the next try asks again', async () => {
    let slow = true;
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      if (slow) return never<Response>();
      const path = new URL(String(input), 'http://shop.test').pathname;
      const doc = path.endsWith('/manifest') ? { routes: [] } : { $schema: '../meta/screen.schema.json', id: 'plp-phones', version: 1, route: '/x', body: [] };
      return new Response(JSON.stringify(doc), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const stores = makeStores();
    const api = new ApiClient({ stores, fetch: fetchFn as unknown as typeof fetch, reload: vi.fn() });
    const rt = createRuntime({ stores, api, navigate: vi.fn(), actions: new Map(), components: createRegistry({}, {}, {}), dev: false, log: () => {} });
    const first = screenEntry(rt, 'plp-phones');
    first.catch(() => {});
    await vi.advanceTimersByTimeAsync(LAZY_LOAD_TIMEOUT_MS - 1);
    expect(first.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(first.status).toBe('rejected');
    expect(first.reason).toBeInstanceOf(LazyLoadTimeout);
    slow = false;
    const again = screenEntry(rt, 'plp-phones');
    expect(again).not.toBe(first);
    await vi.advanceTimersByTimeAsync(0);
    await expect(again).resolves.toMatchObject({ screen: { id: 'plp-phones' } });
  });
});
