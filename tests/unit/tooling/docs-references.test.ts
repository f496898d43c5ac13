/**
 * The documentation names only what exists (issue 28): every repository path written in backticks in README.md and
 * docs/**\/*.md, every relative Markdown link (and its #anchor), every `npm run <script>`, and every citation of a
 * section (`docs/X.md "Heading"`) — and the same for the paths, scripts and citations in the comments of the source
 * (actions, components, renderer, server, studio, tools, tests) and the texts of the meta-schemas and rules.
 * The module map of docs/ARCHITECTURE.md names every server folder, every table with its owner (TABLE_OWNERS) and every
 * rule of .dependency-cruiser.cjs.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../../tools/modules/rules';

const ROOT = resolve(import.meta.dirname, '../../..');
/** Folders that are built or created at run time, never part of a clean checkout. */
const NOT_SOURCE = new Set(['.git', 'node_modules', 'dist', 'dist-ssr', 'data', 'test-results']);
/** Files the documents tell the reader to create (a recipe's new screen): they exist only once someone follows it. */
const TO_BE_CREATED = new Set(['schemas/screens/kontakt.json']);

const TOP = new Set(readdirSync(ROOT).filter((e) => !NOT_SOURCE.has(e) && statSync(join(ROOT, e)).isDirectory()));
const SCRIPTS = new Set(Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts));

function walk(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const rel = join(dir, e.name);
    if (e.isDirectory()) {
      if (!NOT_SOURCE.has(e.name) && e.name !== '__snapshots__' && e.name !== '__screenshots__') out.push(...walk(rel, keep));
    } else if (keep(rel)) out.push(rel);
  }
  return out;
}

