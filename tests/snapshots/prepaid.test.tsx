// The prepaid checkout screens as documents drawn by the renderer (actions recorded, not run): the e-mail verification
// form (guest and signed-in variants, checks before anything is sent, the timer and resend) and the activation
// instructions (the guest's 24-hour registration note). Their DOM snapshots per fixture are in matrix.test.tsx (__snapshots__/matrix/screen/<id>.html).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeHarness, renderScreen } from './harness';

afterEach(cleanup);

const VERIFY = '/kupovina/verifikacija-imejl-adrese';
const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) }) as HTMLInputElement;

describe('screen checkout-email-verification', () => {
  it('a guest: name, e-mail and terms are checked before anything is sent; the code confirms and submits the order', async () => {
    const h = makeHarness('empty-cart');
    renderScreen(h, 'checkout-email-verification', VERIFY, { withLayout: false });
    await screen.findByRole('heading', { level: 1, name: 'Verifikacija imejl adrese' });

    // send without an address: the field says so, nothing is called
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji kod' }));
    expect(await screen.findByText('Ovo polje je obavezno.')).toBeTruthy();
    expect(h.calls.some((c) => c.action === 'checkout.sendEmailCode')).toBe(false);
    fireEvent.change(box('Imejl adresa'), { target: { value: 'nije-adresa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji kod' }));
    expect(await screen.findByText('Unesi ispravnu imejl adresu.')).toBeTruthy();
    fireEvent.change(box('Imejl adresa'), { target: { value: 'jovana@example.rs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji kod' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.sendEmailCode', args: { email: 'jovana@example.rs' } }));

    // the code is out: the timer counts down from the server's expiry, the button offers to send again
    act(() => h.stores.checkout.setVerification({ email: 'jovana@example.rs', expiresAt: new Date(Date.now() + 300_000).toISOString() }));
    expect((await screen.findByRole('timer')).textContent).toMatch(/^Kod važi još (5:00|4:59)$/);
    expect(screen.getByRole('button', { name: 'Pošalji kod ponovo' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Kod je poslat na jovana@example.rs.');

    // submit: missing names, a short code and the terms are refused in the form
    fireEvent.change(box('Kod iz imejla (6 cifara)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Potvrdi i plati karticom' }));
    expect(await screen.findByText('Kod ima 6 cifara.')).toBeTruthy();
    expect(screen.getByText('Potrebno je prihvatiti uslove kupovine pripejd paketa.')).toBeTruthy();
    expect(screen.getAllByText('Ovo polje je obavezno.')).toHaveLength(2);
    expect(h.calls.some((c) => c.action === 'checkout.verifyEmail')).toBe(false);

    fireEvent.change(box('Ime'), { target: { value: 'Jovana' } });
    fireEvent.change(box('Prezime'), { target: { value: 'Ilić' } });
    fireEvent.change(box('Kod iz imejla (6 cifara)'), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /uslove kupovine pripejd paketa/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Potvrdi i plati karticom' }));
    await waitFor(() => expect(h.calls).toContainEqual({
      action: 'checkout.verifyEmail',
      args: { email: 'jovana@example.rs', otpCode: '482913', firstName: 'Jovana', lastName: 'Ilić', prepaidGuestTermsConsent: true },
    }));
    // a guest's verification places the order (seed 001 §4: payment mode CreditCard)
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.submitOrder', args: {} }));
  });

  it('a signed-in customer: the own e-mail is filled in, no name or guest terms; the code confirms and moves on', async () => {
    const h = makeHarness('signed-in-customer');
    renderScreen(h, 'checkout-email-verification', VERIFY, { withLayout: false });
    await screen.findByRole('heading', { level: 1, name: 'Verifikacija imejl adrese' });
    expect(box('Imejl adresa').value).toBe('kupac@orbita.rs');
    expect(screen.queryByRole('textbox', { name: /^Ime$/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /uslove kupovine pripejd paketa/ })).toBeNull();
    fireEvent.change(box('Kod iz imejla (6 cifara)'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Potvrdi i nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.verifyEmail', args: { email: 'kupac@orbita.rs', otpCode: '123456' } }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.next', args: {} }));
    expect(h.calls.some((c) => c.action === 'checkout.submitOrder')).toBe(false);
  });

  it('an expired code says so; the server\'s refusal is shown as an alert', async () => {
    const h = makeHarness('empty-cart');
    act(() => h.stores.checkout.setVerification({ email: 'a@example.rs', expiresAt: new Date(Date.now() - 1000).toISOString(), error: 'Potrebno je poslati kod.' }));
    renderScreen(h, 'checkout-email-verification', VERIFY, { withLayout: false });
    expect((await screen.findByRole('timer')).textContent).toBe('Kod je istekao. Pošalji novi kod.');
    expect(screen.getByRole('alert').textContent).toBe('Potrebno je poslati kod.');
  });
});

describe('screen checkout-prepaid-instruction', () => {
  it('the activation steps; a guest is told about the 24-hour registration with a link to it; Next follows the flow', async () => {
    const h = makeHarness('empty-cart');
    renderScreen(h, 'checkout-prepaid-instruction', '/kupovina/uputstvo-za-aktivaciju', { withLayout: false });
    await screen.findByRole('heading', { level: 1, name: 'Uputstvo za aktivaciju pripejd paketa' });
    expect(screen.getAllByRole('listitem').some((li) => /Dodaj eSIM/.test(li.textContent ?? ''))).toBe(true);
    expect(screen.getByRole('link', { name: 'Registracija pripejd broja' }).getAttribute('href')).toBe('/Privatni/Mobilna/Pripejd/Registracija-pripejd-broja');
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.next', args: {} }));
  });

  it('a signed-in customer needs no separate registration', async () => {
    const h = makeHarness('signed-in-customer');
    renderScreen(h, 'checkout-prepaid-instruction', '/kupovina/uputstvo-za-aktivaciju', { withLayout: false });
    await screen.findByText(/Prijavljen si: broj se vezuje za tvoj nalog/);
    expect(screen.queryByRole('link', { name: 'Registracija pripejd broja' })).toBeNull();
  });
});

describe('the chosen number in the order summary (MOBILE)', () => {
  it('the data step and the overview show the held number and a nice number\'s price; no choice, no line', async () => {
    const h = makeHarness('signed-in-customer');
    act(() => h.stores.checkout.setNumbers({
      choice: { option: 'MOBILE_NEW_SELECTION', msisdn: '0647777777', msisdnFormatted: '064 777 7777', price: { value: 6990, formattedValue: '6.990,00 RSD' } as never, expiresAt: null },
    }));
    // the nice number's price is one of the cart's charges, in the server's totals (issue 27)
    const held = h.stores.cart.cart!;
    const charge = { code: 'NICE_NUMBER' as const, name: 'Lep broj 064 777 7777', msisdn: '0647777777', price: { value: 6990, formattedValue: '6.990,00 RSD', currencyIso: 'RSD' as const } };
    act(() => h.stores.cart.setCart({ ...held, totals: { ...held.totals, charges: [charge], payNow: { value: held.totals.payNow.value + 6990, formattedValue: '', currencyIso: 'RSD' } } }));
    renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje', { withLayout: false });
    const summary = await screen.findByRole('complementary');
    await waitFor(() => expect(summary.textContent).toContain('Broj telefona064 777 7777'));
    expect(summary.textContent).toContain('Lep broj 064 777 77776.990,00 RSD');
    cleanup();
    const h2 = makeHarness('signed-in-customer');
    act(() => h2.stores.checkout.setNumbers({ choice: { option: 'MOBILE_NEW', msisdn: null, msisdnFormatted: null } }));
    renderScreen(h2, 'checkout-data-delivery', '/kupovina/podaci-dostava', { withLayout: false });
    await waitFor(() => expect(screen.getByRole('complementary').textContent).toContain('Broj telefonaNovi broj (dodeljuje se pri aktivaciji)'));
    cleanup();
    renderScreen(makeHarness('signed-in-customer'), 'checkout-data-delivery', '/kupovina/podaci-dostava', { withLayout: false });
    expect((await screen.findByRole('complementary')).textContent).not.toContain('Broj telefona');
  });
});
