// Adding to a cart, written in batches (group commit). The adds that arrive while one batch is being written wait,
// and the next batch writes them all in one transaction with the same few statements whatever its size: one locks
// the open carts of the batch's sessions (in id order, FOR UPDATE, so two instances' batches wait for each other
// instead of deadlocking), then opens a cart for each live session without one and reads the stock of every variant
// in play; one reads the entries of the carts that were there before (after the lock; skipped when every cart is new)
// and the coupons (only when a cart has one); the rules of rules.ts judge each add in memory; then one statement
// inserts the new entries, raises the repeated accessory lines and bumps the version of the carts changed. A first add
// is thus BEGIN, two statements and COMMIT; a quantity raise three statements. A batch holds at most one add per
// session (a later add of the same session waits for the next batch and sees the first one's entries), so every add's
// answer is the cart exactly as it left it.
// An add alone is a batch of one. When a batch fails (a deadlock with another instance, say) each of its adds is
// written again alone, and only the add that fails alone fails.
import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { cartVouchers } from './schema';
import { invalidToken } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { CatalogSnapshot } from '../catalog/index';
import { ageFromJmbg } from '../user/index';
import { rulesConfig } from './config';
import { evaluateAddRules, inGroup, type AddCandidate, type RuleVerdict } from './rules';
import {
  cartSnapshot, cartSnapshotOf, insertOpenCart, lineOfSameAccessory, nextNumbersOf, removeEntries,
  type CartRow, type EntryRow, type NewEntry,
} from './rows';
import { entryRow, groupBy, lockAndOpenCarts, readEntries, writeChanges, type Locked } from './add-statements';
import { giftRows, giftsOf } from './gifts';

export type EntryDraft = Omit<NewEntry, 'cartId' | 'entryNumber' | 'bundleNo'>;
type VoucherRow = typeof cartVouchers.$inferSelect;

export interface AddResult {
  cartId: number;
  /** The cart row after the add (absent only when the add was refused before its cart was read). */
  cart?: CartRow;
  /** The cart's entries after the add, by entry number (with `cart`). */
  entries?: EntryRow[];
  /** The cart's coupons after the add, and whether it is a signed-in customer's (with `cart`: the view needs no query). */
  vouchers?: VoucherRow[];
  signedIn?: boolean;
  verdict: RuleVerdict | null; added: EntryRow[];
  /** What was to be added when a rule refused it (the `entry` of a refusing cartModification). */
  refused: EntryRow[];
  /** productsNeedReplace: the cart entries to replace. */
  replaceEntries: EntryRow[];
  /** Units added per `added` row (default: the row's quantity; 1 when an accessory's line was raised). */
  quantities?: number[];
}

/** What one add asks for, checked against the catalogue before it waits for its batch. */
export interface AddDraft { candidates: AddCandidate[]; entries: EntryDraft[] }

interface AddJob extends AddDraft {
  sessionId: string; cat: CatalogSnapshot; replace: boolean;
  resolve: (r: AddResult) => void; reject: (e: unknown) => void;
}

/** The most adds one batch writes (bounded statement size; the rest wait for the next batch). */
const MAX_BATCH = 64;

class AddQueue {
  private waiting: AddJob[] = [];
  private busy = false;
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
    let results: Array<AddResult | Error>;
    try {
      results = await writeBatch(this.db, batch);
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // one add's failure must not fail the others: each again alone
      for (const job of batch) await this.write([job]);
      return;
    }
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
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new AddQueue(db)));
  return queue.submit({ sessionId, cat, candidates: draft.candidates, entries: draft.entries, replace });
}


/** What one add will write, judged in memory. */
type Plan =
  | { kind: 'refused'; verdict: RuleVerdict; all: EntryRow[]; removed: number[]; refused: EntryRow[] }
  | { kind: 'raise'; all: EntryRow[]; removed: number[]; line: EntryRow }
  | { kind: 'insert'; all: EntryRow[]; removed: number[]; rows: NewEntry[] };

