// One add judged in memory against its cart's entries (server/cart/add.ts's locked batch and add-known.ts's
// statement for a cart the instance knows), and its answer: the cart as the write left it.
import type { DbOrTx } from '../db/index';
import type { cartVouchers } from './schema';
import type { CatalogSnapshot } from '../catalog/index';
import { ageFromJmbg } from '../user/index';
import { rulesConfig } from './config';
import { evaluateAddRules, inGroup, type AddCandidate, type RuleVerdict } from './rules';
import { cartSnapshot, cartSnapshotOf, lineOfSameAccessory, nextNumbersOf, type CartRow, type EntryRow, type NewEntry } from './rows';
import { entryRow, type Locked } from './add-statements';
import { giftRows } from './gifts';

export type EntryDraft = Omit<NewEntry, 'cartId' | 'entryNumber' | 'bundleNo'>;
export type VoucherRow = typeof cartVouchers.$inferSelect;

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

export interface AddJob extends AddDraft {
  sessionId: string; cat: CatalogSnapshot; replace: boolean;
  resolve: (r: AddResult) => void; reject: (e: unknown) => void;
}

/** What one add will write, judged in memory. */
export type Plan =
  | { kind: 'refused'; verdict: RuleVerdict; all: EntryRow[]; removed: number[]; refused: EntryRow[] }
  | { kind: 'raise'; all: EntryRow[]; removed: number[]; line: EntryRow }
  | { kind: 'insert'; all: EntryRow[]; removed: number[]; rows: NewEntry[] };

/** An add's answer: its cart as the write left it (`updatedAt`: the cart's version was bumped then; `inserted`: the
 *  entries written for it). */
export function answerOf(p: Plan, l: Locked, vouchers: VoucherRow[], updatedAt: Date | null, inserted: EntryRow[]): AddResult {
  const cart = updatedAt ? { ...l.cart, version: l.cart.version + 1, updatedAt } : l.cart;
  const removed = p.removed;
  const known = {
    cartId: cart.id, cart,
    vouchers: vouchers.filter((v) => !(v.entryNumber !== null && removed.includes(v.entryNumber))),
    signedIn: cart.userId !== null || l.userId !== null,
  };
  if (p.kind === 'refused') {
    return { ...known, entries: p.all, verdict: p.verdict, added: [], refused: p.refused, replaceEntries: p.all.filter((e) => p.verdict.replaceEntryNumbers?.includes(e.entryNumber)) };
  }
  if (p.kind === 'raise') {
    const row = { ...p.line, quantity: p.line.quantity + 1 };
    return { ...known, entries: p.all.map((e) => (e.id === row.id ? row : e)), verdict: null, added: [row], refused: [], replaceEntries: [], quantities: [1] };
  }
  const added = [...inserted].sort((a, b) => a.entryNumber - b.entryNumber);
  return { ...known, entries: [...p.all, ...added].sort((a, b) => a.entryNumber - b.entryNumber), verdict: null, added, refused: [], replaceEntries: [] };
}

/** Whether the customer's age matters to the add: only for the age-restricted products. */
export const ageMatters = (job: AddDraft): boolean => job.candidates.some((c) => inGroup(rulesConfig().ageRestricted, c.productOfferingType, c.categories));

/** Judges one add against its cart's entries (already read, locked) and the stock levels read for the batch. */
export async function planAdd(tx: DbOrTx, job: AddJob, l: Locked, entries: EntryRow[], levels: Map<string, number>): Promise<Plan> {
  const { cat, candidates } = job;
  const cart = l.cart;
  for (const c of candidates) if (c.variantCode !== null && c.stockLevel !== null) c.stockLevel = levels.get(c.variantCode) ?? 0;
  const customerAge = ageMatters(job) && l.jmbg ? ageFromJmbg(l.jmbg) : null;
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
