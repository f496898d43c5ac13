// Accounts: sign-in (session rotation + cart merge), sign-out, the User view of seed 001 §3, staff roles.
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { carts, sessions, users } from '../db/schema';
import { ApiError } from '../lib/errors';
import { randomToken, sha256 } from '../lib/ids';
import { findOpenCart } from '../cart/service';
import { mergeCarts, screenTakenOverCart, type MergeResult } from '../cart/merge';
import { verifyPassword } from './password';
import { ageFromJmbg } from './jmbg';

export type UserRow = typeof users.$inferSelect;

export const wrongCredentials = () => new ApiError(401, 'AuthenticationError', 'user.login.invalid');
export const blockedUser = () => new ApiError(403, 'MtsBlockedUserError', 'user.login.blocked');
export const notSignedIn = () => new ApiError(401, 'UnauthorizedError', 'user.notSignedIn');

/** The User of seed 001 §3 (user info), plus our `roles`. */
export function userView(u: UserRow) {
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
export async function findAccount(db: DbOrTx, login: string): Promise<UserRow | null> {
  const id = login.trim().toLowerCase();
  if (!id) return null;
  const rows = await db.select().from(users)
    .where(or(eq(sql`lower(${users.email})`, id), eq(sql`lower(${users.username})`, id))).limit(1);
  return rows[0] ?? null;
}

/** The signed-in user of a session, or null (anonymous). */
export async function userOfSession(db: DbOrTx, sessionId: string | null): Promise<UserRow | null> {
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

export interface SignInResult { user: UserRow; rawSessionId: string; sessionId: string; merge: MergeResult[] }

/**
 * Checks the credentials, then in one transaction: opens a new session bound to the user (new id → new
 * cookie, no fixation), revokes the old one (its tokens die with it) and gives the user their cart with the
 * anonymous cart merged into it (`mergeCarts`). Wrong credentials → 401 AuthenticationError; a blocked
 * account (only told after a correct password) → 403 MtsBlockedUserError.
 */
export async function signIn(db: Db, oldSessionId: string, login: string, password: string): Promise<SignInResult> {
  const user = await findAccount(db, login);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) throw wrongCredentials();
  if (user.blocked) throw blockedUser();
  return db.transaction(async (tx) => {
    const rawSessionId = randomToken(32);
    const sessionId = sha256(rawSessionId);
    const [old] = await tx.select().from(sessions).where(eq(sessions.id, oldSessionId));
    await tx.insert(sessions).values({ id: sessionId, userId: user.id });
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, oldSessionId));

    const current = await findOpenCart(tx, oldSessionId);
    // A cart of a previously signed-in session stays with its own user.
    if (current && old?.userId && old.userId !== user.id) {
      await tx.update(carts).set({ userId: old.userId }).where(eq(carts.id, current.id));
    }
    const anonymous = current && (!old?.userId || old.userId === user.id) ? current : null;
    const userCart = await latestUserCart(tx, user.id, anonymous?.id ?? null);
    let merge: MergeResult[] = [];
    // each bundle of the anonymous cart is judged by the add rules, the customer's age now known
    const age = user.jmbg ? ageFromJmbg(user.jmbg) : null;
    if (userCart) {
      await tx.update(carts).set({ sessionId, userId: user.id, updatedAt: new Date() }).where(eq(carts.id, userCart.id));
      if (anonymous) merge = await mergeCarts(tx, anonymous.id, userCart.id, age);
    } else if (anonymous) {
      await tx.update(carts).set({ sessionId, userId: user.id, updatedAt: new Date() }).where(eq(carts.id, anonymous.id));
      merge = await screenTakenOverCart(tx, anonymous.id, age);
    }
    return { user, rawSessionId, sessionId, merge };
  });
}

/** The user's most recent open cart (stamped with the user, or of one of the user's sessions). */
async function latestUserCart(tx: DbOrTx, userId: number, exceptCartId: number | null) {
  const rows = await tx.select({ c: carts }).from(carts).leftJoin(sessions, eq(sessions.id, carts.sessionId))
    .where(and(eq(carts.status, 'OPEN'), or(eq(carts.userId, userId), eq(sessions.userId, userId)),
      exceptCartId === null ? undefined : ne(carts.id, exceptCartId)))
    .orderBy(desc(carts.updatedAt), desc(carts.id)).limit(1);
  return rows[0]?.c ?? null;
}

/**
 * Sign-out: the user's open cart is stamped with the user (found again at the next sign-in), the session is
 * revoked and a new anonymous session (fresh empty cart) replaces it.
 */
export async function signOut(db: Db, sessionId: string): Promise<{ rawSessionId: string; sessionId: string }> {
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(sessions).where(eq(sessions.id, sessionId));
    if (s?.userId) {
      await tx.update(carts).set({ userId: s.userId }).where(and(eq(carts.sessionId, sessionId), eq(carts.status, 'OPEN')));
    }
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    const rawSessionId = randomToken(32);
    const id = sha256(rawSessionId);
    await tx.insert(sessions).values({ id });
    return { rawSessionId, sessionId: id };
  });
}
