/**
 * An eval-free JSON Schema validator for RJSF (the shop runs under a CSP without 'unsafe-eval', so AJV cannot
 * compile in the browser). It reports AJV-shaped errors ({ instancePath, schemaPath, keyword, params }) so the
 * localizer and RJSF's error processing work unchanged. Keywords: type, enum, const, required, properties,
 * additionalProperties (false), dependentRequired, minLength, maxLength, pattern, format, minimum, maximum,
 * exclusiveMinimum, exclusiveMaximum, multipleOf, items, minItems, maxItems, uniqueItems, allOf, anyOf, oneOf,
 * not, if/then/else and local $ref (#/definitions, #/$defs).
 */
import type { ErrorObject } from 'ajv';

type Schema = Record<string, unknown>;
export type FormatFn = (v: string) => boolean;

const typeOf = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
};
const typeMatches = (v: unknown, t: string) => (t === 'number' ? typeof v === 'number' && !Number.isNaN(v) : typeOf(v) === t);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object), kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => equal((a as Schema)[k], (b as Schema)[k]));
}

const BUILTIN_FORMATS: Record<string, FormatFn> = {
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  'date-time': (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v),
  uri: (v) => { try { new URL(v); return true; } catch { return false; } },
};

export class EvalFreeValidator {
  private readonly formats: Record<string, FormatFn>;
  private readonly patterns = new Map<string, RegExp>();

  constructor(private readonly root: Schema, formats: Record<string, FormatFn> = {}) {
    this.formats = { ...BUILTIN_FORMATS, ...formats };
  }

  /** All errors of `data` against `schema` (default: the root schema). */
  validate(data: unknown, schema: Schema = this.root): ErrorObject[] {
    const errors: ErrorObject[] = [];
    this.check(schema, data, '', '#', errors);
    return errors;
  }

  isValid(data: unknown, schema: Schema = this.root): boolean {
    return this.validate(data, schema).length === 0;
  }

  private deref(s: Schema): Schema {
    let cur = s;
    for (let i = 0; i < 20 && typeof cur.$ref === 'string'; i++) {
      const ref = cur.$ref as string;
      if (!ref.startsWith('#')) throw new Error(`Only local $ref is supported: ${ref}`);
      let target: unknown = this.root;
      for (const tok of ref.slice(1).split('/').filter(Boolean)) target = (target as Schema | undefined)?.[tok.replace(/~1/g, '/').replace(/~0/g, '~')];
      if (!target || typeof target !== 'object') throw new Error(`Unresolved $ref ${ref}`);
      const { $ref: _ignored, ...rest } = cur;
      cur = { ...(target as Schema), ...rest };
    }
    return cur;
  }

  private regex(p: string): RegExp {
    let r = this.patterns.get(p);
    if (!r) { r = new RegExp(p, 'u'); this.patterns.set(p, r); }
    return r;
  }

