// The in-memory catalogue read model: every product with its variants, pictures, stock, price plans, terms and
// charges, the device × tariff prices, the references and the CMS components. Search, details, references,
// specification, CMS components and the products of cart views are answered from it.
//
// Change by delta (issue 25). The catalogue tables' deferred triggers (migrations 0004, 0028) raise the
// `catalog_revision` row at commit and record what changed in `catalog_changes` (kind + key at its latest revision:
// a product, a variant's stock, a device's prices, a product's references, a CMS component). Each instance reads the
// revision at most every `checkMs` (1 s) while asked — at once after a write request on this instance (`invalidate`)
// or a PostgreSQL notification on `catalog_changed` (`changed`) — and, when it moved, reads the changes since its
// revision and only those things (a pure stock change costs a stock read of those variants), in one read-only
// snapshot. The next CatalogSnapshot shares every untouched product object and map with the previous one and keeps
// the memoized answers and cart views that do not depend on a changed thing (each answer records what it read, see
// `memo`). Stock shown may lag another instance's change by up to `checkMs`; adding to the cart and ordering check
// stock in SQL.
//
// Full rebuild (the first start; a revision older than the pruned change rows; a delta too large): pages of products
// in list order (index products_sort_idx, migration 0036), sized so each costs about `sliceMs` (20 ms) of CPU, their
// search index entries computed as they come (server/catalog/search.ts), read one statement at a time with the event
// loop free in between (no long transaction: PGlite's one connection
// stays open to requests), then the changes made meanwhile applied as a delta. After the start it runs in the
// background while the old snapshot keeps serving. `stats()` counts what each refresh cost.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deserialize, serialize } from 'node:v8';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import * as s from '../db/tables';
import { loadProductPage, loadProducts, NO_DEVICE_PRICES, stockLevelsOf, type CatalogProduct, type DevicePriceRow, type PageCursor } from './repository';
import { warmSearchIndex } from './search-index';
import type { Cart } from '../../schemas/types/api.cart';

type ReferenceRow = typeof s.productReferences.$inferSelect;
type CmsRow = typeof s.cmsComponents.$inferSelect;

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
const newDeps = (): Deps => ({ keys: new Set(), cats: new Set() });
const dependsOn = (d: Deps, changed: Deps): boolean => {
  for (const k of changed.keys) if (d.keys.has(k)) return true;
  for (const c of changed.cats) if (d.cats.has(c)) return true;
  return false;
};
const addAll = (into: Deps, from: Deps) => {
  for (const k of from.keys) into.keys.add(k);
  for (const c of from.cats) into.cats.add(c);
};

/** The answers being computed (memo computations are synchronous; a nested one adds its reads to the outer one). */
const tracking: Deps[] = [];
const top = (): Deps | undefined => tracking[tracking.length - 1];
/** Computations under way whose nested answers are not kept (`keepNested: false`): an answer kept as its bytes (an
 *  API route's) would otherwise keep the object it was serialized from as well — a phone's details twice, 27 kB of
 *  bytes and several times that in objects, up to MAX_ANSWERS of them. A nested answer already kept is still used. */
let unkept = 0;

const MAX_ANSWERS = 2000;
const MAX_CART_VIEWS = 5000;

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

/** The parts of a snapshot; a delta copies only the maps it changes. */
interface Parts {
  revision: number;
  byCode: Map<string, CatalogProduct>;
  /** the products by sort order, and each one's index in it */
  list: CatalogProduct[];
  pos: Map<string, number>;
  productOfVariant: Map<string, string>;
  dpByDevice: Map<string, DevicePriceRow[]>;
  /** product code → reference type → rows by sortOrder */
  refs: Map<string, Map<string, ReferenceRow[]>>;
  cms: Map<string, CmsRow>;
  childless: Set<string>;
}

const bySortOrder = (a: CatalogProduct, b: CatalogProduct) => a.product.sortOrder - b.product.sortOrder || (a.product.code < b.product.code ? -1 : a.product.code > b.product.code ? 1 : 0);

function positions(list: CatalogProduct[]): Map<string, number> {
  const pos = new Map<string, number>();
  list.forEach((p, i) => pos.set(p.product.code, i));
  return pos;
}

/** The list after some products came, went or moved (`changed`, by code): the others keep their order and the
 *  changed ones are merged in — linear, not a sort of the whole catalogue. */
