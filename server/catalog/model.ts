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
// in list order (index products_sort_idx, migration 0036), sized so each costs about `sliceMs` (40 ms) of CPU over
// several turns of the event loop (its reads side by side, then building it; a page's fixed cost — nine statements —
// made 20 ms slices spend half their CPU on it), their search index entries computed as they come
// (server/catalog/search.ts), with the event loop free in between (no long transaction: PGlite's one connection
// stays open to requests), then the changes made meanwhile applied as a delta. After the start it runs in the
// background while the old snapshot keeps serving. `stats()` counts what each refresh cost.
//
// The parts live in sibling files: model-memo.ts (what an answer read, the memo tables), model-parts.ts (the maps of
// a snapshot), model-snapshot.ts (CatalogSnapshot), model-delta.ts (reading and applying a delta), model-build.ts
// (the full build's pages) and model-kept.ts (the model kept between starts).
import { readFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deserialize, serialize } from 'node:v8';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import * as s from '../db/tables';
import { CatalogSnapshot } from './model-snapshot';
import { applyDelta, readChanges, readDelta } from './model-delta';
import { cpuMs, nextTurn, readProductPages, snapshotOfPages } from './model-build';
import { CACHE_SHAPE, databaseKey, keptModelOf, snapshotOfKept, type KeptModel } from './model-kept';

/** (the snapshot and its memo tables: model-snapshot.ts, model-memo.ts) */
export { CatalogSnapshot };
export { MemoTable, type Deps } from './model-memo';

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
  /** answers kept now (entries, and the bytes they hold) and those that left at the table's bound (model-memo.ts) */
  answers: number;
  answerBytes: number;
  answersEvicted: number;
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

export interface CatalogModelOptions {
  /** at most this many products per slice of a full rebuild (default 400) */
  pageSize?: number;
  /** the CPU time a slice of a full rebuild aims at, over several turns of the event loop: the page size adapts to it
   *  (default 40 ms) */
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
  /** answers evicted at the bound by the tables full rebuilds replaced (a delta's table carries its count on) */
  private evictedBefore = 0;
  private readonly counters = {
    fullRebuilds: 0, cacheLoads: 0, deltasApplied: 0, productsReloaded: 0, stockReads: 0, answersDropped: 0, answersKept: 0,
    cartViewsDropped: 0, cartViewsKept: 0, lastRebuildMs: 0, lastRebuildCpuMs: 0, longestSliceMs: 0, slices: 0,
  };

  constructor(private readonly db: Db, private readonly checkMs = 1000, opts: CatalogModelOptions = {}) {
    this.pageSize = opts.pageSize ?? 400;
    this.sliceMs = opts.sliceMs ?? 40;
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
    const kept = keptModelOf(p, await databaseKey(this.db));
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
      const snap = await snapshotOfKept(kept);
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
    const answers = this.snap?.answers;
    return { ...this.counters, revision: this.snap?.revision ?? 0, products: this.snap?.size ?? 0, rebuilding: this.rebuild !== null,
      answers: answers?.size ?? 0, answerBytes: answers?.bytes ?? 0, answersEvicted: this.evictedBefore + (answers?.evicted ?? 0) };
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
    const slice = (since: number): number => {
      const spent = cpuMs() - since;
      this.counters.longestSliceMs = Math.max(this.counters.longestSliceMs, Math.round(spent * 10) / 10);
      this.counters.slices++;
      return spent;
    };
    const head = await readChanges(db, Number.MAX_SAFE_INTEGER);
    const pages = await readProductPages(db, { pageSize: this.pageSize, sliceMs: this.sliceMs }, slice);
    const t1 = cpuMs();
    const snap = await snapshotOfPages(db, head.revision, pages);
    slice(t1);
    await nextTurn();
    // what changed while the pages were read (each key read again in one snapshot): the model is that snapshot's
    const caughtUp = await this.delta(snap, true);
    const old = this.snap;
    if (old) this.counters.answersDropped += old.answers.size;
    if (old) this.counters.cartViewsDropped += old.cartViews.size;
    if (old) this.evictedBefore += old.answers.evicted;
    this.counters.fullRebuilds++;
    this.counters.lastRebuildMs = Math.round(performance.now() - started);
    const cpu = process.cpuUsage(cpuStart);
    this.counters.lastRebuildCpuMs = Math.round((cpu.user + cpu.system) / 1000);
    return caughtUp;
  }

  /** The next snapshot: the changes after `from`'s revision read with those things in one read-only snapshot. */
  private async delta(from: CatalogSnapshot, catchUp = false): Promise<CatalogSnapshot> {
    const read = await readDelta(this.db, from);
    if (!read) return from;
    const next = applyDelta(from, read);
    const answers = from.answers.carry(next.changed);
    const carts = from.cartViews.carry(next.changed);
    if (!catchUp) {
      this.counters.deltasApplied++;
      this.counters.answersDropped += answers.dropped;
      this.counters.answersKept += answers.kept;
      this.counters.cartViewsDropped += carts.dropped;
      this.counters.cartViewsKept += carts.kept;
    }
    this.counters.productsReloaded += read.products.length;
    this.counters.stockReads += read.stockOnly.length;
    return new CatalogSnapshot(next.parts, answers.table, carts.table);
  }
}

/** Reads the whole catalogue (a model of its own, sliced). */
export async function loadSnapshot(db: Db): Promise<CatalogSnapshot> {
  return new CatalogModel(db).current();
}
