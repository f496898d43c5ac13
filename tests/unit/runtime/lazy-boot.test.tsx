// Lazy action groups (actions/lazy-registry.ts) and the boot data the page brings (renderer/boot-data.ts,
// ApiClient.seed): dispatch waits for a group's chunk; the first view needs no /ui request and no refetch.
import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { defineAction, type ActionDef } from '../../../actions/define';
import { LazyActions, actionGroupsOf } from '../../../actions/lazy-registry';
import { ApiClient } from '../../../actions/api/client';
import { BOOT_DATA_ID, callKey } from '../../../core/boot-data';
import searchActions from '../../../actions/catalog/search';
import { createRuntime } from '../../../renderer/runtime';
import { createRegistry } from '../../../renderer/registry';
import { loadScreen } from '../../../renderer/router';
import { readBootData } from '../../../renderer/boot-data';
import { makeCtx, makeStores } from './helpers';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

function lazyRuntime(actions: LazyActions, fetchFn: typeof fetch = vi.fn() as unknown as typeof fetch) {
  const stores = makeStores();
  const api = new ApiClient({ stores, fetch: fetchFn, reload: vi.fn() });
  return createRuntime({ stores, api, navigate: vi.fn(), actions, components: createRegistry({}, {}, {}), dev: false, log: () => {} });
}

