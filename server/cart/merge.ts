// Cart merge after login (seed 000 §4 "Cart merge after login"): the anonymous cart is merged into the user's
// cart bundle by bundle, each bundle judged like an add (rules.ts, the same ADD_RULES with the now known
// customer's age). A bundle that breaks a rule is not merged — never half of it:
// - productsNeedReplace: the bundle is kept on the user's cart as a pending replacement (inside
//   `carts.merge_modifications`); GET mergeCart?productsNeedReplace=true applies it (the restricted entries,
//   their bundles and coupons go), =false drops it (the shopper keeps the old item);
// - maxOrderQuantityExceeded, allowedTotalAmountExceeded, notEligibleByAge, noStock: the bundle is dropped and
//   the status told once.
// A merged accessory while the user's cart already held accessories answers accessoriesNeedMerge. The statuses
// are kept on the target cart and answered by GET mergeCart (server/cart/routes.ts, `answerMerge`); `results`
// stay the authorize answer's `merge` list.
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { cartEntries, carts } from './schema';
import { evaluateAddRules, type AddCandidate, type AddStatusCode, type RuleVerdict } from './rules';
import { bumpVersion, cartSnapshot, customerAgeOf, entriesOf, findOpenCart, getOrCreateCart, lineOfSameAccessory, removeEntries, trimGifts, type EntryRow } from './service';
import { productKindsOf, stockLevelsOf } from '../catalog/index';
import { sessionIdsOfUserSql } from '../user/index';

export type MergeStatus = 'merged' | 'pendingReplace' | 'refused';
export interface MergeResult { productCode: string; variantCode: string | null; status: MergeStatus }

/** An entry of the anonymous cart as kept in a pending replacement (its old entry number links add-ons / insurance). */
export type PendingEntry = Omit<EntryRow, 'id' | 'cartId' | 'bundleNo'>;

/** One stored merge status (`carts.merge_modifications`), answered by GET mergeCart. */
export interface MergeModification {
  statusCode: AddStatusCode;
  productCode: string;
  variantCode: string | null;
  /** success / accessoriesNeedMerge: the merged entry in the user's cart. */
  entryNumber: number | null;
  /** Parameters of the status message (limits). */
  params?: Record<string, string | number>;
  cmsComponentId?: string | null;
  /** productsNeedReplace: the anonymous cart's bundle waiting for the shopper's answer. */
  pending?: PendingEntry[];
}

/** A merge status ready to answer: rows instead of entry numbers. */
export interface AnsweredModification {
  statusCode: AddStatusCode;
  params?: Record<string, string | number>;
  cmsComponentId: string | null;
  /** success / accessoriesNeedMerge: the merged entry; productsNeedReplace: what would be added (with the number it would get). */
  entry: EntryRow | null;
  quantityAdded: number;
  /** productsNeedReplace: the user's entries it would replace. */
  replaceEntries: EntryRow[];
}

interface BundleOutcome { verdict: RuleVerdict | null; added: EntryRow[]; replaceEntries: EntryRow[]; drafts: EntryRow[] }

async function productInfo(tx: DbOrTx, codes: string[]) {
  const rows = await productKindsOf(tx, codes);
  return new Map(rows.map((r) => [r.code, r]));
}

async function hasAccessory(tx: DbOrTx, cartId: number): Promise<boolean> {
  return (await cartSnapshot(tx, cartId)).entries.some((e) => e.productOfferingType === 'ACCESSORY');
}

/** The entries as they would be numbered in the target cart (new bundle, add-ons / insurance re-linked). */
async function draftsFor(tx: DbOrTx, cartId: number, bundle: PendingEntry[]): Promise<EntryRow[]> {
  const rows = await entriesOf(tx, cartId);
  const first = rows.reduce((m, r) => Math.max(m, r.entryNumber + 1), 0);
  const bundleNo = rows.reduce((m, r) => Math.max(m, r.bundleNo + 1), 1);
  const renumber = new Map(bundle.map((e, i) => [e.entryNumber, first + i]));
  return bundle.map((e, i) => ({
    ...e, id: 0, cartId, entryNumber: first + i, bundleNo,
    parentEntryNumber: e.parentEntryNumber === null ? null : (renumber.get(e.parentEntryNumber) ?? null),
  }));
}

/**
 * Judges one bundle of the anonymous cart against the target cart with the add rules and inserts it whole when
 * no rule answers. With `replace`, a productsNeedReplace verdict is judged again without the entries it names;
 * only when the rules then pass are those entries (with their bundles and coupons) removed and the bundle added.
 */
