// The studio's preview in a frame (studio/PreviewPane.tsx, studio/previewFrame.ts, studio/PreviewApp.tsx): the width
// switch lays the frame out at 375, 768 or 1280 px or at the pane's width, scaled down to fit the pane; the pane
// sends the frame the state and the draft once it listens and lists the actions it records; the frame takes
// messages only from its parent on its own origin, draws the draft and sends the recorded actions back.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PreviewPane } from '../../../studio/PreviewPane';
import { PreviewApp } from '../../../studio/PreviewApp';
import { defaultWidth, frameBox, messageFromFrame, messageToFrame, plainCalls, type ToFrame } from '../../../studio/previewFrame';
import { makeT } from '../../../studio/i18n';
import type { Messages } from '../../../actions/stores/i18n';
import type { FixtureDoc } from '../../../renderer/fixtures';

afterEach(() => { cleanup(); vi.restoreAllMocks(); });

const en = JSON.parse(readFileSync('schemas/messages/en.json', 'utf8')) as Messages;
const t = makeT(en, 'en');
const fixture = JSON.parse(readFileSync('schemas/fixtures/empty-cart.json', 'utf8')) as FixtureDoc;
const HOME = { id: 'home', route: '/', body: [] };

function pane(props: Partial<Parameters<typeof PreviewPane>[0]> = {}) {
  return <PreviewPane kind="screens" id="home" draft={HOME} fixture={fixture} messages={en} t={t} lang="en" studioMessages={en} {...props} />;
}

describe('the frame\'s geometry', () => {
  it('scales a width wider than the pane down to it, as much taller as it is scaled', () => {
    expect(frameBox(1280, { width: 640, height: 700 })).toEqual({ width: 1280, height: 1400, scale: 0.5, left: 0 });
  });
  it('keeps a narrower width at its size, centred in the pane', () => {
    expect(frameBox(375, { width: 775, height: 700 })).toEqual({ width: 375, height: 700, scale: 1, left: 200 });
  });
  it('"fit" is the pane\'s size; a pane not measured yet: the width unscaled, full height', () => {
    expect(frameBox('fit', { width: 640, height: 700 })).toEqual({ width: 640, height: 700, scale: 1, left: 0 });
    expect(frameBox('fit', { width: 0, height: 0 })).toEqual({ width: null, height: null, scale: 1, left: 0 });
    expect(frameBox(768, { width: 0, height: 0 })).toEqual({ width: 768, height: null, scale: 1, left: 0 });
  });
  it('shows a screen at a desktop\'s width, a modal or a form at the pane\'s', () => {
    expect(defaultWidth('screens')).toBe(1280);
    expect(defaultWidth('modals')).toBe('fit');
    expect(defaultWidth('forms')).toBe('fit');
  });
});

describe('the messages between the studio and the frame', () => {
  const parent = {};
  const frame = {};
  const origin = 'https://shop.example';
  it('the frame takes the state and the document from its parent on its origin only', () => {
    const doc: ToFrame = { type: 'studio-preview:document', kind: 'forms', id: 'guest', draft: {} };
    expect(messageToFrame({ origin, source: parent, data: doc }, parent, origin)).toBe(doc);
    expect(messageToFrame({ origin: 'https://evil.example', source: parent, data: doc }, parent, origin)).toBeNull();
    expect(messageToFrame({ origin, source: frame, data: doc }, parent, origin)).toBeNull();
    expect(messageToFrame({ origin, source: parent, data: { type: 'studio-preview:document', kind: 3 } }, parent, origin)).toBeNull();
    expect(messageToFrame({ origin, source: parent, data: { type: 'studio-preview:state' } }, parent, origin)).toBeNull();
    expect(messageToFrame({ origin, source: parent, data: 'hello' }, parent, origin)).toBeNull();
  });
  it('the studio takes "ready" and the recorded actions from its frame on its origin only', () => {
    const calls = { type: 'studio-preview:calls', calls: [{ action: 'cart.add', args: {}, ran: false }] };
    expect(messageFromFrame({ origin, source: frame, data: calls }, frame, origin)).toBe(calls);
    expect(messageFromFrame({ origin, source: frame, data: { type: 'studio-preview:ready' } }, frame, origin)).toEqual({ type: 'studio-preview:ready' });
    expect(messageFromFrame({ origin, source: parent, data: calls }, frame, origin)).toBeNull();
    expect(messageFromFrame({ origin: 'null', source: frame, data: calls }, frame, origin)).toBeNull();
    expect(messageFromFrame({ origin, source: frame, data: { type: 'studio-preview:calls', calls: 'x' } }, frame, origin)).toBeNull();
    expect(messageFromFrame({ origin, source: null, data: calls }, null, origin)).toBeNull();
  });
  it('sends recorded actions as plain data', () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    expect(plainCalls([{ action: 'x', args: { n: 1, when: new Date(0) }, ran: true }, { action: 'y', args: circular, ran: false }]))
      .toEqual([{ action: 'x', args: { n: 1, when: '1970-01-01T00:00:00.000Z' }, ran: true }, { action: 'y', args: {}, ran: false }]);
  });
});

