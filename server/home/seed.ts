// Seeds home services once (app_meta 'seed.home'): the packages as catalogue products with their price plans,
// the hierarchy and characteristic groups, channels, the current week's TV guide, the address system.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import * as s from '../db/tables';
import * as h from './schema';
import { homeServices, homeCategoryTree, channels, addressSystem, addressCodeOf } from './seed-data';
import { belgradeInstant, daySchedule, weekOf } from './epg';

const para = (rsd: number) => Math.round(rsd * 100);
export const HOME_SEED_MARKER = 'seed.home';

/** Channel code of a channel name ("Arena Sport 1" → ARENA_SPORT_1). */
export const channelCode = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_|_$/g, '');

export async function seedHome(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(s.appMeta).values({ key: HOME_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    let order = 1000;
    for (const p of homeServices) {
      await tx.insert(s.products).values({
        code: p.code, name: p.name, description: p.description, type: p.type, processType: null, esim: 'NONE',
        brand: 'Orbita Telekom', categories: ['kucni-paketi'], sortOrder: order++, specification: [],
        highlights: p.basic.map(([name, value]) => ({ name, value })),
      });
      const planId = `${p.code}_PLAN`;
      await tx.insert(s.pricePlans).values({ id: planId, productCode: p.code, purchasable: true });
      if (p.terms.length) {
        await tx.insert(s.subscriptionTerms).values(p.terms.map((months) => ({ id: `${p.code}_T${months}`, pricePlanId: planId, months, recommended: months === (p.recommended ?? p.terms[0]) })));
      }
      const charges: Array<typeof s.chargeEntries.$inferInsert> = [];
      if (p.monthly !== null) {
        if (p.promo) {
          charges.push({ pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: p.promo.months, price: para(p.promo.price), oldPrice: para(p.monthly) });
          charges.push({ pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: p.promo.months + 1, cycleEnd: null, price: para(p.monthly), oldPrice: null });
        } else {
          charges.push({ pricePlanId: planId, chargeType: 'RECURRING_CHARGE', cycleStart: 1, cycleEnd: null, price: para(p.monthly), oldPrice: null });
        }
      }
      if (p.oneOff !== undefined) charges.push({ pricePlanId: planId, chargeType: 'ONE_TIME_CHARGE', price: para(p.oneOff), oldPrice: null });
      if (charges.length) await tx.insert(s.chargeEntries).values(charges);
      const chars = [
        ...p.basic.map(([name, value, hl], i) => ({ productCode: p.code, groupType: 'VPP_BASIC' as const, name, value, highlighted: hl ?? false, sortOrder: i })),
        ...p.details.map(([name, value, hl, term], i) => ({
          productCode: p.code, groupType: 'VPP_DEFAULT' as const, name, value, highlighted: hl ?? false, sortOrder: i,
          subscriptionTermId: term ? `${p.code}_T${term}` : null,
        })),
      ];
      if (chars.length) await tx.insert(h.homeCharacteristics).values(chars);
    }
    let cOrder = 0;
    for (const c of homeCategoryTree) {
      await tx.insert(h.homeCategories).values({ code: c.code, parentCode: null, name: c.name, description: c.description ?? null, defaultCategory: c.default ?? false, checkoutType: c.checkoutType, slug: c.slug, sortOrder: cOrder++ });
      for (const sub of c.subcategories ?? []) {
        await tx.insert(h.homeCategories).values({ code: sub.code, parentCode: c.code, name: sub.name, description: sub.description ?? null, defaultCategory: sub.default ?? false, checkoutType: sub.checkoutType, slug: sub.slug, sortOrder: cOrder++ });
        if (sub.services?.length) await tx.insert(h.homeCategoryServices).values(sub.services.map((productCode, i) => ({ categoryCode: sub.code, productCode, sortOrder: i })));
      }
    }
    // channels: a package carries a channel when its line-up is one of the channel's
    const lineupPackages = (l: string) => homeServices.filter((p) => p.lineup === l).map((p) => p.code);
    await tx.insert(h.homeChannels).values(channels.map(([name, genre, hd, lineups], i) => ({
      code: channelCode(name), name, position: i + 1, genre, hd, packages: lineups.flatMap(lineupPackages),
    })));
    for (const m of addressSystem) {
      await tx.insert(h.homeMunicipalities).values({ code: m.code, name: m.name, postalCode: m.postalCode });
      for (const l of m.localities) {
        await tx.insert(h.homeLocalities).values({ code: l.code, municipalityCode: m.code, name: l.name });
        for (const st of l.streets) {
          await tx.insert(h.homeStreets).values({ code: st.code, localityCode: l.code, name: st.name });
          await tx.insert(h.homeStreetNumbers).values(st.numbers.map(([number, gpon, maxSpeed, entrances, flats]) => ({
            addressCode: addressCodeOf(st.code, number), streetCode: st.code, number, gpon, maxSpeed, entrances, flats,
          })));
        }
      }
    }
    await tx.execute(sql`SELECT 1`);
    return true;
  }).then(async (seeded) => {
    // the TV guide of the current week (also filled on demand for other days: service.ts ensureEpgDay)
    await seedEpgDays(db, weekOf(new Date()));
    return seeded;
  });
}

/**
 * Writes the schedule of these days for every channel (rows already there stay: unique channel + start). A day whose
 * midnight already starts a programme was written before (every channel's day starts at 00:00) and is skipped, so a
 * restart neither generates nor sends the week again.
 */
export async function seedEpgDays(db: Db, dates: string[]): Promise<void> {
  const midnights = new Map(dates.map((d) => [belgradeInstant(d, 0).getTime(), d]));
  const written = await db.selectDistinct({ at: h.homeEpg.startsAt }).from(h.homeEpg).where(inArray(h.homeEpg.startsAt, [...midnights.keys()].map((t) => new Date(t))));
  const done = new Set(written.map((r) => midnights.get(r.at.getTime())));
  const todo = dates.filter((d) => !done.has(d));
  if (todo.length === 0) return;
  const list = await db.select({ code: h.homeChannels.code, genre: h.homeChannels.genre }).from(h.homeChannels);
  for (const date of todo) {
    const rows = list.flatMap((c) => daySchedule(c.code, c.genre, date));
    if (rows.length) await db.insert(h.homeEpg).values(rows).onConflictDoNothing();
  }
}
