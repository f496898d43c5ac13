// Anonymous sessions (cookie `sid` / `__Host-sid`, stored as SHA-256) and short-lived bearer tokens. A token is
// signed, not stored: `<session id>.<expiry, ms base 36>.<nonce>.<HMAC-SHA256>` with a key derived from
// GATEWAY_SECRET (shared by the instances), so it is checked without the database; whether its session is still live
// (not revoked by sign-in or logout, not expired) is asked by the query a route needs anyway (the cart's), or by
// `sessionOfToken`.
//
// Expiry (issue 24): a session dies when idle (since last_seen_at) or old (since its authentication; an anonymous
// one since created_at) past SESSION_LIMITS. It is renewed on use, cheaply: when a token is issued (GET auth/token,
// POST refreshToken) and, on routes that read the session anyway (`authenticate`), at most once a minute. A token
// never outlives its session's deadline at issue (its expiry is capped by it, and renewal only moves the deadline
// later), so routes that check the token alone (`authenticateToken`, no database) never serve an expired session.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lt, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { qualified, type DbOrTx } from '../db/index';
import { sessions, users } from './schema';
import { invalidToken } from '../lib/errors';
import { randomToken, sha256 } from '../lib/ids';
import { secretsOf, type SecretRing } from '../lib/secret-ring';

export { SESSION_COOKIE, SECURE_SESSION_COOKIE } from './cookie';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Session lifetimes. A signed-in customer: 30 min idle, 12 h after signing in. An anonymous (cart) session: 7 days
 * idle (a shopper coming back the next day or the next weekend finds the cart), 30 days at most (the cookie's age).
 */
export const SESSION_LIMITS = {
  signedIn: { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR },
  anonymous: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  /** last_seen_at is written at most this often by requests that only use the session (token issue always writes) */
  renewEveryMs: MINUTE,
} as const;

/** The columns that decide a session's life. */
export interface SessionLife { userId: number | null; createdAt: Date; lastSeenAt: Date; authenticatedAt: Date | null; revokedAt: Date | null }

const lifeColumns = {
  id: sessions.id, userId: sessions.userId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt,
  authenticatedAt: sessions.authenticatedAt, revokedAt: sessions.revokedAt,
};

/** The moment (ms) an unrevoked session expires unless it is used again. */
export function sessionDeadline(s: Pick<SessionLife, 'userId' | 'createdAt' | 'lastSeenAt' | 'authenticatedAt'>): number {
  const limits = s.userId === null ? SESSION_LIMITS.anonymous : SESSION_LIMITS.signedIn;
  const since = (s.userId === null ? s.createdAt : s.authenticatedAt ?? s.createdAt).getTime();
  return Math.min(s.lastSeenAt.getTime() + limits.idleMs, since + limits.absoluteMs);
}

export type SessionState = 'live' | 'expired' | 'revoked';
export function sessionState(s: SessionLife, now: number): SessionState {
  if (s.revokedAt !== null) return 'revoked';
  return sessionDeadline(s) > now ? 'live' : 'expired';
}

const interval = (ms: number) => sql.raw(`interval '${ms} milliseconds'`);

/**
 * SQL: the session row (of `sessions`) is live at `now` (ms; default the database's clock) — not revoked, not idle
 * nor old past SESSION_LIMITS. The same rule as sessionState, for queries that check the session themselves.
 */
export function liveSessionSql(now?: number): SQL {
  const t = now === undefined ? sql`now()` : sql`${new Date(now).toISOString()}::timestamptz`;
  const { signedIn, anonymous } = SESSION_LIMITS;
  return sql`(${sessions.revokedAt} is null and case when ${sessions.userId} is null
    then ${sessions.lastSeenAt} > ${t} - ${interval(anonymous.idleMs)} and ${sessions.createdAt} > ${t} - ${interval(anonymous.absoluteMs)}
    else ${sessions.lastSeenAt} > ${t} - ${interval(signedIn.idleMs)} and coalesce(${sessions.authenticatedAt}, ${sessions.createdAt}) > ${t} - ${interval(signedIn.absoluteMs)} end)`;
}

/** SQL: a live session of id `sessionId` (a column of the caller's statement, e.g. a cart's session_id) exists. */
export function liveSessionExistsSql(sessionId: AnyColumn): SQL {
  return sql`exists (select 1 from ${sessions} where ${and(eq(sessions.id, qualified(sessionId)), liveSessionSql())})`;
}

/**
 * A subquery (alias `live_session`, field `id`) of the session `sessionId` when it is live (no row otherwise), for a
 * statement of another module that starts from the session (server/cart/service.ts: the open cart of a live session).
 */
export function liveSessionSubquery(sessionId: string | Placeholder) {
  return new QueryBuilder().select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, sessionId), liveSessionSql())).as('live_session');
}

/** The live sessions among `ids` with their user (null: anonymous) and the user's JMBG (null without one). */
export async function liveSessionUsers(db: DbOrTx, ids: string[]): Promise<Array<{ id: string; userId: number | null; jmbg: string | null }>> {
  return db.select({ id: sessions.id, userId: sessions.userId, jmbg: users.jmbg }).from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId)).where(and(inArray(sessions.id, ids), liveSessionSql()));
}

