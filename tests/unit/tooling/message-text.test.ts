// @vitest-environment node
// A { "message" } is a translated text wherever a prop's schema takes free text, at any depth — the renderer resolves it
// inside lists and objects too (renderer/resolve.ts) — and nowhere else (a code, a pointer, a number).
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck } from '../../../tools/schemas/index';
import { acceptMessages, MESSAGE_REF_MARK, MESSAGE_REF_SCHEMA } from '../../../tools/schemas/message-text';
import type { Vocabulary } from '../../../tools/schemas/types';
import { FAKE_VOCABULARY, validTree, writeTree, type DocTree } from './fixture';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The fake vocabulary with a component drawing a list of labelled lines (as OrderOverview's customerFields). */
const VOCABULARY: Vocabulary = {
  ...FAKE_VOCABULARY,
  components: {
    ...FAKE_VOCABULARY.components,
    Lines: {
      description: 'Labelled lines.',
      props: {
        type: 'object',
        additionalProperties: false,
        properties: {
          rows: {
            type: 'array',
            items: {
              type: 'object',
              required: ['values'],
              additionalProperties: false,
              properties: {
                label: { type: 'string' },
                note: { type: ['string', 'null'], maxLength: 10 },
                values: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^/' } },
                size: { enum: ['small', 'large'] },
                count: { type: 'integer' },
              },
            },
          },
        },
      },
      events: {},
      children: false,
    },
  },
};

/** The valid tree with a Lines node of these rows on the pdp screen: the checker's errors. */
async function checkRows(rows: unknown[]) {
  const tree = validTree() as DocTree;
  tree['screens/pdp.json'].body?.push({ component: 'Lines', props: { rows } });
  const { schemasDir, cleanup } = await writeTree(tree, VOCABULARY);
  cleanups.push(cleanup);
  return (await loadAndCheck(schemasDir)).errors;
}

describe('a translated text inside a prop', () => {
  it('accepts a { message } (with params) where a list item takes text, and a text there too', async () => {
    const errors = await checkRows([
      { label: { message: 'pdp.title' }, values: ['/firstName', '/lastName'] },
      { label: 'Ime', note: { message: 'pdp.price', params: { n: 1 } }, values: ['/contactEmail'] },
      { note: null, values: ['/contactPhone'] },
    ]);
    expect(formatErrors(errors)).toBe('');
  });

  it('rejects a wrong type inside a list, saying what the place takes', async () => {
    const errors = await checkRows([{ label: 3, values: ['/firstName'] }]);
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/body/3/props/rows/0/label', 'prop rows of component "Lines" must be a text in "quotes" or a translated text { "message": key }, found the number 3'],
    ]);
  });

  it('still reports what the text itself breaks (an empty text against minLength, a too long one), inside a list', async () => {
    const errors = await checkRows([{ note: 'far too long a note', values: ['/a'] }]);
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/body/3/props/rows/0/note', 'prop rows of component "Lines" must have at most 10 character(s)'],
    ]);
  });

  it('rejects a { message } where the place is not free text (a pointer, a choice, a number)', async () => {
    const errors = await checkRows([{ values: [{ message: 'pdp.title' }], size: { message: 'pdp.title' }, count: { message: 'pdp.title' } }]);
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/body/3/props/rows/0/values/0', 'prop rows of component "Lines" must be a text in "quotes", found an object'],
      ['/body/3/props/rows/0/size', 'prop rows of component "Lines" must be one of: small, large'],
      ['/body/3/props/rows/0/count', 'prop rows of component "Lines" must be a whole number, found an object'],
    ]);
  });

  it('reports a malformed { message } and a missing key inside a list', async () => {
    const errors = await checkRows([{ label: { message: 'pdp.title', param: {} }, values: ['/a'] }, { label: { message: 'pdp.titel' }, values: ['/a'] }]);
    expect(errors.map((e) => [e.pointer, e.message])).toEqual(expect.arrayContaining([
      ['/body/3/props/rows/0/label/param', `prop rows of component "Lines" unexpected property 'param' — did you mean 'params'?`],
      ['/body/3/props/rows/1/label/message', 'message key "pdp.titel" is missing in schemas/messages/sr.json — did you mean "pdp.title"?'],
    ]));
  });

  it('leaves codes, pointers and formatted strings alone, and does not follow $refs', () => {
    const s = acceptMessages({ type: 'object', properties: { a: { type: 'string', format: 'email' }, b: { $ref: 'cart.json#/$defs/Cart' }, c: { type: 'string', title: 'C' } } });
    expect(s).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string', format: 'email' },
        b: { $ref: 'cart.json#/$defs/Cart' },
        c: { title: 'C', anyOf: [{ type: 'string', title: 'C' }, { ...MESSAGE_REF_SCHEMA, [MESSAGE_REF_MARK]: ['string'] }] },
      },
    });
  });
});
