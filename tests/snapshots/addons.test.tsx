// DOM snapshots of the add-ons screens (issue 13): /dodaci by category, /dodaci/roming with a country chosen,
// /Digitalni-servisi and a service page, the needs-a-tariff modal.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeHarness, renderModal, renderScreen, settle } from './harness';
import { rsd } from '../fixtures/api';
import type { Addon, AddonCategory, OttService, RoamingCountry } from '../../actions/stores/types';

afterEach(cleanup);

const addon = (code: string, name: string, price: number, extra: Partial<Addon> = {}): Addon => ({
  code, name, description: `${name} — opis.`, productOfferingType: 'ADDON_POSTPAID', price: rsd(price), chargeType: 'RECURRING_CHARGE',
  requires: 'POSTPAID', zones: [], highlights: [], purchasable: true, ...extra,
});
const categories: AddonCategory[] = [
  { code: 'tarifni', name: 'Dodaci uz tarifu', description: 'Više interneta uz tarifu.', subcategories: [
    { code: 'tarifni-internet', name: 'Internet', addons: [addon('ADDON_NET_10GB', 'Dodatnih 10 GB', 399, { highlights: ['Internet: 10 GB mesečno'] })] },
  ] },
  { code: 'roming', name: 'Roming dodaci', description: 'Internet u inostranstvu.', subcategories: [
    { code: 'roming-evropa', name: 'Evropa', addons: [addon('ROAM_EU_3GB', 'Roming Evropa 3 GB', 990, { chargeType: 'ONE_TIME_CHARGE', zones: ['EU', 'REGION'] })] },
    { code: 'roming-svet', name: 'Ceo svet', addons: [addon('ROAM_WORLD_2GB', 'Roming Svet 2 GB', 1990, { chargeType: 'ONE_TIME_CHARGE', zones: ['WORLD', 'EU', 'REGION'] })] },
  ] },
];
const countries: RoamingCountry[] = [
  { isocode: 'DE', name: 'Nemačka', zone: 'EU', zoneName: 'Zona 2 — Evropa' },
  { isocode: 'US', name: 'Sjedinjene Države', zone: 'WORLD', zoneName: 'Zona 3 — ostatak sveta' },
];
const services: OttService[] = [
  { slug: 'Deezer', url: '/Digitalni-servisi/Deezer', addon: addon('OTT_DEEZER', 'Deezer Premium', 399, { productOfferingType: 'STREAMING_SUBSCRIPTION' }) },
  { slug: 'Move', url: '/Digitalni-servisi/Move', addon: addon('OTT_MOVE', 'Move', 299, { productOfferingType: 'STREAMING_SUBSCRIPTION' }) },
];

