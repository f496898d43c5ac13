// A draft of one schema document checked together with the rest of the set, and saved only when the whole set
// passes. The checker (tools/schemas loadAndCheck) runs on a scratch folder whose entries are symbolic links to
// the real schemas/ folder, except the draft's own folder, which holds links to its siblings and the draft itself:
// nothing is copied, nothing in schemas/ changes until a save.
import { mkdtemp, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SchemaError } from '../../tools/schemas/index.js';

/** Folders of schemas/ the studio edits (fixtures: the preview's store states, when the folder exists). */
export const EDITABLE_FOLDERS = ['screens', 'fragments', 'flows', 'forms', 'modals', 'rules', 'messages', 'fixtures'] as const;
export type EditableFolder = (typeof EDITABLE_FOLDERS)[number];

/** A document's address in the studio: as the checker names files, "schemas/<folder>/<id>.json". */
export interface DraftFile { folder: EditableFolder; name: string; file: string }

const FILE = /^schemas\/([a-z]+)\/([a-z0-9][a-z0-9._-]{0,80}\.json)$/i;

export function parseDraftFile(file: string): DraftFile | null {
  const m = FILE.exec(file);
  if (!m || m[2].includes('..') || !(EDITABLE_FOLDERS as readonly string[]).includes(m[1])) return null;
  return { folder: m[1] as EditableFolder, name: m[2], file };
}

export interface CheckResult { errors: SchemaError[]; ms: number }

/** Checks the whole set with `text` in place of `draft` (the file may be new). */
export async function checkDraft(schemasDir: string, draft: DraftFile, text: string): Promise<CheckResult> {
  const started = Date.now();
  const scratch = await mkdtemp(join(tmpdir(), 'studio-check-'));
  try {
    const root = join(scratch, 'schemas');
    await mkdir(root);
    for (const entry of await readdir(schemasDir)) {
      if (entry !== draft.folder) await symlink(join(schemasDir, entry), join(root, entry));
    }
    const folder = join(root, draft.folder);
    await mkdir(folder);
    let siblings: string[] = [];
    try {
      siblings = await readdir(join(schemasDir, draft.folder));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    for (const s of siblings) if (s !== draft.name) await symlink(join(schemasDir, draft.folder, s), join(folder, s));
    await writeFile(join(folder, draft.name), text);
    const { loadAndCheck } = await import('../../tools/schemas/index.js');
    const { errors } = await loadAndCheck(root);
    return { errors, ms: Date.now() - started };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function readDraftSource(schemasDir: string, draft: DraftFile): Promise<string | null> {
  try {
    return await readFile(join(schemasDir, draft.folder, draft.name), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Writes the file atomically (a temporary file renamed over it), so the watcher never reads half a file. */
export async function writeDraft(schemasDir: string, draft: DraftFile, text: string): Promise<void> {
  const dir = join(schemasDir, draft.folder);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${draft.name}.${process.pid}.${Date.now()}.tmp`);
  await writeFile(tmp, text);
  await rename(tmp, join(dir, draft.name));
}
