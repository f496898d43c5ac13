// The shop's routed screens, read from schemas/screens, each with an address that shows it (seeded catalogue codes
// for route parameters): the screens a11y.e2e.ts scans and first-view.e2e.ts asks the server to draw.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib';

/** Values for the route parameters of screens whose route needs them (seeded catalogue codes). */
const ROUTE_PARAMS: Record<string, string> = {
  productCode: 'SAMSUNG_GALAXY_A56',
  colorCode: '',
  tariffCode: '',
};
/** A route parameter whose value is per screen (the same name meaning different things). */
const SCREEN_PARAMS: Record<string, Record<string, string>> = {
  tariff: { productCode: 'ORBITA_MAX_M' },
  'home-package': { productCode: 'BOX_START' },
  'digital-service': { service: 'Deezer' },
};
/** A query string a screen needs to show its content (appended to its route). */
const SCREEN_QUERY: Record<string, string> = {
  compare: '?uredjaji=SAMSUNG_GALAXY_A56,APPLE_IPHONE_16,GOOGLE_PIXEL_9',
};

export interface ScreenEntry { id: string; path: string }

/** Every routed screen of schemas/screens (not layouts) with an address that shows it. */
export function screenPaths(): ScreenEntry[] {
  const dir = join(ROOT, 'schemas', 'screens');
  const out: ScreenEntry[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { id: string; kind?: string; route?: string };
    if (doc.kind === 'layout' || !doc.route) continue;
    const path = doc.route.replace(/\/:(\w+)(\?)?/g, (_m, name: string, optional?: string) => {
      const value = SCREEN_PARAMS[doc.id]?.[name] ?? ROUTE_PARAMS[name];
      if (value === undefined) {
        if (optional) return '';
        throw new Error(`screen ${doc.id}: route ${doc.route} needs :${name}; add a value to ROUTE_PARAMS / SCREEN_PARAMS in tests/e2e/screens.ts`);
      }
      return value ? `/${encodeURIComponent(value)}` : '';
    });
    out.push({ id: doc.id, path: `${path || '/'}${SCREEN_QUERY[doc.id] ?? ''}` });
  }
  // an address ending in -eng is English whatever the shopper chose (seed 000 §2): scanned last, so a language it
  // leaves behind cannot change the screens after it
  return [...out.filter((x) => !x.path.endsWith('-eng')), ...out.filter((x) => x.path.endsWith('-eng'))];
}

