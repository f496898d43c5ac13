/**
 * A form that declares what it submits (`"submit": { "call": "guestCustomerInfo", "map": { … } }`) is bound to that
 * call's request body (schemas/api/paths.json → the body schema of schemas/api/*.json): every field of the form must
 * reach the body — at the same place, or where the call's "map" sends it — with limits no looser than the body's
 * (type, maxLength, minLength, pattern, format, enum/const, minimum/maximum) and required wherever the body requires
 * it; every field the body requires must come from the form or from the call's "with" (a value of the shop's state:
 * its place must be in the body, no field of the form may go there too, and its `$bind` must be a place of the
 * stores where the vocabulary shows them, tools/schemas/store-paths.ts). A form without "submit" is not checked here.
 *
 * The routing (which call and which body place a field goes to) is the one the shop runs: actions/form-submit.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapePointer } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import type { Report } from './crossref.js';
import { suggest } from './suggest.js';
import { checkSubmittingCalls } from './submitting-actions.js';
import { storePathProblem, type StoreShape } from './store-paths.js';
import { CONVERSIONS, conversionOf, formFields, routeField, submitCallsOf, withBindingsOf, type FormField, type SubmitCall } from '../../actions/form-submit.js';

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
function deref(api: ApiSet, file: string, s: unknown, depth = 0): { s: Obj; file: string } | null {
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
function bodyAt(api: ApiSet, root: { s: Obj; file: string }, pointer: string): { s: Obj; required: boolean } | null {
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
function bodyPlaces(api: ApiSet, root: { s: Obj; file: string }, prefix = '', depth = 0): string[] {
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
function requiredLeaves(api: ApiSet, root: { s: Obj; file: string }, prefix = '', depth = 0): string[] {
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

/**
 * @param stores the places of the shop's state (vocabulary.json "stores"); without them a `$bind` of "with" is not
 *               checked (the checker cannot know)
 */
export function checkFormBindings(docs: LoadedDocument[], api: ApiSet | null, report: Report, stores?: StoreShape): void {
  checkSubmittingCalls(docs, report);
  for (const doc of docs) {
    if (doc.kind !== 'form' || !isObj(doc.json) || doc.json.submit === undefined || !isObj(doc.json.schema)) continue;
    if (!api) {
      report(doc, '/submit', 'the form declares what it submits, but schemas/api/paths.json (the calls) cannot be read');
      continue;
    }
    checkFormSubmit(doc, api, report, stores);
  }
}

/** One form's "submit" being checked: its calls, each call's body, and the places of the bodies reached so far. */
interface SubmitCheck {
  doc: LoadedDocument;
  api: ApiSet;
  report: Report;
  calls: SubmitCall[];
  /** where call i is written in the form's file */
  callPointer: (i: number) => string;
  /** each call's body schema (null: reported as unknown or missing) */
  bodies: Array<{ s: Obj; file: string } | null>;
  /** per call: the places of its body a field of the form or a "with" entry goes to */
  reached: Array<Set<string>>;
  /** per call: the places of its body a "with" entry fills */
  bound: Array<Set<string>>;
}

/** A form's declared submit against the request bodies of its calls. */
function checkFormSubmit(doc: LoadedDocument, api: ApiSet, report: Report, stores: StoreShape | undefined): void {
  const form = doc.json as { submit?: unknown; schema?: unknown };
  const submit = form.submit;
  const calls = submitCallsOf(submit);
  const c: SubmitCheck = {
    doc, api, report, calls,
    callPointer: (i: number) => (Array.isArray(submit) ? `/submit/${i}` : '/submit'),
    bodies: [],
    reached: calls.map(() => new Set()),
    bound: calls.map(() => new Set()),
  };
  c.bodies = callBodies(c);
  const fields = formFields(form.schema);
  checkMapEntries(c, new Set(fields.map((f: FormField) => f.pointer)));
  checkConvertEntries(c, new Set(fields.map((f: FormField) => f.pointer)));
  checkWithEntries(c, stores);
  checkFieldsReachBody(c, fields);
  checkRequiredReached(c);
}

