/**
 * Eval-free evaluator of the JSON Schema subset used by visibleIf / enabledIf, action conditions and flow steps'
 * doneWhen (schemas/meta/node.schema.json#/$defs/condition; docs/modules/schemas.md "Node"). Unknown keywords are
 * ignored. Works over MobX observables. Two forms, mixable at any depth: the full form over the whole value, and the
 * short (JSON Forms) form { scope: "/pointer", schema, failWhenUndefined? } that checks the value at the pointer.
 */
import { getPointer } from './pointer';

/** A condition: a JSON Schema subset (schemas/meta/node.schema.json#/$defs/condition), or true / false. */
export type JsonSchema = { [k: string]: unknown } | boolean;

type S = Record<string, unknown>;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v; // string, boolean, object, undefined
}

function matchesType(v: unknown, t: string): boolean {
  const actual = typeOf(v);
  if (t === 'number') return actual === 'number' || actual === 'integer';
  return actual === t;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a as S), kb = Object.keys(b as S);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as S)[k], (b as S)[k]));
}

const patternCache = new Map<string, RegExp>();
function regex(p: string): RegExp {
  let r = patternCache.get(p);
  if (!r) { r = new RegExp(p, 'u'); patternCache.set(p, r); }
  return r;
}

/** Does `value` satisfy `schema`? */
export function evaluate(schema: JsonSchema | undefined, value: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  const s = schema as S;
  if (typeof s.scope === 'string') {
    const at = getPointer(value, s.scope);
    if (at === undefined && s.failWhenUndefined === true) return false;
    return evaluate(s.schema as JsonSchema | undefined, at);
  }

  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => matchesType(value, t))) return false;
  }
  if ('const' in s && !deepEqual(value, s.const)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => deepEqual(value, e))) return false;

  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return false;
    if (typeof s.maximum === 'number' && value > s.maximum) return false;
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return false;
  }
  if (typeof value === 'string') {
    const len = [...value].length;
    if (typeof s.minLength === 'number' && len < s.minLength) return false;
    if (typeof s.maxLength === 'number' && len > s.maxLength) return false;
    if (typeof s.pattern === 'string' && !regex(s.pattern).test(value)) return false;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
    if (s.items !== undefined && typeof s.items === 'object' && !Array.isArray(s.items)) {
      if (!value.every((x) => evaluate(s.items as JsonSchema, x))) return false;
    }
    if (s.contains !== undefined) {
      // minContains / maxContains count the matches (draft 2019-09); contains alone asks for one
      const n = value.filter((x) => evaluate(s.contains as JsonSchema, x)).length;
      if (n < (typeof s.minContains === 'number' ? s.minContains : 1)) return false;
      if (typeof s.maxContains === 'number' && n > s.maxContains) return false;
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as S;
    if (Array.isArray(s.required)) {
      for (const k of s.required as string[]) if (obj[k] === undefined) return false;
    }
    if (s.properties && typeof s.properties === 'object') {
      for (const [k, sub] of Object.entries(s.properties as Record<string, JsonSchema>)) {
        const v = obj[k];
        if (v !== undefined && !evaluate(sub, v)) return false;
      }
    }
  }
  if (s.not !== undefined && evaluate(s.not as JsonSchema, value)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((x) => evaluate(x as JsonSchema, value))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((x) => evaluate(x as JsonSchema, value))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((x) => evaluate(x as JsonSchema, value)).length !== 1) return false;
  return true;
}

/** Like evaluate() but tells where the first failure is (for dispatch error logs). */
export function explain(schema: JsonSchema | undefined, value: unknown, path = ''): string | null {
  if (evaluate(schema, value)) return null;
  if (schema && typeof schema === 'object' && typeof (schema as S).scope === 'string') {
    const s = schema as S;
    const at = getPointer(value, s.scope as string);
    const where = `${path}${s.scope as string}`;
    if (at === undefined && s.failWhenUndefined === true) return `${where}: required`;
    return explain(s.schema as JsonSchema | undefined, at, where) ?? where;
  }
  if (schema && typeof schema === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const s = schema as S;
    const obj = value as S;
    if (Array.isArray(s.required)) for (const k of s.required as string[]) if (obj[k] === undefined) return `${path}/${k}: required`;
    if (s.properties && typeof s.properties === 'object') {
      for (const [k, sub] of Object.entries(s.properties as Record<string, JsonSchema>)) {
        if (obj[k] !== undefined && !evaluate(sub, obj[k])) return explain(sub, obj[k], `${path}/${k}`) ?? `${path}/${k}`;
      }
    }
  }
  return `${path || '/'}: does not match ${JSON.stringify(schema)}`;
}
