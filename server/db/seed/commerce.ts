// Seed additions of the commerce engine (issue 3): one example of every product offering type of seed 000 §1
// / seed 001 §3 not in the base catalogue, the device offers that cannot be bought (MTS_DISC_TARIFF, a
// non-purchasable price plan), the EKO coupons EKO-1001 … EKO-1010 (cart-limits.json couponValueRsd each), the expired coupon
// EKO-EXPIRED and the CMS component of the cart-amount limit. Guarded by app_meta 'seed.commerce'.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../index';
import * as s from '../tables';
import { rulesConfig } from '../../cart/index';

export const COMMERCE_SEED_VERSION = '1';
const para = (rsd: number) => Math.round(rsd * 100);
const t = (sr: string, en: string) => ({ sr, en });

interface SeedOffer {
  code: string; name: string; type: string; processType?: 'TOP_OFFER' | 'BASIC_OFFER'; categories: string[];
  description: { sr: string; en: string }; monthly?: number; oneTime?: number; stock?: number; hex?: string; esim?: 'NONE' | 'ESIM_SIM' | 'ESIM';
}

/** One example per offering type (codes used in docs/modules/cart.md). */
export const commerceOffers: SeedOffer[] = [
  { code: 'ORBITA_TV_BOX', name: 'Orbita TV Box 4K', type: 'STB_DEVICE', categories: ['tv', 'stb'], oneTime: 7999, stock: 15, hex: '#1d1d1f',
    description: t('Set-top box za Orbita TV u 4K rezoluciji.', 'A set-top box for Orbita TV in 4K.') },
  { code: 'MSISDN_STANDARD', name: 'Broj telefona', type: 'MSISDN', categories: ['msisdn'], oneTime: 0,
    description: t('Novi broj mobilnog telefona.', 'A new mobile phone number.') },
  { code: 'SERVICE_ROAMING_PLUS', name: 'Roming Plus', type: 'ADDITIONAL_SERVICE', categories: ['dodatne_usluge'], monthly: 499,
    description: t('Povoljniji roming u zemljama regiona.', 'Cheaper roaming in the region.') },
  { code: 'ADDON_NET_10GB', name: 'Dodatnih 10 GB', type: 'ADDON_POSTPAID', categories: ['dodaci'], monthly: 399,
    description: t('10 GB interneta mesečno uz postpejd tarifu.', '10 GB of data a month with a postpaid tariff.') },
  { code: 'ADDON_PREPAID_NET_5GB', name: 'Pripejd 5 GB', type: 'ADDON_PREPAID', categories: ['dodaci'], oneTime: 300,
    description: t('5 GB interneta za pripejd korisnike.', '5 GB of data for prepaid users.') },
  { code: 'TV_ADDON_SPORT', name: 'Sport paket', type: 'TV_ADDON', categories: ['tv', 'dodaci'], monthly: 599,
    description: t('Sportski kanali uz Orbita TV.', 'Sports channels with Orbita TV.') },
  { code: 'ORBITA_BOX_TRIO', name: 'Orbita Box Trio', type: 'BOX_PACKAGE', processType: 'TOP_OFFER', categories: ['box'], monthly: 3999,
    description: t('Internet, televizija i fiksni telefon u jednom paketu.', 'Internet, TV and landline in one package.') },
  { code: 'STREAM_ORBITA_PLUS', name: 'Orbita Play+', type: 'STREAMING_SUBSCRIPTION', categories: ['striming'], monthly: 799,
    description: t('Striming filmova i serija.', 'Streaming of films and series.') },
  { code: 'LANDLINE_EXTRA', name: 'Dodatna fiksna linija', type: 'ADDITIONAL_LANDLINE', categories: ['fiksna'], monthly: 299,
    description: t('Još jedan fiksni broj na istoj adresi.', 'One more landline number at the same address.') },
  { code: 'DROP_ROBOT_VACUUM', name: 'Robot usisivač Orbita Clean', type: 'DROPSHIPPING', categories: ['dropshipping'], oneTime: 24999, stock: 5, hex: '#e5e5e5',
    description: t('Robot usisivač, isporuka direktno od partnera.', 'A robot vacuum, shipped directly by our partner.') },
];

/** Device offers that exist but cannot be bought (seed 000 §3 Other). */
export const blockedOffers = {
  discTariff: { deviceCode: 'SAMSUNG_GALAXY_A26', tariffCode: 'ORBITA_START' },
  notPurchasable: { deviceCode: 'SAMSUNG_GALAXY_A26', tariffCode: 'ORBITA_SMART' },
};

