// GET auth/token (creates the anonymous session), POST refreshToken, POST authorize (sign-in), POST logout,
// GET user info (seed 001 §4, §7).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractRoute, type RouteOf } from '../lib/contract';
import { ApiError, badInput, invalidToken } from '../lib/errors';
import type { FailureCounter } from './throttle';
import { requestLang } from '../lib/lang';
import { createSession, findSession, issueToken, lookupSession, sessionOfToken, verifyToken } from './service';
import { sessionCookieOf, setSessionCookie } from './cookie';
import { findAccount, notSignedIn, userOfSession, userView } from './accounts';
import { signIn, signOut } from '../workflows/sign-in';
import { accountRoutes } from './account/routes';

interface AuthorizeBody { userId: string; encodedPassword: string; rememberMe?: boolean }

/** encodedPassword is the base64 of the UTF-8 password (seed 001 §7). */
export function decodePassword(encoded: string): string | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const s = Buffer.from(encoded, 'base64').toString('utf8');
  return s.length > 0 && !s.includes('\uFFFD') ? s : null;
}

export interface LoginThrottle { counter: FailureCounter; perAccount: number; perAddress: number; windowMs: number }

/** A signed-in session past its idle or absolute limit: the customer must sign in again (the front end reloads). */
const signInExpired = () => new ApiError(401, 'InvalidTokenError', 'error.signInExpired', {}, 'sessionExpired');

type Db = FastifyInstance['ctx']['db'];

export async function userRoutes(app: FastifyInstance, opts: { rateLimitMax: number; loginThrottle: LoginThrottle }): Promise<void> {
  const rateLimit = rateLimitOf(app, opts.rateLimitMax);
  sessionRoutes(app, rateLimit);
  authenticators(app);
  signInRoutes(app, rateLimit, opts.loginThrottle);
  await accountRoutes(app, { rateLimit });
}

/** Keyed by the session when the request carries a live one (rateLimitMax a minute), else by the address with a
 *  20 times higher ceiling: many shoppers behind one carrier-grade NAT address each have their own session, and
 *  a made-up cookie falls back to the address. */
function rateLimitOf(app: FastifyInstance, rateLimitMax: number) {
  const { db, now } = app.ctx;
  return {
    max: (_req: FastifyRequest, key: string) => (key.startsWith('sid:') ? rateLimitMax : rateLimitMax * 20),
    timeWindow: '1 minute',
    keyGenerator: async (req: FastifyRequest) => {
      const sessionId = await findSession(db, sessionCookieOf(req), now());
      return sessionId ? `sid:${sessionId}` : `ip:${req.ip}`;
    },
  };
}
type RateLimit = ReturnType<typeof rateLimitOf>;

/** 429 after too many failed sign-ins (of the account or from the address), with when to try again. */
function tooManyFailures(reply: FastifyReply, retryAfterMs: number, key: string): ApiError {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new ApiError(429, 'TooManyRequestsError', key, { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) }, key === 'user.login.locked' ? 'accountLocked' : 'addressLocked');
}

/** The session's token: a new session (and token) when there is no live one, and a fresh token for a live one. */
function sessionRoutes(app: FastifyInstance, rateLimit: RateLimit): void {
  const { db, paths, tokenTtlMs, gatewaySecret, now } = app.ctx;
  app.route<RouteOf<'authToken'>>({
    ...contractRoute(paths, 'authToken'),
    config: { rateLimit },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      // no live session (none, revoked, or expired: an expired sign-in ends here as an anonymous session): a new one
      const at = now();
      let sessionId = await findSession(db, sessionCookieOf(req), at);
      if (!sessionId) {
        const s = await createSession(db, at);
        sessionId = s.id;
        setSessionCookie(reply, s.raw);
      }
      reply.header('Cache-Control', 'no-store');
      const token = await issueToken(db, gatewaySecret, sessionId, tokenTtlMs, at);
      return { data: { token, authorized: (await userOfSession(db, sessionId)) !== null } };
    },
  });

  app.route<RouteOf<'refreshToken'>>({
    ...contractRoute(paths, 'refreshToken'),
    config: { rateLimit },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const at = now();
      const found = await lookupSession(db, sessionCookieOf(req), at);
      if (!found || found.state === 'revoked') throw invalidToken();
      let sessionId = found.id;
      if (found.state === 'expired') {
        // a signed-in customer signs in again; an expired cart session is replaced at once, without an error
        if (found.life.userId !== null) throw signInExpired();
        const s = await createSession(db, at);
        sessionId = s.id;
        setSessionCookie(reply, s.raw);
      }
      reply.header('Cache-Control', 'no-store');
      return { data: { response: await issueToken(db, gatewaySecret, sessionId, tokenTtlMs, at) } };
    },
  });
}

