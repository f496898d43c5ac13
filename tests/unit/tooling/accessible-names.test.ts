// @vitest-environment node
/**
 * The vocabulary enforces accessible names (issue 15): a component that draws a control or a picture lists in its
 * .meta.json `accessibleName` the props that name it; they must be required and non-empty, and the checker
 * refuses a document that would draw an unnamed button, link or image (a missing or empty literal, a message
 * that is empty in one language, an image with an empty alt that is not marked decorative).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatErrors, loadAndCheck } from '../../../tools/schemas/index';
import { collectComponents } from '../../../tools/schemas/vocabulary';
import { REAL_SCHEMAS } from './fixture';

const temps: string[] = [];
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

/** A copy of the real schemas/ with the not-found screen's body replaced by `nodes` (and messages edited). */
async function checkWith(nodes: unknown[], messages: Record<string, Record<string, string>> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'a11y-names-'));
  temps.push(dir);
  const schemas = join(dir, 'schemas');
  cpSync(REAL_SCHEMAS, schemas, { recursive: true });
  const file = join(schemas, 'screens', 'not-found.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.body = nodes;
  writeFileSync(file, JSON.stringify(doc, null, 2));
  for (const [lang, add] of Object.entries(messages)) {
    const mf = join(schemas, 'messages', `${lang}.json`);
    writeFileSync(mf, JSON.stringify({ ...JSON.parse(readFileSync(mf, 'utf8')), ...add }, null, 2));
  }
  const { errors } = await loadAndCheck(schemas);
  return formatErrors(errors);
}

describe('accessible names in the vocabulary and the checker', () => {
  it('the real vocabulary names its controls: Button, Link, Chip, Spinner, Logo and MainNav declare accessibleName', () => {
    const vocab = JSON.parse(readFileSync(join(REAL_SCHEMAS, 'meta', 'vocabulary.json'), 'utf8'));
    for (const [name, props] of [['Button', ['label']], ['Link', ['label']], ['Chip', ['label']], ['Spinner', ['label']], ['Logo', ['label']], ['MainNav', ['label', 'menuLabel']]] as const) {
      expect(vocab.components[name].accessibleName, name).toEqual(props);
    }
  });

  it('a named button, link and picture pass', async () => {
    expect(await checkWith([
      { component: 'Button', props: { label: { message: 'common.back' } } },
      { component: 'Link', props: { label: 'Početna', to: '/' } },
      { component: 'Image', props: { alt: 'Telefon', src: '/a.png' } },
      { component: 'Image', props: { alt: '', decorative: true, src: '/a.png' } },
    ])).toBe('');
  }, 60_000);

  it('refuses a button without a label, with an empty label, or with a message empty in one language', async () => {
    const out = await checkWith([
      { component: 'Button', props: {} },
      { component: 'Button', props: { label: '' } },
      { component: 'Button', props: { label: { message: 'test.empty' } } },
    ], { sr: { 'test.empty': '' }, en: { 'test.empty': 'Text' } });
    expect(out).toMatch(/missing prop 'label' of component "Button"/);
    expect(out).toMatch(/label of component "Button".*(fewer than 1|must NOT have fewer|at least 1)/i);
    expect(out).toMatch(/message "test\.empty" is empty in sr\.json/);
  }, 60_000);

  it('refuses a picture with an empty alt that is not marked decorative, and a decorative one with an alt', async () => {
    const out = await checkWith([
      { component: 'Image', props: { alt: '', src: '/a.png' } },
      { component: 'Image', props: { alt: 'Telefon', decorative: true, src: '/a.png' } },
    ]);
    expect(out.split('\n').filter((l) => /alt of component "Image"/.test(l))).toHaveLength(2);
  }, 60_000);

  it('a component meta whose accessibleName is not required and non-empty is a vocabulary problem', async () => {
    const root = mkdtempSync(join(tmpdir(), 'a11y-vocab-'));
    temps.push(root);
    mkdirSync(join(root, 'components', 'x'), { recursive: true });
    writeFileSync(join(root, 'components', 'x', 'IconButton.meta.json'), JSON.stringify({
      name: 'IconButton', description: 'A button with an icon only.', accessibleName: ['ariaLabel'],
      props: { type: 'object', properties: { ariaLabel: { type: 'string' } } }, events: { click: 'pressed' }, children: false,
    }));
    const problems: string[] = [];
    await collectComponents(root, problems);
    expect(problems.join('\n')).toMatch(/accessibleName "ariaLabel" must be in props.required/);
    expect(problems.join('\n')).toMatch(/accessibleName "ariaLabel" needs "minLength": 1/);
  });
});
