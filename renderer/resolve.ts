/** Resolves prop/arg values: literal, { message, params } (localized text), { $bind: pointer }. Recurses into plain objects/arrays. */
import { getPointer, isBinding, readBinding } from '../core/pointer';

export { isBinding };

export type Translate = (key: string, params?: Record<string, unknown>) => string;

function isPlain(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

export function isMessage(v: unknown): v is { message: string; params?: Record<string, unknown> } {
  return isPlain(v) && typeof v.message === 'string' && Object.keys(v).every((k) => k === 'message' || k === 'params');
}

export function resolveValue(v: unknown, scope: unknown, t: Translate): unknown {
  if (isBinding(v)) return readBinding(v, scope);
  if (isMessage(v)) {
    const params = v.params ? (resolveValue(v.params, scope, t) as Record<string, unknown>) : undefined;
    return t(v.message, params);
  }
  if (Array.isArray(v)) return v.map((x) => resolveValue(x, scope, t));
  if (isPlain(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = resolveValue(x, scope, t);
    return out;
  }
  return v;
}

export function resolveProps(
  props: Record<string, unknown> | undefined,
  bind: Record<string, string> | undefined,
  scope: unknown,
  t: Translate,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (props) for (const [k, v] of Object.entries(props)) out[k] = resolveValue(v, scope, t);
  if (bind) for (const [k, ptr] of Object.entries(bind)) out[k] = getPointer(scope, ptr);
  return out;
}
