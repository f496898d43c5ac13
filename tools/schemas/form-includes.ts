/**
 * A form that takes another form's fields: in a form's data schema, an object written
 * `{ "type": "object", "fieldsOf": "<form id>" }` gets the other form's fields (its `properties` and `required`),
 * their labels and help (its `uiSchema` entries, and its `ui:order` where the object has none) and their error texts
 * (its `messages`, under the object's place in the data). The object's own entries win; a field written in both is
 * an error. So a group of fields that several forms ask for (the contract data: JMBG and ID document) is written once.
 *
 * The expansion is pure (no Node APIs): the checker and the server (which serve forms expanded) and the studio's
 * preview share it. The included form is expanded first (it may take fields itself); a cycle is an error.
 */
import { suggest } from './suggest.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export interface FormIncludeProblem {
  /** pointer in the including form's own file */
  pointer: string;
  message: string;
  suggestion?: string;
}

export interface FormExpansion<T> {
  json: T;
  problems: FormIncludeProblem[];
  /** ids of the forms whose fields were taken (directly or not) */
  used: Set<string>;
}

/** Schema keywords whose subschemas describe the same place in the data (their fields are the object's). */
const SAME_PLACE = ['then', 'else'] as const;
const SAME_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
/** Keywords of an included form's root that cannot be taken into another object (only fields are). */
const NOT_TAKEN = ['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'dependencies', 'dependentRequired', 'dependentSchemas'];

/** The ids of the forms a form takes fields from directly. */
export function includedForms(form: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) {
      if (typeof v.fieldsOf === 'string') out.push(v.fieldsOf);
      for (const x of Object.values(v)) walk(x);
    }
  };
  walk(isObj(form) ? form.schema : undefined);
  return [...new Set(out)];
}

/** A form's fields taken into an object: the object's place in the uiSchema and in the data, the form, its fields. */
type Take = { ui: string[]; data: string; from: Obj; fields: string[] };

/** The state of one form's expansion. */
interface IncludeState {
  getForm: (id: string) => unknown;
  formIds: () => string[];
  /** the forms whose fields are being taken, outermost first (a cycle) */
  stack: string[];
  ownId: string;
  problems: FormIncludeProblem[];
  used: Set<string>;
  takes: Take[];
}

/**
 * Expands every `fieldsOf` of a form document.
 * @param getForm the form documents by id (as written, not expanded)
 */
export function expandFormIncludes<T>(form: T, getForm: (id: string) => unknown, formIds: () => string[] = () => [], stack: string[] = []): FormExpansion<T> {
  const problems: FormIncludeProblem[] = [];
  const used = new Set<string>();
  if (!isObj(form) || !isObj(form.schema) || includedForms(form).length === 0) return { json: form, problems, used };
  const out = clone(form) as Obj;
  const st: IncludeState = { getForm, formIds, stack, ownId: typeof out.id === 'string' ? out.id : '', problems, used, takes: [] };
  visitSchema(st, out.schema, '/schema', [], '');
  for (const take of st.takes) addTakenTexts(out, take);
  return { json: out as T, problems, used };
}

/** Takes the fields of every `fieldsOf` in a (sub)schema at `ptr`, whose place is `ui` in the uiSchema, `data` in the data. */
function visitSchema(st: IncludeState, s: unknown, ptr: string, ui: string[], data: string): void {
  if (!isObj(s)) return;
  if (typeof s.fieldsOf === 'string' || 'fieldsOf' in s) takeFields(st, s, ptr, ui, data);
  if (isObj(s.properties)) for (const [name, sub] of Object.entries(s.properties)) visitSchema(st, sub, `${ptr}/properties/${esc(name)}`, [...ui, name], `${data}/${esc(name)}`);
  for (const k of SAME_PLACE) visitSchema(st, s[k], `${ptr}/${k}`, ui, data);
  for (const k of SAME_PLACE_LISTS) if (Array.isArray(s[k])) (s[k] as unknown[]).forEach((sub, i) => visitSchema(st, sub, `${ptr}/${k}/${i}`, ui, data));
}

