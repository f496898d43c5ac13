/** Orchestrates the checks: parse, meta-schemas, ids, then cross-references. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createAjv, translateAjvErrors } from './ajv.js';
import { escapePointer, locate } from './jsonpos.js';
import { loadDocuments, loadFixtures, readJsonIfExists, relativeFile, type LoadedDocument } from './load.js';
import { checkReferences, type Report } from './crossref.js';
import { LOOSE_VOCABULARY_SCHEMA } from './vocabulary-schema.js';
import { META_BASE } from './spec.js';
import type { DocumentKind, FixtureDocument, SchemaDocument, SchemaError, Vocabulary } from './types.js';
import { checkFormatsFile } from './formats-check.js';
import { expandDocument, isParamRef, type FragmentDoc, type NodeOrigin } from './fragments.js';
import { expandFormIncludes } from './form-includes.js';
import { checkLinks } from './links.js';
import { checkFormBindings, loadApiSet } from './form-bindings.js';

export interface CheckOptions {
  /** use this vocabulary instead of reading schemas/meta/vocabulary.json */
  vocabulary?: Vocabulary;
}

/** Adds an error located by its pointer in a loaded document. */
export type { Report };

export async function checkTree(rootDir: string, opts: CheckOptions = {}): Promise<{ documents: SchemaDocument[]; errors: SchemaError[]; fixtures: FixtureDocument[] }> {
  const { docs: sourceDocs, errors, unparsable } = await loadDocuments(rootDir);
  const direct: Report = (doc, pointer, message, extra = {}) => {
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

  // 0. fragments: screens and modals are checked (and served) with every include replaced by the fragment's nodes;
  //    a problem found in an included node is reported in the fragment's file, naming the include
  const fragmentDocs = new Map(sourceDocs.filter((d) => d.kind === 'fragment').map((d) => [d.id, d]));
  const fragmentJson = new Map<string, FragmentDoc>();
  for (const [id, d] of fragmentDocs) if (d.json && typeof d.json === 'object' && Array.isArray(d.json.body)) fragmentJson.set(id, d.json as FragmentDoc);
  const expandedOf = new Map<LoadedDocument, { src: LoadedDocument; origins: Map<string, NodeOrigin> }>();
  const usedFragments = new Set<string>();
  const expansionProblems: Array<() => void> = [];
  // forms that take another form's fields ("fieldsOf") are checked (and served) with those fields in place; a problem
  // in a taken field is reported at the "fieldsOf" (the positions of the form's own file stay)
  const formJson = new Map(sourceDocs.filter((d) => d.kind === 'form').map((d) => [d.id, d.json as unknown]));
  const docs: LoadedDocument[] = sourceDocs.map((doc) => {
    if (doc.kind === 'form') {
      const x = expandFormIncludes(doc.json, (id) => formJson.get(id), () => [...formJson.keys()]);
      for (const p of x.problems) expansionProblems.push(() => direct(doc, p.pointer, p.message, { suggestion: p.suggestion }));
      return x.used.size === 0 && x.problems.length === 0 ? doc : { ...doc, json: x.json };
    }
    if ((doc.kind !== 'screen' && doc.kind !== 'modal') || !doc.json || typeof doc.json !== 'object') return doc;
    const x = expandDocument(doc.json, fragmentJson);
    for (const f of x.used) usedFragments.add(f);
    for (const p of x.problems) {
      const extra = { suggestion: p.suggestion, atKey: p.atKey };
      if (p.fragment === null) {
        expansionProblems.push(() => direct(doc, p.pointer, p.message, extra));
        continue;
      }
      // a problem in a value the fragment took from an argument is reported where the argument is written
      expansionProblems.push(() => {
        const at = argumentOrigin(doc, { fragment: p.fragment, pointer: p.pointer, includedAt: p.includedAt ?? [] }, p.pointer);
        if (at.doc === doc) direct(doc, at.pointer, `${p.message} (${at.via})`, extra);
        else direct(at.doc, at.pointer, `${p.message} (${at.via ? `${at.via}, ` : ''}in the fragment included by ${doc.file})`, extra);
      });
    }
    // a document with includes is checked expanded even when they drew nothing (an unknown fragment is reported as
    // such, not its include node as a node without "component")
    if (x.origins.size === 0 && x.used.size === 0 && x.problems.length === 0) return doc;
    const expanded: LoadedDocument = { ...doc, json: x.json };
    expandedOf.set(expanded, { src: doc, origins: x.origins });
    return expanded;
  });
  const report: Report = (doc, pointer, message, extra = {}) => {
    const x = expandedOf.get(doc);
    if (!x) return direct(doc, pointer, message, extra);
    let p = pointer;
    for (;;) {
      const origin = x.origins.get(p);
      if (origin) {
        const srcPointer = origin.pointer + pointer.slice(p.length);
        if (origin.fragment === null) return direct(x.src, srcPointer, message, extra);
        // a value a fragment took from its arguments is reported where the argument is written: the include in the
        // screen or modal (or in the fragment that passed it on), else at the parameter's default
        const at = argumentOrigin(x.src, origin, srcPointer);
        if (at.doc === x.src) return direct(x.src, at.pointer, `${message} (${at.via})`, extra);
        const first = origin.includedAt[0];
        const inc = first ? locate(x.src.pointers, first.pointer) : undefined;
        const where = `${x.src.file}${inc ? `:${inc.line}:${inc.column}` : ''}`;
        return direct(at.doc, at.pointer, `${message} (${at.via ? `${at.via}, ` : ''}in fragment "${origin.fragment}" as included by ${where})`, extra);
      }
      if (p === '') return direct(x.src, pointer, message, extra);
      p = p.slice(0, p.lastIndexOf('/'));
    }
  };
  /**
   * Follows a pointer into a fragment's own file back through `{ "$param": name }` values to where the value was
   * written: an include's `args/<name>` (up the chain of includes), or the parameter's default in the fragment.
   */
  const argumentOrigin = (src: LoadedDocument, origin: NodeOrigin, pointer: string): { doc: LoadedDocument; pointer: string; via: string } => {
    let frag = origin.fragment!;
    let ptr = pointer;
    let chain = origin.includedAt;
    let via = '';
    for (;;) {
      const fdoc = fragmentDocs.get(frag)!;
      const hit = throughParam(fdoc.json, ptr);
      if (!hit) return { doc: fdoc, pointer: ptr, via };
      const param = valueAt(fdoc.json, `/params/${escapePointer(hit.name)}`);
      // an undeclared parameter, or one left without a value, is the fragment's own problem (reported as such)
      if (!param || typeof param !== 'object') return { doc: fdoc, pointer: ptr, via };
      const inc = chain[chain.length - 1];
      const incDoc = !inc ? undefined : inc.fragment === null ? src : fragmentDocs.get(inc.fragment);
      const args = incDoc ? valueAt(incDoc.json, `${inc.pointer}/args`) : undefined;
      if (!inc || !incDoc || !args || typeof args !== 'object' || !Object.hasOwn(args, hit.name)) {
        if ((param as { default?: unknown }).default === undefined) return { doc: fdoc, pointer: ptr, via };
        return { doc: fdoc, pointer: `/params/${escapePointer(hit.name)}/default${hit.rest}`, via: `the default of parameter "${hit.name}"` };
      }
      via = `the argument "${hit.name}" of fragment "${frag}"`;
      ptr = `${inc.pointer}/args/${escapePointer(hit.name)}${hit.rest}`;
      if (inc.fragment === null) return { doc: src, pointer: ptr, via };
      frag = inc.fragment;
      chain = chain.slice(0, -1);
    }
  };
  for (const run of expansionProblems) run();
  for (const [id, d] of fragmentDocs) {
    if (!usedFragments.has(id) && fragmentJson.has(id)) direct(d, '/id', `fragment "${id}" is included by no screen or modal, so nothing checks its nodes — include it ({ "fragment": "${id}", "args": { … } }) or delete the file`);
  }

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
  // internal links: every one must lead to an address some screen serves
  errors.push(...(await checkLinks(rootDir, docs, report)));

  // 4. every form's data schema compiles into the standalone validator the shop runs (no eval in the browser)
  //    (with the formats of schemas/formats/formats.json, checked first: meta-schema, message keys, examples)
  const allKeys = new Set<string>();
  for (const d of docs) if (d.kind === 'messages' && d.json && typeof d.json === 'object') for (const k of Object.keys(d.json)) allKeys.add(k);
  const formats = await checkFormatsFile(rootDir, ajv.getSchema(`${META_BASE}formats.schema.json`), allKeys, errors);
  if (formats) {
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

const unescapeSegment = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a JSON Pointer, or undefined. */
function valueAt(json: unknown, pointer: string): unknown {
  let v = json;
  for (const seg of pointer.split('/').slice(1).map(unescapeSegment)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/** Where a pointer passes through a `{ "$param": name }` value: the name and the rest of the pointer beyond it. */
function throughParam(json: unknown, pointer: string): { name: string; rest: string } | null {
  const segs = pointer.split('/').slice(1);
  let v = json;
  for (let i = 0; i < segs.length; i++) {
    if (v === null || typeof v !== 'object') return null;
    v = (v as Record<string, unknown>)[unescapeSegment(segs[i])];
    if (isParamRef(v)) return { name: v.$param, rest: segs.slice(i + 1).map((s) => `/${s}`).join('') };
  }
  return null;
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
    const j = fx.json && typeof fx.json === 'object' && !Array.isArray(fx.json) ? (fx.json as Record<string, any>) : null;
    if (j) {
      if (typeof j.id === 'string' && j.id !== fx.id) add('/id', `id "${j.id}" differs from the file name — it must be "${fx.id}"`, { expected: JSON.stringify(fx.id), suggestion: fx.id });
      const key = j.title && typeof j.title === 'object' ? j.title.message : undefined;
      if (typeof key === 'string' && messageKeys.size > 0 && !messageKeys.has(key)) add('/title/message', `unknown message key "${key}" — add it with tools/messages-add.mjs or write the title as plain text`);
    }
    out.push({ id: fx.id, file: fx.file, version: j && typeof j.version === 'number' ? j.version : 0, json: fx.json });
  }
  return out;
}
