// Seed of the phone-page extras of issue 13: gifts (PROMO_PRODUCT, seed 001 §3 — a product bundled at no charge with
// a phone, referenced from it with referenceType PROMO_PRODUCT), the "best offer" flag on two phones, and more
// dropshipping products for their list page (/Privatni/Uredjaji/Tip-uredjaja/kucni-aparati). Guarded by app_meta
// 'seed.gift' (added to an older database on start).
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../index';
import * as s from '../tables';

export const GIFT_SEED_MARKER = 'seed.gift';
const para = (rsd: number) => Math.round(rsd * 100);
const t = (sr: string, en: string) => ({ sr, en });

interface Goods { code: string; name: string; brand: string; type: 'PROMO_PRODUCT' | 'DROPSHIPPING'; categories: string[]; value: number; stock: number; hex: string; description: { sr: string; en: string } }

/** The gifts: their one-time price is their value (shown crossed out), the cart entry costs 0. */
export const gifts: Goods[] = [
  { code: 'GIFT_JBL_WAVE_BUDS', name: 'JBL Wave Buds bežične slušalice', brand: 'JBL', type: 'PROMO_PRODUCT', categories: ['poklon'], value: 3999, stock: 40, hex: '#1f2329',
    description: t('Bežične slušalice sa 32 sata muzike, poklon uz telefon.', 'Wireless earbuds with 32 hours of music, a gift with the phone.') },
  { code: 'GIFT_SAMSUNG_CASE_A16', name: 'Samsung silikonska maska za Galaxy A16', brand: 'Samsung', type: 'PROMO_PRODUCT', categories: ['poklon'], value: 1999, stock: 25, hex: '#3b4a6b',
    description: t('Originalna silikonska maska, poklon uz telefon.', 'The original silicone case, a gift with the phone.') },
];

/** Phone → gift; maxAllowedQuantity null = the default 100 gifts of that product in one cart. */
export const giftReferences: Array<{ productCode: string; targetCode: string; maxAllowedQuantity: number | null }> = [
  { productCode: 'XIAOMI_POCO_X7_PRO', targetCode: 'GIFT_JBL_WAVE_BUDS', maxAllowedQuantity: null },
  { productCode: 'MOTOROLA_EDGE_50_NEO', targetCode: 'GIFT_JBL_WAVE_BUDS', maxAllowedQuantity: null },
  // one case per cart, whatever the number of phones
  { productCode: 'SAMSUNG_GALAXY_A16', targetCode: 'GIFT_SAMSUNG_CASE_A16', maxAllowedQuantity: 1 },
];

/** Phones with the "best offer" badge. */
export const BEST_OFFERS = ['XIAOMI_POCO_X7_PRO', 'SAMSUNG_GALAXY_A16'];

/** Home appliances shipped by partners (DROPSHIPPING), besides the commerce seed's robot vacuum. */
export const dropshipping: Goods[] = [
  { code: 'DROP_AIR_PURIFIER', name: 'Xiaomi Smart Air Purifier 4 Compact', brand: 'Xiaomi', type: 'DROPSHIPPING', categories: ['dropshipping'], value: 12999, stock: 8, hex: '#f2f3f5',
    description: t('Prečišćivač vazduha za prostorije do 27 m², isporuka direktno od partnera.', 'An air purifier for rooms up to 27 m², shipped directly by our partner.') },
  { code: 'DROP_AIR_FRYER', name: 'Philips Airfryer 3000 serija 4,1 l', brand: 'Philips', type: 'DROPSHIPPING', categories: ['dropshipping'], value: 10999, stock: 12, hex: '#2b2b2e',
    description: t('Friteza na vrući vazduh, do 90 % manje masnoće, isporuka direktno od partnera.', 'A hot-air fryer with up to 90 % less fat, shipped directly by our partner.') },
];

export async function seedGift(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(s.appMeta).values({ key: GIFT_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    let order = 1300;
    for (const g of [...gifts, ...dropshipping]) {
      await tx.insert(s.products).values({
        code: g.code, name: g.name, description: g.description, type: g.type, esim: 'NONE', brand: g.brand,
        categories: g.categories, highlights: [], specification: [], sortOrder: order++,
      }).onConflictDoNothing();
      const variantCode = `${g.code}_STD`;
      await tx.insert(s.productVariants).values({ code: variantCode, productCode: g.code, colorCode: 'standard', colorName: t('Standardna', 'Standard'), colorHex: g.hex }).onConflictDoNothing();
      await tx.insert(s.productImages).values({ productCode: g.code, variantCode, url: `/media/products/${variantCode}.svg`, altText: g.name });
      await tx.insert(s.stock).values({ variantCode, level: g.stock }).onConflictDoNothing();
      const planId = `${g.code}_ONEOFF`;
      await tx.insert(s.pricePlans).values({ id: planId, productCode: g.code, purchasable: true }).onConflictDoNothing();
      await tx.insert(s.chargeEntries).values({ pricePlanId: planId, chargeType: 'ONE_TIME_CHARGE', price: para(g.value) });
    }
    // only phones the catalogue has (a trimmed test catalogue may lack one)
    const phones = await tx.select({ code: s.products.code }).from(s.products).where(inArray(s.products.code, [...new Set([...giftReferences.map((r) => r.productCode), ...BEST_OFFERS])]));
    const have = new Set(phones.map((p) => p.code));
    for (const r of giftReferences) {
      if (!have.has(r.productCode)) continue;
      await tx.insert(s.productReferences).values({ ...r, referenceType: 'PROMO_PRODUCT', sortOrder: 0 }).onConflictDoNothing();
    }
    for (const code of BEST_OFFERS) if (have.has(code)) await tx.update(s.products).set({ bestOffer: true }).where(eq(s.products.code, code));
    return true;
  });
}
