// @vitest-environment node
// The tariff and accessory lists (/Privatni/Tarife/Uredjaji, /Privatni/Uredjaji/Pojedinacni/dodatna_oprema) and the
// tariff page's details, through the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, PATHS, Shopper, startApp, type Harness } from './helpers';

describe.each(drivers)('tariffs and accessories on %s', (_name, url) => {
  let h: Harness;
  let s: Shopper;
  beforeAll(async () => { h = await startApp(url); s = await new Shopper(h.app).login(); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('lists the purchasable postpaid tariffs with their monthly fee only; the grouping parents are left out', async () => {
    const r = (await s.call('GET', `${PATHS.search}?categoryCode=tarife`)).json();
    const codes = r.products.map((p: { code: string }) => p.code);
    expect(codes).toContain('ORBITA_MAX_M');
    expect(codes).not.toContain('ORBITA_MAX');
    expect(codes).not.toContain('ORBITA_FLEX');
    expect(r.pagination.totalResults).toBe(codes.length);
    const maxM = r.products.find((p: { code: string }) => p.code === 'ORBITA_MAX_M');
    expect(maxM).toMatchObject({ productOfferingType: 'TARIFF', url: '/Privatni/Tarife/ORBITA_MAX_M', price: null, monthlyPrice: { value: 3499 }, esim: 'ESIM_SIM' });
    expect(r.breadcrumbs.at(-1)).toMatchObject({ name: 'Tarife', url: '/Privatni/Tarife/Uredjaji' });
  });

  it('a tariff page reads the details: monthly fee with its promotion, the contract terms, eSIM', async () => {
    const d = (await s.call('GET', `${PATHS.details}?productCode=ORBITA_MAX_M`)).json();
    expect(d).toMatchObject({ productOfferingType: 'TARIFF', esim: 'ESIM_SIM', monthly: { price: { value: 2999 }, oldPrice: { value: 3499 }, promoPeriod: 6 } });
    expect(d.subscriptionTerms.map((t: { termOfServiceNumber: number; recommended: boolean }) => [t.termOfServiceNumber, t.recommended])).toEqual([[12, false], [24, true]]);
    const add = await s.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T12' });
    expect(add.json().cartModifications[0].statusCode).toBe('success');
    expect(add.json().cart.entries[0]).toMatchObject({ product: { code: 'ORBITA_MAX_M' }, subscriptionTerm: { termOfServiceNumber: 12 } });
  });

  it('lists the accessories, each with a one-off price and a device-page url', async () => {
    const r = (await s.call('GET', `${PATHS.search}?categoryCode=dodatna_oprema`)).json();
    expect(r.products.length).toBeGreaterThan(5);
    for (const p of r.products) {
      expect(p.productOfferingType).toBe('ACCESSORY');
      expect(p.url).toBe(`/uredjaj/${p.code}`);
      expect(p.price.value).toBeGreaterThan(0);
    }
  });
});