function reordered(list: CatalogProduct[], byCode: Map<string, CatalogProduct>, changed: Set<string>): CatalogProduct[] {
  const moved: CatalogProduct[] = [];
  for (const code of changed) { const p = byCode.get(code); if (p) moved.push(p); }
  moved.sort(bySortOrder);
  const out: CatalogProduct[] = [];
  let j = 0;
  for (const old of list) {
    const code = old.product.code;
    if (changed.has(code)) continue;
    const p = byCode.get(code)!;
    while (j < moved.length && bySortOrder(moved[j], p) < 0) out.push(moved[j++]);
    out.push(p);
  }
  while (j < moved.length) out.push(moved[j++]);
  return out;
}

function childlessOf(list: CatalogProduct[]): Set<string> {
  const parents = new Set<string>();
  for (const p of list) if (p.product.parentCode !== null) parents.add(p.product.parentCode);
  const out = new Set<string>();
  for (const p of list) if (!parents.has(p.product.code)) out.add(p.product.code);
  return out;
}

function addRefs(refs: Map<string, Map<string, ReferenceRow[]>>, rows: ReferenceRow[]): void {
  for (const r of rows) {
    let byType = refs.get(r.productCode);
    if (!byType) refs.set(r.productCode, byType = new Map());
    const list = byType.get(r.referenceType);
    if (list) list.push(r); else byType.set(r.referenceType, [r]);
  }
}

function addDevicePrices(dp: Map<string, DevicePriceRow[]>, rows: DevicePriceRow[]): void {
  for (const d of rows) {
    const list = dp.get(d.deviceCode);
    if (list) list.push(d); else dp.set(d.deviceCode, [d]);
  }
}

export class CatalogSnapshot {
  readonly revision: number;
  readonly byCode: Map<string, CatalogProduct>;
  /** variant code → product code */
  readonly productOfVariant: Map<string, string>;
  private readonly list: CatalogProduct[];
  private readonly pos: Map<string, number>;
  private readonly dpByDevice: Map<string, DevicePriceRow[]>;
  private readonly refs: Map<string, Map<string, ReferenceRow[]>>;
  private readonly cms: Map<string, CmsRow>;
  private readonly childless: Set<string>;
  private readonly byCategory = new Map<string, CatalogProduct[]>();
  /** Answers computed from this snapshot (search / details / … per query and language) with what they read. */
  readonly answers: MemoTable<unknown>;
  /** Cart views of this snapshot (server/cart/view.ts), per cart row and language, with their products. */
  readonly cartViews: MemoTable<Cart>;

  constructor(parts: Parts, answers?: MemoTable<unknown>, cartViews?: MemoTable<Cart>) {
    this.revision = parts.revision;
    this.byCode = parts.byCode;
    this.list = parts.list;
    this.pos = parts.pos;
    this.productOfVariant = parts.productOfVariant;
    this.dpByDevice = parts.dpByDevice;
    this.refs = parts.refs;
    this.cms = parts.cms;
    this.childless = parts.childless;
    this.answers = answers ?? new MemoTable(MAX_ANSWERS);
    this.cartViews = cartViews ?? new MemoTable(MAX_CART_VIEWS);
  }

  /** The parts, for the next snapshot of a delta. */
  parts(): Parts {
    return { revision: this.revision, byCode: this.byCode, list: this.list, pos: this.pos, productOfVariant: this.productOfVariant,
      dpByDevice: this.dpByDevice, refs: this.refs, cms: this.cms, childless: this.childless };
  }

  get size(): number { return this.list.length; }

  /** Every product by sort order (an answer reading it depends on every product). */
  get all(): CatalogProduct[] {
    top()?.keys.add('any');
    return this.list;
  }

  private trackProduct(t: Deps, kind: 'p' | 'dp', code: string): void {
    // its stock, always: a change of stock alone marks no category (see `delta`), only `st:<code>`
    if (kind === 'p') t.keys.add(`st:${code}`);
    const p = this.byCode.get(code);
    if (p && t.cats.size > 0 && p.product.categories.some((c) => t.cats.has(c))) return;
    t.keys.add(`${kind}:${code}`);
  }

  /** Same answer as repository.loadProducts: by sort order, optionally only some codes and one category (or any of
   *  several categories). */
  products(where: { codes?: string[]; category?: string; categories?: string[] }): CatalogProduct[] {
    const t = top();
    if (where.codes) {
      const found: CatalogProduct[] = [];
      for (const code of new Set(where.codes)) {
        const p = this.byCode.get(code);
        if (p) found.push(p);
        if (t) this.trackProduct(t, 'p', code);
      }
      found.sort((a, b) => this.pos.get(a.product.code)! - this.pos.get(b.product.code)!);
      const cat = where.category;
      return cat ? found.filter((p) => p.product.categories.includes(cat)) : found;
    }
    if (where.category) {
      if (t) t.cats.add(where.category);
      return this.inCategory(where.category);
    }
    if (where.categories) {
      const cats = where.categories;
      if (t) for (const c of cats) t.cats.add(c);
      const key = `\0${cats.join('\0')}`;
      let hit = this.byCategory.get(key);
      if (!hit) this.byCategory.set(key, hit = this.list.filter((p) => p.product.categories.some((c) => cats.includes(c))));
      return hit;
    }
    t?.keys.add('any');
    return this.list;
  }