describe('the preview pane', () => {
  const frameOf = (id = 'home') => screen.getByTitle(`Preview of ${id}`) as HTMLIFrameElement;

  it('frames a screen at 1280 px; the width switch (one group of radio buttons) sets 375, 768 or the pane\'s width', () => {
    render(pane());
    expect(frameOf().getAttribute('src')).toBe('/studio/preview');
    expect(frameOf().style.width).toBe('1280px');
    const group = screen.getByRole('radiogroup', { name: 'Width' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['375 px', '768 px', '1280 px', 'Pane width']);
    // one name: the arrow keys move between them; each one reachable
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect(radios.every((r) => !r.disabled && r.tabIndex === 0)).toBe(true);
    expect(within(group).getByRole('radio', { name: '1280 px' })).toHaveProperty('checked', true);
    fireEvent.click(within(group).getByRole('radio', { name: '375 px' }));
    expect(frameOf().style.width).toBe('375px');
    fireEvent.click(within(group).getByRole('radio', { name: '768 px' }));
    expect(frameOf().style.width).toBe('768px');
    fireEvent.click(within(group).getByRole('radio', { name: 'Pane width' }));
    expect(frameOf().style.width).toBe('100%');
    expect(within(group).getByRole('radio', { name: 'Pane width' })).toHaveProperty('checked', true);
  });

  it('a form fills the pane; a width chosen stays for the next document; a flow is listed without a frame', () => {
    const { rerender } = render(pane({ kind: 'forms', id: 'guest', draft: { id: 'guest' } }));
    expect(frameOf('guest').style.width).toBe('100%');
    fireEvent.click(screen.getByRole('radio', { name: '375 px' }));
    rerender(pane({ kind: 'modals', id: 'coupon', draft: { id: 'coupon' } }));
    expect(frameOf('coupon').style.width).toBe('375px');
    rerender(pane({ kind: 'flows', id: 'guest', draft: { checkoutType: 'GUEST', steps: [{ code: 'data', path: '/a', screen: 'checkout-data-delivery' }] } }));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Steps of checkout type GUEST' })).toBeTruthy();
  });

  it('sends the frame the state and the draft once it listens, every draft again, and lists the actions it records', () => {
    const { rerender } = render(pane());
    const win = frameOf().contentWindow!;
    const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => {});
    const fromFrame = (data: unknown, origin = location.origin, source: Window = win) =>
      act(() => { window.dispatchEvent(new MessageEvent('message', { data, origin, source })); });
    const sent = () => posted.mock.calls.map((c) => [(c[0] as ToFrame).type, c[1]]);
    expect(posted).not.toHaveBeenCalled();

    fromFrame({ type: 'studio-preview:ready' });
    expect(sent()).toEqual([['studio-preview:state', location.origin], ['studio-preview:document', location.origin]]);
    const state = posted.mock.calls[0]![0] as Extract<ToFrame, { type: 'studio-preview:state' }>;
    expect(state.fixture?.id).toBe('empty-cart');
    expect(state.studio.lang).toBe('en');
    expect(posted.mock.calls[1]![0]).toEqual({ type: 'studio-preview:document', kind: 'screens', id: 'home', draft: HOME });

    // an edit: the new draft only; invalid JSON (null): nothing, the frame keeps the last drawing
    const edited = { ...HOME, body: [{ component: 'Text', props: { text: 'Novo' } }] };
    rerender(pane({ draft: edited }));
    expect(posted.mock.calls.at(-1)![0]).toEqual({ type: 'studio-preview:document', kind: 'screens', id: 'home', draft: edited });
    const count = posted.mock.calls.length;
    rerender(pane({ draft: null }));
    expect(posted.mock.calls.length).toBe(count);
    expect(screen.getByRole('status').textContent).toBe('The preview waits for valid JSON.');

    // the recorded actions: from the frame on this origin only
    const calls = { type: 'studio-preview:calls', calls: [{ action: 'cart.addEntry', args: { code: 'X1' }, ran: false }] };
    fromFrame(calls, 'https://evil.example');
    fromFrame(calls, location.origin, window);
    const actions = screen.getByRole('region', { name: 'Actions (recorded, not run)' });
    expect(within(actions).getByText('No actions yet.')).toBeTruthy();
    fromFrame(calls);
    expect(within(actions).getByText('cart.addEntry')).toBeTruthy();
    expect(within(actions).getByText('{"code":"X1"}')).toBeTruthy();
  });
});

describe('the frame', () => {
  const PROBE = {
    id: 'probe', version: 1, title: { message: 'probe.title' }, size: 'small',
    body: [
      { component: 'Text', props: { text: { message: 'probe.text' } } },
      { component: 'Button', props: { label: { message: 'probe.go' } }, on: { click: { action: 'checkout.continueAsGuest' } } },
    ],
  };
  const texts: Messages = { 'probe.title': 'Probni naslov', 'probe.text': 'Probni tekst', 'probe.go': 'Dalje' };

  it('says it listens, takes the state and the draft from its parent only, draws the draft, and sends back the actions', async () => {
    // a page of its own in the test: its parent is itself
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    const { container } = render(<PreviewApp />);
    expect(posted).toHaveBeenCalledWith({ type: 'studio-preview:ready' }, location.origin);
    const fromStudio = (data: ToFrame, origin = location.origin) => act(() => { window.dispatchEvent(new MessageEvent('message', { data, origin, source: window })); });
    const state: ToFrame = { type: 'studio-preview:state', fixture: null, messages: texts, studio: { lang: 'en', messages: en } };
    const doc: ToFrame = { type: 'studio-preview:document', kind: 'modals', id: 'probe', draft: PROBE };

    fromStudio(state, 'https://evil.example');
    fromStudio(doc, 'https://evil.example');
    expect(container.textContent).toBe('');

    fromStudio(state);
    fromStudio(doc);
    const dialog = await screen.findByRole('dialog', { name: 'Probni naslov' });
    expect(within(dialog).getByText('Probni tekst')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dalje' }));
    const lastCalls = () => posted.mock.calls.map((c) => c[0] as { type: string; calls?: Array<{ action: string; ran: boolean }> })
      .filter((m) => m.type === 'studio-preview:calls').at(-1)?.calls?.map((c) => [c.action, c.ran]);
    await waitFor(() => expect(lastCalls()).toEqual([['checkout.continueAsGuest', false]]));
  });
});
