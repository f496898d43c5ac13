// Home services: the product-page hierarchy, service details, TV channels, TV guide, the address system with the
// GPON address check, and fixed number transfer (FNP) requests. The only writer of server/home/schema.ts tables.
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index';
import { ApiError, badInput, notFound } from '../lib/errors';
import type { Lang } from '../lib/lang';
import type { ResponseOf } from '../lib/contract';
import type { Service } from '../../schemas/types/api.home';
import { money, moneyOrNull } from '../lib/money';
import { currentMonthly, oneOffPrice, type CatalogProduct } from '../catalog/index';
import type { CatalogSnapshot } from '../catalog/index';
import * as h from './schema';
import { NO_FIBRE_PACKAGES, PACKAGE_TYPES } from './seed-data';
import { belgradeDate, belgradeInstant, weekOf } from './epg';
import { seedEpgDays } from './seed';
import { issueCode, spendCode } from '../outbox/index';
import type { Limits, Requester } from '../lib/limits';

type CategoryRow = typeof h.homeCategories.$inferSelect;
type CharRow = typeof h.homeCharacteristics.$inferSelect;

export const packageUrl = (code: string) => `/Privatni/Kucni-paketi/paket/${code}`;

/** A service (home product) in the shape of seed 001 §3: pricePlans with subscriptionTerms, characteristic groups. */
function serviceView(p: CatalogProduct, chars: CharRow[], checkoutType: Service['checkoutType'], channelCount: number, lang: Lang): Service {
  const plan = p.plan;
  const rec = (plan?.charges ?? []).filter((c) => c.chargeType === 'RECURRING_CHARGE');
  const one = oneOffPrice(p);
  const m = currentMonthly(p);
  const group = (type: 'VPP_DEFAULT' | 'VPP_BASIC') => ({
    type,
    cssClass: type === 'VPP_BASIC' ? 'vpp-basic' : 'vpp-default',
    highlightedCssClass: 'vpp-highlighted',
    productSpecCharacteristics: chars.filter((c) => c.groupType === type).map((c) => ({
      name: c.name[lang],
      values: [{ value: c.value[lang], highlightedName: c.highlighted ? c.value[lang] : null, picture: c.pictureUrl ? { url: c.pictureUrl } : null, subscriptionTermId: c.subscriptionTermId }],
    })),
  });
  return {
    code: p.product.code,
    name: p.product.name,
    description: p.product.description[lang],
    productOfferingType: p.product.type,
    checkoutType,
    url: packageUrl(p.product.code),
    /** a package is put in the cart from its page; add-ons, devices and streaming come with a package */
    purchasableAlone: PACKAGE_TYPES.includes(p.product.type) && (plan?.purchasable ?? false),
    channelCount,
    monthlyPrice: m ? { price: money(m.price, lang), oldPrice: moneyOrNull(m.oldPrice, lang), promoPeriod: m.promoPeriod } : null,
    oneTimePrice: one ? money(one.price, lang) : null,
    pricePlans: plan ? [{
      id: plan.id,
      purchasable: plan.purchasable,
      oneTimeChargeEntries: one ? [{ chargeType: 'ONE_TIME_CHARGE', price: money(one.price, lang), oldPrice: moneyOrNull(one.oldPrice, lang) }] : [],
      recurringChargeEntries: rec.map((c) => ({ chargeType: 'RECURRING_CHARGE', cycleStart: c.cycleStart, cycleEnd: c.cycleEnd, price: money(c.price, lang), oldPrice: moneyOrNull(c.oldPrice, lang) })),
      subscriptionTerms: plan.terms.map((x) => ({ id: x.id, termOfServiceNumber: x.months, recommended: x.recommended })),
    }] : [],
    tmaProductSpecCharacteristicGroups: [group('VPP_BASIC'), group('VPP_DEFAULT')],
  };
}

async function channelCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ packages: h.homeChannels.packages }).from(h.homeChannels);
  const out = new Map<string, number>();
  for (const r of rows) for (const p of r.packages) out.set(p, (out.get(p) ?? 0) + 1);
  return out;
}

/**
 * The product-page hierarchy (seed 001 §3–§4): first-level categories with their subcategories and services.
 * `categoryCode` (a code or slug of a first-level category) limits the answer to that category; unknown → 404.
 */
