// @vitest-environment node
// The studio's routes (server/studio): 403 unless a staff session on a development server; live validation of a
// draft with line/column/pointer; save refused for an invalid set, written for a valid one; the SSE stream of
// document changes. The development app runs on a temporary copy of schemas/ — the real folder is never written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { DEMO_PASSWORD } from '../../server/db/seed/users';
import { UiDocuments } from '../../server/ui/documents';
import { readFixtureStates } from '../../server/studio/routes';
import { GATEWAY_SECRET, PATHS, SCHEMAS_DIR, Shopper } from './helpers';

const AUTHORIZE = '/selfcare/b2c/user/authorize';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Signs in (or stays anonymous) and keeps the rotated `sid` cookie, as the browser does. */
async function visitor(app: FastifyInstance, userId?: string): Promise<Shopper> {
  const s = await new Shopper(app).login();
  if (!userId) return s;
  const res = await s.call('POST', AUTHORIZE, { userId, encodedPassword: b64(DEMO_PASSWORD), rememberMe: false });
  expect(res.statusCode).toBe(200);
  const sid = res.cookies.find((c) => c.name === 'sid');
  s.cookie = `sid=${sid!.value}`;
  const t = await app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: s.cookie } });
  s.token = t.json().data.token;
  return s;
}

/** A browser request of the studio: the cookie only (no bearer token), like a page load or the studio's fetches. */
function browser(app: FastifyInstance, s: Shopper, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'sr') {
  return app.inject({ method, url, payload: payload as never, headers: { cookie: s.cookie, accept: 'text/html,application/json', 'accept-language': lang } });
}

let database: Database;
let dev: FastifyInstance;
let prod: FastifyInstance;
let tmp: string;
let schemasDir: string;
let staff: Shopper;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'studio-test-'));
  schemasDir = join(tmp, 'schemas');
  cpSync(SCHEMAS_DIR, schemasDir, { recursive: true });
  const distDir = join(tmp, 'dist');
  mkdirSync(join(distDir, 'studio'), { recursive: true });
  writeFileSync(join(distDir, 'studio', 'index.html'), '<!doctype html><title>Studio</title><div id="studio-root"></div>');
  writeFileSync(join(distDir, 'studio', 'preview.html'), '<!doctype html><title>Studio</title><div id="studio-preview-root"></div>');
  database = await openDatabase({ memory: true });
  await seedIfEmpty(database.db);
  dev = await buildApp({ db: database.db, dev: true, schemasDir, distDir, ui: await UiDocuments.load(schemasDir, { strict: false }), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000 });
  prod = await buildApp({ db: database.db, schemasDir, distDir, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, ui: await UiDocuments.load(schemasDir, { strict: false }) });
  await dev.ready();
  await prod.ready();
  staff = await visitor(dev, 'staff@orbita.rs');
}, 60_000);

