// @vitest-environment node
// Edge caching (issue 25): the catalogue and document GETs are shared answers (no bearer needed, ETag + 304,
// Cache-Control public with s-maxage and stale-while-revalidate, a Vary naming what they depend on, never a
// Set-Cookie); personal answers are private; the shop page holds nothing of the session and is shared too; an
// answer's ETag changes when a product in it changes and not when another one does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Customer, drivers, PATHS, Shopper, startApp, type Harness } from './helpers';
import { guardSharedAnswers } from '../../server/lib/edge-cache';

const B = '/hybris/ecommerce/b2c/v1';
/** One address of every shared catalogue GET (server/catalog/routes.ts PUBLIC_CATALOG_GETS). */
const SHARED: Record<string, string> = {
  productSearch: `${B}/products/search?categoryCode=telefoni`,
  productDetails: `${B}/products/single?productCode=APPLE_IPHONE_16`,
  productSpecification: `${B}/products/single/specification?productCode=APPLE_IPHONE_16`,
  productReferences: `${B}/products/references?productCode=APPLE_IPHONE_16&referenceType=ACCESSORIES&pageSize=100`,
  productCompare: `${B}/products/compare?productCodes=${encodeURIComponent('SAMSUNG_GALAXY_A56,APPLE_IPHONE_16')}`,
  productSuggestions: `${B}/products/suggestions?term=samsung`,
  cmsComponents: `${B}/cms/components?categoryCode=telefoni`,
  cmsComponent: `${B}/cms/component?componentId=noStockPopup`,
  addonHierarchy: `${B}/addons/hierarchy?categoryCode=roming`,
  roamingCountries: `${B}/addons/roaming/countries`,
  ottServices: `${B}/ott?categoryCode=digitalni-servisi`,
};
const DOCS = ['/ui/manifest', '/ui/messages/sr', '/ui/messages/en', '/ui/screens/main'];
const PLP = '/Privatni/Uredjaji/Tip-uredjaja/telefoni';
const INDEX = '<!doctype html>\n<html lang="sr-Latn"><head><title>Prodavnica</title></head><body><div id="root"></div></body></html>';

function expectShared(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers.etag, what).toMatch(/^(W\/)?"[^"]+"$/);
  const cc = String(res.headers['cache-control']);
  expect(cc, what).toMatch(/^public\b/);
  expect(cc, what).toMatch(/\bmax-age=\d+/);
  expect(cc, what).toMatch(/\bs-maxage=[1-9]\d*/);
  expect(cc, what).toMatch(/\bstale-while-revalidate=[1-9]\d*/);
  expect(cc, what).not.toMatch(/private|no-store|no-cache/);
  expect(res.headers['set-cookie'], what).toBeUndefined();
}

const varyOf = (res: LightMyRequestResponse) => String(res.headers.vary).toLowerCase().split(/\s*,\s*/).sort();

