// The adds to carts this instance knows: after an add, the instance remembers the session's open cart as the add
// left it (its row, entries and coupons, the session's user and JMBG). The session's next add is judged against that
// and written in one statement without a transaction (add-statements.ts writeKnown: one round trip instead of BEGIN,
// two or three statements and COMMIT), which writes only where the cart is still as remembered — its version
// unchanged (every change of its entries or coupons bumps it, by any instance), open, the session live with the same
// user, and the stock levels the rules judged by unchanged. Anything else (another instance's write, a sign-out, an
// order, a moved level, a replace) sends the add to the locked batch (add.ts), which reads the cart under its lock.
// A first add of a session the instance does not know is likewise one statement, which opens the cart with it.
import type { Db } from '../db/index';
import { entryRow, groupBy, writeKnown, writeNewCarts, type Locked } from './add-statements';
import { ageMatters, answerOf, planAdd, type AddJob, type AddResult, type Plan, type VoucherRow } from './add-plan';
import { numericCode } from '../lib/ids';
import type { CartRow, EntryRow, NewEntry } from './rows';
import { giftsOf } from './gifts';

/** A session's open cart as this instance's last add left it (the add's answer), with the session's user and JMBG. */
interface Known { cart: CartRow; entries: EntryRow[]; vouchers: VoucherRow[]; userId: number | null; jmbg: string | null }
/** Carts known at most (then the memory starts over). */
const KNOWN_MAX = 20000;

/** The sessions' carts this instance last wrote; an entry is only a guess, checked by the statement that writes. */
export class KnownCarts {
  private readonly map = new Map<string, Known>();
  get(sessionId: string): Known | undefined { return this.map.get(sessionId); }
  forget(sessionId: string): void { this.map.delete(sessionId); }
  remember(sessionId: string, r: AddResult, owner: { userId: number | null; jmbg: string | null }): void {
    if (!r.cart || !r.entries || !r.vouchers) {
      this.forget(sessionId);
      return;
    }
    if (this.map.size >= KNOWN_MAX) this.map.clear();
    this.map.set(sessionId, { cart: r.cart, entries: r.entries, vouchers: r.vouchers, userId: owner.userId, jmbg: owner.jmbg });
  }
}

/**
 * The adds of sessions whose cart this instance knows, judged against what it knows and written in one statement
 * without a transaction (writeKnown: each cart only if it is still as known). Answers the adds written; the others
 * (their cart changed elsewhere, their session ended, a stock level moved, a replace) are forgotten, for the locked batch.
 */
export async function writeKnownBatch(db: Db, jobs: AddJob[], known: KnownCarts): Promise<Map<AddJob, AddResult>> {
  const plans: Array<{ job: AddJob; k: Known; l: Locked; p: Plan; levels: Map<string, number> }> = [];
  for (const job of jobs) {
    const k = known.get(job.sessionId)!;
    known.forget(job.sessionId);
    const levels = readModelLevels(job);
    const l: Locked = { cart: k.cart, userId: k.userId, jmbg: k.jmbg, coupons: k.vouchers.length > 0 };
    const p = await planAdd(db, job, l, k.entries, levels);
    if (p.removed.length === 0) plans.push({ job, k, l, p, levels });
  }
  const out = new Map<AddJob, AddResult>();
  if (plans.length === 0) return out;
  const updatedAt = new Date();
  const rows = plans.flatMap((x) => (x.p.kind === 'insert' ? x.p.rows : []));
  const r = await writeKnown(db, plans.map((x) => ({ cartId: x.l.cart.id, version: x.l.cart.version, sessionId: x.job.sessionId, userId: x.l.userId, jmbg: x.l.jmbg, levels: x.levels, write: x.p.kind !== 'refused' })), {
    raiseIds: plans.flatMap((x) => (x.p.kind === 'raise' ? [x.p.line.id] : [])), updatedAt, rows,
  });
  // the carts as they are now (a refusal: checked; a write: bumped), by id
  const now = new Map([...r.checked, ...r.bumped].map((c) => [c.id, c]));
  const idOf = new Map(r.inserted.map((e) => [`${e.cartId}:${e.entryNumber}`, e.id]));
  const insertedOf = groupBy(rows.filter((e) => now.has(e.cartId)).map((e) => entryRow(e, idOf.get(`${e.cartId}:${e.entryNumber}`)!)));
  for (const { job, k, l, p } of plans) {
    const cart = now.get(l.cart.id);
    if (!cart) continue;
    const answer = answerOf(p, { ...l, cart }, k.vouchers, null, insertedOf.get(cart.id) ?? []);
    known.remember(job.sessionId, answer, l);
    out.set(job, answer);
  }
  return out;
}

/**
 * The first adds of sessions this instance does not know, judged against an empty cart and written with the cart
 * each opens in one statement without a transaction (writeNewCarts: only for a live session that has no open cart
 * and whose stock levels are as judged). Only an add the rules accept, of products without an age limit (the
 * session's JMBG is not known before the statement). Answers the adds written; the others go to the locked batch.
 */
export async function writeNewBatch(db: Db, jobs: AddJob[], known: KnownCarts): Promise<Map<AddJob, AddResult>> {
  const plans: Array<{ job: AddJob; slot: number; rows: NewEntry[]; p: Plan; levels: Map<string, number> }> = [];
  for (const [slot, job] of jobs.entries()) {
    if (ageMatters(job)) continue;
    const levels = readModelLevels(job);
    // (the cart is not there yet: its entries are planned under the add's slot as their cart id)
    const p = await planAdd(db, job, { cart: { id: slot } as CartRow, userId: null, jmbg: null, coupons: false }, [], levels);
    if (p.kind === 'insert') plans.push({ job, slot, rows: p.rows, p, levels });
  }
  const out = new Map<AddJob, AddResult>();
  if (plans.length === 0) return out;
  const r = await writeNewCarts(db, plans.map((x) => ({ slot: x.slot, sessionId: x.job.sessionId, code: numericCode(8), levels: x.levels })), { updatedAt: new Date(), rows: plans.flatMap((x) => x.rows) });
  const idOf = new Map(r.inserted.map((e) => [`${e.cartId}:${e.entryNumber}`, e.id]));
  const bySlot = new Map(plans.map((x) => [x.slot, x]));
  for (const o of r.opened) {
    const x = bySlot.get(o.slot)!;
    const inserted = x.rows.map((e) => entryRow({ ...e, cartId: o.cart.id }, idOf.get(`${o.cart.id}:${e.entryNumber}`)!));
    const l: Locked = { cart: o.cart, userId: o.userId, jmbg: o.jmbg, coupons: false };
    const answer = answerOf(x.p, l, [], null, inserted);
    known.remember(x.job.sessionId, answer, l);
    out.set(x.job, answer);
  }
  return out;
}

/** The stock levels an add is judged by when its cart is known: the read model's, of the variants the add and its
 *  phones' gifts take (the statement that writes checks them against the stock table). */
function readModelLevels(job: AddJob): Map<string, number> {
  const levels = new Map<string, number>();
  const levelOf = (productCode: string, variantCode: string) => job.cat.product(productCode)?.variants.find((v) => v.code === variantCode)?.stockLevel ?? 0;
  for (const c of job.candidates) if (c.variantCode !== null && c.stockLevel !== null) levels.set(c.variantCode, levelOf(c.productCode, c.variantCode));
  for (const e of job.entries) {
    if (job.cat.product(e.productCode)?.product.type !== 'DEVICE') continue;
    for (const g of giftsOf(job.cat, e.productCode)) levels.set(g.variantCode, levelOf(g.code, g.variantCode));
  }
  return levels;
}