afterAll(async () => {
  await dev?.close();
  await prod?.close();
  await database?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('who may use the studio', () => {
  it('refuses an anonymous visitor with 403: a localized page and a JSON error', async () => {
    const anon = await visitor(dev);
    const page = await browser(dev, anon, 'GET', '/studio');
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Studio je dostupan samo prijavljenim zaposlenima.');
    const api = await browser(dev, anon, 'GET', '/studio/api/documents');
    expect(api.statusCode).toBe(403);
    expect(api.json().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'notStaff' });
  });

  it('refuses a signed-in customer without the staff role, also through the bearer token', async () => {
    const customer = await visitor(dev, 'kupac@orbita.rs');
    expect((await browser(dev, customer, 'GET', '/studio')).statusCode).toBe(403);
    const api = await customer.call('POST', '/studio/api/check', { file: 'schemas/forms/guest.json', text: '{}' });
    expect(api.statusCode).toBe(403);
    expect(api.json().errors[0].type).toBe('ForbiddenError');
  });

  it('refuses staff on a production server with 403 (reason production), in English when asked', async () => {
    const s = await visitor(prod, 'staff@orbita.rs');
    const page = await prod.inject({ method: 'GET', url: '/studio', headers: { cookie: `${s.cookie}; b2c_enFlow=true`, accept: 'text/html', lang: '2' } });
    expect(page.statusCode).toBe(403);
    const api = await s.call('GET', '/studio/api/documents');
    expect(api.statusCode).toBe(403);
    expect(api.json().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'production' });
    expect((await s.call('POST', '/studio/api/save', { file: 'schemas/forms/guest.json', text: '{}' })).statusCode).toBe(403);
  });

  it('serves the page and the list of every document to staff on a development server', async () => {
    const page = await browser(dev, staff, 'GET', '/studio');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('studio-root');
    const res = await browser(dev, staff, 'GET', '/studio/api/documents');
    expect(res.statusCode).toBe(200);
    const files = (res.json().documents as Array<{ file: string; kind: string; version: number | null }>).map((d) => d.file);
    for (const f of ['schemas/screens/home.json', 'schemas/modals/guest-or-login.json', 'schemas/forms/guest.json', 'schemas/flows/guest.json', 'schemas/messages/sr.json']) {
      expect(files).toContain(f);
    }
    const source = await browser(dev, staff, 'GET', '/studio/api/source?file=schemas%2Fforms%2Fguest.json');
    expect(source.json().text).toBe(readFileSync(join(schemasDir, 'forms', 'guest.json'), 'utf8'));
    expect((await browser(dev, staff, 'GET', '/studio/api/source?file=..%2Fpackage.json')).statusCode).toBe(400);
  });

  it('serves the editor the JSON Schema of a kind, self-contained; staff only', async () => {
    const res = await browser(dev, staff, 'GET', '/studio/api/schema?kind=screens');
    expect(res.statusCode).toBe(200);
    const schema = res.json() as { title: string; properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect(schema.title).toBe('Screen');
    expect(Object.keys(schema.properties)).toContain('route');
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(['meta:node', 'meta:vocabulary']));
    expect(res.body).not.toMatch(/"\$ref":"(?!#)/); // every $ref points inside the document
    expect((await browser(dev, staff, 'GET', '/studio/api/schema?kind=..%2Fpackage')).statusCode).toBe(400);
    expect((await browser(dev, await visitor(dev, 'kupac@orbita.rs'), 'GET', '/studio/api/schema?kind=screens')).statusCode).toBe(403);
  });
});

describe('live validation', () => {
  it('answers no errors for the document as it is', async () => {
    const text = readFileSync(join(schemasDir, 'forms', 'guest.json'), 'utf8');
    const res = await browser(dev, staff, 'POST', '/studio/api/check', { file: 'schemas/forms/guest.json', text });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors.filter((e: { file: string }) => e.file === 'schemas/forms/guest.json')).toEqual([]);
  });

  it('opens and checks the rule documents (cart limits, checkout types …) like every other kind', async () => {
    const list = await browser(dev, staff, 'GET', '/studio/api/documents');
    expect((list.json().documents as Array<{ file: string; kind: string }>)).toContainEqual(expect.objectContaining({ file: 'schemas/rules/cart-limits.json', kind: 'rules' }));
    const source = await browser(dev, staff, 'GET', '/studio/api/source?file=schemas%2Frules%2Fcart-limits.json');
    expect(source.statusCode).toBe(200);
    const text = readFileSync(join(schemasDir, 'rules', 'cart-limits.json'), 'utf8');
    expect(source.json().text).toBe(text);
    const ok = await browser(dev, staff, 'POST', '/studio/api/check', { file: 'schemas/rules/cart-limits.json', text });
    expect(ok.json().errors.filter((e: { file: string }) => e.file === 'schemas/rules/cart-limits.json')).toEqual([]);
    const broken = text.replace('"id": "cart-limits"', '"id": 5');
    const bad = await browser(dev, staff, 'POST', '/studio/api/check', { file: 'schemas/rules/cart-limits.json', text: broken });
    const errors = (bad.json().errors as Array<{ file: string; line: number; pointer: string }>).filter((e) => e.file === 'schemas/rules/cart-limits.json');
    expect(errors.some((e) => e.pointer === '/id' && e.line === text.slice(0, text.indexOf('"id": "cart-limits"')).split('\n').length)).toBe(true);
  });

  it('locates a near miss with line, column, pointer and a suggestion', async () => {
    const text = readFileSync(join(schemasDir, 'screens', 'home.json'), 'utf8');
    const first = /"component": "([A-Za-z]+)"/.exec(text)!;
    const broken = text.replace(first[0], `"component": "${first[1].slice(0, -1)}"`);
    const line = text.slice(0, first.index).split('\n').length;
    const res = await browser(dev, staff, 'POST', '/studio/api/check', { file: 'schemas/screens/home.json', text: broken });
    const errors = res.json().errors as Array<{ file: string; line: number; column: number; pointer: string; message: string; suggestion?: string }>;
    const e = errors.find((x) => x.file === 'schemas/screens/home.json' && x.suggestion === first[1]);
    expect(e).toBeDefined();
    expect(e!.line).toBe(line);
    expect(e!.column).toBeGreaterThan(0);
    expect(e!.pointer).toMatch(/\/component$/);
    expect(e!.message).toContain(first[1].slice(0, -1));
  });

  it('reports a JSON syntax error at its line and column', async () => {
    const res = await browser(dev, staff, 'POST', '/studio/api/check', { file: 'schemas/forms/guest.json', text: '{\n  "id": "guest",\n  "version": 1,,\n}' });
    const e = (res.json().errors as Array<{ file: string; line: number; column: number; message: string }>).find((x) => x.file === 'schemas/forms/guest.json');
    expect(e).toMatchObject({ line: 3, pointer: '' });
    expect(e!.column).toBeGreaterThan(1);
  });
});

