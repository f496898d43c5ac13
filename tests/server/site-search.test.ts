// @vitest-environment node
// The site search's category "sve" (the results page /pretraga): phones, accessories and tariffs together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper, startApp, type Harness } from './helpers';

const SEARCH = '/hybris/ecommerce/b2c/v1/products/search';

describe('site search (categoryCode sve)', () => {
  let h: Harness;
  let shopper: Shopper;
  beforeAll(async () => {
    h = await startApp(undefined);
    shopper = await new Shopper(h.app).login();
  }, 120_000);
  afterAll(async () => { await h?.close(); });

  const search = async (q: string, pageSize = 20) => {
    const r = await shopper.call('GET', `${SEARCH}?categoryCode=sve&query=${encodeURIComponent(q)}&page=0&pageSize=${pageSize}`);
    expect(r.statusCode).toBe(200);
    return r.json() as { products: Array<{ code: string; name: string; url: string }>; pagination: { totalResults: number }; breadcrumbs: Array<{ name: string; url: string }> };
  };

  it('finds phones and accessories by name, and nothing else', async () => {
    const r = await search('galaxy');
    expect(r.pagination.totalResults).toBe(r.products.length);
    expect(r.products.length).toBeGreaterThan(3);
    for (const p of r.products) expect(p.name.toLowerCase()).toContain('galaxy');
    expect(r.products.some((p) => p.url.startsWith('/uredjaj/SAMSUNG_GALAXY'))).toBe(true);
    expect(r.products.some((p) => p.code.startsWith('ACC_'))).toBe(true);
    expect(r.breadcrumbs.at(-1)).toMatchObject({ name: 'Pretraga', url: '/pretraga' });
  });

  it('finds tariffs, linking to the tariff page, and never a product outside the shop\'s lists', async () => {
    const tariffs = await search('orbita');
    expect(tariffs.products.some((p) => p.url.startsWith('/Privatni/Tarife/'))).toBe(true);
    const all = await search('', 100);
    expect(all.products.length).toBe(all.pagination.totalResults);
    expect(all.products.some((p) => /^(MSISDN|ADDON|TV_ADDON|DROP_|ORBITA_TV_BOX|LANDLINE)/.test(p.code))).toBe(false);
  });

  it('answers an empty list for a text nothing matches, and refuses a bad category code', async () => {
    expect((await search('nepostojeći uređaj xyz')).products).toEqual([]);
    const bad = await shopper.call('GET', `${SEARCH}?categoryCode=SVE!&page=0&pageSize=20`);
    expect(bad.statusCode).toBe(400);
  });
});
