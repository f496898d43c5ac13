/**
 * What the kind's JSON Schema says at a place of a document: the schemas that apply to the value at a path (with
 * `$ref` followed, `allOf` merged, `if`/`then`/`else` decided by the document's own values — the per-component
 * rules of node.schema.json are `if component is X then props …` — and the branches of `anyOf`/`oneOf` the value
 * fits), the property names they allow, the values they list, and their title and description. The editor's
 * completion and hover (codemirror.ts) read it. The schema is one self-contained document (GET /studio/api/schema,
 * server/studio/editor-schema.ts): every `$ref` is a pointer into it.
 *
 * Not a validator: the studio's checker (the server) decides what is an error; this only has to be quick (a few
 * milliseconds per keystroke with the 1 MB screen schema) and good at guessing what fits.
 */
export type Json = Record<string, unknown>;
export type PathSegment = string | number;

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const MAX_DEPTH = 40;

/** A property name or value the schema offers. */
export interface Suggestion { label: string; value: unknown; title?: string; description?: string }

export class SchemaAssist {
  private readonly refs = new Map<string, unknown>();

  constructor(readonly root: Json) {}

  /** The schema a local `$ref` ("#/$defs/x/…") points at (undefined: unknown). */
  deref(ref: string): unknown {
    if (this.refs.has(ref)) return this.refs.get(ref);
    let cur: unknown;
    if (ref.startsWith('#')) {
      cur = this.root;
      for (const raw of ref.slice(1).split('/').slice(1)) {
        const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        cur = isObj(cur) || Array.isArray(cur) ? (cur as Json)[key] : undefined;
      }
    }
    this.refs.set(ref, cur);
    return cur;
  }

