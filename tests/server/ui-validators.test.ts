// @vitest-environment node
// GET /ui/forms/:id/validator.js: the form's data schema compiled by the server into a standalone ES module.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../server/db/index';
import { buildApp } from '../../server/app';
import { loadDocumentSet, UiDocuments } from '../../server/ui/documents';
import { compileFormValidator, loadFormats } from '../../server/ui/validators';
import { SCHEMAS_DIR } from './helpers';
import { expandFormIncludes } from '../../tools/schemas/form-includes';

type ValidateFn = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown> }> | null };

const readForm = (dir: string) => (id: string): unknown => JSON.parse(readFileSync(join(dir, 'forms', `${id}.json`), 'utf8'));
/** A form as the server serves it: with the fields it takes from other forms ("fieldsOf": the contract data). */
const served = (dir: string, form: unknown) => expandFormIncludes(form, readForm(dir)).json as { version: number; schema: RJSFSchema };
const guest = served(SCHEMAS_DIR, readForm(SCHEMAS_DIR)('guest'));

const good = {
  customerData: { firstName: 'Ana', lastName: 'Petrović', contactEmail: 'ana.petrovic@example.rs', contactPhone: '641234567' },
  deliveryAddress: { town: 'Beograd', postalCode: '11000', line1: 'Bulevar kralja Aleksandra', line2: '73' },
};

