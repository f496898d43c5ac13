/**
 * Text the shop accepts: no control characters. PostgreSQL refuses NUL in text outright (a 500 before this rule), and
 * the other control characters, DEL, the C1 block and lone UTF-16 surrogates are never part of a name, an address, a
 * code or a message — pasted in, they corrupt what is stored and shown. Tab, line feed and carriage return stay
 * allowed (a multi-line message; the database takes them). One rule for both sides: the server refuses such a value
 * in any body, query or path parameter (server/lib/validation.ts), and the forms say the same before a submit
 * (components/forms/Form.tsx). Self-contained: no imports, safe for the browser bundle.
 */

/** C0 controls but \t \n \r, DEL and C1 controls, a high surrogate not followed by a low one, a low one alone. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this expression is for
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character no text field accepts. */
export function hasControlCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** True when a string anywhere in `value` (a value or an object key) holds such a character: the same walk as
 *  controlCharacterPath without building a pointer per key (every request's query and body pass here). */
function holdsControlCharacters(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return FORBIDDEN.test(value);
  if (!value || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => holdsControlCharacters(v, depth + 1));
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (FORBIDDEN.test(k) || holdsControlCharacters((value as Record<string, unknown>)[k], depth + 1)) return true;
  }
  return false;
}

/** The JSON pointer of the first string (value or object key) in `value` holding such a character, or null. */
export function controlCharacterPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : null;
  if (depth === 0 && !holdsControlCharacters(value, 0)) return null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = controlCharacterPath(value[i], `${path}/${i}`, depth + 1);
      if (p !== null) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const here = `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (FORBIDDEN.test(k)) return here;
    const p = controlCharacterPath(v, here, depth + 1);
    if (p !== null) return p;
  }
  return null;
}

/** `text` with each such character replaced by "?" (a path echoed back in an error names the field, not the bytes). */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(FORBIDDEN.source, 'g'), '?');
}