describe.each(drivers)('edge caching on %s', (_name, url) => {
  let h: Harness;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'edge-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    // a build without the server renderer (ssrDir points nowhere): the page is the index with its boot data
    h = await startApp(url, { distDir: dist, ssrDir: join(dist, 'no-ssr') } as never);
  }, 120_000);
  afterAll(async () => { await h?.close(); rmSync(dist, { recursive: true, force: true }); });

  const get = (path: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url: path, headers });

  it('every catalogue GET answers without a bearer token, shared, with an ETag that a 304 honours', async () => {
    for (const [name, path] of Object.entries(SHARED)) {
      const res = await get(path, { lang: '1' });
      expectShared(res, name);
      expect(String(res.headers['cache-control'])).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=60');
      // the language comes from the lang header here: the answer varies on it (and on the encoding), not on cookies
      expect(varyOf(res), name).toEqual(['accept-encoding', 'lang']);
      const etag = res.headers.etag as string;
      const again = await get(path, { lang: '1', 'if-none-match': etag });
      expect(again.statusCode, name).toBe(304);
      expect(again.body, name).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(String(again.headers['cache-control'])).toMatch(/^public\b/);
      // weak comparison (the validator without its W/), a list, and `*` match; another validator does not
      expect((await get(path, { lang: '1', 'if-none-match': `"other", ${etag.replace(/^W\//, '')}` })).statusCode, name).toBe(304);
      expect((await get(path, { lang: '1', 'if-none-match': '*' })).statusCode, name).toBe(304);
      const changed = await get(path, { lang: '1', 'if-none-match': '"not-this-one"' });
      expect(changed.statusCode, name).toBe(200);
      expect(changed.body).toBe(res.body);
      // the same answer with any bearer — valid, forged or expired — and with a session cookie: the token is not read
      const s = await new Shopper(h.app).login();
      for (const authorization of [`Bearer ${s.token}`, 'Bearer forged.token.value', 'Basic Zm9vOmJhcg==']) {
        const withToken = await get(path, { lang: '1', authorization, cookie: s.cookie });
        expectShared(withToken, `${name} with ${authorization.slice(0, 12)}`);
        expect(withToken.headers.etag).toBe(etag);
        expect(withToken.body).toBe(res.body);
      }
    }
  });

  it('a catalogue GET keeps its answer as bytes only, not the objects they were made from; an answer kept before is used', async () => {
    const code = 'SAMSUNG_GALAXY_A56';
    const path = `${B}/products/single?productCode=${code}`;
    const first = await get(path, { lang: '1' });
    expect(first.statusCode).toBe(200);
    const cat = await h.app.ctx.catalog.current();
    expect(cat.answers.get(`json|sr|${path}`)).toBeDefined();
    expect(cat.answers.get(`details|sr|${code}`), 'the details object is not kept beside its bytes').toBeUndefined();
    // the same answer from the bytes; the details a page's first view asks for directly are kept as before
    expect((await get(path, { lang: '1' })).body).toBe(first.body);
    const { productDetails } = await import('../../server/catalog/details');
    const direct = productDetails(cat, code, 'sr');
    expect(cat.answers.get(`details|sr|${code}`)).toBe(direct);
    // a route answer computed after that (another address of the same product) reads the kept object
    const other = `${B}/products/single?productCode=${code}&fields=FULL`;
    expect((await get(other, { lang: '1' })).statusCode).toBe(200);
    expect(cat.answers.get(`details|sr|${code}`)).toBe(direct);
  });

  it('home services, TV channels and guide, address lookups and stores are shared answers too: no bearer, ETag, 304', async () => {
    // a street number of a seeded street (its code comes from the streets lookup)
    const streets = (await get(`${B}/users/homeaddresses/streets?municipalityCode=80438&localityCode=80438-1`)).json().streets as Array<{ code: string }>;
    expect(streets.length).toBeGreaterThan(0);
    const numbers = `${B}/users/homeaddresses/streetnumbers?municipalityCode=80438&streetCode=${encodeURIComponent(streets[0].code)}`;
    const addressCode = ((await get(numbers)).json().streetnumbers as Array<{ tisAddressCode: string }>)[0]?.tisAddressCode;
    expect(addressCode).toBeTruthy();
    /** path → does the answer come in the request's language (Vary: lang) */
    const PUBLIC_DATA: Array<[string, boolean]> = [
      [`${B}/products/hierarchy`, true],
      [`${B}/products/hierarchy?categoryCode=televizija`, true],
      [`${B}/products/service?productCode=NET_500`, true],
      [`${B}/tv/channels?packageCode=TV_START`, false],
      [`${B}/tv/epg`, true],
      [`${B}/users/homeaddresses/municipalities`, false],
      [`${B}/users/homeaddresses/locations?municipalityCode=80438`, false],
      [`${B}/users/homeaddresses/streets?municipalityCode=80438&localityCode=80438-1`, false],
      [numbers, false],
      [`${B}/users/gpon/address/check?addressCode=${encodeURIComponent(addressCode)}`, true],
      [`${B}/stores`, true],
      [`${B}/stores?pickup=true`, true],
    ];
    const s = await new Shopper(h.app).login();
    for (const [path, localized] of PUBLIC_DATA) {
      const res = await get(path, { lang: '1' });
      expectShared(res, path);
      expect(String(res.headers['cache-control'])).toBe('public, max-age=60, s-maxage=60, stale-while-revalidate=60');
      expect(varyOf(res), path).toEqual(localized ? ['accept-encoding', 'lang'] : ['accept-encoding']);
      const etag = res.headers.etag as string;
      const again = await get(path, { lang: '1', 'if-none-match': etag });
      expect(again.statusCode, path).toBe(304);
      expect(again.body, path).toBe('');
      expect((await get(path, { lang: '1', 'if-none-match': '"not-this-one"' })).body, path).toBe(res.body);
      // the specification's bearer stays accepted (and is not read): a valid or forged one gets the same bytes
      for (const authorization of [`Bearer ${s.token}`, 'Bearer forged.token.value']) {
        const withToken = await get(path, { lang: '1', authorization, cookie: s.cookie });
        expectShared(withToken, `${path} with a token`);
        expect(withToken.headers.etag, path).toBe(etag);
        expect(withToken.body, path).toBe(res.body);
      }
      if (localized) expect((await get(path, { lang: '2' })).headers.etag, `${path} in English`).not.toBe(etag);
    }
    // a bad query is an error in the user's language, never shared
    const bad = await get(`${B}/tv/channels?packageCode=NET_500`, { lang: '1' });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['cache-control']).toBe('private, no-store');
  });

  it('the language: a header or ?lang= make their own shared answer; without either the cookie decides and the answer varies on it', async () => {
    const path = SHARED.productDetails!;
    const sr = await get(path, { lang: '1' });
    const en = await get(path, { lang: '2' });
    expectShared(en, 'en');
    expect(en.headers.etag).not.toBe(sr.headers.etag);
    expect((await get(path, { lang: '2', 'if-none-match': sr.headers.etag as string })).statusCode).toBe(200);
    // ?lang=en is in the address (the cache key): varies on the header, which would override it
    const query = await get(`${path}&lang=en`);
    expectShared(query, 'query');
    expect(varyOf(query)).toEqual(['accept-encoding', 'lang']);
    expect(query.body).toBe(en.body);
    // neither: the b2c_enFlow cookie decides, so the answer says it varies on Cookie (shared by cookie-less requests)
    const bare = await get(path);
    expectShared(bare, 'bare');
    expect(varyOf(bare)).toEqual(['accept-encoding', 'cookie', 'lang']);
    expect(bare.body).toBe(sr.body);
    const cookieEn = await get(path, { cookie: 'b2c_enFlow=true' });
    expect(varyOf(cookieEn)).toContain('cookie');
    expect(cookieEn.body).toBe(en.body);
  });

  it('an unknown product or a bad query is not a shared answer', async () => {
    const unknown = await get(`${B}/products/single?productCode=NO_SUCH_PHONE`, { lang: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('private, no-store');
    expect(unknown.headers.etag).toBeUndefined();
    const bad = await get(`${B}/products/references?productCode=APPLE_IPHONE_16&referenceType=NOPE`, { lang: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('private, no-store');
  });

  it('UI documents are shared answers with their ETag; a 304 honours it', async () => {
    for (const path of DOCS) {
      const res = await get(path);
      expectShared(res, path);
      expect(String(res.headers['cache-control'])).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
      expect(varyOf(res)).toEqual(['accept-encoding']);
      expect((await get(path, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
    }
  });

  it('personal answers stay private: token, cart, full cart, user info, sign-in', async () => {
    const token = await get(PATHS.token);
    expect(String(token.headers['cache-control'])).toMatch(/^(private, )?no-store$/);
    expect(token.headers['set-cookie']).toBeDefined();
    const c = await new Customer(h.app).login();
    for (const path of [PATHS.cart, PATHS.fullCart, '/hybris/selfcare/b2c/v1/user/info']) {
      const res = await c.call('GET', path);
      expect(String(res.headers['cache-control']), path).toMatch(/\bno-store\b/);
      expect(String(res.headers['cache-control']), path).not.toMatch(/public|s-maxage/);
      expect(res.headers.etag, path).toBeUndefined();
    }
    const signIn = await c.signIn('kupac@orbita.rs');
    expect(signIn.statusCode).toBe(200);
    expect(String(signIn.headers['cache-control'])).toMatch(/no-store/);
    expect(String(signIn.headers['cache-control'])).not.toMatch(/public/);
  });

  it('the shop page holds nothing of the session: the same shared answer for a guest and a signed-in customer', async () => {
    const anon = await get(PLP);
    expectShared(anon, 'page');
    expect(String(anon.headers['cache-control'])).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(varyOf(anon)).toEqual(['accept-encoding', 'cookie', 'lang']);
    expect(anon.headers['content-type']).toMatch(/text\/html/);
    expect((await get(PLP, { 'if-none-match': anon.headers.etag as string })).statusCode).toBe(304);
    const c = await new Customer(h.app).login();
    await c.authorize('kupac@orbita.rs');
    const signedIn = await get(PLP, { cookie: c.cookie });
    expectShared(signedIn, 'signed-in page');
    expect(signedIn.headers.etag).toBe(anon.headers.etag);
    expect(signedIn.body).toBe(anon.body);
    expect(signedIn.body).not.toMatch(/kupac@orbita\.rs|marko\.petrovic/);
    expect(signedIn.body).not.toContain(c.cookie.split('=')[1]);
    expect(signedIn.body).not.toContain(c.token);
  });

  it('the page varies on the language cookie and the cookie choice only; the language cookie is set on a private answer', async () => {
    const sr = await get(PLP);
    const en = await get(PLP, { cookie: 'b2c_enFlow=true' });
    expectShared(en, 'en page');
    expect(en.headers.etag).not.toBe(sr.headers.etag);
    expect(en.body).toMatch(/<html lang="en"/);
    // an address asking for English sets the cookie when the request lacks it: that answer is not shared
    const first = await get(`${PLP}?lang=en`);
    expect(first.statusCode).toBe(200);
    expect(String(first.headers['set-cookie'])).toMatch(/^b2c_enFlow=true;/);
    expect(String(first.headers['cache-control'])).toMatch(/^private\b/);
    expect(String(first.headers['cache-control'])).not.toMatch(/public/);
    // with the cookie already there: shared, nothing set, the same page
    const later = await get(`${PLP}?lang=en`, { cookie: 'b2c_enFlow=true' });
    expectShared(later, 'en page again');
    expect(later.headers.etag).toBe(first.headers.etag);
    // a cookie choice changes the page (the banner), and another cookie (a session) does not
    const chose = await get(PLP, { cookie: 'b2c_consent=necessary' });
    expectShared(chose, 'chosen');
    expect((await get(PLP, { cookie: 'sid=abc; other=1' })).headers.etag).toBe(sr.headers.etag);
  });

  it('a page answer compressed for the browser keeps the ETag of its content; a 304 skips the body', async () => {
    const br = await get(PLP, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe((await get(PLP)).headers.etag);
    const nm = await get(PLP, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
    expect(nm.statusCode).toBe(304);
    expect(nm.headers['content-encoding']).toBeUndefined();
  });
});

describe('a Set-Cookie never rides on a shared answer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const Fastify = (await import('fastify')).default;
    app = Fastify();
    await app.register((await import('@fastify/cookie')).default);
    guardSharedAnswers(app, ['/api/']);
    app.get('/api/public', async (_req, reply) => { void reply.setCookie('x', '1').header('Cache-Control', 'public, max-age=60'); return { ok: true }; });
    app.get('/api/mine', async (_req, reply) => { void reply.setCookie('x', '1'); return { ok: true }; });
    app.get('/elsewhere', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => { await app.close(); });

  it('drops the cookie of a public answer, makes an API answer without a policy private, leaves the rest', async () => {
    const pub = await app.inject({ method: 'GET', url: '/api/public' });
    expect(pub.headers['set-cookie']).toBeUndefined();
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    const mine = await app.inject({ method: 'GET', url: '/api/mine' });
    expect(String(mine.headers['set-cookie'])).toMatch(/^x=1/);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).headers['cache-control']).toBeUndefined();
  });
});

describe('the ETag follows the products in the answer', () => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(undefined); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const etag = async (path: string) => {
    const res = await h.app.inject({ method: 'GET', url: path, headers: { lang: '1' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return { etag: res.headers.etag as string, body: res.body };
  };
  const A56 = `${B}/products/single?productCode=SAMSUNG_GALAXY_A56`;
  const IPHONE = SHARED.productDetails!;
  const PHONES = SHARED.productSearch!;
  const TARIFFS = `${B}/products/search?categoryCode=tarife`;
  const ROAMING = SHARED.roamingCountries!;

  /** Changes the catalogue in SQL (as an order, a payment callback or an operator would) and lets the model see it. */
  async function change(statement: ReturnType<typeof sql>): Promise<void> {
    await h.database.db.execute(statement);
    h.app.ctx.catalog.invalidate();
    await h.app.ctx.catalog.current();
  }

  it('a stock change of one phone changes the ETag of its details and of the list holding it, and no other', async () => {
    const before = { a56: await etag(A56), iphone: await etag(IPHONE), phones: await etag(PHONES), tariffs: await etag(TARIFFS), roaming: await etag(ROAMING) };
    const revision = (await h.app.ctx.catalog.current()).revision;
    // every colour of the A56 sold out (was in stock): the details and the list show it
    await change(sql`update stock set level = 0 where variant_code like 'SAMSUNG_GALAXY_A56_%'`);
    expect((await h.app.ctx.catalog.current()).revision).not.toBe(revision);
    const after = { a56: await etag(A56), iphone: await etag(IPHONE), phones: await etag(PHONES), tariffs: await etag(TARIFFS), roaming: await etag(ROAMING) };
    expect(after.a56.etag).not.toBe(before.a56.etag);
    expect(after.a56.body).toMatch(/outOfStock/);
    expect(after.phones.etag).not.toBe(before.phones.etag);
    // answers without the A56 keep their validator: a client or a cache revalidating them gets a 304
    expect(after.iphone.etag).toBe(before.iphone.etag);
    expect(after.tariffs.etag).toBe(before.tariffs.etag);
    expect(after.roaming.etag).toBe(before.roaming.etag);
    const nm = await h.app.inject({ method: 'GET', url: IPHONE, headers: { lang: '1', 'if-none-match': before.iphone.etag } });
    expect(nm.statusCode).toBe(304);
    const stale = await h.app.inject({ method: 'GET', url: A56, headers: { lang: '1', 'if-none-match': before.a56.etag } });
    expect(stale.statusCode).toBe(200);
  });

  it('a price change of one phone changes the ETag of its details and of the list, and not of another phone', async () => {
    const before = { a56: await etag(A56), iphone: await etag(IPHONE), phones: await etag(PHONES) };
    // the one-off price 1,000 RSD up (as /dev/catalog/price does it): the plan's charge and every bundle price
    await change(sql`update charge_entries set price = price + 100000 where charge_type = 'ONE_TIME_CHARGE'
      and price_plan_id in (select id from price_plans where product_code = 'SAMSUNG_GALAXY_A56')`);
    await change(sql`update device_prices set one_time_price = one_time_price + 100000 where device_code = 'SAMSUNG_GALAXY_A56'`);
    const after = { a56: await etag(A56), iphone: await etag(IPHONE), phones: await etag(PHONES) };
    expect(after.a56.etag).not.toBe(before.a56.etag);
    expect(after.phones.etag).not.toBe(before.phones.etag);
    expect(after.iphone.etag).toBe(before.iphone.etag);
  });
});
