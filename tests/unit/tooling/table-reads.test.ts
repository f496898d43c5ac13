// @vitest-environment node
/**
 * A module reads only its own tables (issue 28 "Server modules"): a server file that reads another module's table
 * (imported from server/db/tables.ts or a schema.ts, which the module graph does not count) is listed by
 * tools/modules/table-reads.ts. A read of a module below the file's own is allowed while FOREIGN_TABLE_READS lists it
 * (shrink-only: a new read fails, and a listed read that no longer occurs fails too); a read of a module of the same
 * or a higher level (`up`) is never allowed — call a function the owner's index.ts exports (through server/workflows/
 * when the owner sits above), as docs/modules/server.md "Tables of other modules" says.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModuleLevels } from '../../../tools/modules/graph';
import { foreignTableReads, readLine, serverFiles } from '../../../tools/modules/table-reads';
import { TABLE_OWNERS } from '../../../tools/modules/rules';
import LEVELS_JSON from '../../../tools/modules/levels.json' with { type: 'json' };

const ROOT = resolve(import.meta.dirname, '../../..');
const LEVELS: ModuleLevels = LEVELS_JSON;

/** The downward reads of another module's tables not moved to the owner yet, as `file table owner down`. May only shrink (empty: all moved). */
const FOREIGN_TABLE_READS: string[] = [];

describe('a module reads only its own tables', () => {
  it('finds a foreign read, up or down (the check itself, on made-up files)', () => {
    const root = mkdtempSync(join(tmpdir(), 'table-reads-'));
    try {
      const put = (f: string, text: string) => { mkdirSync(join(root, f, '..'), { recursive: true }); writeFileSync(join(root, f), text); };
      put('server/db/tables.ts', "export * from '../a/schema';\nexport * from '../b/schema';\n");
      put('server/a/schema.ts', "export const things = table('things');\n");
      put('server/b/schema.ts', "import { things } from '../a/schema';\nexport const orders = table('orders', { thing: ref(things) });\n");
      // a reads b's orders (up), by name and renamed, and its own things (not foreign)
      put('server/a/service.ts', "import { things } from './schema';\nimport {\n  orders as o,\n  type Nope,\n} from '../db/tables';\nselect(o, things);\n");
      // b reads a's things (down) through a namespace import, and its own orders through ../b/schema
      put('server/b/deep/read.ts', "import * as t from '../../db/tables';\nimport { orders } from '../schema';\nselect(t.things, t.orders, orders);\n");
      // not counted: the database's wiring, a seed, the composition root, an unrelated import
      put('server/db/seed/x.ts', "import { orders } from '../tables';\n");
      put('server/a/seed-data.ts', "import { orders } from '../db/tables';\n");
      put('server/app.ts', "import { orders } from './db/tables';\n");
      put('server/a/other.ts', "import { orders } from './orders-view';\n");
      const levels: ModuleLevels = { routesEnter: 'workflows', modules: [
        { module: 'db', level: 0, why: '' }, { module: 'a', level: 1, why: '' }, { module: 'b', level: 2, why: '' },
      ] };
      const owners = { things: 'a', orders: 'b' };
      expect(serverFiles(root)).toContain('server/b/deep/read.ts');
      expect(foreignTableReads(root, owners, levels).map(readLine)).toEqual([
        'server/a/service.ts orders b up',
        'server/b/deep/read.ts things a down',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  const found = foreignTableReads(ROOT, TABLE_OWNERS, LEVELS);

  it('no module reads a table of a module of its own or a higher level (no `up` read)', () => {
    expect(found.filter((r) => r.direction === 'up').map(readLine),
      'call a function of the owner module (its index.ts), through server/workflows/ when the owner sits above').toEqual([]);
  });

  it('no downward foreign read but the FOREIGN_TABLE_READS not moved yet (the list only shrinks)', () => {
    const lines = found.filter((r) => r.direction === 'down').map(readLine);
    expect(lines.filter((l) => !FOREIGN_TABLE_READS.includes(l)), 'call a function the owner module\'s index.ts exports instead').toEqual([]);
    expect(FOREIGN_TABLE_READS.filter((k) => !lines.includes(k)), 'remove these lines from FOREIGN_TABLE_READS').toEqual([]);
  });
});
