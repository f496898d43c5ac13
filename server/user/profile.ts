// The customer's own data (seed 001 §2 "Change personal data" /Profil/Izmena-licnih-podataka, §7 personal-info update
// with /users/security/requestotp, consents with consentTemplateId and consentCode). The user module alone writes
// users and user_consents; the confirmation code and the session rotation are joined in server/workflows/account-change.ts,
// the consent templates (the checkout module's) in server/workflows/consents.ts.
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/index';
import { userConsents, users } from './schema';
import { badInput } from '../lib/errors';
import { numericCode } from '../lib/ids';
import type { User } from './accounts';

export interface PersonalData { firstName: string; lastName: string; contactPhoneNumber: string }

/** Seed 001 §5: alpha_spaces (letters, spaces, a hyphen or apostrophe inside a name), 2–40 characters. */
const NAME = /^\p{L}[\p{L} '-]*\p{L}$/u;
/** Seed 001 §5 mobile number: 06… with 9–10 characters or +3816… with 12–13; no dashes or spaces. */
const MOBILE = /^(?:06[0-9]{7,8}|\+3816[0-9]{7,8})$/;

/** Checks and trims the new personal data (the same rules as schemas/forms/personal-data.json). */
export function checkPersonalData(body: PersonalData): PersonalData {
  const firstName = body.firstName.trim().replace(/\s+/g, ' ');
  const lastName = body.lastName.trim().replace(/\s+/g, ' ');
  const contactPhoneNumber = body.contactPhoneNumber.trim();
  for (const [field, v] of [['firstName', firstName], ['lastName', lastName]] as const) {
    if (v.length < 2 || v.length > 40) throw badInput('validation.minmaxchar', { min: 2, max: 40 }, field, 'length');
    if (!NAME.test(v)) throw badInput('validation.alphaSpaces', {}, field, 'alphaSpaces');
  }
  if (!MOBILE.test(contactPhoneNumber)) throw badInput('validation.mobileNumber', {}, 'contactPhoneNumber', 'mobileNumber');
  return { firstName, lastName, contactPhoneNumber };
}

/** Writes the personal data (inside the confirming transaction). */
export async function updatePersonalData(tx: DbOrTx, userId: number, data: PersonalData): Promise<User> {
  const [u] = await tx.update(users).set(data).where(eq(users.id, userId)).returning();
  return u!;
}

/** Where the confirmation code of a personal-data change goes: the account's e-mail, else its contact phone (SMS). */
export function codeDestination(u: User): { channel: 'EMAIL' | 'SMS'; subject: string; shown: string } | null {
  if (u.email && !u.emailNotSet) {
    const [name, domain] = u.email.split('@');
    return { channel: 'EMAIL', subject: u.email, shown: `${name!.slice(0, 2)}***@${domain}` };
  }
  if (u.contactPhoneNumber) return { channel: 'SMS', subject: u.contactPhoneNumber, shown: `${u.contactPhoneNumber.slice(0, 3)}***${u.contactPhoneNumber.slice(-2)}` };
  return null;
}

/**
 * Gives a consent (again): a new consentCode; a consent already given stays as it is. The template is checked first
 * by the caller (server/workflows/consents.ts `giveConsent`: the templates are the checkout module's).
 */
export async function addConsent(tx: DbOrTx, userId: number, consentTemplateId: string): Promise<void> {
  const code = `CNS${numericCode(12)}`;
  await tx.insert(userConsents).values({ userId, consentTemplateId, consentCode: code })
    .onConflictDoUpdate({
      target: [userConsents.userId, userConsents.consentTemplateId],
      set: { consentCode: sql`CASE WHEN ${userConsents.withdrawnAt} IS NULL THEN ${userConsents.consentCode} ELSE excluded.consent_code END`,
        givenAt: sql`CASE WHEN ${userConsents.withdrawnAt} IS NULL THEN ${userConsents.givenAt} ELSE now() END`, withdrawnAt: null },
    });
}

/**
 * Withdraws a given consent: consentTemplateId and consentCode must match a consent in force (a conditional update,
 * so a withdrawal counts once). Otherwise 400 (unknown or already withdrawn).
 */
export async function withdrawConsent(tx: DbOrTx, userId: number, consentTemplateId: string, consentCode: string): Promise<void> {
  const done = await tx.update(userConsents).set({ withdrawnAt: new Date() })
    .where(and(eq(userConsents.userId, userId), eq(userConsents.consentTemplateId, consentTemplateId), eq(userConsents.consentCode, consentCode), isNull(userConsents.withdrawnAt)))
    .returning({ id: userConsents.consentCode });
  if (done.length === 0) throw badInput('profile.consent.notGiven', {}, 'consentCode', 'notGiven');
}

/** Seeds the consents of a demo account (the terms, privacy notice and marketing for kupac@orbita.rs). */
export async function seedConsents(db: DbOrTx, userId: number, ids: string[]): Promise<void> {
  for (const id of ids) {
    await db.insert(userConsents).values({ userId, consentTemplateId: id, consentCode: `CNS${numericCode(12)}`, givenAt: new Date('2026-01-15T10:00:00Z') }).onConflictDoNothing();
  }
}

/**
 * A subquery (alias `user_consent`) of one user's consents and its columns (to select as one row, to join on the
 * template), for a statement of a module above (server/checkout/consent-templates.ts: each template with the
 * customer's consent, one statement).
 */
export function consentsOfUserSubquery(userId: number) {
  const table = new QueryBuilder().select().from(userConsents).where(eq(userConsents.userId, userId)).as('user_consent');
  const columns = Object.fromEntries(Object.keys(getTableColumns(userConsents)).map((k) => [k, table[k as keyof typeof userConsents._.columns]])) as
    { [K in keyof typeof userConsents._.columns]: (typeof table)[K] };
  return { table, columns };
}
