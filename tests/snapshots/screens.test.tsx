import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeHarness, renderScreen, settle } from './harness';
import { rsd } from '../fixtures/api';
import type { ProductDetails } from '../../actions/stores/types';

afterEach(cleanup);

const PLP = '/Privatni/Uredjaji/Tip-uredjaja/telefoni';

describe('screen main (layout)', () => {
  it('header with logo, navigation, language switch and mini cart; footer with customer service', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'not-found', '/404');
    const nav = await screen.findByRole('navigation', { name: 'Glavni meni' });
    expect(within(nav).getByRole('link', { name: 'Telefoni' }).getAttribute('href')).toBe(PLP);
    // label in name (WCAG 2.5.3): the logo is named by its visible text, a language button by its code and name
    expect(screen.getByRole('link', { name: /^Orbita Telekom\s*Uvek u dometu$/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'SR Srpski' }).getAttribute('aria-pressed')).toBe('true');
    // the first Tab stop: the skip link to the main landmark
    expect(container.querySelector('a[href]')?.textContent).toBe('Preskoči na glavni sadržaj');
    expect(screen.getAllByRole('link', { name: '0800 300 300' })[0].getAttribute('href')).toBe('tel:0800300300');
    expect(container.querySelector('main#main-content')).not.toBeNull();
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('language switch dispatches session.setLanguage with the chosen language', async () => {
    const h = makeHarness('empty-cart');
    renderScreen(h, 'not-found', '/404');
    fireEvent.click(await screen.findByRole('button', { name: 'EN English' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'session.setLanguage', args: { lang: 'en' } }));
  });

  it('empty mini cart shows the empty message with a link to the device list', async () => {
    const h = makeHarness('empty-cart');
    h.stores.cart.setMiniCartOpen(true);
    renderScreen(h, 'not-found', '/404');
    const dialog = await screen.findByRole('dialog', { name: 'Korpa' });
    expect(within(dialog).getByText('Tvoja korpa je prazna.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Pogledaj ponudu telefona' }).getAttribute('href')).toBe(PLP);
  });

  it('mini cart with a phone: badge, entries, totals, checkout; closes on outside click and resize', async () => {
    const h = makeHarness('phone-with-tariff');
    renderScreen(h, 'not-found', '/404');
    const button = await screen.findByRole('button', { name: 'Korpa, broj stavki: 2' });
    fireEvent.click(button);
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'ui.toggleMiniCart', args: {} }));
    act(() => h.stores.cart.setMiniCartOpen(true));
    const dialog = await screen.findByRole('dialog', { name: 'Korpa' });
    expect(within(dialog).getByText('Orbita Max M')).toBeTruthy();
    expect(within(dialog).getByText('Boja: Teget')).toBeTruthy();
    expect(dialog.textContent).toContain('7.165,62 RSD');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nastavi na plaćanje' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.proceed', args: {} }));
    h.calls.length = 0;
    fireEvent.mouseDown(dialog);
    expect(h.calls).toEqual([]);
    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'ui.toggleMiniCart', args: { open: false } }));
    h.calls.length = 0;
    fireEvent(window, new Event('resize'));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'ui.toggleMiniCart', args: { open: false } }));
  });
});

describe('screen home', () => {
  it('hero, featured devices, tariff promos, benefits and FAQ', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'home', '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novi telefon, bez velikog troška odjednom' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Izdvojeni telefoni' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orbita Max M' })).toBeTruthy();
    expect(container.textContent).toContain('2.999,00 RSD');
    expect(screen.getByText('Besplatna dostava')).toBeTruthy();
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('is also served at /Pregled-b2c', async () => {
    renderScreen(makeHarness('empty-cart'), 'home', '/Pregled-b2c');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novi telefon, bez velikog troška odjednom' })).toBeTruthy();
  });
});