/** Replaces the object's `fieldsOf` by the named form's fields (the form expanded first), or says why it cannot. */
function takeFields(st: IncludeState, s: Obj, ptr: string, ui: string[], data: string): void {
  const id = s.fieldsOf;
  delete s.fieldsOf;
  const at = `${ptr}/fieldsOf`;
  const other = typeof id === 'string' ? st.getForm(id) : undefined;
  if (typeof id !== 'string') st.problems.push({ pointer: at, message: '"fieldsOf" names a form by its id (a text)' });
  else if (id === st.ownId || st.stack.includes(id)) st.problems.push({ pointer: at, message: `"fieldsOf": "${id}" takes the fields of a form that takes this form's fields (${[...st.stack, st.ownId, id].join(' → ')}): a form cannot include itself` });
  else if (!isObj(other)) {
    const hint = suggest(id, st.formIds());
    st.problems.push({ pointer: at, message: `"fieldsOf": "${id}" names no form of schemas/forms/${hint ? ` — did you mean "${hint}"?` : ''}`, suggestion: hint });
  } else {
    const inner = expandFormIncludes(other, st.getForm, st.formIds, [...st.stack, st.ownId]);
    for (const u of inner.used) st.used.add(u);
    st.used.add(id);
    if (inner.problems.length > 0) st.problems.push({ pointer: at, message: `form "${id}" cannot be included: ${inner.problems.map((p) => p.message).join('; ')}` });
    const otherSchema = isObj(inner.json) && isObj((inner.json as Obj).schema) ? ((inner.json as Obj).schema as Obj) : undefined;
    if (!otherSchema || !isObj(otherSchema.properties)) {
      st.problems.push({ pointer: at, message: `form "${id}" has no fields to take (its "schema" has no "properties")` });
    } else {
      const extra = NOT_TAKEN.filter((k) => k in otherSchema);
      if (extra.length > 0) st.problems.push({ pointer: at, message: `form "${id}" cannot be included: its data schema has ${extra.map((k) => `"${k}"`).join(', ')} at the top, and only fields ("properties", "required") are taken` });
      if (s.type === undefined) s.type = 'object';
      else if (s.type !== 'object') st.problems.push({ pointer: `${ptr}/type`, message: `"fieldsOf" adds fields to an object, but this schema's "type" is ${JSON.stringify(s.type)}` });
      const props = isObj(s.properties) ? s.properties : {};
      for (const [name, field] of Object.entries(otherSchema.properties)) {
        if (Object.hasOwn(props, name)) {
          st.problems.push({ pointer: `${ptr}/properties/${esc(name)}`, message: `field "${name}" is written here and also taken from form "${id}" ("fieldsOf"): remove it here, or stop taking it` });
          continue;
        }
        props[name] = clone(field);
      }
      s.properties = props;
      const req = [...(Array.isArray(s.required) ? (s.required as unknown[]) : []), ...(Array.isArray(otherSchema.required) ? (otherSchema.required as unknown[]) : [])];
      if (req.length > 0) s.required = [...new Set(req)];
      st.takes.push({ ui, data, from: inner.json as Obj, fields: Object.keys(otherSchema.properties) });
    }
  }
}

/** The taken fields' labels and help (uiSchema) and error texts (messages), under the object's place; its own win. */
function addTakenTexts(out: Obj, { ui, data, from, fields }: Take): void {
  // labels and help: the including form's uiSchema at the object's place, the taken form's entries beneath its own
  const theirUi = isObj(from.uiSchema) ? from.uiSchema : {};
  if (Object.keys(theirUi).length > 0) {
    if (!isObj(out.uiSchema)) out.uiSchema = {};
    let place = out.uiSchema as Obj;
    for (const key of ui) {
      if (!isObj(place[key])) place[key] = {};
      place = place[key] as Obj;
    }
    // the fields' own entries and the order (not the taken form's title or description: the object has its own)
    for (const k of [...fields, 'ui:order']) if (Object.hasOwn(theirUi, k) && !Object.hasOwn(place, k)) place[k] = clone(theirUi[k]);
  }
  // error texts: the taken form's field paths under the object's place in the data
  const theirs = isObj(from.messages) ? from.messages : {};
  if (Object.keys(theirs).length > 0) {
    if (!isObj(out.messages)) out.messages = {};
    const mine = out.messages as Obj;
    for (const [path, rules] of Object.entries(theirs)) {
      const target = `${data}${path}`;
      if (!isObj(rules)) continue;
      const own = isObj(mine[target]) ? (mine[target] as Obj) : {};
      mine[target] = { ...clone(rules), ...own };
    }
  }
}
