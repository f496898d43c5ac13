// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile, copyFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectVocabulary, serializeVocabulary, VocabularyError } from '../../../tools/schemas/vocabulary';
import { generateTypes, GENERATED_HEADER } from '../../../tools/schemas/generate';
import { REAL_SCHEMAS } from './fixture';

const roots: string[] = [];
afterEach(async () => {
  while (roots.length) await rm(roots.pop()!, { recursive: true, force: true });
});

async function repo(files: Record<string, string | object>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'vocab-'));
  roots.push(root);
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

const action = (name: string) => `export default { name: '${name}', description: 'Does ${name}.', args: { type: 'object', properties: { x: { type: 'string' } } }, run() {} };\n`;

describe('vocabulary', () => {
  it('collects components and actions, normalizes events and skips stores/, api/ and tests', async () => {
    const root = await repo({
      'components/b/Zeta.meta.json': { name: 'Zeta', description: 'Z.', props: { type: 'object', properties: { a: { type: 'string' } } }, events: ['click'], children: true },
      'components/a/Alpha.meta.json': { name: 'Alpha', description: 'A.', events: { open: 'opened' } },
      'actions/cart/add.ts': action('cart.add'),
      'actions/ui/modals.ts': `export default [${action('ui.openModal').replace('export default ', '').replace(';\n', '')}, ${action('ui.closeModal').replace('export default ', '').replace(';\n', '')}];\n`,
      'actions/ui/modals.test.ts': 'throw new Error("a test file must not be imported");\n',
      'actions/stores/cart.ts': 'throw new Error("stores must not be imported");\n',
      'actions/api/client.ts': 'throw new Error("api must not be imported");\n',
      'actions/define.ts': 'throw new Error("define.ts must not be imported");\n',
    });
    const { vocabulary, warnings } = await collectVocabulary(root);
    expect(warnings).toEqual([]);
    expect(Object.keys(vocabulary.components)).toEqual(['Alpha', 'Zeta']);
    expect(vocabulary.components.Zeta).toEqual({ description: 'Z.', props: { type: 'object', properties: { a: { type: 'string' } } }, events: { click: '' }, children: true });
    expect(vocabulary.components.Alpha).toEqual({ description: 'A.', props: { type: 'object', properties: {} }, events: { open: 'opened' }, children: false });
    expect(Object.keys(vocabulary.actions)).toEqual(['cart.add', 'ui.closeModal', 'ui.openModal']);
    expect(vocabulary.actions['cart.add'].description).toBe('Does cart.add.');
    // stable output: sorted keys, one trailing newline
    expect(serializeVocabulary(vocabulary)).toBe(serializeVocabulary(JSON.parse(serializeVocabulary(vocabulary))));
  });

  it('fails on a name that differs from the file name and on duplicate actions', async () => {
    const root = await repo({
      'components/a/Alpha.meta.json': { name: 'Alfa', description: 'A.' },
      'actions/cart/add.ts': action('cart.add'),
      'actions/cart/add2.ts': action('cart.add'),
    });
    const err = await collectVocabulary(root).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VocabularyError);
    expect((err as VocabularyError).problems).toEqual([
      'components/a/Alpha.meta.json: "name" is "Alfa" but the file is named Alpha',
      'actions/cart/add2.ts: action "cart.add" is also defined in actions/cart/add.ts',
    ]);
  });

  it('writes the places of the shop\'s state (what a $bind may read) from the stores as they start', async () => {
    const root = await repo({
      'actions/stores/index.ts': [
        'class AccountStore {',
        '  error: string | null = null; code = { sentAt: null, to: \'\' }; list: string[] = []; forms: Record<string, unknown> = {};',
        '  get sent(): boolean { return this.code.sentAt !== null; }',
        '  reset(): void { this.error = null; }',
        '}',
        'export function createStores() { return { account: new AccountStore() }; }',
      ].join('\n'),
    });
    const { vocabulary } = await collectVocabulary(root);
    // fields and getters, not methods; below a value that starts empty (null, a list, a dictionary) nothing is known
    expect(vocabulary.stores).toEqual({ account: { code: { sentAt: true, to: true }, error: true, forms: true, list: true, sent: true } });
    expect(JSON.parse(serializeVocabulary(vocabulary)).stores).toEqual(vocabulary.stores);
  });

  it('warns about missing descriptions without failing', async () => {
    const root = await repo({ 'components/a/Alpha.meta.json': { name: 'Alpha' } });
    const { warnings } = await collectVocabulary(root);
    expect(warnings).toEqual(['components/a/Alpha.meta.json: "description" is missing (editors show it as help)']);
  });
});

