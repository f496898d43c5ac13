// @vitest-environment node
// The store states' JSON Schemas (the files of schemas/state/, issue 28): the checker adds them to its AJV by "$id" (so a
// component's props schema can $ref a state as it does an API payload) and compiles each state, so a broken $ref is an
// error of the state file; the type generator writes one file of schemas/types/ per state file, importing the API's generated types.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAjv } from '../../../tools/schemas/ajv';
import { generateStateTypes } from '../../../tools/schemas/generate';
import { addStateSchemas } from '../../../tools/schemas/state-schemas';

const API = { $id: 'cart.json', $defs: { Item: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } } } };
const STATE = {
  $id: 'state.shop.json',
  $defs: {
    ShopState: {
      type: 'object', additionalProperties: false, required: ['items', 'busy'],
      properties: { items: { type: 'array', items: { $ref: 'cart.json#/$defs/Item' } }, busy: { type: 'boolean' }, timer: { $ref: '#/$defs/Timer' } },
    },
    Timer: { type: 'object', required: ['seconds'], properties: { seconds: { type: 'integer' } } },
  },
};

let dir = '';
afterEach(async () => { if (dir) await rm(dir, { recursive: true, force: true }); dir = ''; });

/** A schemas/ folder with cart.json in api/ and the given files in state/. */
async function tree(state: Record<string, unknown>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'state-schemas-'));
  const root = join(dir, 'schemas');
  await mkdir(join(root, 'api'), { recursive: true });
  await mkdir(join(root, 'state'));
  await writeFile(join(root, 'api', 'cart.json'), JSON.stringify(API));
  for (const [name, json] of Object.entries(state)) await writeFile(join(root, 'state', name), JSON.stringify(json, null, 2));
  return root;
}

async function check(state: Record<string, unknown>) {
  const root = await tree(state);
  const ajv = createAjv();
  ajv.addSchema(API);
  return { ajv, errors: await addStateSchemas(ajv, root) };
}

describe('store state schemas (schemas/state)', () => {
  it('a valid file: a props schema $refs its state by $id, and the state $refs the API payload', async () => {
    const { ajv, errors } = await check({ 'shop.json': STATE });
    expect(errors).toEqual([]);
    const props = ajv.compile({ type: 'object', properties: { state: { anyOf: [{ $ref: 'state.shop.json#/$defs/ShopState' }, { type: 'null' }] } } });
    expect(props({ state: { items: [{ code: 'A' }], busy: false } })).toBe(true);
    expect(props({ state: { items: [{}], busy: false } })).toBe(false);
    expect(props({ state: null })).toBe(true);
  });

  it('reports a wrong $id, a key beside $defs and a $ref that leads nowhere, in the state file', async () => {
    const { errors } = await check({
      'a.json': { ...STATE, $id: 'shop.json' },
      'b.json': { $id: 'state.b.json', properties: {}, $defs: { S: { type: 'object' } } },
      'c.json': { $id: 'state.c.json', $defs: { S: { type: 'object', properties: { x: { $ref: 'cart.json#/$defs/Nope' } } } } },
    });
    expect(errors.map((e) => [e.file, e.pointer])).toEqual([
      ['schemas/state/a.json', '/$id'],
      ['schemas/state/b.json', '/properties'],
      ['schemas/state/c.json', '/$defs/S'],
    ]);
    expect(errors[0].message).toContain('"state.a.json"');
    expect(errors[2].message).toContain('cart.json#/$defs/Nope');
  });

  it('generates schemas/types/state.<store>.ts with the API payload as its generated type', async () => {
    const root = await tree({ 'shop.json': STATE });
    const files = await generateStateTypes(root);
    expect([...files.keys()]).toEqual(['schemas/types/state.shop.ts']);
    const ts = files.get('schemas/types/state.shop.ts') ?? '';
    expect(ts).toContain("import type * as ApiCart from './api.cart';");
    expect(ts).toMatch(/export interface ShopState \{\s+items: ApiCart\.Item\[\];\s+busy: boolean;\s+timer\?: Timer;\s+\}/);
    expect(ts).toMatch(/export interface Timer \{/);
  });
});
