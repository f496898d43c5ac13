// What a form submits, as its document declares it (`"submit"` of schemas/forms/*.json, schemas/meta/form.schema.json):
// the form's data becomes the request bodies of the declared calls. A field goes to the first call's body at the same
// place, unless a call's "map" sends it (or the group it is in) elsewhere; a call's "with" adds values of the shop's
// state that the form does not hold (`{ "/billSessionId": { "$bind": "/selfcare/billSessionId" } }`: what an earlier
// step left in the stores), read the way every `$bind` is read (core/pointer.ts). Only the fields the form's data
// schema declares are sent, and an empty one (undefined, null, "") is not, nor an empty bound value. The schema checker
// proves the same routing against the bodies' contract (tools/schemas/form-bindings.ts), so no list of fields is
// written in code. A call that takes a query and no body (a GET such as `prepaidCheck`) gets the same object as its
// query parameters (`sendsQuery`). A call with a "when" (a condition over the stores) is made only while it holds; the
// fields are routed among the calls made.
import { isBinding, readBinding } from '../core/pointer';
import { evaluate, type JsonSchema } from '../core/conditions';
import pathsJson from '../schemas/api/paths.json';
import { CONVERSIONS, type Conversion } from './form-conversions';

export { CONVERSIONS };

export interface SubmitCall {
  call: string;
  /** field (or group) → its place in the body, or several places (each gets the value) */
  map?: Record<string, string | string[]>;
  /** field → the conversion (CONVERSIONS) its value goes through on its way to the body */
  convert?: Record<string, string>;
  /** body place (JSON pointer) → `{ "$bind": "/store/path" }` (a value of the shop's state) or `{ "value": … }` (one the
   *  document writes), put into this call's body */
  with?: Record<string, unknown>;
  optional?: boolean;
  /** a condition (core/conditions, as `visibleIf` reads the stores): the call is made only while it holds */
  when?: JsonSchema;
}

/** One field (a leaf of the data schema): its place in the data, its schema, whether it is required on its whole path,
 *  and where the data schema declares it (a JSON pointer into the schema: …/properties/x, or …/then/properties/x). */
export interface FormField { pointer: string; schema: Record<string, unknown>; required: boolean; at: string }

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The calls of a form document's "submit" (one call or a list). */
export function submitCallsOf(submit: unknown): SubmitCall[] {
  const list = Array.isArray(submit) ? submit : submit === undefined || submit === null ? [] : [submit];
  return list.filter((c): c is SubmitCall => isObj(c) && typeof c.call === 'string');
}

/**
 * The fields of a form's data schema: every property that is not itself an object of properties, and those an
 * if/then/else adds (a group the form shows while its condition holds, e.g. the guest's contract data): never counted
 * as required, since the form may not have them.
 */
export function formFields(schema: unknown, prefix = '', requiredSoFar = true, at = ''): FormField[] {
  if (!isObj(schema) || !isObj(schema.properties)) return [];
  const required: unknown[] = Array.isArray(schema.required) ? schema.required : [];
  const out: FormField[] = [];
  for (const [name, s] of Object.entries(schema.properties)) {
    if (!isObj(s)) continue;
    const pointer = `${prefix}/${esc(name)}`;
    const where = `${at}/properties/${esc(name)}`;
    const req = requiredSoFar && required.includes(name);
    if (isObj(s.properties)) out.push(...formFields(s, pointer, req, where));
    else out.push({ pointer, schema: s, required: req, at: where });
  }
  for (const branch of ['then', 'else'] as const) {
    for (const f of formFields(schema[branch], prefix, false, `${at}/${branch}`)) if (!out.some((o) => o.pointer === f.pointer)) out.push(f);
  }
  return out;
}

/**
 * Which call a field goes to and where in its body: the longest map entry that is the field or a group around it.
 * `targets`: every place it goes to (a map entry may name several: the registration's e-mail is both `/uid` and
 * `/customerData/contactEmail`); `target` is the first.
 */
