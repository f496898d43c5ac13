// The shop page carries its first view (server/ui/page.ts): boot data for its screen, escaped; the lazy chunks
// it uses as modulepreload; and the built assets are served precompressed with immutable caching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { buildApp } from '../../server/app';
import { jsonForScript } from '../../server/ui/page';
import type { BootData } from '../../schemas/types/api.common';
import { callKey } from '../../core/boot-data';
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
  // a stand-in for the server renderer `vite build` makes (renderer/entry-server.tsx), with its contract: it runs "the
  // screen's load" over the API in process (opts.fetchShared: shared answers only) and gives back the markup, the calls
  // it made (key, address, headers, validator, answer), the query keys it read and the first call it could not make
  mkdirSync(join(dist, 'ssr'));
  writeFileSync(join(dist, 'ssr', 'entry-server.js'), `let drawings = 0;
  export async function renderFirstView(boot, origin, cookie, opts) {
    drawings++;
    const base = { calls: [], docs: {}, queryKeys: ['page', 'q', 'query', 'sort'], refused: null };
    if (opts.beforeData) {
      // a form drawn before the data: its validator module, as the server compiled it
      const mod = await opts.validatorModule('/ui/forms/guest/validator.js?v=1');
      return { ...base, queryKeys: [], html: '<main><h1>before data ' + boot.path + '</h1><p>' + Object.keys(mod.default).length + ' validator(s)</p></main>' };
    }
    if (boot.path.startsWith('/kupovina/')) {
      // a step's load asks for the session's cart: not a shared answer, so the browser draws the step
      const cart = '/hybris/ecommerce/b2c/v1/users/carts';
      if (await opts.fetchShared(cart + '?lang=1', { lang: '1' })) throw new Error('the cart answered as shared');
      return { ...base, html: null, refused: cart };
    }
    const headers = { lang: boot.lang === 'en' ? '2' : '1', accept: 'application/json' };
    const url = '/hybris/ecommerce/b2c/v1/products/search?categoryCode=telefoni&pageSize=20';
    const answer = await opts.fetchShared(url, headers);
    const body = JSON.parse(answer.body);
    // a phone page's load also reads a rule document the boot data does not bring: the page brings what it fetched
    const docs = {};
    if (boot.path.startsWith('/uredjaj/')) docs['/ui/rules/pdp-wizard'] = JSON.parse((await opts.fetchShared('/ui/rules/pdp-wizard', {})).body);
    return { ...base, docs, calls: [{ key: 'productSearch?categoryCode=telefoni&pageSize=20', url, headers, etag: answer.etag, body }],
      html: '<main><h1>drawn ' + boot.path + (boot.search ? '?' + boot.search : '') + '</h1><img src="' + body.products[0].images[0].url + '" fetchpriority="high" alt="">'
        + (cookie ? '<p>' + cookie + '</p>' : '') + '<p>drawing ' + drawings + '</p></main>' };
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

/** The page once the server renderer (loaded in the background after the start) has drawn it. */
async function drawn(url: string) {
  let p = await page(url);
  for (let i = 0; i < 200 && !p.html.includes('<div id="root" data-server-drawn>'); i++) {
    await new Promise((r) => setTimeout(r, 20));
    p = await page(url);
  }
  return p;
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
    // the lazy catalog group is preloaded; what the entry loads itself is not repeated
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ecommerce/dist/assets/catalog-1.js">');
    expect(html.split('modulepreload" crossorigin href="/assets/ecommerce/dist/assets/runtime-1.js"').length).toBe(2); // the entry's own tag only
  });

  it('the address and its query are the page\'s; English by the -eng suffix or the cookie', async () => {
    const { boot } = await page(`${PLP}/page/2?sort=price-asc`);
    expect(boot!.path).toBe(`${PLP}/page/2`);
    expect(boot!.search).toBe('sort=price-asc');
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

  it('a drawn page carries the answers its own load took, keyed as the browser asks them, and preloads the picture it marks', async () => {
    const plp = await drawn(PLP);
    expect(plp.res.headers['x-first-view']).toBe('server');
    const answer = plp.boot!.calls[callKey('productSearch', { categoryCode: 'telefoni', pageSize: 20 })] as { products: Array<{ code: string; images: Array<{ url: string }> }> };
    expect(answer.products).toHaveLength(20);
    expect(Object.keys(plp.boot!.calls)).toHaveLength(1);
    // the largest paint the markup marks (fetchpriority="high") is preloaded
    expect(plp.html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${answer.products[0]!.images[0]!.url}">`);
    // a phone page: its screen's lazy chunks and action group come with it (after its first frame, by the loader)
    const pdp = await drawn('/uredjaj/APPLE_IPHONE_16/ultramarine');
    const deferred = JSON.parse(pdp.html.match(/<script type="application\/json" id="deferred-modules">([\s\S]*?)<\/script>/)![1]!) as { entry: string; preload: string[] };
    expect(deferred.preload).toEqual(expect.arrayContaining(['/assets/ecommerce/dist/assets/Gallery-1.js', '/assets/ecommerce/dist/assets/pdp-1.js']));
    // the rule document its load fetched comes with it (the steps of schemas/rules/pdp-wizard.json, less the notes);
    // not the list's, whose load did not fetch it
    const wizard = pdp.boot!.docs['/ui/rules/pdp-wizard'] as { pdpSteps: Array<{ id: string; note?: string }> };
    expect(wizard.pdpSteps.map((s) => s.id)).toEqual(['choice', 'extras', 'summary']);
    expect(wizard.pdpSteps.some((s) => s.note !== undefined)).toBe(false);
    expect(Object.keys(plp.boot!.docs)).not.toContain('/ui/rules/pdp-wizard');
  });

  it('a drawing is kept while the answers it was drawn from are unchanged (a 304 each), and drawn again when one changes', async () => {
    const first = await drawn(PLP);
    const n = Number(/<p>drawing (\d+)<\/p>/.exec(first.html)![1]);
    const again = await page(PLP);
    expect(again.html).toContain(`<p>drawing ${n}</p>`);
    // every colour of the first phone sold out: the list's answer (and its ETag) changes, so the page is drawn again
    const code = (Object.values(first.boot!.calls)[0] as { products: Array<{ code: string }> }).products[0]!.code;
    await database.db.execute(sql`update stock set level = 0 where variant_code like ${`${code}_%`}`);
    app.ctx.catalog.invalidate();
    await app.ctx.catalog.current();
    const after = await page(PLP);
    expect(Number(/<p>drawing (\d+)<\/p>/.exec(after.html)![1])).toBeGreaterThan(n);
    expect(after.boot!.calls).not.toEqual(first.boot!.calls);
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

  it('a screen whose load asks only shared answers is drawn on the server, marked until the browser hydrates it; others say why not', async () => {
    // the renderer loads in the background: until it is here, pages are drawn by the browser (never a wait)
    const before = await page(PLP);
    expect(before.html).toMatch(/<div id="root"( data-server-drawn)?>/);
    const plp = await drawn(PLP);
    expect(plp.html).toMatch(new RegExp(`<div id="root" data-server-drawn><main><h1>drawn ${PLP}</h1><img [^>]+><p>drawing \\d+</p></main></div>`));
    // parameters no screen reads are not drawn (no other visitor's parameter in drawn links, no drawing per value)
    let tagged = await page(`${PLP}?utm_source=x&sort=price-asc`);
    for (let i = 0; i < 100 && !tagged.html.includes('<div id="root" data-server-drawn>'); i++) tagged = await page(`${PLP}?utm_source=x&sort=price-asc`);
    expect(tagged.boot!.search).toBe('utm_source=x&sort=price-asc'); // the browser's boot data is the address's
    expect(tagged.html).toContain(`<div id="root" data-server-drawn><main><h1>drawn ${PLP}?sort=price-asc</h1>`);
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
    expect(data.res.headers['x-first-view']).toBe('server; before-data');
    expect(data.boot!.calls).toEqual({});
    // (the guest form's module: its own function and, for its if/then, the condition's — RJSF's precompiled map)
    expect(data.html).toMatch(/<div id="root" data-server-drawn><main><h1>before data \/kupovina\/podaci-dostava<\/h1><p>[1-9]\d* validator\(s\)<\/p><\/main><\/div>/);
    expect(data.html).toContain('<script type="module" crossorigin src="/assets/ecommerce/dist/assets/loader-1.js"></script>');
    expect(plp.boot!.beforeData).toBeUndefined();
    // a form, or a load the page cannot answer (the session's checkout), without it: the browser draws it, its
    // scripts load at once
    const why = { '/kupovina/pregled-placanje': 'browser; asked=/hybris/ecommerce/b2c/v1/users/carts', '/kupovina/licni-podaci': 'browser; form' };
    for (const [path, firstView] of Object.entries(why)) {
      const { html, res } = await page(path);
      expect(res.headers['x-first-view'], path).toBe(firstView);
      expect(html, path).not.toContain('rel="preload" as="image"');
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

  it('do not include the build\'s own files (its dotfiles: the checked schema set, the stamp, the manifest)', async () => {
    writeFileSync(join(dist, '.schema-set.json'), '{"hash":"secret-of-the-build"}');
    for (const url of ['/assets/ecommerce/dist/.schema-set.json', '/assets/ecommerce/dist/.vite/manifest.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toMatch(/secret-of-the-build|isEntry/);
    }
  });
});
