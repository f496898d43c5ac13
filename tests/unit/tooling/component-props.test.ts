// @vitest-environment node
// A component's props are declared once (issue 28): the `props` JSON Schema of its components/<group>/<Name>.meta.json
// is what the checker validates screens with, and schemas/types/components.ts (generated from it, kept current by
// stale.test.ts) gives the component its props type: `type <Name>Props = ComponentProps['<Name>']`. A hand-written
// `<Name>Props` (or a props type written inline in the component's parameter) is a twin nothing checks against the
// schema. A prop that carries an API payload `$ref`s its schema ("cart.json#/$defs/Cart"), which the checker resolves and
// the generator types as the payload's generated type; a prop that is a store's state `$ref`s the state's schema
// ("state.checkout.json#/$defs/NumberState", schemas/state/) the same way. A `{ "message" }` the document writes where the schema
// says text (at any depth: a list's labels too) is resolved by the renderer and accepted by the checker
// (tools/schemas/message-text.ts), so the schema says `"type": "string"` and the component gets a string.
// HAND_WRITTEN_PROPS lists the components that still have their own, because their schema cannot give the type they
// rely on: none now. It only shrinks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');

/** Components that still declare their own props type; remove a name once its meta.json gives the type. */
const HAND_WRITTEN_PROPS = new Set<string>([]);

/** Every components/**\/<Name>.meta.json as name → the path of its <Name>.tsx. */
function componentFiles(dir = join(ROOT, 'components'), out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) componentFiles(p, out);
    else if (name.endsWith('.meta.json')) out.set(basename(name, '.meta.json'), p.replace(/\.meta\.json$/, '.tsx'));
  }
  return out;
}

/** Is `node` exactly `ComponentProps['<name>']`? */
function isGenerated(node: ts.TypeNode, name: string): boolean {
  return (
    ts.isIndexedAccessTypeNode(node) &&
    ts.isTypeReferenceNode(node.objectType) &&
    ts.isIdentifier(node.objectType.typeName) &&
    node.objectType.typeName.text === 'ComponentProps' &&
    ts.isLiteralTypeNode(node.indexType) &&
    ts.isStringLiteral(node.indexType.literal) &&
    node.indexType.literal.text === name
  );
}

/** A type literal written in a parameter's annotation, alone or in an intersection (`{ a: string } & VocabularyProps`). */
function hasInlineProps(node: ts.TypeNode | undefined): boolean {
  if (!node) return false;
  if (ts.isTypeLiteralNode(node)) return true;
  if (ts.isIntersectionTypeNode(node)) return node.types.some(hasInlineProps);
  return false;
}

/** The lines (1-based) where the source of component `name` declares its props type by hand. */
function handWrittenProps(name: string, fileName: string, text: string): number[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines: number[] = [];
  const at = (n: ts.Node) => lines.push(sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1);
  const visit = (n: ts.Node): void => {
    if (ts.isInterfaceDeclaration(n) && n.name.text === `${name}Props`) at(n);
    else if (ts.isTypeAliasDeclaration(n) && n.name.text === `${name}Props` && !isGenerated(n.type, name)) at(n);
    else if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n)) && n.name?.text === name && hasInlineProps(n.parameters[0]?.type)) at(n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return lines;
}

/** The component names the generated ComponentProps interface lists. */
function generatedNames(): string[] {
  const file = join(ROOT, 'schemas/types/components.ts');
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const decl = sf.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'ComponentProps');
  return (decl?.members ?? []).map((m) => (m.name && (ts.isStringLiteral(m.name) || ts.isIdentifier(m.name)) ? m.name.text : '')).sort();
}

describe('component props declared once (the props JSON Schema of the meta.json)', () => {
  it('finds a made-up hand-written props type, and not the generated one or a mention in a comment', () => {
    const made = [
      "export type BadgeProps = ComponentProps['Badge'];",
      '// interface BadgeProps { text?: string } is what the old components wrote',
      'export interface BadgeProps { text?: string }',
      "type BadgeProps = ComponentProps['Button'];",
      'export default function Badge({ text }: { text?: string } & VocabularyProps) { return text; }',
      'function Other({ text }: { text?: string }) { return text; }',
    ].join('\n');
    expect(handWrittenProps('Badge', 'Badge.tsx', made)).toEqual([3, 4, 5]);
  });

  it('every component of the vocabulary has its generated props type, and no other name does', () => {
    const vocabulary = JSON.parse(readFileSync(join(ROOT, 'schemas/meta/vocabulary.json'), 'utf8')) as { components: Record<string, unknown> };
    const names = Object.keys(vocabulary.components).sort();
    expect(names.length).toBeGreaterThan(90);
    expect(generatedNames()).toEqual(names);
  });

  it('only the listed components declare their own props type (the list only shrinks)', () => {
    const found: string[] = [];
    const stale: string[] = [];
    const files = componentFiles();
    for (const [name, file] of files) {
      const lines = handWrittenProps(name, file, readFileSync(file, 'utf8'));
      if (lines.length && !HAND_WRITTEN_PROPS.has(name)) found.push(`${relative(ROOT, file)}:${lines.join(',')}`);
      if (!lines.length && HAND_WRITTEN_PROPS.has(name)) stale.push(name);
    }
    for (const name of HAND_WRITTEN_PROPS) if (!files.has(name)) stale.push(name);
    expect(found, `use the generated type: type <Name>Props = ComponentProps['<Name>'] (npm run schemas:types; make the meta.json props schema exact)`).toEqual([]);
    expect(stale, 'these no longer declare their own props type: remove them from HAND_WRITTEN_PROPS').toEqual([]);
  });
});
