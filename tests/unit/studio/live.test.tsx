// renderer/live.ts: a `documents` event from the server makes the running app refetch the changed documents and
// redraw the current screen without a reload — screens through the router's loaders, forms (documents fetched by
// components on mount) through a remount of the page body, texts through the session's messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useEffect, useState } from 'react';
import { RuntimeContext } from '../../../renderer/context';
import { Outlet } from '../../../renderer/Node';
import { buildRoutes, revalidateScreens, type RouteInfo } from '../../../renderer/router';
import { useRuntime, useT } from '../../../renderer/hooks';
import { applyDocumentChanges, checkPublishedVersion, connectLiveUpdates, parseDocumentsEvent, type EventSourceLike } from '../../../renderer/live';
import type { VocabularyProps } from '../../../renderer/types';
import { fakeFetch, makeRuntime } from '../runtime/helpers';
import { defineAction } from '../../../actions/define';

afterEach(cleanup);

function Text({ text }: { text?: string } & VocabularyProps) { return <p>{text}</p>; }
function Label({ k }: { k: string } & VocabularyProps) { return <p>{useT()(k)}</p>; }
/** Like the Form: fetches its document once, when it mounts. */
function DocTitle({ form }: { form: string } & VocabularyProps) {
  const rt = useRuntime();
  const [title, setTitle] = useState('…');
  useEffect(() => { void rt.api.getDocument<{ title: string }>(`/ui/forms/${form}`).then((d) => setTitle(d.title)); }, [rt, form]);
  return <p>{title}</p>;
}

class FakeEventSource implements EventSourceLike {
  listeners = new Map<string, Array<(e: { data?: unknown }) => void>>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (e: { data?: unknown }) => void) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]); }
  close() { this.closed = true; }
  emit(type: string, data: string) { for (const l of this.listeners.get(type) ?? []) l({ data }); }
}

async function setup() {
  const docs: Record<string, unknown> = {
    '/ui/screens/main': { id: 'main', kind: 'layout', body: [{ component: 'Text', props: { text: 'HEADER' } }, { component: 'Outlet' }] },
    '/ui/screens/home': { id: 'home', route: '/', load: [{ action: 'test.load', args: {} }], body: [{ component: 'Text', props: { text: 'Stari naslov' } }, { component: 'DocTitle', props: { form: 'guest' } }, { component: 'Label', props: { k: 'greeting' } }] },
    '/ui/forms/guest': { id: 'guest', title: 'Forma v1' },
    '/ui/messages/sr': { greeting: 'Zdravo' },
  };
  const table = Object.fromEntries(Object.keys(docs).map((p) => [`GET ${p}`, () => ({ body: docs[p] })]));
  const { fetch, calls } = fakeFetch(table);
  const loads: number[] = [];
  const r = makeRuntime({ fetch, components: { Text, Label, DocTitle, Outlet }, actions: [defineAction({ name: 'test.load', description: '', args: { type: 'object' }, run: () => { loads.push(1); } })] });
  r.stores.session.setMessages({ greeting: 'Zdravo' });
  const current: { current: RouteInfo } = { current: { path: '/', params: {}, query: {} } };
  const router = createMemoryRouter(buildRoutes({ routes: [{ route: '/', screen: 'home' }] }, r.rt, current), { initialEntries: ['/'] });
  // a screen's documents are read with React's `use`: the first render suspends until they come
  await act(async () => { render(<RuntimeContext.Provider value={r.rt}><RouterProvider router={router} /></RuntimeContext.Provider>); });
  let source: FakeEventSource | null = null;
  const stop = connectLiveUpdates(
    { api: r.rt.api, session: r.stores.session, revalidate: () => revalidateScreens(r.rt), log: () => {} },
    { createEventSource: (url) => (source = new FakeEventSource(url)) },
  );
  return { docs, calls, router, r, stop, loads, source: () => source!, fetched: (p: string) => calls.filter((c) => c.url.pathname === p).length };
}

