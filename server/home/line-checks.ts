// The checks of the home-line step (CONNECT_HOME_DATA; server/home/checkout.ts stores what passes them): the fixed
// numbers and area codes (seed 001 §9), the addresses and whether they carry the cart's packages (GPON), the
// customer's lines and addresses, and whether a fixed number may be transferred to an address.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { badInput, notFound } from '../lib/errors';
import * as h from './schema';
import { NO_FIBRE_PACKAGES } from './seed-data';

export type Text = (key: string, params?: Record<string, string | number>) => string;
export type HomeOption = 'HOME_LANDLINE' | 'HOME_ADDRESS' | 'HOME_PORT_IN';
export const HOME_OPTIONS: HomeOption[] = ['HOME_LANDLINE', 'HOME_ADDRESS', 'HOME_PORT_IN'];
/** Fixed-line operators a number can be ported in from (seed 001 §9). */
export const FIXED_OPERATORS = ['SBB', 'Orion', 'Beotel'] as const;
/** Fixed-line area codes (seed 001 §9): 010 to 039, plus 0230, 0280, 0290, 0390. */
export const AREA_CODES = [
  ...Array.from({ length: 30 }, (_, i) => `0${10 + i}`),
  '0230', '0280', '0290', '0390',
];

/** A fixed number as typed (spaces, dashes, slashes, +381 / 00381) → national form with the area code; null when not one. */
export function nationalFixedNumber(raw: string): { number: string; areaCode: string } | null {
  let d = raw.replace(/[\s\-/()]/g, '');
  if (d.startsWith('+381')) d = `0${d.slice(4)}`;
  else if (d.startsWith('00381')) d = `0${d.slice(5)}`;
  if (!/^0\d+$/.test(d)) return null;
  // the longest area code first (0230 before 023)
  const areaCode = [...AREA_CODES].sort((a, b) => b.length - a.length).find((a) => d.startsWith(a));
  if (!areaCode) return null;
  const rest = d.slice(areaCode.length);
  if (!/^[2-9]\d{4,6}$/.test(rest)) return null;
  return { number: d, areaCode };
}

/** 0113456789 → "011 345 6789"; 021456789 → "021 456 789". */
export function formatFixedNumber(n: string): string {
  const parsed = nationalFixedNumber(n);
  if (!parsed) return n;
  const rest = n.slice(parsed.areaCode.length);
  return `${parsed.areaCode} ${rest.slice(0, 3)} ${rest.slice(3)}`.trim();
}

/** The area code of an address: the network group of its postal code (11000 → 011, 21000 → 021). */
export const areaCodeOfPostal = (postalCode: string) => `0${postalCode.slice(0, 2)}`;

export const requireFixed = (raw: string) => {
  const n = nationalFixedNumber(raw);
  if (!n) throw badInput('homeLine.error.numberFormat', { areaCodes: '010–039, 0230, 0280, 0290, 0390' }, 'homeLineNumber', 'invalidHomeLineNumber');
  return n;
};

export async function addressRow(db: DbOrTx, addressCode: string) {
  const [row] = await db.select({ n: h.homeStreetNumbers, s: h.homeStreets, l: h.homeLocalities, m: h.homeMunicipalities }).from(h.homeStreetNumbers)
    .innerJoin(h.homeStreets, eq(h.homeStreets.code, h.homeStreetNumbers.streetCode))
    .innerJoin(h.homeLocalities, eq(h.homeLocalities.code, h.homeStreets.localityCode))
    .innerJoin(h.homeMunicipalities, eq(h.homeMunicipalities.code, h.homeLocalities.municipalityCode))
    .where(eq(h.homeStreetNumbers.addressCode, addressCode)).limit(1);
  return row;
}
export type AddressRow = NonNullable<Awaited<ReturnType<typeof addressRow>>>;

export const formatAddress = (row: AddressRow, text: Text, entrance: string | null, flat: string | null) =>
  `${row.s.name} ${row.n.number}${entrance ? `/${entrance}` : ''}${flat ? `, ${text('home.check.flat', { flat })}` : ''}, ${row.m.postalCode} ${row.l.name}`;