async function mergeBundle(tx: DbOrTx, cartId: number, bundle: PendingEntry[], customerAge: number | null, replace: boolean): Promise<BundleOutcome> {
  const out = await judgeOnly(tx, cartId, bundle, customerAge, replace);
  if (out.verdict) return out;
  if (out.replaceEntries.length) await removeEntries(tx, cartId, out.replaceEntries.map((e) => e.entryNumber));
  // an accessory alone that the user's cart already holds alone raises that line (one line per accessory, as on add)
  const line = await sameAccessoryLine(tx, cartId, bundle);
  if (line) {
    const raised = await tx.update(cartEntries).set({ quantity: line.quantity + bundle[0].quantity }).where(eq(cartEntries.id, line.id)).returning();
    await bumpVersion(tx, cartId);
    return { verdict: null, added: raised, drafts: raised, replaceEntries: out.replaceEntries };
  }
  const drafts = await draftsFor(tx, cartId, bundle);
  const inserted = await tx.insert(cartEntries).values(drafts.map(({ id: _id, ...row }) => row)).returning();
  // a gift the customer's cart already holds up to its limit does not come along
  const dropped = new Set(await trimGifts(tx, cartId));
  const added = inserted.filter((e) => !dropped.has(e.entryNumber));
  await bumpVersion(tx, cartId);
  return { verdict: null, added, drafts, replaceEntries: out.replaceEntries };
}

/** The user's line of the same accessory bought alone at the same price, when `bundle` is that accessory alone. */
async function sameAccessoryLine(tx: DbOrTx, cartId: number, bundle: PendingEntry[]): Promise<EntryRow | null> {
  if (bundle.length !== 1) return null;
  const [e] = bundle;
  if ((await productInfo(tx, [e.productCode])).get(e.productCode)?.type !== 'ACCESSORY') return null;
  return lineOfSameAccessory(await entriesOf(tx, cartId), e);
}

/** The bundle as add-rule candidates (stock of today). */
async function candidatesOf(tx: DbOrTx, bundle: PendingEntry[]): Promise<AddCandidate[]> {
  const info = await productInfo(tx, [...new Set(bundle.map((e) => e.productCode))]);
  const variants = bundle.map((e) => e.variantCode).filter((v): v is string => v !== null);
  const levels = await stockLevelsOf(tx, variants);
  return bundle.map((e) => ({
    productCode: e.productCode,
    productOfferingType: info.get(e.productCode)?.type ?? '',
    variantCode: e.variantCode,
    quantity: e.quantity,
    stockLevel: e.variantCode === null ? null : (levels.get(e.variantCode) ?? 0),
    categories: info.get(e.productCode)?.categories ?? [],
    oneTimePrice: e.oneTimePrice,
  }));
}

/**
 * The verdict on a bundle without changing the cart. With `replace`, a productsNeedReplace verdict is judged
 * again on the cart without the entries it names (nothing is removed here: a bundle the rules still refuse
 * leaves the user's cart as it was); `replaceEntries` are then the entries to remove.
 */
async function judgeOnly(tx: DbOrTx, cartId: number, bundle: PendingEntry[], customerAge: number | null, replace = false): Promise<BundleOutcome> {
  const candidates = await candidatesOf(tx, bundle);
  const snapshot = await cartSnapshot(tx, cartId);
  const all = await entriesOf(tx, cartId);
  let verdict = evaluateAddRules(candidates, snapshot, { customerAge });
  const drafts = await draftsFor(tx, cartId, bundle);
  const named = all.filter((e) => verdict?.replaceEntryNumbers?.includes(e.entryNumber));
  if (verdict?.statusCode === 'productsNeedReplace' && replace) {
    const gone = new Set(verdict.replaceEntryNumbers ?? []);
    verdict = evaluateAddRules(candidates, { entries: snapshot.entries.filter((e) => !gone.has(e.entryNumber)) }, { customerAge });
  }
  return { verdict, added: [], drafts, replaceEntries: named };
}

const pendingOf = (rows: EntryRow[]): PendingEntry[] => rows.map(({ id: _id, cartId: _c, bundleNo: _b, ...rest }) => rest);

/**
 * Moves the entries of cart `fromCartId` into cart `intoCartId` bundle by bundle (each judged by the add rules,
 * `customerAge` = the signed-in customer's) and marks the source cart MERGED. Runs inside the caller's
 * transaction. Returns one result per source entry.
 */