export const EKO_CODES = Array.from({ length: 10 }, (_, i) => `EKO-${1001 + i}`);
/** The value of each seeded EKO coupon: the rule document's (schemas/rules/cart-limits.json vouchers.couponValueRsd). */
export const EKO_VALUE_RSD = rulesConfig().vouchers.couponValueRsd;

export async function seedCommerce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(s.appMeta).values({ key: 'seed.commerce', value: COMMERCE_SEED_VERSION }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    let order = 1000;
    for (const o of commerceOffers) {
      await tx.insert(s.products).values({
        code: o.code, name: o.name, description: o.description, type: o.type, processType: o.processType ?? null, esim: o.esim ?? 'NONE',
        brand: 'Orbita Telekom', categories: o.categories, highlights: [], specification: [], sortOrder: order++,
      });
      const planId = `${o.code}_PLAN`;
      await tx.insert(s.pricePlans).values({ id: planId, productCode: o.code, purchasable: true });
      if (o.monthly !== undefined) await tx.insert(s.chargeEntries).values({ pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: null, price: para(o.monthly) });
      if (o.oneTime !== undefined) await tx.insert(s.chargeEntries).values({ pricePlanId: planId, chargeType: 'ONE_TIME_CHARGE', price: para(o.oneTime) });
      if (o.stock !== undefined) {
        const variantCode = `${o.code}_STD`;
        await tx.insert(s.productVariants).values({ code: variantCode, productCode: o.code, colorCode: 'standard', colorName: t('Standardna', 'Standard'), colorHex: o.hex ?? '#cccccc' });
        await tx.insert(s.productImages).values({ productCode: o.code, variantCode, url: `/media/products/${variantCode}.svg`, altText: o.name });
        await tx.insert(s.stock).values({ variantCode, level: o.stock });
      }
    }
    // Relations of seed 001 §3: add-ons of the postpaid tariffs, the TV add-on and STB of the box package.
    const postpaid = await tx.select({ code: s.products.code }).from(s.products).where(and(eq(s.products.type, 'TARIFF'), inArray(s.products.code, ['ORBITA_MAX_S', 'ORBITA_MAX_M', 'ORBITA_MAX_L', 'ORBITA_MAX_UNL', 'ORBITA_FLEX_10', 'ORBITA_FLEX_20', 'ORBITA_START', 'ORBITA_SMART', 'ORBITA_PLUS'])));
    for (const p of postpaid) {
      await tx.insert(s.productReferences).values({ productCode: p.code, targetCode: 'ADDON_NET_10GB', referenceType: 'TARIFF_ADDON_RELATION' }).onConflictDoNothing();
      await tx.insert(s.productReferences).values({ productCode: p.code, targetCode: 'STREAM_ORBITA_PLUS', referenceType: 'DIGITAL_SERVICE_RELATION', sortOrder: 1 }).onConflictDoNothing();
    }
    await tx.insert(s.productReferences).values([
      { productCode: 'ORBITA_BOX_TRIO', targetCode: 'TV_ADDON_SPORT', referenceType: 'TV_ADDON_RELATION' },
      { productCode: 'ORBITA_BOX_TRIO', targetCode: 'ORBITA_TV_BOX', referenceType: 'STB_PRODUCT_RELATION' },
    ]).onConflictDoNothing();
    // Device offers that cannot be bought.
    const d = blockedOffers;
    await tx.update(s.devicePrices).set({ offerType: 'MTS_DISC_TARIFF' }).where(and(eq(s.devicePrices.deviceCode, d.discTariff.deviceCode), eq(s.devicePrices.tariffCode, d.discTariff.tariffCode)));
    await tx.update(s.devicePrices).set({ purchasable: false }).where(and(eq(s.devicePrices.deviceCode, d.notPurchasable.deviceCode), eq(s.devicePrices.tariffCode, d.notPurchasable.tariffCode)));
    // EKO coupons.
    await tx.insert(s.vouchers).values([
      ...EKO_CODES.map((code) => ({ code, value: para(EKO_VALUE_RSD), enabled: true, expiresAt: null })),
      { code: 'EKO-EXPIRED', value: para(EKO_VALUE_RSD), enabled: true, expiresAt: new Date('2025-01-01T00:00:00Z') },
    ]).onConflictDoNothing();
    await tx.insert(s.cmsComponents).values({
      id: 'limitOverstepped', headline: t('Prekoračen je iznos porudžbine', 'Order amount exceeded'),
      // the limit itself is in the server message (allowedTotalAmount.oneTimeRsd), shown above this content
      content: t('Ukloni neki proizvod iz korpe ili napravi još jednu porudžbinu.', 'Remove a product from the cart or place another order.'),
      ctaButtonName: t('U redu', 'OK'), mediaUrl: null, mediaCode: null,
    }).onConflictDoNothing();
    return true;
  });
}
