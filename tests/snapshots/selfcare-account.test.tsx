// DOM snapshots of the do-not-call register (number, code and done steps), the contact form and its
// acknowledgement, "Kako do nas" with the shops from the server, and the profile (personal data, the code step,
// the consents) — drawn from the store states the actions leave, with the actions recorded instead of run.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { makeHarness, renderScreen, settle } from './harness';

afterEach(cleanup);

const MARKO = {
  email: 'kupac@orbita.rs', firstName: 'Marko', lastName: 'Petrović', userName: 'marko.petrovic', customerId: '1000001', contactPhoneNumber: '0641234567',
  weakPassword: false, emailNotSet: false, isLightAccount: false, isPostPaid: true, isNet: true, isTv: false, roles: [],
};
const consent = (id: string, name: string, given: boolean, documentUrl: string | null = null) => ({
  consentTemplateId: id, name, description: `Opis: ${name}.`, documentUrl, required: false,
  consentCode: given ? `CNS${id.length}00000000000`.slice(0, 15) : null, given, givenAt: given ? '2026-01-15T10:00:00.000Z' : null, withdrawnAt: null,
});

describe('self-care and profile screens', { timeout: 30_000 }, () => {
  it('do-not-call register: the form, the code step (sending the code is asked of the action), the result', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'dont-call', '/Privatni/Korisnicka-zona/Registar-ne-zovi');
    await screen.findByRole('heading', { level: 1, name: 'Registar „Ne zovi”' });
    await screen.findByLabelText(/^Broj telefona/, { selector: 'input' }, { timeout: 15_000 });
    expect(screen.getByLabelText('Upiši broj u registar')).toBeTruthy();
    expect(screen.getByLabelText('Fiksna linija')).toBeTruthy();
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => {
      h.stores.selfcare.setDontCallRequest({ kind: 'MSISDN', action: 'ADD', number: '0645550011', sentText: 'Poslali smo kod na broj 064 5550011. Unesi ga u roku od 60 sekundi.' });
      h.stores.selfcare.setDontCallStep('code');
    });
    await screen.findByLabelText(/^Kod iz poruke/, { selector: 'input' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji novi kod' }));
    expect(h.calls).toContainEqual({ action: 'selfcare.dontCallRequestCode', args: { again: true } });
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => {
      h.stores.selfcare.setDontCallResult({ message: 'Broj 064 5550011 je upisan u registar „Ne zovi” od 26. novembar 2026.', effectiveFrom: '2026-11-26', effectiveTo: null, action: 'ADD' });
      h.stores.selfcare.setDontCallStep('done');
    });
    await screen.findByRole('heading', { name: 'Promena je zabeležena' });
    expect(screen.getByText('Broj 064 5550011 je upisan u registar „Ne zovi” od 26. novembar 2026.')).toBeTruthy();
  });

  it('contact form and its acknowledgement', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'contact', '/Privatni/Korisnicka-zona/Kontakt');
    await screen.findByRole('heading', { level: 1, name: 'Piši nam' });
    await screen.findByLabelText(/^Poruka/, { selector: 'textarea' }, { timeout: 15_000 });
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => h.stores.selfcare.setContactResult({ ticket: 'KT12345678', message: 'Tvoja poruka je zavedena pod brojem KT12345678.' }));
    await screen.findByRole('heading', { name: 'Hvala, poruka je primljena' });
    expect(screen.getByText('Tvoja poruka je zavedena pod brojem KT12345678.')).toBeTruthy();
  });

  it('Kako do nas: the shops of the stores table', async () => {
    const h = makeHarness('empty-cart');
    act(() => h.stores.selfcare.setStores([
      { code: 'BG-BULEVAR', name: 'Beograd — Bulevar', line1: 'Bulevar kralja Aleksandra 73', postalCode: '11000', town: 'Beograd', address: 'Bulevar kralja Aleksandra 73, 11000 Beograd', hours: ['Radnim danima 8–20', 'Subotom 9–15'], phone: '011 300 3001', note: 'Parking u dvorištu zgrade.', pickup: true },
      { code: 'NI-CENTAR', name: 'Niš', line1: 'Obrenovićeva 38', postalCode: '18000', town: 'Niš', address: 'Obrenovićeva 38, 18000 Niš', hours: ['Radnim danima 8–20'], phone: '018 300 3004', note: null, pickup: true },
    ]));
    const { container } = renderScreen(h, 'locations', '/Privatni/Korisnicka-zona/Kontakt/Kako-do-nas');
    await screen.findByText('Obrenovićeva 38, 18000 Niš');
    expect(screen.getByText('Telefon: 011 300 3001')).toBeTruthy();
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('profile signed out asks to log in', async () => {
    const anon = makeHarness('empty-cart');
    act(() => anon.stores.session.setUserKnown());
    renderScreen(anon, 'profile', '/Profil/Izmena-licnih-podataka');
    await screen.findByText('Prijavi se da bi video/la svoje podatke');
  });

  it('profile signed in: the personal data and the consents (withdraw asks the action), then the code step', async () => {
    const h = makeHarness('empty-cart');
    act(() => {
      h.stores.session.setUser(MARKO);
      h.stores.ui.setFormData('personal-data', { firstName: 'Marko', lastName: 'Petrović', contactPhoneNumber: '0641234567' });
      h.stores.profile.setConsents([
        consent('GENERAL_TERMS_AGREEMENT', 'Prihvatam Opšte uslove pružanja usluga', true, '/media/docs/opsti-uslovi.pdf'),
        consent('MARKETING_CONSENT', 'Želim da dobijam ponude i novosti', true),
        consent('PHONEBOOK_CONSENT', 'Saglasan/na sam da moj broj bude u imeniku', false),
      ]);
    });
    const { container } = renderScreen(h, 'profile', '/Profil/Izmena-licnih-podataka');
    await screen.findByRole('heading', { level: 1, name: 'Izmena ličnih podataka' });
    await screen.findByLabelText(/^Prezime/, { selector: 'input' }, { timeout: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Povuci saglasnost: Želim da dobijam ponude i novosti' }, { timeout: 15_000 }));
    expect(h.calls).toContainEqual({ action: 'profile.withdrawConsent', args: { consentTemplateId: 'MARKETING_CONSENT', consentCode: expect.any(String) } });
    expect(screen.getByRole('button', { name: 'Daj saglasnost: Saglasan/na sam da moj broj bude u imeniku' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dokument (PDF)' }).getAttribute('href')).toBe('/media/docs/opsti-uslovi.pdf');
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => h.stores.profile.setStep('code', 'Poslali smo kod na ku***@orbita.rs. Unesi ga ispod i sačuvaj izmene.'));
    await screen.findByLabelText(/^Kod za potvrdu/, { selector: 'input' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Sačuvaj izmene' })).toBeTruthy();
  });

  it('profile e-mail change: the current address and the new-address form (sending asks the action), then the code step with its timer', async () => {
    const h = makeHarness('empty-cart');
    act(() => {
      h.stores.session.setUser(MARKO);
      h.stores.profile.setConsents([]);
      h.stores.ui.setFormData('profile-email', { email: 'marko.novi@example.rs' });
    });
    const { container } = renderScreen(h, 'profile', '/Profil/Izmena-licnih-podataka');
    await screen.findByText('Trenutna adresa: kupac@orbita.rs');
    await screen.findByLabelText(/^Nova imejl adresa/, { selector: 'input' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji kod na novu adresu' }));
    expect(h.calls).toContainEqual({ action: 'profile.requestEmailCode', args: { form: 'profile-email' } });
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => h.stores.profile.emailCodeSent('marko.novi@example.rs', 300, Date.parse('2026-01-15T10:00:00Z')));
    await screen.findByLabelText(/^Kod iz poruke/, { selector: 'input' }, { timeout: 15_000 });
    expect(screen.queryByLabelText(/^Nova imejl adresa/, { selector: 'input' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sačuvaj novu adresu' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Odustani od izmene adrese' }));
    expect(h.calls).toContainEqual({ action: 'profile.cancelEmail', args: {} });
    expect(screen.getByText(/Kod je (poslat|istekao)/)).toBeTruthy();
  });
});
