// The home-line step of the HOME_FIXED and HOME_MOBILE checkouts (CONNECT_HOME_DATA, seed 000 §2 "Home-line step",
// §7 "Home line"; seed 001 §5 "the fixed-line or address check must be completed and valid", §9 area codes,
// operators and home line options). The only writer of cart_home_setups; reads the customer's lines and addresses.
//
// A setup is VALID when its address was checked for the cart's packages (a fibre package needs GPON at the address,
// an existing line must run over GPON for one) and its number is chosen (the existing line, a new number, or a fixed
// number whose transfer is allowed). The set calls check again on the server and store nothing that is not valid;
// order submit checks once more against the cart as it is then (requireHomeSetup).
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput } from '../lib/errors';
import { matchesFormat } from '../lib/formats';
import * as h from './schema';
import {
  addressCheck, addressRow, checkedAddress, existingAddresses, FIXED_OPERATORS, formatAddress, formatFixedNumber, gponHomeLineCheck, notCarried, ownLine,
  transferCheck, type HomeOption, type Text,
} from './line-checks';

export {
  AREA_CODES, FIXED_OPERATORS, HOME_OPTIONS, addressCheck, areaCodeOfPostal, existingAddresses, formatFixedNumber, gponHomeLineCheck, homeLineCheck,
  nationalFixedNumber, optionGroups, registeredHomeLines, transferCheck, type HomeOption, type Text,
} from './line-checks';

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
