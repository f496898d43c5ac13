// Before the end-to-end files: one migrated and seeded PGlite folder (E2E_PGLITE_TEMPLATE, read by lib.ts startShop)
// that each file's server copies, instead of each migrating and seeding its own (about 15 s of CPU per file); and the
// server bundle they run.
// Playwright runs this once (playwright.config.ts globalSetup); what it returns runs after the last file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';

export default async function globalSetup(): Promise<() => void> {
  // the server bundle each file's production server runs (tools/start.mjs), built now when stale: the files' servers
  // start side by side and must not each build it into the same folder
  const prepared = spawnSync(process.execPath, ['tools/start.mjs', '--prepare', '--no-build'], { cwd: new URL('../..', import.meta.url).pathname, stdio: 'inherit' });
  if (prepared.status !== 0) throw new Error(`the server bundle could not be built (tools/start.mjs --prepare exited ${prepared.status})`);
  const template = mkdtempSync(join(tmpdir(), 'shop-e2e-template-'));
  const database = await openDatabase({ dataDir: template });
  await seedIfEmpty(database.db);
  await database.close();
  process.env.E2E_PGLITE_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
