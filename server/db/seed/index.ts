// Loads the seed catalogue once (first start); guarded by app_meta 'seed' so it is idempotent.
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SEED_LOCK, type Db } from '../index';
import * as s from '../tables';
import {
  parentTariffs, postpaidTariffs, prepaidPackages, phones, accessories, insurances, consentTemplates,
  banners, cmsComponents, deliveryTimeSlots, phoneSpecification, phoneHighlights, bundleDevicePrice,
} from './catalog';

import { seedDemoConsents, seedDemoUsers } from './users';
import { seedCommerce } from './commerce';
import { seedSuggested, SUGGESTED_SEED_MARKER } from './suggested';
import { ADDONS_SEED_MARKER, seedAddons } from './addons';
import { GIFT_SEED_MARKER, seedGift } from './gift';
import { seedSelfcare, SELFCARE_SEED_MARKER } from '../../selfcare/seed';
import { seedHome, seedHomeAddresses, seedHomeLines, seedHomeTvAddons, HOME_SEED_MARKER, HOME_LINES_SEED_MARKER, HOME_ADDRESSES_SEED_MARKER } from '../../home/index';
import { seedDelivery, DELIVERY_SEED_MARKER } from '../../delivery/index';
import { seedNumbers } from '../../numbers/seed';
import { PAYMENT_SEED_MARKER, seedPaymentData } from '../../payment/seed';
import { cmsColor } from '../../lib/cms-rules';

export const SEED_VERSION = '1';
const para = (rsd: number) => Math.round(rsd * 100);
const t = (sr: string, en: string) => ({ sr, en });

const SEED_MARKERS = ['seed', 'seed.users', 'seed.users.customers', 'seed.commerce', SELFCARE_SEED_MARKER, HOME_SEED_MARKER, 'seed.numbers', PAYMENT_SEED_MARKER, HOME_LINES_SEED_MARKER, 'seed.consents', HOME_ADDRESSES_SEED_MARKER, DELIVERY_SEED_MARKER, 'seed.banners', SUGGESTED_SEED_MARKER, ADDONS_SEED_MARKER, GIFT_SEED_MARKER];