describe('add-ons screens', () => {
  it('/dodaci: categories, subcategories and add-on cards; "Dodaj u korpu" dispatches addons.buy', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.addonsLoaded(categories);
    const { container } = renderScreen(h, 'addons', '/dodaci');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dodaci' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((x) => x.textContent)).toEqual(['Dodaci uz tarifu', 'Roming dodaci', 'Kako se kupuje dodatak']);
    const card = screen.getByRole('article', { name: 'Dodatnih 10 GB' });
    expect(card.textContent).toContain('399,00 RSD');
    expect(card.textContent).toContain('/mes.');
    expect(card.textContent).toContain('Kupuje se uz postpejd tarifu');
    await settle(container);
    expect(container).toMatchSnapshot();
    fireEvent.click(within(card).getByRole('button', { name: /^Dodaj u korpu/ }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'addons.buy', args: { code: 'ADDON_NET_10GB' } }));
  });

  it('/dodaci: an add-on already in the cart shows "U korpi"; a failed load offers to try again', async () => {
    const h = makeHarness('phone-with-tariff');
    const entries = h.stores.cart.cart!.entries;
    h.stores.cart.setCart({ ...h.stores.cart.cart!, entries: [...entries, { ...entries[entries.length - 1], entryNumber: 99, product: { ...entries[entries.length - 1].product, code: 'ADDON_NET_10GB', name: 'Dodatnih 10 GB' } }] });
    h.stores.catalog.addonsLoaded(categories);
    renderScreen(h, 'addons', '/dodaci');
    const card = await screen.findByRole('article', { name: 'Dodatnih 10 GB' });
    expect(within(card).getByRole('status').textContent).toBe('U korpi');
    expect(within(card).queryByRole('button')).toBeNull();
    cleanup();
    const failed = makeHarness('empty-cart');
    failed.stores.catalog.addonsFailed();
    renderScreen(failed, 'addons', '/dodaci');
    fireEvent.click(await screen.findByRole('button', { name: 'Pokušaj ponovo' }));
    await waitFor(() => expect(failed.calls).toContainEqual({ action: 'addons.load', args: {} }));
  });

  it('/dodaci/roming: a chosen country shows its zone and the add-ons that cover it; choosing dispatches addons.chooseCountry', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.addonsLoaded([categories[1]]);
    h.stores.catalog.countriesLoaded(countries);
    h.stores.catalog.chooseCountry('US');
    const { container } = renderScreen(h, 'roaming', '/dodaci/roming');
    const picker = await screen.findByRole('combobox', { name: 'Zemlja u koju putuješ' }) as HTMLSelectElement;
    expect(picker.value).toBe('US');
    expect(screen.getByText('Sjedinjene Države: Zona 3 — ostatak sveta. Ovi dodaci je pokrivaju:')).toBeTruthy();
    await settle(container);
    expect(container).toMatchSnapshot();
    fireEvent.change(picker, { target: { value: 'DE' } });
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'addons.chooseCountry', args: { isocode: 'DE' } }));
  });

  it('the store: a country lists the roaming add-ons of its zone once each', () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.addonsLoaded(categories);
    h.stores.catalog.countriesLoaded(countries);
    h.stores.catalog.chooseCountry('DE');
    expect(h.stores.catalog.addons.covering.map((a) => a.code)).toEqual(['ROAM_EU_3GB', 'ROAM_WORLD_2GB']);
    h.stores.catalog.chooseCountry('US');
    expect(h.stores.catalog.addons.covering.map((a) => a.code)).toEqual(['ROAM_WORLD_2GB']);
    h.stores.catalog.chooseCountry(null);
    expect(h.stores.catalog.addons).toMatchObject({ country: null, covering: [] });
  });

  it('/Digitalni-servisi and a service page', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.ottStarted('digitalni-servisi');
    h.stores.catalog.ottLoaded('digitalni-servisi', services);
    const { container } = renderScreen(h, 'digital-services', '/Digitalni-servisi');
    const deezer = await screen.findByRole('article', { name: 'Deezer Premium' });
    expect(within(deezer).getByRole('link', { name: /^Više o servisu/ }).getAttribute('href')).toBe('/Digitalni-servisi/Deezer');
    await settle(container);
    expect(container).toMatchSnapshot();
    cleanup();
    const one = makeHarness('empty-cart', { path: '/Digitalni-servisi/Deezer', params: { service: 'Deezer' } });
    one.stores.catalog.ottStarted('Deezer');
    one.stores.catalog.ottLoaded('Deezer', [services[0]]);
    const page = renderScreen(one, 'digital-service', '/Digitalni-servisi/Deezer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deezer Premium' })).toBeTruthy();
    await settle(page.container);
    expect(page.container).toMatchSnapshot();
  });

  it('an unknown service: the error leads back to the services', async () => {
    const h = makeHarness('empty-cart');
    h.stores.catalog.ottStarted('Netflix');
    h.stores.catalog.ottFailed('Netflix');
    renderScreen(h, 'digital-service', '/Digitalni-servisi/Netflix');
    expect(await screen.findByText('Ovaj digitalni servis ne postoji ili trenutno nije dostupan.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Svi digitalni servisi' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'nav.go', args: { to: '/Digitalni-servisi' } }));
  });
});

describe('guest-or-login, dropshipping variant', () => {
  it('a cart with a DROPSHIPPING product says the partner ships it and a guest pays by card; other carts do not', async () => {
    const h = makeHarness('phone-with-tariff');
    const entries = h.stores.cart.cart!.entries;
    const drop = { ...entries[0], entryNumber: 50, product: { ...entries[0].product, code: 'DROP_ROBOT_VACUUM', name: 'Robot usisivač Orbita Clean', productOfferingType: 'DROPSHIPPING' } };
    h.stores.cart.setCart({ ...h.stores.cart.cart!, entries: [...entries, drop] });
    const { container } = renderModal(h, 'guest-or-login', { checkoutType: 'GUEST' });
    expect(await screen.findByRole('heading', { name: 'Proizvod isporučuje naš partner' })).toBeTruthy();
    expect(container.textContent).toContain('kao gost plaćaš karticom, odjednom');
    await settle(container);
    expect(container).toMatchSnapshot();
    cleanup();
    renderModal(makeHarness('phone-with-tariff'), 'guest-or-login', { checkoutType: 'GUEST' });
    await screen.findByRole('button', { name: /Nastavi kao gost/ });
    expect(screen.queryByRole('heading', { name: 'Proizvod isporučuje naš partner' })).toBeNull();
  });
});
