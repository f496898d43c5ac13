// The personal-data and delivery steps of a signed-in checkout (seed 001 §3 checkout user data, delivery options;
// §4 the user-data submit and the delivery submission; §7 the delivery calls). This module alone writes
// customer_addresses; the pickup stores are the self-care module's shops (server/selfcare/index.ts); the cart's fields are written through the cart module (server/cart/index.ts),
// the address system is read through the home module (server/home/index.ts), one-time codes go through the outbox.
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput } from '../lib/errors';
import type { Lang } from '../lib/lang';
import { entriesOf, getOrCreateCart, mergeCustomerInfo, setCheckoutFields, type CartRecord } from '../cart/index';
import { addressOfCode, installationAddressOf } from '../home/index';
import { issueCode, spendCode } from '../outbox/index';
import type { Limits, Requester } from '../lib/limits';
import { checkContractPerson, userOfSession, type User } from '../user/index';
import { storeByCode, stores, storeView, type Store } from '../selfcare/index';
import { customerAddresses } from './schema';

/** The e-mail one-time code lives 300 s (seed 001 §9). */
export const EMAIL_CODE_SECONDS = 300;
/** One purpose for the e-mail codes of checkout: the personal-data e-mail and the renewal e-mail. */
export const EMAIL_PURPOSE = 'EMAIL_VERIFICATION';

export type Text = (key: string, params?: Record<string, string | number>) => string;

export interface UserInfo {
  orderFor?: 'SELF' | 'OTHER';
  firstName: string; lastName: string; jmbg: string;
  primaryContactDocumentIdNum: string; primaryContactDocumentIdIssueAuthority: string; primaryContactDocumentIdIssueDate: string;
  contactEmail: string; msisdn: string;
}

export function formatAddress(a: { line1?: string | null; line2?: string | null; entrance?: string | null; floor?: string | null; apartment?: string | null; postalCode?: string | null; town?: string | null }, text: Text): string {
  const street = [a.line1, a.line2].filter(Boolean).join(' ');
  const flat = [a.entrance && text('delivery.address.entrance', { value: a.entrance }), a.floor && text('delivery.address.floor', { value: a.floor }),
    a.apartment && text('delivery.address.apartment', { value: a.apartment })].filter(Boolean).join(', ');
  const town = [a.postalCode, a.town].filter(Boolean).join(' ');
  return [street, flat, town].filter(Boolean).join(', ');
}

/** The signed-in customer of the session, or 403 (saved addresses and personal data belong to an account). */
export async function signedInUser(db: DbOrTx, sessionId: string): Promise<User> {
  const u = await userOfSession(db, sessionId);
  if (!u) throw new ApiError(403, 'ForbiddenError', 'delivery.error.signInFirst');
  return u;
}

/** The open cart with at least one entry (nothing to deliver otherwise: 400 CartError). */
async function filledCart(db: DbOrTx, sessionId: string): Promise<CartRecord> {
  const cart = await getOrCreateCart(db, sessionId);
  if ((await entriesOf(db, cart.id)).length === 0) throw new ApiError(400, 'CartError', 'error.cart.empty');
  return cart;
}

/**
 * The checkout user data (GET /users/user): what the cart already holds from the personal-data step, else the
 * signed-in account's own data (the prefill). accountFull is false for a guest (seed 001 §8).
 */
export async function checkoutUserData(db: Db, sessionId: string) {
  const u = await userOfSession(db, sessionId);
  const cart = await getOrCreateCart(db, sessionId);
  const c = (cart.orderCustomerInfo ?? {}) as Record<string, string | undefined>;
  const pick = (k: string, own: string | null | undefined) => c[k] ?? own ?? null;
  return {
    orderFor: (c.orderFor === 'OTHER' ? 'OTHER' : 'SELF') as 'SELF' | 'OTHER',
    firstName: pick('firstName', u?.firstName) ?? '',
    lastName: pick('lastName', u?.lastName) ?? '',
    jmbg: pick('jmbg', u?.jmbg),
    primaryContactDocumentIdNum: c.primaryContactDocumentIdNum ?? null,
    primaryContactDocumentIdIssueAuthority: c.primaryContactDocumentIdIssueAuthority ?? null,
    primaryContactDocumentIdIssueDate: c.primaryContactDocumentIdIssueDate ?? null,
    contactEmail: pick('contactEmail', u?.email),
    msisdn: pick('msisdn', u?.contactPhoneNumber),
    username: u?.username ?? '',
    customerId: u?.customerId ?? null,
    accountFull: !!u && !u.isLightAccount,
    accountEmail: u?.email ?? null,
  };
}

