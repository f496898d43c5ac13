// DOM snapshots of the home-line step (CONNECT_HOME_DATA, screen checkout-home-line) in its states: an uncovered
// address with its message, a valid setup on an existing line; the choices dispatch their actions.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeHarness, renderScreen, settle } from './harness';
import type { HomeLineState, TvAddonReference } from '../../actions/stores/home';

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

const validSetup = (over: Partial<NonNullable<HomeLineState['setup']>> = {}): NonNullable<HomeLineState['setup']> => ({
  option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS', addressCode: 'TIS-1003-40', entrance: 'B', flatNum: '7',
  formattedAddress: 'Krunska 40/B, stan 7, 11000 Beograd', numberOption: 'NEW_NUMBER', lineId: null,
  homeLineNumber: null, homeLineFormatted: null, operator: null, packageId: 'BOX_NET_TV_L', checkStatus: { status: 'VALID', gponCheckIsDone: true }, installationBill: null, ...over,
});

describe('the installation bill (screen checkout-home-line, overview)', () => {
  it('is offered once the setup is valid: the installation address first; another address shows its picker and the error', async () => {
    const h = makeHarness('signed-in-customer');
    act(() => {
      h.stores.home.setBoxOptions('municipalities', [{ code: '80403', name: 'Novi Sad' }], 'billAddress');
      h.stores.home.setHomeLine(loaded({ option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS', setup: validSetup(), billOption: 'OTHER_ADDRESS', billError: 'Izaberi adresu na koju šaljemo račun za instalaciju.', billErrorField: 'addressCode' }));
    });
    const { container } = renderScreen(h, 'checkout-home-line', '/kupovina/podesavanje-paketa');
    const bills = await screen.findByRole('group', { name: 'Kuda šaljemo račun za instalaciju?' });
    expect(within(bills).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['INSTALLATION_ADDRESS', 'OTHER_ADDRESS', 'E_BILL']);
    expect(within(bills).getByRole('radio', { name: /Na drugu adresu/ })).toHaveProperty('checked', true);
    expect(within(bills).getByRole('radio', { name: /Na adresu instalacije/ }).closest('label')!.textContent).toContain('Krunska 40/B, stan 7, 11000 Beograd');
    const form = screen.getByRole('form', { name: 'Na drugu adresu' });
    expect(within(form).getByLabelText('Kućni broj').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Izaberi adresu na koju šaljemo račun za instalaciju.');
    fireEvent.change(within(form).getByLabelText('Opština'), { target: { value: '80403' } });
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'home.setAddressField', args: { field: 'municipalityCode', value: '80403', target: 'billAddress' } }));
    fireEvent.click(within(form).getByRole('button', { name: 'Sačuvaj izbor računa' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'homeline.setBill', args: { option: 'OTHER_ADDRESS', email: '' } }));
    fireEvent.click(within(bills).getByRole('radio', { name: /Elektronski račun/ }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'homeline.selectBill', args: { option: 'E_BILL' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('a saved e-bill is stated in the step and, read-only, in the overview', async () => {
    const bill = { option: 'E_BILL' as const, addressCode: null, entrance: null, flatNum: null, formattedAddress: null, email: 'jelena.racuni@example.rs' };
    const h = makeHarness('signed-in-customer');
    act(() => { h.stores.home.setHomeLine(loaded({ option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS', setup: validSetup({ installationBill: bill }) })); });
    const { container } = renderScreen(h, 'checkout-home-line', '/kupovina/podesavanje-paketa');
    await screen.findByText('Račun za instalaciju šaljemo kao e-račun na jelena.racuni@example.rs.');
    expect(screen.getByLabelText('Imejl adresa za e-račun')).toHaveProperty('value', 'jelena.racuni@example.rs');
    await settle(container);
    expect(container).toMatchSnapshot();
    cleanup();

    const o = makeHarness('signed-in-customer');
    act(() => { o.stores.home.setHomeLine({ setup: validSetup({ installationBill: bill }) }); });
    const overview = renderScreen(o, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    const block = (await screen.findByRole('heading', { level: 2, name: 'Instalacija' })).closest('section')!;
    expect(within(block).getByText('Adresa instalacije: Krunska 40/B, stan 7, 11000 Beograd')).toBeTruthy();
    expect(within(block).getByText('Račun za instalaciju šaljemo kao e-račun na jelena.racuni@example.rs.')).toBeTruthy();
    await settle(overview.container);
    expect(block).toMatchSnapshot();
  });
});

const rsd = (v: number) => ({ value: v, formattedValue: `${v.toLocaleString('de-DE', { minimumFractionDigits: 2 })} RSD`, currencyIso: 'RSD' as const });
const tvRef = (referenceType: TvAddonReference['referenceType'], code: string, name: string, over: Partial<TvAddonReference> = {}, monthly: number | null = 290, oneTime: number | null = null): TvAddonReference => ({
  referenceType, target: { code, name, description: `${name} — opis`, productOfferingType: referenceType === 'STB_PRODUCT_RELATION' ? 'STB_DEVICE' : 'TV_ADDON', monthlyPrice: monthly === null ? null : rsd(monthly), oneTimePrice: oneTime === null ? null : rsd(oneTime) },
  maxAllowedQuantity: 1, preselected: false, isRemovableEntry: true, entryNumber: null, ...over,
});

describe('screen checkout-tv-addons', () => {
  it('free add-ons with the count (the limit reached disables the other free one), paid add-ons and a box dispatch their actions', async () => {
    const h = makeHarness('signed-in-customer');
    act(() => {
      h.stores.home.setTvAddons({
        loaded: true, packageCode: 'BOX_PLUS', packageName: 'Orbita Box Plus', freeAddonsLimit: 1, freeSelected: 1, complete: true,
        references: [
          tvRef('FREE_TV_ADDON_RELATION', 'TV_ADDON_KIDS', 'Dečiji paket', { preselected: true, entryNumber: 1 }),
          tvRef('FREE_TV_ADDON_RELATION', 'TV_ADDON_FILM', 'Filmski paket', {}, 590),
          tvRef('TV_ADDON_RELATION', 'TV_ADDON_ARENA', 'Arena Sport paket', {}, 999),
          tvRef('STB_PRODUCT_RELATION', 'STB_IRIS_4K', 'Iris 4K Android TV boks', {}, null, 4990),
        ],
      });
    });
    const { container } = renderScreen(h, 'checkout-tv-addons', '/kupovina/tv-dodaci');
    const free = await screen.findByRole('group', { name: 'Besplatni TV dodaci' });
    expect(within(free).getByText('Izabrao si sve besplatne dodatke (1 od 1).')).toBeTruthy();
    expect(within(free).getByRole('checkbox', { name: /Filmski paket/ })).toHaveProperty('disabled', true);
    fireEvent.click(within(free).getByRole('checkbox', { name: /Dečiji paket/ }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'tvaddons.remove', args: { entryNumber: 1 } }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Arena Sport paket/ }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'tvaddons.add', args: { code: 'TV_ADDON_ARENA', referenceType: 'TV_ADDON_RELATION' } }));
    expect(screen.getByText(/4\.990,00 RSD jednokratno/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.next', args: {} }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('a package without TV add-ons says so', async () => {
    const h = makeHarness('signed-in-customer');
    act(() => { h.stores.home.setTvAddons({ loaded: true, packageCode: 'NET_500', packageName: 'Orbita Net 500', references: [] }); });
    const { container } = renderScreen(h, 'checkout-tv-addons', '/kupovina/tv-dodaci');
    await screen.findByText('Uz ovaj paket nema TV dodataka. Nastavi na sledeći korak.');
    await settle(container);
    expect(container).toMatchSnapshot();
  });
});