export function routeField(calls: SubmitCall[], pointer: string): { index: number; target: string; targets: string[] } {
  let best: { index: number; targets: string[]; len: number } | null = null;
  calls.forEach((c, index) => {
    for (const [from, to] of Object.entries(c.map ?? {})) {
      if ((pointer === from || pointer.startsWith(`${from}/`)) && (!best || from.length > best.len)) {
        const places = Array.isArray(to) ? to : [to];
        best = { index, targets: places.map((t) => t + pointer.slice(from.length)), len: from.length };
      }
    }
  });
  const b = best as { index: number; targets: string[] } | null;
  return b && b.targets.length > 0 ? { index: b.index, target: b.targets[0]!, targets: b.targets } : { index: 0, target: pointer, targets: [pointer] };
}

/** The conversion named for field `pointer` in call `call`'s "convert", if any (an unknown name: the checker reports it). */
export function conversionOf(call: SubmitCall | undefined, pointer: string): Conversion | undefined {
  const name = call?.convert?.[pointer];
  return name === undefined ? undefined : CONVERSIONS[name];
}

function getAt(data: unknown, pointer: string): unknown {
  let at = data;
  for (const p of pointer.split('/').slice(1)) at = isObj(at) ? at[unesc(p)] : undefined;
  return at;
}

function setAt(body: Obj, pointer: string, value: unknown): void {
  const parts = pointer.split('/').slice(1).map(unesc);
  let at = body;
  for (const p of parts.slice(0, -1)) {
    const next = at[p];
    at = isObj(next) ? next : (at[p] = {});
  }
  at[parts[parts.length - 1]] = value;
}

/** The bindings of a call's "with" (body place → store path), in the order written. */
export function withBindingsOf(call: SubmitCall): Array<{ target: string; bind: string }> {
  return Object.entries(isObj(call.with) ? call.with : {}).flatMap(([target, v]) => (isBinding(v) ? [{ target, bind: v.$bind }] : []));
}

/** The values a call's "with" writes itself (`{ "value": false }`: body place → value), in the order written. */
export function withValuesOf(call: SubmitCall): Array<{ target: string; value: unknown }> {
  return Object.entries(isObj(call.with) ? call.with : {}).flatMap(([target, v]) => (isObj(v) && 'value' in v && Object.keys(v).length === 1 ? [{ target, value: v.value }] : []));
}

/** Whether any call of a form document's "submit" reads the shop's state ("with" a `$bind`, or "when"). */
export function readsState(submit: unknown): boolean {
  return submitCallsOf(submit).some((c) => withBindingsOf(c).length > 0 || c.when !== undefined);
}

/**
 * The calls of a form's "submit" made with `state` (the stores, as `visibleIf` reads them): every call without "when",
 * and the one whose "when" holds — the conditions of a form's calls exclude each other (two that hold at once are an
 * error: the checker proves each conditional call with the calls made always, not with another). `leaveOut`: calls
 * (by name) the action leaves out for what the document cannot say; only a call with a "when" may be left out.
 */
export function callsMade(calls: SubmitCall[], state: unknown, leaveOut: readonly string[] = []): SubmitCall[] {
  for (const name of leaveOut) {
    if (!calls.some((c) => c.call === name && c.when !== undefined)) throw new Error(`only a call with a "when" may be left out, not "${name}"`);
  }
  const made = calls.filter((c) => c.when === undefined || (!leaveOut.includes(c.call) && evaluate(c.when, state)));
  const conditional = made.filter((c) => c.when !== undefined);
  if (conditional.length > 1) throw new Error(`the "when" of ${conditional.map((c) => `"${c.call}"`).join(' and ')} hold at once: the conditions of a form's calls must exclude each other`);
  return made;
}

/**
 * The request bodies of a form's data, one per call made (callsMade), in order: the form's fields, routed among the
 * calls made, and the values each call's "with" writes or reads from `state` (the stores, as the roots of a scope:
 * `/account/recovery/channel`). An optional call that no field of the form reaches is left out (a bound value alone
 * does not make it); the others are always made (an empty body is refused by the server's contract check, as it
 * should be). `made`: the calls made, when the caller chose them already.
 */
