/**
 * Fragments: documents of schemas/fragments/ that screens and modals include with arguments.
 *
 * An include is a node written `{ "fragment": "<id>", "args": { "name": value } }`; it is replaced by the
 * fragment's body (0..n nodes) in which every `{ "$param": "name" }` is the argument's value (or the
 * parameter's default). Fragments may include other fragments. The expansion is pure (no Node APIs):
 * the checker, the server (which serves screens expanded) and the snapshot harness share it.
 */

import { suggest } from './suggest.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface FragmentParam {
  description?: string;
  type?: 'string' | 'number' | 'boolean' | 'object' | 'array';
  default?: unknown;
}
export interface FragmentDoc {
  id: string;
  params?: Record<string, FragmentParam>;
  body: unknown[];
}

/** `{ "$param": "name" }` */
export function isParamRef(v: unknown): v is { $param: string } {
  return isObj(v) && typeof v.$param === 'string' && Object.keys(v).length === 1;
}
/** `{ "fragment": "id", "args"?: {…} }` */
export function isInclude(v: unknown): v is { fragment: string; args?: Obj } {
  return isObj(v) && typeof v.fragment === 'string';
}

/** Where a node of an expanded document comes from. */
export interface NodeOrigin {
  /** "screen"/"modal" document itself, or the fragment's id */
  fragment: string | null;
  /** the pointer of that node in its own file */
  pointer: string;
  /** the include chain, outermost first: the include node's file (fragment id or null = the document) and pointer */
  includedAt: Array<{ fragment: string | null; pointer: string }>;
}

export interface ExpansionProblem {
  /** null = the document being expanded, else the fragment's id */
  fragment: string | null;
  pointer: string;
  message: string;
  suggestion?: string;
  atKey?: boolean;
  /** the include chain that led to `fragment` (as NodeOrigin's), so a value taken from an argument can be traced */
  includedAt?: NodeOrigin['includedAt'];
}

export interface Expansion<T> {
  json: T;
  /** expanded pointer of every node → where it comes from (only when the document includes fragments) */
  origins: Map<string, NodeOrigin>;
  problems: ExpansionProblem[];
  /** ids of the fragments used (directly or not) */
  used: Set<string>;
}

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Replaces every `{ "$param": name }` in `v` by its value; unknown names are left as they are (and reported). */
function substitute(v: unknown, values: Obj, onMissing: (name: string, ptr: string) => void, ptr: string): unknown {
  if (isParamRef(v)) {
    if (Object.hasOwn(values, v.$param)) return structuredCloneJson(values[v.$param]);
    onMissing(v.$param, ptr);
    return v;
  }
  if (Array.isArray(v)) return v.map((x, i) => substitute(x, values, onMissing, `${ptr}/${i}`));
  if (isObj(v)) {
    // an include's own args are substituted too (a fragment passes its parameters on)
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = substitute(x, values, onMissing, `${ptr}/${esc(k)}`);
    return out;
  }
  return v;
}
const structuredCloneJson = (v: unknown): unknown => (v === undefined ? v : JSON.parse(JSON.stringify(v)));

/** The JSON type name of a value, as a fragment parameter's "type" says it. */
function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  return typeof v === 'object' ? 'object' : typeof v;
}

/** The state of one document's expansion. */
interface ExpandState {
  get: (id: string) => FragmentDoc | undefined;
  fragmentIds: () => string[];
  origins: Map<string, NodeOrigin>;
  problems: ExpansionProblem[];
  used: Set<string>;
  /** the includes met so far (they number the temporary places of their nodes) */
  includes: number;
}

/** Where a list of nodes is written: the fragment (null = the document being expanded) and the list's pointer there. */
type ListSource = { fragment: string | null; pointer: string };

/** Records a problem of the list being expanded (its file and include chain are added). */
type ReportProblem = (p: Omit<ExpansionProblem, 'fragment' | 'includedAt'>) => void;

/**
 * Expands every include in the node lists of a screen (`body`) or modal (`body`, `footer`).
 * @param fragments fragment documents by id
 */
export function expandDocument<T>(doc: T, fragments: ReadonlyMap<string, FragmentDoc> | Record<string, FragmentDoc>, lists: readonly string[] = ['body', 'footer']): Expansion<T> {
  const st: ExpandState = {
    get: (id) => (fragments instanceof Map ? fragments.get(id) : (fragments as Record<string, FragmentDoc>)[id]),
    fragmentIds: () => (fragments instanceof Map ? [...fragments.keys()] : Object.keys(fragments)),
    origins: new Map(),
    problems: [],
    used: new Set(),
    includes: 0,
  };
  const { origins, problems, used } = st;
  if (!isObj(doc)) return { json: doc, origins, problems, used };
  const out: Obj = { ...(doc as Obj) };
  for (const list of lists) {
    const v = (doc as Obj)[list];
    if (Array.isArray(v)) out[list] = expandList(st, v, `/${list}`, { fragment: null, pointer: `/${list}` }, [], []);
  }
  if (st.includes === 0) origins.clear();
  return { json: out as T, origins, problems, used };
}

/**
 * Expands a list of nodes written at `src` into the place `outPtr` of the expanded document, recording where each
 * node comes from. `chain` is the include chain that led to `src`; `stack` the fragments being expanded (a cycle).
 */
