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

/** Files run one at a time by default. E2E_CONCURRENCY=n runs n side by side (each with its own server and Chromium);
 *  on two cores three at a time took as long as one at a time (28 vs 29 min) and made the slowest file twice as slow. */
const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 1);

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