export async function mergeCarts(tx: DbOrTx, fromCartId: number, intoCartId: number, customerAge: number | null = null): Promise<MergeResult[]> {
  if (fromCartId === intoCartId) return [];
  const source = await entriesOf(tx, fromCartId);
  const bundles = new Map<number, EntryRow[]>();
  for (const e of source) bundles.set(e.bundleNo, [...(bundles.get(e.bundleNo) ?? []), e]);
  // accessoriesNeedMerge (seed 000 §4): both carts hold accessories — merged, and GET mergeCart tells the shopper.
  const targetHadAccessories = await hasAccessory(tx, intoCartId);
  const info = await productInfo(tx, [...new Set(source.map((e) => e.productCode))]);
  const modifications: MergeModification[] = [];
  const results: MergeResult[] = [];
  for (const rows of bundles.values()) {
    const out = await mergeBundle(tx, intoCartId, pendingOf(rows), customerAge, false);
    const head = rows[0];
    const status: MergeStatus = !out.verdict ? 'merged' : out.verdict.statusCode === 'productsNeedReplace' ? 'pendingReplace' : 'refused';
    for (const e of rows) results.push({ productCode: e.productCode, variantCode: e.variantCode, status });
    if (!out.verdict) {
      for (const a of out.added) {
        const accessory = info.get(a.productCode)?.type === 'ACCESSORY';
        modifications.push({ statusCode: targetHadAccessories && accessory ? 'accessoriesNeedMerge' : 'success', productCode: a.productCode, variantCode: a.variantCode, entryNumber: a.entryNumber });
      }
    } else {
      modifications.push({
        statusCode: out.verdict.statusCode, productCode: head.productCode, variantCode: head.variantCode, entryNumber: null,
        ...(out.verdict.params ? { params: out.verdict.params } : {}), cmsComponentId: out.verdict.cmsComponentId ?? null,
        ...(out.verdict.statusCode === 'productsNeedReplace' ? { pending: pendingOf(rows) } : {}),
      });
    }
  }
  await tx.delete(cartEntries).where(eq(cartEntries.cartId, fromCartId));
  await tx.update(carts).set({ status: 'MERGED', updatedAt: new Date() }).where(eq(carts.id, fromCartId));
  await tx.update(carts).set({ mergeModifications: modifications }).where(eq(carts.id, intoCartId));
  return results;
}

/**
 * A user without an open cart takes the anonymous cart over (same cart, same code). Its bundles are judged the
 * same way, each against the bundles kept before it (the customer's age is known now: a minor's postpaid tariff
 * leaves); a refused bundle is removed whole (with its coupons) and its status told by GET mergeCart.
 */
export async function screenTakenOverCart(tx: DbOrTx, cartId: number, customerAge: number | null): Promise<MergeResult[]> {
  const rows = await entriesOf(tx, cartId);
  const snapshot = await cartSnapshot(tx, cartId);
  const bundles = new Map<number, EntryRow[]>();
  for (const e of rows) bundles.set(e.bundleNo, [...(bundles.get(e.bundleNo) ?? []), e]);
  const kept = new Set<number>();
  const modifications: MergeModification[] = [];
  const results: MergeResult[] = [];
  for (const bundle of bundles.values()) {
    const candidates = await candidatesOf(tx, pendingOf(bundle));
    const verdict = evaluateAddRules(candidates, { entries: snapshot.entries.filter((e) => kept.has(e.entryNumber)) }, { customerAge });
    const status: MergeStatus = !verdict ? 'merged' : verdict.statusCode === 'productsNeedReplace' ? 'pendingReplace' : 'refused';
    for (const e of bundle) results.push({ productCode: e.productCode, variantCode: e.variantCode, status });
    if (!verdict) { for (const e of bundle) kept.add(e.entryNumber); continue; }
    await removeEntries(tx, cartId, bundle.map((e) => e.entryNumber));
    modifications.push({
      statusCode: verdict.statusCode, productCode: bundle[0].productCode, variantCode: bundle[0].variantCode, entryNumber: null,
      ...(verdict.params ? { params: verdict.params } : {}), cmsComponentId: verdict.cmsComponentId ?? null,
      ...(verdict.statusCode === 'productsNeedReplace' ? { pending: pendingOf(bundle) } : {}),
    });
  }
  if (modifications.length) await bumpVersion(tx, cartId);
  await tx.update(carts).set({ mergeModifications: modifications.length ? modifications : null }).where(eq(carts.id, cartId));
  return results;
}

/**
 * GET mergeCart: the stored merge statuses, answered once. A pending replacement (productsNeedReplace) is
 * answered with the user's entries it would replace and stays until the shopper decides: `decision` true
 * replaces them (rules judged again, one transaction), false drops the pending bundle. When the user's cart no
 * longer conflicts (changed meanwhile), the pending bundle is judged again like a fresh merge.
 */
