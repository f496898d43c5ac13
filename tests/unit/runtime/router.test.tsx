import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defineAction } from '../../../actions/define';
import { RuntimeContext } from '../../../renderer/context';
import { Outlet } from '../../../renderer/Node';
import { buildRoutes, type RouteInfo } from '../../../renderer/router';
import type { VocabularyProps } from '../../../renderer/types';
import { fakeFetch, makeRuntime } from './helpers';

afterEach(cleanup);

function Text({ text }: { text?: string } & VocabularyProps) { return <p>{text}</p>; }

const manifest = { versions: {}, routes: [{ route: '/', screen: 'home' }, { route: '/uredjaj/:productCode', screen: 'pdp' }], layouts: ['main'] };
const docs: Record<string, unknown> = {
  '/ui/screens/main': { id: 'main', kind: 'layout', body: [{ component: 'Text', props: { text: 'HEADER' } }, { component: 'Outlet' }] },
  '/ui/screens/home': { id: 'home', route: '/', title: { message: 'hello', params: { name: 'Shop' } }, body: [{ component: 'Text', props: { text: 'HOME' } }] },
  '/ui/screens/pdp': { id: 'pdp', route: '/uredjaj/:productCode', load: [{ action: 'test.load', args: { code: { $bind: '/route/params/productCode' } } }], body: [{ component: 'Text', bind: { text: '/route/params/productCode' } }] },
};

async function setup(path: string) {
  const table = Object.fromEntries(Object.entries(docs).map(([p, body]) => [`GET ${p}`, () => ({ body })]));
  const { fetch, calls } = fakeFetch(table);
  const loads: unknown[] = [];
  const r = makeRuntime({ fetch, components: { Text, Outlet }, actions: [defineAction({ name: 'test.load', description: '', args: { type: 'object', required: ['code'] }, run: (a) => { loads.push(a); } })] });
  const current: { current: RouteInfo } = { current: { path: '/', params: {}, query: {} } };
  const router = createMemoryRouter(buildRoutes(manifest, r.rt, current), { initialEntries: [path] });
  // a screen's documents are read with React's `use`: the first render suspends until they come
  await act(async () => { render(<RuntimeContext.Provider value={r.rt}><RouterProvider router={router} /></RuntimeContext.Provider>); });
  return { ...r, router, loads, calls, current };
}

describe('router assembly', () => {
  it('draws the screen inside its layout and sets document.title', async () => {
    await setup('/');
    await screen.findByText('HOME');
    expect(screen.getByText('HEADER')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Zdravo, Shop!'));
  });

  it('runs load actions on enter and when params change; screens are fetched once', async () => {
    const { router, loads, calls, current } = await setup('/uredjaj/A1');
    await screen.findByText('A1');
    await waitFor(() => expect(loads).toEqual([{ code: 'A1' }]));
    expect(current.current.params).toEqual({ productCode: 'A1' });
    await act(async () => { await router.navigate('/uredjaj/B2'); });
    await screen.findByText('B2');
    await waitFor(() => expect(loads).toEqual([{ code: 'A1' }, { code: 'B2' }]));
    expect(calls.filter((c) => c.url.pathname === '/ui/screens/pdp')).toHaveLength(1);
  });

  it('re-runs load actions in the new language', async () => {
    const { stores, loads } = await setup('/uredjaj/A1');
    await waitFor(() => expect(loads).toHaveLength(1));
    act(() => stores.session.setLang('en'));
    await waitFor(() => expect(loads).toHaveLength(2));
  });

  it('a new page starts at its top; an address replaced on the same screen keeps the scroll', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { router } = await setup('/uredjaj/A1');
    await screen.findByText('A1');
    scroll.mockClear();
    // the device page records the chosen tariff in its address (replace): the shopper stays where they are
    await act(async () => { await router.navigate('/uredjaj/A2', { replace: true }); });
    await screen.findByText('A2');
    expect(scroll).not.toHaveBeenCalled();
    // a link to another device (push) starts at the top
    await act(async () => { await router.navigate('/uredjaj/B2'); });
    await screen.findByText('B2');
    expect(scroll).toHaveBeenCalledWith(0, 0);
    scroll.mockClear();
    // a replace that leads to another screen (a redirect) starts at the top too
    await act(async () => { await router.navigate('/', { replace: true }); });
    await screen.findByText('HOME');
    expect(scroll).toHaveBeenCalledWith(0, 0);
    scroll.mockRestore();
  });

  it('draws the built-in localized 404 when no route matches and no not-found screen exists', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { stores } = await setup('/nema/ovoga');
    stores.session.setMessages({ ...stores.session.messages, 'error.notFound.title': 'Stranica nije pronađena' });
    await screen.findByText('Stranica nije pronađena');
    expect(screen.getByText('HEADER')).toBeTruthy();
    err.mockRestore();
  });
});
