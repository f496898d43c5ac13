/**
 * Reads of another module's tables (issue 28 "Server modules"): a module reads its own tables and asks the owner
 * module (a function its index.ts exports) for anything else. A server file that imports a table from
 * server/db/tables.ts (every module's tables, gathered for drizzle) or from a schema.ts does not show in the module
 * graph (tools/modules/graph.ts counts those imports as the database's wiring), so this check reads the imports
 * itself. tests/unit/tooling/table-reads.test.ts holds the shrink-only allowance list of the downward reads; an
 * upward read (a table of a module of the same or a higher level) is never allowed.
 *
 * What counts:
 * - every `.ts` file under server/ but the table declarations (a module's schema.ts: its foreign keys point at other
 *   modules' tables), the database's wiring (server/db/**, the first start's seed in server/db/seed/ included), the
 *   seeds of the modules (a file whose name holds `seed`: seed.ts, seed-lines.ts, seed-data.ts… load every module's
 *   data before any module runs) and the composition root (server/*.ts: no module);
 * - a table is an identifier of TABLE_OWNERS imported by name (`import { orders } from '../db/tables'`; `type`
 *   imports and `x as y` count, by the imported name) or used through a namespace import (`import * as s from
 *   '../db/tables'`, then `s.orders`) from server/db/tables.ts or from any server/<folder>/schema.ts;
 * - a read is foreign when the table's owner (TABLE_OWNERS) is not the file's module (declaredModuleOf: the longest
 *   declared folder of tools/modules/levels.json); `down` when the owner's level is below the file's module's level,
 *   `up` otherwise (the same level is not below).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { declaredModuleOf, type ModuleLevels } from './graph';

/** One foreign table read: the file, the table (its export name), the owner module and the direction. */
export interface TableRead { file: string; table: string; owner: string; direction: 'down' | 'up' }

/** The files whose table imports are declarations, wiring or seed data rather than a module's reads. */
export function isExemptFile(file: string): boolean {
  return /^server\/[^/]+\.ts$/.test(file) // the composition root
    || file.startsWith('server/db/')
    || /^server\/.+\/schema\.ts$/.test(file)
    || /seed[^/]*\.ts$/.test(posix.basename(file));
}

/** Whether an import specifier of `file` points at the gathered tables or at a schema.ts. */
function isTableModule(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return false;
  const target = posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.ts$/, '');
  return target === 'server/db/tables' || /^server\/(?:[^/]+\/)+schema$/.test(target);
}

/** Every import of `text` (a file at `file`), with the imported names and, for `* as ns`, the namespace's name. */
const IMPORT = /import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+(\w+))\s+from\s+'([^']+)'/g;

/** The table identifiers a file imports from server/db/tables.ts or a schema.ts (its own module's included). */
export function tablesUsed(file: string, text: string, owners: Record<string, string>): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(IMPORT)) {
    if (!isTableModule(file, m[3]!)) continue;
    if (m[1] !== undefined) {
      for (const part of m[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
        if (name in owners) out.add(name);
      }
    } else {
      for (const use of text.matchAll(new RegExp(`\\b${m[2]!}\\.(\\w+)`, 'g'))) if (use[1]! in owners) out.add(use[1]!);
    }
  }
  return [...out].sort();
}

/** The `.ts` files under server/ of `root` (repository-relative, forward slashes), sorted. */
export function serverFiles(root: string): string[] {
  return (readdirSync(join(root, 'server'), { recursive: true }) as string[])
    .map((f) => `server/${f.split('\\').join('/')}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes('/migrations/'))
    .sort();
}

/**
 * Every foreign table read of the server's hand-written files (see the file's comment for what counts), sorted by
 * file then table. `owners`: table export name → module (tools/modules/rules.ts TABLE_OWNERS).
 */
export function foreignTableReads(root: string, owners: Record<string, string>, levels: ModuleLevels, files = serverFiles(root)): TableRead[] {
  const level = new Map(levels.modules.map((m) => [m.module, m.level]));
  const out: TableRead[] = [];
  for (const file of files) {
    const mod = declaredModuleOf(file, levels);
    if (!mod || isExemptFile(file)) continue;
    for (const table of tablesUsed(file, readFileSync(join(root, file), 'utf8'), owners)) {
      const owner = owners[table]!;
      if (owner === mod) continue;
      const down = (level.get(owner) ?? Infinity) < (level.get(mod) ?? -Infinity);
      out.push({ file, table, owner, direction: down ? 'down' : 'up' });
    }
  }
  return out;
}

/** A read as one line of the allowance list: `file table owner direction`. */
export const readLine = (r: TableRead): string => `${r.file} ${r.table} ${r.owner} ${r.direction}`;
