// @vitest-environment node
/** The meta-schemas themselves: the spec constants they repeat, and the editor-help variant. */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addApiSchema, createAjv } from '../../../tools/schemas/ajv';
import { CONDITION_KEYWORDS, STEP_PATHS } from '../../../tools/schemas/spec';
import { buildVocabularySchema } from '../../../tools/schemas/vocabulary-schema';
import { FAKE_VOCABULARY, REAL_SCHEMAS, validTree } from './fixture';
import { parseWithPositions, JsonSyntaxError } from '../../../tools/schemas/jsonpos';
import { suggest } from '../../../tools/schemas/suggest';
import type { Screen } from '../../../schemas/types/screen';

/** A meta-schema as these tests read it: the JSON Schema keywords they look at, nested. */
interface MetaSchema {
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  markdownEnumDescriptions?: string[];
  properties?: Record<string, MetaSchema>;
  $defs?: Record<string, MetaSchema>;
  items?: MetaSchema | boolean;
  additionalProperties?: MetaSchema | boolean;
}

async function meta(name: string): Promise<MetaSchema> {
  return JSON.parse(await readFile(join(REAL_SCHEMAS, 'meta', name), 'utf8'));
}

describe('meta-schemas', () => {
  it('flow.schema.json lists exactly the step codes and checkout types of the specification', async () => {
    const flow = await meta('flow.schema.json');
    expect(flow.$defs!.step.properties!.code.enum).toEqual(Object.keys(STEP_PATHS));
    expect(flow.$defs!.step.properties!.code.markdownEnumDescriptions).toHaveLength(Object.keys(STEP_PATHS).length);
    // the checkout types are declared once, in the API schema both the flows and the rules point to
    expect(flow.properties!.checkoutType.$ref).toBe('../api/common.json#/$defs/CheckoutType');
    expect((await meta('rule.schema.json')).$defs!.checkoutType.$ref).toBe('../api/common.json#/$defs/CheckoutType');
    const common = JSON.parse(await readFile(join(REAL_SCHEMAS, 'api', 'common.json'), 'utf8')) as MetaSchema;
    // seed 001 §3 "Cart order types"
    expect(common.$defs!.CheckoutType.enum).toEqual(['STANDALONE', 'GUEST', 'MOBILE', 'HOME_MOBILE', 'HOME_FIXED', 'MOBILE_PREPAID', 'MOBILE_PREPAID_GUEST']);
  });

  it('node.schema.json allows exactly the condition keywords of the evaluator', async () => {
    const node = await meta('node.schema.json');
    expect(Object.keys(node.$defs!.condition.properties!).sort()).toEqual([...CONDITION_KEYWORDS].sort());
  });

  it('every meta-schema has $id, title, description, and a description on every property', async () => {
    const missing: string[] = [];
    const walk = (s: MetaSchema | boolean | undefined, at: string) => {
      if (!s || typeof s !== 'object') return;
      if (s.properties) {
        for (const [k, v] of Object.entries(s.properties)) {
          if (v && typeof v === 'object' && typeof v.description !== 'string') missing.push(`${at}/properties/${k}`);
          walk(v, `${at}/properties/${k}`);
        }
      }
      for (const k of ['$defs', 'items', 'additionalProperties'] as const) {
        if (k === '$defs' && s.$defs) for (const [d, v] of Object.entries(s.$defs)) walk(v, `${at}/$defs/${d}`);
        else if (k !== '$defs') walk(s[k], `${at}/${k}`);
      }
    };
    for (const name of (await readdir(join(REAL_SCHEMAS, 'meta'))).filter((n) => n.endsWith('.schema.json'))) {
      const s = await meta(name);
      expect(s.$id, name).toMatch(/^https:\/\//);
      expect(typeof s.title, name).toBe('string');
      expect(typeof s.description, name).toBe('string');
      walk(s, name);
    }
    expect(missing).toEqual([]);
  });

  it('the editor-help vocabulary schema accepts a valid tree and flags unknown names', async () => {
    const ajv = createAjv();
    const messages: Record<string, { sr?: unknown; en?: unknown }> = {};
    const tree = validTree() as Record<string, Record<string, unknown>> & { 'screens/pdp.json': Screen };
    for (const [k, v] of Object.entries(tree['messages/sr.json'])) if (k !== '$schema') messages[k] = { sr: v, en: tree['messages/en.json'][k] };
    ajv.addSchema(buildVocabularySchema(FAKE_VOCABULARY, messages));
    for (const name of (await readdir(join(REAL_SCHEMAS, 'meta'))).filter((n) => n.endsWith('.schema.json'))) ajv.addSchema(await meta(name));
    addApiSchema(ajv, JSON.parse(await readFile(join(REAL_SCHEMAS, 'api', 'common.json'), 'utf8')));
    const kindOf = (file: string) => ({ screens: 'screen', modals: 'modal', forms: 'form', flows: 'flow', messages: 'messages' })[file.split('/')[0]]!;
    for (const [file, json] of Object.entries(tree)) {
      const validate = ajv.getSchema(`https://telekom-shop.local/schemas/meta/${kindOf(file)}.schema.json`)!;
      expect(validate(json), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const screen = ajv.getSchema('https://telekom-shop.local/schemas/meta/screen.schema.json')!;
    const bad = structuredClone(tree['screens/pdp.json']);
    bad.body[0].component = 'PriceTg';
    expect(screen(bad)).toBe(false);
    const badKey = structuredClone(tree['screens/pdp.json']);
    badKey.title!.message = 'no.such.key';
    expect(screen(badKey)).toBe(false);
    const badProp = structuredClone(tree['screens/pdp.json']);
    badProp.body[0].props!.size = 'huge';
    expect(screen(badProp)).toBe(false);
    const badEvent = structuredClone(tree['screens/pdp.json']);
    badEvent.body[1].on = { hover: { action: 'nav.go', args: { to: '/' } } };
    expect(screen(badEvent)).toBe(false);
  });
});

describe('position-tracking JSON parser', () => {
  it('maps pointers to lines and columns, keys included', () => {
    const { data, pointers } = parseWithPositions('{\n  "a": [1,\n    {"b/c": true}]\n}');
    expect(data).toEqual({ a: [1, { 'b/c': true }] });
    expect(pointers.get('/a/1/b~1c')).toEqual({ value: { line: 3, column: 13 }, key: { line: 3, column: 6 } });
  });
  it('rejects a duplicate key and single quotes with positions', () => {
    expect(() => parseWithPositions('{"a":1,\n "a":2}')).toThrowError(/appears twice/);
    try {
      parseWithPositions("{'a': 1}");
    } catch (e) {
      expect(e).toBeInstanceOf(JsonSyntaxError);
      expect((e as JsonSyntaxError).message).toMatch(/double quotes/);
      expect([(e as JsonSyntaxError).line, (e as JsonSyntaxError).column]).toEqual([1, 2]);
    }
  });
  it('says what is wrong in plain words, where it is (strict JSON: no comments, no trailing commas)', () => {
    const error = (text: string) => {
      try {
        parseWithPositions(text);
      } catch (e) {
        return `${(e as JsonSyntaxError).line}:${(e as JsonSyntaxError).column} ${(e as Error).message}`;
      }
      return 'parsed';
    };
    expect(error('{"a": [1,\n  2,]}')).toBe('2:5 a comma before "]" is not allowed in JSON (remove the last comma)');
    expect(error('{"a": 1 /* c */}')).toBe('1:9 comments are not allowed in JSON');
    expect(error('{"a":1}x')).toBe('1:8 unexpected "x" after the end of the document');
    expect(error('{"a": tru}')).toMatch(/^1:7 unexpected "t": expected a value/);
    expect(error('{"a":\n  {"b": 1, "b": 2}}')).toBe('2:12 property "b" appears twice in the same object');
    expect(error('\ufeff{"a": 1}')).toBe('parsed');
  });
});

describe('suggest', () => {
  it('offers close names only', () => {
    expect(suggest('PriceTg', ['PriceTag', 'Button'])).toBe('PriceTag');
    expect(suggest('pricetag', ['PriceTag', 'PriceTags'])).toBe('PriceTag');
    expect(suggest('Carousel', ['PriceTag', 'Button'])).toBeUndefined();
  });
});

describe('editor help for props', () => {
  it('flags an unknown prop and an unknown bind key like the checker does', async () => {
    const ajv = createAjv();
    ajv.addSchema(buildVocabularySchema(FAKE_VOCABULARY, {}));
    for (const name of (await readdir(join(REAL_SCHEMAS, 'meta'))).filter((n) => n.endsWith('.schema.json'))) ajv.addSchema(await meta(name));
    const node = ajv.getSchema('https://telekom-shop.local/schemas/meta/node.schema.json')!;
    expect(node({ component: 'PriceTag', props: { size: 'large' }, bind: { value: '/a' } })).toBe(true);
    expect(node({ component: 'PriceTag', props: { lable: 'x' } })).toBe(false);
    expect(node({ component: 'PriceTag', bind: { sise: '/a' } })).toBe(false);
  });
});
