/**
 * The validation vocabulary of the shop (seed 001 §5), one source for both sides:
 *  - the named formats of schemas/formats/formats.json ("format": "password", …), each an ordered list of checks
 *    (a regular expression or a named check of ./checks.ts) with the message key (and params) of the first that fails;
 *  - cross-field keywords: "confirms": "<sibling field>" (validation.confirmed) and
 *    "notContainingField": "<sibling field>" (validation.passwordUsername);
 *  - "consent": <number of documents> (must be true; validation.consentRequired, singular or plural by the count);
 *  - "currency": "RSD" (an annotation: a minimum/maximum error of the field reads as the amount range).
 *
 * `addRuleVocabulary(ajv, formats)` installs them in an AJV instance: the standalone form validators the browser runs
 * (tools/schemas/validators.ts, through RJSF's extenderFn) and the server's body validation (server/app.ts, Fastify's
 * AJV plugins) both call it with the same loaded document. The generated code is self-contained (no require, no eval):
 * regular expressions become `new RegExp(…)`, named checks are copied in as their function source.
 *
 * An error of a named format carries `params.rule = { message, params? }`: the message key of the check that failed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { _, stringify, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import formatKeywordImport from 'ajv/dist/vocabularies/format/format.js';
import type AjvCore from 'ajv/dist/core.js';
import { CHECKS, type CheckName } from './checks.js';

const formatKeyword = ((formatKeywordImport as unknown as { default?: unknown }).default ?? formatKeywordImport) as CodeKeywordDefinition;

/** Message key with its params ({min}, {max}, {length}, {count}). */
export interface RuleMessage { message: string; params?: Record<string, string | number> }

/** One check of a format: a regular expression the value must match, or a named check (./checks.ts). */
export type FormatCheck = RuleMessage & ({ pattern: string; flags?: string } | { check: CheckName; param?: number });

/** A format of schemas/formats/formats.json as written (shorthand: one pattern with its message). */
export interface FormatDef {
  description?: string;
  /** shorthand of one check */
  pattern?: string;
  flags?: string;
  message?: string;
  params?: Record<string, string | number>;
  checks?: FormatCheck[];
  examples?: { valid?: string[]; invalid?: Array<{ value: string } & RuleMessage> };
}

/** A loaded format: its checks in order (regular expressions compiled). */
export interface LoadedFormat {
  name: string;
  description?: string;
  checks: Array<RuleMessage & ({ kind: 'pattern'; re: RegExp } | { kind: 'check'; check: CheckName; param?: number })>;
  examples: NonNullable<FormatDef['examples']>;
}

export type Formats = Record<string, LoadedFormat>;

/** The default message of a format whose checks name none (and of a shorthand without "message"). */
export const DEFAULT_FORMAT_MESSAGE = 'validation.regex';

/** Turns the document's definitions into loaded formats (throws on a regular expression that does not compile). */
export function formatsFromDocument(file: { formats?: Record<string, FormatDef> }): Formats {
  const out: Formats = {};
  for (const [name, def] of Object.entries(file.formats ?? {})) {
    const written: FormatCheck[] = def.checks ?? (def.pattern !== undefined
      ? [{ pattern: def.pattern, ...(def.flags !== undefined ? { flags: def.flags } : {}), message: def.message ?? DEFAULT_FORMAT_MESSAGE, ...(def.params ? { params: def.params } : {}) }]
      : []);
    out[name] = {
      name,
      ...(def.description !== undefined ? { description: def.description } : {}),
      checks: written.map((c) => {
        const msg: RuleMessage = { message: c.message ?? def.message ?? DEFAULT_FORMAT_MESSAGE, ...(c.params ? { params: c.params } : {}) };
        if ('check' in c) {
          if (!(c.check in CHECKS)) throw new Error(`format "${name}": unknown check "${String(c.check)}" (known: ${Object.keys(CHECKS).join(', ')})`);
          return { kind: 'check' as const, check: c.check, ...(c.param !== undefined ? { param: c.param } : {}), ...msg };
        }
        try {
          return { kind: 'pattern' as const, re: new RegExp(c.pattern, c.flags ?? 'u'), ...msg };
        } catch (e) {
          throw new Error(`format "${name}": the pattern ${JSON.stringify(c.pattern)} is not a regular expression: ${(e as Error).message}`);
        }
      }),
      examples: def.examples ?? {},
    };
  }
  return out;
}