/** Each call's body schema (an unknown call, one without a body or a body not found is reported: null). */
function callBodies({ doc, api, report, calls, callPointer }: SubmitCheck): Array<{ s: Obj; file: string } | null> {
  return calls.map((c: SubmitCall, i: number) => {
    const op = api.paths[c.call];
    if (!isObj(op)) {
      const known = Object.keys(api.paths).filter((k) => isObj(api.paths[k]) && typeof (api.paths[k].body ?? api.paths[k].query) === 'string');
      const near = known.find((k) => k.toLowerCase() === c.call.toLowerCase()) ?? known.find((k) => k.toLowerCase().includes(c.call.toLowerCase()));
      report(doc, `${callPointer(i)}/call`, `unknown call "${c.call}": schemas/api/paths.json has no such operation${near ? ` — did you mean "${near}"?` : ''}`, near ? { suggestion: near } : {});
      return null;
    }
    // a GET (such as prepaidCheck) carries no body: it gets the form's data as its query parameters
    // (actions/form-submit.ts sendsQuery), so its query schema is the "body" proven here
    const ref = op.method === 'GET' ? (typeof op.query === 'string' ? op.query : null) : typeof op.body === 'string' ? op.body : null;
    if (ref === null) {
      report(doc, `${callPointer(i)}/call`, `call "${c.call}" (${op.method} ${op.path}) takes ${op.method === 'GET' ? 'no query parameters' : 'no request body'}, so the form cannot submit to it`);
      return null;
    }
    const [file] = ref.split('#');
    const b = deref(api, file, { $ref: ref });
    if (!b) report(doc, `${callPointer(i)}/call`, `the ${ref === op.body ? 'body' : 'query'} of call "${c.call}" (${ref}) cannot be found in schemas/api`);
    return b;
  });
}

/** Every map entry names a field (or a group of fields) of the form; `known` holds the fields' pointers. */
function checkMapEntries({ doc, report, calls, callPointer }: SubmitCheck, known: Set<string>): void {
  calls.forEach((c: SubmitCall, i: number) => {
    for (const from of Object.keys(c.map ?? {})) {
      if (!known.has(from) && ![...known].some((p) => p.startsWith(`${from}/`))) {
        report(doc, `${callPointer(i)}/map/${escapePointer(from)}`, `"${from}" is not a field of the form's data schema, so nothing is sent through this entry`, { atKey: true });
      }
    }
  });
}

/** Each "with" entry: a place of the call's body (not one a field of the form goes to), read from a place of the stores. */
function checkWithEntries({ doc, api, report, calls, callPointer, bodies, reached, bound }: SubmitCheck, stores: StoreShape | undefined): void {
  calls.forEach((c: SubmitCall, i: number) => {
    for (const { target, bind } of withBindingsOf(c)) {
      const at = `${callPointer(i)}/with/${escapePointer(target)}`;
      const problem = stores ? storePathProblem(stores, bind) : null;
      if (problem) report(doc, `${at}/$bind`, problem.message, problem.suggestion ? { suggestion: problem.suggestion } : {});
      const root = bodies[i];
      if (!root) continue;
      if (!bodyAt(api, root, target)) {
        const near = suggest(target, bodyPlaces(api, root));
        report(doc, at, `"${target}" is not a place of the request body of "${c.call}" (${api.paths[c.call].body ?? api.paths[c.call].query}), so the value of "${bind}" has nowhere to go${near ? ` — did you mean "${near}"?` : ''}`, { atKey: true, ...(near ? { suggestion: near } : {}) });
        continue;
      }
      bound[i].add(target);
      reached[i].add(target);
    }
  });
}

