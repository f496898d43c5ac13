// DOM snapshots of issue 13's catalogue screens: the device comparison page (empty, and with two phones).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeHarness, renderScreen, settle } from './harness';
import { rsd } from '../fixtures/api';
import type { Comparison } from '../../actions/stores/types';

afterEach(cleanup);

const COMPARE = '/Privatni/Uredjaji/Uporedi';

const comparison: Comparison = {
  products: [
    { code: 'SAMSUNG_GALAXY_A56', name: 'Samsung Galaxy A56 5G 8/256GB', url: '/uredjaj/SAMSUNG_GALAXY_A56/graphite', brand: { name: 'Samsung' }, productOfferingType: 'DEVICE', esim: 'ESIM_SIM',
      images: [{ url: '/media/products/SAMSUNG_GALAXY_A56.svg', altText: 'Samsung Galaxy A56' }], colors: [], price: rsd(54999), monthlyPrice: rsd(1470), stock: { stockLevelStatus: 'inStock' } },
    { code: 'APPLE_IPHONE_16', name: 'Apple iPhone 16 128GB', url: '/uredjaj/APPLE_IPHONE_16/black', brand: { name: 'Apple' }, productOfferingType: 'DEVICE', esim: 'ESIM_SIM',
      images: [], colors: [], price: rsd(124999), monthlyPrice: null, stock: { stockLevelStatus: 'inStock' } },
  ],
  groups: [
    { name: 'Platforma', differs: true, rows: [
      { name: 'Operativni sistem', values: ['Android 15', 'iOS 18'], differs: true },
      { name: 'RAM', values: ['8 GB', '8 GB'], differs: false },
    ] },
    { name: 'Mreža', differs: false, rows: [{ name: '5G', values: ['Da', 'Da'], differs: false }] },
  ],
};

describe('screen compare', () => {
  it('two phones side by side: differing rows highlighted, only-differences filter, remove dispatches compare.drop', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.compareStarted(['SAMSUNG_GALAXY_A56', 'APPLE_IPHONE_16']);
    h.stores.catalog.compareLoaded(comparison);
    const { container } = renderScreen(h, 'compare', `${COMPARE}?uredjaji=SAMSUNG_GALAXY_A56,APPLE_IPHONE_16`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Uporedi uređaje' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Poređenje specifikacija (2 telefona)' });
    expect(within(table).getAllByRole('link').map((c) => [c.textContent, c.getAttribute('href')])).toEqual([
      ['Samsung Galaxy A56 5G 8/256GB', '/uredjaj/SAMSUNG_GALAXY_A56/graphite'], ['Apple iPhone 16 128GB', '/uredjaj/APPLE_IPHONE_16/black'],
    ]);
    const os = within(table).getByRole('row', { name: /Operativni sistem/ });
    expect(os.className).toContain('ot-cmp__row--diff');
    expect(within(os).getByRole('img', { name: 'razlikuje se' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /RAM/ }).className).not.toContain('diff');
    expect(table.textContent).toContain('od 1.470,00 RSD /mes.');
    await settle(container);
    expect(container).toMatchSnapshot();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Prikaži samo razlike' }));
    expect(within(table).queryByRole('row', { name: /RAM/ })).toBeNull();
    expect(within(table).queryByText('Mreža')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Ukloni Apple iPhone 16 128GB iz poređenja' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'compare.drop', args: { code: 'APPLE_IPHONE_16' } }));
  });

  it('without phones in the address: the empty state leads to the phone list', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.compareStarted([]);
    const { container } = renderScreen(h, 'compare', COMPARE);
    expect(await screen.findByText('Nema izabranih telefona')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Izaberi telefone' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'nav.go', args: { to: '/Privatni/Uredjaji/Tip-uredjaja/telefoni' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('the list\'s compare check boxes and bar', async () => {
    const h = makeHarness('empty-cart');
    const first = h.stores.catalog.search.products[0];
    renderScreen(h, 'plp-phones', '/Privatni/Uredjaji/Tip-uredjaja/telefoni');
    const box = await screen.findByRole('checkbox', { name: `Uporedi: ${first.name}` });
    fireEvent.click(box);
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'compare.toggle', args: { code: first.code, name: first.name, selected: true } }));
    h.stores.catalog.setCompareSelection([{ code: first.code, name: first.name }, { code: 'X', name: 'Telefon X' }]);
    const bar = await screen.findByRole('region', { name: 'Telefoni za poređenje' });
    expect(within(bar).getByRole('link', { name: 'Uporedi (2)' }).getAttribute('href')).toBe(`${COMPARE}?uredjaji=${first.code},X`);
    fireEvent.click(within(bar).getByRole('button', { name: 'Ukloni Telefon X iz poređenja' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'compare.remove', args: { code: 'X' } }));
  });
});
