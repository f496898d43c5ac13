import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeHarness, renderModal } from './harness';

afterEach(cleanup);

describe('modal guest-or-login', () => {
  it('continue as guest or log in', async () => {
    const h = makeHarness('phone-with-tariff');
    const { container } = renderModal(h, 'guest-or-login', { checkoutType: 'GUEST' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nastavi kao gost' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'checkout.continueAsGuest', args: {} }]));
    fireEvent.click(screen.getByRole('button', { name: 'Prijavi se' }));
    await waitFor(() => expect(h.calls.slice(1)).toEqual([
      { action: 'ui.closeModal', args: { id: 'guest-or-login' } },
      { action: 'nav.go', args: { to: '/Prijava-b2c' } },
    ]));
    expect(container).toMatchSnapshot();
  });

  it('in English', async () => {
    const { container } = renderModal(makeHarness('english'), 'guest-or-login');
    expect(await screen.findByRole('button', { name: 'Continue as a guest' })).toBeTruthy();
    expect(container).toMatchSnapshot();
  });
});

describe('modal specification', () => {
  it('lists the full specification by group', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderModal(h, 'specification');
    expect(await screen.findByRole('heading', { name: 'Ekran' })).toBeTruthy();
    expect(screen.getByText('2340 × 1080')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(container).toMatchSnapshot();
  });

  it('shows a spinner while loading', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.setPdp({ specification: null, specificationError: false });
    renderModal(h, 'specification');
    expect((await screen.findByRole('status')).textContent).toContain('Učitavamo specifikaciju…');
  });

  it('shows the error with try again when loading failed', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.setPdp({ specification: null, specificationError: true });
    renderModal(h, 'specification');
    fireEvent.click(await screen.findByRole('button', { name: 'Pokušaj ponovo' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'pdp.loadSpecification', args: {} }]));
    expect(screen.queryByRole('heading', { name: 'Ekran' })).toBeNull();
  });
});

describe('modal limit-overstepped', () => {
  it('shows the server message; close or view the cart', async () => {
    const h = makeHarness('phone-with-tariff');
    const { container } = renderModal(h, 'limit-overstepped', { message: 'Premašen je dozvoljeni iznos korpe.' });
    expect(await screen.findByText('Premašen je dozvoljeni iznos korpe.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pogledaj korpu' }));
    await waitFor(() => expect(h.calls).toEqual([
      { action: 'ui.closeModal', args: { id: 'limit-overstepped' } },
      { action: 'ui.toggleMiniCart', args: { open: true } },
    ]));
    expect(container).toMatchSnapshot();
  });
});

describe('modal change-types', () => {
  it('shows the server message and leads back to the offer', async () => {
    const h = makeHarness('guest-checkout');
    const { container } = renderModal(h, 'change-types', { message: 'Način plaćanja je promenjen u jednokratno.' });
    expect(await screen.findByText('Način plaćanja je promenjen u jednokratno.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nazad na ponudu' }));
    await waitFor(() => expect(h.calls).toEqual([
      { action: 'ui.closeModal', args: { id: 'change-types' } },
      { action: 'nav.go', args: { to: '/Privatni/Uredjaji/Tip-uredjaja/telefoni' } },
    ]));
    expect(container).toMatchSnapshot();
  });
});

describe('modal replace-item', () => {
  it('lists the entries in the way and keeps the current one', async () => {
    const h = makeHarness('phone-with-tariff');
    const entries = h.stores.cart.cart?.entries.slice(0, 1) ?? [];
    const { container } = renderModal(h, 'replace-item', { entries });
    expect(await screen.findByText('Samsung Galaxy S25 8/128GB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zadrži postojeći' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'ui.closeModal', args: { id: 'replace-item' } }]));
    expect(container).toMatchSnapshot();
  });
});
