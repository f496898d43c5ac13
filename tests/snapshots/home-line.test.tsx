// DOM snapshots of the home-line step (CONNECT_HOME_DATA, screen checkout-home-line) in its states: an uncovered
// address with its message, a valid setup on an existing line; the choices dispatch their actions.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeHarness, renderScreen, settle } from './harness';
import type { HomeLineState } from '../../actions/stores/home';

afterEach(cleanup);

const loaded = (over: Partial<HomeLineState>): Partial<HomeLineState> => ({
  loaded: true, available: ['HOME_LANDLINE', 'HOME_ADDRESS', 'HOME_PORT_IN'], operators: ['SBB', 'Orion', 'Beotel'],
  lines: [
    { lineId: 'HL-1', number: '0113456789', homeLineFormatted: '011 345 6789', addressCode: 'TIS-1001-73', formattedAddress: 'Bulevar kralja Aleksandra 73/2, stan 12, 11000 Beograd' },
    { lineId: 'HL-2', number: '021456789', homeLineFormatted: '021 456 789', addressCode: 'TIS-4002-8', formattedAddress: 'Zmaj Jovina 8, stan 3, 21000 Novi Sad' },
  ],
  addresses: [{ code: 'TIS-2001-10', address: 'Bulevar Mihajla Pupina 10/2, stan 45, 11070 Novi Beograd', entrance: '2', flatNum: '45' }],
  ...over,
});

describe('screen checkout-home-line', () => {
  it('another address that is not covered: the picker, the clear message, Next dispatches the guard', async () => {
    const h = makeHarness('signed-in-customer');
    act(() => {
      h.stores.home.setBoxOptions('municipalities', [{ code: '70092', name: 'Beograd-Vračar' }]);
      h.stores.home.setHomeLine(loaded({
        option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS',
        notice: { ok: false, message: 'Na adresi Bulevar kralja Aleksandra 77, stan 3, 11000 Beograd optička mreža (GPON) još nije dostupna, pa izabrani paket ne može da se uvede.' },
        error: 'Provera fiksne linije ili adrese mora biti završena i ispravna.',
      }));
    });
    const { container } = renderScreen(h, 'checkout-home-line', '/kupovina/podesavanje-paketa');
    await screen.findByRole('heading', { level: 1, name: 'Podešavanje paketa' });
    expect(screen.getByRole('radio', { name: /Na adresi, sa novim brojem/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Druga adresa' })).toHaveProperty('checked', true);
    expect(screen.getAllByRole('status').some((s) => (s.textContent ?? '').includes('još nije dostupna'))).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Provera fiksne linije ili adrese mora biti završena i ispravna.');
    fireEvent.change(screen.getByLabelText('Opština'), { target: { value: '70092' } });
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'home.setAddressField', args: { field: 'municipalityCode', value: '70092' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Proveri adresu' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'homeline.checkAddress', args: {} }));
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'homeline.next', args: {} }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('an existing line with GPON: the lines, the valid setup; choosing another line dispatches the check', async () => {
    const h = makeHarness('signed-in-customer');
    act(() => {
      h.stores.home.setHomeLine(loaded({
        option: 'HOME_LANDLINE',
        notice: { ok: true, message: 'Linija 011 345 6789 radi preko optike (GPON): paket može da se uvede na nju.' },
        setup: {
          option: 'HOME_LANDLINE', addressType: 'LINE_ADDRESS', addressCode: 'TIS-1001-73', entrance: '2', flatNum: '12',
          formattedAddress: 'Bulevar kralja Aleksandra 73/2, stan 12, 11000 Beograd', numberOption: 'EXISTING', lineId: 'HL-1',
          homeLineNumber: '0113456789', homeLineFormatted: '011 345 6789', operator: null, packageId: 'BOX_PLUS', checkStatus: { status: 'VALID', gponCheckIsDone: true },
        },
      }));
    });
    const { container } = renderScreen(h, 'checkout-home-line', '/kupovina/podesavanje-paketa');
    const lines = await screen.findByRole('group', { name: 'Tvoje fiksne linije' });
    expect(within(lines).getByRole('radio', { name: /011 345 6789/ })).toHaveProperty('checked', true);
    expect(screen.getByText('Paket uvodimo na liniju 011 345 6789, Bulevar kralja Aleksandra 73/2, stan 12, 11000 Beograd.')).toBeTruthy();
    fireEvent.click(within(lines).getByRole('radio', { name: /021 456 789/ }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'homeline.chooseLine', args: { lineId: 'HL-2' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });
});
