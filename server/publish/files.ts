// The document files of a version: which folders of schemas/ are versioned in the database, their content hash, and
// a check of a whole set of them by the schema checker (tools/schemas) in a scratch folder: the versioned folders are
// written there from the version, every other entry of schemas/ (api, formats, meta, fixtures, types) is a symbolic
// link to the release's own folder — those are code, not documents, and come with each release.
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SchemaError } from '../../tools/schemas/index.js';
import { loadDocumentSet, SchemaSetError, type DocumentSet } from '../ui/index';

/** The folders of schemas/ whose documents are versioned (what analysts publish). */
export const VERSIONED_FOLDERS = ['screens', 'fragments', 'flows', 'forms', 'modals', 'messages', 'rules'] as const;

/** A set of documents: path relative to schemas/ ("screens/home.json") → its text. */
export type DocumentFiles = Map<string, string>;

const PATH = /^([a-z]+)\/([a-z0-9][a-z0-9._-]{0,80}\.json)$/;

/** A path a version may hold: a versioned folder and a plain file name. */
export function isVersionedPath(path: string): boolean {
  const m = PATH.exec(path);
  return !!m && !m[2].includes('..') && (VERSIONED_FOLDERS as readonly string[]).includes(m[1]);
}

/** The versioned documents of a schemas/ folder (the baseline of a release). */
export async function readDocumentFiles(schemasDir: string): Promise<DocumentFiles> {
  const files: DocumentFiles = new Map();
  for (const folder of VERSIONED_FOLDERS) {
    let names: string[];
    try {
      names = await readdir(join(schemasDir, folder));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const path = `${folder}/${name}`;
      if (isVersionedPath(path)) files.set(path, await readFile(join(schemasDir, folder, name), 'utf8'));
    }
  }
  return files;
}

export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/** sha256 over the sorted paths and texts: equal sets have equal hashes. */
export function contentHash(files: DocumentFiles): string {
  const h = createHash('sha256');
  for (const path of [...files.keys()].sort()) h.update(path).update('\0').update(files.get(path)!).update('\0');
  return h.digest('hex');
}

/** Writes the set into a scratch `schemas/` folder beside links to the release's other entries; answers its path and a cleanup. */
async function scratchOf(schemasDir: string, files: DocumentFiles): Promise<{ root: string; done: () => Promise<void> }> {
  const scratch = await mkdtemp(join(tmpdir(), 'ui-version-'));
  const root = join(scratch, 'schemas');
  await mkdir(root);
  for (const entry of await readdir(schemasDir)) {
    if (!(VERSIONED_FOLDERS as readonly string[]).includes(entry)) await symlink(join(schemasDir, entry), join(root, entry));
  }
  for (const [path, text] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return { root, done: () => rm(scratch, { recursive: true, force: true }) };
}

export type CheckedSet = { set: DocumentSet; errors?: undefined } | { set?: undefined; errors: SchemaError[] };

/** Checks the whole set (the full checker) and, when it passes, builds the served set (validators compiled). */
export async function checkDocumentFiles(schemasDir: string, files: DocumentFiles): Promise<CheckedSet> {
  const { root, done } = await scratchOf(schemasDir, files);
  try {
    return { set: await loadDocumentSet(root, { strict: true }) };
  } catch (e) {
    if (e instanceof SchemaSetError) return { errors: e.errors };
    throw e;
  } finally {
    await done();
  }
}

/** Only the checker's errors (a draft being edited: no validators compiled). */
export async function schemaErrorsOf(schemasDir: string, files: DocumentFiles): Promise<SchemaError[]> {
  const { root, done } = await scratchOf(schemasDir, files);
  try {
    const { loadAndCheck } = await import('../../tools/schemas/index.js');
    return (await loadAndCheck(root)).errors;
  } finally {
    await done();
  }
}