export async function hierarchy(db: Db, cat: CatalogSnapshot, lang: Lang, categoryCode?: string): Promise<ResponseOf<'homeHierarchy'>> {
  const cats = await db.select().from(h.homeCategories).orderBy(asc(h.homeCategories.sortOrder));
  const links = await db.select().from(h.homeCategoryServices).orderBy(asc(h.homeCategoryServices.sortOrder));
  const codes = [...new Set(links.map((l) => l.productCode))];
  const chars = codes.length ? await db.select().from(h.homeCharacteristics).where(inArray(h.homeCharacteristics.productCode, codes)).orderBy(asc(h.homeCharacteristics.sortOrder)) : [];
  const counts = await channelCounts(db);
  const servicesOf = (c: CategoryRow) => links.filter((l) => l.categoryCode === c.code).flatMap((l) => {
    const p = cat.product(l.productCode);
    return p ? [serviceView(p, chars.filter((x) => x.productCode === p.product.code), c.checkoutType, counts.get(p.product.code) ?? 0, lang)] : [];
  });
  const node = (c: CategoryRow) => ({
    id: c.code, code: c.code, slug: c.slug, name: c.name[lang], description: c.description?.[lang] ?? null,
    defaultCategory: c.defaultCategory, checkoutType: c.checkoutType,
  });
  let roots = cats.filter((c) => c.parentCode === null);
  if (categoryCode !== undefined) {
    roots = roots.filter((c) => c.code === categoryCode || c.slug === categoryCode);
    if (roots.length === 0) throw notFound(categoryCode, 'home.error.unknownCategory');
  }
  return {
    categories: roots.map((c) => ({
      ...node(c),
      subcategories: cats.filter((x) => x.parentCode === c.code).map((sub) => ({ ...node(sub), subcategories: [], services: servicesOf(sub) })),
      services: servicesOf(c),
    })),
  };
}

/** One home service with its category path (the package page). */
export async function serviceDetails(db: Db, cat: CatalogSnapshot, lang: Lang, productCode: string): Promise<ResponseOf<'homeService'>> {
  const [link] = await db.select({ l: h.homeCategoryServices, c: h.homeCategories }).from(h.homeCategoryServices)
    .innerJoin(h.homeCategories, eq(h.homeCategories.code, h.homeCategoryServices.categoryCode))
    .where(eq(h.homeCategoryServices.productCode, productCode)).limit(1);
  const p = cat.product(productCode);
  if (!link || !p) throw notFound(productCode, 'home.error.unknownService');
  const parent = link.c.parentCode ? (await db.select().from(h.homeCategories).where(eq(h.homeCategories.code, link.c.parentCode)))[0] : undefined;
  const chars = await db.select().from(h.homeCharacteristics).where(eq(h.homeCharacteristics.productCode, productCode)).orderBy(asc(h.homeCharacteristics.sortOrder));
  const counts = await channelCounts(db);
  return {
    ...serviceView(p, chars, link.c.checkoutType, counts.get(productCode) ?? 0, lang),
    category: { code: link.c.code, name: link.c.name[lang] },
    parentCategory: parent ? { code: parent.code, slug: parent.slug, name: parent.name[lang] } : null,
  };
}

/** TV channels, with the TV packages that carry them; `packageCode` limits them to one package. */
export async function tvChannels(db: Db, cat: CatalogSnapshot, packageCode?: string) {
  const rows = await db.select().from(h.homeChannels).orderBy(asc(h.homeChannels.position));
  const carried = new Set(rows.flatMap((r) => r.packages));
  const packages = [...carried].map((c) => cat.product(c)).filter((p): p is CatalogProduct => !!p && (p.product.type === 'TV_PACKAGE' || p.product.type === 'MSAT_PACKAGE' || p.product.type === 'ANTENA_PLUS'))
    .sort((a, b) => a.product.sortOrder - b.product.sortOrder)
    .map((p) => ({ code: p.product.code, name: p.product.name, productOfferingType: p.product.type, url: packageUrl(p.product.code), channelCount: rows.filter((r) => r.packages.includes(p.product.code)).length }));
  if (packageCode !== undefined && !carried.has(packageCode)) throw notFound(packageCode, 'home.error.unknownPackage');
  const list = packageCode === undefined ? rows : rows.filter((r) => r.packages.includes(packageCode));
  return {
    packages,
    selectedPackage: packageCode ?? null,
    channels: list.map((r) => ({ code: r.code, name: r.name, position: r.position, genre: r.genre, features: r.hd ? ['feature_hd'] : [], packages: r.packages })),
  };
}

