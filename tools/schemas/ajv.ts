/** AJV instances and the translation of AJV errors into plain English. */
import Ajv2020Import from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { MESSAGE_REF_MARK } from './message-text.js';
import { suggest } from './suggest.js';

type Ajv2020 = import('ajv/dist/2020.js').default;
const Ajv2020Ctor = ((Ajv2020Import as unknown as { default?: unknown }).default ?? Ajv2020Import) as typeof import('ajv/dist/2020.js').default;
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as typeof import('ajv-formats').default;

/** Editor-only annotations the meta-schemas may carry. */
export const EDITOR_KEYWORDS = ['markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'defaultSnippets'];

/** Formats of the shop's forms (docs/modules/schemas.md "Form"); the checker only needs to know they exist. */
const SHOP_FORMATS = ['contactPhone', 'mobileNumber', 'prepaidNumber', 'homeLineNumber'];

export function createAjv(opts: { validateFormats?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020Ctor({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true, validateFormats: opts.validateFormats ?? true });
  addFormats(ajv);
  for (const f of SHOP_FORMATS) ajv.addFormat(f, true);
  for (const k of EDITOR_KEYWORDS) if (!ajv.getKeyword(k)) ajv.addKeyword(k);
  return ajv;
}

/**
 * The address a meta-schema's "../api/<file>" $ref resolves to (the meta-schemas' $ids are under /schemas/meta/): a
 * shape both kinds use (the checkout type) is declared once, in the API schema.
 */
export const API_SCHEMA_BASE = 'https://telekom-shop.local/schemas/api/';

/**
 * An API schema, known by its own $id ("cart.json", which a props schema $refs) and by the address a meta-schema's
 * "../api/cart.json" resolves to (a copy under that $id, whose own "common.json#…" refs resolve beside it).
 */
export function addApiSchema(ajv: Ajv2020, schema: Record<string, unknown>): void {
  ajv.addSchema(schema);
  if (typeof schema.$id === 'string' && !/^[a-z]+:/i.test(schema.$id)) ajv.addSchema({ ...schema, $id: API_SCHEMA_BASE + schema.$id });
}

export interface PlainError {
  /** JSON Pointer relative to the validated value */
  pointer: string;
  message: string;
  expected?: string;
  suggestion?: string;
  /** the pointer names a property key (for positions) */
  atKey?: boolean;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a text in "quotes"',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object { … }',
  array: 'a list [ … ]',
  null: 'null',
  message: 'a translated text { "message": key }',
};

function describeType(t: unknown): string {
  const list = Array.isArray(t) ? t : [t];
  return list.map((x) => TYPE_NAMES[String(x)] ?? String(x)).join(' or ');
}

function actualType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? v.slice(0, 37) + '…' : v)}`;
  if (typeof v === 'number') return `the number ${v}`;
  return String(v);
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let cur: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

function listValues(values: unknown[], max = 12): string {
  const shown = values.slice(0, max).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return shown.join(', ') + (values.length > max ? `, … (${values.length - max} more)` : '');
}

const esc = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** What a translation reads besides the error: the validated value and the types accepted at each place. */
interface TranslationContext {
  data: unknown;
  typesAt: Map<string, Set<string>>;
}

/** One kind of AJV error in plain English (nothing: the error says nothing of its own). */
type Translate = (e: ErrorObject, pr: Record<string, unknown>, cx: TranslationContext) => PlainError | undefined;

const LIMIT_WORDS: Record<string, string> = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'greater than', exclusiveMaximum: 'less than' };

/** minimum, maximum, exclusiveMinimum, exclusiveMaximum */
const numberLimit: Translate = (e, pr) => ({ pointer: e.instancePath, message: `must be ${LIMIT_WORDS[e.keyword]} ${pr.limit}`, expected: `a number ${LIMIT_WORDS[e.keyword]} ${pr.limit}` });

/** The translation of each keyword (another keyword is said in AJV's own words). */
const TRANSLATIONS: Record<string, Translate> = {
  required: (e, pr) => ({ pointer: e.instancePath, message: `missing property '${pr.missingProperty}'`, expected: `a property "${pr.missingProperty}"` }),
  additionalProperties: (e, pr) => {
    const name = String(pr.additionalProperty);
    const allowed = Object.keys((e.parentSchema?.properties as object | undefined) ?? {});
    const s = suggest(name, allowed);
    return {
      pointer: `${e.instancePath}/${esc(name)}`,
      atKey: true,
      message: `unexpected property '${name}'` + (s ? ` — did you mean '${s}'?` : ''),
      expected: allowed.length ? `one of: ${listValues(allowed)}` : undefined,
      suggestion: s,
    };
  },
  enum: (e, pr, cx) => {
    const allowed = pr.allowedValues as unknown[];
    const v = valueAt(cx.data, e.instancePath);
    const s = typeof v === 'string' ? suggest(v, allowed.filter((x): x is string => typeof x === 'string')) : undefined;
    return {
      pointer: e.instancePath,
      message: `must be one of: ${listValues(allowed)}` + (s ? ` — did you mean "${s}"?` : ''),
      expected: `one of: ${listValues(allowed)}`,
      suggestion: s,
    };
  },
  const: (e, pr) => ({ pointer: e.instancePath, message: `must be ${JSON.stringify(pr.allowedValue)}`, expected: JSON.stringify(pr.allowedValue) }),
  type: (e, _pr, cx) => {
    const p = e.instancePath;
    const accepted = [...(cx.typesAt.get(p) ?? [])];
    const what = typeof e.parentSchema?.description === 'string' ? ` — ${e.parentSchema.description}` : '';
    return { pointer: p, message: `must be ${describeType(accepted)}, found ${actualType(valueAt(cx.data, p))}`, expected: `${describeType(accepted)}${what}` };
  },
  pattern: (e, pr) => {
    if (typeof pr.propertyName === 'string') {
      return { pointer: `${e.instancePath}/${esc(pr.propertyName)}`, atKey: true, message: `the name '${pr.propertyName}' does not have the expected form (pattern ${pr.pattern})`, expected: `a name matching ${pr.pattern}` };
    }
    return { pointer: e.instancePath, message: `does not have the expected form (pattern ${pr.pattern})`, expected: `text matching ${pr.pattern}` };
  },
  format: (e, pr) => ({ pointer: e.instancePath, message: `is not a valid ${pr.format}`, expected: `a valid ${pr.format}` }),
  minimum: numberLimit,
  maximum: numberLimit,
  exclusiveMinimum: numberLimit,
  exclusiveMaximum: numberLimit,
  minLength: (e, pr) => ({ pointer: e.instancePath, message: `must have at least ${pr.limit} character(s)` }),
  maxLength: (e, pr) => ({ pointer: e.instancePath, message: `must have at most ${pr.limit} character(s)` }),
  minItems: (e, pr) => ({ pointer: e.instancePath, message: `must have at least ${pr.limit} item(s)` }),
  maxItems: (e, pr) => ({ pointer: e.instancePath, message: `must have at most ${pr.limit} item(s)` }),
  dependentRequired: (e, pr) => ({ pointer: e.instancePath, message: `missing property '${pr.missingProperty}' — it goes with '${pr.property}'`, expected: `a property "${pr.missingProperty}" beside "${pr.property}"` }),
  propertyNames: () => undefined, // reported by the inner error (pattern / enum) with the property name
  'false schema': (e) => {
    const p = e.instancePath;
    const last = p.split('/').pop() ?? '';
    return { pointer: p, atKey: true, message: p === '' ? 'is not allowed here' : `property '${last.replace(/~1/g, '/').replace(/~0/g, '~')}' is not allowed here` };
  },
};

const STRUCTURAL = new Set(['anyOf', 'oneOf', 'if', 'not', '$ref', 'allOf']);

/**
 * Turns AJV's errors into messages an analyst can act on. Noise of anyOf/oneOf/if branches is
 * dropped when a more precise error exists at the same place or deeper.
 */
export function translateAjvErrors(errors: ErrorObject[] | null | undefined, data: unknown): PlainError[] {
  if (!errors) return [];
  const precise = errors.filter((e) => !STRUCTURAL.has(e.keyword));
  const out: PlainError[] = [];
  const cx: TranslationContext = { data, typesAt: typesByPlace(errors) };
  const typeDone = new Set<string>();
  for (const e of errors) {
    const p = e.instancePath;
    if (STRUCTURAL.has(e.keyword)) {
      const covered = precise.some((o) => o.instancePath === p || o.instancePath.startsWith(p + '/'));
      if (covered) continue;
      if (e.keyword === 'not') {
        out.push({ pointer: p, message: 'is not allowed here' });
      } else if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
        out.push({ pointer: p, message: 'does not match any accepted form' });
      }
      continue;
    }
    if (isNoise(e, precise, cx)) continue;
    if (e.keyword === 'type') {
      if (typeDone.has(p)) continue;
      typeDone.add(p);
    }
    const translated = Object.hasOwn(TRANSLATIONS, e.keyword)
      ? TRANSLATIONS[e.keyword](e, e.params as Record<string, unknown>, cx)
      : { pointer: p, message: e.message ?? `fails the rule "${e.keyword}"` };
    if (translated) out.push(translated);
  }
  return dedupe(out);
}

/** Type errors at the same place from different branches, merged: place → every type accepted there. */
function typesByPlace(errors: ErrorObject[]): Map<string, Set<string>> {
  const typesAt = new Map<string, Set<string>>();
  for (const e of errors) {
    if (e.keyword === 'type') {
      const set = typesAt.get(e.instancePath) ?? new Set<string>();
      // the branch of a text that may also be written as { "message" } (message-text.ts): the text's types are accepted
      // here too (a text of the right type that fails the text branch is reported by it), and the branch is said as such
      const textTypes = e.parentSchema?.[MESSAGE_REF_MARK];
      if (Array.isArray(textTypes)) {
        for (const x of textTypes) set.add(String(x));
        set.add('message');
        typesAt.set(e.instancePath, set);
        continue;
      }
      const t = (e.params as { type: string | string[] }).type;
      for (const x of Array.isArray(t) ? t : String(t).split(',')) set.add(x);
      typesAt.set(e.instancePath, set);
    }
  }
  return typesAt;
}

/** An error that only repeats another one about the same value. */
function isNoise(e: ErrorObject, precise: ErrorObject[], cx: TranslationContext): boolean {
  const p = e.instancePath;
  // when a value has the wrong type, other complaints about the same value are noise
  if (e.keyword !== 'type' && cx.typesAt.has(p) && !['required', 'additionalProperties'].includes(e.keyword)) {
    const v = valueAt(cx.data, p);
    const accepted = cx.typesAt.get(p)!;
    const matchesOne = [...accepted].some((t) => (t === 'array' ? Array.isArray(v) : t === 'object' || t === 'message' ? v !== null && typeof v === 'object' && !Array.isArray(v) : t === 'integer' ? Number.isInteger(v) : typeof v === t));
    if (!matchesOne) return true;
  }
  // a wrong type next to more precise complaints about the same value comes from another
  // branch of an anyOf (e.g. "a text, or an object with one/few/other"): keep the precise ones
  return e.keyword === 'type' && precise.some((o) => o.keyword !== 'type' && (o.instancePath === p || o.instancePath.startsWith(p + '/')));
}

function dedupe(list: PlainError[]): PlainError[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const k = `${e.pointer}\u0000${e.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