describe('TypeScript types', () => {
  it('are generated from the meta-schemas and API schemas with cross-file refs; the path table and a missing folder are fine', async () => {
    const root = await repo({
      'schemas/api/paths.json': { authToken: { method: 'GET', path: '/x' } },
      'schemas/api/money.json': { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://telekom-shop.local/schemas/api/money.json', title: 'Money', type: 'object', required: ['value'], properties: { value: { type: 'integer' } } },
      'schemas/api/cart.json': { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://telekom-shop.local/schemas/api/cart.json', title: 'Cart', type: 'object', properties: { total: { $ref: 'money.json' } } },
      // a collection of named payloads with no root type: every definition becomes an exported type
      // …and the checkout type the meta-schemas point to (declared once, here)
      'schemas/api/common.json': { $id: 'common.json', $defs: { Money: { type: 'object', required: ['value'], properties: { value: { type: 'number' } } }, CheckoutType: { enum: ['GUEST', 'MOBILE'] } } },
      'schemas/api/orders.json': { $id: 'https://telekom-shop.local/schemas/api/orders.json', $defs: {
        Order: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, total: { $ref: 'money.json' }, paid: { $ref: 'common.json#/$defs/Money', description: 'What was paid.' } } },
        OrderStatus: { type: 'object', properties: { status: { enum: ['PAID', 'DECLINED'] } } },
      } },
    });
    await mkdir(join(root, 'schemas', 'meta'));
    for (const n of (await readdir(join(REAL_SCHEMAS, 'meta'))).filter((x) => x.endsWith('.schema.json'))) await copyFile(join(REAL_SCHEMAS, 'meta', n), join(root, 'schemas', 'meta', n));
    const files = await generateTypes(join(root, 'schemas'));
    expect([...files.keys()].sort()).toEqual(
      ['api.cart', 'api.common', 'api.money', 'api.orders', 'document', 'flow', 'form', 'formats', 'fragment', 'messages', 'modal', 'node', 'rule', 'screen', 'vocabulary'].map((n) => `schemas/types/${n}.ts`),
    );
    const orders = files.get('schemas/types/api.orders.ts')!;
    expect(orders).toMatch(/export interface Order \{\s+code: string;/);
    expect(orders).toMatch(/status\?: 'PAID' \| 'DECLINED'/);
    expect(orders).toMatch(/export interface OrdersPayloads \{/);
    const cart = files.get('schemas/types/api.cart.ts')!;
    expect(cart.startsWith(GENERATED_HEADER)).toBe(true);
    expect(cart).toMatch(/export interface Cart \{\s+total\?: /);
    expect(cart).toMatch(/value: number;/);
    expect(files.get('schemas/types/flow.ts')).toMatch(/'GUEST_ORDER_INFO'/);
    // the checkout type a meta-schema takes from the API ("../api/common.json#/$defs/CheckoutType") is imported, not copied
    expect(files.get('schemas/types/flow.ts')).toMatch(/^import type \{CheckoutType as Common_CheckoutType\} from '\.\/api\.common';$/m);
    expect(files.get('schemas/types/flow.ts')).toMatch(/checkoutType: Common_CheckoutType;/);
    expect(files.get('schemas/types/api.common.ts')).toMatch(/export type CheckoutType = 'GUEST' \| 'MOBILE';/);
    // a definition several meta-schemas share is declared once, by its owner, and imported (and re-exported) by the others
    const node = files.get('schemas/types/node.ts')!;
    for (const name of ['Condition', 'TranslatedText', 'Node', 'Nodes', 'ActionCall', 'Actions', 'Value', 'JSONPointer']) {
      expect(node.match(new RegExp(`^export (type|interface) ${name}\\b`, 'gm')), name).toHaveLength(1);
    }
    expect(node).toMatch(/^export interface Node \{/m); // the root's shape once, not Node + Node1 + Node2
    expect(node).toMatch(/^import type \{\s*VocabularyActionName, VocabularyComponentName, VocabularyMessageKey\s*\} from '\.\/vocabulary';$/m);
    expect(files.get('schemas/types/vocabulary.ts')).toMatch(/^export type VocabularyMessageKey = string;$/m);
    expect(files.get('schemas/types/screen.ts')).toMatch(/^import type \{\s*ActionCall, Nodes, TranslatedText\s*\} from '\.\/node';\nexport type \{\s*ActionCall, Nodes, TranslatedText\s*\};$/m);
    expect(files.get('schemas/types/rule.ts')).toMatch(/^import type \{\s*Condition, TranslatedText\s*\} from '\.\/node';\nexport type \{\s*Condition, TranslatedText\s*\};$/m);
    const copies = /^export (type|interface) (Condition|Id|Version|TranslatedText|Node|Nodes|NodeNode|ActionCall|NodeActionCall|Actions|Value|JSONPointer|Vocabulary\w+)\b/m;
    for (const n of ['flow', 'form', 'formats', 'modal', 'rule', 'screen']) expect(files.get(`schemas/types/${n}.ts`), n).not.toMatch(copies);
    // so is an API payload another API file $refs: imported under its file's prefix (Common_Money), the alias re-exported
    expect(files.get('schemas/types/api.common.ts')).toMatch(/^export interface Money \{/m);
    expect(orders).toMatch(/^import type \{\s*Money as Common_Money\s*\} from '\.\/api\.common';\nexport type \{\s*Common_Money\s*\};$/m);
    expect(orders).toMatch(/paid\?: Common_Money;/);
    expect(orders).not.toMatch(/^export (type|interface) Common_Money\b/m);

    const noApi = await repo({});
    await mkdir(join(noApi, 'schemas', 'meta'), { recursive: true });
    await copyFile(join(REAL_SCHEMAS, 'meta', 'messages.schema.json'), join(noApi, 'schemas', 'meta', 'messages.schema.json'));
    await copyFile(join(REAL_SCHEMAS, 'meta', 'document.schema.json'), join(noApi, 'schemas', 'meta', 'document.schema.json'));
    expect([...(await generateTypes(join(noApi, 'schemas'))).keys()].sort()).toEqual(['schemas/types/document.ts', 'schemas/types/messages.ts']);
  }, 60_000);
});
