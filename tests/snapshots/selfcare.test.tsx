// DOM snapshots of the self-care screens (seed 001 §2): top-up and its status, bill payment (search, found bill,
// an outcome) and its result, prepaid registration (Serbian and the -eng twin) — drawn from the store states the
// actions leave, with the actions recorded instead of run.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { makeHarness, renderScreen, settle } from './harness';
import type { BillView, TopUpStatus } from '../../actions/stores/selfcare';

afterEach(cleanup);

const receipt: TopUpStatus['transaction'] = {
  orderId: 'TU1234567890', originalTransactionId: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', formattedAmountWithTax: '500,00 RSD',
  formattedTaxAmount: '83,33 RSD', taxAmount: 83.33, approvalNumber: '123456', transactionStatus: 'APPROVED', transactionDate: '2026-11-25T10:30:00.000Z',
};
const money = (v: number) => ({ value: v, formattedValue: `${v.toLocaleString('de-DE')},00 RSD`, currencyIso: 'RSD' as const });
const bill: BillView = { reference: '202610000011', customerNumber: '1000001', period: '2026-10', dueDate: '2026-11-28', msisdn: '060 1234567', amount: money(2499), status: 'OPEN' };

describe('self-care screens', { timeout: 30_000 }, () => {
  it('top-up: presets, the form, a preset click asks selfcare.setTopUpAmount', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'topup', '/Privatni/Mobilna/Pripejd/Dopuni-kredit');
    await screen.findByRole('heading', { level: 1, name: 'Dopuna kredita' });
    await screen.findByLabelText(/^Broj telefona/, { selector: 'input' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: '1.000 RSD' }));
    expect(h.calls).toContainEqual({ action: 'selfcare.setTopUpAmount', args: { amount: 1000 } });
    act(() => h.stores.selfcare.setTopUpError('Dopuna je moguća samo za pripejd brojeve i brojeve sa kontrolom troškova.'));
    await screen.findByText('Dopuna nije moguća');
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('top-up status: approved receipt and a declined one', async () => {
    const h = makeHarness('empty-cart');
    act(() => h.stores.selfcare.setTopUpStatus({ orderId: 'TU1234567890', msisdn: '064 1234567', status: 'APPROVED', amount: money(500), transaction: receipt, message: null }));
    const { container } = renderScreen(h, 'topup-status', '/Privatni/Mobilna/Pripejd/Dopuni-kredit/Status?orderId=TU1234567890');
    await screen.findByRole('heading', { name: 'Dopuna je uspešna' });
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => h.stores.selfcare.setTopUpStatus({ orderId: 'TU1234567890', msisdn: '064 1234567', status: 'DECLINED', amount: money(500),
      transaction: { ...receipt, approvalNumber: null, transactionStatus: 'DECLINED' }, message: 'Iznos nije dopunjen, račun nije zadužen.' }));
    await screen.findByRole('heading', { name: 'Dopuna nije uspela' });
    expect(screen.getByText('Iznos nije dopunjen, račun nije zadužen.')).toBeTruthy();
  });

  it('bill payment: the search, an outcome, and the found bill with the consents', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'bill-payment', '/placanje-racuna');
    await screen.findByRole('heading', { level: 1, name: 'Plaćanje računa' });
    await screen.findByLabelText(/^Broj korisnika/, { selector: 'input' }, { timeout: 15_000 });
    act(() => h.stores.selfcare.setBillError({ reason: 'IN_PROCESSING', title: 'Plaćanje je u obradi', text: 'Uplata za ovaj račun je u obradi. Proveri stanje za nekoliko sati.' }));
    await screen.findByText('Plaćanje je u obradi');
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => { h.stores.selfcare.setBillError(null); h.stores.selfcare.setBill(bill, 'session-1234567890abcdef'); });
    await screen.findByRole('heading', { name: 'Pronađeni račun' });
    await screen.findByLabelText(/Opšte uslove/, { selector: 'input' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Plati račun karticom' }));
    expect(h.calls).toContainEqual({ action: 'selfcare.payBill', args: { form: 'bill-consents' } });
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('bill payment result: paid', async () => {
    const h = makeHarness('empty-cart');
    act(() => h.stores.selfcare.setBillStatus({ orderId: 'BP1234567890', status: 'APPROVED', bill: { ...bill, status: 'PAID' }, amount: money(2499),
      transaction: { ...receipt, orderId: 'BP1234567890', formattedAmountWithTax: '2.499,00 RSD', formattedTaxAmount: '416,50 RSD' }, message: null }));
    const { container } = renderScreen(h, 'bill-payment-result', '/placanje-racuna/rezultat?orderId=BP1234567890');
    await screen.findByRole('heading', { name: 'Račun je plaćen' });
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('prepaid registration: the number check, then the registration form with the video times', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'prepaid-registration', '/Privatni/Mobilna/Pripejd/Registracija-pripejd-broja');
    await screen.findByRole('button', { name: 'Proveri broj' }, { timeout: 15_000 });
    act(() => h.stores.selfcare.setPrepaid({ msisdn: '0641111111', deadline: '2026-11-26T09:00:00.000Z', deadlineText: 'četvrtak, 26. novembar 2026. 10:00' },
      ['2026-11-25T08:00:00.000Z', '2026-11-25T08:30:00.000Z']));
    await screen.findByText('Broj 0641111111 registruj najkasnije do: četvrtak, 26. novembar 2026. 10:00.');
    await screen.findByLabelText(/^JMBG/, { selector: 'input' }, { timeout: 15_000 });
    const times = screen.getByRole('group', { name: 'Termin video identifikacije (08–20 h)' });
    fireEvent.click(times.querySelectorAll('button')[1]);
    expect(h.calls).toContainEqual({ action: 'selfcare.setVideoSlot', args: { slot: '2026-11-25T08:30:00.000Z' } });
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('prepaid registration -eng: the English page', async () => {
    const h = makeHarness('english');
    const { container } = renderScreen(h, 'prepaid-registration-eng', '/Privatni/Mobilna/Pripejd/Registracija-pripejd-broja-eng');
    await screen.findByRole('heading', { level: 1, name: 'Prepaid number registration' });
    act(() => h.stores.selfcare.setPrepaidResult({ msisdn: '064 1111112', videoSlotText: 'Wednesday, 25 November 2026 at 09:30' }));
    await screen.findByRole('heading', { name: 'The number is registered' });
    await settle(container);
    expect(container).toMatchSnapshot();
  });
});
