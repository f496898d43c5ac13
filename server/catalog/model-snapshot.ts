// A snapshot of the catalogue read model (server/catalog/model.ts): the products and what belongs to them, answered
// from memory, and the memoized answers and cart views computed from it, each with what it read (model-memo.ts).
import type { Cart } from '../../schemas/types/api.cart';
import { NO_DEVICE_PRICES, type CatalogProduct, type DevicePriceRow } from './repository';
import { addAll, MemoTable, newDeps, type Deps } from './model-memo';
import type { CmsRow, Parts, ReferenceRow } from './model-parts';

/** The answers being computed (memo computations are synchronous; a nested one adds its reads to the outer one). */
const tracking: Deps[] = [];
const top = (): Deps | undefined => tracking[tracking.length - 1];
/** Computations under way whose nested answers are not kept (`keepNested: false`): an answer kept as its bytes (an
 *  API route's) would otherwise keep the object it was serialized from as well — a phone's details twice, 27 kB of
 *  bytes and several times that in objects, up to MAX_ANSWERS of them. A nested answer already kept is still used. */
let unkept = 0;

const MAX_ANSWERS = 2000;
const MAX_CART_VIEWS = 5000;
/** What the kept answers may hold, in bytes: `CATALOG_ANSWERS_MB` (default 64; docs/OPERATIONS.md). */
const MAX_ANSWER_BYTES = (() => {
  const mb = Number(process.env.CATALOG_ANSWERS_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 64) * 1024 * 1024;
})();
/** An answer kept as bytes (a catalogue GET's, server/lib/edge-cache.ts `Cacheable`) counts its bytes; an answer kept
 *  as objects (a nested computation the first view or the cart reads) a nominal 2 kB — their size is not measured. */
export function answerBytes(value: unknown): number {
  const body = (value as { body?: unknown } | null)?.body;
  if (Buffer.isBuffer(body)) return body.byteLength;
  if (typeof body === 'string') return Buffer.byteLength(body);
  return 2048;
}

/** One revision of the catalogue in memory, with the answers computed from it. */
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
    this.answers = answers ?? new MemoTable(MAX_ANSWERS, { maxBytes: MAX_ANSWER_BYTES, sizeOf: answerBytes });
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