/** Reads the SSE stream until a `documents` event arrives. */
async function nextDocumentsEvent(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<{ changes: Array<{ path: string; version: number | null }> }> {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buffer += decoder.decode(value, { stream: true });
    const m = /event: documents\ndata: (.*)\n\n/.exec(buffer);
    if (m) return JSON.parse(m[1]);
  }
}

describe('save', () => {
  const file = 'schemas/forms/guest.json';
  const onDisk = () => readFileSync(join(schemasDir, 'forms', 'guest.json'), 'utf8');

  it('refuses an invalid draft with the checker errors and leaves the file as it was', async () => {
    const before = onDisk();
    const broken = before.replace('"ui:title": "checkout.guest.customerData"', '"ui:title": "checkout.guest.customerDta"');
    expect(broken).not.toBe(before);
    const res = await browser(dev, staff, 'POST', '/studio/api/save', { file, text: broken });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ type: 'ValidationError', reason: 'schemaErrors' });
    expect(res.json().schemaErrors.some((e: { suggestion?: string }) => e.suggestion === 'checkout.guest.customerData')).toBe(true);
    expect(onDisk()).toBe(before);
  });

  it('writes a valid draft, and the development server announces the change on /ui/events', async () => {
    const address = await dev.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${address}/ui/events`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body!.getReader();

    const doc = JSON.parse(onDisk());
    // a tighter limit on a field the form submits (a new field must reach its call's body: tools/schemas/form-bindings.ts)
    doc.schema.properties.customerData.properties.firstName.maxLength = 30;
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    const res = await fetch(`${address}/studio/api/save`, { method: 'POST', headers: { cookie: staff.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ file, text }) });
    expect(res.status).toBe(200);
    expect(onDisk()).toBe(text);

    const event = await nextDocumentsEvent(reader);
    expect(event.changes).toContainEqual({ path: 'forms/guest', version: doc.version });
    const served = await fetch(`${address}/ui/forms/guest`).then((r) => r.json());
    expect(served.schema.properties.customerData.properties.firstName.maxLength).toBe(30);
    await reader.cancel();
  }, 20_000);

  it('answers 204 on /ui/events in production (EventSource does not reconnect)', async () => {
    const res = await prod.inject({ method: 'GET', url: '/ui/events' });
    expect(res.statusCode).toBe(204);
  });
});

describe('the preview frame and the fixture states', () => {
  it('serves the preview page to staff only; this origin may frame it, nothing may frame the studio page', async () => {
    const preview = await browser(dev, staff, 'GET', '/studio/preview');
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('studio-preview-root');
    const csp = String(preview.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    // otherwise the studio's CSP: scripts of this origin only, no eval
    expect(csp).toContain("script-src 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    const studio = await browser(dev, staff, 'GET', '/studio');
    expect(String(studio.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(studio.headers['content-security-policy']).replace("frame-ancestors 'none'", "frame-ancestors 'self'")).toBe(csp);
    const anon = await browser(dev, await visitor(dev), 'GET', '/studio/preview');
    expect(anon.statusCode).toBe(403);
    expect(anon.body).not.toContain('studio-preview-root');
    expect((await browser(dev, await visitor(dev, 'kupac@orbita.rs'), 'GET', '/studio/preview')).statusCode).toBe(403);
  });

  it('serves the fixture-state matrix (which states change which document) to staff only', async () => {
    const res = await browser(dev, staff, 'GET', '/studio/api/fixture-states');
    expect(res.statusCode).toBe(200);
    const matrix = JSON.parse(readFileSync(join(SCHEMAS_DIR, '..', 'tests', 'snapshots', 'fixture-states.json'), 'utf8')) as { fixtures: string[]; documents: Record<string, { states: string[] }> };
    const body = res.json() as { fixtures: string[]; documents: Record<string, { states: string[] }> };
    expect(body.fixtures).toEqual(matrix.fixtures);
    expect(Object.keys(body.documents).sort()).toEqual(Object.keys(matrix.documents).sort());
    expect(body.documents['form/guest']).toEqual({ states: matrix.documents['form/guest']!.states });
    expect(body.documents['screen/main']!.states[0]).toBe('empty-cart');
    expect((await browser(dev, await visitor(dev), 'GET', '/studio/api/fixture-states')).statusCode).toBe(403);
  });

  it('reads a missing or malformed matrix as an empty one (the state select is then one list)', () => {
    expect(readFixtureStates(join(tmp, 'none.json'))).toEqual({ fixtures: [], documents: {} });
    writeFileSync(join(tmp, 'bad.json'), '{ not json');
    expect(readFixtureStates(join(tmp, 'bad.json'))).toEqual({ fixtures: [], documents: {} });
    writeFileSync(join(tmp, 'odd.json'), JSON.stringify({ fixtures: ['a', 3], documents: { 'form/x': { states: ['a', null] }, 'form/y': { states: [] }, 'form/z': {} } }));
    expect(readFixtureStates(join(tmp, 'odd.json'))).toEqual({ fixtures: ['a'], documents: { 'form/x': { states: ['a'] } } });
  });
});

describe('validators of draft forms', () => {
  it('compiles a draft data schema to a module the preview imports', async () => {
    const res = await browser(dev, staff, 'POST', '/studio/api/validator', { schema: { type: 'object', properties: { company: { type: 'string', maxLength: 3 } } } });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/studio\/api\/validators\/[\w-]+\.js$/);
    const mod = await browser(dev, staff, 'GET', url);
    expect(mod.statusCode).toBe(200);
    expect(mod.headers['content-type']).toMatch(/text\/javascript/);
    expect(mod.body).toContain('export default');
    expect((await browser(dev, await visitor(dev), 'GET', url)).statusCode).toBe(403);
  });
});
