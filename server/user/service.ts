// Anonymous sessions (cookie `sid`, stored as SHA-256) and short-lived bearer tokens. A token is signed, not stored:
// `<session id>.<expiry, ms base 36>.<nonce>.<HMAC-SHA256>` with a key derived from GATEWAY_SECRET (shared by the
// instances), so it is checked without the database; whether its session is still live (not revoked by sign-in
// or logout) is asked by the query a route needs anyway (the cart's), or by `sessionOfToken`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { sessions } from '../db/schema';
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

const keys = new Map<string, Buffer>();
/** The token key of a secret (a key of its own, derived from the shared secret). */
function tokenKey(secret: string): Buffer {
  let k = keys.get(secret);
  if (!k) keys.set(secret, (k = createHmac('sha256', secret).update('orbita-bearer-token-v1').digest()));
  return k;
}

/** Signs a token for a session, valid until `expiresAtMs`. */
export function signToken(secret: string, sessionId: string, expiresAtMs: number): string {
  const body = `${sessionId}.${expiresAtMs.toString(36)}.${randomToken(9)}`;
  return `${body}.${createHmac('sha256', tokenKey(secret)).update(body).digest('base64url')}`;
}

/**
 * Tokens whose signature was already checked, with their session and expiry: a shopper's page sends the same token
 * with every request for up to its lifetime, so the HMAC is computed once per token and secret, not once per request.
 * Bounded (the oldest entries go first); a hit still checks the expiry against the clock. A forged token never enters.
 */
const verifiedBySecret = new Map<string, Map<string, { sessionId: string; exp: number }>>();
const VERIFIED_MAX = 20_000;

/** The session id of a well-signed, unexpired token (no database), or null. */
export function verifyToken(secret: string, token: string, now = Date.now()): string | null {
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  const hit = verified.get(token);
  if (hit) return hit.exp > now ? hit.sessionId : null;
  const parts = token.split('.');
  if (parts.length !== 4 || !/^[0-9a-f]{64}$/.test(parts[0])) return null;
  const mac = Buffer.from(parts[3], 'base64url');
  const expected = createHmac('sha256', tokenKey(secret)).update(`${parts[0]}.${parts[1]}.${parts[2]}`).digest();
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  const exp = parseInt(parts[1], 36);
  if (!Number.isFinite(exp)) return null;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { sessionId: parts[0], exp });
  return exp > now ? parts[0] : null;
}

export async function issueToken(db: Db, secret: string, sessionId: string, ttlMs: number): Promise<string> {
  const now = new Date();
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  return signToken(secret, sessionId, now.getTime() + ttlMs);
}

/** Whether a session exists and was not revoked. */
export async function isLiveSession(db: DbOrTx, sessionId: string): Promise<boolean> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return rows.length > 0;
}

/** The session of a valid, unexpired bearer token whose session is live, or null. */
export async function sessionOfToken(db: Db, secret: string, token: string): Promise<string | null> {
  const sessionId = verifyToken(secret, token);
  return sessionId && (await isLiveSession(db, sessionId)) ? sessionId : null;
}
