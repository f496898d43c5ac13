// @vitest-environment node
// The site search's pages (GET pageSearch, seed 001 §7 /Google/SearchBySegment; server/ui/page-search.ts): the screens
// that declare "search" are found by title, description and keywords, with or without the Serbian letters, in the
// request's language; the products' search reaches the prepaid packs too (category "sve").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, startApp, type Harness } from './helpers';

const PAGES = '/hybris/ecommerce/b2c/v1/Google/SearchBySegment';

describe('site search of pages', () => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(undefined); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const pages = async (query: string, lang?: '2') => {
    const r = await h.app.inject({ method: 'GET', url: `${PAGES}?query=${encodeURIComponent(query)}`, headers: lang ? { lang } : {} });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { query: string; results: Array<{ title: string; description: string; url: string }> };
  };

  it('finds what shoppers type that is not a product: roaming, top-up, bill payment, a digital service', async () => {
    expect((await pages('roming')).results[0]).toMatchObject({ title: 'Roming', url: '/dodaci/roming' });
    expect((await pages('dopuna')).results.map((p) => p.url)).toContain('/Privatni/Mobilna/Pripejd/Dopuni-kredit');
    expect((await pages('deezer')).results.map((p) => p.url)).toEqual(['/Digitalni-servisi']);
    const pripejd = (await pages('pripejd')).results.map((p) => p.url);
    expect(pripejd[0]).toBe('/Privatni/Mobilna/Pripejd'); // the title's match first
    expect(pripejd).toEqual(expect.arrayContaining(['/Privatni/Mobilna/Pripejd/Dopuni-kredit', '/Privatni/Mobilna/Pripejd/Registracija-pripejd-broja']));
  });

  it('with or without the Serbian letters, every word from its start, in any case', async () => {
    const withLetters = (await pages('Plaćanje računa')).results.map((p) => p.url);
    expect(withLetters).toEqual(['/placanje-racuna']);
    expect((await pages('placanje racuna')).results.map((p) => p.url)).toEqual(withLetters);
    expect((await pages('PLAĆ RAČ')).results.map((p) => p.url)).toEqual(withLetters);
    expect((await pages('tv vodic')).results.map((p) => p.url)).toEqual(['/Tv-kanali/tv-vodic']);
    expect((await pages('roming xyzzy')).results).toEqual([]); // every word must be found
  });

  it('answers in the request\'s language with that language\'s texts', async () => {
    const en = await pages('roaming', '2');
    expect(en.results[0]).toMatchObject({ url: '/dodaci/roming' });
    expect(en.results[0].description).toMatch(/travel/);
    expect((await pages('roaming')).results[0].description).toMatch(/putovanja/); // the Serbian keywords know the English word
  });

  it('is public and shared (ETag, 304), and refuses an empty or too long text with 400', async () => {
    const r = await h.app.inject({ method: 'GET', url: `${PAGES}?query=roming` });
    expect(r.headers['cache-control']).toMatch(/^public/);
    const again = await h.app.inject({ method: 'GET', url: `${PAGES}?query=roming`, headers: { 'if-none-match': String(r.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await h.app.inject({ method: 'GET', url: `${PAGES}?query=` })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: `${PAGES}?query=${'a'.repeat(101)}` })).statusCode).toBe(400);
  });

  it('the products\' site search (category "sve") finds the prepaid packs', async () => {
    const r = await h.app.inject({ method: 'GET', url: `${PATHS.search}?categoryCode=sve&query=pripejd&pageSize=20` });
    const codes = (r.json().products as Array<{ code: string }>).map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['ORBITA_PREPAID_START', 'ORBITA_PREPAID_NET', 'ORBITA_PREPAID_MAX', 'ORBITA_PREPAID_ESIM']));
  });
});