/** A small reader of the repository's .gitignore files (plain, directory and glob patterns; no negation is used). */
function globRegExp(pattern: string): RegExp {
  const esc = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\?/g, '[^/]');
  return new RegExp(`^${pattern.split('**').map((p) => p.split('*').map(esc).join('[^/]*')).join('.*')}$`);
}
const ignoreFiles = new Map<string, Array<{ re: RegExp; anchored: boolean }>>();
function ignoreRules(dir: string) {
  let rules = ignoreFiles.get(dir);
  if (!rules) {
    const file = join(ROOT, dir, '.gitignore');
    rules = existsSync(file)
      ? readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#') && !l.startsWith('!'))
        .map((l) => l.replace(/\/$/, '')).map((l) => ({ re: globRegExp(l.replace(/^\//, '')), anchored: l.includes('/') }))
      : [];
    ignoreFiles.set(dir, rules);
  }
  return rules;
}
function isIgnored(path: string): boolean {
  const parts = path.replace(/\/$/, '').split('/');
  for (let d = 0; d < parts.length; d++) {
    const rest = parts.slice(d);
    for (const { re, anchored } of ignoreRules(parts.slice(0, d).join('/'))) {
      for (let n = 1; n <= rest.length; n++) {
        if (anchored ? re.test(rest.slice(0, n).join('/')) : re.test(rest[n - 1]!)) return true;
      }
    }
  }
  return false;
}

const exists = (path: string) => existsSync(join(ROOT, path)) || isIgnored(path) || TO_BE_CREATED.has(path);
const isRepoPath = (s: string) => /^[\w.-]+(\/[\w.-]+)*\/?$/.test(s) && s.includes('/') && TOP.has(s.split('/')[0]!);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
const plain = (heading: string) => heading.replace(/`/g, '').trim();
function headingsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!);
}
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const h of headingsOf(file)) {
    const a = anchorOf(h);
    const n = seen.get(a);
    seen.set(a, (n ?? -1) + 1);
    out.add(n === undefined ? a : `${a}-${n + 1}`);
  }
  return out;
}

type Finding = { file: string; line: number; what: string };
const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** `npm run x` naming no script (`npm run bench:<part>` and `npm run test:snapshots[:update]` are patterns). */
function scriptFindings(file: string, text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(/npm run ([\w:.-]*[\w])/g)) {
    const next = text[m.index! + m[0].length];
    if (next === '<' || next === '[' || next === ':') continue;
    if (!SCRIPTS.has(m[1]!)) out.push({ file, line: lineOf(text, m.index!), what: `npm run ${m[1]}` });
  }
  return out;
}

/** The specification's copies (docs/spec/README.md): `seed 000 §N` cites the section `## N.` of 000-shop-core.md. */
const SPEC: Record<string, string> = { '000': 'docs/spec/000-shop-core.md', '001': 'docs/spec/001-accounts-and-platform.md' };
const specSections = new Map(Object.entries(SPEC).map(([n, f]) => [n, new Set(headingsOf(f).map((h) => /^(\d+)\./.exec(h)?.[1]).filter(Boolean))]));

/** `docs/X.md "Heading"`: a heading of that page starts with the quoted text; numbered sections (§) are gone, but
 *  the specification's (`seed 000 §4`), which name a section of its copy in docs/spec/. */
function citationFindings(file: string, text: string): Finding[] {
  const out: Finding[] = [];
  for (const m of text.matchAll(/\bseed (\d{3}) §\s?(\d+)/g)) {
    if (!specSections.get(m[1]!)?.has(m[2]!)) out.push({ file, line: lineOf(text, m.index!), what: `seed ${m[1]} §${m[2]} (no such section in docs/spec/)` });
  }
  for (const m of text.matchAll(/\bARCHITECTURE §\s?\d[\w.]*/g)) {
    out.push({ file, line: lineOf(text, m.index!), what: `${m[0]} (numbered sections are gone: cite the heading)` });
  }
  for (const m of text.matchAll(/((?:docs\/)?[\w/.-]*\b[\w-]+\.md),?\s+(?:\\?"([^"\n\\]+)\\?"|(§\s?\d[\w.]*))/g)) {
    const cited = m[1]!;
    const target = [cited, join(dirname(file), cited), join('docs', cited)].find((p) => existsSync(join(ROOT, p)) && p.endsWith('.md'));
    const line = lineOf(text, m.index!);
    if (!target) continue; // the path itself is checked elsewhere
    if (m[3]) out.push({ file, line, what: `${cited} ${m[3]} (numbered sections are gone: cite the heading)` });
    else if (!headingsOf(target).some((h) => plain(h).startsWith(m[2]!))) out.push({ file, line, what: `${cited} "${m[2]}"` });
  }
  return out;
}

function markdownFindings(file: string): Finding[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const prose = text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));
  const out: Finding[] = [...scriptFindings(file, text), ...citationFindings(file, prose)];
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) {
    const span = m[1]!.trim();
    if (isRepoPath(span) && !exists(span)) out.push({ file, line: lineOf(prose, m.index!), what: span });
  }
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const href = m[1]!;
    if (/^[a-z]+:/i.test(href) || href.startsWith('/')) continue; // other sites; the shop's own addresses
    const [path, anchor] = href.split('#') as [string, string | undefined];
    const target = path ? relative(ROOT, resolve(ROOT, dirname(file), path)) : file;
    const line = lineOf(prose, m.index!);
    if (!exists(target)) out.push({ file, line, what: href });
    else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) out.push({ file, line, what: `${href} (no such heading)` });
  }
  return out;
}

/** Comments of the source: a path that starts at a top folder of the repository (a pattern such as `api.*` aside). */
function sourceFindings(file: string): Finding[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const comments = file.endsWith('.json')
    ? text
    : text.split('\n').map((l) => (/^\s*(\/\/|\/?\*)/.test(l) ? l : l.includes('//') ? l.slice(l.indexOf('//')) : '')).join('\n');
  const out: Finding[] = [...scriptFindings(file, comments), ...citationFindings(file, comments)];
  for (const m of comments.matchAll(/(?<![\w./@-])([\w.-]+(?:\/[\w.-]*\w)+)/g)) {
    const path = m[1]!;
    const next = comments.slice(m.index! + path.length, m.index! + path.length + 2);
    if (!TOP.has(path.split('/')[0]!) || /^(\*|<|\{|\.\*)/.test(next)) continue; // a pattern: `tests/e2e/*.e2e.ts`, `schemas/types/api.*`
    if (!exists(path) && !exists(`${path}.ts`)) out.push({ file, line: lineOf(comments, m.index!), what: path });
  }
  return out;
}

const show = (fs: Finding[]) => fs.map((f) => `${f.file}:${f.line} ${f.what}`);

describe('documentation references', () => {
  const markdown = ['README.md', ...walk('docs', (f) => f.endsWith('.md'))];

  it('every path, link, script and cited heading in README.md and docs/ exists', () => {
    expect(markdown.length).toBeGreaterThan(10);
    expect(show(markdown.flatMap(markdownFindings))).toEqual([]);
  });

  it('every path, script and cited heading in source comments and schema texts exists', () => {
    const code = ['actions', 'components', 'core', 'renderer', 'server', 'studio', 'tools', 'tests']
      .flatMap((d) => walk(d, (f) => /\.(ts|tsx|mjs|cjs)$/.test(f)));
    const texts = walk('schemas', (f) => /^schemas\/(meta|rules|api)\/[^/]+\.json$/.test(f));
    const files = [...code.filter((f) => f !== 'tests/unit/tooling/docs-references.test.ts'), ...texts, '.dependency-cruiser.cjs', 'vite.config.ts', 'vitest.config.ts', 'drizzle.config.ts'];
    expect(files.length).toBeGreaterThan(500);
    expect(show(files.flatMap(sourceFindings))).toEqual([]);
  });

  it('a wrong path, script, link or heading is found', () => {
    const findings = show([
      ...citationFindings('x.md', 'see docs/ARCHITECTURE.md "No such heading" and docs/ARCHITECTURE.md §9.6'),
      ...citationFindings('y.ts', '// the Cart of ARCHITECTURE §5.1 (seed 000 §3); seed 001 §12 and seed 002 §1'),
      ...scriptFindings('x.md', 'run `npm run modules:check`'),
    ]);
    expect(findings).toEqual([
      'x.md:1 docs/ARCHITECTURE.md "No such heading"',
      'x.md:1 docs/ARCHITECTURE.md §9.6 (numbered sections are gone: cite the heading)',
      'y.ts:1 seed 001 §12 (no such section in docs/spec/)',
      'y.ts:1 seed 002 §1 (no such section in docs/spec/)',
      'y.ts:1 ARCHITECTURE §5.1 (numbered sections are gone: cite the heading)',
      'x.md:1 npm run modules:check',
    ]);
    expect(isRepoPath('server/cart/nope.ts') && !exists('server/cart/nope.ts')).toBe(true);
    expect(exists('tests/e2e/artifacts/FAILED-x.png')).toBe(true); // ignored by .gitignore: made at run time
    expect(exists('tests/visual/artifacts/x.png')).toBe(true); // ignored by tests/visual/.gitignore
  });

  it('docs/spec/ holds the specification as given (where ../shared/seeds/ is beside the repository)', () => {
    expect([...specSections.values()].map((s) => s.size)).toEqual([9, 9]);
    const seeds = join(ROOT, '..', 'shared', 'seeds');
    if (!existsSync(seeds)) return;
    const given = readdirSync(seeds).filter((f) => /^\d{3}_.*\.txt$/.test(f)).sort();
    expect(given.map((f) => f.slice(0, 3))).toEqual(Object.keys(SPEC));
    for (const f of given) expect(readFileSync(join(ROOT, SPEC[f.slice(0, 3)]!), 'utf8'), f).toBe(readFileSync(join(seeds, f), 'utf8'));
  });

  it('the module map names every server folder and every table with its owner', () => {
    const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
    const start = doc.indexOf('### Server modules');
    expect(start).toBeGreaterThan(0);
    const text = doc.slice(start, doc.indexOf('\n### ', start + 1));
    const rows = new Map<string, string>();
    for (const m of text.matchAll(/^\| `([\w/`, ]+)` \|(.*)$/gm)) {
      for (const name of m[1]!.split(/`?, `?/)) rows.set(name.replace(/\/$/, ''), m[2]!);
    }
    const folders = readdirSync(join(ROOT, 'server'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !rows.has(f))).toEqual([]);
    const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const misplaced = Object.entries(TABLE_OWNERS).filter(([table, owner]) => !(rows.get(owner) ?? '').includes(snake(table)));
    expect(misplaced.map(([t, o]) => `${snake(t)} (owner ${o})`)).toEqual([]);
  });

  it('the boundaries table names every rule of .dependency-cruiser.cjs', () => {
    const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
    const rules = [...readFileSync(join(ROOT, '.dependency-cruiser.cjs'), 'utf8').matchAll(/name: '([\w-]+)'/g)].map((m) => m[1]!);
    expect(rules.length).toBeGreaterThan(3);
    expect(rules.filter((r) => !doc.includes(`| \`${r}\` |`))).toEqual([]);
  });
});
