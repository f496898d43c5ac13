// @vitest-environment node
// The submit language's conditional calls and written values (tools/schemas/form-bindings.ts): a call's "when" makes
// the fields go to the calls made, so the checker proves each set of calls that can be made (the calls without "when",
// with each call that has one); a "when" reads places of the stores; a "with" may write a value, proven against the
// body; a conversion's output may follow the field's own limits (base64); a map may move the whole form ("").
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck, type SchemaError } from '../../../tools/schemas/index';
import { FAKE_VOCABULARY, validTree, writeTree, type Tree } from './fixture';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const API: Tree = {
  'api/paths.json': {
    addA: { method: 'POST', path: '/a', body: 'shop.json#/$defs/ABody', response: 'shop.json#/$defs/Ok' },
    addB: { method: 'POST', path: '/b', body: 'shop.json#/$defs/BBody', response: 'shop.json#/$defs/Ok' },
    signIn: { method: 'POST', path: '/sign-in', body: 'shop.json#/$defs/SignInBody', response: 'shop.json#/$defs/Ok' },
    saveInfo: { method: 'POST', path: '/info', body: 'shop.json#/$defs/InfoBody', response: 'shop.json#/$defs/Ok' },
  },
  'api/shop.json': {
    $id: 'shop.json',
    $defs: {
      Ok: { type: 'object' },
      ABody: { type: 'object', additionalProperties: false, required: ['msisdn', 'code'], properties: { msisdn: { type: 'string', maxLength: 20 }, code: { type: 'string', maxLength: 12 } } },
      BBody: { type: 'object', additionalProperties: false, required: ['line', 'code'], properties: { line: { type: 'string', maxLength: 20 }, code: { type: 'string', maxLength: 12 } } },
      SignInBody: { type: 'object', additionalProperties: false, required: ['userId', 'secret'], properties: { userId: { type: 'string', maxLength: 40 }, secret: { type: 'string', maxLength: 256 }, remember: { type: 'boolean' } } },
      InfoBody: { type: 'object', additionalProperties: false, required: ['info'], properties: { info: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } } } },
    },
  },
};
const VOCABULARY = { ...FAKE_VOCABULARY, stores: { selfcare: { request: { kind: true, number: true } }, ui: { forms: true } } };

const when = (kind: string) => ({ scope: '/selfcare/request', schema: { type: 'object', required: ['kind'], properties: { kind: { const: kind } } } });
type Call = Record<string, unknown>;

/** A form with one field "code" (or the given data schema) and the given calls. */
async function check(submit: Call | Call[], schema: unknown = { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 6 } } }): Promise<SchemaError[]> {
  const t = { ...validTree(), ...API } as Tree;
  t['forms/code.json'] = { $schema: '../meta/form.schema.json', id: 'code', version: 1, schema, submit };
  const { schemasDir, cleanup } = await writeTree(t, VOCABULARY as typeof FAKE_VOCABULARY);
  cleanups.push(cleanup);
  return (await loadAndCheck(schemasDir)).errors;
}

const A = { call: 'addA', when: when('A'), with: { '/msisdn': { $bind: '/selfcare/request/number' } } };
const B = { call: 'addB', when: when('B'), with: { '/line': { $bind: '/selfcare/request/number' } } };

describe('conditional calls ("when")', () => {
  it('a field no map names goes to the first call made: each conditional call is proven as that call', async () => {
    expect(formatErrors(await check([A, B]))).toBe('');
  });

  it('a call without "when" is made always: the field goes to it, and the other call\'s required code is reached by nothing', async () => {
    const errors = (await check([A, { ...B, when: undefined }])).map((e) => e.message);
    expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/the body of "(addA|addB)" requires "\/code", which no field of the form reaches/)]));
  });

  it('a field looser than the body of any call it may reach is an error, said once per call', async () => {
    const errors = await check([A, B], { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 14 } } });
    expect(errors.map((e) => e.message).sort()).toEqual([
      expect.stringMatching(/field "\/code" is looser than the body of "addA".*maxLength 14 is looser than the body's 12/),
      expect.stringMatching(/field "\/code" is looser than the body of "addB".*maxLength 14 is looser than the body's 12/),
    ]);
  });

  it('a "when" whose scope is no place of the stores is an error at the scope, with a did-you-mean', async () => {
    const e = await check([{ ...A, when: { scope: '/selfcare/requst', schema: { type: 'object' } } }, B]);
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ pointer: '/submit/0/when/scope', suggestion: '/selfcare/request' });
  });
});

describe('written values, the whole form mapped, a conversion proven by the field\'s limits', () => {
  const login = (password: Record<string, unknown>, remember: unknown = false) => check(
    { call: 'signIn', map: { '/email': '/userId', '/password': '/secret' }, convert: { '/password': 'base64' }, with: { '/remember': { value: remember } } },
    { type: 'object', required: ['email', 'password'], properties: { email: { type: 'string', maxLength: 40 }, password: { type: 'string', ...password } } },
  );

  it('base64 of a field of at most 48 characters fits 256; of 64 (4 bytes a character) it does not; without maxLength neither', async () => {
    expect(formatErrors(await login({ maxLength: 48 }))).toBe('');
    expect((await login({ maxLength: 64 }))[0].message).toMatch(/what its conversion "base64" makes: maxLength 344 is looser than the body's 256/);
    expect((await login({}))[0].message).toMatch(/maxLength \(none\) is looser than the body's 256/);
  });

  it('a written value must fit the body\'s place', async () => {
    const e = await login({ maxLength: 48 }, 'yes');
    expect(e).toHaveLength(1);
    expect(e[0]).toMatchObject({ pointer: '/submit/with/~1remember/value' });
    expect(e[0].message).toMatch(/the value "yes" does not fit the body of "signIn" at "\/remember"/);
  });

  it('"" maps the whole form into a group of the body', async () => {
    const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } };
    expect(formatErrors(await check({ call: 'saveInfo', map: { '': '/info' } }, schema))).toBe('');
    expect((await check({ call: 'saveInfo' }, schema)).map((e) => e.message)).toEqual(expect.arrayContaining([expect.stringMatching(/field "\/name" does not reach the request body of "saveInfo"/)]));
  });
});