/** The TV guide constants of seed 001 §9. */
export const EPG = { halfHourLength: 240, startHour: 0, endHour: 24, slideStep: 1, hdFeature: 'feature_hd' } as const;

const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

/**
 * The TV guide of one Belgrade day (default today): every channel with its programmes from 00:00 to 24:00,
 * `startMinute` and `duration` in minutes from the day's start (a programme crossing midnight is cut at it).
 * Days of the current week (and the week after) without a schedule get one generated (idempotent).
 */
export async function tvGuide(db: Db, lang: Lang, date?: string, now = new Date()) {
  const day = date ?? belgradeDate(now);
  const from = belgradeInstant(day, 0);
  const to = belgradeInstant(day, 24 * 60);
  if (Number.isNaN(from.getTime()) || belgradeDate(from) !== day) throw badInput('home.error.epgDate', { date: day }, 'date', 'date');
  const week = weekOf(now);
  const nextWeek = weekOf(new Date(belgradeInstant(week[6], 12 * 60).getTime() + 86400000));
  const allowed = [...week, ...nextWeek];
  if (!allowed.includes(day)) throw badInput('home.error.epgRange', { from: allowed[0], to: allowed[allowed.length - 1] }, 'date', 'range');
  const count = await db.select({ n: sql<number>`count(*)::int` }).from(h.homeEpg).where(and(gte(h.homeEpg.startsAt, from), lt(h.homeEpg.startsAt, to)));
  if ((count[0]?.n ?? 0) === 0) await seedEpgDays(db, [day]);
  const chans = await db.select().from(h.homeChannels).orderBy(asc(h.homeChannels.position));
  const progs = await db.select().from(h.homeEpg).where(and(lt(h.homeEpg.startsAt, to), gte(h.homeEpg.endsAt, from))).orderBy(asc(h.homeEpg.startsAt));
  const minuteOf = (d: Date) => Math.max(0, Math.min(24 * 60, Math.round((d.getTime() - from.getTime()) / 60000)));
  return {
    date: day,
    days: allowed.filter((d) => week.includes(d)),
    ...EPG,
    channels: chans.map((c) => ({
      code: c.code, name: c.name, features: c.hd ? ['feature_hd'] : [],
      programmes: progs.filter((p) => p.channelCode === c.code && p.endsAt > from).map((p) => ({
        id: p.id, title: p.title, genre: p.genre[lang], description: p.description[lang],
        start: hhmm(p.startsAt), end: hhmm(p.endsAt), startsAt: p.startsAt.toISOString(), endsAt: p.endsAt.toISOString(),
        startMinute: minuteOf(p.startsAt), duration: minuteOf(p.endsAt) - minuteOf(p.startsAt),
      })).filter((p) => p.duration > 0),
    })),
  };
}

// The address system (seed 001 §7 address lookups).
export async function municipalities(db: Db) {
  const rows = await db.select().from(h.homeMunicipalities).orderBy(asc(h.homeMunicipalities.name));
  return { municipalities: rows.map((r) => ({ code: r.code, name: r.name, postalCode: r.postalCode })) };
}
export async function localities(db: Db, municipalityCode: string) {
  const rows = await db.select().from(h.homeLocalities).where(eq(h.homeLocalities.municipalityCode, municipalityCode)).orderBy(asc(h.homeLocalities.name));
  return { locations: rows.map((r) => ({ code: r.code, name: r.name })) };
}
export async function streets(db: Db, municipalityCode: string, localityCode: string) {
  const rows = await db.select({ s: h.homeStreets }).from(h.homeStreets).innerJoin(h.homeLocalities, eq(h.homeLocalities.code, h.homeStreets.localityCode))
    .where(and(eq(h.homeLocalities.municipalityCode, municipalityCode), eq(h.homeStreets.localityCode, localityCode))).orderBy(asc(h.homeStreets.name));
  return { streets: rows.map((r) => ({ code: r.s.code, name: r.s.name })) };
}
export async function streetNumbers(db: Db, municipalityCode: string, streetCode: string) {
  const rows = await db.select({ n: h.homeStreetNumbers }).from(h.homeStreetNumbers)
    .innerJoin(h.homeStreets, eq(h.homeStreets.code, h.homeStreetNumbers.streetCode))
    .innerJoin(h.homeLocalities, eq(h.homeLocalities.code, h.homeStreets.localityCode))
    .where(and(eq(h.homeLocalities.municipalityCode, municipalityCode), eq(h.homeStreetNumbers.streetCode, streetCode)));
  const num = (s: string) => parseInt(s, 10) || 0;
  return { streetnumbers: rows.map((r) => r.n).sort((a, b) => num(a.number) - num(b.number) || a.number.localeCompare(b.number))
    .map((n) => ({ code: n.addressCode, number: n.number, tisAddressCode: n.addressCode, entrances: n.entrances, flats: n.flats })) };
}

