/** Routes of the screens, matched like the shop's router matches them (links.ts, crossref.ts). */

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
