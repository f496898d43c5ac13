// The home-line step of the HOME_FIXED and HOME_MOBILE checkouts (CONNECT_HOME_DATA, seed 000 §2 "Home-line step",
// §7 "Home line"; seed 001 §5 "the fixed-line or address check must be completed and valid", §9 area codes,
// operators and home line options). The only writer of cart_home_setups; reads the customer's lines and addresses.
//
// A setup is VALID when its address was checked for the cart's packages (a fibre package needs GPON at the address,
// an existing line must run over GPON for one) and its number is chosen (the existing line, a new number, or a fixed
// number whose transfer is allowed). The set calls check again on the server and store nothing that is not valid;
// order submit checks once more against the cart as it is then (requireHomeSetup).
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput, notFound } from '../lib/errors';
import { matchesFormat } from '../lib/formats';
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

const requireFixed = (raw: string) => {
  const n = nationalFixedNumber(raw);
  if (!n) throw badInput('homeLine.error.numberFormat', { areaCodes: '010–039, 0230, 0280, 0290, 0390' }, 'homeLineNumber', 'invalidHomeLineNumber');
  return n;
};

async function addressRow(db: DbOrTx, addressCode: string) {
  const [row] = await db.select({ n: h.homeStreetNumbers, s: h.homeStreets, l: h.homeLocalities, m: h.homeMunicipalities }).from(h.homeStreetNumbers)
    .innerJoin(h.homeStreets, eq(h.homeStreets.code, h.homeStreetNumbers.streetCode))
    .innerJoin(h.homeLocalities, eq(h.homeLocalities.code, h.homeStreets.localityCode))
    .innerJoin(h.homeMunicipalities, eq(h.homeMunicipalities.code, h.homeLocalities.municipalityCode))
    .where(eq(h.homeStreetNumbers.addressCode, addressCode)).limit(1);
  return row;
}
type AddressRow = NonNullable<Awaited<ReturnType<typeof addressRow>>>;

const formatAddress = (row: AddressRow, text: Text, entrance: string | null, flat: string | null) =>
  `${row.s.name} ${row.n.number}${entrance ? `/${entrance}` : ''}${flat ? `, ${text('home.check.flat', { flat })}` : ''}, ${row.m.postalCode} ${row.l.name}`;