/** The address by code, with the entrance and flat checked against the building (400 naming the field). */
export async function checkedAddress(db: DbOrTx, addressCode: string, entranceIn?: string | null, flatIn?: string | null) {
  const row = await addressRow(db, addressCode);
  if (!row) throw notFound(addressCode, 'home.error.unknownAddress');
  const entrance = entranceIn?.trim() || null;
  if (entrance !== null && (row.n.entrances.length === 0 || !row.n.entrances.includes(entrance))) {
    throw row.n.entrances.length === 0 ? badInput('home.error.noEntrances', {}, 'entrance', 'entrance') : badInput('home.error.unknownEntrance', { entrances: row.n.entrances.join(', ') }, 'entrance', 'entrance');
  }
  if (entrance === null && row.n.entrances.length > 0) throw badInput('homeLine.error.entranceRequired', { entrances: row.n.entrances.join(', ') }, 'entrance', 'entrance');
  const flat = flatIn?.trim() || null;
  if (flat !== null && (row.n.flats === 0 || !/^[0-9]{1,4}$/.test(flat) || Number(flat) < 1 || Number(flat) > row.n.flats)) {
    throw badInput('home.error.unknownFlat', { max: row.n.flats }, 'flatNum', 'flatNum');
  }
  if (flat === null && row.n.flats > 0) throw badInput('homeLine.error.flatRequired', { max: row.n.flats }, 'flatNum', 'flatNum');
  return { row, entrance, flat };
}

/** The packages the address can carry out of these: fibre packages need GPON there. */
export const notCarried = (gpon: boolean, packageCodes: string[]) => packageCodes.filter((c) => !gpon && !NO_FIBRE_PACKAGES.includes(c));

/** GET registered home lines: the signed-in customer's existing lines (HOME_LANDLINE). */
export async function registeredHomeLines(db: DbOrTx, text: Text, userId: number) {
  const lines = await db.select().from(h.homeCustomerLines).where(eq(h.homeCustomerLines.userId, userId)).orderBy(asc(h.homeCustomerLines.number));
  const out = [];
  for (const l of lines) {
    const row = await addressRow(db, l.addressCode);
    out.push({ lineId: l.lineId, number: l.number, homeLineFormatted: formatFixedNumber(l.number), addressCode: l.addressCode, formattedAddress: row ? formatAddress(row, text, l.entrance, l.flatNum) : l.addressCode });
  }
  return { numbers: out };
}

