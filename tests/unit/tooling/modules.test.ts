// @vitest-environment node
/**
 * Module boundaries (docs/ARCHITECTURE.md "Module map"), checked by dependency-cruiser with the rules of .dependency-cruiser.cjs
 * (tools/modules/graph.ts runs it): no import cycles anywhere; actions/ never imports renderer/ or components/; the server's
 * modules reach each other only through their public surface (`server/<module>/index.ts`), and each table is written
 * by its owner only (tools/modules/rules.ts). KNOWN lists what is not moved yet; it may only shrink — a line that no
 * longer occurs fails too, so the list stays true.
 * Module order (issue 28): tools/modules/levels.json gives every server module a level; the module graph (file imports
 * collapsed to module edges, type-only and dynamic imports counted) goes only downwards, so it has no cycle.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cruiseRepository, declaredModuleOf, levelViolations, moduleCycles, moduleGraph, rowTypeLeaks, tableWriteViolations, type ImportGraph, type ModuleLevels,
  type RuleViolation,
} from '../../../tools/modules/graph';
import { TABLE_OWNERS } from '../../../tools/modules/rules';
import LEVELS_JSON from '../../../tools/modules/levels.json' with { type: 'json' };

const ROOT = resolve(import.meta.dirname, '../../..');
const LEVELS: ModuleLevels = LEVELS_JSON;
let graph: ImportGraph;
let violations: RuleViolation[];
beforeAll(async () => {
  ({ graph, violations } = await cruiseRepository(ROOT, ['core', 'server', 'actions', 'renderer', 'components', 'studio', 'tools', 'schemas', 'tests']));
}, 120_000);
/** the violations of one rule of .dependency-cruiser.cjs, as `from -> to` */
const broken = (rule: string) => violations.filter((v) => v.rule === rule).map((v) => `${v.from} -> ${v.to}`).sort();

/** Violations not removed yet (importer -> imported, or "file writes table (owner: m)"). Shrink to empty. */
const KNOWN: string[] = [
];

function check(found: string[], rule: string) {
  const known = KNOWN.filter((k) => found.includes(k));
  const fresh = found.filter((f) => !KNOWN.includes(f));
  expect(fresh, `${rule}:\n${fresh.join('\n')}`).toEqual([]);
  return known;
}

describe('module boundaries', () => {
  it('sees the repository (the graph is not empty and follows relative imports)', () => {
    expect(graph.edges.size).toBeGreaterThan(200);
    expect(graph.edges.get('server/app-options.ts')).toContain('server/db/index.ts'); // (type-only: counted)
  });

  it('has no import cycles (type-only imports count too)', () => {
    expect(violations.filter((v) => v.rule === 'no-circular').map((v) => (v.cycle ?? [v.from, v.to]).join(' -> '))).toEqual([]);
  });

  it('core/ (the shared evaluator) imports nothing of the app', () => {
    check(broken('core-is-pure'), 'core must import only itself');
  });

  it('actions/ (the verbs) never import the interpreter (renderer/) or components/', () => {
    check(broken('actions-not-renderer'), 'actions must not import renderer/ or components/');
  });

  it('actions/api/ is the HTTP client only (client, errors, language, token timing, unanswered calls) and imports nothing but stores and contract types', () => {
    const files = [...graph.edges.keys()].filter((f) => f.startsWith('actions/api/')).sort();
    expect(files).toEqual(['actions/api/client.ts', 'actions/api/errors.ts', 'actions/api/language.ts', 'actions/api/token-timing.ts', 'actions/api/unanswered.ts']);
    expect(broken('actions-api-is-the-client')).toEqual([]);
  });

  it('the pricing rules exist once (actions/pricing.ts)', () => {
    const pricing = [...graph.edges.keys()].filter((f) => /(^|\/)pricing\.tsx?$/.test(f) && !f.startsWith('tests/'));
    expect(pricing).toEqual(['actions/pricing.ts']);
  });

  it('server/ never imports the browser side', () => {
    expect(broken('server-not-browser')).toEqual([]);
  });

  it('a server module reaches another only through its index.ts', () => {
    check([...broken('server-module-through-index'), ...broken('server-db-through-index'), ...broken('workflows-from-routes')],
      'import the module\'s index.ts (its public surface), or move the work into server/workflows/');
  });

  it('a schema.ts declares tables only: it imports drizzle, contract types and the schema.ts its foreign keys point at', () => {
    expect(broken('schema-is-tables')).toEqual([]);
  });

  it('each table is written only by the module that owns it', () => {
    check(tableWriteViolations(ROOT, graph, TABLE_OWNERS), 'call the owner module\'s service instead (tools/modules/rules.ts lists the owners)');
  });

  it('every table of every schema file drizzle.config.ts lists has an owner', async () => {
    const { is } = await import('drizzle-orm');
    const { PgTable } = await import('drizzle-orm/pg-core');
    const config = readFileSync(join(ROOT, 'drizzle.config.ts'), 'utf8');
    const files = [...config.matchAll(/'\.\/(server\/[\w/-]+\/schema)\.ts'/g)].map((m) => m[1]!);
    expect(files).toContain('server/db/schema');
    expect(files).toContain('server/home/schema');
    const tables: string[] = [];
    for (const f of files) {
      const schema = await import(/* @vite-ignore */ pathToFileURL(join(ROOT, `${f}.ts`)).href) as Record<string, unknown>;
      tables.push(...Object.entries(schema).filter(([, v]) => is(v, PgTable)).map(([k]) => k));
    }
    expect(tables.filter((t) => !(t in TABLE_OWNERS)), 'add the table to tools/modules/rules.ts').toEqual([]);
  });

  it('KNOWN lists only violations that still occur', () => {
    const modules = moduleGraph(graph, LEVELS);
    const all = new Set([
      ...violations.map((v) => `${v.from} -> ${v.to}`), ...tableWriteViolations(ROOT, graph, TABLE_OWNERS),
      ...levelViolations(modules, LEVELS), ...moduleCycles(modules).map((c) => `cycle ${c.join(', ')}`),
    ]);
    expect(KNOWN.filter((k) => !all.has(k)), 'remove these lines from KNOWN').toEqual([]);
  });
});