function expandList(st: ExpandState, list: unknown[], outPtr: string, src: ListSource, chain: NodeOrigin['includedAt'], stack: string[]): unknown[] {
  const out: unknown[] = [];
  list.forEach((node, i) => {
    const srcPtr = `${src.pointer}/${i}`;
    const report: ReportProblem = (p) => {
      st.problems.push({ fragment: src.fragment, includedAt: chain, ...p });
    };
    // a node without a component whose key is a typo of "fragment" was meant as an include: say so (rather than
    // "missing property 'component'", "unexpected property 'args'") and leave it out
    const typo = isObj(node) && !('component' in node) && !('fragment' in node) ? Object.keys(node).find((k) => suggest(k, ['fragment']) === 'fragment') : undefined;
    if (typo !== undefined) {
      report({ pointer: `${srcPtr}/${esc(typo)}`, atKey: true, suggestion: 'fragment',
        message: `unexpected property '${typo}' — did you mean "fragment"? (an include is { "fragment": "<id>", "args": { … } })` });
      return;
    }
    if (isInclude(node)) {
      expandInclude(st, node, srcPtr, { out, outPtr, src, chain, stack }, report);
      return;
    }
    const at = `${outPtr}/${out.length}`;
    st.origins.set(at, { fragment: src.fragment, pointer: srcPtr, includedAt: chain });
    if (isObj(node) && Array.isArray(node.children)) {
      const children = expandList(st, node.children, `${at}/children`, { fragment: src.fragment, pointer: `${srcPtr}/children` }, chain, stack);
      out.push({ ...node, children });
    } else out.push(node);
  });
  return out;
}

/** Splices the nodes of an included fragment, its parameters given the include's arguments, into the list `into.out`. */
function expandInclude(
  st: ExpandState,
  node: { fragment: string; args?: Obj },
  srcPtr: string,
  into: { out: unknown[]; outPtr: string; src: ListSource; chain: NodeOrigin['includedAt']; stack: string[] },
  report: ReportProblem,
): void {
  const { out, outPtr, src, chain, stack } = into;
  const tmp = `${outPtr}/__include${++st.includes}`;
  const id = node.fragment;
  for (const k of Object.keys(node)) {
    if (k === 'fragment' || k === 'args') continue;
    const near = suggest(k, ['fragment', 'args']);
    report({ pointer: `${srcPtr}/${esc(k)}`, atKey: true, suggestion: near,
      message: `unexpected property '${k}' of a fragment include${near ? ` — did you mean "${near}"?` : ''} — it takes only "fragment" and "args" (put conditions inside the fragment)` });
  }
  const frag = st.get(id);
  if (!frag) {
    const near = suggest(id, st.fragmentIds());
    report({ pointer: `${srcPtr}/fragment`, suggestion: near,
      message: `unknown fragment "${id}"${near ? ` — did you mean "${near}"?` : ''} (no schemas/fragments/${id}.json)` });
    return;
  }
  if (stack.includes(id)) {
    report({ pointer: `${srcPtr}/fragment`, message: `fragment "${id}" includes itself (${[...stack, id].join(' → ')})` });
    return;
  }
  st.used.add(id);
  const params = isObj(frag.params) ? (frag.params as Record<string, FragmentParam>) : {};
  const values = argumentValues(node, id, params, srcPtr, report);
  const body = Array.isArray(frag.body) ? frag.body : [];
  const substituted = body.map((n, j) =>
    substitute(n, values, (missing, at) => Object.hasOwn(params, missing) ? undefined : st.problems.push({ fragment: id, includedAt: [...chain, { fragment: src.fragment, pointer: srcPtr }], pointer: at, message: `"$param": "${missing}" names no parameter of fragment "${id}" (declare it under "params")` }), `/body/${j}`));
  const inner = expandList(st, substituted, tmp, { fragment: id, pointer: '/body' }, [...chain, { fragment: src.fragment, pointer: srcPtr }], [...stack, id]);
  // the fragment's nodes continue the numbering of the list they are spliced into
  const base = out.length;
  inner.forEach((n, k) => {
    out.push(n);
    renumber(st.origins, `${tmp}/${k}`, `${outPtr}/${base + k}`);
  });
}

/** The value of each parameter of fragment `id`: the include's argument, else the default; a problem for the rest. */
function argumentValues(node: { args?: Obj }, id: string, params: Record<string, FragmentParam>, srcPtr: string, report: ReportProblem): Obj {
  const args = isObj(node.args) ? node.args : {};
  const values: Obj = {};
  for (const [name, p] of Object.entries(params)) {
    if (Object.hasOwn(args, name)) values[name] = args[name];
    else if (isObj(p) && p.default !== undefined) values[name] = p.default;
    else report({ pointer: isObj(node.args) ? `${srcPtr}/args` : srcPtr, message: `missing argument '${name}' of fragment "${id}"` + (isObj(p) && p.description ? ` (${p.description})` : '') });
  }
  for (const [name, v] of Object.entries(args)) {
    const p = params[name];
    if (!p) {
      const known = Object.keys(params);
      const near = suggest(name, known) ?? known.find((k) => k.startsWith(name.slice(0, 3)));
      report({ pointer: `${srcPtr}/args/${esc(name)}`, atKey: true, suggestion: near,
        message: `unknown argument "${name}" of fragment "${id}"` + (near ? ` — did you mean "${near}"?` : '') + ` (it takes: ${known.join(', ') || 'no arguments'})` });
      continue;
    }
    if (isObj(p) && p.type && !isParamRef(v) && jsonType(v) !== p.type && !(p.type === 'number' && typeof v === 'number')) {
      report({ pointer: `${srcPtr}/args/${esc(name)}`, message: `argument ${name} of fragment "${id}" must be a ${p.type}, not a ${jsonType(v)}` });
    }
  }
  return values;
}

/**
 * An included fragment's nodes are recorded under a temporary prefix while it is expanded, then moved to the
 * positions they take in the list they are spliced into.
 */
function renumber(origins: Map<string, NodeOrigin>, from: string, to: string): void {
  for (const [k, v] of [...origins]) {
    if (k === from || k.startsWith(`${from}/`)) {
      origins.delete(k);
      origins.set(to + k.slice(from.length), v);
    }
  }
}