/**
 * GPON address check (GET /users/gpon/address/check?addressCode&entrance&flatNum): the status object with
 * gponCheckIsDone. An unknown address is 404; an entrance the building does not have, or a flat number above its
 * flats, is 400 with the field as subject.
 */
export async function gponAddressCheck(db: Db, cat: CatalogSnapshot, text: (key: string, params?: Record<string, string | number>) => string, q: { addressCode: string; entrance?: string; flatNum?: string }): Promise<ResponseOf<'gponAddressCheck'>> {
  const [row] = await db.select({ n: h.homeStreetNumbers, s: h.homeStreets, l: h.homeLocalities, m: h.homeMunicipalities }).from(h.homeStreetNumbers)
    .innerJoin(h.homeStreets, eq(h.homeStreets.code, h.homeStreetNumbers.streetCode))
    .innerJoin(h.homeLocalities, eq(h.homeLocalities.code, h.homeStreets.localityCode))
    .innerJoin(h.homeMunicipalities, eq(h.homeMunicipalities.code, h.homeLocalities.municipalityCode))
    .where(eq(h.homeStreetNumbers.addressCode, q.addressCode)).limit(1);
  if (!row) throw notFound(q.addressCode, 'home.error.unknownAddress');
  const entrance = q.entrance?.trim() || null;
  if (entrance !== null && row.n.entrances.length > 0 && !row.n.entrances.includes(entrance)) {
    throw badInput('home.error.unknownEntrance', { entrances: row.n.entrances.join(', ') }, 'entrance', 'entrance');
  }
  if (entrance !== null && row.n.entrances.length === 0) throw badInput('home.error.noEntrances', {}, 'entrance', 'entrance');
  const flat = q.flatNum?.trim() || null;
  if (flat !== null && (!/^[0-9]{1,4}$/.test(flat) || Number(flat) < 1 || (row.n.flats > 0 && Number(flat) > row.n.flats) || row.n.flats === 0)) {
    throw badInput('home.error.unknownFlat', { max: row.n.flats }, 'flatNum', 'flatNum');
  }
  const available = row.n.gpon;
  const fits = (code: string) => {
    const p = cat.product(code);
    return !!p && PACKAGE_TYPES.includes(p.product.type);
  };
  // without fibre: the packages that need no cable (wireless internet, satellite TV, Antena Plus)
  const offered = available
    ? ['BOX_START', 'BOX_PLUS', 'BOX_MAX', 'NET_500', 'NET_1000', 'TV_PLUS'].filter(fits)
    : NO_FIBRE_PACKAGES.filter(fits);
  const formattedAddress = `${row.s.name} ${row.n.number}${entrance ? `/${entrance}` : ''}${flat ? `, ${text('home.check.flat', { flat })}` : ''}, ${row.m.postalCode} ${row.l.name}`;
  return {
    addressCode: row.n.addressCode, entrance, flatNum: flat, formattedAddress,
    gponCheckIsDone: true,
    gponAvailable: available,
    status: available ? 'AVAILABLE' : 'NOT_AVAILABLE',
    maxSpeed: available ? row.n.maxSpeed : null,
    message: available ? text('home.check.available', { speed: row.n.maxSpeed }) : text('home.check.notAvailable'),
    packages: offered.map((code) => { const p = cat.product(code)!; return { code, name: p.product.name, url: packageUrl(code), productOfferingType: p.product.type }; }),
  };
}

