/**
 * Our AJV localizer: maps AJV errors to the exact messages of seed 001 §5 (keys validation.*), with per-field
 * overrides from the form document's `messages` ({ "/field": { "keyword": "message.key" } }).
 */
import type { ErrorObject } from 'ajv';

export type Translate = (key: string, params?: Record<string, unknown>) => string;
type Schema = Record<string, unknown>;

/** The sub-schema at a data pointer (follows properties / items). */
export function schemaAt(root: Schema | undefined, pointer: string): Schema | undefined {
  let cur: Schema | undefined = root;
  for (const tok of pointer.split('/').filter(Boolean)) {
    if (!cur) return undefined;
    const props = cur.properties as Record<string, Schema> | undefined;
    if (props?.[tok]) cur = props[tok];
    else if (cur.items && typeof cur.items === 'object') cur = cur.items as Schema;
    else return undefined;
  }
  return cur;
}

/** The data pointer of the field an error belongs to (required errors point at the missing property). */
export function fieldPointer(e: Pick<ErrorObject, 'instancePath' | 'keyword' | 'params'>): string {
  if (e.keyword === 'required') return `${e.instancePath}/${String((e.params as { missingProperty?: string }).missingProperty ?? '')}`;
  return e.instancePath;
}

/** Formats whose values are digits: their length errors speak of digits (validation.minmax). */
const DIGIT_FORMATS = new Set(['numeric', 'otpCode', 'puk', 'simSerial', 'jmbg', 'jmbgAdult', 'contactPhone']);

/** The message key and params for an AJV error, before overrides. The formats of schemas/formats/formats.json and the
 *  keywords of tools/schemas/rules.ts put the message of the failed check in the error (`params.rule`). */
export function defaultMessage(e: Pick<ErrorObject, 'keyword' | 'params'>, field: Schema | undefined): { key: string; params?: Record<string, unknown> } {
  const p = e.params as Record<string, unknown>;
  const min = field?.minLength, max = field?.maxLength;
  switch (e.keyword) {
    case 'required':
      // a consent checkbox never ticked
      if (typeof field?.consent === 'number') return { key: 'validation.consentRequired', params: { count: field.consent } };
      return { key: 'validation.required' };
    case 'format': {
      const rule = p.rule as { message?: unknown; params?: Record<string, unknown> } | undefined;
      if (rule && typeof rule.message === 'string') return { key: rule.message, ...(rule.params ? { params: rule.params } : {}) };
      return { key: 'validation.regex' };
    }
    case 'confirms':
      return { key: 'validation.confirmed' };
    case 'notContainingField':
      return { key: 'validation.passwordUsername' };
    case 'consent':
      return { key: 'validation.consentRequired', params: { count: typeof p.count === 'number' ? p.count : 1 } };
    case 'minLength':
    case 'maxLength':
      if (typeof min === 'number' && typeof max === 'number') {
        if (min === max) return { key: 'validation.length', params: { length: min } };
        return { key: DIGIT_FORMATS.has(String(field?.format)) ? 'validation.minmax' : 'validation.minmaxchar', params: { min, max } };
      }
      return { key: e.keyword === 'minLength' ? 'validation.min' : 'validation.max', params: { length: p.limit } };
    case 'pattern':
      return { key: 'validation.regex' };
    case 'type':
      return p.type === 'number' || p.type === 'integer' ? { key: 'validation.numeric' } : { key: 'validation.regex' };
    case 'minimum':
    case 'maximum':
      return { key: 'validation.amountRange', params: { min: field?.minimum, max: field?.maximum } };
    case 'const':
    case 'enum':
      return { key: 'validation.required' };
    default:
      return { key: 'validation.regex' };
  }
}

export function createLocalizer(t: Translate, rootSchema: Schema | undefined, overrides: Record<string, Record<string, string>> = {}) {
  return (errors?: null | ErrorObject[]): void => {
    if (!errors) return;
    // an if/then that failed says so at the form's root ("must match "then" schema") beside the errors of the branch,
    // which name their own fields: at the root it would be drawn as an error of no field the shopper can fix (it showed
    // as "Ovo polje je obavezno." on the form's first field). The errors are RJSF's list itself: taken out in place
    for (let i = errors.length - 1; i >= 0; i--) if (errors[i].keyword === 'if') errors.splice(i, 1);
    for (const e of errors) {
      const ptr = fieldPointer(e);
      const field = schemaAt(rootSchema, ptr);
      const def = defaultMessage(e, field);
      const o = overrides[ptr];
      const key = o?.[e.keyword] ?? (e.keyword === 'format' ? o?.[`format:${String((e.params as { format?: string }).format)}`] : undefined) ?? def.key;
      // an override keeps the params of the rule (e.g. {min} {max}), so its text may use them too; a length limit is
      // also {length} (an override to validation.min / validation.max on a field that has both bounds)
      const limit = (e.params as { limit?: unknown }).limit;
      e.message = t(key, typeof limit === 'number' && (e.keyword === 'minLength' || e.keyword === 'maxLength') ? { length: limit, ...def.params } : def.params);
    }
  };
}