  /** The schemas that apply to `value` under `schema` (itself first, then what its keywords pull in). */
  expand(schema: unknown, value: unknown, out: Json[] = [], depth = 0): Json[] {
    if (!isObj(schema) || depth > MAX_DEPTH || out.includes(schema)) return out;
    out.push(schema);
    if (typeof schema.$ref === 'string') this.expand(this.deref(schema.$ref), value, out, depth + 1);
    if (Array.isArray(schema.allOf)) for (const s of schema.allOf) this.expand(s, value, out, depth + 1);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (!Array.isArray(branches)) continue;
      const fitting = value === undefined ? branches : branches.filter((b) => this.matches(b, value, depth + 1));
      for (const b of fitting.length > 0 ? fitting : branches) this.expand(b, value, out, depth + 1);
    }
    if (schema.if !== undefined && value !== undefined) {
      const branch = this.matches(schema.if, value, depth + 1) ? schema.then : schema.else;
      if (branch !== undefined) this.expand(branch, value, out, depth + 1);
    }
    return out;
  }

  /** Whether `value` fits `schema` as far as the keywords that tell branches apart say (type, const, enum, required, properties). */
  matches(schema: unknown, value: unknown, depth = 0): boolean {
    if (schema === true || schema === undefined) return true;
    if (schema === false) return false;
    if (!isObj(schema) || depth > MAX_DEPTH) return true;
    if (typeof schema.$ref === 'string' && !this.matches(this.deref(schema.$ref), value, depth + 1)) return false;
    if ('const' in schema && !sameJson(schema.const, value)) return false;
    if (Array.isArray(schema.enum) && !schema.enum.some((e) => sameJson(e, value))) return false;
    if (schema.type !== undefined && !(Array.isArray(schema.type) ? schema.type : [schema.type]).some((t) => isType(value, t as string))) return false;
    if (isObj(value)) {
      if (Array.isArray(schema.required) && !schema.required.every((k) => typeof k === 'string' && k in value)) return false;
      if (isObj(schema.properties)) {
        for (const [k, s] of Object.entries(schema.properties)) if (k in value && !this.matches(s, value[k], depth + 1)) return false;
      }
    }
    if (Array.isArray(schema.allOf) && !schema.allOf.every((s) => this.matches(s, value, depth + 1))) return false;
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = schema[key];
      if (Array.isArray(branches) && !branches.some((s) => this.matches(s, value, depth + 1))) return false;
    }
    if (schema.not !== undefined && this.matches(schema.not, value, depth + 1)) return false;
    return true;
  }

  /** The schemas of the value at `path` of the document `doc` (its best-effort value while it is being typed). */
  at(path: readonly PathSegment[], doc: unknown): Json[] {
    let schemas = this.expand(this.root, doc);
    let value = doc;
    for (const seg of path) {
      const child = isObj(value) || Array.isArray(value) ? (value as Json)[seg as string] : undefined;
      const next: Json[] = [];
      for (const s of schemas) {
        for (const c of childSchemas(s, seg)) this.expand(c, child, next);
      }
      schemas = next;
      value = child;
      if (schemas.length === 0) break;
    }
    return schemas;
  }

  /** The property names an object with these schemas may have (its own `properties`, `propertyNames`' enum). */
  propertyNames(schemas: Json[]): Suggestion[] {
    const out = new Map<string, Suggestion>();
    for (const s of schemas) {
      if (isObj(s.properties)) {
        for (const [name, p] of Object.entries(s.properties)) {
          if (p === false) continue;
          const prev = out.get(name);
          const { title, description } = this.annotations(this.expand(p, undefined));
          out.set(name, { label: name, value: name, title: prev?.title ?? title, description: prev?.description ?? description });
        }
      }
      if (isObj(s.propertyNames) && Array.isArray(s.propertyNames.enum)) {
        for (const name of s.propertyNames.enum) if (typeof name === 'string' && !out.has(name)) out.set(name, { label: name, value: name });
      }
    }
    // a property a branch forbids (`"children": false` for a component without children) is not offered
    for (const s of schemas) {
      if (isObj(s.properties)) for (const [name, p] of Object.entries(s.properties)) if (p === false) out.delete(name);
    }
    return [...out.values()];
  }

  /** The values these schemas list: `enum` (with its descriptions), `const`, true/false for a boolean. */
  values(schemas: Json[]): Suggestion[] {
    const out = new Map<string, Suggestion>();
    const add = (value: unknown, description?: string) => {
      const label = typeof value === 'string' ? value : JSON.stringify(value);
      if (!out.has(label)) out.set(label, { label, value, description });
    };
    for (const s of schemas) {
      if (Array.isArray(s.enum)) {
        const descriptions = Array.isArray(s.enumDescriptions) ? s.enumDescriptions : [];
        s.enum.forEach((v, i) => add(v, typeof descriptions[i] === 'string' ? descriptions[i] as string : undefined));
      }
      if ('const' in s) add(s.const);
      if (s.type === 'boolean' || (Array.isArray(s.type) && s.type.includes('boolean'))) { add(true); add(false); }
    }
    return [...out.values()];
  }

  /** The first title and description among the schemas (the place's own annotations come first). */
  annotations(schemas: Json[]): { title?: string; description?: string } {
    const title = schemas.find((s) => typeof s.title === 'string')?.title as string | undefined;
    const description = schemas.find((s) => typeof s.description === 'string')?.description as string | undefined;
    return { title, description };
  }

  /** What the schemas say about one value: a listed value's own description (a message key's texts), if any. */
  valueDescription(schemas: Json[], value: unknown): string | undefined {
    for (const s of schemas) {
      if (!Array.isArray(s.enum) || !Array.isArray(s.enumDescriptions)) continue;
      const i = s.enum.findIndex((e) => sameJson(e, value));
      if (i >= 0 && typeof s.enumDescriptions[i] === 'string') return s.enumDescriptions[i] as string;
    }
    return undefined;
  }
}

/** The schemas of a child (property or item) that one schema names directly. */
function childSchemas(s: Json, seg: PathSegment): unknown[] {
  if (typeof seg === 'number') {
    if (Array.isArray(s.prefixItems) && seg < s.prefixItems.length) return [s.prefixItems[seg]];
    return s.items !== undefined && typeof s.items !== 'boolean' ? [s.items] : [];
  }
  if (isObj(s.properties) && seg in s.properties) return [s.properties[seg]];
  if (isObj(s.patternProperties)) {
    const hits = Object.entries(s.patternProperties).filter(([p]) => safeTest(p, seg)).map(([, v]) => v);
    if (hits.length > 0) return hits;
  }
  return isObj(s.additionalProperties) ? [s.additionalProperties] : [];
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

function isType(v: unknown, t: string): boolean {
  switch (t) {
    case 'object': return isObj(v);
    case 'array': return Array.isArray(v);
    case 'string': return typeof v === 'string';
    case 'number': return typeof v === 'number';
    case 'integer': return Number.isInteger(v);
    case 'boolean': return typeof v === 'boolean';
    case 'null': return v === null;
    default: return true;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
