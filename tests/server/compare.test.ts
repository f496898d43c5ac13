// @vitest-environment node
// Device comparison (products/compare) and the header search box's suggestions (products/suggestions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper, startApp, type Harness } from './helpers';

const COMPARE = '/hybris/ecommerce/b2c/v1/products/compare';
const SUGGEST = '/hybris/ecommerce/b2c/v1/products/suggestions';

interface Comparison {
  products: Array<{ code: string; name: string; url: string }>;
  groups: Array<{ name: string; differs: boolean; rows: Array<{ name: string; values: Array<string | null>; differs: boolean }> }>;
}

describe('products/compare and products/suggestions', () => {
  let h: Harness;
  let sr: Shopper;
  let en: Shopper;
  beforeAll(async () => {
    h = await startApp(undefined);
    sr = await new Shopper(h.app).login();
    en = await new Shopper(h.app, '2').login();
  }, 120_000);
  afterAll(async () => { await h?.close(); });

  const compare = async (codes: string, who = sr) => who.call('GET', `${COMPARE}?productCodes=${encodeURIComponent(codes)}`);

  it('lays the specification groups of up to 3 phones side by side and marks the rows that differ', async () => {
    const r = await compare('SAMSUNG_GALAXY_A56,APPLE_IPHONE_16,SAMSUNG_GALAXY_A56');
    expect(r.statusCode).toBe(200);
    const c = r.json() as Comparison;
    expect(c.products.map((p) => p.code)).toEqual(['SAMSUNG_GALAXY_A56', 'APPLE_IPHONE_16']); // a repeated code counts once
    expect(c.groups.map((g) => g.name)).toContain('Ekran');
    for (const g of c.groups) for (const row of g.rows) {
      expect(row.values).toHaveLength(2);
      expect(row.differs).toBe(new Set(row.values).size > 1);
    }
    const os = c.groups.flatMap((g) => g.rows).find((x) => x.name === 'Operativni sistem')!;
    expect(os.differs).toBe(true);
    expect(os.values[0]).toMatch(/Android/);
    expect(os.values[1]).toMatch(/iOS/);
    expect(c.groups.find((g) => g.rows.includes(os))!.differs).toBe(true);
    const fiveG = c.groups.flatMap((g) => g.rows).find((x) => x.name === '5G')!;
    expect(fiveG).toMatchObject({ values: ['Da', 'Da'], differs: false });
    // English names, the same shape
    const e = (await compare('SAMSUNG_GALAXY_A56,APPLE_IPHONE_16', en)).json() as Comparison;
    expect(e.groups.map((g) => g.name)).toContain('Display');
  });

  it('one phone alone differs nowhere', async () => {
    const c = (await compare('APPLE_IPHONE_16')).json() as Comparison;
    expect(c.products).toHaveLength(1);
    expect(c.groups.every((g) => !g.differs && g.rows.every((r) => !r.differs))).toBe(true);
  });

  it('refuses a fourth phone, a non-phone and an unknown code with a clear message in the shopper\'s language', async () => {
    const four = await compare('SAMSUNG_GALAXY_A56,APPLE_IPHONE_16,APPLE_IPHONE_16_PRO,SAMSUNG_GALAXY_S25');
    expect(four.statusCode).toBe(400);
    expect(four.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Možeš da porediš najviše 3 uređaja.' });
    const fourEn = await compare('SAMSUNG_GALAXY_A56,APPLE_IPHONE_16,APPLE_IPHONE_16_PRO,SAMSUNG_GALAXY_S25', en);
    expect(fourEn.json().errors[0].message).toBe('You can compare at most 3 devices.');
    const tariff = await compare('SAMSUNG_GALAXY_A56,ORBITA_MAX_M');
    expect(tariff.statusCode).toBe(400);
    expect(tariff.json().errors[0].message).toContain('ORBITA_MAX_M');
    const unknown = await compare('NO_SUCH_PHONE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].type).toBe('UnknownIdentifierError');
    for (const bad of [',,,', 'A B', '']) {
      const r = await compare(bad);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().errors[0].type).toBe('ValidationError');
    }
  });

  const suggest = async (term: string, max?: number) => {
    const r = await sr.call('GET', `${SUGGEST}?term=${encodeURIComponent(term)}${max ? `&max=${max}` : ''}`);
    return r;
  };

  it('suggests products whose name or brand holds every typed word, names starting with the text first', async () => {
    const r = await suggest('galaxy s');
    expect(r.statusCode).toBe(200);
    const s = r.json() as { term: string; suggestions: Array<{ code: string; name: string; url: string; kind: string }> };
    expect(s.term).toBe('galaxy s');
    expect(s.suggestions.length).toBeGreaterThan(0);
    expect(s.suggestions.length).toBeLessThanOrEqual(6);
    for (const x of s.suggestions) expect(x.name.toLowerCase()).toMatch(/galaxy/);
    expect(s.suggestions[0].name.toLowerCase()).toMatch(/^samsung galaxy s/);
    expect(s.suggestions.every((x) => x.url.startsWith('/'))).toBe(true);
    const brand = (await suggest('samsung', 3)).json() as { suggestions: Array<{ kind: string }> };
    expect(brand.suggestions).toHaveLength(3);
    const tariffs = (await suggest('orbita max')).json() as { suggestions: Array<{ kind: string; url: string }> };
    expect(tariffs.suggestions.some((x) => x.kind === 'TARIFF' && x.url.startsWith('/Privatni/Tarife/'))).toBe(true);
    expect(((await suggest('zzzz nothing')).json() as { suggestions: unknown[] }).suggestions).toEqual([]);
  });

  it('bounds the term and the count', async () => {
    expect((await suggest('a'.repeat(101))).statusCode).toBe(400);
    expect((await suggest('galaxy', 11)).statusCode).toBe(400);
    expect((await sr.call('GET', SUGGEST)).statusCode).toBe(400);
  });

  it('banners: the content components of a list with their webPosition, in one content slot', async () => {
    const CMS = '/hybris/ecommerce/b2c/v1/cms/components';
    type Slots = { contentSlots: { contentSlot: Array<{ components: { component: Array<{ uid: string; webPosition: number; headline: string; url: string | null }> } }> } };
    const r = await sr.call('GET', `${CMS}?categoryCode=telefoni`);
    expect(r.statusCode).toBe(200);
    const list = (r.json() as Slots).contentSlots.contentSlot[0].components.component;
    expect(list.map((b) => b.webPosition)).toEqual([6, 15]);
    expect(list.every((b) => b.url?.startsWith('/'))).toBe(true);
    const home = ((await en.call('GET', `${CMS}?categoryCode=home`)).json() as Slots).contentSlots.contentSlot[0].components.component;
    expect(home[0].headline).toBe('Travelling? Take a roaming add-on');
    const one = ((await sr.call('GET', `${CMS}?categoryCode=telefoni&componentIds=${list[1].uid}`)).json() as Slots).contentSlots.contentSlot[0].components.component;
    expect(one.map((b) => b.uid)).toEqual([list[1].uid]);
    expect(((await sr.call('GET', `${CMS}?categoryCode=tarife`)).json() as Slots).contentSlots.contentSlot[0].components.component).toEqual([]);
    expect((await sr.call('GET', `${CMS}?categoryCode=NO!`)).statusCode).toBe(400);
  });
});
