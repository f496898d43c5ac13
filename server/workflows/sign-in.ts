// Workflow: signing in and out. Spans user (credentials, sessions) and cart (merge, hand-over), one transaction each.
import type { Db } from '../db/index';
import { checkCredentials, customerAge, replaceSession, rotateSession, userIdOfSession, type User } from '../user/index';
import { keepCartForUser, takeOverCartsAtSignIn, type MergeResult } from '../cart/index';

export interface SignInResult { user: User; rawSessionId: string; sessionId: string; merge: MergeResult[] }

/**
 * Checks the credentials, then in one transaction: opens a new session bound to the user and revokes the old one
 * (user), and gives the user their cart with the anonymous cart merged into it (cart). Wrong credentials → 401
 * AuthenticationError; a blocked account (only told after a correct password) → 403 MtsBlockedUserError.
 */
export async function signIn(db: Db, oldSessionId: string, login: string, password: string): Promise<SignInResult> {
  const user = await checkCredentials(db, login, password);
  return db.transaction(async (tx) => {
    const s = await rotateSession(tx, oldSessionId, user.id);
    const merge = await takeOverCartsAtSignIn(tx, {
      oldSessionId, previousUserId: s.previousUserId, sessionId: s.sessionId, userId: user.id, customerAge: customerAge(user),
    });
    return { user, rawSessionId: s.rawSessionId, sessionId: s.sessionId, merge };
  });
}

/**
 * Sign-out: the user's open cart is stamped with the user (found again at the next sign-in), the session is revoked
 * and a new anonymous session (fresh empty cart) replaces it.
 */
export async function signOut(db: Db, sessionId: string): Promise<{ rawSessionId: string; sessionId: string }> {
  return db.transaction(async (tx) => {
    const userId = await userIdOfSession(tx, sessionId);
    if (userId) await keepCartForUser(tx, sessionId, userId);
    return replaceSession(tx, sessionId);
  });
}
