// @vitest-environment node
/**
 * Module boundaries (docs/ARCHITECTURE.md §1.1), checked on the import graph that tools/modules/graph.ts builds with
 * the TypeScript compiler API: no import cycles anywhere; actions/ never imports renderer/ or components/; the server's
 * modules reach each other only through their public surface (`server/<module>/index.ts`), and each table is written
 * by its owner only (tools/modules/rules.ts). KNOWN lists what is not moved yet; it may only shrink — a line that no
 * longer occurs fails too, so the list stays true.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, findCycles, importsBetween, serverBoundaryViolations, tableWriteViolations } from '../../../tools/modules/graph';
import { TABLE_OWNERS } from '../../../tools/modules/rules';

const ROOT = resolve(import.meta.dirname, '../../..');
const graph = buildImportGraph(ROOT, ['server', 'actions', 'renderer', 'components', 'studio', 'tools', 'schemas', 'tests']);

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
    expect(graph.edges.get('server/app.ts')).toContain('server/db/index.ts');
  });

  it('has no import cycles (type-only imports count too)', () => {
    expect(findCycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('actions/ (the verbs) never import the interpreter (renderer/) or components/', () => {
    check([...importsBetween(graph, 'actions/', 'renderer/'), ...importsBetween(graph, 'actions/', 'components/')], 'actions must not import renderer/ or components/');
  });

  it('actions/api/ is the HTTP client only (client, errors, language) and imports nothing but stores and contract types', () => {
    const files = [...graph.edges.keys()].filter((f) => f.startsWith('actions/api/')).sort();
    expect(files).toEqual(['actions/api/client.ts', 'actions/api/errors.ts', 'actions/api/language.ts']);
    for (const f of files) {
      for (const to of graph.edges.get(f)!) expect(to, f).toMatch(/^(actions\/api\/|actions\/stores\/|schemas\/types\/)/);
    }
  });

  it('the pricing rules exist once (actions/pricing.ts)', () => {
    const pricing = [...graph.edges.keys()].filter((f) => /(^|\/)pricing\.tsx?$/.test(f) && !f.startsWith('tests/'));
    expect(pricing).toEqual(['actions/pricing.ts']);
  });

  it('server/ never imports the browser side', () => {
    for (const p of ['renderer/', 'components/', 'actions/', 'studio/']) expect(importsBetween(graph, 'server/', p)).toEqual([]);
  });

  it('a server module reaches another only through its index.ts', () => {
    check(serverBoundaryViolations(graph), 'import the module\'s index.ts (its public surface), or move the work into server/workflows/');
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
    const all = new Set([
      ...importsBetween(graph, 'actions/', 'renderer/'), ...importsBetween(graph, 'actions/', 'components/'),
      ...serverBoundaryViolations(graph), ...tableWriteViolations(ROOT, graph, TABLE_OWNERS),
    ]);
    expect(KNOWN.filter((k) => !all.has(k)), 'remove these lines from KNOWN').toEqual([]);
  });
});