/** The address by code, with the entrance and flat checked against the building (400 naming the field). */
async function checkedAddress(db: DbOrTx, addressCode: string, entranceIn?: string | null, flatIn?: string | null) {
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
const notCarried = (gpon: boolean, packageCodes: string[]) => packageCodes.filter((c) => !gpon && !NO_FIBRE_PACKAGES.includes(c));

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

async function ownLine(db: DbOrTx, userId: number, lineId: string) {
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

type SetupRow = typeof h.cartHomeSetups.$inferSelect;

async function setupRow(db: DbOrTx, cartId: number): Promise<SetupRow | undefined> {
  return (await db.select().from(h.cartHomeSetups).where(eq(h.cartHomeSetups.cartId, cartId)))[0];
}

async function upsert(tx: DbOrTx, values: typeof h.cartHomeSetups.$inferInsert) {
  const v = { ...values, updatedAt: new Date() };
  await tx.insert(h.cartHomeSetups).values(v).onConflictDoUpdate({ target: h.cartHomeSetups.cartId, set: v });
}

const firstPackage = (packageCodes: string[], packageId?: string) => {
  if (packageId !== undefined && !packageCodes.includes(packageId)) throw badInput('homeLine.error.packageNotInCart', { code: packageId }, 'packageId', 'packageNotInCart');
  if (packageCodes.length === 0) throw new ApiError(400, 'CartError', 'homeLine.error.noPackage', {}, 'noHomePackage', 'packageId');
  return packageId ?? packageCodes[0];
};

export interface InstallationAddressBody { option: 'HOME_ADDRESS' | 'HOME_PORT_IN'; addressType: 'MY_ADDRESS' | 'OTHER_ADDRESS'; addressCode: string; entrance?: string | null; flatNum?: string | null; packageId?: string }

/**
 * POST set installation address (HOME_ADDRESS: my address or another; HOME_PORT_IN: where the ported number goes).
 * The address is checked for the cart's packages; an address that cannot carry them is refused (400 notCovered) and
 * the cart's earlier setup is removed, so Next stays blocked. MY_ADDRESS must be one of the customer's addresses.
 * A valid address replaces the setup (its number is chosen next).
 */
export async function setInstallationAddress(db: Db, text: Text, cartId: number, userId: number | null, packageCodes: string[], body: InstallationAddressBody) {
  const packageId = firstPackage(packageCodes, body.packageId);
  if (body.addressType === 'MY_ADDRESS') {
    const mine = userId === null ? { addresses: [] } : await existingAddresses(db, text, userId);
    if (!mine.addresses.some((a) => a.code === body.addressCode)) throw badInput('homeLine.error.notMyAddress', {}, 'addressCode', 'notMyAddress');
  }
  const check = await addressCheck(db, text, { homeAddressCode: body.addressCode, entrance: body.entrance, flatNum: body.flatNum }, packageCodes);
  if (check.status !== 'VALID') {
    await db.delete(h.cartHomeSetups).where(eq(h.cartHomeSetups.cartId, cartId));
    throw new ApiError(400, 'CartError', 'homeLine.check.notCovered', { address: check.formattedAddress }, 'notCovered', 'addressCode');
  }
  await upsert(db, {
    cartId, option: body.option, addressType: body.addressType, addressCode: check.addressCode, entrance: check.entrance, flatNum: check.flatNum,
    packageId, numberOption: null, lineId: null, homeLineNumber: null, operator: null,
  });
  return homeSetupOf(db, text, cartId);
}

export interface HomeLineNumberBody { homeLine: { numberOption: 'EXISTING' | 'NEW_NUMBER' | 'PORT_IN'; lineId?: string; homeLineNumber?: string; operator?: 'SBB' | 'Orion' | 'Beotel' }; packageId?: string }

/**
 * PUT set home line number:
 * - EXISTING (HOME_LANDLINE): one of the customer's lines, GPON-checked for the cart's packages; its address becomes the
 *   installation address;
 * - NEW_NUMBER (HOME_ADDRESS): a new number at the checked address;
 * - PORT_IN (HOME_PORT_IN): a fixed number from SBB, Orion or Beotel whose transfer to the checked address is allowed.
 * Refused calls leave no valid setup behind.
 */
export async function setHomeLineNumber(db: Db, text: Text, cartId: number, userId: number | null, packageCodes: string[], body: HomeLineNumberBody) {
  const packageId = firstPackage(packageCodes, body.packageId);
  const hl = body.homeLine;
  if (hl.numberOption === 'EXISTING') {
    if (userId === null) throw new ApiError(403, 'ForbiddenError', 'homeLine.error.signInFirst');
    if (!hl.lineId) throw badInput('validation.required', {}, 'homeLine/lineId', 'required');
    const check = await gponHomeLineCheck(db, text, userId, hl.lineId, packageCodes);
    const line = await ownLine(db, userId, hl.lineId);
    if (check.status !== 'VALID') {
      await db.delete(h.cartHomeSetups).where(eq(h.cartHomeSetups.cartId, cartId));
      throw new ApiError(400, 'CartError', 'homeLine.check.lineNoGpon', { number: formatFixedNumber(line.number) }, 'lineWithoutGpon', 'homeLine/lineId');
    }
    await upsert(db, {
      cartId, option: 'HOME_LANDLINE', addressType: 'LINE_ADDRESS', addressCode: line.addressCode, entrance: line.entrance, flatNum: line.flatNum,
      packageId, numberOption: 'EXISTING', lineId: line.lineId, homeLineNumber: line.number, operator: null,
    });
    return homeSetupOf(db, text, cartId);
  }
  return db.transaction(async (tx) => {
    // the cart's setup row locked: a number is set on the address it was chosen for
    const [row] = await tx.select().from(h.cartHomeSetups).where(eq(h.cartHomeSetups.cartId, cartId)).for('update');
    const wanted = hl.numberOption === 'NEW_NUMBER' ? 'HOME_ADDRESS' : 'HOME_PORT_IN';
    if (!row || row.option !== wanted) throw new ApiError(400, 'CartError', 'homeLine.error.addressFirst', {}, 'addressFirst', 'homeLine/numberOption');
    if (hl.numberOption === 'NEW_NUMBER') {
      await tx.update(h.cartHomeSetups).set({ packageId, numberOption: 'NEW_NUMBER', lineId: null, homeLineNumber: null, operator: null, updatedAt: new Date() }).where(eq(h.cartHomeSetups.cartId, cartId));
    } else {
      if (!hl.homeLineNumber) throw badInput('validation.required', {}, 'homeLine/homeLineNumber', 'required');
      if (!hl.operator) throw badInput('homeLine.error.operator', { operators: FIXED_OPERATORS.join(', ') }, 'homeLine/operator', 'operator');
      const t = await transferCheck(tx, text, hl.homeLineNumber, row.addressCode);
      if (!t.transferAllowed) throw new ApiError(400, 'CartError', t.key, t.params, 'transferRefused', 'homeLine/homeLineNumber');
      await tx.update(h.cartHomeSetups).set({ packageId, numberOption: 'PORT_IN', lineId: null, homeLineNumber: t.homeLineNumber, operator: hl.operator, updatedAt: new Date() }).where(eq(h.cartHomeSetups.cartId, cartId));
    }
    return homeSetupOf(tx, text, cartId);
  });
}

/** The cart's home-line setup as the step and the steps' doneWhen read it (null when none is made). */
export async function homeSetupOf(db: DbOrTx, text: Text, cartId: number) {
  const row = await setupRow(db, cartId);
  if (!row) return { homeLine: null };
  const addr = await addressRow(db, row.addressCode);
  const complete = row.numberOption !== null;
  return {
    homeLine: {
      option: row.option as HomeOption,
      addressType: row.addressType as 'MY_ADDRESS' | 'OTHER_ADDRESS' | 'LINE_ADDRESS',
      addressCode: row.addressCode, entrance: row.entrance, flatNum: row.flatNum,
      formattedAddress: addr ? formatAddress(addr, text, row.entrance, row.flatNum) : row.addressCode,
      numberOption: row.numberOption as 'EXISTING' | 'NEW_NUMBER' | 'PORT_IN' | null,
      lineId: row.lineId, homeLineNumber: row.homeLineNumber,
      homeLineFormatted: row.homeLineNumber ? formatFixedNumber(row.homeLineNumber) : null,
      operator: row.operator, packageId: row.packageId,
      checkStatus: { status: complete ? 'VALID' as const : 'INCOMPLETE' as const, gponCheckIsDone: true },
      installationBill: await billOf(db, text, row, addr ? formatAddress(addr, text, row.entrance, row.flatNum) : row.addressCode),
    },
  };
}

/** Where the installation bill goes (seed 001 §9). */
export type BillOption = 'INSTALLATION_ADDRESS' | 'OTHER_ADDRESS' | 'E_BILL';
export const BILL_OPTIONS: BillOption[] = ['INSTALLATION_ADDRESS', 'OTHER_ADDRESS', 'E_BILL'];

/** The setup's installation bill as the step, the overview and the order show it (null: not chosen yet). */
async function billOf(db: DbOrTx, text: Text, row: SetupRow, installationAddress: string) {
  if (!row.billOption) return null;
  const option = row.billOption as BillOption;
  let formattedAddress: string | null = null;
  if (option === 'INSTALLATION_ADDRESS') formattedAddress = installationAddress;
  if (option === 'OTHER_ADDRESS' && row.billAddressCode) {
    const a = await addressRow(db, row.billAddressCode);
    formattedAddress = a ? formatAddress(a, text, row.billEntrance, row.billFlatNum) : row.billAddressCode;
  }
  return {
    option, addressCode: option === 'OTHER_ADDRESS' ? row.billAddressCode : null, entrance: option === 'OTHER_ADDRESS' ? row.billEntrance : null,
    flatNum: option === 'OTHER_ADDRESS' ? row.billFlatNum : null, formattedAddress, email: option === 'E_BILL' ? row.billEmail : null,
  };
}

export interface InstallationBillBody { billOption: BillOption; addressCode?: string; entrance?: string | null; flatNum?: string | null; email?: string }

/**
 * PUT set installation bill: where the bill for the installation goes — the installation address, another address of
 * the address system (entrance and flat checked against the building), or an e-bill to an e-mail. Needs the cart's
 * setup (400 addressFirst); the row is locked, so the choice lands on the setup it was made for.
 */
export async function setInstallationBill(db: Db, text: Text, cartId: number, body: InstallationBillBody) {
  let values: Pick<SetupRow, 'billOption' | 'billAddressCode' | 'billEntrance' | 'billFlatNum' | 'billEmail'>;
  if (body.billOption === 'OTHER_ADDRESS') {
    if (!body.addressCode) throw badInput('homeLine.bill.error.address', {}, 'addressCode', 'required');
    if (!(await addressRow(db, body.addressCode))) throw badInput('home.error.unknownAddress', {}, 'addressCode', 'unknownAddress');
    const a = await checkedAddress(db, body.addressCode, body.entrance, body.flatNum);
    values = { billOption: 'OTHER_ADDRESS', billAddressCode: body.addressCode, billEntrance: a.entrance, billFlatNum: a.flat, billEmail: null };
  } else if (body.billOption === 'E_BILL') {
    const email = (body.email ?? '').trim();
    if (!matchesFormat('email', email)) throw badInput('homeLine.bill.error.email', {}, 'email', 'invalidEmail');
    values = { billOption: 'E_BILL', billAddressCode: null, billEntrance: null, billFlatNum: null, billEmail: email };
  } else {
    values = { billOption: 'INSTALLATION_ADDRESS', billAddressCode: null, billEntrance: null, billFlatNum: null, billEmail: null };
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(h.cartHomeSetups).where(eq(h.cartHomeSetups.cartId, cartId)).for('update');
    if (!row) throw new ApiError(400, 'CartError', 'homeLine.error.addressFirst', {}, 'addressFirst', 'billOption');
    await tx.update(h.cartHomeSetups).set({ ...values, updatedAt: new Date() }).where(eq(h.cartHomeSetups.cartId, cartId));
    return homeSetupOf(tx, text, cartId);
  });
}

/** Removes the cart's home-line setup (the cart no longer holds a home package); true when there was one. */
export async function releaseHomeSetup(tx: DbOrTx, cartId: number): Promise<boolean> {
  const gone = await tx.delete(h.cartHomeSetups).where(eq(h.cartHomeSetups.cartId, cartId)).returning({ cartId: h.cartHomeSetups.cartId });
  return gone.length > 0;
}

/**
 * The installation address of the cart's complete home setup (address code, entrance, flat), or null when the cart has
 * none or its number is not chosen yet. Inside a transaction the setup row stays locked (FOR UPDATE) until it ends, so
 * a delivery address copied from it cannot pass a concurrent change of the setup.
 */
export async function installationAddressOf(tx: DbOrTx, cartId: number): Promise<{ addressCode: string; entrance: string | null; flatNum: string | null } | null> {
  const [row] = await tx.select().from(h.cartHomeSetups).where(eq(h.cartHomeSetups.cartId, cartId)).for('update');
  if (!row || row.numberOption === null) return null;
  return { addressCode: row.addressCode, entrance: row.entrance, flatNum: row.flatNum };
}

/**
 * At order submit (in its transaction) for a HOME_* cart: the setup must be complete and still valid for the cart's
 * packages as they are now ("fixed-line or address check must be completed and valid", seed 001 §5).
 */
export async function requireHomeSetup(tx: DbOrTx, text: Text, cartId: number, packageCodes: string[]): Promise<HomeOrderLine> {
  const row = await setupRow(tx, cartId);
  if (!row || row.numberOption === null) throw new ApiError(400, 'CartError', 'homeLine.error.required', {}, 'homeLineRequired', 'homeLine');
  let gpon: boolean;
  if (row.option === 'HOME_LANDLINE' && row.lineId) {
    const [line] = await tx.select().from(h.homeCustomerLines).where(eq(h.homeCustomerLines.lineId, row.lineId));
    gpon = !!line?.gpon;
  } else {
    gpon = !!(await addressRow(tx, row.addressCode))?.n.gpon;
  }
  if (notCarried(gpon, packageCodes).length > 0) throw new ApiError(400, 'CartError', 'homeLine.error.required', {}, 'homeLineRequired', 'homeLine');
  const { homeLine } = await homeSetupOf(tx, text, cartId);
  const hl = homeLine!;
  // not chosen: the bill goes to the installation address (the step's first option)
  const bill = hl.installationBill ?? { option: 'INSTALLATION_ADDRESS' as const, formattedAddress: hl.formattedAddress, email: null };
  return {
    option: hl.option, formattedAddress: hl.formattedAddress, numberOption: hl.numberOption, homeLineFormatted: hl.homeLineFormatted, operator: hl.operator,
    installationBill: { option: bill.option, formattedAddress: bill.formattedAddress, email: bill.email },
  };
}

/** What an order keeps of its home-line setup (snapshot.homeLine), shown with the order. */
export interface HomeOrderLine {
  option: HomeOption; formattedAddress: string; numberOption: string | null; homeLineFormatted: string | null; operator: string | null;
  installationBill: { option: BillOption; formattedAddress: string | null; email: string | null };
}
