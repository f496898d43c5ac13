import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeHarness, renderModal, settle } from './harness';

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
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('in English', async () => {
    const { container } = renderModal(makeHarness('english'), 'guest-or-login');
    expect(await screen.findByRole('button', { name: 'Continue as a guest' })).toBeTruthy();
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
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
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
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
    expect(screen.getByRole('button', { name: 'U redu' })).toBeTruthy();
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('with the CMS headline, content, button and image', async () => {
    const h = makeHarness('phone-with-tariff');
    const { container } = renderModal(h, 'limit-overstepped', {
      message: 'Premašen je broj uređaja.', headline: 'Dostignut je limit korpe', content: 'U jednoj porudžbini možeš kupiti najviše dva uređaja.',
      ctaButtonName: 'Razumem', image: '/media/cms/limit.svg',
    });
    expect(await screen.findByText('Dostignut je limit korpe', { selector: 'h3, h3 *' })).toBeTruthy();
    expect(screen.getByText('U jednoj porudžbini možeš kupiti najviše dva uređaja.')).toBeTruthy();
    expect(container.querySelector('img[src="/media/cms/limit.svg"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'U redu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Razumem' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'ui.closeModal', args: { id: 'limit-overstepped' } }]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('modal no-stock', () => {
  it('shows the CMS content with its button', async () => {
    const h = makeHarness('phone-with-tariff');
    const { container } = renderModal(h, 'no-stock', { message: '', headline: 'Proizvod trenutno nije na stanju', content: 'Izabrana boja je rasprodata.', ctaButtonName: 'Izaberi drugu boju', image: null });
    expect(await screen.findByText('Izabrana boja je rasprodata.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Izaberi drugu boju' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'ui.closeModal', args: { id: 'no-stock' } }]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('modal not-eligible', () => {
  it('shows the message and sends the customer to the home page', async () => {
    const h = makeHarness('signed-in-customer');
    const { container } = renderModal(h, 'not-eligible', { message: 'Kupovina je dozvoljena samo punoletnim korisnicima.' });
    expect(await screen.findByText('Kupovina je dozvoljena samo punoletnim korisnicima.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Na početnu stranicu' }));
    await waitFor(() => expect(h.calls).toEqual([
      { action: 'ui.closeModal', args: { id: 'not-eligible' } },
      { action: 'nav.go', args: { to: '/' } },
    ]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('modal single-tariff', () => {
  it('continue to checkout or keep buying', async () => {
    const h = makeHarness('guest-checkout');
    const { container } = renderModal(h, 'single-tariff', { checkoutType: 'GUEST' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nastavi na plaćanje' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'cart.closeSingleTariff', args: { toCheckout: true } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Nastavi kupovinu' }));
    await waitFor(() => expect(h.calls.slice(1)).toEqual([{ action: 'cart.closeSingleTariff', args: {} }]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('modal change-types', () => {
  it('shows the server message; the whole cart one-off or in installments', async () => {
    const h = makeHarness('guest-checkout');
    const { container } = renderModal(h, 'change-types', { message: 'Način plaćanja je promenjen u jednokratno.' });
    expect(await screen.findByText('Način plaćanja je promenjen u jednokratno.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sve na rate' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'cart.changeChargeType', args: { chargeType: 'RECURRING_CHARGE' } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Sve jednokratno' }));
    await waitFor(() => expect(h.calls.slice(1)).toEqual([{ action: 'cart.changeChargeType', args: { chargeType: 'ONE_TIME_CHARGE' } }]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('modal replace-item', () => {
  it('lists the entries in the way; keep the current one or update', async () => {
    const h = makeHarness('phone-with-tariff');
    const entries = h.stores.cart.cart?.entries.slice(0, 1) ?? [];
    const { container } = renderModal(h, 'replace-item', { entries });
    expect(await screen.findByText('Samsung Galaxy S25 8/128GB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zadrži postojeći' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'cart.keep', args: {} }]));
    fireEvent.click(screen.getByRole('button', { name: 'Zameni novim' }));
    await waitFor(() => expect(h.calls.slice(1)).toEqual([{ action: 'cart.replace', args: {} }]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});

describe('modal remove-item', () => {
  it('confirms removing one entry', async () => {
    const h = makeHarness('phone-with-tariff');
    const { container } = renderModal(h, 'remove-item', { entryNumber: 1, quantity: 1, name: 'Orbita Max M', checkout: true });
    expect(await screen.findByText('Da li sigurno želiš da ukloniš „Orbita Max M” iz korpe?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Obriši korpu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ukloni' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'cart.removeEntry', args: { entryNumber: 1, quantity: 1, checkout: true } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Odustani' }));
    await waitFor(() => expect(h.calls.slice(1)).toEqual([{ action: 'ui.closeModal', args: { id: 'remove-item' } }]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });

  it('confirms deleting the whole cart', async () => {
    const h = makeHarness('phone-with-tariff');
    renderModal(h, 'remove-item', { all: true, checkout: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Obriši korpu' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'cart.deleteCart', args: {} }]));
    expect(screen.queryByRole('button', { name: 'Ukloni' })).toBeNull();
  });
});

describe('modal coupon', () => {
  it('enter a code, the applied coupons with remove, the rules and the error', async () => {
    const h = makeHarness('phone-with-tariff');
    h.stores.cart.setCart({ ...h.stores.cart.cart!, appliedVouchers: [{ voucherCode: 'EKO-1111', value: { value: 5000, formattedValue: '5.000,00 RSD', currencyIso: 'RSD' }, entryNumber: 0 }] });
    h.stores.cart.setVoucherError({ message: 'pdp.coupon.error.alreadyUsed' });
    const { container } = renderModal(h, 'coupon', { limit: 3, value: 5000, minPrice: 1000 });
    expect(await screen.findByText('Kupon je već iskorišćen.')).toBeTruthy();
    expect(screen.getByText('Iskorišćeno kupona: 1 od 3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('EKO kod'), { target: { value: 'EKO-2222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Primeni' }));
    await waitFor(() => expect(h.calls).toEqual([{ action: 'pdp.addCoupon', args: { voucherCode: 'EKO-2222' } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Ukloni kupon EKO-1111' }));
    await waitFor(() => expect(h.calls.slice(1)).toEqual([{ action: 'pdp.removeCoupon', args: { voucherCode: 'EKO-1111' } }]));
    await settle(container); // no button still busy with its actions: the snapshot is of the settled page
    expect(container).toMatchSnapshot();
  });
});
