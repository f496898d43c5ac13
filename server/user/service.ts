// Anonymous sessions (cookie `sid`, stored as SHA-256) and short-lived bearer tokens (stored hashed).
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/index';
import { bearerTokens, sessions } from '../db/schema';
import { randomToken, sha256 } from '../lib/ids';

export const SESSION_COOKIE = 'sid';

/** Finds the live session of a raw cookie value. */
export async function findSession(db: Db, rawSid: string | undefined): Promise<string | null> {
  if (!rawSid) return null;
  const id = sha256(rawSid);
  const rows = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  return rows[0]?.id ?? null;
}

export async function createSession(db: Db): Promise<{ id: string; raw: string }> {
  const raw = randomToken(32);
  const id = sha256(raw);
  await db.insert(sessions).values({ id });
  return { id, raw };
}

export async function issueToken(db: Db, sessionId: string, ttlMs: number): Promise<string> {
  const token = randomToken(32);
  const now = new Date();
  await db.insert(bearerTokens).values({ tokenHash: sha256(token), sessionId, expiresAt: new Date(now.getTime() + ttlMs) });
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  // Expired tokens of this session are of no use any more.
  await db.delete(bearerTokens).where(and(eq(bearerTokens.sessionId, sessionId), lt(bearerTokens.expiresAt, now)));
  return token;
}

/** The session of a valid, unexpired bearer token, or null. */
export async function sessionOfToken(db: Db, token: string): Promise<string | null> {
  const rows = await db.select({ sessionId: bearerTokens.sessionId }).from(bearerTokens)
    .innerJoin(sessions, eq(sessions.id, bearerTokens.sessionId))
    .where(and(eq(bearerTokens.tokenHash, sha256(token)), gt(bearerTokens.expiresAt, new Date()), isNull(sessions.revokedAt)));
  return rows[0]?.sessionId ?? null;
}
