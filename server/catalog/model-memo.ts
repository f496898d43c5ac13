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

/**
 * Memoized values of one snapshot with what each depends on; carried into the next snapshot unless it depends on a
 * change. Bounded by entries (`max`) and by bytes (`maxBytes`, what `sizeOf` says each value holds): past either the
 * oldest entries leave first, one by one — a query string an attacker varies, or pages of a large catalogue, cost
 * the oldest answers, never the whole table at once and never more memory than the bound.
 */
export class MemoTable<T> {
  private readonly entries: Map<string, { value: T; deps: Deps; bytes: number }>;
  private held = 0;
  /** Entries that left because a bound was reached (not because a change dropped them). */
  evicted = 0;

  constructor(private readonly max: number, private readonly bound: { maxBytes: number; sizeOf: (value: T) => number } = { maxBytes: Infinity, sizeOf: () => 0 },
    entries?: Map<string, { value: T; deps: Deps; bytes: number }>) {
    this.entries = entries ?? new Map();
    for (const e of this.entries.values()) this.held += e.bytes;
  }

  get size(): number { return this.entries.size; }
  /** What the kept values hold, as `sizeOf` counts it. */
  get bytes(): number { return this.held; }
  get(key: string): T | undefined { return this.entries.get(key)?.value; }
  entry(key: string): { value: T; deps: Deps } | undefined { return this.entries.get(key); }
  clear(): void { this.entries.clear(); this.held = 0; }

  set(key: string, value: T, deps: Deps): void {
    const bytes = this.bound.sizeOf(value);
    this.remove(key);
    if (bytes > this.bound.maxBytes) return; // larger than the whole table: answered, not kept
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.max && this.held + bytes <= this.bound.maxBytes) break;
      this.remove(oldest);
      this.evicted++;
    }
    this.entries.set(key, { value, deps, bytes });
    this.held += bytes;
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.held -= e.bytes;
  }

  /** The entries that do not depend on `changed`, for the next snapshot; counts kept and dropped. */
  carry(changed: Deps): { table: MemoTable<T>; kept: number; dropped: number } {
    const next = new Map<string, { value: T; deps: Deps; bytes: number }>();
    for (const [k, e] of this.entries) if (!dependsOn(e.deps, changed)) next.set(k, e);
    const table = new MemoTable(this.max, this.bound, next);
    table.evicted = this.evicted;
    return { table, kept: next.size, dropped: this.entries.size - next.size };
  }
}