/** The preHandlers `authenticate` (a live session's token) and `authenticateToken` (the token alone). */
function authenticators(app: FastifyInstance): void {
  const { db, now } = app.ctx;
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const h = req.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
    if (!m) throw invalidToken();
    const sessionId = await sessionOfToken(db, app.ctx.gatewaySecrets, m[1], now());
    if (!sessionId) throw invalidToken();
    req.sessionId = sessionId;
  });
  // The token's signature and expiry only (no database): for routes whose own first query checks that the session
  // is live (the cart's), and for the catalogue (public data).
  app.decorate('authenticateToken', async (req: FastifyRequest) => {
    const h = req.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
    const sessionId = m ? verifyToken(app.ctx.gatewaySecrets, m[1], now()) : null;
    if (!sessionId) throw invalidToken();
    req.sessionId = sessionId;
  });
}

/** Sign-in (throttled), sign-out and the signed-in customer's data. */
function signInRoutes(app: FastifyInstance, rateLimit: RateLimit, throttle: LoginThrottle): void {
  const { db, paths } = app.ctx;
  app.route<RouteOf<'authorize'>>({
    ...contractRoute(paths, 'authorize'),
    config: { rateLimit },
    preHandler: (req) => app.authenticate(req),
    handler: async (req: FastifyRequest<{ Body: AuthorizeBody }>, reply: FastifyReply) => {
      const password = decodePassword(req.body.encodedPassword);
      if (password === null) throw badInput('user.login.badPassword', {}, 'encodedPassword', 'encoding');
      const r = await throttledSignIn(db, throttle, req, reply, password);
      setSessionCookie(reply, r.rawSessionId);
      reply.header('Cache-Control', 'no-store');
      const v = userView(r.user);
      return { data: { authorized: true, customerId: v.customerId, weakPassword: v.weakPassword, emailNotSet: v.emailNotSet, merge: r.merge } };
    },
  });

  app.route<RouteOf<'logout'>>({
    ...contractRoute(paths, 'logout'),
    config: { rateLimit },
    preHandler: (req) => app.authenticate(req),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const r = await signOut(db, req.sessionId!);
      setSessionCookie(reply, r.rawSessionId);
      reply.header('Cache-Control', 'no-store');
      return { message: app.ctx.ui.message(requestLang(req), 'user.logout.success') };
    },
  });

  app.route<RouteOf<'userInfo'>>({
    ...contractRoute(paths, 'userInfo'),
    schema: {
      querystring: { type: 'object', properties: { isPaymentDetailsRequired: { type: 'boolean' } } },
      response: { 200: { $ref: 'user.json#/$defs/User' } },
    },
    preHandler: (req) => app.authenticate(req),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const user = await userOfSession(db, req.sessionId);
      if (!user) throw notSignedIn();
      reply.header('Cache-Control', 'no-store');
      return userView(user);
    },
  });
}

/** Failures are throttled per account and per address (server/user/throttle.ts); a sign-in that does not fail
 *  gives its attempt back, so only failures add up. */
async function throttledSignIn(db: Db, { counter, perAccount, perAddress, windowMs }: LoginThrottle, req: FastifyRequest<{ Body: AuthorizeBody }>, reply: FastifyReply, password: string) {
  const account = await findAccount(db, req.body.userId);
  const accountKey = `account:${account ? account.id : req.body.userId.trim().toLowerCase()}`;
  const addressKey = `address:${req.ip}`;
  const byAddress = await counter.attempt(addressKey, perAddress, windowMs);
  if (!byAddress.allowed) throw tooManyFailures(reply, byAddress.retryAfterMs, 'user.login.addressLocked');
  const byAccount = await counter.attempt(accountKey, perAccount, windowMs);
  if (!byAccount.allowed) {
    await counter.release(addressKey);
    throw tooManyFailures(reply, byAccount.retryAfterMs, 'user.login.locked');
  }
  let r;
  try {
    r = await signIn(db, req.sessionId!, req.body.userId, password);
  } catch (err) {
    if (!(err instanceof ApiError && err.type === 'AuthenticationError')) await Promise.all([counter.release(accountKey), counter.release(addressKey)]);
    throw err;
  }
  await Promise.all([counter.clear(accountKey), counter.release(addressKey)]);
  return r;
}
