/**
 * Collects every action: the default export (an ActionDef or an array of them) of each `actions/<group>/*.ts`
 * except the stores/ and api/ helper folders. Browser-side (Vite); the Node tooling imports the files itself.
 */
import type { ActionDef } from './define';

const modules = import.meta.glob<{ default?: ActionDef | ActionDef[] }>(
  ['./*/*.ts', '!./stores/**', '!./api/**', '!./**/*.test.ts'],
  { eager: true },
);

export function collectActions(mods: Record<string, { default?: ActionDef | ActionDef[] }> = modules): Map<string, ActionDef> {
  const map = new Map<string, ActionDef>();
  for (const [file, mod] of Object.entries(mods)) {
    const d = mod.default;
    if (!d) continue;
    for (const def of Array.isArray(d) ? d : [d]) {
      if (map.has(def.name)) throw new Error(`Action "${def.name}" is defined twice (${file})`);
      map.set(def.name, def);
    }
  }
  return map;
}
