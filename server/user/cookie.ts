// The session cookie (issue 24). Over HTTPS — the request came over TLS, or through a trusted proxy that says so
// (X-Forwarded-Proto with TRUST_PROXY), or COOKIE_SECURE=true — it is `__Host-sid`: Secure, Path=/, no Domain, so
// no sub-domain nor plain-http page can set or shadow it. Browsers refuse a `__Host-` cookie without Secure, so over
// plain http (development, the e2e suite on http://127.0.0.1) it is `sid`. A request reads only the name of its own
// scheme: a `sid` planted over http is never taken for the secure one. Both are HttpOnly and SameSite=Lax (Strict
// would drop the cookie on the shopper's return from the card gateway's page, a top-level navigation from another
// site, and with it the cart).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../lib/ids';

export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';
/** The cookie lasts as long as the longest session (an anonymous one, 30 days); the server decides expiry. */
export const SESSION_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

/** Whether the session cookie of this request is the secure one. */
export function secureSessionCookie(req: FastifyRequest): boolean {
  return req.server.ctx.secureCookies || req.protocol === 'https';
}

export function sessionCookieName(req: FastifyRequest): string {
  return secureSessionCookie(req) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The raw session id the request carries (only the cookie name of its scheme counts). */
export function sessionCookieOf(req: FastifyRequest): string | undefined {
  return req.cookies[sessionCookieName(req)];
}

/** The session id the request's cookie names (sessions.id, the cookie's sha256), without asking the database whether it
 *  is live: what a partial rollout of the UI documents picks sessions by (a made-up cookie only picks its own bucket). */
export function sessionIdOfCookie(req: FastifyRequest): string | null {
  const raw = sessionCookieOf(req);
  return raw ? sha256(raw) : null;
}

export function sessionCookieOptions(req: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureSessionCookie(req), maxAge: SESSION_COOKIE_MAX_AGE_S };
}

/** Sets the session cookie on the answer (its name and attributes by the request's scheme). */
export function setSessionCookie(reply: FastifyReply, rawSessionId: string): void {
  reply.setCookie(sessionCookieName(reply.request), rawSessionId, sessionCookieOptions(reply.request));
}
