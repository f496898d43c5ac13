// Turns AJV errors into one localized message (schemas/messages keys, seed 001 §5 texts).
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import ajvFormats from 'ajv-formats';
import { addRuleVocabulary, loadFormats, type Formats } from '../../tools/schemas/rules';
import { controlCharacterPath, withoutControlCharacters } from '../../tools/schemas/plain-text';
import { badInput } from './errors';

export interface LocalizedIssue { key: string; params: Record<string, string | number>; subject: string; reason: string }

/** Formats whose values are digits: their length errors speak of digits (as components/forms/localizer.ts). */
const DIGIT_FORMATS = new Set(['numeric', 'otpCode', 'puk', 'simSerial', 'jmbg', 'jmbgAdult', 'contactPhone']);

const EMAIL_FIELDS = /(^|\/)(contactEmail|email)$/;
const PHONE_FIELDS = /(^|\/)(contactPhone)$/;

/** Fastify's AJV plugin contract: (ajv, options) → ajv. */
function ruleVocabularyPlugin(ajv: Parameters<typeof addRuleVocabulary>[0], opts: { formats: Formats }) {
  return addRuleVocabulary(ajv, opts.formats);
}

/**
 * Fastify's `ajv` options of the app: the validation vocabulary of schemas/formats (formats by name with the message
 * of the failed check, cross-field keywords, consent, currency; tools/schemas/rules.ts) — the one the forms'
 * validators are compiled with, so a body is refused with the form's message. `verbose`: an error carries its schema
 * (the amount range and consent messages read their bounds and count there).
 */
export function bodyValidationOptions(schemasDir: string) {
  return {
    customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, verbose: true },
    plugins: [ajvFormats, [ruleVocabularyPlugin, { formats: loadFormats(schemasDir) }]],
  } as const;
}

/**
 * A `preValidation` hook of every route (server/app.ts): a path parameter, query value or body string (or object key)
 * holding a control character (tools/schemas/plain-text.ts: NUL, C0 but tab / line feed / carriage return, DEL, C1,
 * a lone surrogate) is refused with 400 `validation.controlCharacters`, whether or not the route has a schema —
 * PostgreSQL would refuse a NUL with an error, and the rest is never text a shopper means.
 */
export function refuseControlCharacters(req: { params?: unknown; query?: unknown; body?: unknown }, _reply: unknown, done: (err?: Error) => void): void {
  for (const [part, value] of [['params', req.params], ['querystring', req.query], ['body', req.body]] as const) {
    const path = controlCharacterPath(value);
    if (path !== null) {
      done(badInput('validation.controlCharacters', {}, `${part}${withoutControlCharacters(path)}`, 'controlCharacters'));
      return;
    }
  }
  done();
}

