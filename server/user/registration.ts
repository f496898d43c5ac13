// Account changes of the user module (seed 001 §2–§5): availability checks, new accounts, claiming an existing
// customer's account, setting a password (policy + history of 5), setting the e-mail, revoking a user's sessions.
// The module alone writes users, password_history and user_registrations; the session and cart part of each change
// is the workflow server/workflows/account.ts.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { sessions, users } from './schema';
import { ApiError, badInput } from '../lib/errors';
import { hashPassword, verifyPassword } from './password';
import { PASSWORD_HISTORY, passwordProblem } from './policy';
import { passwordHistory, userRegistrations } from './schema';
import type { User } from './accounts';

type Address = NonNullable<typeof userRegistrations.$inferInsert['address']>;
type Document = NonNullable<typeof userRegistrations.$inferInsert['document']>;

const lower = (s: string) => s.trim().toLowerCase();

export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, lower(username))).limit(1);
  return rows.length > 0;
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, lower(email))).limit(1);
  return rows.length > 0;
}

/**
 * The existing customer without an account (seed 001 §2) of a JMBG and customer number: a customer row that has no
 * password. Unknown pair → 400 customerNotFound; a customer who already has an account → 400 accountExists.
 */
export async function customerWithoutAccount(db: DbOrTx, jmbg: string, customerId: string): Promise<User> {
  const [u] = await db.select().from(users).where(and(eq(users.jmbg, jmbg.trim()), eq(users.customerId, customerId.trim()))).limit(1);
  if (!u) throw badInput('account.register.customerNotFound', {}, 'jmbg', 'customerNotFound');
  if (u.passwordHash !== null) throw badInput('account.register.accountExists', {}, 'jmbg', 'accountExists');
  return u;
}

const uniqueViolation = (e: unknown): string | null => {
  const err = e as { code?: string; constraint?: string; detail?: string; cause?: { code?: string; constraint?: string; detail?: string } };
  const c = err?.code === '23505' ? err : err?.cause?.code === '23505' ? err.cause : null;
  return c ? `${c.constraint ?? ''} ${c.detail ?? ''}` : null;
};

/**
 * A unique-index refusal (two registrations of one username or e-mail at once) as the availability message. The
 * transaction is aborted by then, so the constraint's name tells which one, not a query.
 */
async function uniqueOr400<T>(run: () => Promise<T>, emailField = 'uid', emailKey = 'account.emailTaken'): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const which = uniqueViolation(e);
    if (which === null) throw e;
    if (which.includes('username')) throw badInput('account.usernameTaken', {}, 'username', 'usernameTaken');
    throw badInput(emailKey, {}, emailField, 'emailTaken');
  }
}

export interface NewAccount {
  email: string; username: string; password: string; firstName: string; lastName: string; jmbg: string;
  contactPhoneNumber: string | null; address: Address | null; document: Document | null;
}

/** A new account (inside the caller's transaction, which also spends the e-mail code). */
export async function createAccount(tx: DbOrTx, a: NewAccount): Promise<User> {
  const passwordHash = await hashPassword(a.password);
  return uniqueOr400(async () => {
    const [u] = await tx.insert(users).values({
      email: a.email, username: a.username, firstName: a.firstName, lastName: a.lastName, passwordHash,
      contactPhoneNumber: a.contactPhoneNumber, jmbg: a.jmbg,
    }).returning();
    await tx.insert(passwordHistory).values({ userId: u.id, passwordHash });
    await tx.insert(userRegistrations).values({ userId: u.id, address: a.address, document: a.document });
    return u;
  });
}

/**
 * Gives an existing customer without an account its sign-in data. Conditional on the row still having no password,
 * so two registrations of one customer cannot both succeed (the second gets 400 accountExists).
 */
export async function claimCustomerAccount(tx: DbOrTx, userId: number, a: { email: string; username: string; password: string }): Promise<User> {
  const passwordHash = await hashPassword(a.password);
  return uniqueOr400(async () => {
    const [u] = await tx.update(users).set({ email: a.email, username: a.username, passwordHash, emailNotSet: false, weakPassword: false })
      .where(and(eq(users.id, userId), isNull(users.passwordHash))).returning();
    if (!u) throw badInput('account.register.accountExists', {}, 'jmbg', 'accountExists');
    await tx.insert(passwordHistory).values({ userId: u.id, passwordHash });
    await tx.insert(userRegistrations).values({ userId: u.id, address: null, document: null }).onConflictDoNothing();
    return u;
  });
}

/**
 * Sets a new password (inside the caller's transaction): the user row is locked (two changes at once run one after
 * the other), the policy of seed 001 §5 checked against the user's username, the password must not be the current
 * one nor one of the last PASSWORD_HISTORY; the weak-password flag is cleared and the hash added to the history.
 */
export async function setPassword(tx: DbOrTx, userId: number, password: string): Promise<User> {
  const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!u) throw badInput('user.notSignedIn', {}, 'password', 'unknownUser');
  const p = passwordProblem(password, u.username);
  if (p) throw badInput(p.key, p.params ?? {}, 'password', p.reason);
  const earlier = await tx.select({ h: passwordHistory.passwordHash }).from(passwordHistory)
    .where(eq(passwordHistory.userId, userId)).orderBy(desc(passwordHistory.id)).limit(PASSWORD_HISTORY);
  const hashes = new Set([...(u.passwordHash ? [u.passwordHash] : []), ...earlier.map((r) => r.h)]);
  for (const h of hashes) {
    if (await verifyPassword(password, h)) throw badInput('validation.passwordRecent', { count: PASSWORD_HISTORY }, 'password', 'passwordRecent');
  }
  const passwordHash = await hashPassword(password);
  const [updated] = await tx.update(users).set({ passwordHash, weakPassword: false }).where(eq(users.id, userId)).returning();
  await tx.insert(passwordHistory).values({ userId, passwordHash });
  return updated;
}

/** Sets a confirmed e-mail on the account (inside the caller's transaction, which spent the code). */
export async function setEmailOf(tx: DbOrTx, userId: number, email: string): Promise<User> {
  return uniqueOr400(async () => {
    const [u] = await tx.update(users).set({ email, emailNotSet: false }).where(eq(users.id, userId)).returning();
    return u;
  }, 'email', 'account.email.inUse');
}

/** The account of a recovery address: an e-mail, or a mobile number in national form. */
export async function accountOfRecoveryAddress(db: DbOrTx, channel: 'EMAIL' | 'SMS', address: string): Promise<User | null> {
  const match = channel === 'EMAIL' ? eq(sql`lower(${users.email})`, lower(address)) : eq(users.contactPhoneNumber, address);
  const rows = await db.select().from(users).where(and(match, eq(users.blocked, false))).limit(2);
  // a number shared by two accounts cannot tell which one: no code (the answer stays the same)
  return rows.length === 1 && rows[0].passwordHash !== null ? rows[0] : null;
}

/** Revokes every live session of the user except one (a password change signs the other devices out). */
export async function revokeOtherSessions(tx: DbOrTx, userId: number, exceptSessionId: string): Promise<void> {
  await tx.update(sessions).set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId), isNull(sessions.revokedAt)));
}

export const wrongOldPassword = () => new ApiError(400, 'ValidationError', 'account.change.wrongOldPassword', {}, 'wrongPassword', 'oldPassword');
