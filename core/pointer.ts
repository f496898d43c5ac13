/** RFC 6901 JSON Pointer read over plain objects, arrays and MobX observables (reads subscribe observers). */
export function parsePointer(ptr: string): string[] {
  if (ptr === '' || ptr === '/') return ptr === '' ? [] : [''];
  if (!ptr.startsWith('/')) throw new Error(`Invalid JSON Pointer "${ptr}": must start with "/"`);
  return ptr.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function getPointer(root: unknown, ptr: string): unknown {
  let cur: unknown = root;
  for (const token of parsePointer(ptr)) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur)) {
      if (token === 'length') { cur = cur.length; continue; }
      const i = Number(token);
      if (!Number.isInteger(i)) return undefined;
      cur = cur[i];
    } else if (typeof cur === 'object') {
      cur = (cur as Record<string, unknown>)[token];
    } else return undefined;
  }
  return cur;
}

/**
 * `{ "$bind": "/pointer" }`: a value a document reads from the scope where it is used — the stores (`/cart/…`), the
 * route, a repeated item — instead of writing it (props and args of screens, a Form's `context`, a form's "submit"
 * "with"). Only a plain object with the one key.
 */
export function isBinding(v: unknown): v is { $bind: string } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
    && typeof (v as { $bind?: unknown }).$bind === 'string' && Object.keys(v).length === 1;
}

/** A binding's value in the scope (undefined where the path leads nowhere); any other value as written. */
export function readBinding(v: unknown, scope: unknown): unknown {
  return isBinding(v) ? getPointer(scope, v.$bind) : v;
}
