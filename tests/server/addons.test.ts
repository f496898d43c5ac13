// @vitest-environment node
// Add-ons and digital services (issue 13): the add-ons hierarchy, the roaming countries, the OTT services, and buying
// an add-on with the tariff in the cart (the prepaid / postpaid rule), bad input answered 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, PATHS, Shopper, startApp, type Harness } from './helpers';
import { CART } from './commerce-helpers';
import type { Addon, AddonCategory, AddonSubcategory, Country, OttService } from '../../schemas/types/api.addons';
import type { Entry } from '../../schemas/types/api.cart';

const B = '/hybris/ecommerce/b2c/v1';
const HIERARCHY = `${B}/addons/hierarchy`;
const COUNTRIES = `${B}/addons/roaming/countries`;
const OTT = `${B}/ott`;

describe.each(drivers)('add-ons on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });
  const shopper = (lang: '1' | '2' = '1') => new Shopper(h.app, lang).login();

  it('hierarchy: tariff, mobile and roaming categories with subcategories, each add-on with its price and tariff kind', async () => {
    const s = await shopper();
    const r = await s.call('GET', HIERARCHY);
    expect(r.statusCode).toBe(200);
    const cats: AddonCategory[] = r.json().categories;
    expect(cats.map((c) => c.code)).toEqual(['tarifni', 'mobilni', 'roming']);
    expect(cats[0].subcategories.map((c) => c.code)).toEqual(['tarifni-internet', 'tarifni-razgovori']);
    const net = cats[0].subcategories[0].addons;
    expect(net.map((a) => a.code)).toEqual(['ADDON_NET_10GB', 'ADDON_NET_30GB', 'ADDON_NET_NIGHT']);
    expect(net[1]).toMatchObject({ name: 'Dodatnih 30 GB', chargeType: 'RECURRING_CHARGE', requires: 'POSTPAID', price: { value: 799, formattedValue: '799,00 RSD' }, purchasable: true });
    const prepaid = cats[1].subcategories[0].addons;
    expect(prepaid[0]).toMatchObject({ code: 'ADDON_PREPAID_NET_5GB', requires: 'PREPAID', chargeType: 'ONE_TIME_CHARGE', price: { value: 300 } });
    const world = cats[2].subcategories[2].addons[0];
    expect(world).toMatchObject({ code: 'ROAM_WORLD_2GB', zones: ['WORLD', 'EU', 'REGION'] });
    // no digital service and no TV add-on on /dodaci
    const all = cats.flatMap((c) => c.subcategories.flatMap((x) => x.addons.map((a) => a.productOfferingType)));
    expect(all).not.toContain('STREAMING_SUBSCRIPTION');
    expect(all).not.toContain('TV_ADDON');
  });

  it('hierarchy ?categoryCode: one category, or a subcategory within its category; English texts', async () => {
    const s = await shopper('2');
    const roaming = (await s.call('GET', `${HIERARCHY}?categoryCode=roming`)).json();
    expect(roaming.categories).toHaveLength(1);
    expect(roaming.categories[0]).toMatchObject({ code: 'roming', name: 'Roaming add-ons' });
    const eu = (await s.call('GET', `${HIERARCHY}?categoryCode=roming-evropa`)).json();
    expect(eu.categories[0].subcategories.map((x: AddonSubcategory) => x.code)).toEqual(['roming-evropa']);
    expect(eu.categories[0].subcategories[0].addons.map((a: Addon) => a.code)).toEqual(['ROAM_EU_3GB', 'ROAM_EU_DAY']);
    expect(eu.categories[0].subcategories[0].addons[0].description).toBe('3 GB of data in Europe and the Western Balkans, valid 30 days.');
  });

  it('hierarchy: an unknown or malformed category is a 400 with a message in the language', async () => {
    const s = await shopper();
    const r = await s.call('GET', `${HIERARCHY}?categoryCode=nema-ga`);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Kategorija dodataka nema-ga ne postoji.' });
    const bad = await s.call('GET', `${HIERARCHY}?categoryCode=${encodeURIComponent('<script>')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].type).toBe('ValidationError');
  });

  it('roaming countries: every country of a zone, sorted by its name in the language', async () => {
    const sr = (await (await shopper()).call('GET', COUNTRIES)).json().countries as Country[];
    const de = sr.find((c) => c.isocode === 'DE');
    expect(de).toEqual({ isocode: 'DE', name: 'Nemačka', zone: 'EU', zoneName: 'Zona 2 — Evropa' });
    expect(sr.find((c) => c.isocode === 'BA')).toMatchObject({ zone: 'REGION' });
    const names = sr.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('sr-Latn-RS').compare));
    const en = (await (await shopper('2')).call('GET', COUNTRIES)).json().countries as Country[];
    expect(en.find((c) => c.isocode === 'DE')).toMatchObject({ name: 'Germany', zoneName: 'Zone 2 — Europe' });
    expect(en).toHaveLength(sr.length);
  });

  it('ott: every digital service, or one by its slug (any case); an unknown one is a 400', async () => {
    const s = await shopper();
    const all = (await s.call('GET', `${OTT}?categoryCode=digitalni-servisi`)).json();
    expect(all.services.map((x: OttService) => x.slug)).toEqual(['Deezer', 'Arena-cloud', 'Apollon', 'Balkan-myusic', 'Iris-go', 'Nba', 'Move']);
    const one = (await s.call('GET', `${OTT}?categoryCode=deezer`)).json();
    expect(one).toMatchObject({ categoryCode: 'Deezer', services: [{ slug: 'Deezer', url: '/Digitalni-servisi/Deezer', addon: { code: 'OTT_DEEZER', requires: 'POSTPAID', chargeType: 'RECURRING_CHARGE', price: { value: 399 } } }] });
    const unknown = await s.call('GET', `${OTT}?categoryCode=Netflix`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].message).toBe('Digitalni servis Netflix ne postoji.');
    expect((await s.call('GET', OTT)).statusCode).toBe(400);
  });

  it('an add-on, a roaming add-on and a digital service join a postpaid tariff in the cart', async () => {
    const s = await shopper();
    await s.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_S', subscriptionTermId: 'ORBITA_MAX_S_T24' });
    for (const code of ['ADDON_NET_30GB', 'ROAM_EU_3GB', 'OTT_DEEZER']) {
      const r = await s.call('POST', CART.addAddon, { code, entryNumber: 0 });
      expect(r.statusCode, code).toBe(200);
    }
    const cart = (await s.call('GET', PATHS.cart)).json();
    const roam = cart.entries.find((e: Entry) => e.product.code === 'ROAM_EU_3GB');
    expect(roam).toMatchObject({ parentEntryNumber: 0 });
    expect(cart.entries.find((e: Entry) => e.product.code === 'OTT_DEEZER')).toMatchObject({ parentEntryNumber: 0, totalMonthlyPrice: { value: 399 } });
  });

  it('a prepaid add-on only with a prepaid package, a postpaid one only with a postpaid tariff (400 otherwise)', async () => {
    const post = await shopper();
    await post.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_S', subscriptionTermId: 'ORBITA_MAX_S_T24' });
    const wrong = await post.call('POST', CART.addAddon, { code: 'ADDON_PREPAID_NET_15GB', entryNumber: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toBe('Dodatak ADDON_PREPAID_NET_15GB se kupuje uz pripejd paket.');
    const pre = await shopper('2');
    await pre.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_NET' });
    const ott = await pre.call('POST', CART.addAddon, { code: 'OTT_NBA', entryNumber: 0 });
    expect(ott.statusCode).toBe(400);
    expect(ott.json().errors[0].message).toBe('Add-on OTT_NBA is bought with a postpaid tariff.');
    expect((await pre.call('POST', CART.addAddon, { code: 'ADDON_PREPAID_NET_15GB', entryNumber: 0 })).statusCode).toBe(200);
  });

  it('the same add-on sent twice at once lands once', async () => {
    const s = await shopper();
    await s.call('POST', PATHS.addToCart, { code: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24' });
    const rs = await Promise.all([1, 2, 3].map(() => s.call('POST', CART.addAddon, { code: 'ROAM_REGION_5GB', entryNumber: 0 })));
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const cart = (await s.call('GET', PATHS.cart)).json();
    expect(cart.entries.filter((e: Entry) => e.product.code === 'ROAM_REGION_5GB')).toHaveLength(1);
  });
});