/**
 * Saves the checkout user data of the personal-data step (POST customer info) into the cart: JMBG control digit and
 * the adult check (18), the document's issue date. Merged into orderCustomerInfo in one statement, so the e-mail
 * code confirmed at the same moment (verifyEmail) is kept.
 */
export async function saveCustomerInfo(db: Db, sessionId: string, info: UserInfo): Promise<void> {
  await signedInUser(db, sessionId);
  checkContractPerson(info.jmbg, info.primaryContactDocumentIdIssueDate, 'userInfo');
  const cart = await filledCart(db, sessionId);
  const trim = (s: string) => s.trim().replace(/\s+/g, ' ');
  await mergeCustomerInfo(db, cart.id, {
    orderFor: info.orderFor ?? 'SELF',
    firstName: trim(info.firstName), lastName: trim(info.lastName), jmbg: info.jmbg,
    primaryContactDocumentIdNum: info.primaryContactDocumentIdNum.toUpperCase(),
    primaryContactDocumentIdIssueAuthority: trim(info.primaryContactDocumentIdIssueAuthority),
    primaryContactDocumentIdIssueDate: info.primaryContactDocumentIdIssueDate,
    contactEmail: info.contactEmail.trim(), msisdn: info.msisdn,
  });
}

/** The delivery step's user data (the phone the courier calls), merged into orderCustomerInfo. */
export async function saveDeliveryContact(db: Db, sessionId: string, contactPhone: string): Promise<void> {
  const cart = await filledCart(db, sessionId);
  await mergeCustomerInfo(db, cart.id, { contactPhone });
}

/** Sends an e-mail one-time code (POST /otp/email): six digits, 300 s, through the outbox (or SMTP). */
export async function sendEmailCode(db: Db, from: Requester, sessionId: string, email: string, text: Text) {
  const sent = await issueCode(db, from, { purpose: EMAIL_PURPOSE, subject: email.trim(), sessionId }, 'EMAIL', EMAIL_CODE_SECONDS, (code) => ({
    subject: text('delivery.otp.subject'), body: text('delivery.otp.body', { code, minutes: EMAIL_CODE_SECONDS / 60 }),
  }));
  return { sent: true, ...sent };
}

/** Confirms the e-mail with its code (PUT /otp/email); the cart remembers the confirmed address (emailVerified). */
export async function verifyEmail(db: Db, limits: Limits, sessionId: string, email: string, code: string) {
  const cart = await getOrCreateCart(db, sessionId);
  await spendCode(db, limits, { purpose: EMAIL_PURPOSE, subject: email.trim(), sessionId }, code, 'code', async (tx) => {
    await mergeCustomerInfo(tx, cart.id, { emailVerified: email.trim().toLowerCase() });
  });
  return { verified: true, email: email.trim() };
}

const addressView = (r: typeof customerAddresses.$inferSelect, text: Text) => ({
  id: String(r.id), formattedAddress: formatAddress(r, text),
  province: r.province, provinceCode: r.provinceCode, town: r.town, townCode: r.townCode, line1: r.line1, line1Code: r.line1Code, line2: r.line2,
  entrance: r.entrance, floor: r.floor, apartment: r.apartment, suburb: r.suburb, postalCode: r.postalCode, tisAddressCode: r.tisAddressCode,
  defaultAddress: r.defaultAddress,
});

