// The operator's shops ("Kako do nas", seed 001 §2): read from the selfcare_stores table. The same rows are the
// pickup points of delivery (PICKUP_ADDRESS): other modules read them through server/selfcare/index.ts `stores()`.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import type { Lang } from '../lib/lang';
import { selfcareStores } from './schema';

/** A shop as other modules read it (delivery's pickup points): the contract `stores` and `storeByCode` answer. */
export type Store = Omit<typeof selfcareStores.$inferSelect, 'sortOrder'>;

/** A shop in one language (the GET /stores answer and what a pickup option shows). */
export interface StoreView {
  code: string; name: string; line1: string; postalCode: string; town: string;
  /** "Bulevar kralja Aleksandra 73, 11000 Beograd" */
  address: string;
  hours: string[]; phone: string; note: string | null; pickup: boolean;
}

export function storeView(r: Store, lang: Lang): StoreView {
  const town = r.town[lang];
  return {
    code: r.code, name: r.name[lang], line1: r.line1, postalCode: r.postalCode, town,
    address: `${r.line1}, ${r.postalCode} ${town}`,
    hours: r.hours.map((h) => h[lang]), phone: r.phone, note: r.note ? r.note[lang] : null, pickup: r.pickup,
  };
}

/** Every shop in display order; `pickupOnly` keeps the shops where orders can be picked up. */
export async function stores(db: DbOrTx, opts: { pickupOnly?: boolean } = {}): Promise<Store[]> {
  const q = db.select().from(selfcareStores);
  const rows = await (opts.pickupOnly ? q.where(eq(selfcareStores.pickup, true)) : q).orderBy(asc(selfcareStores.sortOrder), asc(selfcareStores.code));
  return rows;
}

/** One shop by code (a pickupStoreId), or null. */
export async function storeByCode(db: DbOrTx, code: string): Promise<Store | null> {
  const [r] = await db.select().from(selfcareStores).where(eq(selfcareStores.code, code));
  return r ?? null;
}