/** Runs the function of `schema` in `module` in a separate Node process (plain ESM from a temporary file, no bundler, no Vite) on each data item. */
function runInNode(module: string, schema: RJSFSchema, items: unknown[]): Array<{ valid: boolean; errors: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'validator-module-'));
  try {
    writeFileSync(join(dir, 'validator.mjs'), module);
    writeFileSync(join(dir, 'run.mjs'), `
      import fns from './validator.mjs';
      const validate = fns[process.argv[2]];
      if (typeof validate !== 'function') throw new Error('no function for ' + process.argv[2]);
      globalThis.Function = function () { throw new Error('eval used'); };
      const out = JSON.parse(process.argv[3]).map((d) => {
        const valid = validate(d);
        return { valid, errors: (validate.errors ?? []).map((e) => e.instancePath + ':' + e.keyword + (e.params.format ? ':' + e.params.format : '')) };
      });
      console.log(JSON.stringify(out));`);
    const stdout = execFileSync(process.execPath, [join(dir, 'run.mjs'), hashForSchema(schema), JSON.stringify(items)], { encoding: 'utf8' });
    return JSON.parse(stdout) as Array<{ valid: boolean; errors: string[] }>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('form validator modules', () => {
  let database: Database;
  let app: FastifyInstance;
  let ui: UiDocuments;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    ui = await UiDocuments.load(SCHEMAS_DIR, { strict: false });
    app = await buildApp({ db: database.db, ui, distDir: join(tmpdir(), 'no-dist-here') });
  }, 120_000);
  afterAll(async () => { await app?.close(); await database?.close(); });

  it('serves text/javascript with an ETag per form version and hash, and 304 to If-None-Match', async () => {
    const r = await app.inject({ method: 'GET', url: '/ui/forms/guest/validator.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/javascript/);
    // the same for everyone: a shared answer, revalidated by browsers (tests/server/edge-cache.test.ts)
    expect(r.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    const etag = String(r.headers.etag);
    expect(etag).toMatch(new RegExp(`^"guest\\.validator@${guest.version}-[A-Za-z0-9_-]+"$`));
    expect(etag).not.toBe(String((await app.inject({ method: 'GET', url: '/ui/forms/guest' })).headers.etag));
    const again = await app.inject({ method: 'GET', url: '/ui/forms/guest/validator.js?v=whatever', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/ui/forms/guest/validator.js', headers: { 'if-none-match': '"guest.validator@0-old"' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/ui/forms/nope/validator.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/ui/forms/Bad_Id/validator.js' })).statusCode).toBe(400);
  });

  it('is a self-contained ES module: no imports, no require, no eval', async () => {
    const body = (await app.inject({ method: 'GET', url: '/ui/forms/guest/validator.js' })).body;
    expect(body).toMatch(/export default /);
    expect(body).not.toMatch(/^\s*import\s/m);
    expect(body).not.toMatch(/\brequire\(/);
    expect(body).not.toMatch(/new Function|\beval\(/);
  });

  it('validates good and bad guest data in Node, with the custom formats and without eval', async () => {
    const body = (await app.inject({ method: 'GET', url: '/ui/forms/guest/validator.js' })).body;
    const withCustomer = (c: Record<string, string>) => ({ ...good, customerData: { ...good.customerData, ...c } });
    const [ok, empty, badEmail, forbidden, shortPhone, longPhone, zeroPhone, phone7, phone10, badPostal] = runInNode(body, guest.schema, [
      good, {}, withCustomer({ contactEmail: 'ana@example' }), withCustomer({ contactEmail: 'šana@example.rs' }),
      withCustomer({ contactPhone: '123456' }), withCustomer({ contactPhone: '12345678901' }), withCustomer({ contactPhone: '0641234567' }),
      withCustomer({ contactPhone: '1234567' }), withCustomer({ contactPhone: '6412345678' }),
      { ...good, deliveryAddress: { ...good.deliveryAddress, postalCode: '1100' } },
    ]);
    expect(ok).toEqual({ valid: true, errors: [] });
    expect(empty.valid).toBe(false);
    expect(empty.errors).toEqual([':required', ':required']);
    expect(badEmail.errors).toEqual(['/customerData/contactEmail:format:email']);
    expect(forbidden.errors).toEqual(['/customerData/contactEmail:format:email']);
    for (const bad of [shortPhone, longPhone, zeroPhone]) expect(bad.errors).toEqual(['/customerData/contactPhone:format:contactPhone']);
    expect(phone7.valid).toBe(true);
    expect(phone10.valid).toBe(true);
    expect(badPostal.errors).toEqual(['/deliveryAddress/postalCode:pattern']);
  });

  it('compiles the custom formats of schemas/formats/formats.json (seed 001 §5)', async () => {
    const formats = loadFormats(SCHEMAS_DIR);
    expect(Object.keys(formats).sort()).toEqual(['alphaSpaces', 'bankAccount', 'cannotStartWithZero', 'cmsHexColor', 'code6', 'contactPhone', 'email', 'homeLineNumber', 'jmbg', 'jmbgAdult',
      'mobileNumber', 'numeric', 'otpCode', 'password', 'prepaidNumber', 'puk', 'simSerial', 'startsWith0', 'startsWith06', 'username']);
    const schema = { type: 'object', properties: { phone: { type: 'string', format: 'contactPhone' }, mobile: { type: 'string', format: 'mobileNumber' }, email: { type: 'string', format: 'email' } } } as RJSFSchema;
    const fns = (await import('../unit/runtime/form-validators')).importModuleSource(compileFormValidator(schema, formats));
    const validate = ((await fns).default as Record<string, ValidateFn>)[hashForSchema(schema)];
    const ok = (field: string, v: string) => validate({ [field]: v });
    for (const v of ['1234567', '12345678', '123456789', '6412345678']) expect([v, ok('phone', v)]).toEqual([v, true]);
    for (const v of ['123456', '12345678901', '0641234567', '012345678', '64-123-456', '', '64 1234567']) expect([v, ok('phone', v)]).toEqual([v, false]);
    for (const v of ['064123456', '0641234567', '+38164123456', '+381641234567']) expect([v, ok('mobile', v)]).toEqual([v, true]);
    for (const v of ['06412345', '06412345678', '+3816412345', '+3816412345678', '0741234567', '+38174123456']) expect([v, ok('mobile', v)]).toEqual([v, false]);
    for (const v of ['ana.petrovic@example.rs', 'ana_p-1@mail.example.com']) expect([v, ok('email', v)]).toEqual([v, true]);
    for (const v of ['ana', 'ana@', 'ana@example', 'a b@example.rs', 'ana..p@example.rs',
      'šana@example.rs', 'đ@example.rs', 'č@example.rs', 'ć@example.rs', 'ž@example.rs', 'Ž@example.rs',
      'a/b@example.rs', 'a*b@example.rs', 'a,b@example.rs', 'a+b@example.rs', 'a=b@example.rs', 'a;b@example.rs',
      'a:b@example.rs', 'a<b@example.rs', 'a>b@example.rs', 'a~b@example.rs', 'a`b@example.rs', 'a?b@example.rs']) {
      expect([v, ok('email', v)]).toEqual([v, false]);
    }
  });

  it('speaks JSON Schema 2020-12 and inlines the AJV runtime helpers and standard formats (ajv-formats) the schema needs', async () => {
    const schema = { type: 'object', properties: { day: { type: 'string', format: 'date' }, tags: { type: 'array', uniqueItems: true, items: { type: 'object' } }, name: { type: 'string', minLength: 2 } }, dependentRequired: { day: ['name'] } } as RJSFSchema;
    const code = compileFormValidator(schema, loadFormats(SCHEMAS_DIR));
    expect(code).not.toMatch(/\brequire\(/);
    const { importModuleSource } = await import('../unit/runtime/form-validators');
    const validate = ((await importModuleSource(code)).default as Record<string, ValidateFn>)[hashForSchema(schema)];
    expect(validate({ day: '2026-11-21', tags: [{ a: 1 }, { a: 2 }], name: 'Šć' })).toBe(true);
    expect(validate({ day: '2026-13-01', tags: [{ a: 1 }, { a: 1 }], name: '😀' })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toEqual(['format', 'uniqueItems', 'minLength']);
    expect(validate({ day: '2026-11-21' })).toBe(false); // JSON Schema 2020-12 keywords
    expect(validate.errors?.map((e) => e.keyword)).toEqual(['dependentRequired']);
  });

  it('leaves text that only looks like a require() alone (a description is data, not a module)', async () => {
    const schema = { type: 'object', description: "call require('fs') or require('no-such-module')", properties: { a: { type: 'string', minLength: 1 } } } as RJSFSchema;
    const { importModuleSource } = await import('../unit/runtime/form-validators');
    const validate = ((await importModuleSource(compileFormValidator(schema, {}))).default as Record<string, ValidateFn>)[hashForSchema(schema)];
    expect(validate({ a: '' })).toBe(false);
    expect(validate({ a: 'x' })).toBe(true);
  });

  it('regenerates with the schema set: an edited form gets a new module and ETag; an unknown format refuses the set', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'schemas-validators-'));
    try {
      cpSync(SCHEMAS_DIR, copy, { recursive: true });
      const before = (await loadDocumentSet(copy, { strict: false })).docs.get('form/guest')?.validator;
      const edited = JSON.parse(readFileSync(join(copy, 'forms', 'guest.json'), 'utf8'));
      edited.version += 1;
      edited.schema.properties.deliveryAddress.properties.line2.maxLength = 4;
      writeFileSync(join(copy, 'forms', 'guest.json'), JSON.stringify(edited, null, 2));
      const after = (await loadDocumentSet(copy, { strict: false })).docs.get('form/guest')?.validator;
      expect(before && after).toBeTruthy();
      expect(after!.etag).not.toBe(before!.etag);
      expect(after!.etag).toMatch(new RegExp(`^"guest\\.validator@${edited.version}-`));
      const [r] = runInNode(after!.body, served(copy, edited).schema, [{ ...good, deliveryAddress: { ...good.deliveryAddress, line2: '12345' } }]);
      expect(r.errors).toEqual(['/deliveryAddress/line2:maxLength']);

      edited.schema.properties.customerData.properties.contactPhone.format = 'contactPhon';
      writeFileSync(join(copy, 'forms', 'guest.json'), JSON.stringify(edited, null, 2));
      await expect(loadDocumentSet(copy)).rejects.toThrow(/forms\/guest\.json.*unknown format\(s\) "contactPhon"/);
      expect((await loadDocumentSet(copy, { strict: false })).docs.get('form/guest')?.validator).toBeUndefined();
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