describe('lazy action groups', () => {
  it('dispatch loads the group chunk before running, once for concurrent calls, and args are read at dispatch time', async () => {
    const ran: unknown[] = [];
    const add: ActionDef = defineAction({ name: 'cart.add', description: '', args: { type: 'object', properties: { code: { type: 'string' } } }, run: (a) => { ran.push(a); } });
    const chunk = deferred<{ default: ActionDef[] }>();
    const loader = vi.fn(() => chunk.promise);
    const other = vi.fn(async () => ({ default: defineAction({ name: 'pdp.load', description: '', args: {}, run: () => {} }) }));
    const actions = new LazyActions({ './cart/cart.ts': loader, './pdp/pdp.ts': other });
    const rt = lazyRuntime(actions);

    expect(actions.has('cart.add')).toBe(true); // known before its chunk loads
    expect(actions.has('nope.x')).toBe(false);
    const scope = { value: 'A' };
    const first = rt.dispatch({ action: 'cart.add', args: { code: { $bind: '/value' } } }, scope);
    const second = rt.dispatch({ action: 'cart.add', args: { code: 'B' } });
    scope.value = 'changed';
    await Promise.resolve();
    expect(ran).toEqual([]); // not before the chunk is there
    chunk.resolve({ default: [add] });
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(ran).toEqual([{ code: 'A' }, { code: 'B' }]);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled(); // other groups stay unloaded
    expect(actions.isLoaded('cart')).toBe(true);
    expect(actions.has('cart.nope')).toBe(false); // loaded group: only its real names
  });

  it('calls start in the order they were dispatched, whichever group\'s chunk comes first', async () => {
    // a form's change (its group still loading) dispatched before a click whose action reads the form: the click's
    // action must not overtake it, even when its own group is already loaded or its chunk comes first
    const order: string[] = [];
    const formChunk = deferred<{ default: ActionDef[] }>();
    const billChunk = deferred<{ default: ActionDef[] }>();
    const actions = new LazyActions({
      './form/form.ts': () => formChunk.promise,
      './bill/bill.ts': () => billChunk.promise,
      './ui/ui.ts': async () => ({ default: defineAction({ name: 'ui.mark', description: '', args: {}, run: () => { order.push('ui.mark'); } }) }),
    });
    await actions.loadGroup('ui');
    const rt = lazyRuntime(actions);
    const change = rt.dispatch({ action: 'form.change' });
    const find = rt.dispatch({ action: 'bill.find' });
    const mark = rt.dispatch({ action: 'ui.mark' }); // loaded, but dispatched while others wait: it waits its turn
    billChunk.resolve({ default: [defineAction({ name: 'bill.find', description: '', args: {}, run: () => { order.push('bill.find'); } })] });
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([]);
    formChunk.resolve({ default: [defineAction({ name: 'form.change', description: '', args: {}, run: () => { order.push('form.change'); } })] });
    expect(await Promise.all([change, find, mark])).toEqual([true, true, true]);
    expect(order).toEqual(['form.change', 'bill.find', 'ui.mark']);
    // nothing waiting: a loaded action runs at once, in the same task
    void rt.dispatch({ action: 'ui.mark' });
    expect(order).toHaveLength(4);
  });

  it('idle() resolves once no dispatched call is running, nested calls included', async () => {
    const gate = deferred<void>();
    const actions = new LazyActions({
      './ui/ui.ts': async () => ({
        default: [
          defineAction({ name: 'ui.outer', description: '', args: {}, run: async (_a, ctx) => { await ctx.dispatch({ action: 'ui.inner' }); } }),
          defineAction({ name: 'ui.inner', description: '', args: {}, run: async () => { await gate.promise; } }),
        ],
      }),
    });
    const rt = lazyRuntime(actions);
    await rt.idle!(); // nothing dispatched: at once
    let idle = false;
    const outer = rt.dispatch({ action: 'ui.outer' });
    void rt.idle!().then(() => { idle = true; });
    await new Promise((r) => setTimeout(r, 0));
    expect(idle).toBe(false); // the nested call still waits for its gate
    gate.resolve();
    expect(await outer).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(idle).toBe(true);
  });

  it('a group that fails to load fails the call with the load-error text (and a retry) and can be tried again', async () => {
    let fail = true;
    const actions = new LazyActions({
      './ui/ui.ts': async () => {
        if (fail) throw new Error('chunk');
        return { default: defineAction({ name: 'ui.ping', description: '', args: {}, run: () => {} }) };
      },
    });
    const rt = lazyRuntime(actions);
    expect(await rt.dispatch({ action: 'ui.ping' })).toBe(false);
    expect(rt.stores.ui.toasts[0]).toMatchObject({ kind: 'error', message: 'error.loadFailed' });
    expect(typeof rt.stores.ui.toasts[0].retry).toBe('function');
    fail = false;
    expect(await rt.dispatch({ action: 'ui.ping' })).toBe(true);
  });

  it('entering a screen loads the groups its screen and layout reference', async () => {
    const cart = vi.fn(async () => ({ default: [] }));
    const pdp = vi.fn(async () => ({ default: [] }));
    const checkout = vi.fn(async () => ({ default: [] }));
    const actions = new LazyActions({ './cart/cart.ts': cart, './pdp/pdp.ts': pdp, './checkout/checkout.ts': checkout });
    const docs: Record<string, unknown> = {
      '/ui/screens/pdp': { id: 'pdp', load: [{ action: 'pdp.load' }], body: [] },
      '/ui/screens/main': { id: 'main', body: [{ component: 'X', on: { click: { action: 'cart.add', args: {} } } }] },
    };
    const fetchFn = vi.fn(async (url: string) => new Response(JSON.stringify(docs[url]), { status: 200 }));
    const rt = lazyRuntime(actions, fetchFn as unknown as typeof fetch);
    await loadScreen(rt, 'pdp');
    expect(pdp).toHaveBeenCalledTimes(1);
    expect(cart).toHaveBeenCalledTimes(1);
    expect(checkout).not.toHaveBeenCalled();
    expect(actionGroupsOf(docs['/ui/screens/main'])).toEqual(['cart']);
  });
});

