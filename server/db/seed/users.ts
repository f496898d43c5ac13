// Demo accounts (documented in README.md and docs/modules/user.md). All use the password DEMO_PASSWORD
// (seed 001 §5: 7–16 characters, letter + digit + symbol). Loaded once, guarded by app_meta 'seed.users'.
import type { Db } from '../index';
import * as s from '../tables';
import { hashPassword } from '../../user/index';
import { jmbgFor, seedConsents } from '../../user/index';
import { eq } from 'drizzle-orm';

export const DEMO_PASSWORD = 'Orbita2026!';
export const USERS_SEED_VERSION = '1';

type NewUser = typeof s.users.$inferInsert;

/** A date of birth `years` years (and a month) before `now`. */
function bornYearsAgo(years: number, now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - 1, 15));
}

export function demoUsers(now: Date = new Date()): Array<Omit<NewUser, 'passwordHash'>> {
  const base = { isPostPaid: true, isNet: false, isTv: false, isBox: false, isFixed: false, isCostControl: false, isPrePaid: false };
  return [
    { ...base, email: 'kupac@orbita.rs', username: 'marko.petrovic', firstName: 'Marko', lastName: 'Petrović', contactPhoneNumber: '0641234567', customerId: '1000001', jmbg: jmbgFor(new Date(Date.UTC(1985, 2, 15))), isNet: true, isTv: true },
    { ...base, email: 'staff@orbita.rs', username: 'jelena.jovanovic', firstName: 'Jelena', lastName: 'Jovanović', contactPhoneNumber: '0651234567', customerId: '1000002', jmbg: jmbgFor(new Date(Date.UTC(1990, 6, 2)), '71', '512'), roles: ['staff'] },
    { ...base, email: 'maloletni@orbita.rs', username: 'luka.nikolic', firstName: 'Luka', lastName: 'Nikolić', contactPhoneNumber: '0661234567', customerId: '1000003', jmbg: jmbgFor(bornYearsAgo(16, now)), isPostPaid: false, isPrePaid: true },
    { ...base, email: 'laki@orbita.rs', username: 'ana.ilic', firstName: 'Ana', lastName: 'Ilić', customerId: null, isLightAccount: true, isPostPaid: false },
    { ...base, email: 'otp@orbita.rs', username: 'stefan.markovic', firstName: 'Stefan', lastName: 'Marković', contactPhoneNumber: '0631234567', customerId: '1000005', otpLogin: true },
    { ...base, email: 'podnalog@orbita.rs', username: 'milica.djordjevic', firstName: 'Milica', lastName: 'Đorđević', contactPhoneNumber: '0621234567', customerId: '1000006', subaccountLogin: true },
    { ...base, email: 'slaba@orbita.rs', username: 'nikola.stojanovic', firstName: 'Nikola', lastName: 'Stojanović', contactPhoneNumber: '0601234567', customerId: '1000007', weakPassword: true },
    { ...base, email: null, username: 'bez.imejla', firstName: 'Petar', lastName: 'Popović', contactPhoneNumber: '0691234567', customerId: '1000008', emailNotSet: true },
    { ...base, email: 'blokiran@orbita.rs', username: 'ivan.blokiran', firstName: 'Ivan', lastName: 'Pavlović', customerId: '1000009', blocked: true },
  ];
}

/**
 * Existing customers without an account (seed 001 §2): known by JMBG and customer number, no password, no e-mail
 * yet (the username is a placeholder until they register at /Registracija-b2c/Registracija-opcije?tip=postojeci).
 */
export function customersWithoutAccount(): Array<Omit<NewUser, 'passwordHash'>> {
  return [
    { email: null, username: 'korisnik.1000010', firstName: 'Jovana', lastName: 'Milić', contactPhoneNumber: '0647654321', customerId: '1000010', jmbg: jmbgFor(new Date(Date.UTC(1979, 10, 4)), '71', '734'), isPostPaid: true, emailNotSet: true },
    { email: null, username: 'korisnik.1000011', firstName: 'Dragan', lastName: 'Kostić', contactPhoneNumber: '0637654321', customerId: '1000011', jmbg: jmbgFor(new Date(Date.UTC(1968, 3, 21)), '80', '123'), isPostPaid: true, emailNotSet: true },
  ];
}

/** The studio's staff when the documents live in the database (issue 29): an editor (drafts) and a reviewer (publish, rollback). */
export function studioUsers(): Array<Omit<NewUser, 'passwordHash'>> {
  const base = { isPostPaid: false, isNet: false, isTv: false, isBox: false, isFixed: false, isCostControl: false, isPrePaid: false, customerId: null };
  return [
    { ...base, email: 'urednik@orbita.rs', username: 'sanja.urednik', firstName: 'Sanja', lastName: 'Lazić', roles: ['staff', 'editor'] },
    { ...base, email: 'recenzent@orbita.rs', username: 'dejan.recenzent', firstName: 'Dejan', lastName: 'Ristić', roles: ['staff', 'editor', 'reviewer'] },
  ];
}

/** Inserts the demo accounts once (existing usernames are left alone). */
export async function seedDemoUsers(db: Db): Promise<boolean> {
  // the studio's editor and reviewer came later: their own marker, so databases seeded before get them too
  const studio = await db.insert(s.appMeta).values({ key: 'seed.users.studio', value: '1' }).onConflictDoNothing().returning();
  if (studio.length > 0) {
    const hash = await hashPassword(DEMO_PASSWORD);
    await db.insert(s.users).values(studioUsers().map((u) => ({ ...u, passwordHash: hash }))).onConflictDoNothing();
  }
  // customers without an account came later: their own marker, so databases seeded before get them too
  const customers = await db.insert(s.appMeta).values({ key: 'seed.users.customers', value: '1' }).onConflictDoNothing().returning();
  if (customers.length > 0) await db.insert(s.users).values(customersWithoutAccount().map((u) => ({ ...u, passwordHash: null }))).onConflictDoNothing();
  const inserted = await db.insert(s.appMeta).values({ key: 'seed.users', value: USERS_SEED_VERSION }).onConflictDoNothing().returning();
  if (inserted.length === 0) return false;
  // One scrypt hash for the demo accounts (they share a published password; a salt per account would only cost
  // the first start nine scrypt runs).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = demoUsers().map((u) => ({ ...u, passwordHash }));
  await db.insert(s.users).values(rows).onConflictDoNothing();
  return true;
}

/** The consents the demo customer gave (profile page: listed with their documents, withdrawable). */
export const DEMO_CONSENTS: Record<string, string[]> = {
  'marko.petrovic': ['GENERAL_TERMS_AGREEMENT', 'PRIVACY_POLICY_AGREEMENT', 'MARKETING_CONSENT'],
  'jelena.jovanovic': ['GENERAL_TERMS_AGREEMENT', 'PRIVACY_POLICY_AGREEMENT'],
};

export async function seedDemoConsents(db: Db): Promise<void> {
  for (const [username, ids] of Object.entries(DEMO_CONSENTS)) {
    const [u] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.username, username));
    if (u) await seedConsents(db, u.id, ids);
  }
}