  private check(schemaIn: unknown, data: unknown, path: string, sp: string, out: ErrorObject[]): void {
    if (schemaIn === true || schemaIn === undefined) return;
    if (schemaIn === false) { out.push(err('false schema', path, sp, {})); return; }
    const s = this.deref(schemaIn as Schema);
    const push = (keyword: string, params: Record<string, unknown>) => out.push(err(keyword, path, `${sp}/${keyword}`, params));

    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      if (!types.some((t) => typeMatches(data, t))) { push('type', { type: types.join(',') }); return; }
    }
    if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, data))) push('enum', { allowedValues: s.enum });
    if ('const' in s && !equal(s.const, data)) push('const', { allowedValue: s.const });

    if (typeof data === 'string') {
      const len = [...data].length;
      if (typeof s.minLength === 'number' && len < s.minLength) push('minLength', { limit: s.minLength });
      if (typeof s.maxLength === 'number' && len > s.maxLength) push('maxLength', { limit: s.maxLength });
      if (typeof s.pattern === 'string' && !this.regex(s.pattern).test(data)) push('pattern', { pattern: s.pattern });
      if (typeof s.format === 'string') {
        const f = this.formats[s.format];
        if (f && !f(data)) push('format', { format: s.format });
      }
    }
    if (typeof data === 'number') {
      if (typeof s.minimum === 'number' && data < s.minimum) push('minimum', { comparison: '>=', limit: s.minimum });
      if (typeof s.maximum === 'number' && data > s.maximum) push('maximum', { comparison: '<=', limit: s.maximum });
      if (typeof s.exclusiveMinimum === 'number' && data <= s.exclusiveMinimum) push('exclusiveMinimum', { comparison: '>', limit: s.exclusiveMinimum });
      if (typeof s.exclusiveMaximum === 'number' && data >= s.exclusiveMaximum) push('exclusiveMaximum', { comparison: '<', limit: s.exclusiveMaximum });
      if (typeof s.multipleOf === 'number' && Math.abs(data / s.multipleOf - Math.round(data / s.multipleOf)) > 1e-9) push('multipleOf', { multipleOf: s.multipleOf });
    }
    if (Array.isArray(data)) {
      if (typeof s.minItems === 'number' && data.length < s.minItems) push('minItems', { limit: s.minItems });
      if (typeof s.maxItems === 'number' && data.length > s.maxItems) push('maxItems', { limit: s.maxItems });
      if (s.uniqueItems === true) {
        for (let i = 0; i < data.length; i++) for (let j = i + 1; j < data.length; j++) if (equal(data[i], data[j])) { push('uniqueItems', { i, j }); i = data.length; break; }
      }
      if (Array.isArray(s.items)) (s.items as unknown[]).forEach((sub, i) => { if (i < data.length) this.check(sub, data[i], `${path}/${i}`, `${sp}/items/${i}`, out); });
      else if (s.items !== undefined) data.forEach((x, i) => this.check(s.items, x, `${path}/${i}`, `${sp}/items`, out));
    }
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
      const obj = data as Schema;
      const present = (k: string) => obj[k] !== undefined;
      if (Array.isArray(s.required)) for (const k of s.required as string[]) if (!present(k)) push('required', { missingProperty: k });
      const props = (s.properties ?? {}) as Record<string, unknown>;
      for (const [k, sub] of Object.entries(props)) if (present(k)) this.check(sub, obj[k], `${path}/${escape(k)}`, `${sp}/properties/${escape(k)}`, out);
      if (s.additionalProperties === false) {
        for (const k of Object.keys(obj)) if (!(k in props) && present(k)) push('additionalProperties', { additionalProperty: k });
      } else if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        for (const k of Object.keys(obj)) if (!(k in props)) this.check(s.additionalProperties, obj[k], `${path}/${escape(k)}`, `${sp}/additionalProperties`, out);
      }
      const dep = (s.dependentRequired ?? {}) as Record<string, string[]>;
      for (const [k, reqs] of Object.entries(dep)) if (present(k)) for (const r of reqs) if (!present(r)) push('dependentRequired', { property: k, missingProperty: r, depsCount: reqs.length, deps: reqs.join(', ') });
    }
    if (Array.isArray(s.allOf)) (s.allOf as unknown[]).forEach((sub, i) => this.check(sub, data, path, `${sp}/allOf/${i}`, out));
    if (Array.isArray(s.anyOf) && !(s.anyOf as unknown[]).some((sub) => this.ok(sub, data))) push('anyOf', {});
    if (Array.isArray(s.oneOf)) {
      const passing = (s.oneOf as unknown[]).map((sub, i) => (this.ok(sub, data) ? i : -1)).filter((i) => i >= 0);
      if (passing.length !== 1) push('oneOf', { passingSchemas: passing.length ? passing : null });
    }
    if (s.not !== undefined && this.ok(s.not, data)) push('not', {});
    if (s.if !== undefined) {
      const branch = this.ok(s.if, data) ? 'then' : 'else';
      if (s[branch] !== undefined) this.check(s[branch], data, path, `${sp}/${branch}`, out);
    }
  }

  private ok(schema: unknown, data: unknown): boolean {
    const out: ErrorObject[] = [];
    this.check(schema, data, '', '#', out);
    return out.length === 0;
  }
}

function escape(k: string): string {
  return k.replace(/~/g, '~0').replace(/\//g, '~1');
}

function err(keyword: string, instancePath: string, schemaPath: string, params: Record<string, unknown>): ErrorObject {
  return { keyword, instancePath, schemaPath, params, message: keyword } as ErrorObject;
}