describe('boot data', () => {
  function pageWith(raw: string) {
    // as the server writes it (server/ui/page.ts jsonForScript): no '<' inside the block
    const json = raw.replace(/</g, '\\u003c');
    document.body.innerHTML = `<script type="application/json" id="${BOOT_DATA_ID}">${json}</script><div id="root"></div>`;
    return document;
  }
  const boot = {
    v: 1, lang: 'sr', path: '/Privatni/Uredjaji/Tip-uredjaja/telefoni', search: '', actionGroups: ['catalog'],
    docs: {
      '/ui/manifest': { routes: [{ route: '/Privatni/Uredjaji/Tip-uredjaja/telefoni', screen: 'plp-phones' }] },
      '/ui/messages/sr': { 'plp.phones.title': 'Telefoni' },
      '/ui/screens/plp-phones': { id: 'plp-phones', load: [{ action: 'catalog.search', args: { categoryCode: 'telefoni' } }], body: [] },
      '/ui/screens/main': { id: 'main', body: [] },
    },
    calls: {
      [callKey('productSearch', { categoryCode: 'telefoni', page: 0, pageSize: 20 })]: {
        products: [{ code: 'P1', name: 'Telefon </script>' }], facets: [], sorts: [], breadcrumbs: [],
        pagination: { currentPage: 0, totalPages: 1, pageSize: 20, totalResults: 1 }, freeTextSearch: '', currentQuery: { query: { value: '' } },
      },
    },
  };

  it('is used only for the language, path and query it was made for', () => {
    const json = JSON.stringify(boot);
    expect(readBootData(pageWith(json), { lang: 'sr', path: boot.path, search: '' })?.path).toBe(boot.path);
    expect(readBootData(pageWith(json), { lang: 'en', path: boot.path, search: '' })).toBeNull();
    expect(readBootData(pageWith(json), { lang: 'sr', path: '/uredjaj/x', search: '' })).toBeNull();
    expect(readBootData(pageWith(json), { lang: 'sr', path: boot.path, search: '?sort=price' })).toBeNull();
    expect(readBootData(pageWith('{not json'), { lang: 'sr', path: boot.path, search: '' })).toBeNull();
    expect(readBootData(pageWith(JSON.stringify({ ...boot, v: 99 })), { lang: 'sr', path: boot.path, search: '' })).toBeNull();
  });

  it('boots the screen without /ui requests and its load takes the answer without a request, once', async () => {
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ products: [] }), { status: 200 }));
    const stores = makeStores();
    const api = new ApiClient({ stores, fetch: fetchFn as unknown as typeof fetch, reload: vi.fn() });
    const data = readBootData(pageWith(JSON.stringify(boot)), { lang: 'sr', path: boot.path, search: '' })!;
    api.seed(data);
    const rt = createRuntime({ stores, api, navigate: vi.fn(), actions: new Map(), components: createRegistry({}, {}, {}), dev: false });
    expect(await api.getDocument('/ui/manifest')).toEqual(boot.docs['/ui/manifest']);
    expect(await api.getDocument('/ui/messages/sr')).toEqual(boot.docs['/ui/messages/sr']);
    const loaded = await loadScreen(rt, 'plp-phones');
    expect(loaded.screen?.id).toBe('plp-phones');
    expect(loaded.layout?.id).toBe('main');

    const search = (searchActions as ActionDef[]).find((a) => a.name === 'catalog.search')!;
    const route = { path: boot.path, params: {}, query: {} };
    await search.run({ categoryCode: 'telefoni' }, makeCtx(stores, api, { route }));
    expect(stores.catalog.search.products.map((p: { code: string }) => p.code)).toEqual(['P1']);
    expect(fetchFn).not.toHaveBeenCalled();
    // a later search (e.g. back on the page) asks the server again
    await search.run({ categoryCode: 'telefoni' }, makeCtx(stores, api, { route }));
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('calls wait for the token the boot requested instead of going out without it', async () => {
    const tokenRes = deferred<Response>();
    const seen: Array<string | null> = [];
    const fetchFn = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/auth/token')) return tokenRes.promise;
      seen.push(new Headers(init?.headers).get('authorization'));
      return new Response('{}', { status: 200 });
    });
    const stores = makeStores();
    const api = new ApiClient({ stores, fetch: fetchFn as unknown as typeof fetch, reload: vi.fn() });
    const token = api.fetchToken();
    const call = api.call('cart');
    await Promise.resolve();
    expect(seen).toEqual([]);
    tokenRes.resolve(new Response(JSON.stringify({ data: { token: 'T1' } }), { status: 200 }));
    await token;
    await call;
    expect(seen).toEqual(['Bearer T1']);
  });
});

describe('lazy components', () => {
  it('a preloaded lazy component draws in the first render, without a Suspense fallback frame', async () => {
    const load = vi.fn(async () => ({ default: (p: { text: string }) => createElement('p', null, p.text) }));
    const reg = createRegistry({}, { '../components/pdp/Gallery.tsx': load }, {});
    const Gallery = reg.get('Gallery')!;
    const before = render(createElement(Gallery, { text: 'before' }));
    expect(before.container.textContent).toBe(''); // not loaded yet: the fallback (nothing) first
    before.unmount();
    await reg.preload!(['Gallery', 'Unknown']);
    const after = render(createElement(Gallery, { text: 'slika' }));
    expect(after.container.textContent).toBe('slika');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
