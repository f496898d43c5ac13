// The named string formats of schemas/formats/formats.json (seed 001 §5) for a check a route makes itself, after its
// body schema: the same rules the forms and the body validation use, never a second hand-written pattern.
import formatsDoc from '../../schemas/formats/formats.json';
import { formatFailure, formatsFromDocument } from '../../tools/schemas/rules';

const formats = formatsFromDocument(formatsDoc as Parameters<typeof formatsFromDocument>[0]);

/** The first check of the named format that `value` fails (its message key and params), or null (an unknown name is
 *  a programming error). */
export function formatProblem(name: string, value: string): ReturnType<typeof formatFailure> {
  const f = formats[name];
  if (!f) throw new Error(`schemas/formats/formats.json has no format "${name}"`);
  return formatFailure(f, value);
}

/** True when `value` passes every check of the named format. */
export const matchesFormat = (name: string, value: string): boolean => formatProblem(name, value) === null;
