/** Orchestrates the checks: parse, meta-schemas, ids, then cross-references. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createAjv, translateAjvErrors } from './ajv.js';
import { locate } from './jsonpos.js';
import { loadDocuments, readJsonIfExists, relativeFile, type LoadedDocument } from './load.js';
import { checkReferences } from './crossref.js';
import { LOOSE_VOCABULARY_SCHEMA } from './vocabulary-schema.js';
import { META_BASE } from './spec.js';
import type { DocumentKind, SchemaDocument, SchemaError, Vocabulary } from './types.js';

export interface CheckOptions {
  /** use this vocabulary instead of reading schemas/meta/vocabulary.json */
  vocabulary?: Vocabulary;
}

/** Adds an error located by its pointer in a loaded document. */
export type Report = (doc: LoadedDocument, pointer: string, message: string, extra?: { expected?: string; suggestion?: string; atKey?: boolean }) => void;

export async function checkTree(rootDir: string, opts: CheckOptions = {}): Promise<{ documents: SchemaDocument[]; errors: SchemaError[] }> {
  const { docs, errors, unparsable } = await loadDocuments(rootDir);
  const report: Report = (doc, pointer, message, extra = {}) => {
    const at = locate(doc.pointers, pointer, extra.atKey);
    const err: SchemaError = { file: doc.file, pointer, message };
    if (at) {
      err.line = at.line;
      err.column = at.column;
    }
    if (extra.expected !== undefined) err.expected = extra.expected;
    if (extra.suggestion !== undefined) err.suggestion = extra.suggestion;
    errors.push(err);
  };

  // 1. meta-schemas
  const metaDir = join(rootDir, 'meta');
  const ajv = createAjv();
  ajv.addSchema(LOOSE_VOCABULARY_SCHEMA);
  let metaNames: string[] = [];
  try {
    metaNames = (await readdir(metaDir)).filter((n) => n.endsWith('.schema.json')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  for (const name of metaNames) {
    const schema = (await readJsonIfExists(join(metaDir, name))) as Record<string, unknown>;
    ajv.addSchema(schema);
  }
  const validators = new Map<DocumentKind, ReturnType<typeof ajv.compile> | undefined>();
  const validatorFor = (kind: DocumentKind) => {
    if (!validators.has(kind)) {
      const s = ajv.getSchema(`${META_BASE}${kind}.schema.json`);
      validators.set(kind, s);
    }
    return validators.get(kind);
  };

  for (const doc of docs) {
    const validate = validatorFor(doc.kind);
    if (!validate) {
      errors.push({ file: doc.file, pointer: '', message: `no meta-schema for ${doc.kind} documents: ${relativeFile(rootDir, join(metaDir, `${doc.kind}.schema.json`))} is missing` });
      continue;
    }
    if (!validate(doc.json)) {
      for (const e of translateAjvErrors(validate.errors, doc.json)) report(doc, e.pointer, e.message, e);
    }
    // 2. id = file name
    const json = doc.json as Record<string, unknown> | null;
    if (json && typeof json === 'object' && !Array.isArray(json) && typeof json.id === 'string' && json.id !== doc.id) {
      report(doc, '/id', `id "${json.id}" differs from the file name — it must be "${doc.id}"`, { expected: JSON.stringify(doc.id), suggestion: doc.id });
    }
  }

  // 3. cross-references
  let vocabulary = opts.vocabulary;
  if (!vocabulary) {
    const v = await readJsonIfExists(join(metaDir, 'vocabulary.json'));
    if (v === undefined) {
      errors.push({ file: relativeFile(rootDir, join(metaDir, 'vocabulary.json')), pointer: '', message: 'the vocabulary of components and actions is missing — run "npm run schemas:types" to create it' });
    } else vocabulary = v as Vocabulary;
  }
  checkReferences(docs, vocabulary, report, ajv, unparsable);

  const documents: SchemaDocument[] = docs.map((d) => {
    const j = d.json as Record<string, unknown> | null;
    const version = j && typeof j === 'object' && typeof j.version === 'number' ? j.version : d.kind === 'messages' ? 1 : 0;
    return { kind: d.kind, id: d.id, file: d.file, version, json: d.json };
  });
  errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
  return { documents, errors };
}
