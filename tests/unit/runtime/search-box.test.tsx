// The header search's suggestions under a resting pointer: the list opens where the pointer happens to be (after a
// click on a product card, on a phone where the list covers the page), and the browser sends that suggestion mouse
// events as the layout moves under it. Only a pointer that moves makes a suggestion active; Enter then submits the
// text as a search. (Before: mouseenter made it active, and Enter after typing opened that product: CI at 375 px.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import SearchBox from '../../../components/layout/SearchBox';
import type { Suggestion } from '../../../components/shared/types';
import { makeRuntime, renderWith } from './helpers';

afterEach(cleanup);

const items = [
  { code: 'IPHONE_16', name: 'iPhone 16', kind: 'DEVICE', url: '/uredjaj/apple/iphone-16/IPHONE_16' },
  { code: 'IPHONE_16_PRO', name: 'iPhone 16 Pro', kind: 'DEVICE', url: '/uredjaj/apple/iphone-16-pro/IPHONE_16_PRO' },
] as unknown as Suggestion[];

function setup() {
  const { rt } = makeRuntime();
  const emit = vi.fn(async () => true);
  renderWith(rt, <SearchBox label="Pretraži" submitLabel="Traži" suggest={{ term: 'iphone', items }} emit={emit} enabled />);
  const box = screen.getByRole('combobox') as HTMLInputElement;
  fireEvent.change(box, { target: { value: 'iphone' } });
  const options = screen.getAllByRole('option');
  return { box, options, emit };
}

describe('header search suggestions and the pointer', () => {
  it('a list opening under a resting pointer makes nothing active: Enter searches the typed text', async () => {
    const { box, options, emit } = setup();
    // what the browser sends as the list appears under the pointer: enter, over and a move at the same place
    fireEvent.mouseEnter(options[0], { clientX: 40, clientY: 120 });
    fireEvent.mouseOver(options[0], { clientX: 40, clientY: 120 });
    fireEvent.mouseMove(options[0], { clientX: 40, clientY: 120 });
    fireEvent.mouseMove(options[0], { clientX: 40, clientY: 120 });
    expect(options[0].getAttribute('aria-selected')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    await act(async () => { fireEvent.submit(box.closest('form')!); });
    expect(emit).toHaveBeenCalledWith('search', { text: 'iphone' });
    expect(emit).not.toHaveBeenCalledWith('pick', expect.anything());
  });

  it('a pointer that moves over a suggestion makes it active, and Enter opens it', async () => {
    const { box, options, emit } = setup();
    fireEvent.mouseMove(options[1], { clientX: 40, clientY: 160 });
    fireEvent.mouseMove(options[1], { clientX: 42, clientY: 163 });
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    await act(async () => { fireEvent.keyDown(box, { key: 'Enter' }); });
    expect(emit).toHaveBeenCalledWith('pick', { url: items[1].url, code: 'IPHONE_16_PRO' });
  });
});

describe('header search submit', () => {
  it('searches what the field holds, also text that did not reach the state (typed before the page was live)', async () => {
    const { rt } = makeRuntime();
    const emit = vi.fn(async () => true);
    renderWith(rt, <SearchBox label="Pretraži" submitLabel="Traži" suggest={null} emit={emit} enabled />);
    const box = screen.getByRole('combobox') as HTMLInputElement;
    // the browser's value, set without an event React sees (as typing into the server's markup before hydration)
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, 'iphone');
    await act(async () => { fireEvent.submit(box.closest('form')!); });
    expect(emit).toHaveBeenCalledWith('search', { text: 'iphone' });
  });
});