export function submitBodies(doc: { schema?: unknown; submit?: unknown }, data: unknown, state?: unknown, made?: SubmitCall[]): Array<{ call: string; body: Obj }> {
  const calls = made ?? callsMade(submitCallsOf(doc.submit), state);
  const bodies = calls.map(() => ({} as Obj));
  const filled = calls.map(() => false);
  calls.forEach((c, i) => {
    const values = [...withValuesOf(c), ...withBindingsOf(c).map(({ target, bind }) => ({ target, value: readBinding({ $bind: bind }, state) }))];
    for (const { target, value } of values) if (value !== undefined && value !== null && value !== '') setAt(bodies[i], target, copy(value));
  });
  for (const f of formFields(doc.schema)) {
    const v = getAt(data, f.pointer);
    if (v === undefined || v === null || v === '') continue;
    const { index, targets } = routeField(calls, f.pointer);
    const conversion = conversionOf(calls[index], f.pointer);
    const value = conversion ? conversion.apply(v) : v;
    if (value === undefined || value === null || value === '') continue;
    for (const target of targets) setAt(bodies[index], target, copy(value));
    filled[index] = true;
  }
  return calls.flatMap((c, i) => (c.optional && !filled[i] ? [] : [{ call: c.call, body: bodies[i] }]));
}

/**
 * The field of the form a refused call names (its 400 answer's `subject`: the refused value's path in the request,
 * "body/customerData/contactPhone" from the contract's check, "customerData/contactPhone" from a service check), found
 * through the same routing that built the body: the field whose place in call `callIndex`'s body is that path (among
 * `calls`: the calls made, all declared ones by default). Answers the field as a dotted path of the form's data
 * ("customerData.contactPhone", what `setFieldError` takes), else null (a refusal of the whole request).
 */
export function refusedFormField(doc: { schema?: unknown; submit?: unknown }, callIndex: number, subject: unknown, calls = submitCallsOf(doc.submit)): string | null {
  if (typeof subject !== 'string' || subject === '') return null;
  const parts = subject.split('/').filter(Boolean);
  const path = `/${(parts[0] === 'body' || parts[0] === 'querystring' ? parts.slice(1) : parts).join('/')}`;
  for (const f of formFields(doc.schema)) {
    const { index, targets } = routeField(calls, f.pointer);
    if (index === callIndex && targets.includes(path)) return f.pointer.split('/').slice(1).map(unesc).join('.');
  }
  return null;
}

// ——— Sending a form from an action ———

/** A form document as sendForm reads it (/ui/forms/<id>). */
export interface FormDocument { schema?: unknown; submit?: unknown }

/** What sendForm needs of the API client: the form's document and the calls (actions/api/client.ts). */
export interface FormApi {
  getDocument<T = unknown>(path: string): Promise<T>;
  call(name: string, opts: { body: Obj } | { query: QueryValues }): Promise<unknown>;
}

/** Query parameters (a query schema's fields are scalars: the checker proves them against it). */
type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** Whether call `name` takes the form's data as its query: a GET (such as `prepaidCheck`) carries no body, so
 *  schemas/api/paths.json gives it a "query" (the checker proves the fields against it). Only the method is read: the
 *  browser's build keeps each call's method and path, not its schema references. */
export function sendsQuery(name: string): boolean {
  return (pathsJson as Record<string, { method?: unknown }>)[name]?.method === 'GET';
}

/**
 * The form's data with the data schema's `default`s in the fields left empty (undefined, null, ""): what the drawn
 * form holds before anyone chooses (RJSF fills them in), also when the action runs before the form drew them. The
 * data itself is not changed.
 */
export function withDefaults(schema: unknown, data: unknown): Obj {
  const out: Obj = isObj(data) ? copy(data) : {};
  for (const f of formFields(schema)) {
    if (f.schema.default === undefined) continue;
    const v = getAt(out, f.pointer);
    if (v === undefined || v === null || v === '') setAt(out, f.pointer, copy(f.schema.default));
  }
  return out;
}

/** A copy of JSON-like data (objects and arrays copied, other values kept): also of an observable's data. */
function copy<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copy) as T;
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)])) as T;
  return v;
}

