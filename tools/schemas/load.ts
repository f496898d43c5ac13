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
];

export interface LoadedDocument {
  kind: DocumentKind;
  id: string;
  /** relative to the repository root, forward slashes */
  file: string;
  json: any;
  pointers: Map<string, Located>;
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

export async function loadDocuments(
  rootDir: string,
): Promise<{ docs: LoadedDocument[]; errors: SchemaError[]; unparsable: Array<{ kind: DocumentKind; id: string }> }> {
  const docs: LoadedDocument[] = [];
  const unparsable: Array<{ kind: DocumentKind; id: string }> = [];
  const errors: SchemaError[] = [];
  for (const [folder, kind] of KIND_FOLDERS) {
    const dir = join(rootDir, folder);
    for (const name of await listJson(dir)) {
      const abs = join(dir, name);
      const file = relativeFile(rootDir, abs);
      const text = await readFile(abs, 'utf8');
      try {
        const { data, pointers } = parseWithPositions(text);
        docs.push({ kind, id: basename(name, '.json'), file, json: data, pointers });
      } catch (e) {
        if (!(e instanceof JsonSyntaxError)) throw e;
        errors.push({ file, pointer: '', line: e.line, column: e.column, message: `not valid JSON: ${e.message}` });
        unparsable.push({ kind, id: basename(name, '.json') });
      }
    }
  }
  return { docs, errors, unparsable };
}

/** The folder of the fixture store states (schemas/fixtures/<id>.json): checked, but not served as shop documents. */
export const FIXTURE_FOLDER = 'fixtures';

export interface LoadedFixture {
  id: string;
  file: string;
  json: any;
  pointers: Map<string, Located>;
}

/** Reads every schemas/fixtures/*.json with positions; syntax errors are reported like those of the documents. */
export async function loadFixtures(rootDir: string): Promise<{ fixtures: LoadedFixture[]; errors: SchemaError[] }> {
  const fixtures: LoadedFixture[] = [];
  const errors: SchemaError[] = [];
  const dir = join(rootDir, FIXTURE_FOLDER);
  for (const name of await listJson(dir)) {
    const abs = join(dir, name);
    const file = relativeFile(rootDir, abs);
    const text = await readFile(abs, 'utf8');
    try {
      const { data, pointers } = parseWithPositions(text);
      fixtures.push({ id: basename(name, '.json'), file, json: data, pointers });
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      errors.push({ file, pointer: '', line: e.line, column: e.column, message: `not valid JSON: ${e.message}` });
    }
  }
  return { fixtures, errors };
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
