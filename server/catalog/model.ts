// The in-memory catalogue read model: every product with its variants, pictures, stock, price plans, terms and
// charges, the device × tariff prices, the references and the CMS components, loaded in one consistent read.
// Search, details, references, specification, CMS components and the products of cart views are answered from it.
//
// Invalidation: the `catalog_revision` row is raised at commit by deferred triggers on every catalogue and stock
// table (migration 0004), whoever changes them (this instance, another instance, an operator's SQL). Each instance
// reads that one row at most every `checkMs` (1 s) while it is being asked, and reloads when it moved; a write
// request on this instance (orders, payment callbacks giving stock back, the dev catalogue routes…) marks the model
// to check on its next read, so this instance's own changes show at once. Stock levels shown may thus lag another
// instance's change by up to `checkMs`; adding to the cart and ordering still check stock in SQL.
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import * as s from '../db/schema';
import { loadProducts, type CatalogProduct, type DevicePriceRow } from './repository';
import type { Cart } from '../../schemas/types/api.cart';

type ReferenceRow = typeof s.productReferences.$inferSelect;
type CmsRow = typeof s.cmsComponents.$inferSelect;

export class CatalogSnapshot {
  readonly byCode = new Map<string, CatalogProduct>();
  /** variant code → product code */
  readonly productOfVariant = new Map<string, string>();
  private readonly dpByDevice = new Map<string, DevicePriceRow[]>();
  private readonly refs = new Map<string, ReferenceRow[]>();
  private readonly cms = new Map<string, CmsRow>();
  private readonly childless = new Set<string>();
  /** Answers computed from this snapshot (search / details per query and language); dropped with it. */
  readonly answers = new Map<string, unknown>();
  /** Cart views of this snapshot (server/cart/view.ts), per cart row and language. */
  readonly cartViews = new Map<string, Cart>();

  constructor(readonly revision: number, readonly all: CatalogProduct[], devicePrices: DevicePriceRow[], references: ReferenceRow[], cms: CmsRow[]) {
    for (const p of all) {
      this.byCode.set(p.product.code, p);
      for (const v of p.variants) this.productOfVariant.set(v.code, p.product.code);
    }
    for (const d of devicePrices) {
      const list = this.dpByDevice.get(d.deviceCode) ?? [];
      list.push(d);
      this.dpByDevice.set(d.deviceCode, list);
    }
    for (const r of references) {
      const key = `${r.productCode}|${r.referenceType}`;
      const list = this.refs.get(key) ?? [];
      list.push(r);
      this.refs.set(key, list);
    }
    for (const c of cms) this.cms.set(c.id, c);
    const parents = new Set(all.map((p) => p.product.parentCode).filter((c): c is string => c !== null));
    for (const p of all) if (!parents.has(p.product.code)) this.childless.add(p.product.code);
  }

  /** Same answer as repository.loadProducts: by sort order, optionally only some codes and one category. */
  products(where: { codes?: string[]; category?: string }): CatalogProduct[] {
    let rows: CatalogProduct[];
    if (where.codes) {
      const want = new Set(where.codes);
      rows = this.all.filter((p) => want.has(p.product.code));
    } else {
      rows = this.all;
    }
    return where.category ? rows.filter((p) => p.product.categories.includes(where.category!)) : rows;
  }

  product(code: string): CatalogProduct | null {
    return this.byCode.get(code) ?? null;
  }

  devicePricesOf(deviceCodes: string[]): DevicePriceRow[] {
    return deviceCodes.flatMap((c) => this.dpByDevice.get(c) ?? []);
  }

  referencesOf(productCode: string, referenceType: string): ReferenceRow[] {
    return this.refs.get(`${productCode}|${referenceType}`) ?? [];
  }

  cmsComponent(id: string): CmsRow | null {
    return this.cms.get(id) ?? null;
  }

  /** The banners of a list (a category code or 'home'), by webPosition. */
  bannersOf(categoryCode: string): CmsRow[] {
    return [...this.cms.values()].filter((c) => c.categoryCode === categoryCode && c.webPosition !== null)
      .sort((a, b) => a.webPosition! - b.webPosition! || a.id.localeCompare(b.id));
  }

  /** A tariff that no other product names as its parent. */
  hasNoChildren(code: string): boolean {
    return this.childless.has(code);
  }

  /** Memoizes an answer of this snapshot (bounded; the snapshot is replaced on every change). */
  memo<T>(key: string, compute: () => T): T {
    const hit = this.answers.get(key);
    if (hit !== undefined) return hit as T;
    const value = compute();
    if (this.answers.size >= 2000) this.answers.clear();
    this.answers.set(key, value);
    return value;
  }
}

export async function readRevision(db: DbOrTx): Promise<number> {
  const rows = await db.select({ revision: s.catalogRevision.revision }).from(s.catalogRevision).where(eq(s.catalogRevision.id, 1));
  return rows[0]?.revision ?? 0;
}

/** Reads the whole catalogue and its revision in one snapshot of the database. */
export async function loadSnapshot(db: Db): Promise<CatalogSnapshot> {
  return db.transaction(async (tx) => {
    const revision = await readRevision(tx);
    const all = await loadProducts(tx, {});
    const dp = await tx.select().from(s.devicePrices).orderBy(asc(s.devicePrices.id));
    const refs = await tx.select().from(s.productReferences).orderBy(asc(s.productReferences.sortOrder));
    const cms = await tx.select().from(s.cmsComponents);
    return new CatalogSnapshot(revision, all, dp, refs, cms);
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

export class CatalogModel {
  private snap: CatalogSnapshot | null = null;
  private checkedAt = 0;
  private dirty = true;
  private pending: Promise<CatalogSnapshot> | null = null;

  constructor(private readonly db: Db, private readonly checkMs = 1000) {}

  /** The current snapshot: no query while fresh, one tiny revision read per `checkMs`, a reload when it moved. */
  current(): Promise<CatalogSnapshot> {
    if (this.snap && !this.dirty && Date.now() - this.checkedAt < this.checkMs) return Promise.resolve(this.snap);
    return (this.pending ??= this.refresh().finally(() => { this.pending = null; }));
  }

  /** Check the revision on the next read (this instance changed the catalogue or stock, or may have). */
  invalidate(): void {
    this.dirty = true;
  }

  private async refresh(): Promise<CatalogSnapshot> {
    const started = Date.now();
    this.dirty = false; // an invalidate() during this refresh makes the next read check again
    try {
      if (this.snap && (await readRevision(this.db)) === this.snap.revision) {
        this.checkedAt = started;
        return this.snap;
      }
      this.snap = await loadSnapshot(this.db);
      this.checkedAt = started;
      return this.snap;
    } catch (err) {
      // the database is away (a restart, a lost connection): the last model keeps serving, and the revision is read
      // again `checkMs` later (writes, which need the database, still fail on their own); no model yet: the error
      if (!this.snap) throw err;
      this.checkedAt = started;
      return this.snap;
    }
  }
}