export interface FnpBody {
  firstName: string; lastName: string; jmbg: string; networkGroup: string; phoneNumber: string; currentOperator: 'SBB' | 'Orion' | 'Beotel';
  installationAddress: { town: string; postalCode: string; street: string; streetNumber: string; entrance?: string; floor?: string; apartment?: string };
  billingSameAsInstallation: boolean;
  billingAddress?: { town: string; postalCode: string; street: string; streetNumber: string; entrance?: string; floor?: string; apartment?: string };
  eBillEmail?: string; contactPhone: string; contactEmail: string; termsConsent: boolean; serviceConsent: boolean;
  /** The code sent to the number (requestFnpCode): proof that the requester holds it (issue 24). */
  otpCode: string;
}

/** FNP codes: purpose and lifetime (an SMS code, 60 s like every SMS code of the shop). */
export const FNP_CODE_PURPOSE = 'FNP';
export const FNP_CODE_SECONDS = 60;

/**
 * POST contactMts/requestotp: a code to the fixed number to transfer (the SMS gateway reads it to a fixed line), so
 * that only its holder can file a transfer request for it. The send limits of server/lib/limits.ts apply.
 */
export async function requestFnpCode(db: Db, from: Requester, sessionId: string, b: { networkGroup: string; phoneNumber: string },
  text: (code: string) => { subject: string; body: string }) {
  const phoneNumber = `${b.networkGroup}${b.phoneNumber}`;
  const r = await issueCode(db, from, { purpose: FNP_CODE_PURPOSE, subject: phoneNumber, sessionId }, 'SMS', FNP_CODE_SECONDS, text);
  return { phoneNumber, expiresInSeconds: r.expiresInSeconds };
}

/** JMBG control digit (modulo 11) and a real date of birth. */
export function validJmbg(j: string): boolean {
  if (!/^[0-9]{13}$/.test(j)) return false;
  const d = j.split('').map(Number);
  const w = [7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  let k = 11 - (w.reduce((s, x, i) => s + x * d[i], 0) % 11);
  if (k > 9) k = 0;
  if (k !== d[12]) return false;
  const day = Number(j.slice(0, 2)), month = Number(j.slice(2, 4)), y3 = Number(j.slice(4, 7));
  const year = y3 >= 800 ? 1000 + y3 : 2000 + y3;
  const dt = new Date(Date.UTC(year, month - 1, day));
  return dt.getUTCFullYear() === year && dt.getUTCMonth() === month - 1 && dt.getUTCDate() === day;
}

/**
 * Stores an FNP (fixed number transfer) request and answers its reference. The number's area code and the
 * JMBG are checked here (the JSON Schema of the route checks shapes); one open request per number is enforced by a
 * partial unique index, so two concurrent submissions of one number store one request (the other: 409).
 */
export async function submitFnp(db: Db, limits: Limits, sessionId: string, body: FnpBody): Promise<Omit<ResponseOf<'fnpContact'>, 'message'>> {
  if (!validJmbg(body.jmbg)) throw badInput('home.error.jmbg', {}, 'body/jmbg', 'jmbg');
  if (!body.termsConsent || !body.serviceConsent) throw badInput('validation.consentRequired', { count: 1 }, body.termsConsent ? 'body/serviceConsent' : 'body/termsConsent', 'consent');
  if (!body.billingSameAsInstallation && !body.billingAddress) throw badInput('validation.required', {}, 'body/billingAddress', 'required');
  const phoneNumber = `${body.networkGroup}${body.phoneNumber}`;
  const reference = `FNP-${randomBytes(4).toString('hex').toUpperCase()}`;
  const { otpCode, ...kept } = body;
  const data = { ...kept, billingAddress: body.billingSameAsInstallation ? body.installationAddress : body.billingAddress };
  // the code sent to the number is spent in the same transaction as the request is stored: a refused request (one
  // already open for the number) rolls back and leaves the code unused
  const rows = await spendCode(db, limits, { purpose: FNP_CODE_PURPOSE, subject: phoneNumber, sessionId }, otpCode, 'body/otpCode', async (tx) => {
    const stored = await tx.insert(h.homeFnpRequests).values({ reference, phoneNumber, currentOperator: body.currentOperator, data })
      .onConflictDoNothing().returning({ reference: h.homeFnpRequests.reference, createdAt: h.homeFnpRequests.createdAt });
    if (stored.length === 0) throw new ApiError(409, 'ValidationError', 'home.fnp.duplicate', { number: phoneNumber }, 'duplicate', 'body/phoneNumber');
    return stored;
  });
  return { reference: rows![0].reference, phoneNumber, status: 'RECEIVED', createdAt: rows![0].createdAt.toISOString() };
}

