/**
 * The component vocabulary: components/<group>/<Name>.tsx keyed by file base name. The groups layout, common,
 * catalog and cart are bundled with the app (eager); every other group is a lazy chunk (React.lazy), so the
 * phone list never loads RJSF/AJV. A module exports its component as default or under its own name.
 */
import { Component, createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { withLoadTimeout } from '../actions/stores/timeouts';

/** A component as the registry takes it, whatever props it declares: a document's props are checked against them by
 *  the schema checker, not by TypeScript (`never` props: every component type is one of these). */
export type AnyComponent = ComponentType<never>;
/** A component as the registry hands it out: drawn with the props its document node resolves to. */
export type DrawnComponent = ComponentType<Record<string, unknown>>;
export interface ComponentRegistry {
  get(name: string): DrawnComponent | undefined;
  has(name: string): boolean;
  names(): string[];
  /**
   * Loads the lazy chunks of these components (unknown and eager names are ignored), so a screen whose
   * document names them draws them in the first paint instead of an empty Suspense fallback that later
   * pushes the page (layout shift). Never rejects: a chunk that fails is drawn (and reported) as before.
   */
  preload?(names: Iterable<string>): Promise<void>;
  /**
   * `preload` for the components of these documents' nodes, then each node's data its module says it needs
   * before the first paint: a module may export `prefetch(props, context)` (e.g. the Form's document and
   * validator), called with the node's literal props. Never rejects.
   */
  prefetch?(docs: unknown[], context: unknown): Promise<void>;
}

function nodesOf(doc: unknown, into: Array<{ component: string; props?: Record<string, unknown> }> = []) {
  if (Array.isArray(doc)) for (const d of doc) nodesOf(d, into);
  else if (doc && typeof doc === 'object') {
    const o = doc as Record<string, unknown>;
    if (typeof o.component === 'string') into.push({ component: o.component, props: o.props as Record<string, unknown> | undefined });
    for (const v of Object.values(o)) if (v && typeof v === 'object') nodesOf(v, into);
  }
  return into;
}

/** Every component name a document mentions (`"component": "Name"` at any depth). */
export function componentNames(doc: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(doc)) for (const d of doc) componentNames(d, into);
  else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) {
      if (k === 'component' && typeof v === 'string') into.add(v);
      else if (v && typeof v === 'object') componentNames(v, into);
    }
  }
  return into;
}

type Mod = Record<string, unknown>;
export const EAGER_GROUPS = ['layout', 'common', 'catalog', 'cart'];

export function baseName(file: string): string {
  const f = file.split('/').pop() ?? file;
  return f.replace(/\.tsx?$/, '');
}

function pick(mod: Mod, name: string): DrawnComponent | undefined {
  const c = (mod.default ?? mod[name]) as DrawnComponent | undefined;
  return typeof c === 'function' || (typeof c === 'object' && c !== null) ? c : undefined;
}

/** A file is a component when its base name starts with a capital letter (helpers and widgets folders are skipped). */
function isComponentFile(file: string): boolean {
  return /^[A-Z]/.test(baseName(file)) && !/\/(widgets|templates)\//.test(file) && !file.endsWith('.test.tsx');
}

/** Catches a lazy component's failed load (or its 120 s timeout) and draws `loadFailed` with a retry in its place. */
class LoadBoundary extends Component<{ loadFailed?: ComponentType<{ retry: () => void }>; retry: () => void; children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(err: unknown): void {
    console.error('[registry] a component failed to load', err);
  }
  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.loadFailed ? createElement(this.props.loadFailed, { retry: this.props.retry }) : null;
  }
}

export interface RegistryOptions {
  /** drawn in place of a lazy component whose chunk failed or timed out (renderer/load-error.tsx); `retry` loads it again */
  loadFailed?: ComponentType<{ retry: () => void }>;
}

/**
 * The component of a lazy chunk: `once` loads its module (one request at a time), `Wrapped` draws it — at once when the
 * chunk is already here, else through Suspense, with `loadFailed` and a retry in its place when the load fails.
 */