/** GET existing addresses: the customer's registered addresses and those of their lines ("my address"). */
export async function existingAddresses(db: DbOrTx, text: Text, userId: number) {
  const own = await db.select().from(h.homeCustomerAddresses).where(eq(h.homeCustomerAddresses.userId, userId)).orderBy(asc(h.homeCustomerAddresses.id));
  const lines = await db.select().from(h.homeCustomerLines).where(eq(h.homeCustomerLines.userId, userId)).orderBy(asc(h.homeCustomerLines.number));
  const seen = new Set<string>();
  const addresses = [];
  for (const a of [...own, ...lines]) {
    const key = `${a.addressCode}|${a.entrance ?? ''}|${a.flatNum ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const row = await addressRow(db, a.addressCode);
    if (row) addresses.push({ code: a.addressCode, address: formatAddress(row, text, a.entrance, a.flatNum), entrance: a.entrance, flatNum: a.flatNum });
  }
  return { addresses };
}

/** GET home line option groups: which options the customer has (HOME_LANDLINE only with a line of their own). */
export async function optionGroups(db: DbOrTx, userId: number | null) {
  const lines = userId === null ? [] : await db.select({ id: h.homeCustomerLines.lineId }).from(h.homeCustomerLines).where(eq(h.homeCustomerLines.userId, userId)).limit(1);
  return {
    groups: [
      { code: 'HOME_LANDLINE' as const, available: lines.length > 0, options: ['EXISTING'] },
      { code: 'HOME_ADDRESS' as const, available: true, options: userId === null ? ['OTHER_ADDRESS'] : ['MY_ADDRESS', 'OTHER_ADDRESS'] },
      { code: 'HOME_PORT_IN' as const, available: true, options: [...FIXED_OPERATORS] },
    ],
    areaCodes: AREA_CODES,
    operators: [...FIXED_OPERATORS],
  };
}

/**
 * The address check (POST check address, and the set installation address call): the address exists, its entrance and
 * flat are the building's, and it carries the cart's packages (GPON checked). Answers the check status object.
 */
export async function addressCheck(db: DbOrTx, text: Text, q: { homeAddressCode: string; entrance?: string | null; flatNum?: string | null }, packageCodes: string[]) {
  const { row, entrance, flat } = await checkedAddress(db, q.homeAddressCode, q.entrance, q.flatNum);
  const missing = notCarried(row.n.gpon, packageCodes);
  const formattedAddress = formatAddress(row, text, entrance, flat);
  return {
    status: missing.length === 0 ? 'VALID' as const : 'NOT_COVERED' as const,
    gponCheckIsDone: true,
    gponAvailable: row.n.gpon,
    formattedAddress,
    addressCode: row.n.addressCode,
    lineId: null,
    message: missing.length === 0
      ? text(row.n.gpon ? 'homeLine.check.covered' : 'homeLine.check.coveredNoFibre', { address: formattedAddress, speed: row.n.maxSpeed })
      : text('homeLine.check.notCovered', { address: formattedAddress }),
    entrance, flatNum: flat,
  };
}

export async function ownLine(db: DbOrTx, userId: number, lineId: string) {
  const [line] = await db.select().from(h.homeCustomerLines).where(and(eq(h.homeCustomerLines.lineId, lineId), eq(h.homeCustomerLines.userId, userId)));
  if (!line) throw notFound(lineId, 'homeLine.error.unknownLine');
  return line;
}

/** GET GPON home-line check ?lineId: does the customer's line run over GPON, so it can carry the cart's packages. */
export async function gponHomeLineCheck(db: DbOrTx, text: Text, userId: number, lineId: string, packageCodes: string[]) {
  const line = await ownLine(db, userId, lineId);
  const row = (await addressRow(db, line.addressCode))!;
  const formattedAddress = formatAddress(row, text, line.entrance, line.flatNum);
  const missing = notCarried(line.gpon, packageCodes);
  return {
    status: missing.length === 0 ? 'VALID' as const : 'NOT_COVERED' as const,
    gponCheckIsDone: true,
    gponAvailable: line.gpon,
    formattedAddress,
    addressCode: line.addressCode,
    lineId: line.lineId,
    message: missing.length === 0
      ? text('homeLine.check.lineOk', { number: formatFixedNumber(line.number) })
      : text('homeLine.check.lineNoGpon', { number: formatFixedNumber(line.number) }),
  };
}

/** POST check home line: a fixed number's format and area code, and whether it is already one of our lines. */
export async function homeLineCheck(db: DbOrTx, raw: string) {
  const n = requireFixed(raw);
  const [ours] = await db.select({ id: h.homeCustomerLines.lineId }).from(h.homeCustomerLines).where(eq(h.homeCustomerLines.number, n.number));
  return { homeLineNumber: n.number, homeLineFormatted: formatFixedNumber(n.number), areaCode: n.areaCode, ownLine: !!ours };
}

/**
 * GET transfer check ?homeLineNumber&addressCode (fixed number portability): refused when the number is already ours,
 * when a transfer request for it is open, or when its area code is not the network group of the installation address
 * (a fixed number moves only within its area).
 */
export async function transferCheck(db: DbOrTx, text: Text, rawNumber: string, addressCode: string) {
  const n = requireFixed(rawNumber);
  const row = await addressRow(db, addressCode);
  if (!row) throw notFound(addressCode, 'home.error.unknownAddress');
  const [ours] = await db.select({ id: h.homeCustomerLines.lineId }).from(h.homeCustomerLines).where(eq(h.homeCustomerLines.number, n.number));
  const [pending] = await db.select({ id: h.homeFnpRequests.id }).from(h.homeFnpRequests).where(and(eq(h.homeFnpRequests.phoneNumber, n.number), eq(h.homeFnpRequests.status, 'RECEIVED')));
  const area = areaCodeOfPostal(row.m.postalCode);
  const reason = ours ? 'ALREADY_OURS' as const : pending ? 'TRANSFER_PENDING' as const : !n.areaCode.startsWith(area) ? 'AREA_MISMATCH' as const : null;
  const formatted = formatFixedNumber(n.number);
  const key = reason === null ? 'homeLine.transfer.allowed' : `homeLine.transfer.refused.${reason}`;
  const params = { number: formatted, areaCode: n.areaCode, addressArea: area };
  return {
    homeLineNumber: n.number, homeLineFormatted: formatted, addressCode, transferAllowed: reason === null,
    status: reason === null ? 'ALLOWED' as const : 'REFUSED' as const, reason,
    message: text(key, params), key, params,
  };
}