describe('screen plp-phones', () => {
  it('breadcrumbs, title, facets, sort, 20-per-page grid and pager', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'plp-phones', PLP);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobilni telefoni' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Putanja' });
    expect(within(crumbs).getByRole('link', { name: 'Početna' }).getAttribute('href')).toBe('/Pregled-b2c');
    expect(screen.getByText('23 uređaja')).toBeTruthy();
    const cards = container.querySelectorAll('.ot-pgrid .ot-pcard');
    expect(cards).toHaveLength(3);
    expect(cards[0].textContent).toContain('4.583,29 RSD');
    expect(cards[0].textContent).toContain('ili 109.999,00 RSD jednokratno');
    expect(cards[2].textContent).toContain('Nema na stanju');
    expect(screen.getByRole('link', { name: 'Stranica 2' }).getAttribute('href')).toBe(`${PLP}/page/2`);
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('filters, sort and paging dispatch the list actions with the event payload', async () => {
    const h = makeHarness('empty-cart');
    renderScreen(h, 'plp-phones', PLP);
    fireEvent.click(await screen.findByRole('button', { name: 'Ukloni filter Proizvođač: Samsung' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'catalog.applyQuery', args: { query: '' } }));
    fireEvent.change(screen.getByLabelText('Sortiraj'), { target: { value: 'price-asc' } });
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'catalog.applyQuery', args: { sort: 'price-asc' } }));
    fireEvent.click(screen.getByRole('link', { name: 'Stranica 2' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'catalog.goToPage', args: { page: 2 } }));
  });

  it('shows "An error occurred" with try again when the search failed', async () => {
    const h = makeHarness('english');
    h.stores.catalog.searchFailed();
    renderScreen(h, 'plp-phones', `${PLP}/page/2`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error occurred');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'catalog.search', args: { categoryCode: 'telefoni' } }));
  });

  it('shows a spinner while the first page loads', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.searchStarted({ categoryCode: 'telefoni', query: '', sort: '', page: 0 });
    h.stores.catalog.searchLoaded({ ...h.stores.catalog.search, products: [], pagination: { currentPage: 0, totalPages: 0, pageSize: 20, totalResults: 0 } } as never);
    h.stores.catalog.searchStarted({ categoryCode: 'telefoni', query: '', sort: '', page: 0 });
    renderScreen(h, 'plp-phones', PLP);
    await waitFor(() => expect(screen.getAllByRole('status').map((el) => el.textContent).join(' ')).toContain('Učitavamo telefone…'));
  });
});

