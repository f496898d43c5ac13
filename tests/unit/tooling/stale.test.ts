// @vitest-environment node
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateAll, GENERATED_HEADER } from '../../../tools/schemas/generate';
import { REPO_ROOT } from './fixture';

describe('generated schema files', () => {
  it('are up to date (else run "npm run schemas:types")', async () => {
    const { files } = await generateAll(REPO_ROOT);
    const stale: string[] = [];
    for (const [rel, content] of files) {
      const committed = await readFile(join(REPO_ROOT, rel), 'utf8').catch(() => undefined);
      if (committed !== content) stale.push(committed === undefined ? `${rel} (missing)` : rel);
    }
    for (const name of await readdir(join(REPO_ROOT, 'schemas', 'types')).catch(() => [] as string[])) {
      if (name.endsWith('.ts') && !files.has(`schemas/types/${name}`)) stale.push(`schemas/types/${name} (no longer generated)`);
    }
    expect(stale, `stale generated files — run "npm run schemas:types":\n  ${stale.join('\n  ')}`).toEqual([]);
  }, 60_000);

  it('include the types of every store state schema (schemas/state/<store>.json → schemas/types/state.<store>.ts)', async () => {
    const { files } = await generateAll(REPO_ROOT);
    const states = (await readdir(join(REPO_ROOT, 'schemas', 'state'))).filter((n) => n.endsWith('.json'));
    expect(states.length).toBeGreaterThan(0);
    for (const name of states) expect(files.has(`schemas/types/state.${name.replace(/\.json$/, '')}.ts`), name).toBe(true);
  }, 60_000);

  // issue 28: a shape is declared once. A definition one generated schema $refs from another (node's condition and
  // translated text, document's id, common.json's Money, cart.json's Cart in checkout.json) is declared only in its
  // owner's file and imported (re-exported) by the others (tools/schemas/shared-types.ts).
  it('declare each shared type once, in its owner\'s file', async () => {
    const dir = join(REPO_ROOT, 'schemas', 'types');
    const declaredIn = new Map<string, string[]>(); // type name → the generated modules that declare it
    for (const name of (await readdir(dir)).filter((n) => n.endsWith('.ts')).sort()) {
      for (const m of (await readFile(join(dir, name), 'utf8')).matchAll(/^export (?:type|interface) (\w+)\b/gm)) {
        declaredIn.set(m[1], [...(declaredIn.get(m[1]) ?? []), name.replace(/\.ts$/, '')]);
      }
    }
    const owners: Record<string, string> = {
      Condition: 'node', TranslatedText: 'node', Node: 'node', Nodes: 'node', ActionCall: 'node', Actions: 'node', Value: 'node', JSONPointer: 'node',
      Id: 'document', Version: 'document',
      VocabularyComponentName: 'vocabulary', VocabularyActionName: 'vocabulary', VocabularyMessageKey: 'vocabulary',
      Money: 'api.common', MoneyOrNull: 'api.common', Image: 'api.common', Stock: 'api.common', Cart: 'api.cart', Entry: 'api.cart', User: 'api.user',
    };
    for (const [type, owner] of Object.entries(owners)) expect(declaredIn.get(type), type).toEqual([owner]);
    // the importer's name of an API payload (Common_Money, Cart_Entry) is an alias, never a declaration; nor the old copies' names
    const aliases = [...declaredIn.keys()].filter((t) => /^(Common|Cart|Checkout|Delivery|User)_|^(NodeNode|NodeActionCall)$/.test(t));
    expect(aliases).toEqual([]);
    // the same name in two files is only allowed for different shapes (one API file's ContactBody is not another's); a copy fails
    const distinct = ['AuthorizeResponse', 'CallbackBody', 'CheckoutType', 'ContactBody', 'HierarchyQuery', 'Modal', 'Msisdn'];
    const twice = [...declaredIn].filter(([, modules]) => modules.length > 1).map(([type, modules]) => `${type}: ${modules.join(', ')}`);
    expect(twice.filter((t) => !distinct.includes(t.split(':')[0]))).toEqual([]);
  });

  it('mark every generated TypeScript file as generated', async () => {
    const { files } = await generateAll(REPO_ROOT);
    const ts = [...files].filter(([rel]) => rel.endsWith('.ts'));
    expect(ts.length).toBeGreaterThanOrEqual(6);
    for (const [, content] of ts) expect(content.startsWith(GENERATED_HEADER)).toBe(true);
  }, 60_000);
});
