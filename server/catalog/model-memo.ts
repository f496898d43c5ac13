// What a memoized answer of the catalogue read model (server/catalog/model.ts) depends on, and the bounded table of
// such answers that a delta carries into the next snapshot unless one of their reads changed.

/**
 * What a memoized answer was computed from: keys `p:<product>`, `dp:<device>`, `ref:<product>`, `cms:<id>`,
 * `cms:*` (every component), `parents` (which tariffs have children), `any` (every product), and `cats`: categories
 * whose every product (and its device prices) the answer read. A product of a category already in `cats` is not
 * recorded again: a change of a product (or of its device prices) marks every category it was or is in.
 * `st:<product>`: the answer shows that product's stock or read it by its code (`shows`, and every `p:` lookup). A
 * change of stock alone marks only `st:` (and `any`), never a category: an order's stock hold drops the details of
 * its product and the list pages that show it, not every list of its category.
 */
export interface Deps { keys: Set<string>; cats: Set<string> }
/** An empty record of reads. */
export const newDeps = (): Deps => ({ keys: new Set(), cats: new Set() });
/** Whether what `d` read is among `changed`. */
const dependsOn = (d: Deps, changed: Deps): boolean => {
  for (const k of changed.keys) if (d.keys.has(k)) return true;
  for (const c of changed.cats) if (d.cats.has(c)) return true;
  return false;
};
/** Adds what `from` read to `into`. */
export const addAll = (into: Deps, from: Deps) => {
  for (const k of from.keys) into.keys.add(k);
  for (const c of from.cats) into.cats.add(c);
};

/** Memoized values of one snapshot with what each depends on; carried into the next snapshot unless it depends on a change. */
export class MemoTable<T> {
  private readonly entries: Map<string, { value: T; deps: Deps }>;

  constructor(private readonly max: number, entries?: Map<string, { value: T; deps: Deps }>) {
    this.entries = entries ?? new Map();
  }

  get size(): number { return this.entries.size; }
  get(key: string): T | undefined { return this.entries.get(key)?.value; }
  entry(key: string): { value: T; deps: Deps } | undefined { return this.entries.get(key); }
  clear(): void { this.entries.clear(); }

  set(key: string, value: T, deps: Deps): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, deps });
  }

  /** The entries that do not depend on `changed`, for the next snapshot; counts kept and dropped. */
  carry(changed: Deps): { table: MemoTable<T>; kept: number; dropped: number } {
    const next = new Map<string, { value: T; deps: Deps }>();
    for (const [k, e] of this.entries) if (!dependsOn(e.deps, changed)) next.set(k, e);
    return { table: new MemoTable(this.max, next), kept: next.size, dropped: this.entries.size - next.size };
  }
}