/** The formats of a schemas/ folder (schemas/formats/formats.json; none when the file is missing). */
export function loadFormats(schemasDir: string): Formats {
  let text: string;
  try {
    text = readFileSync(join(schemasDir, 'formats', 'formats.json'), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  return formatsFromDocument(JSON.parse(text) as { formats?: Record<string, FormatDef> });
}

/** The first check of `format` that `value` fails (its message), or null when the value is valid. The same order and
 *  checks as the generated code; used by tests, the checker (examples) and anything that validates one value. */
export function formatFailure(format: LoadedFormat, value: string): RuleMessage | null {
  for (const c of format.checks) {
    const ok = c.kind === 'pattern' ? c.re.test(value) : (CHECKS[c.check] as (v: string, p?: number) => boolean)(value, c.param);
    if (!ok) return { message: c.message, ...(c.params ? { params: c.params } : {}) };
  }
  return null;
}

/** The source of a named check as an expression (refused unless self-contained: see ./checks.ts). */
function checkSource(name: CheckName): string {
  const src = String(CHECKS[name]);
  if (/\b__name\b|\brequire\(|\bimport\b/.test(src) || !/^function\b/.test(src)) {
    throw new Error(`the check "${name}" is not a self-contained function (its source cannot be copied into a validator): ${src.slice(0, 80)}`);
  }
  return src;
}

/** The keywords this vocabulary adds (besides redefining "format"). */
export const RULE_KEYWORDS = ['confirms', 'notContainingField', 'consent', 'currency'] as const;

/** Installs the vocabulary in `ajv` (idempotent). Answers `ajv` (RJSF's extenderFn contract). */
export function addRuleVocabulary<A extends AjvCore>(ajv: A, formats: Formats): A {
  const mark = ajv as unknown as { __shopRules?: Formats };
  if (mark.__shopRules === formats) return ajv;
  mark.__shopRules = formats;

  // "format": our named formats here, every other name (ajv-formats, RJSF's color / data-url, $data) as AJV does it
  if (ajv.getKeyword('format')) ajv.removeKeyword('format');
  ajv.addKeyword({
    ...formatKeyword,
    error: {
      message: ({ schemaCode }) => _`"must match format " + ${schemaCode}`,
      params: ({ schemaCode, params }) => (params.rule ? _`{format: ${schemaCode}, rule: ${params.rule}}` : _`{format: ${schemaCode}}`),
    },
    code(cxt: KeywordCxt, ruleType?: string) {
      const def = typeof cxt.schema === 'string' && !cxt.$data ? formats[cxt.schema] : undefined;
      if (!def) { formatKeyword.code(cxt, ruleType); return; }
      if (ruleType !== 'string') return; // a number is not one of our formats' values
      const { gen, data } = cxt;
      const failed = gen.let('rule', _`null`);
      for (const c of def.checks) {
        let ok;
        if (c.kind === 'pattern') {
          const rx = gen.scopeValue('pattern', { key: c.re.toString(), ref: c.re, code: _`new RegExp(${c.re.source}, ${c.re.flags})` });
          ok = _`${rx}.test(${data})`;
        } else {
          const fn = gen.scopeValue('func', { ref: CHECKS[c.check], code: new _Code(checkSource(c.check)) });
          ok = _`${fn}(${data}, ${c.param ?? null})`;
        }
        const msg: RuleMessage = { message: c.message, ...(c.params ? { params: c.params } : {}) };
        gen.if(_`${failed} === null && !${ok}`, () => gen.assign(failed, stringify(msg)));
      }
      cxt.setParams({ rule: failed });
      cxt.fail(_`${failed} !== null`);
    },
  });

  // "confirms": "password" — equal to the sibling field (the password confirmation)
  if (!ajv.getKeyword('confirms')) ajv.addKeyword({
    keyword: 'confirms', type: 'string', schemaType: 'string',
    error: { message: ({ schemaCode }) => _`"must equal " + ${schemaCode}`, params: ({ schemaCode }) => _`{field: ${schemaCode}}` },
    code(cxt: KeywordCxt) {
      const { data, schemaCode, it } = cxt;
      const parent = it.parentData;
      cxt.fail(_`${parent} && typeof ${parent} == "object" && ${data} !== (typeof ${parent}[${schemaCode}] == "string" ? ${parent}[${schemaCode}] : "")`);
    },
  });

  // "notContainingField": "username" — does not contain the sibling field's (non-empty) value, case ignored
  if (!ajv.getKeyword('notContainingField')) ajv.addKeyword({
    keyword: 'notContainingField', type: 'string', schemaType: 'string',
    error: { message: ({ schemaCode }) => _`"must not contain " + ${schemaCode}`, params: ({ schemaCode }) => _`{field: ${schemaCode}}` },
    code(cxt: KeywordCxt) {
      const { gen, data, schemaCode, it } = cxt;
      const parent = it.parentData;
      const other = gen.const('other', _`${parent} && typeof ${parent} == "object" && typeof ${parent}[${schemaCode}] == "string" ? ${parent}[${schemaCode}].trim().toLowerCase() : ""`);
      cxt.fail(_`${other} !== "" && ${data}.toLowerCase().includes(${other})`);
    },
  });

  // "consent": 2 — a consent checkbox (must be true) covering that many documents
  if (!ajv.getKeyword('consent')) ajv.addKeyword({
    keyword: 'consent', schemaType: 'number',
    error: { message: _`"consent required"`, params: ({ schemaCode }) => _`{count: ${schemaCode}}` },
    code(cxt: KeywordCxt) {
      cxt.fail(_`${cxt.data} !== true`);
    },
  });

  // "currency": "RSD" — an annotation read by the messages of minimum / maximum
  if (!ajv.getKeyword('currency')) ajv.addKeyword({ keyword: 'currency', schemaType: 'string' });
  return ajv;
}