/** A form sent: its document, the data as sent (the schema's defaults filled in) and the calls' responses in order. */
export interface SentForm { doc: FormDocument; data: Obj; responses: unknown[] }

/** The refused field of an error sendForm threw (a dotted path of the form's data), and the call that failed, by error. */
const refusedFields = new WeakMap<object, string>();
const failedCalls = new WeakMap<object, string>();

/**
 * Sends form `formId`'s data as its document declares ("submit"): reads the document, fills the schema's defaults
 * into empty fields, and makes each call of `submitBodies` in order — the calls made (`callsMade`: those without
 * "when" and the one whose "when" holds, less the ones the action leaves out by name in `leaveOut`), with the values
 * their "with" reads from `state` (the action's stores, `ctx.stores`). Answers the calls' responses in that order,
 * with the document and the data as sent. A form that declares no "submit" is an error (it would send nothing), and so
 * is one whose "with" or "when" reads the shop's state when no state is given, and one none of whose calls is made. A
 * failed call's error is thrown as it came, remembering the call (`failedCallOf`); a 400 whose subject names a field
 * of the form remembers that field (`refusedFieldOf`). `onAnswer` sees each call's answer as it comes, with the call's
 * name (the guest's data step keeps the cart each call answers, even when a later call fails).
 */
export async function sendForm(
  api: FormApi, formId: string, data: unknown, state?: unknown,
  onAnswer?: (response: unknown, call: string) => void, leaveOut: readonly string[] = [],
): Promise<SentForm> {
  const doc = await api.getDocument<FormDocument>(`/ui/forms/${encodeURIComponent(formId)}`);
  const declared = submitCallsOf(doc.submit);
  if (declared.length === 0) throw new Error(`form "${formId}" declares no "submit"`);
  if (state === undefined && readsState(doc.submit)) throw new Error(`form "${formId}" sends values of the shop's state ("with", "when"): sendForm needs the stores`);
  const calls = callsMade(declared, state, leaveOut);
  if (calls.length === 0) throw new Error(`form "${formId}": no call of its "submit" is made (no "when" holds)`);
  const responses: unknown[] = [];
  const full = withDefaults(doc.schema, data);
  let sent = -1;
  for (const { call, body } of submitBodies(doc, full, state, calls)) {
    sent = calls.findIndex((c, i) => c.call === call && i > sent);
    try {
      const response = await api.call(call, sendsQuery(call) ? { query: body as QueryValues } : { body });
      responses.push(response);
      onAnswer?.(response, call);
    } catch (e) {
      const status = isObj(e) ? (e as { status?: unknown }).status : undefined;
      const errors = isObj(e) ? (e as { errors?: unknown }).errors : undefined;
      const subject = Array.isArray(errors) && isObj(errors[0]) ? errors[0].subject : undefined;
      const field = status === 400 ? refusedFormField(doc, sent, subject, calls) : null;
      if (isObj(e) || e instanceof Error) failedCalls.set(e as object, call);
      if (field && isObj(e)) refusedFields.set(e, field);
      throw e;
    }
  }
  return { doc, data: full, responses };
}

/** The call whose failure sendForm threw (its name), else null. */
export function failedCallOf(e: unknown): string | null {
  return isObj(e) || e instanceof Error ? failedCalls.get(e as object) ?? null : null;
}

/** The form field a refusal thrown by sendForm names (dotted, what `ui.setFieldError` takes), else null. */
export function refusedFieldOf(e: unknown): string | null {
  return isObj(e) || e instanceof Error ? refusedFields.get(e as object) ?? null : null;
}

/**
 * Marks the field a refusal of sendForm names under itself (the server's message; the field takes focus and scrolls
 * into view). Answers whether it did: false leaves the refusal to the action's own error box or toast.
 */
export function markRefusedField(
  ui: { setFieldError(formId: string, field: string, message: string | null, opts?: { focus?: boolean }): void },
  formId: string,
  e: unknown,
): boolean {
  const field = refusedFieldOf(e);
  if (!field || !(e instanceof Error)) return false;
  ui.setFieldError(formId, field, e.message, { focus: true });
  return true;
}
