/**
 * The documents as the checker sees them (checkTree, step 0): screens and modals with every include replaced by the
 * fragment's nodes, forms with the fields they take ("fieldsOf") in place — as they are served. A problem found in an
 * included node is reported in the fragment's file, naming the include; one in a taken field at the "fieldsOf".
 */
import { escapePointer, locate } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import type { Report } from './crossref.js';
import { expandDocument, isParamRef, type FragmentDoc, type NodeOrigin } from './fragments.js';
import { expandFormIncludes } from './form-includes.js';

/** What the expansion of every document gathers. */
interface Expansions {
  fragmentDocs: Map<string, LoadedDocument>;
  fragmentJson: Map<string, FragmentDoc>;
  formJson: Map<string, unknown>;
  /** an expanded screen or modal → the document as written and where each node of the expansion comes from */
  expandedOf: Map<LoadedDocument, { src: LoadedDocument; origins: Map<string, NodeOrigin> }>;
  usedFragments: Set<string>;
  /** the expansions' problems, reported once every document is expanded */
  problems: Array<() => void>;
}

/** Where a value was written: the document, the pointer, and (for an argument) which argument it is. */
type ArgumentOrigin = { doc: LoadedDocument; pointer: string; via: string };

/**
 * Expands every document and reports the expansions' problems (and every fragment no screen or modal includes).
 * @param direct reports at a pointer of the document as written
 * @returns the documents to check, and how to report at a pointer of them (mapped back to where it is written)
 */
export function expandForChecking(sourceDocs: LoadedDocument[], direct: Report): { docs: LoadedDocument[]; report: Report } {
  const fragmentDocs = new Map(sourceDocs.filter((d) => d.kind === 'fragment').map((d) => [d.id, d]));
  const x: Expansions = {
    fragmentDocs,
    fragmentJson: new Map(),
    formJson: new Map(sourceDocs.filter((d) => d.kind === 'form').map((d) => [d.id, d.json as unknown])),
    expandedOf: new Map(),
    usedFragments: new Set(),
    problems: [],
  };
  for (const [id, d] of fragmentDocs) {
    // a fragment the meta-schema refused is left out (its own errors say why)
    const fragment = d.json as FragmentDoc | null;
    if (fragment && typeof fragment === 'object' && Array.isArray(fragment.body)) x.fragmentJson.set(id, fragment);
  }
  const docs: LoadedDocument[] = sourceDocs.map((doc) => {
    if (doc.kind === 'form') return expandForm(doc, x, direct);
    if ((doc.kind !== 'screen' && doc.kind !== 'modal') || !doc.json || typeof doc.json !== 'object') return doc;
    return expandScreen(doc, x, direct);
  });
  const report = originReporter(x, direct);
  for (const run of x.problems) run();
  for (const [id, d] of fragmentDocs) {
    if (!x.usedFragments.has(id) && x.fragmentJson.has(id)) direct(d, '/id', `fragment "${id}" is included by no screen or modal, so nothing checks its nodes — include it ({ "fragment": "${id}", "args": { … } }) or delete the file`);
  }
  return { docs, report };
}

/** A form with the fields it takes in place (the positions of the form's own file stay). */
function expandForm(doc: LoadedDocument, x: Expansions, direct: Report): LoadedDocument {
  const e = expandFormIncludes(doc.json, (id) => x.formJson.get(id), () => [...x.formJson.keys()]);
  for (const p of e.problems) x.problems.push(() => direct(doc, p.pointer, p.message, { suggestion: p.suggestion }));
  return e.used.size === 0 && e.problems.length === 0 ? doc : { ...doc, json: e.json };
}

/** A screen or modal with its fragments included. */
function expandScreen(doc: LoadedDocument, x: Expansions, direct: Report): LoadedDocument {
  const e = expandDocument(doc.json, x.fragmentJson);
  for (const f of e.used) x.usedFragments.add(f);
  for (const p of e.problems) {
    const extra = { suggestion: p.suggestion, atKey: p.atKey };
    if (p.fragment === null) {
      x.problems.push(() => direct(doc, p.pointer, p.message, extra));
      continue;
    }
    // a problem in a value the fragment took from an argument is reported where the argument is written
    x.problems.push(() => {
      const at = argumentOrigin(x.fragmentDocs, doc, { fragment: p.fragment, pointer: p.pointer, includedAt: p.includedAt ?? [] }, p.pointer);
      if (at.doc === doc) direct(doc, at.pointer, `${p.message} (${at.via})`, extra);
      else direct(at.doc, at.pointer, `${p.message} (${at.via ? `${at.via}, ` : ''}in the fragment included by ${doc.file})`, extra);
    });
  }
  // a document with includes is checked expanded even when they drew nothing (an unknown fragment is reported as
  // such, not its include node as a node without "component")
  if (e.origins.size === 0 && e.used.size === 0 && e.problems.length === 0) return doc;
  const expanded: LoadedDocument = { ...doc, json: e.json };
  x.expandedOf.set(expanded, { src: doc, origins: e.origins });
  return expanded;
}

/** Reports at a pointer of an expanded document where the value is written: the document, or the fragment's file. */
function originReporter(x: Expansions, direct: Report): Report {
  return (doc, pointer, message, extra = {}) => {
    const e = x.expandedOf.get(doc);
    if (!e) return direct(doc, pointer, message, extra);
    let p = pointer;
    for (;;) {
      const origin = e.origins.get(p);
      if (origin) {
        const srcPointer = origin.pointer + pointer.slice(p.length);
        if (origin.fragment === null) return direct(e.src, srcPointer, message, extra);
        // a value a fragment took from its arguments is reported where the argument is written: the include in the
        // screen or modal (or in the fragment that passed it on), else at the parameter's default
        const at = argumentOrigin(x.fragmentDocs, e.src, origin, srcPointer);
        if (at.doc === e.src) return direct(e.src, at.pointer, `${message} (${at.via})`, extra);
        const first = origin.includedAt[0];
        const inc = first ? locate(e.src.pointers, first.pointer) : undefined;
        const where = `${e.src.file}${inc ? `:${inc.line}:${inc.column}` : ''}`;
        return direct(at.doc, at.pointer, `${message} (${at.via ? `${at.via}, ` : ''}in fragment "${origin.fragment}" as included by ${where})`, extra);
      }
      if (p === '') return direct(e.src, pointer, message, extra);
      p = p.slice(0, p.lastIndexOf('/'));
    }
  };
}

/**
 * Follows a pointer into a fragment's own file back through `{ "$param": name }` values to where the value was
 * written: an include's `args/<name>` (up the chain of includes), or the parameter's default in the fragment.
 */
function argumentOrigin(fragmentDocs: Map<string, LoadedDocument>, src: LoadedDocument, origin: NodeOrigin, pointer: string): ArgumentOrigin {
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