export async function seedIfEmpty(db: Db): Promise<boolean> {
  // A seeded database (every start but the first) costs one query.
  const present = await db.select({ key: s.appMeta.key }).from(s.appMeta).where(inArray(s.appMeta.key, SEED_MARKERS));
  if (present.length === SEED_MARKERS.length) return false;
  // Instances starting together on an empty database: one seeds under the lock, the others wait and find the markers.
  return db.transaction(async (outer) => {
    // another instance may be seeding: wait for it as long as it takes (the connection's lock and statement timeouts,
    // server/db/index.ts, are for requests)
    await outer.execute(sql`SET LOCAL lock_timeout = 0`);
    await outer.execute(sql`SET LOCAL statement_timeout = 0`);
    await outer.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const tx = outer as unknown as Db;
    const seeded = await tx.transaction(async (inner) => {
      const inserted = await inner.insert(s.appMeta).values({ key: 'seed', value: SEED_VERSION })
        .onConflictDoNothing().returning();
      if (inserted.length === 0) return false;
      await insertCatalogue(inner as unknown as Db);
      return true;
    });
    await seedDemoUsers(tx);
    await seedCommerce(tx);
    await seedAddons(tx);
    await seedSelfcare(tx);
    await seedHome(tx);
    const withBanners = await tx.insert(s.appMeta).values({ key: 'seed.banners', value: '1' }).onConflictDoNothing().returning();
    if (withBanners.length > 0) await seedBanners(tx);
    const numbers = await tx.insert(s.appMeta).values({ key: 'seed.numbers', value: '1' }).onConflictDoNothing().returning();
    if (numbers.length > 0) await seedNumbers(tx);
    const payment = await tx.insert(s.appMeta).values({ key: PAYMENT_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (payment.length > 0) await seedPaymentData(tx);
    const homeLines = await tx.insert(s.appMeta).values({ key: HOME_LINES_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (homeLines.length > 0) { await seedHomeLines(tx); await seedHomeTvAddons(tx); }
    const consents = await tx.insert(s.appMeta).values({ key: 'seed.consents', value: '1' }).onConflictDoNothing().returning();
    if (consents.length > 0) await seedDemoConsents(tx);
    await seedHomeAddresses(tx);
    await seedDelivery(tx);
    await seedSuggested(tx);
    await seedGift(tx);
    return seeded;
  });
}

/** The banners (issue 13), also into a database seeded before they existed (its own marker). */
async function seedBanners(db: Db): Promise<void> {
  await db.insert(s.cmsComponents).values(banners.map((b) => ({
    id: b.id, headline: b.headline, content: b.content, ctaButtonName: b.cta, mediaUrl: null, mediaCode: null,
    categoryCode: b.categoryCode, webPosition: b.webPosition, linkUrl: b.linkUrl,
    // the CMS hex-colour rule (seed 000 §5): a wrong colour stops the seed with a CMS rule error naming the banner
    accentColor: cmsColor(b.id, 'accentColor', b.accentColor),
  }))).onConflictDoNothing();
}

/** The catalogue's rows, collected per table (see insertCatalogue), and the products' running sort order. */
interface CatalogueRows {
  add: (table: PgTable, rows: unknown) => void;
  /** the next product's sortOrder */
  order: () => number;
}

async function insertCatalogue(db: Db): Promise<void> {
  // Rows are collected per table and inserted in a few multi-row statements (tables in the order they first
  // appear, which follows the foreign keys): the first start on an empty database seeds in one pass.
  const batch = new Map<PgTable, unknown[]>();
  let order = 0;
  const rows: CatalogueRows = {
    add: (table, more) => {
      let list = batch.get(table);
      if (!list) batch.set(table, (list = []));
      list.push(...(Array.isArray(more) ? more : [more]));
    },
    order: () => order++,
  };
  addTariffs(rows);
  addInsurances(rows);
  addAccessories(rows);
  // Phones.
  for (const p of phones) addPhone(rows, p);
  // Consents, CMS, delivery slots.
  addReferenceData(rows);
  for (const [table, list] of batch) {
    for (let i = 0; i < list.length; i += 500) await db.insert(table).values(list.slice(i, i + 500) as never);
  }
}

/** Tariffs: parents, postpaid children/basic offers, prepaid. */
function addTariffs({ add, order }: CatalogueRows): void {
  for (const p of parentTariffs) {
    add(s.products, {
      code: p.code, name: p.name, description: p.description, type: 'TARIFF', processType: p.processType, esim: p.esim,
      brand: 'Orbita Telekom', categories: ['tarife'], highlights: [], specification: [], sortOrder: order(),
    });
  }
  for (const tr of postpaidTariffs) {
    add(s.products, {
      code: tr.code, name: tr.name, description: tr.description, type: 'TARIFF', processType: tr.processType, esim: tr.esim,
      brand: 'Orbita Telekom', parentCode: tr.parent ?? null, categories: ['tarife'], sortOrder: order(),
      highlights: [
        { name: t('Internet', 'Data'), value: t(tr.data, tr.data.replace('Neograničeno', 'Unlimited')) },
        { name: t('Minuti', 'Minutes'), value: t(tr.minutes, tr.minutes.replace('Neograničeno u mreži', 'Unlimited in network').replace('Neograničeno', 'Unlimited')) },
        { name: t('SMS', 'SMS'), value: t(tr.sms, tr.sms.replace('Neograničeno', 'Unlimited')) },
        ...(tr.roaming ? [{ name: t('Roming EU', 'EU roaming'), value: t(tr.roaming, tr.roaming) }] : []),
      ],
      specification: [],
    });
    const planId = `${tr.code}_PLAN`;
    add(s.pricePlans, { id: planId, productCode: tr.code, purchasable: true });
    add(s.subscriptionTerms, [
      { id: `${tr.code}_T12`, pricePlanId: planId, months: 12, recommended: false },
      { id: `${tr.code}_T24`, pricePlanId: planId, months: 24, recommended: true },
    ]);
    if (tr.promo) {
      add(s.chargeEntries, [
        { pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: tr.promo.months, price: para(tr.promo.price), oldPrice: para(tr.fee) },
        { pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: tr.promo.months + 1, cycleEnd: null, price: para(tr.fee), oldPrice: null },
      ]);
    } else {
      add(s.chargeEntries, { pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: null, price: para(tr.fee), oldPrice: null });
    }
  }
  for (const pp of prepaidPackages) {
    add(s.products, {
      code: pp.code, name: pp.name, description: pp.description, type: 'TARIFF', processType: 'BASIC_OFFER', esim: pp.esim,
      brand: 'Orbita Telekom', categories: ['pripejd'], sortOrder: order(),
      highlights: [{ name: t('Internet', 'Data'), value: t(pp.data, pp.data) }], specification: [],
    });
    const planId = `${pp.code}_PLAN`;
    add(s.pricePlans, { id: planId, productCode: pp.code, purchasable: true });
    add(s.chargeEntries, { pricePlanId: planId, chargeType: 'ONE_TIME_CHARGE', price: para(pp.price) });
  }
}

/** Insurance. */
function addInsurances({ add, order }: CatalogueRows): void {
  for (const ins of insurances) {
    add(s.products, {
      code: ins.code, name: ins.name, description: ins.description, type: 'INSURANCE', brand: 'Orbita Telekom',
      categories: ['osiguranje'], highlights: [], specification: [], sortOrder: order(),
    });
    const planId = `${ins.code}_PLAN`;
    add(s.pricePlans, { id: planId, productCode: ins.code, purchasable: true });
    add(s.chargeEntries, { pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: 24, price: para(ins.monthly) });
  }
}

/** Accessories (one "standard" variant each, so stock lives on a variant like every device). */
function addAccessories({ add, order }: CatalogueRows): void {
  for (const a of accessories) {
    add(s.products, {
      code: a.code, name: a.name, description: a.description, type: 'ACCESSORY', brand: a.brand,
      categories: ['dodatna_oprema'], highlights: [], specification: [], sortOrder: order(),
      rating: 4.2 + (a.price % 7) / 10,
    });
    const variantCode = `${a.code}_STD`;
    add(s.productVariants, { code: variantCode, productCode: a.code, colorCode: 'standard', colorName: t('Standardna', 'Standard'), colorHex: a.hex });
    add(s.productImages, { productCode: a.code, variantCode, url: `/media/products/${variantCode}.svg`, altText: a.name });
    add(s.stock, { variantCode, level: a.stock });
    const planId = `${a.code}_ONEOFF`;
    add(s.pricePlans, { id: planId, productCode: a.code, purchasable: true });
    add(s.chargeEntries, { pricePlanId: planId, chargeType: 'ONE_TIME_CHARGE', price: para(a.price), oldPrice: a.oldPrice ? para(a.oldPrice) : null });
  }
}

/** A phone: its variants with pictures and stock, its one-off price, its prices with each tariff, its references. */
function addPhone({ add, order }: CatalogueRows, p: (typeof phones)[number]): void {
  add(s.products, {
    code: p.code, name: p.name, description: p.description, type: 'DEVICE', esim: p.esim, brand: p.brand,
    categories: ['telefoni', 'uredjaji'], voucherLimit: p.price >= 50000 ? 3 : 0, rating: p.rating,
    highlights: phoneHighlights(p), specification: phoneSpecification(p), sortOrder: order(),
  });
  let vOrder = 0;
  for (const col of p.colors) {
    const variantCode = `${p.code}_${col.code.toUpperCase().replace(/-/g, '_')}`;
    add(s.productVariants, { code: variantCode, productCode: p.code, colorCode: col.code, colorName: col.name, colorHex: col.hex, sortOrder: vOrder++ });
    add(s.productImages, [
      { productCode: p.code, variantCode, url: `/media/products/${variantCode}.svg`, altText: `${p.name} ${col.name.sr}`, sortOrder: 0 },
      { productCode: p.code, variantCode, url: `/media/products/${variantCode}.svg?view=front`, altText: `${p.name} ${col.name.sr}`, sortOrder: 1 },
      { productCode: p.code, variantCode, url: `/media/products/${variantCode}.svg?view=back`, altText: `${p.name} ${col.name.sr}`, sortOrder: 2 },
    ]);
    add(s.stock, { variantCode, level: col.stock });
  }
  const planId = `${p.code}_ONEOFF`;
  add(s.pricePlans, { id: planId, productCode: p.code, purchasable: true });
  add(s.chargeEntries, { pricePlanId: planId, chargeType: 'ONE_TIME_CHARGE', price: para(p.price), oldPrice: p.oldPrice ? para(p.oldPrice) : null });
  add(s.devicePrices, devicePriceRows(p));
  // References: accessories for the brand, insurance for phones from 20,000 RSD.
  let rOrder = 0;
  for (const a of accessories) {
    if (a.forBrands === 'all' || a.forBrands.includes(p.brand)) {
      add(s.productReferences, { productCode: p.code, targetCode: a.code, referenceType: 'ACCESSORIES', sortOrder: rOrder++ });
    }
  }
  if (p.price >= 20000) {
    for (const ins of insurances) {
      add(s.productReferences, { productCode: p.code, targetCode: ins.code, referenceType: 'INSURANCE', sortOrder: rOrder++ });
    }
  }
}

/** A phone's prices with each postpaid tariff, for 12 and 24 months. */
function devicePriceRows(p: (typeof phones)[number]) {
  const rows = [];
  for (const tr of postpaidTariffs) {
    for (const months of [12, 24]) {
      const price = bundleDevicePrice(p.price, tr.fee, months);
      const oldPrice = p.oldPrice ? bundleDevicePrice(p.oldPrice, tr.fee, months) : null;
      // Phones under 10,000 RSD are sold only at once; others in as many installments as the term has months.
      const installments = p.price >= 10000 ? months : null;
      // Installment plans take a 10 % down payment (učešće) paid at once; the rest in equal whole-dinar installments.
      const installment = installments ? Math.round((price * 0.9) / installments) : null;
      rows.push({
        id: `${p.code}__${tr.code}__${months}`, deviceCode: p.code, tariffCode: tr.code, termMonths: months, purchasable: true,
        oneTimePrice: para(price), oldOneTimePrice: oldPrice ? para(oldPrice) : null,
        installments, installmentPrice: installment ? para(installment) : null,
        oldInstallmentPrice: oldPrice && installments ? para(Math.round((oldPrice * 0.9) / installments)) : null,
        upfrontPrice: installment && installments ? para(price - installment * installments) : 0,
      });
    }
  }
  return rows;
}

/** Consents, CMS components, delivery slots. */
function addReferenceData({ add }: CatalogueRows): void {
  let cOrder = 0;
  for (const ct of consentTemplates) add(s.consentTemplates, { ...ct, sortOrder: cOrder++ });
  for (const cm of cmsComponents) {
    add(s.cmsComponents, { id: cm.id, headline: cm.headline, content: cm.content, ctaButtonName: cm.cta, mediaUrl: cm.mediaUrl, mediaCode: cm.mediaCode });
  }
  let sOrder = 0;
  for (const sl of deliveryTimeSlots) add(s.deliveryTimeSlots, { ...sl, sortOrder: sOrder++ });
}

/** True when the seed has been loaded. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select().from(s.appMeta).where(eq(s.appMeta.key, 'seed'));
  return rows.length > 0;
}
