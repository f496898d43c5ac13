// The preview's state select (studio/StateSelect.tsx, studio/fixtureStates.ts): the states that change the open
// document — as the fixture-state matrix of the DOM snapshots lists them (tests/snapshots/fixture-states.json; for a
// screen, with its layout's) — come first, its default first and marked; the others follow in a group of their own;
// a document the matrix does not know lists every state alike; every state stays selectable.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { orderFixtures, statesThatMatter, type FixtureStates } from '../../../studio/fixtureStates';
import { StateSelect } from '../../../studio/StateSelect';
import { makeT } from '../../../studio/i18n';
import type { FixtureDoc } from '../../../renderer/fixtures';

afterEach(cleanup);

const t = makeT(JSON.parse(readFileSync('schemas/messages/en.json', 'utf8')), 'en');
const MATRIX = JSON.parse(readFileSync('tests/snapshots/fixture-states.json', 'utf8')) as FixtureStates;
const IDS = ['empty-cart', 'english', 'guest-checkout', 'phone-with-tariff', 'signed-in-customer', 'suggested-products'];
const FIXTURES = IDS.map((id) => JSON.parse(readFileSync(`schemas/fixtures/${id}.json`, 'utf8')) as FixtureDoc);

describe('the states that change a document', () => {
  it('are the matrix\'s states of a form or a modal, its default first', () => {
    expect(statesThatMatter(MATRIX, 'forms', 'guest', {})).toEqual(MATRIX.documents['form/guest']!.states);
    expect(statesThatMatter(MATRIX, 'forms', 'guest', {})![0]).toBe('empty-cart');
    expect(statesThatMatter(MATRIX, 'modals', 'remove-item', {})).toEqual(['empty-cart', 'english', 'guest-checkout']);
  });

  it('of a screen: its own, then its layout\'s (it is previewed inside it); of a layout: its own, then the home page\'s', () => {
    const main = MATRIX.documents['screen/main']!.states;
    const home = MATRIX.documents['screen/home']!.states;
    expect(main).toContain('signed-in-customer');
    expect(home).not.toContain('signed-in-customer');
    const homeStates = statesThatMatter(MATRIX, 'screens', 'home', { route: '/' })!;
    expect(homeStates.slice(0, home.length)).toEqual(home);
    expect(new Set(homeStates)).toEqual(new Set([...home, ...main]));
    expect(homeStates.length).toBe(new Set(homeStates).size);
    // a screen without a layout: its own states only
    expect(statesThatMatter(MATRIX, 'screens', 'home', { route: '/', layout: 'none' })).toEqual(home);
    // the layout (no route) is shown around the home page
    expect(statesThatMatter(MATRIX, 'screens', 'main', { id: 'main', kind: 'layout' })).toEqual([...main, ...home.filter((s) => !main.includes(s))]);
  });

  it('are unknown (null) for other kinds, a new document, or without the matrix', () => {
    expect(statesThatMatter(MATRIX, 'flows', 'guest', {})).toBeNull();
    expect(statesThatMatter(MATRIX, 'messages', 'sr', {})).toBeNull();
    expect(statesThatMatter(MATRIX, 'screens', 'brand-new', { route: '/x' })).toBeNull();
    expect(statesThatMatter(null, 'forms', 'guest', {})).toBeNull();
  });

  it('order the fixtures: those states in their order, then the others in theirs; unknown: one list', () => {
    const { changing, same } = orderFixtures(FIXTURES, ['guest-checkout', 'empty-cart']);
    expect(changing.map((f) => f.id)).toEqual(['guest-checkout', 'empty-cart']);
    expect(same.map((f) => f.id)).toEqual(['english', 'phone-with-tariff', 'signed-in-customer', 'suggested-products']);
    expect(orderFixtures(FIXTURES, null)).toEqual({ changing: FIXTURES, same: [] });
    expect(orderFixtures(FIXTURES, ['no-such-state'])).toEqual({ changing: FIXTURES, same: [] });
  });
});

describe('the state select', () => {
  const options = (group: HTMLElement) => within(group).getAllByRole('option').map((o) => o.textContent);

  it('lists the states that change the guest form first (the default marked), the others under a group of their own', () => {
    const onChange = vi.fn();
    render(<StateSelect fixtures={FIXTURES} states={statesThatMatter(MATRIX, 'forms', 'guest', {})} value="empty-cart" onChange={onChange} t={t} />);
    const select = screen.getByRole('combobox', { name: 'State' });
    const [changes, same] = within(select).getAllByRole('group');
    expect(changes!.getAttribute('label')).toBe('States that change this document');
    expect(same!.getAttribute('label')).toBe('Other states (drawn as in a state above)');
    expect(options(changes!)).toEqual(['Empty cart (default)', 'English', 'Guest in checkout']);
    expect(options(same!)).toEqual(['Phone with tariff in the cart', 'Signed-in customer', 'suggested-products']);
    // every state stays selectable, those of the second group too
    expect(within(select).getAllByRole('option')).toHaveLength(FIXTURES.length);
    fireEvent.change(select, { target: { value: 'signed-in-customer' } });
    expect(onChange).toHaveBeenCalledWith('signed-in-customer');
  });

  it('for a document the matrix does not know: every state in one list, none marked', () => {
    render(<StateSelect fixtures={FIXTURES} states={null} value="english" onChange={() => {}} t={t} />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(within(select).queryAllByRole('group')).toHaveLength(0);
    expect(options(select)).toEqual(['Empty cart', 'English', 'Guest in checkout', 'Phone with tariff in the cart', 'Signed-in customer', 'suggested-products']);
    expect((select as HTMLSelectElement).value).toBe('english');
  });

  it('for a document every state changes: one list, its default first and marked', () => {
    render(<StateSelect fixtures={FIXTURES} states={['english', ...IDS.filter((i) => i !== 'english')]} value="english" onChange={() => {}} t={t} />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(within(select).queryAllByRole('group')).toHaveLength(0);
    expect(options(select)[0]).toBe('English (default)');
  });
});