export async function answerMerge(db: Db, sessionId: string, decision?: boolean): Promise<{ cartId: number; modifications: AnsweredModification[] }> {
  return db.transaction(async (tx) => {
    const cart = await getOrCreateCart(tx, sessionId);
    const [locked] = await tx.select({ mods: carts.mergeModifications }).from(carts).where(eq(carts.id, cart.id)).for('update');
    const stored = (locked?.mods ?? []) as MergeModification[];
    if (stored.length === 0) return { cartId: cart.id, modifications: [] };
    const customerAge = await customerAgeOf(tx, sessionId);
    const keep: MergeModification[] = [];
    const answered: AnsweredModification[] = [];
    const settled = (out: BundleOutcome) => {
      if (!out.verdict) {
        for (const a of out.added) answered.push({ statusCode: 'success', cmsComponentId: null, entry: a, quantityAdded: a.quantity, replaceEntries: [] });
        return;
      }
      answered.push({ statusCode: out.verdict.statusCode, params: out.verdict.params, cmsComponentId: out.verdict.cmsComponentId ?? null, entry: null, quantityAdded: 0, replaceEntries: [] });
    };
    for (const m of stored) {
      if (m.statusCode === 'productsNeedReplace' && m.pending?.length) {
        if (decision === false) continue;
        if (decision === true) { settled(await mergeBundle(tx, cart.id, m.pending, customerAge, true)); continue; }
        // no decision yet: ask (again) with the entries it would replace today
        const preview = await judgeOnly(tx, cart.id, m.pending, customerAge);
        if (preview.verdict?.statusCode === 'productsNeedReplace') {
          keep.push(m);
          answered.push({ statusCode: 'productsNeedReplace', cmsComponentId: null, entry: preview.drafts[0] ?? null, quantityAdded: 0, replaceEntries: preview.replaceEntries });
        } else {
          settled(await mergeBundle(tx, cart.id, m.pending, customerAge, false));
        }
        continue;
      }
      const entry = m.entryNumber === null ? null : ((await tx.select().from(cartEntries).where(and(eq(cartEntries.cartId, cart.id), eq(cartEntries.entryNumber, m.entryNumber))))[0] ?? null);
      answered.push({
        statusCode: m.statusCode, params: m.params, cmsComponentId: m.cmsComponentId ?? null, entry,
        quantityAdded: m.statusCode === 'success' && entry ? entry.quantity : 0, replaceEntries: [],
      });
    }
    await tx.update(carts).set({ mergeModifications: keep.length ? keep : null }).where(eq(carts.id, cart.id));
    return { cartId: cart.id, modifications: answered };
  });
}

/**
 * The cart's part of signing in (server/workflows/sign-in.ts, inside its transaction): the anonymous cart of the old
 * session is merged into the user's latest open cart (`mergeCarts`), or becomes the user's cart (`screenTakenOverCart`);
 * either way the user's cart moves to the new session. A cart of a previously signed-in session stays with its own user.
 */
export async function takeOverCartsAtSignIn(tx: DbOrTx, o: { oldSessionId: string; previousUserId: number | null; sessionId: string; userId: number; customerAge: number | null }): Promise<MergeResult[]> {
  const current = await findOpenCart(tx, o.oldSessionId);
  if (current && o.previousUserId && o.previousUserId !== o.userId) {
    await tx.update(carts).set({ userId: o.previousUserId }).where(eq(carts.id, current.id));
  }
  const anonymous = current && (!o.previousUserId || o.previousUserId === o.userId) ? current : null;
  const userCart = await latestUserCart(tx, o.userId, anonymous?.id ?? null);
  // each bundle of the anonymous cart is judged by the add rules, the customer's age now known
  if (userCart) {
    await tx.update(carts).set({ sessionId: o.sessionId, userId: o.userId, updatedAt: new Date() }).where(eq(carts.id, userCart.id));
    if (anonymous) return mergeCarts(tx, anonymous.id, userCart.id, o.customerAge);
  } else if (anonymous) {
    await tx.update(carts).set({ sessionId: o.sessionId, userId: o.userId, updatedAt: new Date() }).where(eq(carts.id, anonymous.id));
    return screenTakenOverCart(tx, anonymous.id, o.customerAge);
  }
  return [];
}

/** The user's most recent open cart (stamped with the user, or of one of the user's sessions). */
async function latestUserCart(tx: DbOrTx, userId: number, exceptCartId: number | null) {
  const rows = await tx.select({ c: carts }).from(carts)
    .where(and(eq(carts.status, 'OPEN'), or(eq(carts.userId, userId), inArray(carts.sessionId, sessionIdsOfUserSql(userId))),
      exceptCartId === null ? undefined : ne(carts.id, exceptCartId)))
    .orderBy(desc(carts.updatedAt), desc(carts.id)).limit(1);
  return rows[0]?.c ?? null;
}

/** The cart's part of signing out: the user's open cart is stamped with the user (found again at the next sign-in). */
export async function keepCartForUser(tx: DbOrTx, sessionId: string, userId: number): Promise<void> {
  await tx.update(carts).set({ userId }).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN')));
}

/** An account change rotated the session (server/workflows/account-change.ts): the open cart follows to the new one. */
export async function moveSessionCart(tx: DbOrTx, fromSessionId: string, toSessionId: string): Promise<void> {
  await tx.update(carts).set({ sessionId: toSessionId }).where(and(eq(carts.sessionId, fromSessionId), eq(carts.status, 'OPEN')));
}
