// DOM snapshots of the extra-benefits step (SUGGESTED_PRODUCTS, screen checkout-suggested-products) in its fixture
// states: the offers of fixture suggested-products (free limit reached, preselected and included services, a cable at
// its maxAllowedQuantity), nothing offered, and a refusal from the server; the buttons dispatch their actions.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeHarness, renderScreen, settle } from './harness';

afterEach(cleanup);
const PATH = '/kupovina/dodatne-pogodnosti';

describe('screen checkout-suggested-products', () => {
  it('fixture suggested-products: sections, free count, included service, quantity at its limit; the buttons dispatch', async () => {
    const h = makeHarness('suggested-products');
    const { container } = renderScreen(h, 'checkout-suggested-products', PATH);
    const digital = await screen.findByRole('region', { name: 'Digitalni servisi' });
    expect(within(digital).getByText('Iskoristio si sve besplatne servise uz tarifu (1 od 1).')).toBeTruthy();
    expect(within(digital).getByText('Besplatno (umesto 799,00 RSD/mes.)')).toBeTruthy();
    // the free limit is reached: the other free service can no longer be added (and shows its price)
    expect(within(digital).getByRole('button', { name: 'Dodaj Orbita Muzika' })).toHaveProperty('disabled', true);
    expect(within(digital).getByText('349,00 RSD/mes.')).toBeTruthy();
    // included with the tariff: no remove button
    expect(within(digital).queryByRole('button', { name: 'Ukloni Orbita Bezbedan net' })).toBe(null);
    expect(within(digital).getByText('Uključeno uz tarifu, ne može da se ukloni.')).toBeTruthy();
    const cross = screen.getByRole('region', { name: 'Preporučujemo uz tvoju kupovinu' });
    expect(within(cross).getByText('Količina: 2 (najviše 2)')).toBeTruthy();
    expect(within(cross).getByRole('button', { name: 'Dodaj još jedan: USB-C na USB-C kabl 1 m' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('region', { name: 'Set-top boks uređaji' })).toBe(null);

    fireEvent.click(within(cross).getByRole('button', { name: 'Ukloni jedan: USB-C na USB-C kabl 1 m' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'suggested.remove', args: { entryNumber: 5 } }));
    fireEvent.click(within(cross).getByRole('button', { name: 'Dodaj Zaštitno kaljeno staklo' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'suggested.add', args: { code: 'ACC_TEMPERED_GLASS', referenceType: 'CROSSELLING' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj Dodatnih 10 GB' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'suggested.add', args: { code: 'ADDON_NET_10GB', referenceType: 'TARIFF_ADDON_RELATION' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.next', args: {} }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('nothing offered with the cart: the note, no sections', async () => {
    const h = makeHarness('suggested-products');
    act(() => { h.stores.checkout.setSuggested({ entryNumber: null, productName: null, freeAddonsLimit: 0, freeSelected: 0, references: [] }); });
    const { container } = renderScreen(h, 'checkout-suggested-products', PATH);
    await screen.findByText('Uz tvoju kupovinu trenutno nemamo dodatnih ponuda. Nastavi na sledeći korak.');
    expect(screen.queryByRole('region', { name: 'Digitalni servisi' })).toBe(null);
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('a refusal from the server is an alert in the step', async () => {
    const h = makeHarness('suggested-products');
    act(() => { h.stores.checkout.setSuggested({ error: 'Proizvod USB-C na USB-C kabl 1 m možeš da dodaš najviše 2 put(a).' }); });
    const { container } = renderScreen(h, 'checkout-suggested-products', PATH);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Proizvod USB-C na USB-C kabl 1 m možeš da dodaš najviše 2 put(a).');
    await settle(container);
    expect(container).toMatchSnapshot();
  });
});