describe('live updates of the documents', () => {
  it('listens on /ui/events and stops when asked', async () => {
    const { source, stop } = await setup();
    expect(source().url).toBe('/ui/events');
    stop();
    expect(source().closed).toBe(true);
  });

  it('refetches a changed screen and redraws it without a reload', async () => {
    const { docs, source, fetched } = await setup();
    await screen.findByText('Stari naslov');
    expect(fetched('/ui/screens/home')).toBe(1);
    docs['/ui/screens/home'] = { id: 'home', route: '/', body: [{ component: 'Text', props: { text: 'Novi naslov' } }] };
    await act(async () => { source().emit('documents', JSON.stringify({ changes: [{ path: 'screens/home', version: 2 }] })); });
    await screen.findByText('Novi naslov');
    expect(screen.queryByText('Stari naslov')).toBeNull();
    expect(screen.getByText('HEADER')).toBeTruthy();
    expect(fetched('/ui/screens/home')).toBe(2);
    // the layout did not change: still served from memory
    expect(fetched('/ui/screens/main')).toBe(1);
  });

  it('remounts the page so a component that fetched a changed document on mount shows the new one', async () => {
    const { docs, source, fetched } = await setup();
    await screen.findByText('Forma v1');
    docs['/ui/forms/guest'] = { id: 'guest', title: 'Forma v2' };
    await act(async () => { source().emit('documents', JSON.stringify({ changes: [{ path: 'forms/guest', version: 1 }] })); });
    await screen.findByText('Forma v2');
    expect(fetched('/ui/forms/guest')).toBe(2);
  });

  it('loads the texts of the current language again when its messages changed', async () => {
    const { docs, source } = await setup();
    await screen.findByText('Zdravo');
    docs['/ui/messages/sr'] = { greeting: 'Dobar dan' };
    await act(async () => { source().emit('documents', JSON.stringify({ changes: [{ path: 'messages/sr', version: 1 }] })); });
    await screen.findByText('Dobar dan');
  });

  it('ignores malformed events and English texts while the page is in Serbian', async () => {
    const { source, fetched } = await setup();
    await screen.findByText('Zdravo');
    await act(async () => { source().emit('documents', 'not json'); });
    expect(parseDocumentsEvent('{"changes":"x"}')).toBeNull();
    expect(parseDocumentsEvent('{"changes":[{"path":"messages/en","version":1}],"version":4}')).toEqual({ changes: [{ path: 'messages/en', version: 1 }], version: 4 });
    // a published version: the page switches to it before fetching the changed documents again
    const versioned = { getDocument: vi.fn(), forgetDocument: vi.fn(), setUiVersion: vi.fn() };
    await applyDocumentChanges([{ path: 'screens/x', version: 1 }], { api: versioned, session: { lang: 'sr', setMessages: vi.fn() }, revalidate: vi.fn() }, 4);
    expect(versioned.setUiVersion).toHaveBeenCalledWith(4);
    expect(versioned.forgetDocument).toHaveBeenCalledWith('/ui/screens/x');
    // a look at the manifest: the same version changes nothing; another one switches the page and forgets every document
    const manifest = { version: 4, versions: { 'screens/home': 1, 'messages/sr': 1 } };
    const polled = { getDocument: vi.fn(async () => manifest), forgetDocument: vi.fn(), setUiVersion: vi.fn() };
    const revalidate = vi.fn();
    expect(await checkPublishedVersion({ api: polled as never, session: { lang: 'en', setMessages: vi.fn() }, revalidate }, 4)).toBe(4);
    expect(polled.setUiVersion).not.toHaveBeenCalled();
    expect(revalidate).not.toHaveBeenCalled();
    manifest.version = 5;
    expect(await checkPublishedVersion({ api: polled as never, session: { lang: 'en', setMessages: vi.fn() }, revalidate }, 4)).toBe(5);
    expect(polled.setUiVersion).toHaveBeenCalledWith(5);
    expect(polled.forgetDocument).toHaveBeenCalledWith('/ui/screens/home');
    expect(polled.forgetDocument).toHaveBeenCalledWith('/ui/messages/sr');
    expect(revalidate).toHaveBeenCalledTimes(1);
    const api = { getDocument: vi.fn(), forgetDocument: vi.fn() };
    await applyDocumentChanges([{ path: 'messages/en', version: 1 }], { api, session: { lang: 'sr', setMessages: vi.fn() }, revalidate: vi.fn() });
    expect(api.getDocument).not.toHaveBeenCalled();
    expect(api.forgetDocument).toHaveBeenCalledWith('/ui/messages/en');
    expect(fetched('/ui/screens/home')).toBe(1);
  });

  it('runs the screen\'s load actions again when a checkout flow changed (the server answers the steps), not for other documents', async () => {
    const { source, loads } = await setup();
    await screen.findByText('Forma v1');
    expect(loads).toHaveLength(1);
    await act(async () => { source().emit('documents', JSON.stringify({ changes: [{ path: 'forms/guest', version: 1 }] })); });
    expect(loads).toHaveLength(1);
    await act(async () => { source().emit('documents', JSON.stringify({ changes: [{ path: 'flows/guest', version: 2 }] })); });
    expect(loads).toHaveLength(2);
  });
});
