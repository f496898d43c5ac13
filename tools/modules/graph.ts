/**
 * The import graph of the repository and its boundary rules, by dependency-cruiser (rules in .dependency-cruiser.cjs):
 * every `.ts`/`.tsx`/`.mjs` file under the given folders with the repository files it imports (static imports,
 * `import type`, dynamic `import('…')`), and the imports that break a rule. Used by tests/unit/tooling/modules.test.ts.
 * The one check that is not about imports — which module writes which table — is `tableWriteViolations` below.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix, resolve } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const SOURCE_FOLDERS = ['core', 'server', 'actions', 'renderer', 'components', 'studio', 'tools', 'schemas'];

export interface ImportGraph {
  root: string;
  /** repository-relative path (forward slashes) → repository-relative paths it imports */
  edges: Map<string, Set<string>>;
}

/** An import that breaks a rule of .dependency-cruiser.cjs: `from -> to` (for a cycle, the cycle's path). */
export interface RuleViolation { rule: string; from: string; to: string; cycle?: string[] }

/** Cruises `folders` of the repository with its .dependency-cruiser.cjs: the graph and the rule violations. */
export async function cruiseRepository(root = resolve(import.meta.dirname, '../..'), folders = SOURCE_FOLDERS): Promise<{ graph: ImportGraph; violations: RuleViolation[] }> {
  const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
  const cwd = process.cwd();
  process.chdir(root); // dependency-cruiser reports paths relative to the working directory
  let output: ICruiseResult;
  try {
    const tsConfig = extractTSConfig(join(root, config.options?.tsConfig?.fileName ?? 'tsconfig.json'));
    const res = await cruise(folders, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } }, undefined, { tsConfig });
    output = res.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
  const edges = new Map<string, Set<string>>();
  for (const m of output.modules) {
    if (m.coreModule || m.couldNotResolve || /(^|\/)node_modules\//.test(m.source)) continue;
    edges.set(m.source, new Set(m.dependencies.filter((d) => !d.coreModule && !d.couldNotResolve && !/(^|\/)node_modules\//.test(d.resolved)).map((d) => d.resolved)));
  }
  const violations = (output.summary.violations ?? []).map((v) => ({
    rule: v.rule.name, from: v.from, to: v.to,
    ...(v.cycle ? { cycle: v.cycle.map((c) => (typeof c === 'string' ? c : c.name)) } : {}),
  }));
  return { graph: { root, edges }, violations };
}

/**
 * The module a server file belongs to: `server/<name>/…` → name; files directly in server/ (app.ts, main.ts,
 * health.ts: the composition root) → '' ; not a server file → null.
 */
export function serverModuleOf(file: string): string | null {
  const m = /^server\/(?:([^/]+)\/)?[^/]+$/.exec(file) ?? /^server\/([^/]+)\//.exec(file);
  if (!m) return null;
  return m[1] ?? '';
}

/** Imports from one folder into another, e.g. importsBetween(g, 'actions/', 'renderer/'). */
export function importsBetween(graph: ImportGraph, fromPrefix: string, toPrefix: string): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph.edges) {
    if (!from.startsWith(fromPrefix)) continue;
    for (const to of targets) if (to.startsWith(toPrefix)) out.push(`${from} -> ${to}`);
  }
  return out.sort();
}

/**
 * Writes to database tables outside their owner: every `.insert(t)`, `.update(t)`, `.delete(t)` of a table
 * of a module's schema.ts (server/db/tables.ts gathers them all) in a server file whose module does not own `t`
 * (`owners`: table export name → module).
 * The seeds (server/db/seed/ and a module's seed.ts) load data and are not checked.
 */
export function tableWriteViolations(root: string, graph: ImportGraph, owners: Record<string, string>): string[] {
  const out: string[] = [];
  for (const file of graph.edges.keys()) {
    const mod = serverModuleOf(file);
    if (mod === null || file.startsWith('server/db/') || /^server\/[^/]+\/seed\.ts$/.test(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const owner = owners[m[2]];
      if (owner === undefined || owner === mod) continue;
      out.push(`${file} writes ${m[2]} (owner: ${owner})`);
    }
  }
  return [...new Set(out)].sort();
}

/** tools/modules/levels.json: the server's modules in their declared one-way order (issue 28). */
export interface ModuleLevels {
  /** the module a routes.ts file may enter although it sits above every module (the HTTP edge → workflows) */
  routesEnter: string;
  modules: Array<{ module: string; level: number; why: string }>;
}

/** The declared module of a server file: the longest declared folder it is in; null for the composition root
 *  (server/*.ts) and for files outside server/, undefined for a server file of an undeclared folder. */
export function declaredModuleOf(file: string, levels: ModuleLevels): string | null | undefined {
  if (!file.startsWith('server/') || /^server\/[^/]+$/.test(file)) return null;
  let best: string | undefined;
  for (const { module } of levels.modules) {
    if (file.startsWith(`server/${module}/`) && (best === undefined || module.length > best.length)) best = module;
  }
  return best;
}

/** A module's table declarations: `server/<module>/schema.ts` (drizzle.config.ts lists them). */
const SCHEMA_FILE = /^server\/[^/]+\/schema\.ts$/;

/**
 * Whether a file import is the database's declaration rather than a module using another: server/db/ gathering every
 * module's tables for drizzle (server/db/tables.ts), or a schema.ts whose foreign key points at another module's
 * table. What a schema.ts itself may import is the `schema-is-tables` rule of .dependency-cruiser.cjs.
 */
export function isTableDeclarationEdge(from: string, to: string, levels: ModuleLevels): boolean {
  return SCHEMA_FILE.test(to) && (SCHEMA_FILE.test(from) || declaredModuleOf(from, levels) === 'db');
}

/**
 * The module graph: every import between files of two declared server modules, collapsed to `a -> b` with the file
 * imports behind it. A routes.ts file importing the `routesEnter` module (workflows) is the HTTP edge entering it,
 * not an edge of its module; a table declaration edge (isTableDeclarationEdge) is none either.
 */
export function moduleGraph(graph: ImportGraph, levels: ModuleLevels): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  for (const [from, targets] of graph.edges) {
    const a = declaredModuleOf(from, levels);
    if (!a) continue;
    for (const to of targets) {
      const b = declaredModuleOf(to, levels);
      if (!b || a === b) continue;
      if (b === levels.routesEnter && /(^|\/)routes\.ts$/.test(from)) continue;
      if (isTableDeclarationEdge(from, to, levels)) continue;
      const m = out.get(a) ?? out.set(a, new Map()).get(a)!;
      (m.get(b) ?? m.set(b, []).get(b)!).push(`${from} -> ${to}`);
    }
  }
  return out;
}

/** Module imports that do not go to a lower level: `a (level) -> b (level): file -> file`, one line per file import. */
export function levelViolations(modules: Map<string, Map<string, string[]>>, levels: ModuleLevels): string[] {
  const level = new Map(levels.modules.map((m) => [m.module, m.level]));
  const out: string[] = [];
  for (const [a, targets] of modules) {
    for (const [b, files] of targets) {
      if (level.get(b)! < level.get(a)!) continue;
      for (const f of files) out.push(`${a} (${level.get(a)}) -> ${b} (${level.get(b)}): ${f}`);
    }
  }
  return out.sort();
}

/** The cycles of the module graph: each strongly connected component of more than one module, its names sorted. */
export function moduleCycles(modules: Map<string, Map<string, string[]>>): string[][] {
  const nodes = new Set<string>();
  for (const [a, targets] of modules) { nodes.add(a); for (const b of targets.keys()) nodes.add(b); }
  // Tarjan's strongly connected components
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of modules.get(v)?.keys() ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return out.sort((x, y) => x.join().localeCompare(y.join()));
}

/**
 * Row types that leak out of their module (issue 28: a module exposes functions and contract types, not row types): a
 * row type is a type a server module declares as a table's row (`export type X = typeof table.$inferSelect` or
 * `$inferInsert`); a leak is a file of another module (workflows too) that imports it by name from the module's
 * index.ts. Answers `file uses module's Type`, sorted.
 */
export function rowTypeLeaks(root: string, graph: ImportGraph, levels: ModuleLevels): string[] {
  const files = [...graph.edges.keys()].filter((f) => f.startsWith('server/'));
  const rowTypes = new Map<string, Set<string>>();
  for (const f of files) {
    const mod = declaredModuleOf(f, levels);
    if (!mod) continue;
    for (const m of readFileSync(join(root, f), 'utf8').matchAll(/export type (\w+) = typeof [\w.]+\.\$infer(?:Select|Insert)\b/g)) {
      (rowTypes.get(mod) ?? rowTypes.set(mod, new Set()).get(mod)!).add(m[1]!);
    }
  }
  const out: string[] = [];
  for (const f of files) {
    const own = declaredModuleOf(f, levels);
    for (const m of readFileSync(join(root, f), 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'(\.[^']*)'/g)) {
      const target = posix.normalize(posix.join(posix.dirname(f), m[2]!)).replace(/(\/index)?(\.ts)?$/, '/index.ts');
      const mod = declaredModuleOf(target, levels);
      if (!mod || mod === own || target !== `server/${mod}/index.ts`) continue;
      const names = m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter(Boolean);
      for (const n of names) if (rowTypes.get(mod)?.has(n)) out.push(`${f} uses ${mod}'s ${n}`);
    }
  }
  return [...new Set(out)].sort();
}
