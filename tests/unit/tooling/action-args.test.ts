// @vitest-environment node
// Action arguments are declared once (issue 28): the `args` JSON Schema of each defineAction is the source, and
// schemas/types/actions.ts (generated from it, kept current by stale.test.ts) gives `run` its type by the action's name.
// A type argument on defineAction would be a hand-written twin nothing checks against the schema: this test reads every
// source file with TypeScript's parser (comments are not calls) and fails on one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineAction } from '../../../actions/define';
import type { ActionArgs } from '../../../schemas/types/actions';

const ROOT = join(__dirname, '../../..');
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'dist-ssr', 'data', 'test-results']);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(tsx?|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The functions that declare an action (actions/define.ts): each takes its args type from the name. */
const DECLARERS = new Set(['defineAction', 'defineSetter', 'defineLoad']);

/** The lines (1-based) of a source where an action is declared with a type argument. */
function handWrittenTwins(fileName: string, text: string): number[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines: number[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.typeArguments?.length) {
      const callee = ts.isPropertyAccessExpression(n.expression) ? n.expression.name : n.expression;
      if (ts.isIdentifier(callee) && DECLARERS.has(callee.text)) lines.push(sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return lines;
}

/** The action names the generated ActionArgs interface lists. */
function generatedNames(): string[] {
  const file = join(ROOT, 'schemas/types/actions.ts');
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const decl = sf.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'ActionArgs');
  return (decl?.members ?? []).map((m) => (m.name && (ts.isStringLiteral(m.name) || ts.isIdentifier(m.name)) ? m.name.text : '')).sort();
}

describe('action arguments declared once (the args JSON Schema)', () => {
  it('finds a made-up hand-written twin, and not the plain call or a mention in a comment', () => {
    const made = [
      "export default defineAction({ name: 'cart.add', description: '', args: { type: 'object' }, run() {} });",
      '// defineAction<{ code: string }>(…) is what the old actions wrote',
      "const twin = defineAction<{ code: string }>({ name: 'cart.add', description: '', args: {}, run() {} });",
      "const alsoTwin = verbs.defineAction<Record<string, never>>({ name: 'cart.load', description: '', args: {}, run() {} });",
    ].join('\n');
    expect(handWrittenTwins('made-up.ts', made)).toEqual([3, 4]);
  });

  it('no source file gives defineAction a type argument (the schema is the type)', () => {
    const found: string[] = [];
    for (const f of walk(ROOT)) {
      const text = readFileSync(f, 'utf8');
      if (![...DECLARERS].some((d) => text.includes(d))) continue; // only these need parsing
      for (const line of handWrittenTwins(f, text)) found.push(`${relative(ROOT, f)}:${line}`);
    }
    expect(found, 'remove the type argument: run() takes its args type from the args schema (npm run schemas:types)').toEqual([]);
  });

  it('every action of the vocabulary has its generated args type, and no other name does', () => {
    const vocabulary = JSON.parse(readFileSync(join(ROOT, 'schemas/meta/vocabulary.json'), 'utf8')) as { actions: Record<string, unknown> };
    const names = Object.keys(vocabulary.actions).sort();
    expect(names.length).toBeGreaterThan(100);
    expect(generatedNames()).toEqual(names);
  });

  it('types run() from the schema by the action name (checked by tsc)', () => {
    const add = defineAction({
      name: 'cart.add',
      description: '',
      args: { type: 'object' },
      run(args) {
        expectTypeOf(args).toEqualTypeOf<ActionArgs['cart.add']>();
        expectTypeOf(args.code).toEqualTypeOf<string>();
        expectTypeOf(args.subscriptionTermId).toEqualTypeOf<string | null | undefined>();
      },
    });
    // a name the vocabulary does not know (a test's made-up verb) takes no schema type
    const madeUp = defineAction({ name: 'made.up', description: '', args: {}, run(args) { expectTypeOf(args).toBeUnknown(); } });
    expect([add.name, madeUp.name]).toEqual(['cart.add', 'made.up']);
  });
});
