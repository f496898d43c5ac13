/**
 * A translated text wherever a schema says text. The renderer (renderer/resolve.ts resolveValue) turns a
 * `{ "message": key, "params"?: {…} }` written anywhere in a prop or an action argument — at its top level or deep
 * inside its lists and objects — into the text of the page's language, so the component (or action) receives a string.
 * acceptMessages(schema) is the schema a written value is checked with: every place of it that takes free text (type
 * "string", without enum, const, pattern or format: a code, a pointer or an address is not a text to translate) also
 * takes such a reference. The props type generated from the original schema stays `string`: what the component gets.
 */

/**
 * Marks the message-reference branch with the types of the text beside it (["string"], ["string", "null"]), so that
 * the checker's error translation (ajv.ts) says a wrong type there as "a text … or a translated text", and still
 * reports what the text branch says of a text of the right type (an empty one against minLength).
 */
export const MESSAGE_REF_MARK = 'x-messageRef';

/** `{ "message": key, "params"?: {…} }` (the key itself is checked against the messages by crossref-messages.ts). */
export const MESSAGE_REF_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string', minLength: 1 }, params: { type: 'object' } },
  additionalProperties: false,
  [MESSAGE_REF_MARK]: true,
} as const;

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keywords whose value is one subschema / a list of them / a map of them. */
const ONE = ['items', 'additionalItems', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'contains', 'not', 'if', 'then', 'else'];
const LIST = ['prefixItems', 'anyOf', 'oneOf', 'allOf', 'items'];
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

/** Free text: a string with no enum, const, pattern or format. */
export function isTextSchema(s: Json): boolean {
  const t = s.type;
  const stringy = t === 'string' || (Array.isArray(t) && t.includes('string'));
  return stringy && !('enum' in s) && !('const' in s) && !('pattern' in s) && !('format' in s);
}

/**
 * The schema with every free-text place also accepting a message reference (a new object; `$ref`s are not followed).
 * `messageRef`: the schema of the reference (the editors' vocabulary schema `$ref`s its own, which completes the keys);
 * `root: false` leaves the schema's own top level as it is (a caller that accepts a reference there already).
 */
export function acceptMessages(schema: unknown, messageRef: unknown = MESSAGE_REF_SCHEMA, root = true): unknown {
  if (!isObj(schema)) return schema;
  const out: Json = { ...schema };
  const sub = (x: unknown) => acceptMessages(x, messageRef);
  for (const k of ONE) if (isObj(out[k])) out[k] = sub(out[k]);
  for (const k of LIST) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map(sub);
  for (const k of MAP) {
    if (!isObj(out[k])) continue;
    const m: Json = {};
    for (const [name, x] of Object.entries(out[k] as Json)) m[name] = sub(x);
    out[k] = m;
  }
  if (!root || !isTextSchema(out)) return out;
  const { title, description, ...text } = out;
  const annotations: Json = {};
  if (title !== undefined) annotations.title = title;
  if (description !== undefined) annotations.description = description;
  const types = Array.isArray(text.type) ? text.type : [text.type];
  const ref = isObj(messageRef) && MESSAGE_REF_MARK in messageRef ? { ...messageRef, [MESSAGE_REF_MARK]: types } : messageRef;
  return { ...annotations, anyOf: [{ ...text, ...annotations }, ref] };
}
