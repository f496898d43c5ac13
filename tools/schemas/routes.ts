/** Routes of the screens, matched like the shop's router matches them (links.ts, crossref.ts), filled in, and the names
 *  of schemas/rules/routes.json the shop's code uses (browser and server alike). */
import type { RuleDocument } from '../../schemas/types/rule';

/** The keys a type declares by name (not its index signature). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** A destination the shop's code sends to: the names rule.schema.json requires of the "routes" document's
 *  "destinations" (a name it does not list does not compile; a document without one does not pass the checker). */
export type Destination = NamedKeys<NonNullable<RuleDocument['destinations']>>;

/** A modal the shop's code opens by name: the names rule.schema.json requires of the "routes" document's "modals". */
export type ModalName = NamedKeys<NonNullable<RuleDocument['modals']>>;

/** Fills a route's :parameters (encoded); an optional one without a value ends the path there. */
export function fillRoute(route: string, params: Record<string, string | null | undefined> = {}): string {
  const out: string[] = [];
  for (const seg of route.split('/').filter(Boolean)) {
    const m = /^:([A-Za-z0-9_]+)(\?)?$/.exec(seg);
    if (!m) { out.push(seg); continue; }
    const v = params[m[1]];
    if (v === null || v === undefined || v === '') {
      if (m[2]) break;
      throw new Error(`route "${route}": no value for :${m[1]}`);
    }
    out.push(encodeURIComponent(v));
  }
  return `/${out.join('/')}`;
}

/** A path with its query (values encoded; absent and empty ones left out). */
export function withQuery(path: string, query: Record<string, string | null | undefined> = {}): string {
  const q = Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  return q.length ? `${path}?${q.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : path;
}

/** A route in react-router syntax → a matcher (case-insensitive like react-router; a trailing slash is allowed). */
export function routeMatcher(route: string): RegExp {
  const parts = route.split('/').filter(Boolean).map((seg) => {
    if (seg === '*') return '(?:/.*)?';
    const m = /^:([A-Za-z0-9_]+)(\?)?$/.exec(seg);
    if (m) return m[2] ? '(?:/[^/]+)?' : '/[^/]+';
    return '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}/?$`, 'i');
}
