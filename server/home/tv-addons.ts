// What the SUGGESTED_TV_ADDONS step offers with a package (read only; the cart entries are the cart module's, the
// workflow server/workflows/tv-addons.ts joins the two).
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { homeFreeAddonLimits, homeTvAddonOffers } from './schema';

/** Product types the step may put in the cart under a package. */
export const TV_EXTRA_TYPES = ['TV_ADDON', 'MTS_TV_GO_ADDON', 'STB_DEVICE'];

export interface TvAddonOffers {
  packageCode: string;
  /** how many free TV add-ons come at no charge (0: none) */
  freeAddonsLimit: number;
  free: Array<{ code: string; maxAllowedQuantity: number }>;
  paid: Array<{ code: string; maxAllowedQuantity: number }>;
  stb: Array<{ code: string; maxAllowedQuantity: number }>;
}

export async function tvAddonOffers(db: DbOrTx, packageCode: string): Promise<TvAddonOffers> {
  const [limit] = await db.select().from(homeFreeAddonLimits).where(eq(homeFreeAddonLimits.packageCode, packageCode));
  const rows = await db.select().from(homeTvAddonOffers).where(eq(homeTvAddonOffers.packageCode, packageCode)).orderBy(asc(homeTvAddonOffers.relation), asc(homeTvAddonOffers.sortOrder));
  const of = (relation: string) => rows.filter((r) => r.relation === relation).map((r) => ({ code: r.addonCode, maxAllowedQuantity: r.maxAllowedQuantity }));
  return { packageCode, freeAddonsLimit: limit?.freeAddonsLimit ?? 0, free: of('FREE_TV_ADDON_RELATION'), paid: of('TV_ADDON_RELATION'), stb: of('STB_PRODUCT_RELATION') };
}

/** Is the add-on offered with the package in this relation? */
export async function isOffered(db: DbOrTx, packageCode: string, addonCode: string, relation: string): Promise<boolean> {
  const r = await db.select().from(homeTvAddonOffers).where(and(eq(homeTvAddonOffers.packageCode, packageCode), eq(homeTvAddonOffers.addonCode, addonCode), eq(homeTvAddonOffers.relation, relation as 'TV_ADDON_RELATION')));
  return r.length > 0;
}
