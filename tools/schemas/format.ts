/** Prints checker errors for people: one block per error. */
import type { SchemaError } from './types.js';

const paint = (on: boolean, code: number, s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/**
 * One block per error:
 *   schemas/screens/pdp.json:12:7  /body/0/component  unknown component "PriceTg" — did you mean "PriceTag"?
 *       expected: one of: …
 */
export function formatErrors(errors: SchemaError[], opts: { color?: boolean } = {}): string {
  const color = opts.color ?? false;
  return errors
    .map((e) => {
      const where = e.line !== undefined ? `${e.file}:${e.line}:${e.column ?? 1}` : e.file;
      const lines = [`${paint(color, 36, where)}  ${paint(color, 2, e.pointer === '' ? '(whole document)' : e.pointer)}  ${paint(color, 31, e.message)}`];
      if (e.expected !== undefined && !e.message.includes(e.expected)) lines.push(`    expected: ${e.expected}`);
      if (e.suggestion !== undefined && !e.message.includes(`"${e.suggestion}"`) && !e.message.includes(`'${e.suggestion}'`)) {
        lines.push(`    ${paint(color, 32, `suggestion: ${e.suggestion}`)}`);
      }
      return lines.join('\n');
    })
    .join('\n');
}