describe('screen pdp', () => {
  const URL = '/uredjaj/SAMSUNG_GALAXY_S25/NAVY/ORBITA_MAX_M';

  it('step 1: colours, tariffs grouped by offer with child tariffs, term, payment type, price summary', async () => {
    const h = makeHarness('empty-cart');
    const { container } = renderScreen(h, 'pdp', URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy S25 8/128GB' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top ponuda' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Osnovna ponuda' })).toBeTruthy();
    const family = screen.getByRole('radiogroup', { name: 'Orbita Max' });
    expect(within(family).getByRole('radio', { name: /Orbita Max M/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: /24 meseca/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: /Na rate/ }).getAttribute('aria-checked')).toBe('true');
    const price = screen.getByRole('region', { name: 'Cena' });
    expect(price.textContent).toContain('7.665,62 RSD');
    expect(price.textContent).toContain('24 mesečne rate');
    expect(price.textContent).toContain('1. – 6. mesec');
    expect(screen.getByRole('radio', { name: /Mint/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('6,2" Dynamic AMOLED 2X')).toBeTruthy();
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('choices dispatch the pdp actions with the event payload; add to cart submits the step', async () => {
    const h = makeHarness('empty-cart');
    renderScreen(h, 'pdp', URL);
    fireEvent.click(await screen.findByRole('radio', { name: /Orbita Max S/ }));
    fireEvent.click(screen.getByRole('radio', { name: /12 meseci/ }));
    fireEvent.click(screen.getByRole('radio', { name: /Jednokratno/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj u korpu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kompletna specifikacija' }));
    await waitFor(() => expect(h.calls.map((c) => c.action)).toEqual(['pdp.selectTariff', 'pdp.selectTerm', 'pdp.selectChargeType', 'pdp.submitStep', 'ui.openModal', 'pdp.loadSpecification']));
    expect(h.calls[0].args).toEqual({ tariffCode: 'ORBITA_MAX_S' });
    expect(h.calls[1].args).toEqual({ subscriptionTermId: 'T12' });
    expect(h.calls[2].args).toEqual({ chargeType: 'ONE_TIME_CHARGE' });
    expect(h.calls[4].args).toEqual({ id: 'specification' });
  });

  it('step 2 of 3: insurance and accessories', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.setPdp({ step: 2 });
    const { container } = renderScreen(h, 'pdp', URL);
    fireEvent.click(await screen.findByRole('radio', { name: /Orbita Zaštita ekrana/ }));
    fireEvent.click(screen.getByRole('button', { name: /Zaštitno kaljeno staklo/ }));
    await waitFor(() => expect(h.calls).toEqual([
      { action: 'pdp.selectInsurance', args: { code: 'INSURANCE_SCREEN' } },
      { action: 'pdp.toggleAccessory', args: { code: 'ACC_TEMPERED_GLASS' } },
    ]));
    expect(screen.queryByRole('button', { name: 'Dodaj u korpu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Kompletna specifikacija' })).toBeNull();
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('step 2: the tariff\'s add-ons (add once, then added with remove) and the eSIM choice by the tariff\'s esim', async () => {
    const h = makeHarness('phone-with-tariff');
    const clone = <T,>(x: T): T => JSON.parse(JSON.stringify(x)) as T; // the store's cart is a MobX proxy
    const cart = clone(h.stores.cart.cart!);
    const tariff = cart.entries.find((e) => e.product.productOfferingType === 'TARIFF')!;
    tariff.product.esim = 'ESIM_SIM';
    h.stores.cart.setCart(cart);
    const addon = { referenceType: 'TARIFF_ADDON_RELATION', preselected: false, target: { code: 'ADDON_NET_10GB', name: 'Dodatnih 10 GB', description: '10 GB interneta mesečno uz postpejd tarifu.', productOfferingType: 'ADDON_POSTPAID', monthlyPrice: { value: 399, formattedValue: '399,00 RSD', currencyIso: 'RSD' } } };
    h.stores.catalog.setPdp({ step: 2, tariffEntryNumber: tariff.entryNumber, addons: [addon] });
    const { container } = renderScreen(h, 'pdp', URL);
    const section = await screen.findByRole('region', { name: 'Dodaci za tarifu' });
    expect(section.textContent).toContain('uz račun za tarifu Orbita Max M');
    expect(section.textContent).toContain('10 GB interneta mesečno uz postpejd tarifu.');
    expect(section.textContent).toContain('399,00 RSD /mes.');
    fireEvent.click(within(section).getByRole('button', { name: 'Dodaj : Dodatnih 10 GB' }));
    const esim = screen.getByRole('checkbox', { name: /Želim eSIM umesto fizičke SIM kartice/ });
    expect((esim as HTMLInputElement).checked).toBe(false);
    fireEvent.click(esim);
    await waitFor(() => expect(h.calls).toEqual([
      { action: 'cart.addAddon', args: { code: 'ADDON_NET_10GB', entryNumber: tariff.entryNumber } },
      { action: 'cart.setEsim', args: { entryNumber: tariff.entryNumber, selected: true } },
    ]));
    // the cart answered: the add-on is on the tariff, eSIM chosen
    const added = clone(cart);
    added.entries.find((e) => e.entryNumber === tariff.entryNumber)!.esimOptionSelected = true;
    added.entries.push({ ...clone(tariff), entryNumber: 7, parentEntryNumber: tariff.entryNumber, product: { ...clone(tariff.product), code: 'ADDON_NET_10GB', name: 'Dodatnih 10 GB', productOfferingType: 'ADDON_POSTPAID', esim: 'NONE' } });
    act(() => h.stores.cart.setCart(added));
    expect(within(section).queryByRole('button', { name: 'Dodaj : Dodatnih 10 GB' })).toBeNull();
    expect(section.textContent).toContain('Dodato ✓');
    expect((screen.getByRole('checkbox', { name: /Želim eSIM/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(section).getByRole('button', { name: 'Ukloni : Dodatnih 10 GB' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'cart.askRemove', args: { entryNumber: 7, quantity: 1, name: 'Dodatnih 10 GB' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
    // an eSIM-only tariff: a notice, no checkbox; a tariff without eSIM: nothing
    const only = clone(added);
    only.entries.find((e) => e.entryNumber === tariff.entryNumber)!.product.esim = 'ESIM';
    act(() => h.stores.cart.setCart(only));
    expect(screen.queryByRole('checkbox', { name: /Želim eSIM/ })).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('Tarifa Orbita Max M dolazi samo kao eSIM');
    const none = clone(added);
    none.entries.find((e) => e.entryNumber === tariff.entryNumber)!.product.esim = 'NONE';
    act(() => h.stores.cart.setCart(none));
    expect(screen.queryByRole('checkbox', { name: /Želim eSIM/ })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('last step: the cart summary and go to checkout', async () => {
    const h = makeHarness('phone-with-tariff');
    renderScreen(h, 'pdp', URL);
    expect(await screen.findByRole('heading', { name: 'Tvoja korpa' })).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Tvoja porudžbina' });
    expect(summary.textContent).toContain('Orbita Max M');
    fireEvent.click(screen.getByRole('button', { name: 'Idi na plaćanje' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'pdp.submitStep', args: {} }));
  });
});

describe('screen checkout-data-delivery', () => {
  it('steps, the guest form (first field customerData.firstName), summary and Back/Next', async () => {
    const h = makeHarness('guest-checkout');
    h.stores.checkout.setCurrentStep('GUEST_ORDER_INFO');
    const { container } = renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    const steps = await screen.findByRole('navigation', { name: 'Koraci kupovine' });
    expect(within(steps).getByText('Tvoji podaci i dostava').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(await screen.findByLabelText(/^Ime(\s|\*|$)/, { selector: 'input' })).toBeTruthy();
    expect(screen.getByLabelText(/Poštanski broj/, { selector: 'input' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.submitGuest', args: { form: 'guest' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Nazad' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.back', args: {} }));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('screen checkout-personal-data (MOBILE, ADDITIONAL_CUSTOMER_DATA)', () => {
  it('the personal-data form ("Na moje ime" / "Na drugo lice", ID document, issue date), Back/Next; an e-mail other than the account\'s asks for a code', async () => {
    const h = makeHarness('signed-in-customer');
    h.stores.checkout.setSteps('MOBILE', [
      { code: 'ADDITIONAL_CUSTOMER_DATA', url: '/kupovina/licni-podaci', eventName: 'checkout_additional_customer_data', hidden: false, done: false },
      { code: 'CONNECT_MSISDN', url: '/kupovina/postavke-mobilne-usluge', eventName: 'checkout_connect_msisdn', hidden: false, done: false },
      { code: 'DELIVERY', url: '/kupovina/podaci-dostava', eventName: 'checkout_delivery', hidden: false, done: false },
      { code: 'PAYMENT_AND_CART_CONFIRMATION', url: '/kupovina/pregled-placanje', eventName: 'checkout_payment_and_cart_confirmation', hidden: false, done: false },
    ] as never);
    h.stores.checkout.setCurrentStep('ADDITIONAL_CUSTOMER_DATA');
    h.stores.checkout.setDelivery({ accountEmail: 'kupac@orbita.rs' });
    h.stores.ui.setFormData('order-personal-data', { orderFor: 'SELF', firstName: 'Marko', lastName: 'Petrović', jmbg: '1503985710010', contactEmail: 'kupac@orbita.rs', msisdn: '0641234567' });
    const { container } = renderScreen(h, 'checkout-personal-data', '/kupovina/licni-podaci');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lični podaci' })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Na moje ime' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Na drugo lice' })).toBeTruthy();
    expect(screen.getByLabelText(/Datum izdavanja/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pošalji kod' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.submitPersonalData', args: {} }));
    await settle(container);
    expect(container).toMatchSnapshot();
    act(() => h.stores.ui.setFormData('order-personal-data', { ...h.stores.ui.forms['order-personal-data'].data, contactEmail: 'marko.privatno@example.rs' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pošalji kod' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.sendPersonalCode', args: {} }));
  });
});

describe('screen checkout-data-delivery for MOBILE (DELIVERY)', () => {
  const options = ['DELIVERY_ADDRESS_EXISTING', 'DELIVERY_ADDRESS_NEW', 'PICKUP_ADDRESS', 'DELIVERY_EMAIL_ADDRESS'];
  const names: Record<string, string> = {
    DELIVERY_ADDRESS_EXISTING: 'Dostava na sačuvanu adresu', DELIVERY_ADDRESS_NEW: 'Dostava na novu adresu',
    PICKUP_ADDRESS: 'Preuzimanje u prodajnom mestu', DELIVERY_EMAIL_ADDRESS: 'Produženje ugovora putem imejla (bez dostave)',
  };
  function mobile(selected: string) {
    const h = makeHarness('signed-in-customer');
    h.stores.cart.setCart({ ...h.stores.cart.cart!, checkoutType: 'MOBILE' });
    h.stores.checkout.setSteps('MOBILE', []);
    h.stores.checkout.setDelivery({
      loaded: true, selected, options: options.map((code) => ({ code, name: names[code] })),
      addresses: [
        { id: '1', formattedAddress: 'Bulevar kralja Aleksandra 73, ulaz 2, sprat 3, stan 14, 11000 Beograd', province: 'Beograd', town: 'Beograd', line1: 'Bulevar kralja Aleksandra', line2: '73', postalCode: '11000', defaultAddress: true },
        { id: '2', formattedAddress: 'Bulevar oslobođenja 46, sprat 1, stan 4, 21000 Novi Sad', province: 'Novi Sad', town: 'Novi Sad', line1: 'Bulevar oslobođenja', line2: '46', postalCode: '21000', defaultAddress: false },
      ],
      addressId: '1',
      municipalities: [{ code: '80438', name: 'Subotica' }, { code: '70092', name: 'Beograd-Vračar' }],
      localities: [{ code: '80438-1', name: 'Subotica' }], municipalityCode: '80438', localityCode: '80438-1',
      streets: [{ code: 'S-80438-001', name: 'Korzo' }], streetCode: 'S-80438-001',
      numbers: [{ code: 'TIS-80438-001-2', number: '2', tisAddressCode: 'TIS-80438-001-2', entrances: ['A', 'B'], flats: 12 }], tisAddressCode: 'TIS-80438-001-2',
      stores: [{ pickupStoreId: 'SU-KORZO', name: 'Subotica', formattedAddress: 'Korzo 9, 24000 Subotica', line1: 'Korzo', line2: '9', postalCode: '24000', province: 'Subotica', openingHours: 'Radnim danima 8–20, Subotom 9–14' }],
      slots: [{ code: 'SLOT_08_12', name: 'Prepodne, 08:00 – 12:00' }],
      renewal: { email: 'kupac@orbita.rs', sent: true, expiresAt: null, code: '12', verified: null, error: 'Kod nije ispravan.', busy: false },
    });
    return h;
  }

  it('the options of the flow, the saved addresses, the courier phone and Next (delivery.submit); no guest form', async () => {
    const h = mobile('DELIVERY_ADDRESS_EXISTING');
    const { container } = renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    const group = await screen.findByRole('group', { name: 'Način preuzimanja' });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(options);
    expect((screen.getByRole('radio', { name: /Bulevar kralja Aleksandra 73/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/Poštanski broj/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Bulevar oslobođenja 46/ }));
    await waitFor(() => expect(h.calls).toContainEqual(expect.objectContaining({ action: 'delivery.choose', args: expect.objectContaining({ addressId: '2' }) })));
    fireEvent.click(screen.getByRole('radio', { name: 'Preuzimanje u prodajnom mestu' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.selectOption', args: { option: 'PICKUP_ADDRESS' } }));
    expect(await screen.findByLabelText(/Telefon za kurira/, { selector: 'input' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.submit', args: {} }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('a new address from the address system: municipality → locality → street → number, entrance of the building', async () => {
    const h = mobile('DELIVERY_ADDRESS_NEW');
    const { container } = renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    const muni = await screen.findByRole('combobox', { name: 'Opština' }) as HTMLSelectElement;
    expect(muni.value).toBe('80438');
    expect((screen.getByRole('combobox', { name: 'Broj' }) as HTMLSelectElement).value).toBe('TIS-80438-001-2');
    expect(within(screen.getByRole('combobox', { name: 'Ulaz' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Izaberi', 'A', 'B']);
    fireEvent.change(muni, { target: { value: '70092' } });
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.setAddressField', args: { field: 'municipalityCode', value: '70092' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('pickup stores with their addresses; renewal by e-mail with the code and its error', async () => {
    const h = mobile('PICKUP_ADDRESS');
    const { container } = renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    expect(await screen.findByRole('radio', { name: /Subotica.*Korzo 9, 24000 Subotica/ })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Termin dostave' })).toBeNull();
    act(() => h.stores.checkout.setDelivery({ selected: 'DELIVERY_EMAIL_ADDRESS' }));
    expect((await screen.findByRole('textbox', { name: 'Imejl adresa za produženje' }) as HTMLInputElement).value).toBe('kupac@orbita.rs');
    expect(screen.getByRole('alert').textContent).toBe('Kod nije ispravan.');
    fireEvent.click(screen.getByRole('button', { name: 'Pošalji ponovo' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.sendRenewalCode', args: {} }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });
});

describe('screen checkout-data-delivery for HOME_FIXED (DELIVERY_ADDRESS_INSTALLATION)', () => {
  const options = [
    { code: 'DELIVERY_ADDRESS_INSTALLATION', name: 'Dostava na adresu instalacije' }, { code: 'DELIVERY_ADDRESS_EXISTING', name: 'Dostava na sačuvanu adresu' },
    { code: 'DELIVERY_ADDRESS_NEW', name: 'Dostava na novu adresu' }, { code: 'PICKUP_ADDRESS', name: 'Preuzimanje u prodajnom mestu' },
  ];
  function home(installation: { formattedAddress: string } | null) {
    const h = makeHarness('signed-in-customer');
    h.stores.cart.setCart({ ...h.stores.cart.cart!, checkoutType: 'HOME_FIXED' });
    h.stores.checkout.setSteps('HOME_FIXED', []);
    h.stores.checkout.setDelivery({
      loaded: true, selected: 'DELIVERY_ADDRESS_INSTALLATION', options, installation,
      addresses: [{ id: '1', formattedAddress: 'Bulevar kralja Aleksandra 73, ulaz 2, sprat 3, stan 14, 11000 Beograd', province: 'Beograd', town: 'Beograd', line1: 'Bulevar kralja Aleksandra', line2: '73', postalCode: '11000', defaultAddress: true }], addressId: '1',
      slots: [{ code: 'SLOT_08_12', name: 'Prepodne, 08:00 – 12:00' }],
    });
    return h;
  }

  it('the installation address first and chosen, showing the setup\'s address; no guest form; another option is one click', async () => {
    const h = home({ formattedAddress: 'Krunska 40/B, stan 7, 11000 Beograd' });
    const { container } = renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    const group = await screen.findByRole('group', { name: 'Način preuzimanja' });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(options.map((o) => o.code));
    expect((screen.getByRole('radio', { name: 'Dostava na adresu instalacije' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('region', { name: 'Dostava na adresu instalacije' }).textContent).toContain('Krunska 40/B, stan 7, 11000 Beograd');
    expect(screen.queryByLabelText(/Poštanski broj/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Dostava na novu adresu' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.selectOption', args: { option: 'DELIVERY_ADDRESS_NEW' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'delivery.submit', args: {} }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('without a complete package setup the option says the installation address is not set yet', async () => {
    const h = home(null);
    const { container } = renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    const region = await screen.findByRole('region', { name: 'Dostava na adresu instalacije' });
    expect(region.textContent).toContain('Adresa instalacije još nije podešena.');
    await settle(container);
    expect(container).toMatchSnapshot();
  });
});

describe('screen checkout-overview-payment', () => {
  it('overview, payment modes, consents (required marked, all unchecked) and Poruči', async () => {
    const h = makeHarness('guest-checkout');
    const { container } = renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    expect(await screen.findByText('Marko Petrović')).toBeTruthy();
    expect(screen.getByText('Bulevar kralja Aleksandra 73, ulaz 2, sprat 3, stan 12, 11000 Beograd')).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: /Prihvatam Opšte uslove/ }) as HTMLInputElement;
    const marketing = screen.getByRole('checkbox', { name: /ponude i novosti/ }) as HTMLInputElement;
    expect([terms.checked, terms.required, marketing.checked, marketing.required]).toEqual([false, true, false, false]);
    fireEvent.click(terms);
    fireEvent.click(screen.getByRole('button', { name: 'Poruči' }));
    await waitFor(() => expect(h.calls).toEqual([
      { action: 'checkout.setConsent', args: { id: 'GENERAL_TERMS_AGREEMENT', value: true } },
      { action: 'checkout.submitOrder', args: {} },
    ]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('shows the consent-required message for unconfirmed required consents', async () => {
    const h = makeHarness('guest-checkout');
    h.stores.checkout.setConsentErrors(['GENERAL_TERMS_AGREEMENT']);
    renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    expect((await screen.findByText('Tvoja saglasnost sa navedenim dokumentom je obavezna.')).getAttribute('role')).toBe('alert');
  });

  it('in English', async () => {
    const h = makeHarness('english');
    const { container } = renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview and payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(container.textContent).toContain('7.165,62 RSD');
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('screen checkout-overview-payment: a signed-in customer\'s payment modes (issue 9)', () => {
  const MODES = [
    { code: 'ChargeGroupAccount', name: 'Na mesečni račun' }, { code: 'ChargeNewGroupAccount', name: 'Na novi mesečni račun' },
    { code: 'CreditCard', name: 'Platna kartica' }, { code: 'Delivery', name: 'Plaćanje pouzećem' },
  ];
  const customer = (mode: string, cardType: string | null = null) => {
    const h = makeHarness('signed-in-customer');
    const c = h.stores.checkout;
    c.setPaymentModes(MODES);
    c.selectPaymentMode(mode);
    c.setEbills([
      { code: 'BA1000001', name: 'Privatni račun · BA1000001', description: 'Bulevar kralja Aleksandra 73, 11000 Beograd · kupac@orbita.rs' },
      { code: 'BA1000011', name: 'Porodični račun · BA1000011', description: 'Njegoševa 12, 21000 Novi Sad · racuni.petrovic@orbita.rs' },
    ]);
    c.selectBillingAccount('BA1000001');
    c.setCardPaymentTypes([
      { code: 'SAVED_CARD', name: 'Sačuvanom karticom' }, { code: 'NEW_CARD_SAVE', name: 'Novom karticom, uz čuvanje kartice' }, { code: 'NEW_CARD', name: 'Novom karticom, bez čuvanja' },
    ]);
    c.selectCardPaymentType(cardType);
    c.setSavedCards([
      { code: 'card_marko_visa', brand: 'visa', name: '•••• 1111 · Marko Petrović', description: 'Važi do 12/30' },
      { code: 'card_marko_expired', brand: 'maestro', name: '•••• 8453 · Marko Petrović', description: 'Istekla 01/24 — ne može se koristiti', disabled: true },
    ]);
    c.selectCard('card_marko_visa');
    return h;
  };

  it('monthly bill: the customer\'s e-bills to choose from; choosing one dispatches checkout.selectBillingAccount', async () => {
    const h = customer('ChargeGroupAccount');
    const { container } = renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    const bills = await screen.findByRole('group', { name: 'Na koji mesečni račun?' });
    expect((within(bills).getByRole('radio', { name: /Privatni račun/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('group', { name: 'Kako plaćaš karticom?' })).toBeNull();
    fireEvent.click(within(bills).getByRole('radio', { name: /Porodični račun/ }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.selectBillingAccount', args: { code: 'BA1000011' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('card with a saved card: how to pay by card, then the saved cards (an expired one cannot be chosen)', async () => {
    const h = customer('CreditCard', 'SAVED_CARD');
    const { container } = renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    const types = await screen.findByRole('group', { name: 'Kako plaćaš karticom?' });
    expect((within(types).getByRole('radio', { name: 'Sačuvanom karticom' }) as HTMLInputElement).checked).toBe(true);
    const cards = screen.getByRole('group', { name: 'Izaberi sačuvanu karticu' });
    expect((within(cards).getByRole('radio', { name: /1111/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(cards).getByRole('radio', { name: /8453/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('group', { name: 'Na koji mesečni račun?' })).toBeNull();
    fireEvent.click(within(types).getByRole('radio', { name: 'Novom karticom, uz čuvanje kartice' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.selectCardPaymentType', args: { code: 'NEW_CARD_SAVE' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('pay and save a new card: the note that only a token is kept; no saved-card list', async () => {
    const h = customer('CreditCard', 'NEW_CARD_SAVE');
    const { container } = renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    expect(await screen.findByText(/Čuvamo samo oznaku kartice od banke, nikad broj kartice/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Izaberi sačuvanu karticu' })).toBeNull();
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('a new monthly bill explains itself; a customer without e-bills is told so', async () => {
    const h = customer('ChargeNewGroupAccount');
    const { container, unmount } = renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    expect(await screen.findByText(/Uz porudžbinu otvaramo novi mesečni račun/)).toBeTruthy();
    await settle(container);
    expect(container).toMatchSnapshot();
    unmount();
    const none = customer('ChargeGroupAccount');
    none.stores.checkout.setEbills([]);
    renderScreen(none, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    expect(await screen.findByText(/Nemaš nijedan mesečni račun/)).toBeTruthy();
  });
});

describe('screen payment-result', () => {
  it('checking while the status loads', async () => {
    const h = makeHarness('guest-checkout');
    const { container } = renderScreen(h, 'payment-result', '/kupovina/rezultat-placanja?orderCode=ORB-100042');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Obrada plaćanja');
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('card limit: own message and a way to retry', async () => {
    const h = makeHarness('guest-checkout');
    h.stores.checkout.setPaymentResult({ code: 'ORB-100042', status: 'CREATED', paymentStatus: 'DECLINED', errorType: 'MtsCardLimitError', message: 'Prekoračen je limit kartice.' });
    renderScreen(h, 'payment-result', '/kupovina/rezultat-placanja?orderCode=ORB-100042');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Prekoračen limit kartice');
    expect(screen.getByText('Prekoračen je limit kartice.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Plati drugom karticom' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.retryOrder', args: { to: '/kupovina/pregled-placanje' } }));
  });
});

describe('screen order-success', () => {
  it('order number, items, totals and next steps', async () => {
    const h = makeHarness('guest-checkout');
    const { container } = renderScreen(h, 'order-success', '/kupovina/uspesna-porudzbina?orderCode=ORB-100042');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hvala na porudžbini!' })).toBeTruthy();
    expect(screen.getByText('ORB-100042')).toBeTruthy();
    expect(screen.getByText('Potvrdu smo poslali na marko.petrovic@example.rs.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Šta sledi' })).toBeTruthy();
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('screen order-failure', () => {
  it('what happened, try again, customer service', async () => {
    const h = makeHarness('guest-checkout');
    const { container } = renderScreen(h, 'order-failure', '/kupovina/neuspesna-porudzbina?orderCode=ORB-100042');
    expect(await screen.findByRole('heading', { level: 1, name: 'Porudžbina nije uspela' })).toBeTruthy();
    expect(screen.getByText('Broj porudžbine: ORB-100042')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Pozovi 0800 300 300' })[0].getAttribute('href')).toBe('tel:0800300300');
    fireEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovo' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'checkout.retryOrder', args: { to: '/kupovina/pregled-placanje' } }));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('screen not-found', () => {
  it('says the page does not exist and offers the phone list', async () => {
    const h = makeHarness('english');
    const { container } = renderScreen(h, 'not-found', '/404');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Browse phones' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'nav.go', args: { to: PLP } }));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('screen tariff', () => {
  const tariff = {
    code: 'ORBITA_MAX_M', name: 'Orbita Max M', description: '60 GB interneta, neograničeni razgovori.', brand: { name: 'Orbita Telekom' },
    productOfferingType: 'TARIFF', esim: 'ESIM_SIM', voucherLimit: 0, variants: [], prices: { topOffer: [], basicOffer: [] }, oneOff: null,
    insurances: [], hasAccessories: false, processType: 'TOP_OFFER', categories: ['tarife'], pricePlanId: 'ORBITA_MAX_M_PLAN',
    highlights: [{ name: 'Internet', value: '60 GB' }, { name: 'Minuti', value: 'Neograničeno' }],
    monthly: { price: rsd(2999), oldPrice: rsd(3499), promoPeriod: 6 },
    subscriptionTerms: [{ id: 'ORBITA_MAX_M_T12', termOfServiceNumber: 12, recommended: false }, { id: 'ORBITA_MAX_M_T24', termOfServiceNumber: 24, recommended: true }],
  } as unknown as ProductDetails;

  it('name, what it includes, terms, the promotional fee, eSIM; buying adds the chosen term', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.tariffLoaded(tariff, 'ORBITA_MAX_M_T24');
    const { container } = renderScreen(h, 'tariff', '/Privatni/Tarife/ORBITA_MAX_M');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orbita Max M' })).toBeTruthy();
    const price = await screen.findByRole('region', { name: 'Cena' });
    expect(price.textContent).toContain('2.999,00 RSD');
    expect(price.textContent).toContain('Promotivna cena prvih 6 meseci, zatim 3.499,00 RSD mesečno.');
    expect(screen.getByText('60 GB')).toBeTruthy();
    expect(screen.getByText('Možeš da izabereš eSIM umesto fizičke SIM kartice.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /24 meseca/ }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /12 meseci/ }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'catalog.selectTariffTerm', args: { subscriptionTermId: 'ORBITA_MAX_M_T12' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Kupi tarifu' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'cart.add', args: { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' } }));
    await settle(container);
    expect(container).toMatchSnapshot();
  });

  it('an unknown tariff shows the error with a way to all tariffs', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.tariffFailed();
    renderScreen(h, 'tariff', '/Privatni/Tarife/NEPOSTOJECA');
    expect(await screen.findByText('Ovu tarifu trenutno ne možemo da prikažemo. Pogledaj ostale tarife.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sve tarife' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'nav.go', args: { to: '/Privatni/Tarife/Uredjaji' } }));
  });
});
