/**
 * The import graph of the repository, built with the TypeScript compiler API (no extra package):
 * every `.ts`/`.tsx` file under the source folders, each with the repository files it imports
 * (static `import`/`export … from`, `import type`, dynamic `import('…')`; `import.meta.glob` is not an import).
 * Used by tests/unit/tooling/modules.test.ts (no cycles, module boundaries) and `npm run modules:check`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const SOURCE_FOLDERS = ['server', 'actions', 'renderer', 'components', 'studio', 'tools', 'schemas'];

export interface ImportGraph {
  root: string;
  /** repository-relative path (forward slashes) → repository-relative paths it imports */
  edges: Map<string, Set<string>>;
}

function walk(dir: string, out: string[]): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
}

const toRel = (root: string, file: string) => relative(root, file).split(sep).join('/');

export function buildImportGraph(root = resolve(import.meta.dirname, '../..'), folders = SOURCE_FOLDERS): ImportGraph {
  const files: string[] = [];
  for (const f of folders) walk(join(root, f), files);
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    resolveJsonModule: true,
    allowJs: false,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const host = ts.createCompilerHost(options);
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const spec = ref.fileName;
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue; // packages
      const resolved = ts.resolveModuleName(spec, file, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = toRel(root, resolved.resolvedFileName);
      if (target.startsWith('..') || !/\.(ts|tsx)$/.test(target)) continue; // JSON documents are data
      targets.add(target);
    }
    edges.set(toRel(root, file), targets);
  }
  return { root, edges };
}

/** Strongly connected components with more than one file (or a file importing itself): the import cycles. */
export function findCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.edges.get(v) ?? []) {
      if (!graph.edges.has(w)) continue;
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || graph.edges.get(v)!.has(v)) out.push(comp.sort());
    }
  };
  for (const v of [...graph.edges.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

/** The server's domain modules: `server/<name>/` except the shared infrastructure (lib/, db/) and workflows/. */
export const SERVER_INFRASTRUCTURE = new Set(['lib', 'db']);

/**
 * The module a server file belongs to: `server/<name>/…` → name; files directly in server/ (app.ts, main.ts,
 * health.ts: the composition root) → '' ; not a server file → null.
 */
export function serverModuleOf(file: string): string | null {
  const m = /^server\/(?:([^/]+)\/)?[^/]+$/.exec(file) ?? /^server\/([^/]+)\//.exec(file);
  if (!m) return null;
  return m[1] ?? '';
}

/** A module's public surface: `server/<name>/index.ts`. */
/** A module's index.ts; and, for the database wiring in server/db/ only, its schema.ts (its tables, for drizzle-kit and the
 * typed client) and seed.ts (its seed data, run by the seed runner). */
export const isPublicSurface = (file: string, from = '') =>
  /^server\/[^/]+\/index\.ts$/.test(file) || (from.startsWith('server/db/') && /^server\/[^/]+\/(schema|seed)\.ts$/.test(file));

/**
 * Cross-module imports on the server that break the rule "another module is reached only through its public
 * surface (index.ts), and server/workflows/ only from a routes.ts": importer → imported. Infrastructure (lib/, db/) may be imported anywhere; the composition
 * root (server/*.ts: app.ts, main.ts, health.ts) wires the modules' routes and may import any file.
 */
export function serverBoundaryViolations(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph.edges) {
    const a = serverModuleOf(from);
    if (a === null || a === '') continue; // the composition root (server/*.ts) wires everything
    for (const to of targets) {
      const b = serverModuleOf(to);
      if (b === null || b === a || b === '' || SERVER_INFRASTRUCTURE.has(b)) continue;
      if (isPublicSurface(to, from)) continue;
      // workflows are entered from the HTTP edge: a module's routes.ts (any depth) may call them
      if (b === 'workflows' && /\/routes\.ts$/.test(from)) continue;
      out.push(`${from} -> ${to}`);
    }
  }
  return out.sort();
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
 * of server/db/schema.ts in a server file whose module does not own `t` (`owners`: table export name → module).
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