function lazyComponent(file: string, name: string, load: () => Promise<Mod>, options: RegistryOptions): { once: () => Promise<Mod>; Wrapped: DrawnComponent } {
  let loading: Promise<Mod> | null = null;
  // the component once its chunk is here: an instance mounted after that draws it at once, without
  // a Suspense round (whose empty fallback would be painted first and then pushed by the component)
  let resolved: DrawnComponent | undefined;
  // a chunk that has not come within the lazy-load limit (actions/stores/timeouts.ts) fails; a failed load is forgotten,
  // so the retry asks for it again
  const once = () =>
    (loading ??= withLoadTimeout(load(), `component "${name}"`).then((mod) => {
      resolved = pick(mod, name);
      return mod;
    }, (err: unknown) => {
      loading = null;
      throw err;
    }));
  // React.lazy keeps a rejection for good: after a failure the retry draws a fresh one
  let failed = false;
  const makeLazy = () => lazy(async () => {
    try {
      const mod = await once();
      const c = pick(mod, name);
      if (!c) throw new Error(`${file} exports no component "${name}"`);
      return { default: c };
    } catch (err) {
      failed = true;
      throw err;
    }
  });
  let Lazy = makeLazy();
  const Wrapped: DrawnComponent = (props: Record<string, unknown>) => {
    // chosen once per instance: switching between the two would remount the component
    const [ready] = useState(() => resolved);
    const [attempt, setAttempt] = useState(0);
    if (ready) return createElement(ready, props);
    const retry = () => {
      if (failed) { failed = false; Lazy = makeLazy(); }
      setAttempt((a) => a + 1);
    };
    return createElement(LoadBoundary, { key: attempt, loadFailed: options.loadFailed, retry },
      createElement(Suspense, { fallback: null }, createElement(Lazy, props)));
  };
  Wrapped.displayName = `Lazy(${name})`;
  return { once, Wrapped };
}

/** The vocabulary: the eager modules, the lazy chunks (drawn through lazyComponent) and the built-ins as fallbacks. */
export function createRegistry(
  eager: Record<string, Mod>,
  lazyLoaders: Record<string, () => Promise<Mod>>,
  builtins: Record<string, AnyComponent> = {},
  options: RegistryOptions = {},
): ComponentRegistry {
  const map = new Map<string, DrawnComponent>();
  const loaders = new Map<string, () => Promise<Mod>>();
  const modules = new Map<string, Mod>();
  for (const [file, mod] of Object.entries(eager)) if (isComponentFile(file)) modules.set(baseName(file), mod);
  for (const [file, mod] of Object.entries(eager)) {
    if (!isComponentFile(file)) continue;
    const name = baseName(file);
    const c = pick(mod, name);
    if (c && !map.has(name)) map.set(name, c);
  }
  for (const [file, load] of Object.entries(lazyLoaders)) {
    if (!isComponentFile(file)) continue;
    const name = baseName(file);
    if (map.has(name)) continue;
    const { once, Wrapped } = lazyComponent(file, name, load, options);
    loaders.set(name, once);
    map.set(name, Wrapped);
  }
  // built-ins are fallbacks: a vocabulary component of the same name wins
  for (const [name, c] of Object.entries(builtins)) if (!map.has(name)) map.set(name, c as DrawnComponent);
  return {
    get: (n) => map.get(n),
    has: (n) => map.has(n),
    names: () => [...map.keys()].sort(),
    async preload(names) {
      const waits: Promise<unknown>[] = [];
      for (const n of names) {
        const l = loaders.get(n);
        if (l) waits.push(l().then((m) => modules.set(n, m), () => undefined));
      }
      await Promise.all(waits);
    },
    async prefetch(docs, context) {
      const nodes = nodesOf(docs);
      await this.preload!(nodes.map((n) => n.component));
      await Promise.all(
        nodes.map(async (n) => {
          const f = modules.get(n.component)?.prefetch;
          if (typeof f !== 'function') return;
          try {
            await f(n.props ?? {}, context);
          } catch {
            /* the component loads it itself (and reports) */
          }
        }),
      );
    },
  };
}