/** The signed-in customer's saved addresses (the default first); a guest has none. */
export async function savedAddresses(db: Db, sessionId: string, text: Text) {
  const u = await userOfSession(db, sessionId);
  if (!u) return { addresses: [] };
  const rows = await db.select().from(customerAddresses).where(eq(customerAddresses.userId, u.id)).orderBy(asc(customerAddresses.id));
  rows.sort((a, b) => Number(b.defaultAddress) - Number(a.defaultAddress));
  return { addresses: rows.map((r) => addressView(r, text)) };
}

/** A shop as a pickup store (GET pickupStores, POST addresses/pickup): pickupStoreId is the shop's code; the address
 *  parts are the address system's (Serbian), the name, formatted address and hours are in the shopper's language. */
function pickupView(r: Store, lang: Lang) {
  const v = storeView(r, lang);
  return {
    pickupStoreId: v.code, name: v.name, formattedAddress: v.address, line1: r.street ?? r.line1, line2: r.streetNumber ?? '',
    line2Code: r.streetNumberCode, postalCode: r.postalCode, province: r.town.sr, suburb: r.suburb, tisAddressCode: r.tisAddressCode,
    openingHours: [v.hours.join(', '), v.note].filter(Boolean).join('. '),
  };
}

/** The shops where an order can be picked up, in display order. */
export async function storeList(db: Db, lang: Lang) {
  return { pickupStores: (await stores(db, { pickupOnly: true })).map((r) => pickupView(r, lang)) };
}

export interface NewAddress {
  tisAddressCode: string; line1?: string; line1Code?: string; line2?: string; town?: string; townCode?: string; province?: string;
  provinceCode?: string; postalCode?: string; suburb?: string; entrance?: string; floor?: string; apartment?: string; saveAddress?: boolean;
}

/**
 * A new delivery address from the address system (POST delivery/create): the street number's tisAddressCode must be
 * known, and codes sent with it must be its own (a street of another town is refused); names come from the address
 * system, not from the request. saveAddress also keeps it among a signed-in customer's addresses (once).
 */
export async function createDeliveryAddress(db: Db, sessionId: string, a: NewAddress, text: Text): Promise<void> {
  const found = await addressOfCode(db, a.tisAddressCode);
  if (!found) throw badInput('delivery.error.unknownAddress', {}, 'address/tisAddressCode', 'unknownAddress');
  for (const k of ['line1Code', 'townCode', 'provinceCode', 'postalCode'] as const) {
    if (a[k] !== undefined && a[k] !== '' && a[k] !== found[k]) throw badInput('delivery.error.addressMismatch', {}, `address/${k}`, 'addressMismatch');
  }
  const entrance = a.entrance?.trim() || null;
  if (entrance && found.entrances.length > 0 && !found.entrances.includes(entrance)) {
    throw badInput('delivery.error.entrance', { entrances: found.entrances.join(', ') }, 'address/entrance', 'entrance');
  }
  const extra = { entrance, floor: a.floor?.trim() || null, apartment: a.apartment?.trim() || null, suburb: a.suburb?.trim() || null };
  const { entrances: _e, flats: _f, ...addr } = found;
  const cart = await filledCart(db, sessionId);
  const stored: Record<string, string> = { deliveryAddressType: 'DELIVERY_ADDRESS_NEW', ...addr };
  for (const [k, v] of Object.entries(extra)) if (v) stored[k] = v;
  stored.formattedAddress = formatAddress(stored, text);
  await db.transaction(async (tx) => {
    await setCheckoutFields(tx, cart.id, { deliveryAddress: stored });
    if (a.saveAddress) {
      const u = await userOfSession(tx, sessionId);
      if (u) {
        const same = await tx.select({ id: customerAddresses.id }).from(customerAddresses).where(and(eq(customerAddresses.userId, u.id),
          eq(customerAddresses.tisAddressCode, found.tisAddressCode))).limit(10);
        if (same.length === 0) await tx.insert(customerAddresses).values({ userId: u.id, ...addr, ...extra });
      }
    }
  });
}

