// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, PATHS, Shopper, startApp, type Harness } from './helpers';

describe.each(drivers)('catalog on %s', (_name, url) => {
  let h: Harness;
  let s: Shopper;
  beforeAll(async () => { h = await startApp(url); s = await new Shopper(h.app).login(); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('lists 20 phones per page by default and pages through smaller pages', async () => {
    const first = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni`)).json();
    expect(first.products).toHaveLength(20);
    expect(first.pagination).toMatchObject({ currentPage: 0, pageSize: 20, totalResults: 24, totalPages: 2 });
    const second = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&page=1`)).json();
    expect(second.products).toHaveLength(4);
    const seen = new Set<string>();
    for (let page = 0; page < 3; page++) {
      const r = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&pageSize=10&page=${page}`)).json();
      expect(r.pagination.totalPages).toBe(3);
      expect(r.pagination.currentPage).toBe(page);
      for (const p of r.products) seen.add(p.code);
      expect(r.products).toHaveLength(page < 2 ? 10 : 4);
    }
    expect(seen.size).toBe(24);
    const beyond = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&page=5`)).json();
    expect(beyond.products).toHaveLength(0);
  });

  it('answers the summary shape with colours, prices, stock and a device url', async () => {
    const r = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&query=galaxy%20a56`)).json();
    expect(r.products).toHaveLength(1);
    const p = r.products[0];
    expect(p).toMatchObject({ code: 'SAMSUNG_GALAXY_A56', brand: { name: 'Samsung' }, productOfferingType: 'DEVICE', esim: 'ESIM_SIM' });
    expect(p.url).toBe('/uredjaj/SAMSUNG_GALAXY_A56/awesome-graphite');
    expect(p.colors.map((c: { colorCode: string }) => c.colorCode)).toEqual(['awesome-graphite', 'awesome-lightgray', 'awesome-olive', 'awesome-pink']);
    expect(p.price).toEqual({ value: 54999, formattedValue: '54.999,00 RSD', currencyIso: 'RSD' });
    expect(p.monthlyPrice.value).toBeGreaterThan(0);
    expect(r.freeTextSearch).toBe('galaxy a56');
    expect(r.breadcrumbs[1]).toEqual({ name: 'Mobilni telefoni', url: '/Privatni/Uredjaji/Tip-uredjaja/telefoni' });
  });

  it('offers the eSIM facet on phones and tariffs only, not on accessories or appliances', async () => {
    const facetCodes = async (category: string) => (await s.call('GET', `${PATHS.search}?categoryCode=${category}`)).json().facets.map((f: { code: string }) => f.code);
    expect(await facetCodes('telefoni')).toContain('esim');
    expect(await facetCodes('dodatna_oprema')).not.toContain('esim');
    expect(await facetCodes('dropshipping')).not.toContain('esim');
  });

  it('sorts by the ranking of seed 001 §2 and filters by facets', async () => {
    const r = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&sort=price-asc`)).json();
    const prices = r.products.map((p: { price: { value: number } }) => p.price.value);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(r.sorts.map((x: { code: string }) => x.code)).toEqual(['relevance', 'topRated', 'name-asc', 'name-desc', 'price-asc', 'price-desc']);
    expect(r.sorts.find((x: { selected: boolean }) => x.selected).code).toBe('price-asc');
    const brand = r.facets.find((f: { code: string }) => f.code === 'brand');
    expect(brand.groupType).toBe('CHECKBOX');
    const apple = brand.values.find((v: { code: string }) => v.code === 'Apple');
    expect(apple.count).toBe(5);
    const filtered = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&query=${encodeURIComponent(apple.query.query.value)}`)).json();
    expect(filtered.products.map((p: { brand: { name: string } }) => p.brand.name)).toEqual(['Apple', 'Apple', 'Apple', 'Apple', 'Apple']);
    expect(filtered.facets.find((f: { code: string }) => f.code === 'brand').values.find((v: { code: string }) => v.code === 'Apple').selected).toBe(true);
    const color = r.facets.find((f: { code: string }) => f.code === 'color');
    expect(color.groupType).toBe('COLOR');
    const pink = color.values.find((v: { code: string }) => v.code === 'roze');
    expect(pink.name).toBe('Roze');
    const pinkPhones = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&query=${encodeURIComponent(pink.query.query.value)}`)).json();
    expect(pinkPhones.products.map((p: { code: string }) => p.code).sort()).toEqual(['APPLE_IPHONE_16', 'GOOGLE_PIXEL_9', 'SAMSUNG_GALAXY_A56']);
    const names = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&sort=name-desc`)).json().products.map((p: { name: string }) => p.name);
    expect(names[0]).toMatch(/^Xiaomi/);
  });

  it('answers 400 ValidationError, never 500, for bad query strings', async () => {
    for (const q of ['page=-1', 'pageSize=abc', 'pageSize=1000', 'sort=cheapest', 'categoryCode=../etc', `query=${'x'.repeat(400)}`]) {
      const r = await s.call('GET', `${PATHS.search}?${q}`);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().errors[0].type).toBe('ValidationError');
      expect(r.json().errors[0].message.length).toBeGreaterThan(3);
    }
    const missing = await s.call('GET', PATHS.details);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toBe('Ovo polje je obavezno.');
    const bad = await s.call('GET', `${PATHS.references}?productCode=APPLE_IPHONE_16&referenceType=NOPE`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers product details in the shape of schemas/api/catalog.json', async () => {
    const r = await s.call('GET', `${PATHS.details}?productCode=SAMSUNG_GALAXY_A56`);
    expect(r.statusCode).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({ code: 'SAMSUNG_GALAXY_A56', productOfferingType: 'DEVICE', esim: 'ESIM_SIM', voucherLimit: 3, hasAccessories: true });
    const pink = d.variants.find((v: { colorCode: string }) => v.colorCode === 'awesome-pink');
    expect(pink.stock).toEqual({ stockLevelStatus: 'outOfStock', stockLevel: 0 });
    expect(d.variants.find((v: { colorCode: string }) => v.colorCode === 'awesome-lightgray').stock.stockLevelStatus).toBe('lowStock');
    expect(d.oneOff.chargeEntries[0]).toMatchObject({ chargeType: 'ONE_TIME_CHARGE', price: { value: 54999 } });
    expect(d.insurances.map((i: { code: string }) => i.code)).toEqual(['INSURANCE_SCREEN', 'INSURANCE_PREMIUM']);
    // prices grouped by offer; parents carry their children
    expect(d.prices.topOffer.map((t: { code: string }) => t.code)).toEqual(['ORBITA_MAX', 'ORBITA_FLEX']);
    expect(d.prices.basicOffer.map((t: { code: string }) => t.code)).toEqual(['ORBITA_START', 'ORBITA_SMART', 'ORBITA_PLUS']);
    const max = d.prices.topOffer[0];
    expect(max.childTariffs.map((t: { code: string }) => t.code)).toEqual(['ORBITA_MAX_S', 'ORBITA_MAX_M', 'ORBITA_MAX_L', 'ORBITA_MAX_UNL']);
    const m = max.childTariffs[1];
    expect(m.processType).toBe('TOP_OFFER');
    expect(m.subscriptionTerms).toEqual([
      { id: 'ORBITA_MAX_M_T12', termOfServiceNumber: 12, recommended: false },
      { id: 'ORBITA_MAX_M_T24', termOfServiceNumber: 24, recommended: true },
    ]);
    expect(m.chargeEntries[0]).toMatchObject({ chargeType: 'RECURRING_CHARGE', cycleEnd: 6, price: { value: 2999 }, oldPrice: { value: 3499 } });
    const plan24 = m.pricePlans.find((p: { subscriptionTermId: string }) => p.subscriptionTermId === 'ORBITA_MAX_M_T24');
    expect(plan24.purchasable).toBe(true);
    expect(plan24.recurring.installments).toBe(24);
    // the tariff's monthly price now (its promotion, 6 months at 2999): what the cart charges with the installment (issue 27)
    expect(plan24.recurring.tariffPrice.value).toBe(2999);
    expect(plan24.recurring.installment.value * 24 + plan24.recurring.upfrontPrice.value).toBeCloseTo(plan24.recurring.devicePrice.value, 2);
    expect(plan24.recurring.chargeEntries[0]).toMatchObject({ chargeType: 'RECURRING_CHARGE', cycleEnd: 24 });
    expect(plan24.oneTime.chargeEntries[0].chargeType).toBe('ONE_TIME_CHARGE');
    // a device with a richer tariff is cheaper than alone
    expect(plan24.oneTime.devicePrice.value).toBeLessThan(54999);
  });

  it('answers 404 UnknownIdentifierError for an unknown product', async () => {
    const r = await s.call('GET', `${PATHS.details}?productCode=NOKIA_3310`);
    expect(r.statusCode).toBe(404);
    expect(r.json().errors[0]).toMatchObject({ type: 'UnknownIdentifierError' });
    expect(r.json().errors[0].message).toContain('NOKIA_3310');
  });

  it('answers specification, accessories, CMS components and product pictures', async () => {
    const spec = (await s.call('GET', `${PATHS.spec}?productCode=GOOGLE_PIXEL_9`)).json();
    expect(spec.groups.map((g: { name: string }) => g.name)).toContain('Baterija');
    s.lang = '2';
    const specEn = (await s.call('GET', `${PATHS.spec}?productCode=GOOGLE_PIXEL_9`)).json();
    expect(specEn.groups.map((g: { name: string }) => g.name)).toContain('Battery');
    s.lang = '1';
    const refs = (await s.call('GET', `${PATHS.references}?productCode=APPLE_IPHONE_16&referenceType=ACCESSORIES&pageSize=100`)).json();
    const codes = refs.references.map((r: { target: { code: string } }) => r.target.code);
    expect(codes).toContain('ACC_APPLE_20W_ADAPTER');
    expect(codes).not.toContain('ACC_SAMSUNG_25W_CHARGER');
    const cms = (await s.call('GET', `${PATHS.cms}?componentId=noStockPopup`)).json();
    expect(cms).toMatchObject({ headline: 'Proizvod trenutno nije na stanju', media: { url: '/media/cms/no-stock.svg', code: 'no-stock' } });
    const img = await h.app.inject({ method: 'GET', url: '/media/products/SAMSUNG_GALAXY_A56_AWESOME_OLIVE.svg' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('#8a8d6e');
    expect(img.body).toContain('Samsung');
    expect((await h.app.inject({ method: 'GET', url: '/media/products/NOPE.svg' })).statusCode).toBe(404);
    // the CMS component's picture is served too (the no-stock pop-up showed a broken image before)
    const cmsImg = await h.app.inject({ method: 'GET', url: cms.media.url });
    expect([cmsImg.statusCode, cmsImg.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(cmsImg.body).toContain('<svg');
    expect((await h.app.inject({ method: 'GET', url: '/media/cms/nope.svg' })).statusCode).toBe(404);
  });

  it('formats money in English for lang 2', async () => {
    s.lang = '2';
    const r = (await s.call('GET', `${PATHS.search}?categoryCode=telefoni&query=galaxy%20a56`)).json();
    s.lang = '1';
    expect(r.products[0].price.formattedValue).toBe('54.999,00 RSD');
  });
});
