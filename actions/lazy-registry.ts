/**
 * The shop's actions, loaded by group: each `actions/<group>/*.ts` is its own chunk, imported the first time an
 * action of the group (`cart` of `cart.add`) is dispatched, or ahead of time with `preload(groups)` (the boot
 * preloads the groups its first screen uses; server/ui/page.ts lists them and preloads their chunks).
 * The eager `collectActions()` (actions/registry.ts) stays for tests, the studio and the tooling.
 */
import type { ActionDef } from './define';
import { withLoadTimeout } from './stores/timeouts';

type ActionModule = { default?: ActionDef | ActionDef[] };
type Loader = () => Promise<ActionModule>;

const lazyModules = import.meta.glob<ActionModule>(['./*/*.ts', '!./stores/**', '!./api/**', '!./**/*.test.ts']);

/** What the dispatcher needs: look up a loaded action, and load the group of a name. */
export interface ActionSource {
  get(name: string): ActionDef | undefined;
  has(name: string): boolean;
  /** loads the group of `name` (resolves when its actions are registered; unknown groups resolve at once) */
  load?(name: string): Promise<void>;
}

export const groupOf = (name: string): string => name.split('.')[0] ?? name;

export class LazyActions implements ActionSource {
  private readonly groups = new Map<string, Loader[]>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly loaded = new Set<string>();
  private readonly defs = new Map<string, ActionDef>();

  /** `modules`: file → loader (Vite's lazy import.meta.glob shape); the group is the file's folder. */
  constructor(modules: Record<string, Loader> = lazyModules) {
    for (const [file, load] of Object.entries(modules)) {
      const group = file.match(/^\.\/([^/]+)\//)?.[1];
      if (!group) continue;
      const list = this.groups.get(group) ?? [];
      list.push(load);
      this.groups.set(group, list);
    }
  }

  get(name: string): ActionDef | undefined {
    return this.defs.get(name);
  }

  /** Known: loaded, or of a group not loaded yet (the checker already refused unknown names in documents). */
  has(name: string): boolean {
    const group = groupOf(name);
    return this.defs.has(name) || (this.groups.has(group) && !this.loaded.has(group));
  }

  isLoaded(group: string): boolean {
    return this.loaded.has(group);
  }

  load(name: string): Promise<void> {
    return this.loadGroup(groupOf(name));
  }

  preload(groups: Iterable<string>): Promise<void> {
    return Promise.all([...groups].map((g) => this.loadGroup(g))).then(() => undefined);
  }

  loadGroup(group: string): Promise<void> {
    const loaders = this.groups.get(group);
    if (!loaders || this.loaded.has(group)) return Promise.resolve();
    let p = this.loading.get(group);
    if (!p) {
      // a chunk that has not come within the lazy-load limit (actions/stores/timeouts.ts) fails; the next dispatch tries again
      p = withLoadTimeout(Promise.all(loaders.map((l) => l())), `actions "${group}"`).then((mods) => {
        for (const mod of mods) {
          const d = mod.default;
          if (!d) continue;
          for (const def of Array.isArray(d) ? d : [d]) {
            if (this.defs.has(def.name)) throw new Error(`Action "${def.name}" is defined twice`);
            this.defs.set(def.name, def);
          }
        }
        this.loaded.add(group);
        this.loading.delete(group);
      });
      // a failed chunk load (network) may be tried again by the next dispatch
      p.catch(() => this.loading.delete(group));
      this.loading.set(group, p);
    }
    return p;
  }
}

/** The action groups of the calls a UI document runs as it is entered: its `load` (and a bare call given alone). */
export function loadGroupsOf(doc: unknown): string[] {
  const groups = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) { for (const x of v) visit(x); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as { action?: unknown; load?: unknown };
    if (typeof o.action === 'string') groups.add(groupOf(o.action));
    if (Array.isArray(o.load)) for (const c of o.load as Array<{ action?: unknown }>) if (typeof c?.action === 'string') groups.add(groupOf(c.action));
  };
  visit(doc);
  return [...groups].sort();
}

/** The action groups a UI document references anywhere (load, on-handlers, nested calls). */
export function actionGroupsOf(doc: unknown): string[] {
  const groups = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { for (const x of v) walk(x); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.action === 'string') groups.add(groupOf(o.action));
    for (const x of Object.values(o)) walk(x);
  };
  walk(doc);
  return [...groups].sort();
}
