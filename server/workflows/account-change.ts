// Workflow: a change of the signed-in customer's account (personal data confirmed by a one-time code; a consent given
// or withdrawn). Spans user (the change, the session), outbox (the code) and cart (the cart follows the session).
// Every account change rotates the session (issue 11 "Security"): a new session id (new cookie) bound to the same
// user replaces the old one, whose tokens stop working; the open cart moves to the new session. One transaction.
import type { Db, Tx } from '../db/index';
import { notSignedIn, rotateSession, userOfSession, type User } from '../user/index';
import { moveSessionCart } from '../cart/index';
import { spendCode } from '../outbox/index';
import type { Limits } from '../lib/limits';

export interface Rotated<T> { value: T; rawSessionId: string; sessionId: string }

/** The signed-in user of the session, or 401. */
export async function signedInUser(db: Db, sessionId: string | null | undefined): Promise<User> {
  const u = await userOfSession(db, sessionId ?? null);
  if (!u) throw notSignedIn();
  return u;
}

async function rotate<T>(tx: Tx, sessionId: string, userId: number, value: T): Promise<Rotated<T>> {
  const s = await rotateSession(tx, sessionId, userId);
  await moveSessionCart(tx, sessionId, s.sessionId);
  return { value, rawSessionId: s.rawSessionId, sessionId: s.sessionId };
}

/** A change without a code (consents): the change and the rotation in one transaction. */
export function changeAccount<T>(db: Db, sessionId: string, userId: number, change: (tx: Tx) => Promise<T>): Promise<Rotated<T>> {
  return db.transaction(async (tx) => rotate(tx, sessionId, userId, await change(tx)));
}

/**
 * A change confirmed by a one-time code (purpose, sent to `subject` in this session): the code is spent, the change
 * made and the session rotated in one transaction — a wrong, expired or reused code changes nothing.
 */
export async function changeAccountWithCode<T>(
  db: Db, limits: Limits, sessionId: string, userId: number, code: { purpose: string; subject: string; value: string },
  change: (tx: Tx) => Promise<T>,
): Promise<Rotated<T>> {
  const r = await spendCode(db, limits, { purpose: code.purpose, subject: code.subject, sessionId }, code.value, 'code', async (tx) => rotate(tx as Tx, sessionId, userId, await change(tx as Tx)));
  return r!;
}
