// npm run ui:export [-- --version N] [-- --out DIR]: writes the live published version of the UI documents (or version
// N) from the database back to files — schemas/ by default — so that what analysts published can be reviewed and
// committed (issue 29, docs/OPERATIONS.md "Publishing"). Versioned documents the version does not hold are removed.
// The database: DATABASE_URL (PostgreSQL), else the PGlite folder PGLITE_DIR (default data/pglite; stop the server
// first: PGlite has one user at a time).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/index';
import { readDocumentFiles } from '../server/publish/files';
import { liveRow, versionFiles } from '../server/publish/store';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function exportVersion(db: Parameters<typeof versionFiles>[0], outDir: string, version?: number): Promise<{ version: number; written: number; removed: number }> {
  const id = version ?? (await liveRow(db))?.versionId;
  if (!id) throw new Error('No published version: the database has not been started in database mode yet.');
  const files = await versionFiles(db, id);
  if (!files) throw new Error(`No version ${id}.`);
  const existing = await readDocumentFiles(outDir);
  let written = 0;
  for (const [path, text] of files) {
    if (existing.get(path) === text) continue;
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await writeFile(join(outDir, path), text);
    written += 1;
  }
  let removed = 0;
  for (const path of existing.keys()) {
    if (!files.has(path)) { await rm(join(outDir, path)); removed += 1; }
  }
  return { version: id, written, removed };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const version = arg('--version') ? Number(arg('--version')) : undefined;
  if (version !== undefined && !(Number.isInteger(version) && version > 0)) throw new Error('--version takes a version number');
  const outDir = resolve(arg('--out') ?? join(root, 'schemas'));
  await readdir(outDir); // the folder must exist
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR ?? join(root, 'data', 'pglite') });
  try {
    const r = await exportVersion(database.db, outDir, version);
    console.log(`UI documents of version ${r.version} written to ${outDir}: ${r.written} changed, ${r.removed} removed.`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
}
