/** Orchestrates the checks: parse, meta-schemas, ids, then cross-references. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { addApiSchema, createAjv, translateAjvErrors } from './ajv.js';
import { locate } from './jsonpos.js';
import { loadDocuments, loadFixtures, readJsonIfExists, relativeFile, type LoadedDocument } from './load.js';
import { checkReferences, type Report } from './crossref.js';
import { LOOSE_VOCABULARY_SCHEMA } from './vocabulary-schema.js';
import { META_BASE } from './spec.js';
import type { DocumentKind, FixtureDocument, SchemaDocument, SchemaError, Vocabulary } from './types.js';
import { checkFormatsFile } from './formats-check.js';
import { expandForChecking } from './check-expand.js';
import { checkLinks } from './links.js';
import { checkFormBindings, loadApiSet } from './form-bindings.js';
import { addStateSchemas } from './state-schemas.js';

export interface CheckOptions {
  /** use this vocabulary instead of reading schemas/meta/vocabulary.json */
  vocabulary?: Vocabulary;
}

/** Adds an error located by its pointer in a loaded document. */
export type { Report };

type Ajv = ReturnType<typeof createAjv>;

export async function checkTree(rootDir: string, opts: CheckOptions = {}): Promise<{ documents: SchemaDocument[]; errors: SchemaError[]; fixtures: FixtureDocument[] }> {
  const { docs: sourceDocs, errors, unparsable } = await loadDocuments(rootDir);
  const direct = directReporter(errors);

  // 0. fragments and forms that take another form's fields: checked (and served) expanded (check-expand.ts)
  const { docs, report } = expandForChecking(sourceDocs, direct);

  // 1. meta-schemas (and 2. id = file name)
  const metaDir = join(rootDir, 'meta');
  const ajv = await metaSchemaAjv(metaDir, join(rootDir, 'api'));
  // the store states' schemas, which components' props $ref as they do API payloads
  errors.push(...(await addStateSchemas(ajv, rootDir)));
  checkMetaSchemas(rootDir, metaDir, ajv, docs, errors, report);

  // 3. cross-references
  const vocabulary = opts.vocabulary ?? (await readVocabulary(rootDir, metaDir, errors));
  checkReferences(docs, vocabulary, report, ajv, unparsable);
  // internal links: every one must lead to an address some screen serves
  errors.push(...(await checkLinks(rootDir, docs, report)));

  // 4. every form's data schema compiles into the standalone validator the shop runs (no eval in the browser)
  await checkFormValidators(rootDir, ajv, docs, errors, report);

  // 4b. a form's declared submit: every field reaches the call's request body with limits no looser than the body's
  //     (a form whose data schema is already reported as invalid is left out: it would only say so again)
  const schemaBroken = (d: LoadedDocument) => errors.some((e) => e.file === d.file && (e.pointer === '/schema' || e.pointer.startsWith('/schema/')));
  checkFormBindings(docs.filter((d) => d.kind !== 'form' || !schemaBroken(d)), await loadApiSet(rootDir), report, vocabulary?.stores);

  // 5. fixture store states (schemas/fixtures): their meta-schema, id = file name, a title message key that exists
  const fixtures = await checkFixtures(rootDir, ajv, docs, errors);

  const documents: SchemaDocument[] = docs.map((d) => {
    const j = d.json as Record<string, unknown> | null;
    const version = j && typeof j === 'object' && typeof j.version === 'number' ? j.version : d.kind === 'messages' ? 1 : 0;
    return { kind: d.kind, id: d.id, file: d.file, version, json: d.json };
  });
  errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
  return { documents, errors, fixtures };
}

/** Reports into `errors` at a pointer of a document as written (its line and column, when the pointer is found). */
function directReporter(errors: SchemaError[]): Report {
  return (doc, pointer, message, extra = {}) => {
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
}

/**
 * An AJV instance that knows every meta-schema of `metaDir` (and the loose vocabulary schema), and the API schemas of
 * `apiDir` by their `$id` ("cart.json"), which a component's props schema may `$ref` ("cart.json#/$defs/Cart"); their
 * own formats are known to it, not checked (a prop's literal value is checked against its shape).
 */
async function metaSchemaAjv(metaDir: string, apiDir: string): Promise<Ajv> {
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
  let apiNames: string[] = [];
  try {
    apiNames = (await readdir(apiDir)).filter((n) => n.endsWith('.json') && n !== 'paths.json').sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  for (const name of apiNames) {
    const schema = (await readJsonIfExists(join(apiDir, name))) as Record<string, unknown> | undefined;
    if (!schema || typeof schema.$id !== 'string') continue;
    for (const f of formatsOf(schema)) if (!ajv.formats[f]) ajv.addFormat(f, true);
    addApiSchema(ajv, schema);
  }
  return ajv;
}

/** Every "format" name a schema uses (at any depth). */
function formatsOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) formatsOf(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'format' && typeof x === 'string') out.add(x);
      else formatsOf(x, out);
    }
  }
  return out;
}

