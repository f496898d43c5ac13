/**
 * The component vocabulary: components/<group>/<Name>.tsx keyed by file base name. The groups layout, common,
 * catalog and cart are bundled with the app (eager); every other group is a lazy chunk (React.lazy), so the
 * phone list never loads RJSF/AJV. A module exports its component as default or under its own name.
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';

export type AnyComponent = ComponentType<any>;
export interface ComponentRegistry {
  get(name: string): AnyComponent | undefined;
  has(name: string): boolean;
  names(): string[];
  /**
   * Loads the lazy components of these names (unknown or eager names are skipped); once loaded they draw at
   * once, without a Suspense fallback. The router preloads a screen's components with its documents.
   */
  preload?(names: Iterable<string>): Promise<void>;
}

type Mod = Record<string, unknown>;
export const EAGER_GROUPS = ['layout', 'common', 'catalog', 'cart'];

export function baseName(file: string): string {
  const f = file.split('/').pop() ?? file;
  return f.replace(/\.tsx?$/, '');
}

function pick(mod: Mod, name: string): AnyComponent | undefined {
  const c = (mod.default ?? mod[name]) as AnyComponent | undefined;
  return typeof c === 'function' || (typeof c === 'object' && c !== null) ? c : undefined;
}

/** A file is a component when its base name starts with a capital letter (helpers and widgets folders are skipped). */
function isComponentFile(file: string): boolean {
  return /^[A-Z]/.test(baseName(file)) && !/\/(widgets|templates)\//.test(file) && !file.endsWith('.test.tsx');
}

export function createRegistry(
  eager: Record<string, Mod>,
  lazyLoaders: Record<string, () => Promise<Mod>>,
  builtins: Record<string, AnyComponent> = {},
): ComponentRegistry {
  const map = new Map<string, AnyComponent>();
  for (const [file, mod] of Object.entries(eager)) {
    if (!isComponentFile(file)) continue;
    const name = baseName(file);
    const c = pick(mod, name);
    if (c && !map.has(name)) map.set(name, c);
  }
  const loaded = new Map<string, AnyComponent>();
  const loading = new Map<string, Promise<AnyComponent>>();
  const loaders = new Map<string, () => Promise<AnyComponent>>();
  for (const [file, load] of Object.entries(lazyLoaders)) {
    if (!isComponentFile(file)) continue;
    const name = baseName(file);
    if (map.has(name)) continue;
    const loadComponent = () => {
      let p = loading.get(name);
      if (!p) {
        p = load().then((mod) => {
          const c = pick(mod, name);
          if (!c) throw new Error(`${file} exports no component "${name}"`);
          loaded.set(name, c);
          return c;
        });
        p.catch(() => loading.delete(name));
        loading.set(name, p);
      }
      return p;
    };
    loaders.set(name, loadComponent);
    const Lazy = lazy(async () => ({ default: await loadComponent() }));
    // already loaded (preloaded with the screen): drawn directly, no fallback frame
    const Wrapped: AnyComponent = (props: Record<string, unknown>) => {
      const c = loaded.get(name);
      return c ? createElement(c, props) : createElement(Suspense, { fallback: null }, createElement(Lazy, props));
    };
    Wrapped.displayName = `Lazy(${name})`;
    map.set(name, Wrapped);
  }
  // built-ins are fallbacks: a vocabulary component of the same name wins
  for (const [name, c] of Object.entries(builtins)) if (!map.has(name)) map.set(name, c);
  return {
    get: (n) => map.get(n),
    has: (n) => map.has(n),
    names: () => [...map.keys()].sort(),
    preload: async (names) => {
      await Promise.all([...new Set(names)].map((n) => (loaded.has(n) ? undefined : loaders.get(n)?.())));
    },
  };
}
