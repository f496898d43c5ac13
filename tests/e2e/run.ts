// Runs the end-to-end files (node:test), each against its own production server. The servers
// start from a copy of one migrated and seeded PGlite folder made here once (E2E_PGLITE_TEMPLATE, read by
// lib.ts startShop), instead of each migrating and seeding its own (about 15 s of CPU per file).
// Usage: tsx tests/e2e/run.ts [files…] (default: every tests/e2e/*.e2e.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { ROOT } from './lib';

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.e2e.ts')).sort().map((f) => join('tests/e2e', f));

/** Two files side by side by default (each with its own server and Chromium); E2E_CONCURRENCY=n sets n (1: one at a
 *  time). Measured on two cores (2026-11-28, 30 files): one at a time 641 s, two 524 s, three 503 s. Much of a file is
 *  waiting (the network settling, a gateway's redirect), but the files' work is CPU: two at a time make each file
 *  about 1.6 times slower (a11y.e2e.ts, first in the order, 143 → 238 s), so more lanes gain little and only stretch
 *  the waits the tests allow. */
const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 2);

const template = mkdtempSync(join(tmpdir(), 'shop-e2e-template-'));
let status = 1;
try {
  const database = await openDatabase({ dataDir: template });
  await seedIfEmpty(database.db);
  await database.close();
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${CONCURRENCY}`, ...files], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_PGLITE_TEMPLATE: template },
  });
  status = run.status ?? 1;
} finally {
  rmSync(template, { recursive: true, force: true });
}
process.exit(status);
