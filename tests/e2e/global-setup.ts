// Before the end-to-end files: one migrated and seeded PGlite folder (E2E_PGLITE_TEMPLATE, read by lib.ts startShop)
// that each file's server copies, instead of each migrating and seeding its own (about 15 s of CPU per file).
// Playwright runs this once (playwright.config.ts globalSetup); what it returns runs after the last file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';

export default async function globalSetup(): Promise<() => void> {
  const template = mkdtempSync(join(tmpdir(), 'shop-e2e-template-'));
  const database = await openDatabase({ dataDir: template });
  await seedIfEmpty(database.db);
  await database.close();
  process.env.E2E_PGLITE_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