/** Every "convert" entry names a field of the form (`known`: the fields' pointers) and a conversion of CONVERSIONS. */
function checkConvertEntries({ doc, report, calls, callPointer }: SubmitCheck, known: Set<string>): void {
  calls.forEach((c: SubmitCall, i: number) => {
    for (const [field, name] of Object.entries(c.convert ?? {})) {
      const at = `${callPointer(i)}/convert/${escapePointer(field)}`;
      if (!known.has(field)) report(doc, at, `"${field}" is not a field of the form's data schema, so nothing is converted by this entry`, { atKey: true });
      if (!(name in CONVERSIONS)) {
        const near = suggest(name, Object.keys(CONVERSIONS));
        report(doc, at, `unknown conversion "${name}" — the conversions are ${Object.keys(CONVERSIONS).map((n) => `"${n}"`).join(', ')}${near ? ` — did you mean "${near}"?` : ''}`, near ? { suggestion: near } : {});
      }
    }
  });
}

/** Every field of the form reaches its call's body (at each place its map names), at a place no "with" fills, with
 *  limits no looser than the body's — those of what its conversion makes, when it has one. */
function checkFieldsReachBody(check: SubmitCheck, fields: FormField[]): void {
  for (const f of fields) {
    const { index, targets } = routeField(check.calls, f.pointer);
    for (const target of targets) checkFieldPlace(check, f, index, target);
  }
}

/** One place a field goes to (see checkFieldsReachBody). */
function checkFieldPlace({ doc, api, report, calls, bodies, reached, bound }: SubmitCheck, f: FormField, index: number, target: string): void {
  const c = calls[index]!;
  const root = bodies[index];
  if (!root) return;
  const b = bodyAt(api, root, target);
  const where = `/schema${f.at}`;
  if (!b) {
    const how = target === f.pointer ? `add "${target}" to the body, map the field to a place the body has (in "submit": "map": { "${f.pointer}": "/…" }) or remove the field` : `the map sends it to "${target}", which the body does not have`;
    report(doc, where, `field "${f.pointer}" does not reach the request body of "${c.call}" (${api.paths[c.call].body ?? api.paths[c.call].query}): ${how}`, { atKey: true });
    return;
  }
  const clash = [...bound[index]!].find((t) => t === target || target.startsWith(`${t}/`) || t.startsWith(`${target}/`));
  if (clash) {
    report(doc, where, `field "${f.pointer}" goes to "${target}" of the body of "${c.call}", where the call's "with" already puts "${clash}" — one place, one value: map the field elsewhere or drop the "with" entry`, { atKey: true });
    return;
  }
  reached[index]!.add(target);
  const conversion = conversionOf(c, f.pointer);
  const loose = looserLimits(conversion ? conversion.output : f.schema, b.s, f.required, b.required, c.optional === true);
  const what = conversion ? `what its conversion "${c.convert?.[f.pointer]}" makes: ` : '';
  if (loose.length) report(doc, where, `field "${f.pointer}" is looser than the body of "${c.call}" at "${target}" (${api.paths[c.call].body ?? api.paths[c.call].query}): ${what}${loose.join('; ')}`, { atKey: true });
}

/** Every field the body requires comes from the form or from "with". */
function checkRequiredReached({ doc, api, report, calls, callPointer, bodies, reached }: SubmitCheck): void {
  calls.forEach((c: SubmitCall, i: number) => {
    const root = bodies[i];
    if (!root) return;
    for (const leaf of requiredLeaves(api, root)) {
      if (![...reached[i]].some((t) => t === leaf || t.startsWith(`${leaf}/`) || leaf.startsWith(`${t}/`))) {
        report(doc, `${callPointer(i)}/call`, `the body of "${c.call}" requires "${leaf}", which no field of the form reaches — add the field, map one to it, or give it a value of the shop's state ("with": { "${leaf}": { "$bind": "/…" } })`);
      }
    }
  });
}
