// Seed of the SUGGESTED_PRODUCTS checkout step (seed 001 §3 "Suggested-products data", issues 9 and 10): the postpaid
// tariffs' freeAddonsLimit, three more digital services, and the references of every case —
// free within the limit, preselected (removable or not), maxAllowedQuantity above 1, cross-selling accessories — also
// for the home packages (cross-selling). Guarded by app_meta 'seed.suggested' (added to an older database on start).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../index';
import * as s from '../tables';

export const SUGGESTED_SEED_MARKER = 'seed.suggested';
const para = (rsd: number) => Math.round(rsd * 100);
const t = (sr: string, en: string) => ({ sr, en });

/** New products offered on the step (digital services). */
const offers = [
  { code: 'DIGITAL_ORBITA_MUSIC', name: 'Orbita Muzika', type: 'STREAMING_SUBSCRIPTION', monthly: 349,
    description: t('Milioni pesama bez reklama, i van mreže.', 'Millions of songs without ads, offline too.') },
  { code: 'DIGITAL_ORBITA_CLOUD', name: 'Orbita Cloud 15 GB', type: 'ADDITIONAL_SERVICE', monthly: 0,
    description: t('15 GB za fotografije i dokumente u oblaku, bez naknade uz tarifu.', '15 GB in the cloud for photos and documents, at no charge with the tariff.') },
  { code: 'DIGITAL_ORBITA_SAFE', name: 'Orbita Bezbedan net', type: 'ADDITIONAL_SERVICE', monthly: 0,
    description: t('Zaštita od prevara i štetnih sajtova, uključena uz tarifu.', 'Protection from scams and harmful sites, included with the tariff.') },
];

/** freeAddonsLimit per postpaid tariff: 0 = none free; Max Neograničeno's 2 equals its free services. */
export const FREE_ADDONS_LIMITS: Record<string, number> = {
  ORBITA_MAX_S: 1, ORBITA_MAX_M: 1, ORBITA_MAX_L: 1, ORBITA_MAX_UNL: 2, ORBITA_FLEX_10: 1, ORBITA_FLEX_20: 1, ORBITA_START: 0, ORBITA_SMART: 0, ORBITA_PLUS: 1,
};

type Ref = { targetCode: string; referenceType: string; sortOrder: number; maxAllowedQuantity: number | null; preselected?: boolean; isRemovableEntry?: boolean; free?: boolean };

/** What every postpaid tariff offers on the step. */
export const TARIFF_SUGGESTIONS: Ref[] = [
  { targetCode: 'ADDON_NET_10GB', referenceType: 'TARIFF_ADDON_RELATION', sortOrder: 0, maxAllowedQuantity: 1 },
  { targetCode: 'STREAM_ORBITA_PLUS', referenceType: 'DIGITAL_SERVICE_RELATION', sortOrder: 1, maxAllowedQuantity: 1, free: true },
  { targetCode: 'DIGITAL_ORBITA_MUSIC', referenceType: 'DIGITAL_SERVICE_RELATION', sortOrder: 2, maxAllowedQuantity: 1, free: true },
  { targetCode: 'DIGITAL_ORBITA_CLOUD', referenceType: 'DIGITAL_SERVICE_RELATION', sortOrder: 3, maxAllowedQuantity: 1, preselected: true },
  { targetCode: 'DIGITAL_ORBITA_SAFE', referenceType: 'DIGITAL_SERVICE_RELATION', sortOrder: 4, maxAllowedQuantity: 1, preselected: true, isRemovableEntry: false },
  { targetCode: 'ACC_TEMPERED_GLASS', referenceType: 'CROSSELLING', sortOrder: 0, maxAllowedQuantity: null },
  { targetCode: 'ACC_USBC_CABLE', referenceType: 'CROSSELLING', sortOrder: 1, maxAllowedQuantity: 2 },
  { targetCode: 'ACC_XIAOMI_BUDS6_ACTIVE', referenceType: 'CROSSELLING', sortOrder: 2, maxAllowedQuantity: 3 },
  { targetCode: 'ACC_ANKER_POWERBANK_10K', referenceType: 'CROSSELLING', sortOrder: 3, maxAllowedQuantity: 1 },
];

/** Cross-selling with the home packages (their TV add-ons and set-top boxes are on the TV add-ons step). */
export const PACKAGE_SUGGESTIONS: Ref[] = [
  { targetCode: 'ACC_USBC_CABLE', referenceType: 'CROSSELLING', sortOrder: 0, maxAllowedQuantity: 2 },
  { targetCode: 'ACC_JBL_TUNE_520BT', referenceType: 'CROSSELLING', sortOrder: 1, maxAllowedQuantity: 1 },
];
const PACKAGE_TYPES = ['BOX_PACKAGE', 'NET_PACKAGE', 'TV_PACKAGE', 'MSAT_PACKAGE', 'ANTENA_PLUS'];

export async function seedSuggested(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(s.appMeta).values({ key: SUGGESTED_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    let order = 1200;
    for (const o of offers) {
      await tx.insert(s.products).values({
        code: o.code, name: o.name, description: o.description, type: o.type, esim: 'NONE', brand: 'Orbita Telekom',
        categories: ['dodaci_uz_tarifu'], highlights: [], specification: [], sortOrder: order++,
      }).onConflictDoNothing();
      const planId = `${o.code}_PLAN`;
      await tx.insert(s.pricePlans).values({ id: planId, productCode: o.code, purchasable: true }).onConflictDoNothing();
      await tx.insert(s.chargeEntries).values({ pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: null, price: para(o.monthly) });
    }
    const tariffs = await tx.select({ code: s.products.code }).from(s.products).where(and(eq(s.products.type, 'TARIFF'), inArray(s.products.code, Object.keys(FREE_ADDONS_LIMITS))));
    for (const { code } of tariffs) {
      await tx.update(s.products).set({ freeAddonsLimit: FREE_ADDONS_LIMITS[code] }).where(eq(s.products.code, code));
      await upsertRefs(tx as unknown as Db, code, TARIFF_SUGGESTIONS);
    }
    const packages = await tx.select({ code: s.products.code }).from(s.products).where(inArray(s.products.type, PACKAGE_TYPES));
    for (const { code } of packages) await upsertRefs(tx as unknown as Db, code, PACKAGE_SUGGESTIONS);
    return true;
  });
}

async function upsertRefs(db: Db, productCode: string, refs: Ref[]) {
  for (const r of refs) {
    const row = { productCode, targetCode: r.targetCode, referenceType: r.referenceType, sortOrder: r.sortOrder, maxAllowedQuantity: r.maxAllowedQuantity,
      preselected: r.preselected ?? false, isRemovableEntry: r.isRemovableEntry ?? true, free: r.free ?? false };
    await db.insert(s.productReferences).values(row).onConflictDoUpdate({
      target: [s.productReferences.productCode, s.productReferences.targetCode, s.productReferences.referenceType],
      set: { sortOrder: row.sortOrder, maxAllowedQuantity: row.maxAllowedQuantity, preselected: row.preselected, isRemovableEntry: row.isRemovableEntry, free: row.free },
    });
  }
}