/**
 * SQL: a derived table of the live sessions among `ids` with columns "id", "user_id" and "jmbg" (the user's; null
 * when anonymous or without one), to join in another module's statement (server/cart/add-statements.ts: the add
 * batch's carts are locked and read with their session's user in one statement).
 */
export function liveSessionUsersSql(ids: string[]): SQL {
  return sql`(select ${sessions.id} as "id", ${sessions.userId} as "user_id", ${users.jmbg} as "jmbg" from ${sessions}
    left join ${users} on ${eq(users.id, sessions.userId)} where ${and(inArray(sessions.id, ids), liveSessionSql())})`;
}

/** SQL: the ids of the sessions bound to `userId` (a subquery, e.g. for `inArray` in another module's statement). */
export function sessionIdsOfUserSql(userId: number): SQL {
  return sql`(select ${sessions.id} from ${sessions} where ${sessions.userId} = ${userId})`;
}

/** The session of a raw cookie value, whatever its state (null: no such session). */
export async function lookupSession(db: DbOrTx, rawSid: string | undefined, now: number): Promise<{ id: string; state: SessionState; life: SessionLife } | null> {
  if (!rawSid) return null;
  const rows = await db.select(lifeColumns).from(sessions).where(eq(sessions.id, sha256(rawSid)));
  const row = rows[0];
  return row ? { id: row.id, state: sessionState(row, now), life: row } : null;
}

/** Finds the live session of a raw cookie value (not revoked, not expired at `now`). */
export async function findSession(db: DbOrTx, rawSid: string | undefined, now = Date.now()): Promise<string | null> {
  const s = await lookupSession(db, rawSid, now);
  return s?.state === 'live' ? s.id : null;
}

export async function createSession(db: DbOrTx, now = Date.now()): Promise<{ id: string; raw: string }> {
  const raw = randomToken(32);
  const id = sha256(raw);
  const at = new Date(now);
  await db.insert(sessions).values({ id, createdAt: at, lastSeenAt: at });
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

/** The session id of a well-signed, unexpired token (no database), or null. `ring`: the current secret, then the
 *  previous one during a rotation (a token signed before the switch stays valid until it expires). */
export function verifyToken(ring: SecretRing, token: string, now = Date.now()): string | null {
  for (const secret of secretsOf(ring)) {
    const sessionId = verifyTokenWith(secret, token, now);
    if (sessionId !== undefined) return sessionId;
  }
  return null;
}

/** The session id (null when expired) of a token this secret signed, or undefined when it did not sign it. */
function verifyTokenWith(secret: string, token: string, now: number): string | null | undefined {
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  const hit = verified.get(token);
  if (hit) return hit.exp > now ? hit.sessionId : null;
  const parts = token.split('.');
  if (parts.length !== 4 || !/^[0-9a-f]{64}$/.test(parts[0])) return undefined;
  const mac = Buffer.from(parts[3], 'base64url');
  const expected = createHmac('sha256', tokenKey(secret)).update(`${parts[0]}.${parts[1]}.${parts[2]}`).digest();
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return undefined;
  const exp = parseInt(parts[1], 36);
  if (!Number.isFinite(exp)) return null;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { sessionId: parts[0], exp });
  return exp > now ? parts[0] : null;
}

/**
 * A token for a live session, which it renews (last_seen_at = now, one conditional update): valid for `ttlMs`, but
 * never past the session's deadline. 401 InvalidTokenError when the session is revoked or expired meanwhile.
 */
export async function issueToken(db: DbOrTx, secret: string, sessionId: string, ttlMs: number, now = Date.now()): Promise<string> {
  const [s] = await db.update(sessions).set({ lastSeenAt: new Date(now) })
    .where(and(eq(sessions.id, sessionId), liveSessionSql(now)))
    .returning({ userId: sessions.userId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, authenticatedAt: sessions.authenticatedAt });
  if (!s) throw invalidToken();
  return signToken(secret, sessionId, Math.min(now + ttlMs, sessionDeadline(s)));
}

/** Whether a session exists, was not revoked and has not expired at `now` (default: the database's clock). */
export async function isLiveSession(db: DbOrTx, sessionId: string, now?: number): Promise<boolean> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.id, sessionId), liveSessionSql(now)));
  return rows.length > 0;
}

/**
 * The session of a valid, unexpired bearer token whose session is live, or null. A session last seen more than
 * SESSION_LIMITS.renewEveryMs ago is renewed (the idle time restarts).
 */
export async function sessionOfToken(db: DbOrTx, ring: SecretRing, token: string, now = Date.now()): Promise<string | null> {
  const sessionId = verifyToken(ring, token, now);
  if (!sessionId) return null;
  const [s] = await db.select(lifeColumns).from(sessions).where(eq(sessions.id, sessionId));
  if (!s || sessionState(s, now) !== 'live') return null;
  if (now - s.lastSeenAt.getTime() >= SESSION_LIMITS.renewEveryMs) {
    const at = new Date(now);
    await db.update(sessions).set({ lastSeenAt: at }).where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, at)));
  }
  return sessionId;
}
