// Accounts: credentials, session rotation at sign-in / sign-out, the User view of seed 001 §3, staff roles.
// The cart's part of signing in and out is the workflow server/workflows/sign-in.ts.
import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { qualified, type DbOrTx } from '../db/index';
import { sessions, users } from './schema';
import { ApiError } from '../lib/errors';
import { randomToken, sha256 } from '../lib/ids';
import { verifyPassword } from './password';
import { ageFromJmbg } from './jmbg';

export type UserRow = typeof users.$inferSelect;

/**
 * A user account as other modules see it: the contract the module's functions answer and take (issue 28: no row
 * types across modules). Everything of the row but the password hash: a password is checked here
 * (checkCredentials, isCurrentPassword), never elsewhere.
 */
export type User = Omit<UserRow, 'passwordHash'>;

export const wrongCredentials = () => new ApiError(401, 'AuthenticationError', 'user.login.invalid');
export const blockedUser = () => new ApiError(403, 'MtsBlockedUserError', 'user.login.blocked');
export const notSignedIn = () => new ApiError(401, 'UnauthorizedError', 'user.notSignedIn');

/** The User of seed 001 §3 (user info), plus our `roles`. */
export function userView(u: User) {
  return {
    email: u.email ?? null,
    firstName: u.firstName,
    lastName: u.lastName,
    userName: u.username,
    contactPhoneNumber: u.contactPhoneNumber ?? null,
    customerId: u.customerId ?? null,
    weakPassword: u.weakPassword,
    emailNotSet: u.emailNotSet || !u.email,
    isBox: u.isBox,
    isCostControl: u.isCostControl,
    isFixed: u.isFixed,
    isLightAccount: u.isLightAccount,
    isNet: u.isNet,
    isPostPaid: u.isPostPaid,
    isPrePaid: u.isPrePaid,
    isTv: u.isTv,
    subaccountLogin: u.subaccountLogin,
    otpLogin: u.otpLogin,
    roles: [...u.roles],
  };
}
export type UserView = ReturnType<typeof userView>;

/** The account by e-mail or username (case-insensitive, trimmed). */
export async function findAccount(db: DbOrTx, login: string): Promise<User | null> {
  return accountRow(db, login);
}

async function accountRow(db: DbOrTx, login: string): Promise<UserRow | null> {
  const id = login.trim().toLowerCase();
  if (!id) return null;
  const rows = await db.select().from(users)
    .where(or(eq(sql`lower(${users.email})`, id), eq(sql`lower(${users.username})`, id))).limit(1);
  return rows[0] ?? null;
}

/** The signed-in user of a session, or null (anonymous). */
export async function userOfSession(db: DbOrTx, sessionId: string | null): Promise<User | null> {
  if (!sessionId) return null;
  const rows = await db.select({ u: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId)).limit(1);
  return rows[0]?.u ?? null;
}

/** Whether the session's user has the role (e.g. 'staff' for the studio of issue 4). */
export async function sessionHasRole(db: DbOrTx, sessionId: string | null, role: string): Promise<boolean> {
  const u = await userOfSession(db, sessionId);
  return !!u && !u.blocked && u.roles.includes(role);
}

/**
 * The account of these credentials. Wrong credentials → 401 AuthenticationError; a blocked account (only told after
 * a correct password) → 403 MtsBlockedUserError.
 */
export async function checkCredentials(db: DbOrTx, login: string, password: string): Promise<User> {
  const user = await accountRow(db, login);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) throw wrongCredentials();
  if (user.blocked) throw blockedUser();
  return user;
}

/**
 * Sign-in's session part (inside the caller's transaction): a new session bound to the user (new id → new cookie,
 * no fixation) and the old one revoked (its tokens die with it). Answers the old session's user, if it had one.
 * The rotation of the same user's session (an account change) keeps the time of the authentication: the 12 h
 * absolute limit (server/user/service.ts SESSION_LIMITS) is not restarted by changing a consent.
 */
export async function rotateSession(tx: DbOrTx, oldSessionId: string, userId: number): Promise<{ rawSessionId: string; sessionId: string; previousUserId: number | null }> {
  const rawSessionId = randomToken(32);
  const sessionId = sha256(rawSessionId);
  const [old] = await tx.select().from(sessions).where(eq(sessions.id, oldSessionId));
  const authenticatedAt = old && old.userId === userId ? old.authenticatedAt ?? old.createdAt : new Date();
  await tx.insert(sessions).values({ id: sessionId, userId, authenticatedAt });
  await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, oldSessionId));
  return { rawSessionId, sessionId, previousUserId: old?.userId ?? null };
}

/** Sign-out's session part (inside the caller's transaction): the session revoked, a new anonymous one in its place. */
export async function replaceSession(tx: DbOrTx, sessionId: string): Promise<{ rawSessionId: string; sessionId: string }> {
  await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  const rawSessionId = randomToken(32);
  const id = sha256(rawSessionId);
  await tx.insert(sessions).values({ id });
  return { rawSessionId, sessionId: id };
}

/**
 * The account a session is bound to, for the send limits (server/lib/limits.ts `Limits.accountOf`, wired by the
 * composition root: lib sits below user and cannot read sessions itself). Null: anonymous or unknown.
 */
export async function accountOfSession(db: DbOrTx, sessionId: string): Promise<number | null> {
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.userId ?? null;
}

/**
 * SQL: the full name ("first last") of the user whose id is `userId` (a column or expression of the caller's
 * statement), null when there is none — a scalar subquery, so a listing names its authors in the same statement.
 */
export function userFullNameSql(userId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(SELECT ${qualified(users.firstName)} || ' ' || ${qualified(users.lastName)} FROM ${users} WHERE ${qualified(users.id)} = ${qualified(userId)})`;
}

/** The full name ("first last") of a user, null when there is no such user. */
export async function userFullName(db: DbOrTx, userId: number): Promise<string | null> {
  const [who] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, userId));
  return who ? `${who.first} ${who.last}` : null;
}

/** The user id a session is bound to (null: anonymous or unknown). */
export async function userIdOfSession(db: DbOrTx, sessionId: string): Promise<number | null> {
  const [s] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));
  return s?.userId ?? null;
}

/** The customer's age from the account's JMBG (null without one). */
export const customerAge = (u: User): number | null => (u.jmbg ? ageFromJmbg(u.jmbg) : null);

/** Is this the user's current password (a change of it, or of other credentials, asks for it first)? */
export async function isCurrentPassword(db: DbOrTx, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return verifyPassword(password, row?.passwordHash);
}
