// The conversions a form's "submit" may name in "convert" (field → name, schemas/forms/*.json): what a value typed the
// way a shopper reads it becomes in the request body (actions/form-submit.ts applies them, tools/schemas/form-bindings.ts
// proves what they make against the body).

type Obj = Record<string, unknown>;

export interface Conversion {
  description: string;
  /** the schema of what it makes, or how that follows from the field's own schema (its lengths): the checker proves it
   *  against the body's place instead of the field's schema */
  output: Obj | ((field: Obj) => Obj);
  /** the value for the body; "" for a value it cannot read (left out, as an empty field is) */
  apply: (v: unknown) => unknown;
}

/** Base64 of the UTF-8 bytes of a text (the `encodedPassword` of POST authorize, seed 001 §7). */
export function base64Utf8(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

const MOBILE = '^(06[0-9]{7,8}|\\+3816[0-9]{7,8})$';

export const CONVERSIONS: Readonly<Record<string, Conversion>> = {
  issueDate: {
    description: 'a date typed dd.mm.yyyy (a final dot allowed) → yyyy-mm-ddT01:00:00+01:00 (seed 001 §3, the issue date of an identity document)',
    output: { type: 'string', minLength: 25, maxLength: 25, pattern: '^\\d{4}-\\d{2}-\\d{2}T01:00:00\\+01:00$' },
    apply: (v) => {
      const m = /^(\d{2})\.(\d{2})\.(\d{4})\.?$/.exec(String(v).trim());
      return m ? `${m[3]}-${m[2]}-${m[1]}T01:00:00+01:00` : '';
    },
  },
  mobileNumber: {
    description: 'a mobile number typed with spaces or dashes → without them: 06… or +3816… (seed 001 §5); another value is not sent',
    output: { type: 'string', minLength: 9, maxLength: 13, pattern: MOBILE },
    apply: (v) => {
      const s = String(v).replace(/[\s-]/g, '');
      return new RegExp(MOBILE).test(s) ? s : '';
    },
  },
  base64: {
    description: 'a text → base64 of its UTF-8 bytes (seed 001 §7, the password of the sign-in): at most 4 bytes a character, 4 characters for 3 bytes',
    output: (field) => ({
      type: 'string', minLength: 4, pattern: '^[A-Za-z0-9+/]*={0,2}$',
      ...(typeof field.maxLength === 'number' ? { maxLength: 4 * Math.ceil((4 * field.maxLength) / 3) } : {}),
    }),
    apply: (v) => base64Utf8(String(v)),
  },
};

/** What conversion `c` makes of a field with schema `field` (the schema the checker proves against the body). */
export function conversionOutput(c: Conversion, field: Obj): Obj {
  return typeof c.output === 'function' ? c.output(field) : c.output;
}