async function writeBatch(db: Db, jobs: AddJob[]): Promise<Array<AddResult | Error>> {
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

    // 5. each add's answer: its cart as this batch left it
    const insertedOf = groupBy(inserted);
    return plans.map((p, i): AddResult | Error => {
      if (p instanceof Error) return p;
      const l = locked.get(jobs[i].sessionId)!;
      const cart = bump.has(l.cart.id) ? { ...l.cart, version: l.cart.version + 1, updatedAt } : l.cart;
      const removed = p.removed;
      const known = {
        cartId: cart.id, cart,
        vouchers: (vouchersOf.get(cart.id) ?? []).filter((v) => !(v.entryNumber !== null && removed.includes(v.entryNumber))),
        signedIn: cart.userId !== null || l.userId !== null,
      };
      if (p.kind === 'refused') {
        return { ...known, entries: p.all, verdict: p.verdict, added: [], refused: p.refused, replaceEntries: p.all.filter((e) => p.verdict.replaceEntryNumbers?.includes(e.entryNumber)) };
      }
      if (p.kind === 'raise') {
        const row = { ...p.line, quantity: p.line.quantity + 1 };
        return { ...known, entries: p.all.map((e) => (e.id === row.id ? row : e)), verdict: null, added: [row], refused: [], replaceEntries: [], quantities: [1] };
      }
      const added = (insertedOf.get(cart.id) ?? []).sort((a, b) => a.entryNumber - b.entryNumber);
      return { ...known, entries: [...p.all, ...added].sort((a, b) => a.entryNumber - b.entryNumber), verdict: null, added, refused: [], replaceEntries: [] };
    });
  });
}

/** Judges one add against its cart's entries (already read, locked) and the stock levels read for the batch. */
async function planAdd(tx: DbOrTx, job: AddJob, l: Locked, entries: EntryRow[], levels: Map<string, number>): Promise<Plan> {
  const { cat, candidates } = job;
  const cart = l.cart;
  for (const c of candidates) if (c.variantCode !== null && c.stockLevel !== null) c.stockLevel = levels.get(c.variantCode) ?? 0;
  // the customer's age matters only for the age-restricted products
  const ageMatters = candidates.some((c) => inGroup(rulesConfig().ageRestricted, c.productOfferingType, c.categories));
  const customerAge = ageMatters && l.jmbg ? ageFromJmbg(l.jmbg) : null;
  const draftRows = (from: number, bundleNo: number): EntryRow[] => job.entries.map((e, i) => entryRow({ ...e, cartId: cart.id, entryNumber: from + i, bundleNo, suggestionsApplied: false }, 0));
  let all = entries;
  let removed: number[] = [];
  const snapshotNow = async () => cartSnapshotOf(all, cat) ?? await cartSnapshot(tx, cart.id);
  let verdict = evaluateAddRules(candidates, await snapshotNow(), { customerAge });
  if (verdict?.statusCode === 'productsNeedReplace' && job.replace) {
    removed = verdict.replaceEntryNumbers ?? [];
    all = all.filter((e) => !removed.includes(e.entryNumber));
    verdict = evaluateAddRules(candidates, await snapshotNow(), { customerAge });
  }
  if (verdict) {
    const { entryNumber, bundleNo } = nextNumbersOf(all);
    return { kind: 'refused', verdict, all, removed, refused: draftRows(entryNumber, bundleNo) };
  }
  // the same accessory alone again raises the quantity of its line (one line per accessory, like the limit counts it)
  const line = candidates.length === 1 && job.entries.length === 1 && candidates[0].productOfferingType === 'ACCESSORY'
    ? lineOfSameAccessory(all, job.entries[0]) : null;
  if (line) return { kind: 'raise', all, removed, line };
  const { entryNumber, bundleNo } = nextNumbersOf(all);
  const rows: NewEntry[] = job.entries.map((e, i) => ({ ...e, cartId: cart.id, entryNumber: entryNumber + i, bundleNo }));
  return { kind: 'insert', all, removed, rows: [...rows, ...giftRows(cat, cart.id, all, rows, levels)] };
}
