/** Reads every document under schemas/ and parses it with positions. */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { JsonSyntaxError, parseWithPositions, type Located } from './jsonpos.js';
import type { DocumentKind, SchemaError } from './types.js';

export const KIND_FOLDERS: ReadonlyArray<readonly [string, DocumentKind]> = [
  ['screens', 'screen'],
  ['flows', 'flow'],
  ['forms', 'form'],
  ['modals', 'modal'],
  ['messages', 'messages'],
  ['fragments', 'fragment'],
  ['rules', 'rule'],
];

export interface LoadedDocument extends ParsedFile {
  kind: DocumentKind;
}

/** The repository root is the parent of the schemas/ folder. */
export function relativeFile(rootDir: string, abs: string): string {
  return relative(dirname(resolve(rootDir)), abs).split(sep).join('/');
}

async function listJson(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names.filter((n) => n.endsWith('.json')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** One parsed JSON file of a folder, with the positions of its values. */
interface ParsedFile {
  id: string;
  /** relative to the repository root, forward slashes */
  file: string;
  json: unknown;
  pointers: Map<string, Located>;
}

/** Reads and parses every *.json of `folder`; a file that is not valid JSON becomes an error with line and column. */
async function readFolder(rootDir: string, folder: string): Promise<{ parsed: ParsedFile[]; errors: SchemaError[]; unparsable: string[] }> {
  const parsed: ParsedFile[] = [];
  const errors: SchemaError[] = [];
  const unparsable: string[] = [];
  const dir = join(rootDir, folder);
  for (const name of await listJson(dir)) {
    const abs = join(dir, name);
    const file = relativeFile(rootDir, abs);
    const text = await readFile(abs, 'utf8');
    try {
      const { data, pointers } = parseWithPositions(text);
      parsed.push({ id: basename(name, '.json'), file, json: data, pointers });
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      errors.push({ file, pointer: '', line: e.line, column: e.column, message: `not valid JSON: ${e.message}` });
      unparsable.push(basename(name, '.json'));
    }
  }
  return { parsed, errors, unparsable };
}

export async function loadDocuments(
  rootDir: string,
): Promise<{ docs: LoadedDocument[]; errors: SchemaError[]; unparsable: Array<{ kind: DocumentKind; id: string }> }> {
  const docs: LoadedDocument[] = [];
  const unparsable: Array<{ kind: DocumentKind; id: string }> = [];
  const errors: SchemaError[] = [];
  for (const [folder, kind] of KIND_FOLDERS) {
    const r = await readFolder(rootDir, folder);
    for (const p of r.parsed) docs.push({ kind, ...p });
    errors.push(...r.errors);
    for (const id of r.unparsable) unparsable.push({ kind, id });
  }
  return { docs, errors, unparsable };
}

/** The folder of the fixture store states (schemas/fixtures/<id>.json): checked, but not served as shop documents. */
export const FIXTURE_FOLDER = 'fixtures';

/** A fixture file (schemas/fixtures/<id>.json), parsed with positions. */
export type LoadedFixture = ParsedFile;

/** Reads every schemas/fixtures/*.json with positions; syntax errors are reported like those of the documents. */
export async function loadFixtures(rootDir: string): Promise<{ fixtures: LoadedFixture[]; errors: SchemaError[] }> {
  const { parsed, errors } = await readFolder(rootDir, FIXTURE_FOLDER);
  return { fixtures: parsed, errors };
}

/** The folder of the store states' JSON Schemas (schemas/state/<store>.json, $id "state.<store>.json"): issue 28. */
export const STATE_FOLDER = 'state';

/** Reads every schemas/state/*.json with positions; syntax errors are reported like those of the documents. */
export async function loadStateSchemas(rootDir: string): Promise<{ files: ParsedFile[]; errors: SchemaError[] }> {
  const { parsed, errors } = await readFolder(rootDir, STATE_FOLDER);
  return { files: parsed, errors };
}

/** Reads one JSON file of the meta folder; undefined when absent. */
export async function readJsonIfExists(abs: string): Promise<unknown | undefined> {
  try {
    return JSON.parse(await readFile(abs, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}