/** Every document against the meta-schema of its kind, and its id against its file name. */
function checkMetaSchemas(rootDir: string, metaDir: string, ajv: Ajv, docs: LoadedDocument[], errors: SchemaError[], report: Report): void {
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
}

/** The vocabulary of components and actions (schemas/meta/vocabulary.json); its absence is an error. */
async function readVocabulary(rootDir: string, metaDir: string, errors: SchemaError[]): Promise<Vocabulary | undefined> {
  const v = await readJsonIfExists(join(metaDir, 'vocabulary.json'));
  if (v === undefined) {
    errors.push({ file: relativeFile(rootDir, join(metaDir, 'vocabulary.json')), pointer: '', message: 'the vocabulary of components and actions is missing — run "npm run schemas:types" to create it' });
    return undefined;
  }
  return v as Vocabulary;
}

/**
 * Every form's data schema compiles into the form's standalone validator, with the formats of
 * schemas/formats/formats.json (checked first: meta-schema, message keys, examples).
 */
async function checkFormValidators(rootDir: string, ajv: Ajv, docs: LoadedDocument[], errors: SchemaError[], report: Report): Promise<void> {
  const allKeys = new Set<string>();
  for (const d of docs) if (d.kind === 'messages' && d.json && typeof d.json === 'object') for (const k of Object.keys(d.json)) allKeys.add(k);
  const formats = await checkFormatsFile(rootDir, ajv.getSchema(`${META_BASE}formats.schema.json`), allKeys, errors);
  if (!formats) return;
  // RJSF's standalone compiler is heavy to import; a server whose schema set was checked before never needs it
  const { compileFormValidator } = await import('./validators.js');
  for (const doc of docs) {
    const schema = doc.kind === 'form' ? (doc.json as { schema?: unknown } | null)?.schema : undefined;
    if (!schema || typeof schema !== 'object') continue;
    // an invalid data schema is already reported; compiling it would only say so again
    if (errors.some((e) => e.file === doc.file && (e.pointer === '/schema' || e.pointer.startsWith('/schema/')))) continue;
    try {
      compileFormValidator(schema as never, formats);
    } catch (e) {
      report(doc, '/schema', `the data schema cannot be compiled into the form's validator: ${(e as Error).message}`);
    }
  }
}

async function checkFixtures(rootDir: string, ajv: ReturnType<typeof createAjv>, docs: LoadedDocument[], errors: SchemaError[]): Promise<FixtureDocument[]> {
  const loaded = await loadFixtures(rootDir);
  errors.push(...loaded.errors);
  if (loaded.fixtures.length === 0) return [];
  const validate = ajv.getSchema(`${META_BASE}fixture.schema.json`);
  const messageKeys = new Set<string>();
  for (const d of docs) if (d.kind === 'messages' && d.json && typeof d.json === 'object') for (const k of Object.keys(d.json)) messageKeys.add(k);
  const out: FixtureDocument[] = [];
  for (const fx of loaded.fixtures) {
    const add = (pointer: string, message: string, extra: { expected?: string; suggestion?: string; atKey?: boolean } = {}) => {
      const at = locate(fx.pointers, pointer, extra.atKey);
      const err: SchemaError = { file: fx.file, pointer, message };
      if (at) { err.line = at.line; err.column = at.column; }
      if (extra.expected !== undefined) err.expected = extra.expected;
      if (extra.suggestion !== undefined) err.suggestion = extra.suggestion;
      errors.push(err);
    };
    if (!validate) {
      add('', `no meta-schema for fixture documents: ${relativeFile(rootDir, join(rootDir, 'meta', 'fixture.schema.json'))} is missing`);
    } else if (!validate(fx.json)) {
      for (const e of translateAjvErrors(validate.errors, fx.json)) add(e.pointer, e.message, e);
    }
    const j = fx.json && typeof fx.json === 'object' && !Array.isArray(fx.json) ? (fx.json as Record<string, unknown>) : null;
    if (j) {
      if (typeof j.id === 'string' && j.id !== fx.id) add('/id', `id "${j.id}" differs from the file name — it must be "${fx.id}"`, { expected: JSON.stringify(fx.id), suggestion: fx.id });
      const key = j.title && typeof j.title === 'object' ? (j.title as { message?: unknown }).message : undefined;
      if (typeof key === 'string' && messageKeys.size > 0 && !messageKeys.has(key)) add('/title/message', `unknown message key "${key}" — add it with tools/messages-add.mjs or write the title as plain text`);
    }
    out.push({ id: fx.id, file: fx.file, version: j && typeof j.version === 'number' ? j.version : 0, json: fx.json });
  }
  return out;
}
