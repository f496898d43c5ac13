// Adding to a cart, written in batches (group commit). The adds that arrive while one batch is being written wait,
// and the next batch writes them all at once, whatever its size. A batch holds at most one add per session (a later
// add of the same session waits for the next batch and sees the first one's entries), so every add's answer is the
// cart exactly as it left it. Three ways to write, each a fixed number of statements for the whole batch:
// - the adds to carts this instance knows (it wrote the session's last add): one statement without a transaction,
//   written only where the cart is still as known (add-known.ts);
// - side by side with it, the other adds as first adds: one statement that opens each cart with its entries, for a
//   session that has none (add-known.ts);
// - those the first two did not write: the locked batch, in one transaction — one statement locks
//   the open carts of the batch's sessions (in id order, FOR UPDATE, so two instances' batches wait for each other
//   instead of deadlocking), opens a cart for each live session without one and reads the stock of every variant in
//   play; one reads the entries of the carts that were there before (after the lock; skipped when every cart is new)
//   and the coupons (only when a cart has one); the rules of rules.ts judge each add in memory (add-plan.ts); one
//   statement inserts the new entries, raises the repeated accessory lines and bumps the version of the carts changed.
//   A first add is thus BEGIN, two statements and COMMIT; a quantity raise three statements.
// An add alone is a batch of one. When a locked batch fails (a deadlock with another instance, say) each of its adds
// is written again alone, and only the add that fails alone fails.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index';
import { cartVouchers } from './schema';
import { invalidToken } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { CatalogSnapshot } from '../catalog/index';
import { insertOpenCart, removeEntries } from './rows';
import { entryRow, groupBy, lockAndOpenCarts, readEntries, writeChanges, type Locked } from './add-statements';
import { giftsOf } from './gifts';
import { answerOf, planAdd, type AddDraft, type AddJob, type AddResult, type Plan } from './add-plan';
import { KnownCarts, writeKnownBatch, writeNewBatch } from './add-known';
import type { CartAddCounts } from '../lib/metrics';

export type { AddDraft, AddResult, EntryDraft } from './add-plan';

/** The most adds one batch writes (bounded statement size; the rest wait for the next batch). */
const MAX_BATCH = 64;

class AddQueue {
  private waiting: AddJob[] = [];
  private busy = false;
  readonly known = new KnownCarts();
  /** How many adds each way wrote (the metrics, the tests and the bench read it). */
  readonly counts: CartAddCounts = { known: 0, new: 0, locked: 0 };
  constructor(private readonly db: Db) {}

  submit(job: Omit<AddJob, 'resolve' | 'reject'>): Promise<AddResult> {
    return new Promise<AddResult>((resolve, reject) => {
      this.waiting.push({ ...job, resolve, reject });
      if (!this.busy) void this.drain();
    });
  }

  /**
   * Writes batches, one at a time, while adds wait (a second writer at once measured no faster on PostgreSQL: the
   * machine's cores are the limit, not the round trips). Each batch is taken after a turn of the event loop
   * (setImmediate): the embedded PGlite answers within microtasks, so without it a batch would be written before
   * the requests that arrived with it were even read, and every batch would hold one add.
   */
  private async drain(): Promise<void> {
    this.busy = true;
    try {
      for (;;) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.waiting.length === 0) break;
        await this.write(this.take());
      }
    } finally {
      this.busy = false;
    }
  }

  /** The next batch: in arrival order, one add per session, at most MAX_BATCH. */
  private take(): AddJob[] {
    const batch: AddJob[] = [];
    const rest: AddJob[] = [];
    const seen = new Set<string>();
    for (const job of this.waiting) {
      if (batch.length < MAX_BATCH && !seen.has(job.sessionId)) batch.push(job);
      else rest.push(job);
      seen.add(job.sessionId);
    }
    this.waiting = rest;
    return batch;
  }

  private async write(batch: AddJob[]): Promise<void> {
    // the adds to carts this instance knows, and the others as first adds: one statement each, side by side, written
    // where the cart is still as known (or there is none yet); what they did not write goes to the locked batch
    const mine: AddJob[] = [];
    const others: AddJob[] = [];
    for (const j of batch) (this.known.get(j.sessionId) ? mine : others).push(j);
    const none = new Map<AddJob, AddResult>();
    const [done, opened] = await Promise.all([
      mine.length ? writeKnownBatch(this.db, mine, this.known).catch(() => none) : none,
      others.length ? writeNewBatch(this.db, others, this.known).catch(() => none) : none,
    ]);
    for (const [job, r] of [...done, ...opened]) job.resolve(r);
    this.counts.known += done.size;
    this.counts.new += opened.size;
    const rest = batch.filter((j) => !done.has(j) && !opened.has(j));
    if (rest.length) await this.writeLocked(rest);
  }

  private async writeLocked(batch: AddJob[]): Promise<void> {
    let results: Array<AddResult | Error>;
    try {
      results = await writeBatch(this.db, batch, this.known);
    } catch (err) {
      for (const job of batch) this.known.forget(job.sessionId);
      if (batch.length === 1) return batch[0].reject(err);
      // one add's failure must not fail the others: each again alone
      for (const job of batch) await this.writeLocked([job]);
      return;
    }
    this.counts.locked += batch.length;
    batch.forEach((job, i) => {
      const r = results[i];
      if (r instanceof Error) job.reject(r);
      else job.resolve(r);
    });
  }
}

