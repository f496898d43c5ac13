import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { NodeList, NodeView } from '../../../renderer/Node';
import { defineAction } from '../../../actions/define';
import type { VocabularyProps } from '../../../renderer/types';
import { makeRuntime, renderWith } from './helpers';

afterEach(cleanup);

function Text({ text, tone }: { text?: string; tone?: string } & VocabularyProps) {
  return <p data-tone={tone}>{text}</p>;
}
function Button({ label, emit, enabled }: { label: string } & VocabularyProps) {
  return <button disabled={!enabled} onClick={() => void emit('click', { from: 'button' })}>{label}</button>;
}
function Box({ children }: { children?: ReactNode } & VocabularyProps) {
  return <section data-testid="box">{children}</section>;
}
const components = { Text, Button, Box };

describe('node renderer', () => {
  it('resolves literal, message and $bind props and bind pointers', () => {
    const { rt, stores } = makeRuntime({ components });
    stores.session.setMessages({ ...stores.session.messages, greet: 'Zdravo, {name}!' });
    renderWith(rt, <NodeList nodes={[
      { component: 'Text', props: { text: { message: 'greet', params: { name: { $bind: '/route/query/name' } } }, tone: 'info' } },
      { component: 'Text', bind: { text: '/session/lang' } },
    ]} />, { route: { path: '/', params: {}, query: { name: 'Ana' } } });
    expect(screen.getByText('Zdravo, Ana!').getAttribute('data-tone')).toBe('info');
    expect(screen.getByText('sr')).toBeTruthy();
  });

  it('re-renders when the bound store value changes (observer)', () => {
    const { rt, stores } = makeRuntime({ components });
    renderWith(rt, <NodeView node={{ component: 'Text', bind: { text: '/ui/viewport/width' }, props: {} }} />);
    expect(screen.getByText('1280')).toBeTruthy();
    act(() => stores.ui.setViewportWidth(500));
    expect(screen.getByText('500')).toBeTruthy();
  });

  it('hides nodes whose visibleIf fails and follows the store', () => {
    const { rt, stores } = makeRuntime({ components });
    renderWith(rt, <NodeView node={{ component: 'Text', props: { text: 'badge' }, visibleIf: { properties: { cart: { properties: { miniCartOpen: { const: true } } } } } }} />);
    expect(screen.queryByText('badge')).toBeNull();
    act(() => stores.cart.setMiniCartOpen(true));
    expect(screen.getByText('badge')).toBeTruthy();
  });

  it('passes enabled=false when enabledIf fails', () => {
    const { rt } = makeRuntime({ components, actions: [defineAction({ name: 'x.y', description: '', args: {}, run() {} })] });
    renderWith(rt, <NodeView node={{ component: 'Button', props: { label: 'Go' }, enabledIf: { properties: { session: { properties: { isAuthorized: { const: true } } } } }, on: { click: { action: 'x.y' } } }} />);
    expect((screen.getByText('Go') as HTMLButtonElement).disabled).toBe(true);
  });

  it('repeats over an array with /item and /index in scope', () => {
    const { rt } = makeRuntime({ components });
    renderWith(rt, <NodeView node={{ component: 'Text', repeat: { over: '/list' }, props: { text: { message: 'row', params: { i: { $bind: '/index' }, n: { $bind: '/item/name' } } } } }} />,
      { list: [{ name: 'A' }, { name: 'B' }] });
    // unknown message keys render as the key; check the item scope through a bind instead
    cleanup();
    renderWith(rt, <NodeView node={{ component: 'Text', repeat: { over: '/list' }, bind: { text: '/item/name' } }} />, { list: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    expect([...document.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['A', 'B', 'C']);
  });

  it('renders children inside the component', () => {
    const { rt } = makeRuntime({ components });
    renderWith(rt, <NodeView node={{ component: 'Box', children: [{ component: 'Text', props: { text: 'inner' } }] }} />);
    expect(screen.getByTestId('box').textContent).toBe('inner');
  });

  it('dispatches `on` actions with the scope and the emitted payload', async () => {
    const run = vi.fn();
    const { rt } = makeRuntime({
      components,
      actions: [defineAction({ name: 'cart.add', description: '', args: { type: 'object', required: ['code'] }, run })],
    });
    renderWith(rt, <NodeView node={{ component: 'Button', props: { label: 'Add' }, repeat: { over: '/list' }, on: { click: [{ action: 'cart.add', args: { code: { $bind: '/item/code' }, from: { $bind: '/event/from' } } }] } }} />,
      { list: [{ code: 'T1' }] });
    await act(async () => { fireEvent.click(screen.getByText('Add')); });
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0][0]).toEqual({ code: 'T1', from: 'button' });
    expect(run.mock.calls[0][1].event).toEqual({ from: 'button' });
  });
});

describe('unknown component or action', () => {
  it('development: a contained, visible, localized error box naming it', () => {
    const { rt } = makeRuntime({ components, dev: true });
    renderWith(rt, <NodeList nodes={[
      { component: 'Nope' },
      { component: 'Button', props: { label: 'x' }, on: { click: { action: 'no.such' } } },
      { component: 'Text', props: { text: 'still here' } },
    ]} />);
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Nepoznata komponenta: Nope', 'Nepoznata akcija: no.such']);
    expect(screen.getByText('still here')).toBeTruthy();
  });

  it('production: the node is skipped and console.error logs it', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rt } = makeRuntime({ components, dev: false });
    renderWith(rt, <NodeList nodes={[{ component: 'Nope' }, { component: 'Text', props: { text: 'ok' } }]} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('ok')).toBeTruthy();
    expect(err.mock.calls.some((c) => String(c[0]).includes('unknown component "Nope"'))).toBe(true);
    err.mockRestore();
  });

  it('a crashing component is contained', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never { throw new Error('boom'); }
    const { rt } = makeRuntime({ components: { ...components, Boom }, dev: true });
    renderWith(rt, <NodeList nodes={[{ component: 'Boom' }, { component: 'Text', props: { text: 'after' } }]} />);
    expect(screen.getByRole('alert').textContent).toBe('Komponenta Boom nije mogla da se prikaže.');
    expect(screen.getByText('after')).toBeTruthy();
    err.mockRestore();
  });
});
