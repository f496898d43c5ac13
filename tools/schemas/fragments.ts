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

/**
 * Expands every include in the node lists of a screen (`body`) or modal (`body`, `footer`).
 * @param fragments fragment documents by id
 */
export function expandDocument<T>(doc: T, fragments: ReadonlyMap<string, FragmentDoc> | Record<string, FragmentDoc>, lists: readonly string[] = ['body', 'footer']): Expansion<T> {
  const get = (id: string): FragmentDoc | undefined => (fragments instanceof Map ? fragments.get(id) : (fragments as Record<string, FragmentDoc>)[id]);
  const fragmentIds = (): string[] => (fragments instanceof Map ? [...fragments.keys()] : Object.keys(fragments));
  const origins = new Map<string, NodeOrigin>();
  const problems: ExpansionProblem[] = [];
  const used = new Set<string>();
  let includes = 0;
  if (!isObj(doc)) return { json: doc, origins, problems, used };

  const expandList = (list: unknown[], outPtr: string, src: { fragment: string | null; pointer: string }, chain: NodeOrigin['includedAt'], stack: string[]): unknown[] => {
    const out: unknown[] = [];
    list.forEach((node, i) => {
      const srcPtr = `${src.pointer}/${i}`;
      // a node without a component whose key is a typo of "fragment" was meant as an include: say so (rather than
      // "missing property 'component'", "unexpected property 'args'") and leave it out
      const typo = isObj(node) && !('component' in node) && !('fragment' in node) ? Object.keys(node).find((k) => suggest(k, ['fragment']) === 'fragment') : undefined;
      if (typo !== undefined) {
        problems.push({ fragment: src.fragment, includedAt: chain, pointer: `${srcPtr}/${esc(typo)}`, atKey: true, suggestion: 'fragment',
          message: `unexpected property '${typo}' — did you mean "fragment"? (an include is { "fragment": "<id>", "args": { … } })` });
        return;
      }
      if (isInclude(node)) {
        const tmp = `${outPtr}/__include${++includes}`;
        const id = node.fragment;
        for (const k of Object.keys(node)) {
          if (k === 'fragment' || k === 'args') continue;
          const near = suggest(k, ['fragment', 'args']);
          problems.push({ fragment: src.fragment, includedAt: chain, pointer: `${srcPtr}/${esc(k)}`, atKey: true, suggestion: near,
            message: `unexpected property '${k}' of a fragment include${near ? ` — did you mean "${near}"?` : ''} — it takes only "fragment" and "args" (put conditions inside the fragment)` });
        }
        const frag = get(id);
        if (!frag) {
          const near = suggest(id, fragmentIds());
          problems.push({ fragment: src.fragment, includedAt: chain, pointer: `${srcPtr}/fragment`, suggestion: near,
            message: `unknown fragment "${id}"${near ? ` — did you mean "${near}"?` : ''} (no schemas/fragments/${id}.json)` });
          return;
        }
        if (stack.includes(id)) {
          problems.push({ fragment: src.fragment, includedAt: chain, pointer: `${srcPtr}/fragment`, message: `fragment "${id}" includes itself (${[...stack, id].join(' → ')})` });
          return;
        }
        used.add(id);
        const params = isObj(frag.params) ? (frag.params as Record<string, FragmentParam>) : {};
        const args = isObj(node.args) ? node.args : {};
        const values: Obj = {};
        for (const [name, p] of Object.entries(params)) {
          if (Object.hasOwn(args, name)) values[name] = args[name];
          else if (isObj(p) && p.default !== undefined) values[name] = p.default;
          else problems.push({ fragment: src.fragment, includedAt: chain, pointer: isObj(node.args) ? `${srcPtr}/args` : srcPtr, message: `missing argument '${name}' of fragment "${id}"` + (isObj(p) && p.description ? ` (${p.description})` : '') });
        }
        for (const [name, v] of Object.entries(args)) {
          const p = params[name];
          if (!p) {
            const known = Object.keys(params);
            const near = suggest(name, known) ?? known.find((k) => k.startsWith(name.slice(0, 3)));
            problems.push({ fragment: src.fragment, includedAt: chain, pointer: `${srcPtr}/args/${esc(name)}`, atKey: true, suggestion: near,
              message: `unknown argument "${name}" of fragment "${id}"` + (near ? ` — did you mean "${near}"?` : '') + ` (it takes: ${known.join(', ') || 'no arguments'})` });
            continue;
          }
          if (isObj(p) && p.type && !isParamRef(v) && jsonType(v) !== p.type && !(p.type === 'number' && typeof v === 'number')) {
            problems.push({ fragment: src.fragment, includedAt: chain, pointer: `${srcPtr}/args/${esc(name)}`, message: `argument ${name} of fragment "${id}" must be a ${p.type}, not a ${jsonType(v)}` });
          }
        }
        const body = Array.isArray(frag.body) ? frag.body : [];
        const substituted = body.map((n, j) =>
          substitute(n, values, (missing, at) => Object.hasOwn(params, missing) ? undefined : problems.push({ fragment: id, includedAt: [...chain, { fragment: src.fragment, pointer: srcPtr }], pointer: at, message: `"$param": "${missing}" names no parameter of fragment "${id}" (declare it under "params")` }), `/body/${j}`));
        const inner = expandList(substituted, tmp, { fragment: id, pointer: '/body' }, [...chain, { fragment: src.fragment, pointer: srcPtr }], [...stack, id]);
        // the fragment's nodes continue the numbering of the list they are spliced into
        const base = out.length;
        inner.forEach((n, k) => {
          out.push(n);
          renumber(`${tmp}/${k}`, `${outPtr}/${base + k}`);
        });
        return;
      }
      const at = `${outPtr}/${out.length}`;
      origins.set(at, { fragment: src.fragment, pointer: srcPtr, includedAt: chain });
      if (isObj(node) && Array.isArray(node.children)) {
        const children = expandList(node.children, `${at}/children`, { fragment: src.fragment, pointer: `${srcPtr}/children` }, chain, stack);
        out.push({ ...node, children });
      } else out.push(node);
    });
    return out;
  };
  // An included fragment's nodes are recorded under a temporary prefix while it is expanded, then moved to
  // the positions they take in the list they are spliced into.
  const renumber = (from: string, to: string) => {
    for (const [k, v] of [...origins]) {
      if (k === from || k.startsWith(`${from}/`)) {
        origins.delete(k);
        origins.set(to + k.slice(from.length), v);
      }
    }
  };

  const out: Obj = { ...(doc as Obj) };
  for (const list of lists) {
    const v = (doc as Obj)[list];
    if (Array.isArray(v)) out[list] = expandListTop(v, list);
  }
  function expandListTop(v: unknown[], list: string): unknown[] {
    return expandList(v, `/${list}`, { fragment: null, pointer: `/${list}` }, [], []);
  }
  if (includes === 0) origins.clear();
  return { json: out as T, origins, problems, used };
}