export function issueOf(e: FastifySchemaValidationError, context: string): LocalizedIssue {
  const p = (e.params ?? {}) as Record<string, unknown>;
  let path = e.instancePath ?? '';
  if (e.keyword === 'required' && typeof p.missingProperty === 'string') path = `${path}/${p.missingProperty}`;
  if (e.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') path = `${path}/${p.additionalProperty}`;
  const subject = `${context}${path}`;
  const base = { subject, reason: e.keyword };
  switch (e.keyword) {
    case 'required': {
      const consent = ((e as { parentSchema?: { properties?: Record<string, { consent?: unknown }> } }).parentSchema?.properties?.[String(p.missingProperty)])?.consent;
      return typeof consent === 'number' ? { ...base, key: 'validation.consentRequired', params: { count: consent } } : { ...base, key: 'validation.required', params: {} };
    }
    case 'maxLength': case 'minLength': {
      if (e.keyword === 'minLength' && Number(p.limit) <= 1) return { ...base, key: 'validation.required', params: {} };
      // both bounds: the length messages of the forms (components/forms/localizer.ts; tests/server/validation-rules.test.ts
      // checks the two agree)
      const s = (e as { parentSchema?: { minLength?: unknown; maxLength?: unknown; format?: unknown } }).parentSchema;
      if (s && typeof s.minLength === 'number' && typeof s.maxLength === 'number' && s.minLength > 1) {
        if (s.minLength === s.maxLength) return { ...base, key: 'validation.length', params: { length: s.minLength } };
        return { ...base, key: DIGIT_FORMATS.has(String(s.format)) ? 'validation.minmax' : 'validation.minmaxchar', params: { min: s.minLength, max: s.maxLength } };
      }
      return { ...base, key: e.keyword === 'minLength' ? 'validation.min' : 'validation.max', params: { length: Number(p.limit) } };
    }
    case 'format': {
      // a format of schemas/formats/formats.json names the message of the check that failed (tools/schemas/rules.ts)
      const rule = p.rule as { message?: unknown; params?: Record<string, string | number> } | undefined;
      if (rule && typeof rule.message === 'string') return { ...base, key: rule.message, params: rule.params ?? {} };
      return { ...base, key: 'validation.regex', params: {} };
    }
    case 'confirms': return { ...base, key: 'validation.confirmed', params: {} };
    case 'notContainingField': return { ...base, key: 'validation.passwordUsername', params: {} };
    case 'consent': return { ...base, key: 'validation.consentRequired', params: { count: Number(p.count) || 1 } };
    case 'pattern':
      if (EMAIL_FIELDS.test(path)) return { ...base, key: 'validation.email', params: {} };
      if (PHONE_FIELDS.test(path)) return { ...base, key: 'validation.minmax', params: { min: 7, max: 10 } };
      return { ...base, key: 'validation.regex', params: {} };
    case 'type':
      return p.type === 'integer' || p.type === 'number'
        ? { ...base, key: 'validation.numeric', params: {} }
        : { ...base, key: 'error.validation.type', params: { field: path.replace(/^\//, '') || context, type: String(p.type) } };
    case 'minimum': case 'exclusiveMinimum': case 'maximum': case 'exclusiveMaximum': {
      // "currency": "RSD" (with both bounds): the amount range of seed 001 §5
      const s = (e as { parentSchema?: Record<string, unknown> }).parentSchema;
      if (s && s.currency === 'RSD' && typeof s.minimum === 'number' && typeof s.maximum === 'number') {
        return { ...base, key: 'validation.amountRange', params: { min: s.minimum, max: s.maximum } };
      }
      return { ...base, key: 'error.validation.range', params: { field: path.replace(/^\//, '') || context, limit: Number(p.limit) } };
    }
    case 'enum': case 'const':
      return { ...base, key: 'error.validation.enum', params: { field: path.replace(/^\//, '') || context } };
    case 'additionalProperties':
      return { ...base, key: 'error.validation.unknownField', params: { field: String(p.additionalProperty) } };
    default:
      return { ...base, key: 'error.validation.invalid', params: { field: path.replace(/^\//, '') || context } };
  }
}

/** Compiled route validators and serializers of this process, keyed by everything their code depends on (the
 *  route's schema, the options, and the shared schemas and formats by the content hash buildApp passes). A route's
 *  schema is compiled when the route first needs it, not at start (compiling the whole API took about half a second
 *  of a warm start, before the shop could answer anything); a second app in the same process (the test suites build
 *  many) reuses the functions instead of compiling them again. */
const compiledValidators = new Map<string, ValidateFn>();
const compiledSerializers = new Map<string, (data: unknown) => string>();

/** A route compiler of Fastify's compilersFactory contract that answers the function compiled before for the same
 *  key: `poolKey` (content hash, shared schema ids, options) plus the route's schema. Fastify's own compiler
 *  (`build`) is made only when a route misses. The shared schemas are named in the key by their ids only:
 *  serializing them for every route costs more than compiling. */
function reusing<F>(cache: Map<string, F>, cacheKey: string, externalSchemas: unknown, options: unknown, build: () => (route: unknown) => F) {
  const prefix = `${cacheKey}\0${Object.keys(externalSchemas as object).sort().join()}\0${JSON.stringify(options ?? null)}\0`;
  let compile: ((route: unknown) => F) | null = null;
  return (route: { schema?: unknown }): F => {
    const key = prefix + JSON.stringify(route.schema ?? null);
    let fn = cache.get(key);
    if (fn === undefined) {
      compile ??= build();
      fn = compile(route);
      cache.set(key, fn);
    }
    return fn;
  };
}

/** Fastify's AJV validator factory, wrapped: AJV coerces a query value like "1e999" to Infinity and then skips
 *  minimum/maximum (its limit checks are guarded by isFinite), so a validated request part holding a non-finite
 *  number is refused here as "not a number" (400 ValidationError) instead of reaching a handler.
 *  `cacheKey`: the content of the shared schemas and of the formats (the AJV plugins' input). */
export function finiteNumbersValidatorFactory(cacheKey: string) {
  const base = AjvCompiler() as unknown as (e: unknown, o: unknown) => (route: unknown) => ValidateFn;
  return (externalSchemas: unknown, ajvOptions: { customOptions?: unknown }) => {
    const compiled = reusing(compiledValidators, cacheKey, externalSchemas, ajvOptions.customOptions, () => base(externalSchemas, ajvOptions));
    return (route: { schema?: unknown; httpPart?: string }) => {
      let inner: ValidateFn | null = null;
      const wrapped: ValidateFn = (data: unknown) => {
        inner ??= compiled(route);
        const ok = inner(data);
        if (ok !== true) { wrapped.errors = inner.errors; return ok; }
        const path = nonFinitePath(data, '', 0);
        if (path === null) { wrapped.errors = null; return true; }
        wrapped.errors = [{ keyword: 'type', instancePath: path, schemaPath: '#', params: { type: 'number' }, message: 'must be a finite number' }];
        return false;
      };
      return wrapped;
    };
  };
}

/** Fastify's response serializer factory (fast-json-stringify), with the same per-process reuse as the validators. */
export function sharedSerializerFactory(cacheKey: string) {
  const base = SerializerSelector() as unknown as (e: unknown, o: unknown) => (route: unknown) => (data: unknown) => string;
  return (externalSchemas: unknown, serializerOpts: unknown) => {
    const compiled = reusing(compiledSerializers, cacheKey, externalSchemas, serializerOpts, () => base(externalSchemas, serializerOpts));
    return (route: { schema?: unknown }) => {
      let serialize: ((data: unknown) => string) | null = null;
      return (data: unknown) => (serialize ??= compiled(route))(data);
    };
  };
}

type ValidateFn = ((data: unknown) => unknown) & { errors?: unknown[] | null };

function nonFinitePath(v: unknown, path: string, depth: number): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? null : path;
  if (!v || typeof v !== 'object' || depth > 32) return null;
  for (const [k, x] of Object.entries(v)) {
    const p = nonFinitePath(x, `${path}/${k}`, depth + 1);
    if (p !== null) return p;
  }
  return null;
}
