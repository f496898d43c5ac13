// @vitest-environment node
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../server/db/index';
import { buildApp } from '../../server/app';
import { SchemaSetError, UiDocuments } from '../../server/ui/documents';
import { loadUi, SCHEMAS_DIR } from './helpers';
import type { FastifyInstance } from 'fastify';

describe('UI documents and the shop shell', () => {
  let database: Database;
  let app: FastifyInstance;
  let noDist: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/ecommerce/dist/assets/app.js"></script>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("shop")');
    database = await openDatabase({ memory: true });
    const ui = await loadUi();
    app = await buildApp({ db: database.db, ui, distDir: dist });
    noDist = await buildApp({ db: database.db, ui, distDir: join(dist, 'missing') });
  }, 120_000);
  afterAll(async () => { await app?.close(); await noDist?.close(); await database?.close(); rmSync(dist, { recursive: true, force: true }); });

  it('serves flows with an ETag of id@version-hash and answers 304 to If-None-Match', async () => {
    const r = await app.inject({ method: 'GET', url: '/ui/flows/guest' });
    expect(r.statusCode).toBe(200);
    // the same for everyone: a shared answer, revalidated by browsers (tests/server/edge-cache.test.ts)
    expect(r.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    const etag = String(r.headers.etag);
    expect(etag).toMatch(/^"guest@\d+-[A-Za-z0-9_-]+"$/);
    expect(r.json().checkoutType).toBe('GUEST');
    const again = await app.inject({ method: 'GET', url: '/ui/flows/guest', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app.inject({ method: 'GET', url: '/ui/flows/guest', headers: { 'if-none-match': '"guest@0-old"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the manifest, messages per language and 404/400 for unknown or bad ids', async () => {
    const m = await app.inject({ method: 'GET', url: '/ui/manifest' });
    expect(m.statusCode).toBe(200);
    const manifest = m.json();
    expect(manifest.versions['flows/guest']).toBeGreaterThanOrEqual(1);
    expect(manifest.versions['messages/sr']).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(manifest.routes)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/ui/manifest', headers: { 'if-none-match': String(m.headers.etag) } })).statusCode).toBe(304);
    const sr = await app.inject({ method: 'GET', url: '/ui/messages/sr' });
    expect(sr.json()['validation.required']).toBe('Ovo polje je obavezno.');
    expect((await app.inject({ method: 'GET', url: '/ui/messages/en' })).json()['validation.required']).toBe('This field is mandatory.');
    expect((await app.inject({ method: 'GET', url: '/ui/messages/de' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/ui/screens/no-such-screen' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/ui/screens/..%2Fsecret' })).statusCode).toBe(400);
  });

  it('refuses a schema set with errors, naming file and pointer', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'schemas-'));
    try {
      cpSync(SCHEMAS_DIR, broken, { recursive: true });
      writeFileSync(join(broken, 'flows', 'guest.json'), '{ "$schema": "../meta/flow.schema.json", "id": "guest", "version": 1, "steps": [ }');
      const err = await UiDocuments.load(broken).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SchemaSetError);
      expect((err as SchemaSetError).errors.some((e) => e.file.endsWith('flows/guest.json'))).toBe(true);
      await expect(buildApp({ db: database.db, schemasDir: broken })).rejects.toBeInstanceOf(SchemaSetError);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('answers index.html for shop pages, built assets under the base path, JSON 404 for API paths', async () => {
    for (const path of ['/', '/Pregled-b2c', '/Privatni/Uredjaji/Tip-uredjaja/telefoni', '/kupovina/podaci-dostava?x=1']) {
      const r = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(r.statusCode, path).toBe(200);
      expect(r.body).toContain('<div id="root">');
    }
    const js = await app.inject({ method: 'GET', url: '/assets/ecommerce/dist/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('shop');
    const api = await app.inject({ method: 'GET', url: '/hybris/ecommerce/b2c/v1/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].type).toBe('NotFoundError');
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // the JSON API: the headers that protect an API (OWASP REST), not a document's
    const token = await app.inject({ method: 'GET', url: '/selfcare/b2c/auth/token' });
    expect(token.statusCode).toBe(200);
    for (const res of [api, token]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'cross-origin-resource-policy': 'same-origin' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(res.headers['x-xss-protection']).toBeUndefined();
    }
    // the payment gateway's pages are documents: the whole set
    expect(String((await app.inject({ method: 'GET', url: '/gateway/pay/nothing' })).headers['content-security-policy'])).toContain("form-action 'self'");
  });

  it('says to run npm run build when dist/ is missing', async () => {
    const r = await noDist.inject({ method: 'GET', url: '/Pregled-b2c', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('npm run build');
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const search = doc.paths['/hybris/ecommerce/b2c/v1/products/search'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['categoryCode', 'page', 'pageSize', 'sort']));
    // @fastify/swagger names each shared definition "<file>-<name>" among the components
    expect(search.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/catalog-SearchResult');
    expect(doc.components.schemas['catalog-SearchResult'].properties).toBeTruthy();
    expect(search.responses['4XX'].content['application/json'].schema.$ref).toBe('#/components/schemas/common-ErrorResponse');
    expect(doc.paths['/hybris/ecommerce/b2c/v1/users/orders'].post.requestBody).toBeTruthy();
  });

  it('in development reloads edited documents and keeps the last good set when an edit breaks it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-watch-'));
    cpSync(SCHEMAS_DIR, dir, { recursive: true });
    const ui = await UiDocuments.load(dir);
    const errors: string[] = [];
    await ui.watch({ info: () => {}, error: (m) => errors.push(m) }).ready; // chokidar has read the folder
    try {
      const file = join(dir, 'flows', 'guest.json');
      const flow = JSON.parse(readFileSync(file, 'utf8'));
      const v = ui.get('flow', 'guest')!.version;
      writeFileSync(file, JSON.stringify({ ...flow, version: v + 1 }, null, 2));
      await vi.waitFor(() => expect(ui.get('flow', 'guest')!.version).toBe(v + 1), { timeout: 15_000, interval: 100 });
      writeFileSync(file, '{ "broken": ');
      await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
      expect(errors[0]).toContain('flows/guest.json');
      expect(ui.get('flow', 'guest')!.version).toBe(v + 1);
    } finally {
      ui.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