describe('module order (tools/modules/levels.json)', () => {
  const levelOf = new Map(LEVELS.modules.map((m) => [m.module, m.level]));

  it('declares every folder of server/ once, and only folders that exist', () => {
    const folders = readdirSync(join(ROOT, 'server'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(folders).toContain('workflows');
    const declared = LEVELS.modules.map((m) => m.module);
    expect(declared.length, 'a module is declared twice').toBe(new Set(declared).size);
    expect(folders.filter((f) => !levelOf.has(f)), 'give the new folder a level in tools/modules/levels.json').toEqual([]);
    expect(declared.filter((m) => !existsSync(join(ROOT, 'server', m))), 'remove the gone folder from tools/modules/levels.json').toEqual([]);
    expect([...graph.edges.keys()].filter((f) => declaredModuleOf(f, LEVELS) === undefined)).toEqual([]);
  });

  it('puts the workflows on top and the infrastructure (db, then lib) at the bottom', () => {
    const top = Math.max(...LEVELS.modules.map((m) => m.level));
    expect(levelOf.get('workflows')).toBe(top);
    expect(levelOf.get(LEVELS.routesEnter)).toBe(top);
    expect(levelOf.get('lib')).toBe(1);
    expect(levelOf.get('db')).toBe(0);
    expect(LEVELS.modules.filter((m) => !Number.isInteger(m.level) || m.level < 0 || !m.why)).toEqual([]);
  });

  it('collapses file imports to module edges (the check itself, on a made-up graph)', () => {
    const levels: ModuleLevels = { routesEnter: 'workflows', modules: [
      { module: 'a', level: 1, why: '' }, { module: 'b', level: 2, why: '' }, { module: 'a/sub', level: 3, why: '' }, { module: 'workflows', level: 4, why: '' },
    ] };
    const edges = new Map<string, Set<string>>([
      ['server/b/x.ts', new Set(['server/a/index.ts', 'server/b/y.ts', 'server/lib/z.ts'])],
      ['server/a/index.ts', new Set(['server/b/index.ts'])],
      ['server/a/sub/s.ts', new Set(['server/b/index.ts'])],
      ['server/a/routes.ts', new Set(['server/workflows/w.ts'])],
      ['server/a/service.ts', new Set(['server/workflows/w.ts'])],
      ['server/app.ts', new Set(['server/workflows/w.ts'])],
    ]);
    const modules = moduleGraph({ root: ROOT, edges }, levels);
    expect([...modules].map(([a, t]) => [a, [...t.keys()]])).toEqual([['b', ['a']], ['a', ['b', 'workflows']], ['a/sub', ['b']]]);
    expect(moduleCycles(modules)).toEqual([['a', 'b']]);
    expect(levelViolations(modules, levels)).toEqual([
      'a (1) -> b (2): server/a/index.ts -> server/b/index.ts',
      'a (1) -> workflows (4): server/a/service.ts -> server/workflows/w.ts',
    ]);
  });

  it('does not count the database\'s declaration as a module edge (server/db/ gathering tables, a foreign key between schema.ts files)', () => {
    const levels: ModuleLevels = { routesEnter: 'workflows', modules: [
      { module: 'db', level: 0, why: '' }, { module: 'a', level: 1, why: '' }, { module: 'b', level: 2, why: '' }, { module: 'workflows', level: 3, why: '' },
    ] };
    const edges = new Map<string, Set<string>>([
      ['server/db/tables.ts', new Set(['server/a/schema.ts', 'server/b/schema.ts'])],
      ['server/a/schema.ts', new Set(['server/b/schema.ts'])],
      ['server/a/service.ts', new Set(['server/b/schema.ts', 'server/db/tables.ts'])],
      ['server/db/index.ts', new Set(['server/b/index.ts'])],
    ]);
    const modules = moduleGraph({ root: ROOT, edges }, levels);
    expect(levelViolations(modules, levels)).toEqual([
      'a (1) -> b (2): server/a/service.ts -> server/b/schema.ts',
      'db (0) -> b (2): server/db/index.ts -> server/b/index.ts',
    ]);
  });

  it('has no cycle of modules (type-only imports count too)', () => {
    const cycles = moduleCycles(moduleGraph(graph, LEVELS)).map((c) => `cycle ${c.join(', ')}`);
    check(cycles, 'move the shared function or contract type down a level, or the cross-module work into server/workflows/');
  });

  it('a module imports only modules of a lower level', () => {
    check(levelViolations(moduleGraph(graph, LEVELS), LEVELS),
      'import a lower module only (tools/modules/levels.json); move the shared part down, or the work into server/workflows/');
  });

  it('docs/ARCHITECTURE.md "Server modules" shows the declared levels', () => {
    const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
    const start = doc.indexOf('### Server modules');
    const text = doc.slice(start, doc.indexOf('\n### ', start + 1));
    const shown = new Map<string, number>();
    for (const m of text.matchAll(/^\| `([\w/`, ]+)` \| (\d+) \|/gm)) {
      for (const name of m[1]!.split(/`?, `?/)) shown.set(name.replace(/\/$/, ''), Number(m[2]));
    }
    expect(Object.fromEntries([...shown].sort())).toEqual(Object.fromEntries([...levelOf].sort()));
  });
});

/**
 * Row types (a table's `$inferSelect` / `$inferInsert`) that files of other modules still import from a module's
 * index.ts (issue 28: a module exposes functions and contract types, not rows). Empty: the cart's and the checkout's
 * rows gave way to their contract types (CartRecord, CartEntryRecord, OrderRecord). May only shrink.
 */
const ROW_LEAKS: string[] = [
];

describe('row types stay in their module', () => {
  it('finds a row type imported from another module\'s index.ts (the check itself, on made-up files)', () => {
    const root = mkdtempSync(join(tmpdir(), 'row-leaks-'));
    try {
      const put = (f: string, text: string) => { mkdirSync(join(root, f, '..'), { recursive: true }); writeFileSync(join(root, f), text); };
      put('server/a/rows.ts', "export type ThingRow = typeof s.things.$inferSelect;\nexport type Thing = { id: number };\n");
      put('server/a/index.ts', "export { type ThingRow, type Thing } from './rows';\n");
      put('server/a/own.ts', "import type { ThingRow } from './index';\n");
      put('server/b/x.ts', "import { read, type ThingRow as T, type Thing } from '../a/index';\nimport type { Thing as U } from '../a';\n");
      put('server/b/y.ts', "import type {\n  Thing,\n  ThingRow,\n} from '../a';\n");
      const edges = new Map(['server/a/rows.ts', 'server/a/index.ts', 'server/a/own.ts', 'server/b/x.ts', 'server/b/y.ts'].map((f) => [f, new Set<string>()]));
      const levels: ModuleLevels = { routesEnter: 'workflows', modules: [{ module: 'a', level: 0, why: '' }, { module: 'b', level: 1, why: '' }] };
      expect(rowTypeLeaks(root, { root, edges }, levels)).toEqual(["server/b/x.ts uses a's ThingRow", "server/b/y.ts uses a's ThingRow"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('no other module imports a row type, but the ROW_LEAKS not removed yet (the list only shrinks)', () => {
    const found = rowTypeLeaks(ROOT, graph, LEVELS);
    expect(found.filter((f) => !ROW_LEAKS.includes(f)), 'export a contract type or a function from the owner\'s index.ts instead').toEqual([]);
    expect(ROW_LEAKS.filter((k) => !found.includes(k)), 'remove these lines from ROW_LEAKS').toEqual([]);
  });
});
