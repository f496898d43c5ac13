/**
 * Build-time stand-in for `fast-uri` (vite.config.ts aliases it here). @rjsf/utils imports it to resolve and compare
 * `$id` URIs of JSON Schema bundles (findSchemaDefinition): two calls, `resolve(base, ref)` and `equal(a, b)`, used
 * only when a schema carries `$id`. The real parser is about 50 kB raw in the form's validator chunk; the browser's
 * own URL parser (WHATWG, RFC 3986 reference resolution) does the same for every absolute URI. A relative base, which
 * URL cannot parse, keeps fast-uri's answer for the cases RJSF meets: a fragment is appended to the base without its
 * own fragment; any other reference is taken as it is.
 */

function parse(uri: string, base?: string): URL | null {
  try {
    return new URL(uri, base);
  } catch {
    return null;
  }
}

export function resolve(base: string, ref: string): string {
  const url = parse(ref, base);
  if (url) return url.href;
  return ref.startsWith('#') ? base.replace(/#.*$/, '') + ref : ref;
}

export function equal(a: string, b: string): boolean {
  if (a === b) return true;
  const x = parse(a);
  const y = parse(b);
  return x !== null && y !== null && x.href === y.href;
}

export default { resolve, equal };