const queues = new WeakMap<Db, AddQueue>();

/**
 * Adds the drafts after the rules of rules.ts, in the next batch. With `replace`, the entries a productsNeedReplace
 * verdict names are removed first and the rules are judged again without them.
 */
export function applyAdd(db: Db, sessionId: string, cat: CatalogSnapshot, draft: AddDraft, replace = false): Promise<AddResult> {
  return queueOf(db).submit({ sessionId, cat, candidates: draft.candidates, entries: draft.entries, replace });
}

function queueOf(db: Db): AddQueue {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new AddQueue(db)));
  return queue;
}

/** How many adds on `db` were written in one statement to a known cart (known) or with the cart they opened (new),
 *  and how many by the locked batch. */
export const addPathCounts = (db: Db): CartAddCounts => ({ ...queueOf(db).counts });


async function writeBatch(db: Db, jobs: AddJob[], known: KnownCarts): Promise<Array<AddResult | Error>> {
  return db.transaction(async (tx) => {
    const ids = jobs.map((j) => j.sessionId);
    // the stock of every variant the adds (and their phones' gifts) need
    const variants = new Set<string>();
    for (const job of jobs) {
      for (const c of job.candidates) if (c.variantCode !== null && c.stockLevel !== null) variants.add(c.variantCode);
      for (const e of job.entries) if (job.cat.product(e.productCode)?.product.type === 'DEVICE') for (const g of giftsOf(job.cat, e.productCode)) variants.add(g.variantCode);
    }
    // 1. one statement: the open carts of live sessions locked in id order; after them, a cart opened for each live
    // session without one (a first add; a revoked session answers 401 below), in session order; the stock levels
    const first = await lockAndOpenCarts(tx, ids, ids.map(() => numericCode(8)), [...variants]);
    const locked = new Map<string, Locked>(first.locked.map((r) => [r.cart.sessionId, r]));
    // the entries are read for the carts that were there before this batch (a cart opened by it has none)
    const toRead = first.locked.map((l) => l.cart.id);
    const openedBy = new Map(first.opened.map((c) => [c.sessionId, c]));
    for (const s of first.live) {
      // a session whose cart another instance opened meanwhile (or a drawn code that was taken) is done alone by
      // insertOpenCart, which waits for that cart and locks it
      const opened = openedBy.get(s.id);
      const cart = opened ?? await insertOpenCart(tx, s.id, true);
      if (!opened) toRead.push(cart.id);
      locked.set(s.id, { cart, userId: s.userId, jmbg: s.jmbg, coupons: false });
    }
    // 2. their entries (read after the lock) and coupons (read only when a cart has one)
    const entriesOf = groupBy(await readEntries(tx, toRead));
    const levels = new Map(Object.entries(first.stock));
    const withCoupons = [...locked.values()].filter((l) => l.coupons).map((l) => l.cart.id);
    const vouchersOf = groupBy(withCoupons.length ? await tx.select().from(cartVouchers).where(inArray(cartVouchers.cartId, withCoupons)).orderBy(cartVouchers.createdAt, cartVouchers.voucherCode) : []);

    // 3. each add judged in memory
    const plans: Array<Plan | Error> = [];
    for (const job of jobs) {
      const l = locked.get(job.sessionId);
      plans.push(l ? await planAdd(tx, job, l, entriesOf.get(l.cart.id) ?? [], levels) : invalidToken());
    }

    // 4. the writes: one statement for the whole batch (and the removals of a replace, rare, before it)
    const bump = new Set<number>();
    for (const [i, p] of plans.entries()) {
      if (p instanceof Error) continue;
      const cartId = locked.get(jobs[i].sessionId)!.cart.id;
      if (p.kind !== 'refused' || p.removed.length > 0) bump.add(cartId);
      if (p.removed.length > 0) await removeEntries(tx, cartId, p.removed);
    }
    const raiseIds = plans.flatMap((p) => (p instanceof Error || p.kind !== 'raise' ? [] : [p.line.id]));
    const newRows = plans.flatMap((p) => (p instanceof Error || p.kind !== 'insert' ? [] : p.rows));
    const updatedAt = new Date();
    // (the rows written are known here: the statement returns the new entries' ids only, as decoding rows is most of
    // its cost on PGlite)
    const written = raiseIds.length || newRows.length || bump.size ? await writeChanges(tx, { raiseIds, bumpIds: [...bump], updatedAt, rows: newRows }) : [];
    const idOf = new Map(written.map((r) => [`${r.cartId}:${r.entryNumber}`, r.id]));
    const inserted = newRows.map((r) => entryRow(r, idOf.get(`${r.cartId}:${r.entryNumber}`)!));

    // 5. each add's answer: its cart as this batch left it (remembered for the session's next add)
    const insertedOf = groupBy(inserted);
    return plans.map((p, i): AddResult | Error => {
      if (p instanceof Error) {
        known.forget(jobs[i].sessionId);
        return p;
      }
      const l = locked.get(jobs[i].sessionId)!;
      const r = answerOf(p, l, vouchersOf.get(l.cart.id) ?? [], bump.has(l.cart.id) ? updatedAt : null, insertedOf.get(l.cart.id) ?? []);
      known.remember(jobs[i].sessionId, r, l);
      return r;
    });
  });
}

