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
import { escapePointer } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import type { Report } from './crossref.js';
import { suggest } from './suggest.js';
import { checkSubmittingCalls } from './submitting-actions.js';
import { storePathProblem, type StoreShape } from './store-paths.js';
import { bodyAt, bodyPlaces, deref, looserLimits, requiredLeaves, type ApiSet } from './form-bindings-body.js';
import { CONVERSIONS, conversionOf, formFields, routeField, submitCallsOf, withBindingsOf, withValuesOf, type FormField, type SubmitCall } from '../../actions/form-submit.js';
import { conversionOutput } from '../../actions/form-conversions.js';
import { evaluate } from '../../core/conditions.js';

export { loadApiSet, looserLimits, type ApiSet } from './form-bindings-body.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

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

/**
 * The sets of calls that can be made together (indices): the calls without "when", with each call that has one (the
 * conditions of a form's calls exclude each other: actions/form-submit.ts callsMade refuses two at once), and the calls
 * without "when" alone. A set with no call is none: sendForm refuses to send nothing.
 */
export function callSets(calls: SubmitCall[]): number[][] {
  const always = calls.flatMap((c, i) => (c.when === undefined ? [i] : []));
  const sets = always.length > 0 ? [always] : [];
  calls.forEach((c, i) => { if (c.when !== undefined) sets.push([...always, i].sort((x, y) => x - y)); });
  return sets;
}

/** A form's declared submit against the request bodies of its calls, for each set of calls that can be made. */
function checkFormSubmit(doc: LoadedDocument, api: ApiSet, report: Report, stores: StoreShape | undefined): void {
  const form = doc.json as { submit?: unknown; schema?: unknown };
  const submit = form.submit;
  const calls = submitCallsOf(submit);
  // what several sets of calls find is one problem
  const said = new Set<string>();
  const once: Report = (d, pointer, message, extra) => {
    if (said.has(`${pointer}\n${message}`)) return;
    said.add(`${pointer}\n${message}`);
    report(d, pointer, message, extra);
  };
  const c: SubmitCheck = {
    doc, api, report: once, calls,
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
  checkWithValues(c);
  checkWhenScopes(c, stores);
  const byWith = c.reached;
  for (const made of callSets(calls)) {
    const set = { ...c, reached: byWith.map((r) => new Set(r)) };
    checkFieldsReachBody(set, fields, made);
    checkRequiredReached(set, made);
  }
}

/** Each value a "with" writes itself: a place of the call's body, and a value that place takes. */
function checkWithValues({ doc, api, report, calls, callPointer, bodies, reached, bound }: SubmitCheck): void {
  calls.forEach((c: SubmitCall, i: number) => {
    const root = bodies[i];
    if (!root) return;
    for (const { target, value } of withValuesOf(c)) {
      const at = `${callPointer(i)}/with/${escapePointer(target)}`;
      const b = bodyAt(api, root, target);
      if (!b) {
        const near = suggest(target, bodyPlaces(api, root));
        report(doc, at, `"${target}" is not a place of the request body of "${c.call}", so the value ${JSON.stringify(value)} has nowhere to go${near ? ` — did you mean "${near}"?` : ''}`, { atKey: true, ...(near ? { suggestion: near } : {}) });
        continue;
      }
      if (!evaluate(b.s, value)) report(doc, `${at}/value`, `the value ${JSON.stringify(value)} does not fit the body of "${c.call}" at "${target}" (${JSON.stringify(b.s)})`);
      bound[i].add(target);
      reached[i].add(target);
    }
  });
}

/** Every `scope` of a call's "when" is a place of the shop's state (as a `$bind` of "with" is). */
function checkWhenScopes({ doc, report, calls, callPointer }: SubmitCheck, stores: StoreShape | undefined): void {
  if (!stores) return;
  const walk = (v: unknown, ptr: string): void => {
    if (Array.isArray(v)) v.forEach((x, k) => walk(x, `${ptr}/${k}`));
    else if (isObj(v)) {
      const problem = typeof v.scope === 'string' ? storePathProblem(stores, v.scope) : null;
      if (problem) report(doc, `${ptr}/scope`, problem.message, problem.suggestion ? { suggestion: problem.suggestion } : {});
      for (const [k, x] of Object.entries(v)) if (k !== 'scope') walk(x, `${ptr}/${escapePointer(k)}`);
    }
  };
  calls.forEach((c: SubmitCall, i: number) => walk(c.when, `${callPointer(i)}/when`));
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
function checkFieldsReachBody(check: SubmitCheck, fields: FormField[], made: number[]): void {
  const calls = made.map((i) => check.calls[i]!);
  for (const f of fields) {
    const { index, targets } = routeField(calls, f.pointer);
    for (const target of targets) checkFieldPlace(check, f, made[index]!, target);
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
  const loose = looserLimits(conversion ? conversionOutput(conversion, f.schema) : f.schema, b.s, f.required, b.required, c.optional === true);
  const what = conversion ? `what its conversion "${c.convert?.[f.pointer]}" makes: ` : '';
  if (loose.length) report(doc, where, `field "${f.pointer}" is looser than the body of "${c.call}" at "${target}" (${api.paths[c.call].body ?? api.paths[c.call].query}): ${what}${loose.join('; ')}`, { atKey: true });
}

/** Every field the body requires comes from the form or from "with". */
function checkRequiredReached({ doc, api, report, calls, callPointer, bodies, reached }: SubmitCheck, made: number[]): void {
  calls.forEach((c: SubmitCall, i: number) => {
    const root = bodies[i];
    if (!made.includes(i)) return;
    if (!root) return;
    for (const leaf of requiredLeaves(api, root)) {
      if (![...reached[i]].some((t) => t === leaf || t.startsWith(`${leaf}/`) || leaf.startsWith(`${t}/`))) {
        report(doc, `${callPointer(i)}/call`, `the body of "${c.call}" requires "${leaf}", which no field of the form reaches — add the field, map one to it, or give it a value of the shop's state ("with": { "${leaf}": { "$bind": "/…" } })`);
      }
    }
  });
}