  private inCategory(category: string): CatalogProduct[] {
    let hit = this.byCategory.get(category);
    if (!hit) this.byCategory.set(category, hit = this.list.filter((p) => p.product.categories.includes(category)));
    return hit;
  }

  /**
   * The products whose stock an answer shows although it found them by category (a list page shows each product's
   * stock status, link and picture): a change of their stock drops it, a change of another product's stock in the
   * category does not (which products a list finds, their order, facets and counts do not depend on stock).
   */
  shows(codes: Iterable<string>): void {
    const t = top();
    if (t) for (const c of codes) t.keys.add(`st:${c}`);
  }

  product(code: string): CatalogProduct | null {
    const t = top();
    if (t) this.trackProduct(t, 'p', code);
    return this.byCode.get(code) ?? null;
  }

  devicePricesOf(deviceCodes: string[]): DevicePriceRow[] {
    const t = top();
    if (t) for (const c of deviceCodes) this.trackProduct(t, 'dp', c);
    return deviceCodes.flatMap((c) => this.dpByDevice.get(c) ?? []);
  }

  /** One device's prices: the very list the snapshot holds (the same object until a delta changes that device's
   *  prices, so what was computed from it can be kept with it: the search index, server/catalog/search.ts). */
  devicePriceList(deviceCode: string): readonly DevicePriceRow[] {
    const t = top();
    if (t) this.trackProduct(t, 'dp', deviceCode);
    return this.dpByDevice.get(deviceCode) ?? NO_DEVICE_PRICES;
  }

  referencesOf(productCode: string, referenceType: string): ReferenceRow[] {
    top()?.keys.add(`ref:${productCode}`);
    return this.refs.get(productCode)?.get(referenceType) ?? [];
  }

  cmsComponent(id: string): CmsRow | null {
    top()?.keys.add(`cms:${id}`);
    return this.cms.get(id) ?? null;
  }

  /** The banners of a list (a category code or 'home'), by webPosition. */
  bannersOf(categoryCode: string): CmsRow[] {
    top()?.keys.add('cms:*');
    return [...this.cms.values()].filter((c) => c.categoryCode === categoryCode && c.webPosition !== null)
      .sort((a, b) => a.webPosition! - b.webPosition! || a.id.localeCompare(b.id));
  }

  /** A tariff that no other product names as its parent. */
  hasNoChildren(code: string): boolean {
    top()?.keys.add('parents');
    return this.childless.has(code);
  }

  /**
   * Memoizes an answer of this snapshot (bounded). What `compute` reads through this snapshot is recorded with it
   * (a hit inside another computation adds its record to that one), so a delta keeps it unless one of those changed.
   * `products`: the products it depends on that `compute` was handed rather than read (looked up before).
   * `keepNested: false`: what `compute` memoizes on its way is not kept (see `unkept`).
   */
  memo<T>(key: string, compute: () => T, products: string[] = [], o: { keepNested?: boolean } = {}): T {
    const hit = this.answers.entry(key);
    const outer = top();
    if (hit !== undefined) {
      if (outer) addAll(outer, hit.deps);
      return hit.value as T;
    }
    const deps = newDeps();
    tracking.push(deps);
    for (const code of products) this.trackProduct(deps, 'p', code);
    if (o.keepNested === false) unkept++;
    let value: T;
    try {
      value = compute();
    } finally {
      tracking.pop();
      if (o.keepNested === false) unkept--;
    }
    if (outer) addAll(outer, deps);
    if (unkept === 0) this.answers.set(key, value, deps);
    return value;
  }

  /** Keeps a cart view (server/cart/view.ts) until one of its products changes. */
  keepCartView(key: string, view: Cart): void {
    const deps = newDeps();
    for (const e of view.entries) {
      const code = this.productOfVariant.get(e.product.code) ?? e.product.code;
      deps.keys.add(`p:${code}`);
      deps.keys.add(`st:${code}`);
    }
    this.cartViews.set(key, view, deps);
  }
}

