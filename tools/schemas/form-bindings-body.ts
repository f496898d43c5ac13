// The request bodies a form's "submit" is proven against (tools/schemas/form-bindings.ts): the API documents, a body's
// places and required leaves ($ref followed), and what makes a form's field looser than the body's place.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapePointer } from './jsonpos.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The API documents (schemas/api/*.json by file name) and the calls of paths.json. */
export interface ApiSet { files: Map<string, Obj>; paths: Record<string, Obj> }

export async function loadApiSet(rootDir: string): Promise<ApiSet | null> {
  let paths: Record<string, Obj>;
  try {
    paths = JSON.parse(await readFile(join(rootDir, 'api', 'paths.json'), 'utf8'));
  } catch {
    return null; // no API contract in this schema set (a test's small set): nothing to bind to
  }
  const files = new Map<string, Obj>();
  const names = new Set<string>();
  for (const op of Object.values(paths)) if (isObj(op) && typeof (op.body ?? op.query) === 'string') names.add(String(op.body ?? op.query).split('#')[0]);
  for (const name of names) {
    try {
      files.set(name, JSON.parse(await readFile(join(rootDir, 'api', name), 'utf8')));
    } catch { /* reported below as a body that cannot be read */ }
  }
  return { files, paths };
}

/** A schema with its $ref followed (file-relative refs "x.json#/…" and local "#/…"), a nullable anyOf/oneOf unwrapped. */
export function deref(api: ApiSet, file: string, s: unknown, depth = 0): { s: Obj; file: string } | null {
  if (!isObj(s) || depth > 20) return null;
  if (typeof s.$ref === 'string') {
    const [f, frag = ''] = s.$ref.split('#');
    const target = f ? f : file;
    const doc = api.files.get(target);
    if (!doc) return null;
    let at: unknown = doc;
    for (const raw of frag.split('/').slice(1)) at = isObj(at) ? at[raw.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return deref(api, target, at, depth + 1);
  }
  for (const k of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[k])) {
      const branches = s[k].filter((b: unknown) => !(isObj(b) && b.type === 'null'));
      if (branches.length === 1) return deref(api, file, branches[0], depth + 1);
    }
  }
  return { s, file };
}

/** The body schema at `pointer` and whether the body requires it (required at every level on the way). */
export function bodyAt(api: ApiSet, root: { s: Obj; file: string }, pointer: string): { s: Obj; required: boolean } | null {
  let cur: { s: Obj; file: string } | null = root;
  let required = true;
  for (const raw of pointer.split('/').slice(1)) {
    const name = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!cur || !isObj(cur.s.properties) || !(name in cur.s.properties)) return null;
    required = required && Array.isArray(cur.s.required) && cur.s.required.includes(name);
    cur = deref(api, cur.file, cur.s.properties[name]);
  }
  return cur ? { s: cur.s, required } : null;
}

/** Every place of the body (groups and leaves), as pointers: the candidates of a did-you-mean. */
export function bodyPlaces(api: ApiSet, root: { s: Obj; file: string }, prefix = '', depth = 0): string[] {
  if (!isObj(root.s.properties) || depth > 10) return [];
  const out: string[] = [];
  for (const [name, sub] of Object.entries(root.s.properties)) {
    const p = `${prefix}/${escapePointer(name)}`;
    out.push(p);
    const child = deref(api, root.file, sub);
    if (child) out.push(...bodyPlaces(api, child, p, depth + 1));
  }
  return out;
}

/** The body's required leaves (required at every level), as pointers. */
export function requiredLeaves(api: ApiSet, root: { s: Obj; file: string }, prefix = '', depth = 0): string[] {
  const s = root.s;
  if (!isObj(s.properties) || depth > 10) return prefix ? [prefix] : [];
  const out: string[] = [];
  for (const name of Array.isArray(s.required) ? s.required : []) {
    const child = isObj(s.properties[name]) ? deref(api, root.file, s.properties[name]) : null;
    const p = `${prefix}/${escapePointer(name)}`;
    if (!child) out.push(p);
    else out.push(...(isObj(child.s.properties) ? requiredLeaves(api, child, p, depth + 1) : [p]));
  }
  return out;
}

