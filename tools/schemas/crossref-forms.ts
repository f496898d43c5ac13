/**
 * Cross-references of forms: the data schema is JSON Schema; `required`, the uiSchema (its fields, `ui:order`, its
 * message keys) and the error texts ("messages") name fields the data schema has.
 */
import { createAjv } from './ajv.js';
import { escapePointer } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import { FORM_UI_MESSAGE_KEYS, FORM_UI_MESSAGE_LIST_KEYS } from './spec.js';
import { suggest } from './suggest.js';
import { isObj, unknownName, type Obj, type RefContext } from './crossref-context.js';

/** Checks every form. */
export function checkForms(ctx: RefContext): void {
  // only whether the data schema is JSON Schema; its formats and the shop's keywords (tools/schemas/rules.ts) are
  // compiled for real into the form's validator (checkTree, step 4)
  const formAjv = createAjv({ validateFormats: false });
  for (const doc of ctx.byKind('form')) {
    const j = doc.json as Obj;
    const schema = j.schema;
    if (isObj(schema)) {
      try {
        const { $id: _i, ...rest } = schema;
        formAjv.compile(rest);
      } catch (e) {
        ctx.report(doc, '/schema', `the data schema is not valid JSON Schema: ${(e as Error).message}`);
      }
    }
    checkRequired(ctx, doc, schema, '/schema', []);
    walkUi(ctx, doc, j.uiSchema, schema, '/uiSchema');
    if (isObj(j.messages)) checkFieldMessages(ctx, doc, j.messages, schema);
  }
}

/** An object's fields: its properties and those its if/then/else adds (a group drawn while the condition holds). */
function propsOf(s: unknown): Obj | undefined {
  if (!isObj(s) || !isObj(s.properties)) return undefined;
  const branch = (b: unknown): Obj => (isObj(b) && isObj(b.properties) ? b.properties : {});
  return { ...branch(s.then), ...branch(s.else), ...s.properties };
}

/** The names of an object's fields (propsOf). */
const fieldsOf = (s: unknown): string[] => Object.keys(propsOf(s) ?? {});

/** The uiSchema beside the data schema `s`: its fields exist, its ui:order names them, its message keys exist. */
function walkUi(ctx: RefContext, doc: LoadedDocument, ui: unknown, s: unknown, ptr: string): void {
  if (!isObj(ui)) return;
  for (const [k, v] of Object.entries(ui)) {
    const at = `${ptr}/${escapePointer(k)}`;
    if (k === 'ui:order' && Array.isArray(v) && isObj(s) && isObj(s.properties)) checkOrder(ctx, doc, v, fieldsOf(s), at);
    else if ((FORM_UI_MESSAGE_KEYS as readonly string[]).includes(k) && typeof v === 'string') ctx.messages.checkMessageKey(doc, at, v);
    else if ((FORM_UI_MESSAGE_LIST_KEYS as readonly string[]).includes(k) && Array.isArray(v)) {
      v.forEach((x, i) => typeof x === 'string' && ctx.messages.checkMessageKey(doc, `${at}/${i}`, x));
    } else if (k === 'items' && isObj(v)) walkUi(ctx, doc, v, isObj(s) ? s.items : undefined, at);
    else if (!k.startsWith('ui:') && isObj(v)) {
      const fields = fieldsOf(s);
      if (isObj(s) && isObj(s.properties) && !fields.includes(k)) {
        const u = unknownName('field', k, fields);
        ctx.report(doc, at, `${u.message} in uiSchema — the data schema has no such property`, { atKey: true, suggestion: u.suggestion });
      }
      walkUi(ctx, doc, v, propsOf(s)?.[k], at);
    }
  }
}

/** ui:order names fields of the data schema; without "*" it names all of them (RJSF refuses to draw otherwise) */
function checkOrder(ctx: RefContext, doc: LoadedDocument, order: unknown[], fields: string[], at: string): void {
  order.forEach((name, i) => {
    if (typeof name !== 'string' || name === '*' || fields.includes(name)) return;
    const near = suggest(name, fields);
    ctx.report(doc, `${at}/${i}`, `ui:order names "${name}", which is no field of the data schema, so the form would not be drawn` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near, expected: `one of: ${[...fields, '*'].join(', ')}` });
  });
  if (!order.includes('*')) {
    const missing = fields.filter((f) => !order.includes(f));
    if (missing.length) ctx.report(doc, at, `ui:order leaves out ${missing.map((f) => `"${f}"`).join(', ')} and has no "*" — the form would not be drawn; add ${missing.length === 1 ? 'it' : 'them'} or "*" (the fields not named, in schema order)`, { expected: `every field, or "*"` });
  }
}

/**
 * `required` names fields of its object: its own properties, or those of the object a subschema (allOf, anyOf,
 * oneOf, if/then/else, not, dependentSchemas) belongs to. A required field the form does not have can never be
 * filled in, so the form could never be sent.
 */
function checkRequired(ctx: RefContext, doc: LoadedDocument, s: unknown, ptr: string, outer: string[]): void {
  if (!isObj(s)) return;
  const own = fieldsOf(s);
  const fields = [...new Set([...own, ...outer])];
  if (Array.isArray(s.required) && fields.length > 0 && !isObj(s.patternProperties)) {
    s.required.forEach((name, i) => {
      if (typeof name !== 'string' || fields.includes(name)) return;
      const near = suggest(name, fields);
      ctx.report(doc, `${ptr}/required/${i}`, `required names "${name}", which is no field of the data schema, so the form could never be sent` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near, expected: `one of: ${fields.join(', ')}` });
    });
  }
  const sub = (v: unknown, at: string, o: string[]) => checkRequired(ctx, doc, v, at, o);
  if (isObj(s.properties)) for (const [k, v] of Object.entries(s.properties)) sub(v, `${ptr}/properties/${escapePointer(k)}`, []);
  if (isObj(s.items)) sub(s.items, `${ptr}/items`, []);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) list.forEach((x, i) => sub(x, `${ptr}/${key}/${i}`, fields));
  }
  for (const key of ['if', 'then', 'else', 'not'] as const) sub(s[key], `${ptr}/${key}`, fields);
  if (isObj(s.dependentSchemas)) for (const [k, x] of Object.entries(s.dependentSchemas)) sub(x, `${ptr}/dependentSchemas/${escapePointer(k)}`, fields);
  if (isObj(s.$defs)) for (const [k, x] of Object.entries(s.$defs)) sub(x, `${ptr}/$defs/${escapePointer(k)}`, []);
}

/** The error texts ("messages"): each field pointer names a field of the data schema, each rule's key exists. */
function checkFieldMessages(ctx: RefContext, doc: LoadedDocument, messages: Obj, schema: unknown): void {
  for (const [field, rules] of Object.entries(messages)) {
    const at = `/messages/${escapePointer(field)}`;
    // the field pointer must name a field of the data schema
    let s: unknown = schema;
    for (const seg of field.split('/').slice(1).map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'))) {
      const props = propsOf(s);
      if (props && seg in props) s = props[seg];
      else if (isObj(s) && /^\d+$/.test(seg) && s.items !== undefined) s = s.items;
      else {
        const u = unknownName('field', seg, fieldsOf(s));
        ctx.report(doc, at, `${u.message} in messages — "${field}" does not point at a field of the data schema`, { atKey: true, suggestion: u.suggestion });
        break;
      }
    }
    if (isObj(rules)) for (const [rule, key] of Object.entries(rules)) if (typeof key === 'string') ctx.messages.checkMessageKey(doc, `${at}/${escapePointer(rule)}`, key);
  }
}