/** A saved address of the signed-in customer as the delivery address (PUT delivery/replace by addressId). */
export async function useSavedAddress(db: Db, sessionId: string, addressId: string, text: Text): Promise<void> {
  const u = await signedInUser(db, sessionId);
  const [row] = await db.select().from(customerAddresses).where(and(eq(customerAddresses.id, Number(addressId)), eq(customerAddresses.userId, u.id)));
  if (!row) throw badInput('delivery.error.unknownSavedAddress', {}, 'addressId', 'unknownAddress');
  const cart = await filledCart(db, sessionId);
  const v = addressView(row, text);
  const stored: Record<string, string> = { deliveryAddressType: 'DELIVERY_ADDRESS_EXISTING', addressId: v.id };
  for (const [k, val] of Object.entries(v)) if (typeof val === 'string' && val) stored[k] = val;
  await setCheckoutFields(db, cart.id, { deliveryAddress: stored });
}

/**
 * Delivery to the installation address (PUT addresses/delivery/installation, DELIVERY_ADDRESS_INSTALLATION): the
 * address of the cart's home setup (home-line step) with its entrance and flat becomes the delivery address. In one
 * transaction with the setup row locked; a cart without a complete home setup is refused (400 CartError).
 */
export async function useInstallationAddress(db: Db, sessionId: string, text: Text): Promise<void> {
  const cart = await filledCart(db, sessionId);
  await db.transaction(async (tx) => {
    const inst = await installationAddressOf(tx, cart.id);
    const found = inst ? await addressOfCode(tx, inst.addressCode) : null;
    if (!inst || !found) throw new ApiError(400, 'CartError', 'delivery.error.noInstallationAddress', {}, 'noInstallationAddress', 'deliveryAddressType');
    const { entrances: _e, flats: _f, ...addr } = found;
    const stored: Record<string, string> = { deliveryAddressType: 'DELIVERY_ADDRESS_INSTALLATION', ...addr };
    if (inst.entrance) stored.entrance = inst.entrance;
    if (inst.flatNum) stored.apartment = inst.flatNum;
    stored.formattedAddress = formatAddress(stored, text);
    await setCheckoutFields(tx, cart.id, { deliveryAddress: stored });
  });
}

/** Pickup in a store (POST addresses/pickup): the store's own address is kept, whatever else the request says. */
export async function usePickupStore(db: Db, sessionId: string, pickupStoreId: string): Promise<void> {
  const row = await storeByCode(db, pickupStoreId);
  if (!row?.pickup) throw badInput('delivery.error.unknownStore', {}, 'address/pickupStoreId', 'unknownStore');
  const cart = await filledCart(db, sessionId);
  const s = pickupView(row, 'sr');
  const stored: Record<string, string> = {
    deliveryAddressType: 'PICKUP_ADDRESS', pickupStoreId: s.pickupStoreId, pickupAddressString: `${s.name}, ${s.formattedAddress}`,
    line1: s.line1, line2: s.line2, postalCode: s.postalCode, province: s.province, town: s.province, formattedAddress: `${s.name}, ${s.formattedAddress}`,
  };
  if (s.line2Code) stored.line2Code = s.line2Code;
  if (s.suburb) stored.suburb = s.suburb;
  if (s.tisAddressCode) stored.tisAddressCode = s.tisAddressCode;
  await setCheckoutFields(db, cart.id, { deliveryAddress: stored });
}

/** Renewal by e-mail (POST addresses/email?email&code): the code sent to that e-mail confirms it; nothing is shipped. */
export async function useRenewalEmail(db: Db, limits: Limits, sessionId: string, email: string, code: string): Promise<void> {
  const cart = await filledCart(db, sessionId);
  const clean = email.trim();
  await spendCode(db, limits, { purpose: EMAIL_PURPOSE, subject: clean, sessionId }, code, 'code', async (tx) => {
    await setCheckoutFields(tx, cart.id, { deliveryAddress: { deliveryAddressType: 'DELIVERY_EMAIL_ADDRESS', email: clean, formattedAddress: clean } });
  });
}
