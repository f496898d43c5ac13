// A server refusal that names one field of a form (seed 000: "the first invalid field is scrolled into view" holds for
// the server's errors too): the 400 answer's `subject` is the refused value's path in the request ("body/userInfo/jmbg"
// from the contract's schema check, "userInfo/jmbg" from a service check, docs/modules/http.md).
import { ApiError } from '../api/errors';

/**
 * The form field a refusal names: its subject without the request part ("body", "querystring") and the body's
 * `wrapper` object (e.g. "userInfo"), as a dotted path ("jmbg", "deliveryAddress.postalCode"), when that path is one of
 * `fields`; else null (a refusal of the whole request, shown as such).
 */
export function refusedField(e: unknown, fields: readonly string[], wrapper = ''): string | null {
  if (!(e instanceof ApiError) || e.status !== 400) return null;
  const subject = e.errors[0]?.subject;
  if (typeof subject !== 'string' || subject === '') return null;
  let parts = subject.split('/').filter(Boolean);
  if (parts[0] === 'body') parts = parts.slice(1);
  if (wrapper) {
    if (parts[0] !== wrapper) return null;
    parts = parts.slice(1);
  }
  const path = parts.join('.');
  return fields.includes(path) ? path : null;
}
