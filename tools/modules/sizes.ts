/**
 * Sizes of hand-written code (issue 28): no function over 80 lines, no file over 350. Hand-written means every tracked
 * .ts/.tsx/.mjs file outside tests/, generated types (schemas/types, schemas/meta/generated) and migrations. Lines are
 * counted from the function's first to its last line, comments and blank lines included (what a reader scrolls).
 * tests/unit/tooling/sizes.test.ts holds the shrink-only allowance lists.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 80;
export const MAX_FILE_LINES = 350;

/** the hand-written source files of the repository, relative to root */
export function handWrittenFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.mts'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !/^(tests\/|schemas\/types\/|schemas\/meta\/generated\/)|\/migrations\//.test(f) && !f.endsWith('.d.ts'));
}

function nameOf(n: ts.FunctionLikeDeclaration): string {
  if (n.name) return n.name.getText();
  const p = n.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) return p.name.getText();
  if (ts.isCallExpression(p)) return `callback of ${p.expression.getText().slice(0, 40)}`;
  return '(anonymous)';
}

/** functions over the limit, as "file name: lines" (a name repeated in one file is numbered: name#2) */
export function longFunctions(root: string, files = handWrittenFiles(root)): string[] {
  const out: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
    const seen = new Map<string, number>();
    const visit = (n: ts.Node) => {
      if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
        const first = src.getLineAndCharacterOfPosition(n.getStart()).line;
        const last = src.getLineAndCharacterOfPosition(n.getEnd()).line;
        if (last - first + 1 > MAX_FUNCTION_LINES) {
          const name = nameOf(n);
          const k = (seen.get(name) ?? 0) + 1;
          seen.set(name, k);
          out.push(`${file} ${k > 1 ? `${name}#${k}` : name}`);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  return out.sort();
}

/** files over the limit */
export function longFiles(root: string, files = handWrittenFiles(root)): string[] {
  return files.filter((f) => readFileSync(join(root, f), 'utf8').split('\n').length - 1 > MAX_FILE_LINES).sort();
}
