// The shop page carries its first view (server/ui/page.ts): boot data for its screen, escaped; the lazy chunks
// it uses as modulepreload; and the built assets are served precompressed with immutable caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { buildApp } from '../../server/app';
import { jsonForScript } from '../../server/ui/page';
import type { BootData } from '../../schemas/types/api.common';
import { callKey } from '../../core/boot-data';
import searchActions from '../../actions/catalog/search';
import pdpActions from '../../actions/pdp/pdp';
import { createStores } from '../../actions/stores';
import type { ActionDef } from '../../actions/define';
import { loadUi } from './helpers';
import { validatorUrl } from '../../components/forms/rjsfValidator';
import type { RJSFSchema } from '@rjsf/utils';

const PLP = '/Privatni/Uredjaji/Tip-uredjaja/telefoni';
const INDEX = `<!doctype html>
<html lang="sr-Latn">
  <head>
    <title>Prodavnica</title>
    <script type="module" crossorigin src="/assets/ecommerce/dist/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/ecommerce/dist/assets/runtime-1.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const JS = `export const x = ${JSON.stringify('x'.repeat(4000))};\n`;

let dist: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'febuild-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  for (const f of ['main-1.js', 'runtime-1.js', 'Gallery-1.js', 'pdp-1.js', 'catalog-1.js']) writeFileSync(join(dist, 'assets', f), JS);
  writeFileSync(join(dist, 'assets', 'main-1.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dist, 'assets', 'main-1.js.gz'), gzipSync(JS));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({
    'index.html': { file: 'assets/main-1.js', isEntry: true, imports: ['_runtime-1.js'] },
    '_runtime-1.js': { file: 'assets/runtime-1.js' },
    'components/pdp/Gallery.tsx': { file: 'assets/Gallery-1.js', isDynamicEntry: true, imports: ['_runtime-1.js'], css: ['assets/Gallery-1.css'] },
    'renderer/loader.ts': { file: 'assets/loader-1.js', isEntry: true },
  }));
  writeFileSync(join(dist, '.vite', 'action-groups.json'), JSON.stringify({ pdp: ['assets/pdp-1.js', 'assets/runtime-1.js'], catalog: ['assets/catalog-1.js'] }));
  // a stand-in for the server renderer `vite build` makes (renderer/entry-server.tsx): it draws the path it was given
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'ssr', 'entry-server.js'), `export async function renderFirstView(boot, origin, cookie, opts) {
    if (boot.search.includes('utm_')) throw new Error('drawn with a parameter no screen reads: ' + boot.search);
    if (opts.beforeData) {
      // a form drawn before the data: its validator module, as the server compiled it
      const mod = await opts.validatorModule('/ui/forms/guest/validator.js?v=1');
      return '<main><h1>before data ' + boot.path + '</h1><p>' + Object.keys(mod.default).length + ' validator(s)</p></main>';
    }
    return '<main><h1>drawn ' + boot.path + ' ' + Object.keys(boot.calls).length + '</h1>' + (cookie ? '<p>' + cookie + '</p>' : '') + '</main>';
  }`);
  database = await openDatabase({ memory: true });
  await seedIfEmpty(database.db);
  app = await buildApp({ db: database.db, ui: await loadUi(), distDir: dist, ssrDir: join(dist, 'ssr'), authRateLimit: 10000 });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const html = res.body;
  const m = html.match(/<script type="application\/json" id="boot-data">([\s\S]*?)<\/script>/);
  return { res, html, boot: m ? (JSON.parse(m[1]!) as BootData) : null, block: m?.[1] ?? '' };
}

describe('shop page boot data', () => {
  it('the phone list carries the manifest, messages, screen, layout and the first product search', async () => {
    const { res, html, boot } = await page(PLP);
    expect(res.statusCode).toBe(200);
    // nothing of the session in it: a shared answer (tests/server/edge-cache.test.ts)
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(boot).not.toBeNull();
    expect(boot!.lang).toBe('sr');
    expect(boot!.path).toBe(PLP);
    expect(Object.keys(boot!.docs).sort()).toEqual(['/ui/manifest', '/ui/messages/sr', '/ui/rules/routes', '/ui/screens/main', '/ui/screens/plp-phones']);
    expect((boot!.docs['/ui/messages/sr'] as Record<string, unknown>)['error.generic']).toBe('Došlo je do greške. Pokušaj ponovo.');
    expect(boot!.actionGroups).toContain('catalog');
    // exactly the call the screen's catalog.search makes: its load takes the answer instead of fetching
    const asked: string[] = [];
    const search = (searchActions as ActionDef[]).find((a) => a.name === 'catalog.search')!;
    const catalog = { search: { params: null }, takeAppended: () => false, searchStarted(p: unknown) { this.search.params = p as never; }, searchLoaded() {}, searchFailed() {} };
    await search.run({ categoryCode: 'telefoni' }, {
      stores: { catalog } as never, scope: { route: { path: PLP, params: {}, query: {} } },
      api: { call: async (name: string, o: { query: Record<string, unknown> }) => { asked.push(callKey(name, o.query as never)); return {}; } } as never,
      navigate: () => {}, dispatch: async () => true, event: undefined,
    } as never);
    expect(asked).toHaveLength(1);
    const answer = boot!.calls[asked[0]!] as { products: Array<{ code: string }>; pagination: { pageSize: number } };
    expect(answer.products.length).toBe(20);
    expect(answer.pagination.pageSize).toBe(20);
    // the lazy catalog group is preloaded; what the entry loads itself is not repeated
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ecommerce/dist/assets/catalog-1.js">');
    expect(html.split('modulepreload" crossorigin href="/assets/ecommerce/dist/assets/runtime-1.js"').length).toBe(2); // the entry's own tag only
  });

  it('a query and page of the address give that search; English by the -eng suffix or the cookie', async () => {
    const { boot } = await page(`${PLP}/page/2?sort=price-asc`);
    expect(Object.keys(boot!.calls).sort()).toEqual([
      callKey('cmsComponents', { categoryCode: 'telefoni' }), // the list's banners (catalog.loadBanners)
      callKey('productSearch', { categoryCode: 'telefoni', sort: 'price-asc', page: 1, pageSize: 20 }),
    ]);
    const en = await page(`${PLP}-eng`);
    expect(en.boot!.lang).toBe('en');
    expect(en.boot!.path).toBe(PLP);
    expect(en.html).toMatch(/<html lang="en"/);
    expect(Object.keys(en.boot!.docs)).toContain('/ui/messages/en');
    const cookie = await page(PLP, { cookie: 'b2c_enFlow=true' });
    expect(cookie.boot!.lang).toBe('en');
    expect(cookie.res.headers.vary).toMatch(/Cookie/);
    // an address that asks for English keeps it with the page's own answer, before any script runs
    expect(en.res.headers['set-cookie']).toMatch(/^b2c_enFlow=true; Max-Age=1800; Path=\/; SameSite=Lax$/);
    const query = await page('/?lang=en');
    expect(query.boot!.lang).toBe('en');
    expect(query.res.headers['set-cookie']).toMatch(/^b2c_enFlow=true;/);
    // the cookie alone, or Serbian, sets nothing
    expect(cookie.res.headers['set-cookie']).toBeUndefined();
    expect((await page(PLP)).res.headers['set-cookie']).toBeUndefined();
  });

  it('a phone page carries the product details, preloads its picture and the lazy chunks of its screen', async () => {
    const { html, boot } = await page('/uredjaj/APPLE_IPHONE_16/ultramarine');
    const det = boot!.calls[callKey('productDetails', { productCode: 'APPLE_IPHONE_16' })] as { code: string; variants: Array<{ images: Array<{ url: string }> }> };
    expect(det.code).toBe('APPLE_IPHONE_16');
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/products/APPLE_IPHONE_16_ULTRAMARINE.svg">');
    expect(html).toContain('href="/assets/ecommerce/dist/assets/Gallery-1.js"');
    expect(html).toContain('href="/assets/ecommerce/dist/assets/pdp-1.js"');
    // exactly the calls pdp.load makes (details, then the accessories and the gift): none goes to the network
    const asked: string[] = [];
    const load = (pdpActions as ActionDef[]).find((a) => a.name === 'pdp.load')!;
    const stores = createStores();
    await load.run({}, {
      stores, scope: { route: { path: '/uredjaj/APPLE_IPHONE_16/ultramarine', params: { productCode: 'APPLE_IPHONE_16', colorCode: 'ultramarine' }, query: {} } },
      api: {
        call: async (name: string, o: { query: Record<string, unknown> }) => { const k = callKey(name, o.query as never); asked.push(k); return boot!.calls[k] ?? Promise.reject(new Error(`not in the page: ${k}`)); },
        // the documents it reads (the address it settles on is destination "pdp" of schemas/rules/routes.json) are the page's too
        getDocument: async (path: string) => boot!.docs[path] ?? Promise.reject(new Error(`not in the page: ${path}`)),
      } as never,
      navigate: () => {}, dispatch: async () => true, event: undefined,
    } as never);
    await new Promise((r) => setTimeout(r, 0));
    expect(asked.length).toBeGreaterThan(1);
    for (const k of asked) expect(Object.keys(boot!.calls)).toContain(k);
    expect(stores.catalog.pdp.accessories.length).toBeGreaterThan(0);
    // an unknown product: no data (the page's own load shows the error), still a page
    const unknown = await page('/uredjaj/NO_SUCH_PHONE');
    expect(unknown.res.statusCode).toBe(200);
    expect(unknown.boot!.calls).toEqual({});
  });

  it('a checkout step carries its form document and preloads the form\'s validator module', async () => {
    const { html, boot } = await page('/kupovina/podaci-dostava');
    const form = boot!.docs['/ui/forms/guest'] as { id: string; version: number; schema: RJSFSchema };
    expect(form.id).toBe('guest');
    const href = html.match(/<link rel="modulepreload" href="(\/ui\/forms\/guest\/validator\.js\?v=[^"]+)">/)?.[1];
    expect(href).toBe(validatorUrl('guest', form.version, form.schema)); // what the Form imports
    const mod = await app.inject({ method: 'GET', url: href!.replace(/&amp;/g, '&') });
    expect(mod.statusCode).toBe(200);
    expect(boot!.calls).toEqual({}); // the cart is the session's: never in the cache-safe page
  });

  it('a screen the boot data answers in full is drawn on the server, marked until the browser hydrates it', async () => {
    // the renderer loads in the background: until it is here, pages are drawn by the browser (never a wait)
    const before = await page(PLP);
    expect(before.html).toMatch(/<div id="root"( data-server-drawn)?>/);
    let plp = before;
    for (let i = 0; i < 100 && !plp.html.includes('<div id="root" data-server-drawn>'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      plp = await page(PLP);
    }
    expect(plp.html).toContain(`<div id="root" data-server-drawn><main><h1>drawn ${PLP} 2</h1></main></div>`);
    // parameters no screen reads are not drawn (no other visitor's parameter in drawn links, no drawing per value)
    let tagged = await page(`${PLP}?utm_source=x&sort=price-asc`);
    for (let i = 0; i < 100 && !tagged.html.includes('<div id="root" data-server-drawn>'); i++) tagged = await page(`${PLP}?utm_source=x&sort=price-asc`);
    expect(tagged.boot!.search).toBe('utm_source=x&sort=price-asc'); // the browser's boot data is the address's
    expect(tagged.html).toContain(`<div id="root" data-server-drawn><main><h1>drawn ${PLP} 2</h1></main></div>`);
    // the cookie choice reaches the renderer (it decides the cookie banner); the page travels compressed
    const chosen = await app.inject({ method: 'GET', url: PLP, headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', cookie: 'b2c_consent=necessary%3A1%7Canalytics%3A0%7Cmarketing%3A0' } });
    expect(chosen.headers['content-encoding']).toBe('br');
    expect(chosen.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(chosen.rawPayload).toString()).toContain('<p>b2c_consent=necessary%3A1%7Canalytics%3A0%7Cmarketing%3A0</p>');
    // the lazy chunks' own style sheets come with the markup they style
    const pdp = await page('/uredjaj/APPLE_IPHONE_16/ultramarine');
    expect(pdp.html).toContain('<div id="root" data-server-drawn><main><h1>drawn /uredjaj/APPLE_IPHONE_16/ultramarine');
    expect(pdp.html).toContain('<link rel="stylesheet" crossorigin href="/assets/ecommerce/dist/assets/Gallery-1.css">');
    // its scripts are fetched after its first frame, by the loader: no module tag or preload before it
    expect(pdp.html).not.toContain('<script type="module" crossorigin src="/assets/ecommerce/dist/assets/main-1.js">');
    expect(pdp.html).not.toContain('rel="modulepreload"');
    expect(pdp.html).toContain('<script type="module" crossorigin src="/assets/ecommerce/dist/assets/loader-1.js"></script>');
    const deferred = JSON.parse(pdp.html.match(/<script type="application\/json" id="deferred-modules">([\s\S]*?)<\/script>/)![1]!) as { entry: string; preload: string[] };
    expect(deferred.entry).toBe('/assets/ecommerce/dist/assets/main-1.js');
    expect(deferred.preload).toEqual(expect.arrayContaining(['/assets/ecommerce/dist/assets/runtime-1.js', '/assets/ecommerce/dist/assets/Gallery-1.js', '/assets/ecommerce/dist/assets/pdp-1.js']));
    // a screen drawn before its data ("firstView": "beforeData"): no load started, its forms with their validators
    const data = await page('/kupovina/podaci-dostava');
    expect(data.boot!.beforeData).toBe(true);
    expect(data.boot!.calls).toEqual({});
    // (the guest form's module: its own function and, for its if/then, the condition's — RJSF's precompiled map)
    expect(data.html).toMatch(/<div id="root" data-server-drawn><main><h1>before data \/kupovina\/podaci-dostava<\/h1><p>[1-9]\d* validator\(s\)<\/p><\/main><\/div>/);
    expect(data.html).toContain('<script type="module" crossorigin src="/assets/ecommerce/dist/assets/loader-1.js"></script>');
    expect(plp.boot!.beforeData).toBeUndefined();
    // a form, or a load the page cannot answer (the session's checkout), without it: the browser draws it, its
    // scripts load at once
    for (const path of ['/kupovina/pregled-placanje', '/kupovina/licni-podaci']) {
      const { html } = await page(path);
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('rel="stylesheet"');
      expect(html, path).toContain('<script type="module" crossorigin src="/assets/ecommerce/dist/assets/main-1.js"></script>');
      expect(html, path).not.toContain('deferred-modules');
    }
  });

  it('escapes what the address brings: no </script or <!-- inside the block, the JSON reads back the same', async () => {
    const evil = '</script><script>alert(1)</script><!--';
    const { block, boot, html } = await page(`${PLP}?q=${encodeURIComponent(evil)}&x=\u2028`);
    expect(block).not.toMatch(/<\/script|<!--|<script/i);
    expect(boot!.search).toContain(encodeURIComponent('</script>'));
    // only the page's own tags: the module script (or, on a server-drawn page, the loader and its list) and the data block
    const tags = html.match(/<script[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(2);
    for (const t of tags) expect(t).toMatch(/^<script type="(module" crossorigin src="\/assets\/ecommerce\/dist\/assets\/(main|loader)-1\.js"|application\/json" id="(boot-data|deferred-modules)")>$/);
    expect(JSON.parse(jsonForScript({ s: evil, l: '\u2028' }))).toEqual({ s: evil, l: '\u2028' });
  });

  it('a path no screen answers gets the not-found screen documents; API paths still answer JSON 404', async () => {
    const { boot } = await page('/nema/ovakve/stranice');
    expect(Object.keys(boot!.docs)).toContain('/ui/screens/not-found');
    const api = await app.inject({ method: 'GET', url: '/hybris/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].type).toBe('NotFoundError');
  });
});

describe('built assets', () => {
  it('are served precompressed (brotli, gzip) with immutable caching', async () => {
    const url = '/assets/ecommerce/dist/assets/main-1.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(JS.length / 10);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });
});