const safeTest = (pattern: string, v: string): boolean => {
  try {
    return new RegExp(pattern, 'u').test(v);
  } catch {
    return false;
  }
};

const types = (s: Obj): string[] | undefined => (typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : undefined);

/** What makes the form's field looser than the body's, in words (empty: it is not). */
export function looserLimits(form: Obj, body: Obj, formRequired: boolean, bodyRequired: boolean, optionalCall: boolean): string[] {
  const out: string[] = [];
  const ft = types(form);
  const bt = types(body);
  if (bt && (!ft || ft.some((t) => !bt.includes(t) && !(t === 'integer' && bt.includes('number'))))) {
    out.push(`its type ${ft ? JSON.stringify(ft.length === 1 ? ft[0] : ft) : '(none)'} is not the body's ${JSON.stringify(bt.length === 1 ? bt[0] : bt)}`);
  }
  const values: unknown[] | null = Array.isArray(form.enum) ? form.enum : form.const !== undefined ? [form.const] : null;
  if (values?.every((v) => typeof v === 'string')) {
    // a field of fixed choices is proven by its values: each one must pass the body's length and pattern
    const bad = (values as string[]).filter((v) => (typeof body.maxLength === 'number' && [...v].length > body.maxLength)
      || (typeof body.minLength === 'number' && [...v].length < body.minLength)
      || (typeof body.pattern === 'string' && !safeTest(body.pattern, v)));
    if (bad.length) out.push(`its values ${JSON.stringify(bad)} do not pass the body's length or pattern`);
  } else {
    if (typeof body.maxLength === 'number' && !(typeof form.maxLength === 'number' && form.maxLength <= body.maxLength)) {
      out.push(`maxLength ${form.maxLength ?? '(none)'} is looser than the body's ${body.maxLength}`);
    }
    // an empty field is not sent (actions/form-submit.ts), so a value that is sent has at least 1 character
    if (typeof body.minLength === 'number' && Math.max(typeof form.minLength === 'number' ? form.minLength : 0, 1) < body.minLength) {
      out.push(`minLength ${form.minLength ?? '(none)'} is looser than the body's ${body.minLength}`);
    }
    if (typeof body.pattern === 'string' && typeof form.pattern !== 'string') out.push(`it has no pattern, the body's is ${JSON.stringify(body.pattern)}`);
  }
  if (typeof body.format === 'string' && form.format !== body.format) out.push(`its format ${form.format === undefined ? '(none)' : JSON.stringify(form.format)} is not the body's ${JSON.stringify(body.format)}`);
  const allowed = body.enum;
  if (Array.isArray(allowed)) {
    const extra = values ? values.filter((v: unknown) => !allowed.some((b: unknown) => JSON.stringify(b) === JSON.stringify(v))) : null;
    if (!values) out.push(`it has no enum, the body allows only ${JSON.stringify(allowed)}`);
    else if (extra!.length) out.push(`its values ${JSON.stringify(extra)} are not in the body's enum ${JSON.stringify(allowed)}`);
  }
  if (body.const !== undefined && !(values && values.length === 1 && JSON.stringify(values[0]) === JSON.stringify(body.const))) out.push(`it is not the body's const ${JSON.stringify(body.const)}`);
  if (typeof body.minimum === 'number' && !(typeof form.minimum === 'number' && form.minimum >= body.minimum)) out.push(`minimum ${form.minimum ?? '(none)'} is looser than the body's ${body.minimum}`);
  if (typeof body.maximum === 'number' && !(typeof form.maximum === 'number' && form.maximum <= body.maximum)) out.push(`maximum ${form.maximum ?? '(none)'} is looser than the body's ${body.maximum}`);
  if (bodyRequired && !formRequired && !optionalCall) out.push('the body requires it but the form does not (add it to "required")');
  return out;
}