/** What refresh costs, for tests and metrics. */
export interface CatalogStats {
  revision: number;
  products: number;
  fullRebuilds: number;
  /** starts that read the kept model (and applied the changes since) instead of a full build */
  cacheLoads: number;
  deltasApplied: number;
  /** products read again in full by deltas */
  productsReloaded: number;
  /** variants whose stock alone a delta read */
  stockReads: number;
  answersDropped: number;
  answersKept: number;
  cartViewsDropped: number;
  cartViewsKept: number;
  /** wall time of the last full rebuild (it yields between slices: other work runs in it) and its CPU time */
  lastRebuildMs: number;
  lastRebuildCpuMs: number;
  /** CPU ms of the longest slice of a full rebuild (one page read and built): an upper bound of how long it held the
   *  event loop (it spans several turns of it) */
  longestSliceMs: number;
  /** slices of full rebuilds so far (each followed by a turn of the event loop) */
  slices: number;
  rebuilding: boolean;
}

export async function readRevision(db: DbOrTx): Promise<number> {
  const rows = await db.select({ revision: s.catalogRevision.revision }).from(s.catalogRevision).where(eq(s.catalogRevision.id, 1));
  return rows[0]?.revision ?? 0;
}

/** The revision, the pruned revision and the changes after `since`, in one statement. */
async function readChanges(db: DbOrTx, since: number): Promise<{ revision: number; pruned: number; changes: Array<{ kind: string; key: string }> }> {
  const rows = await db.select({
    revision: s.catalogRevision.revision, pruned: s.catalogRevision.prunedRevision, kind: s.catalogChanges.kind, key: s.catalogChanges.key,
  }).from(s.catalogRevision).leftJoin(s.catalogChanges, gt(s.catalogChanges.revision, since)).where(eq(s.catalogRevision.id, 1));
  const head = rows[0];
  return {
    revision: Number(head?.revision ?? 0), pruned: Number(head?.pruned ?? 0),
    changes: rows.flatMap((r) => (r.kind !== null && r.key !== null ? [{ kind: r.kind, key: r.key }] : [])),
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CatalogModelOptions {
  /** at most this many products per slice of a full rebuild (default 400) */
  pageSize?: number;
  /** the CPU time a slice of a full rebuild aims at: the page size adapts to it (default 20 ms) */
  sliceMs?: number;
  /** a delta of more changes than this is a full rebuild instead (default 2000) */
  maxDelta?: number;
  /** announced changes (`changed`) are read at most this often: a stream of orders is read as one delta per gap
   *  rather than one per order (default 250 ms; a write on this instance is read at once, see `invalidate`) */
  deltaGapMs?: number;
  /** where the model is kept between starts (`save` at shutdown; the next start reads it and applies the changes
   *  since, instead of reading the whole catalogue); none: every start is a full build */
  cacheFile?: string;
}

/** The shape of a kept model: the sources of the model and of the product reader (another release never reads a file
 *  of an older one). */
const CACHE_SHAPE = createHash('sha256')
  .update(readFileSync(new URL('./model.ts', import.meta.url))).update(readFileSync(new URL('./repository.ts', import.meta.url)))
  .digest('hex').slice(0, 16);
const CACHE_KEY = 'catalog.cacheKey';

/** A kept model (node:v8 serialization: Maps and Dates as they are). */
interface KeptModel {
  shape: string;
  /** the database's own key (app_meta): a file of another database is never read */
  database: string;
  revision: number;
  list: CatalogProduct[];
  dpByDevice: Map<string, DevicePriceRow[]>;
  refs: Map<string, Map<string, ReferenceRow[]>>;
  cms: Map<string, CmsRow>;
}

/** The database's key for kept models: made once (a random id in app_meta), the same for every instance. */
async function databaseKey(db: Db): Promise<string> {
  await db.insert(s.appMeta).values({ key: CACHE_KEY, value: randomUUID() }).onConflictDoNothing();
  const [row] = await db.select({ value: s.appMeta.value }).from(s.appMeta).where(eq(s.appMeta.key, CACHE_KEY));
  return row.value;
}

export class CatalogModel {
  private snap: CatalogSnapshot | null = null;
  private checkedAt = 0;
  private dirty = true;
  private pending: Promise<CatalogSnapshot> | null = null;
  private rebuild: Promise<void> | null = null;
  private readonly pageSize: number;
  private readonly sliceMs: number;
  private readonly maxDelta: number;
  private readonly deltaGapMs: number;
  private readonly cacheFile: string | undefined;
  /** when the last refresh that read the changes started, and the timer of an announced change waiting for its gap */
  private readAt = 0;
  private gapTimer: NodeJS.Timeout | null = null;
  private readonly counters = {
    fullRebuilds: 0, cacheLoads: 0, deltasApplied: 0, productsReloaded: 0, stockReads: 0, answersDropped: 0, answersKept: 0,
    cartViewsDropped: 0, cartViewsKept: 0, lastRebuildMs: 0, lastRebuildCpuMs: 0, longestSliceMs: 0, slices: 0,
  };

  constructor(private readonly db: Db, private readonly checkMs = 1000, opts: CatalogModelOptions = {}) {
    this.pageSize = opts.pageSize ?? 400;
    this.sliceMs = opts.sliceMs ?? 20;
    this.maxDelta = opts.maxDelta ?? 2000;
    this.deltaGapMs = opts.deltaGapMs ?? 250;
    this.cacheFile = opts.cacheFile;
  }

  /** The current snapshot: no query while fresh, one tiny read per `checkMs`, a delta when the revision moved. */
  current(): Promise<CatalogSnapshot> {
    if (this.snap && !this.dirty && Date.now() - this.checkedAt < this.checkMs) return Promise.resolve(this.snap);
    return (this.pending ??= this.refresh().finally(() => { this.pending = null; }));
  }

  /** Check the revision on the next read (this instance changed the catalogue or stock, or may have). */
  invalidate(): void {
    this.dirty = true;
  }

  /**
   * The catalogue changed (a PostgreSQL notification): read the changes off any request — now, or when `deltaGapMs`
   * has passed since the last read (the announcements meanwhile are read together, as one delta).
   */
  changed(): void {
    if (!this.snap) {
      this.dirty = true;
      return;
    }
    if (this.gapTimer) return;
    const read = () => {
      this.gapTimer = null;
      this.dirty = true;
      void this.current().catch(() => {});
    };
    const wait = this.readAt + this.deltaGapMs - Date.now();
    if (wait <= 0) {
      read();
      return;
    }
    this.gapTimer = setTimeout(read, wait);
    this.gapTimer.unref?.();
  }

  /**
   * Keeps the model for the next start (at shutdown: the serialization of a big catalogue holds the event loop for a
   * moment). Written to a temporary file and renamed, so a reader never sees half a file; nothing while a full
   * rebuild runs or before the first build.
   */
  async save(): Promise<void> {
    const snap = this.snap;
    if (!this.cacheFile || !snap || this.rebuild) return;
    const p = snap.parts();
    const kept: KeptModel = { shape: CACHE_SHAPE, database: await databaseKey(this.db), revision: p.revision, list: p.list, dpByDevice: p.dpByDevice, refs: p.refs, cms: p.cms };
    await mkdir(dirname(this.cacheFile), { recursive: true });
    const tmp = `${this.cacheFile}.${process.pid}.tmp`;
    await writeFile(tmp, serialize(kept));
    await rename(tmp, this.cacheFile);
  }

  /**
   * The kept model of this database and release, brought up to date by the changes since it was kept (one delta);
   * null (a full build) when there is none, it is of another database or release, the database went back (its
   * revision is lower: a restore) or the changes since are no longer all in the change log or too many.
   */
  private async fromKept(): Promise<CatalogSnapshot | null> {
    if (!this.cacheFile) return null;
    let kept: KeptModel;
    try {
      kept = deserialize(await readFile(this.cacheFile)) as KeptModel;
    } catch {
      return null; // none yet, or unreadable: a full build (which the next shutdown keeps)
    }
    try {
      if (kept.shape !== CACHE_SHAPE || kept.database !== (await databaseKey(this.db))) return null;
      const head = await readChanges(this.db, kept.revision);
      if (head.revision < kept.revision || head.pruned > kept.revision || head.changes.length > this.maxDelta) return null;
      const byCode = new Map<string, CatalogProduct>();
      const productOfVariant = new Map<string, string>();
      for (const p of kept.list) {
        byCode.set(p.product.code, p);
        for (const v of p.variants) productOfVariant.set(v.code, p.product.code);
      }
      const snap = new CatalogSnapshot({
        revision: kept.revision, byCode, list: kept.list, pos: positions(kept.list), productOfVariant,
        dpByDevice: kept.dpByDevice, refs: kept.refs, cms: kept.cms, childless: childlessOf(kept.list),
      });
      // the search index as a full build fills it, in slices (the event loop turns between them)
      const dpOf = (code: string): readonly DevicePriceRow[] => kept.dpByDevice.get(code) ?? NO_DEVICE_PRICES;
      for (let i = 0; i < kept.list.length; i += 250) {
        warmSearchIndex(kept.list.slice(i, i + 250), dpOf);
        await nextTurn();
      }
      const caughtUp = await this.delta(snap, true);
      this.counters.cacheLoads++;
      return caughtUp;
    } catch {
      return null;
    }
  }

  /** Stops a pending read of announced changes (the app closes). */
  close(): void {
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapTimer = null;
  }

  stats(): CatalogStats {
    return { ...this.counters, revision: this.snap?.revision ?? 0, products: this.snap?.size ?? 0, rebuilding: this.rebuild !== null };
  }

  /** Resolves when no full rebuild is running (tests). */
  async settled(): Promise<void> {
    while (this.rebuild) await this.rebuild;
  }

  /** Starts a full rebuild in the background (the current snapshot keeps serving); tests and operators. */
  rebuildInBackground(): Promise<void> {
    return (this.rebuild ??= this.fullBuild().then((snap) => {
      this.snap = snap;
      this.dirty = true; // what changed after its catch-up is read on the next request
    }, () => { /* the database is away: the next check tries again */ }).finally(() => { this.rebuild = null; }));
  }

  private async refresh(): Promise<CatalogSnapshot> {
    const started = Date.now();
    this.dirty = false; // an invalidate() during this refresh makes the next read check again
    this.readAt = started;
    if (!this.snap) {
      // the first start awaits the kept model and the changes since, else its build (sliced all the same: /health
      // answers meanwhile)
      this.snap = (await this.fromKept()) ?? (await this.fullBuild());
      this.checkedAt = started;
      return this.snap;
    }
    if (this.rebuild) return this.snap; // the rebuild's catch-up applies what changed meanwhile
    try {
      const head = await readChanges(this.db, this.snap.revision);
      if (head.revision !== this.snap.revision) {
        if (head.pruned > this.snap.revision || head.changes.length > this.maxDelta) void this.rebuildInBackground();
        else this.snap = await this.delta(this.snap);
      }
      this.checkedAt = started;
      return this.snap;
    } catch {
      // the database is away (a restart, a lost connection): the last model keeps serving, and the revision is read
      // again `checkMs` later (writes, which need the database, still fail on their own)
      this.checkedAt = started;
      return this.snap;
    }
  }

  /**
   * Reads the whole catalogue in slices, then applies what changed while it read. A slice is one page of products
   * in list order (read, built, and its search index entries computed) followed by a turn of the event loop; the
   * page size adapts so that a slice costs about `sliceMs` of CPU (a page's queries each hand their rows back in one
   * piece: a page of 100 phones at 10,000 products cost 50-170 ms). The list is built in order as it is read (no sort
   * of the whole catalogue at the end).
   */
  private async fullBuild(): Promise<CatalogSnapshot> {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const db = this.db;
    // a slice's CPU time (not wall time, which counts the database's answer and other processes): an upper bound of
    // how long it held the event loop, as the slice runs over several turns of it
    const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const slice = (since: number): number => {
      const spent = cpuMs() - since;
      this.counters.longestSliceMs = Math.max(this.counters.longestSliceMs, Math.round(spent * 10) / 10);
      this.counters.slices++;
      return spent;
    };
    const head = await readChanges(db, Number.MAX_SAFE_INTEGER);
    const byCode = new Map<string, CatalogProduct>();
    const productOfVariant = new Map<string, string>();
    const dpByDevice = new Map<string, DevicePriceRow[]>();
    const refs = new Map<string, Map<string, ReferenceRow[]>>();
    const list: CatalogProduct[] = [];
    const pos = new Map<string, number>();
    const dpOf = (code: string): readonly DevicePriceRow[] => dpByDevice.get(code) ?? NO_DEVICE_PRICES;
    let ordered = true;
    let after: PageCursor | null = null;
    let size = Math.min(this.pageSize, 25);
    for (;;) {
      const t0 = cpuMs();
      const page = await loadProductPage(db, after, size);
      if (page.length === 0) { slice(t0); break; }
      const codes = page.map((p) => p.product.code);
      const dp = await db.select().from(s.devicePrices).where(inArray(s.devicePrices.deviceCode, codes)).orderBy(asc(s.devicePrices.id));
      const rf = await db.select().from(s.productReferences).where(inArray(s.productReferences.productCode, codes)).orderBy(asc(s.productReferences.sortOrder));
      for (const p of page) {
        // a product changed between two pages may come twice (its sort order moved): the catch-up reads it again
        if (byCode.has(p.product.code)) continue;
        const last = list[list.length - 1];
        if (last && bySortOrder(last, p) > 0) ordered = false;
        byCode.set(p.product.code, p);
        pos.set(p.product.code, list.length);
        list.push(p);
        for (const v of p.variants) productOfVariant.set(v.code, p.product.code);
      }
      addDevicePrices(dpByDevice, dp);
      addRefs(refs, rf);
      warmSearchIndex(page, dpOf);
      const lastRow = page[page.length - 1].product;
      after = { sortOrder: lastRow.sortOrder, code: lastRow.code };
      const spent = slice(t0);
      // the next page: as many products as fit the budget at this page's cost (at most twice as many, at least 5)
      size = Math.max(5, Math.min(this.pageSize, size * 2, Math.round((size * this.sliceMs) / Math.max(spent, 0.1))));
      await nextTurn();
    }
    const t1 = cpuMs();
    const cmsRows = await db.select().from(s.cmsComponents);
    let finalList = list;
    let finalPos = pos;
    if (!ordered) {
      // the database's order was not the list's (a collation that is not byte order): sorted here instead
      finalList = list.slice().sort(bySortOrder);
      finalPos = positions(finalList);
    }
    const snap = new CatalogSnapshot({
      revision: head.revision, byCode, list: finalList, pos: finalPos, productOfVariant, dpByDevice, refs,
      cms: new Map(cmsRows.map((c) => [c.id, c])), childless: childlessOf(finalList),
    });
    slice(t1);
    await nextTurn();
    // what changed while the pages were read (each key read again in one snapshot): the model is that snapshot's
    const caughtUp = await this.delta(snap, true);
    const old = this.snap;
    if (old) this.counters.answersDropped += old.answers.size;
    if (old) this.counters.cartViewsDropped += old.cartViews.size;
    this.counters.fullRebuilds++;
    this.counters.lastRebuildMs = Math.round(performance.now() - started);
    const cpu = process.cpuUsage(cpuStart);
    this.counters.lastRebuildCpuMs = Math.round((cpu.user + cpu.system) / 1000);
    return caughtUp;
  }

  /** The next snapshot: the changes after `from`'s revision read with those things in one read-only snapshot. */
  private async delta(from: CatalogSnapshot, catchUp = false): Promise<CatalogSnapshot> {
    const read = await this.db.transaction(async (tx) => {
      const head = await readChanges(tx, from.revision);
      if (head.revision === from.revision) return null;
      const productCodes = new Set<string>();
      const stockVariants = new Set<string>();
      const devices = new Set<string>();
      const refProducts = new Set<string>();
      const cmsIds = new Set<string>();
      const unknownVariants: string[] = [];
      for (const c of head.changes) {
        if (c.kind === 'product') productCodes.add(c.key);
        else if (c.kind === 'stock') stockVariants.add(c.key);
        else if (c.kind === 'device_price') devices.add(c.key);
        else if (c.kind === 'reference') refProducts.add(c.key);
        else if (c.kind === 'cms') cmsIds.add(c.key);
      }
      // a stock change of a variant this model does not know (new): its product is read in full
      for (const v of stockVariants) if (!from.productOfVariant.has(v)) unknownVariants.push(v);
      if (unknownVariants.length > 0) {
        const owners = await tx.select({ code: s.productVariants.code, productCode: s.productVariants.productCode }).from(s.productVariants)
          .where(inArray(s.productVariants.code, unknownVariants));
        for (const o of owners) productCodes.add(o.productCode);
      }
      const stockOnly = [...stockVariants].filter((v) => {
        const owner = from.productOfVariant.get(v);
        return owner !== undefined && !productCodes.has(owner);
      });
      const products = await loadProducts(tx, { codes: [...productCodes] });
      const levels = await stockLevelsOf(tx, stockOnly);
      const dp = devices.size === 0 ? [] : await tx.select().from(s.devicePrices).where(inArray(s.devicePrices.deviceCode, [...devices])).orderBy(asc(s.devicePrices.id));
      const rf = refProducts.size === 0 ? [] : await tx.select().from(s.productReferences).where(inArray(s.productReferences.productCode, [...refProducts])).orderBy(asc(s.productReferences.sortOrder));
      const cms = cmsIds.size === 0 ? [] : await tx.select().from(s.cmsComponents).where(inArray(s.cmsComponents.id, [...cmsIds]));
      return { revision: head.revision, productCodes, products, stockOnly, levels, devices, dp, refProducts, rf, cmsIds, cms };
    }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    if (!read) return from;

    const p = from.parts();
    const changed = newDeps();
    const touchProduct = (old: CatalogProduct | undefined, now: CatalogProduct | undefined) => {
      const code = (now ?? old)!.product.code;
      changed.keys.add(`p:${code}`);
      changed.keys.add(`st:${code}`);
      for (const c of old?.product.categories ?? []) changed.cats.add(c);
      for (const c of now?.product.categories ?? []) changed.cats.add(c);
    };
    let byCode = p.byCode;
    let productOfVariant = p.productOfVariant;
    let membership = false; // a product came, went, moved in the order or changed its categories
    let parents = false;
    const replaced = new Map<string, CatalogProduct>();
    const writableByCode = () => (byCode === p.byCode ? (byCode = new Map(p.byCode)) : byCode);
    const writableVariants = () => (productOfVariant === p.productOfVariant ? (productOfVariant = new Map(p.productOfVariant)) : productOfVariant);

    // products read again in full (or gone)
    const loaded = new Map(read.products.map((x) => [x.product.code, x]));
    for (const code of read.productCodes) {
      const old = p.byCode.get(code);
      const now = loaded.get(code);
      if (!old && !now) continue;
      touchProduct(old, now);
      if (!old || !now || old.product.sortOrder !== now.product.sortOrder || old.product.categories.join('\0') !== now.product.categories.join('\0')) membership = true;
      if ((old?.product.parentCode ?? null) !== (now?.product.parentCode ?? null)) parents = true;
      const oldVariants = old?.variants.map((v) => v.code).join('\0') ?? '';
      const newVariants = now?.variants.map((v) => v.code).join('\0') ?? '';
      if (oldVariants !== newVariants) {
        const m = writableVariants();
        for (const v of old?.variants ?? []) if (m.get(v.code) === code) m.delete(v.code);
        for (const v of now?.variants ?? []) m.set(v.code, code);
      }
      if (now) { writableByCode().set(code, now); replaced.set(code, now); } else { writableByCode().delete(code); }
    }
    // stock alone: the product object again with those variants' levels (a variant without a stock row has 0)
    if (read.stockOnly.length > 0) {
      const byProduct = new Map<string, string[]>();
      for (const v of read.stockOnly) {
        const owner = p.productOfVariant.get(v)!;
        const list = byProduct.get(owner);
        if (list) list.push(v); else byProduct.set(owner, [v]);
      }
      for (const [code, variants] of byProduct) {
        const old = (byCode.get(code) ?? p.byCode.get(code));
        if (!old) continue;
        const want = new Set(variants);
        const now: CatalogProduct = { ...old, variants: old.variants.map((v) => (want.has(v.code) ? { ...v, stockLevel: read.levels.get(v.code) ?? 0 } : v)) };
        // stock alone: the answers that show this product's stock or read it by its code (`st:`), not every answer
        // that scanned its categories (a list page that does not show it keeps its answer)
        changed.keys.add(`st:${code}`);
        writableByCode().set(code, now);
        replaced.set(code, now);
      }
    }
    let list = p.list;
    let pos = p.pos;
    if (membership) {
      list = reordered(p.list, byCode, read.productCodes);
      pos = positions(list);
    } else if (replaced.size > 0) {
      list = p.list.slice();
      for (const [code, x] of replaced) list[pos.get(code)!] = x;
    }
    if (replaced.size > 0 || membership) changed.keys.add('any');
    // device prices of some devices: a device's categories are marked too (a list reads the prices of its devices)
    let dpByDevice = p.dpByDevice;
    if (read.devices.size > 0) {
      dpByDevice = new Map(p.dpByDevice);
      for (const d of read.devices) {
        dpByDevice.delete(d);
        changed.keys.add(`dp:${d}`);
        changed.keys.add('any');
        for (const c of p.byCode.get(d)?.product.categories ?? []) changed.cats.add(c);
        for (const c of byCode.get(d)?.product.categories ?? []) changed.cats.add(c);
      }
      addDevicePrices(dpByDevice, read.dp);
    }
    let refs = p.refs;
    if (read.refProducts.size > 0) {
      refs = new Map(p.refs);
      for (const code of read.refProducts) { refs.delete(code); changed.keys.add(`ref:${code}`); }
      addRefs(refs, read.rf);
    }
    let cms = p.cms;
    if (read.cmsIds.size > 0) {
      cms = new Map(p.cms);
      for (const id of read.cmsIds) { cms.delete(id); changed.keys.add(`cms:${id}`); }
      for (const c of read.cms) cms.set(c.id, c);
      changed.keys.add('cms:*');
    }
    if (parents) changed.keys.add('parents');
    const answers = from.answers.carry(changed);
    const carts = from.cartViews.carry(changed);
    if (!catchUp) {
      this.counters.deltasApplied++;
      this.counters.answersDropped += answers.dropped;
      this.counters.answersKept += answers.kept;
      this.counters.cartViewsDropped += carts.dropped;
      this.counters.cartViewsKept += carts.kept;
    }
    this.counters.productsReloaded += read.products.length;
    this.counters.stockReads += read.stockOnly.length;
    return new CatalogSnapshot({
      revision: read.revision, byCode, list, pos, productOfVariant, dpByDevice, refs, cms,
      childless: parents || membership ? childlessOf(list) : p.childless,
    }, answers.table, carts.table);
  }
}

/** Reads the whole catalogue (a model of its own, sliced). */
export async function loadSnapshot(db: Db): Promise<CatalogSnapshot> {
  return new CatalogModel(db).current();
}
