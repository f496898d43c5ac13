// Who may use the studio: only a development server (buildApp({ dev: true })) and only a signed-in session with
// the staff role. The session is the bearer token's (API calls of the shop) or the session cookie's (`sid`, `__Host-sid` over HTTPS) (the studio page
// and its own calls, which the browser sends with the cookie).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { ApiError } from '../lib/errors';
import { sessionHasRole } from '../user/index';
import { findSession, sessionCookieOf, sessionOfToken } from '../user/index';

export type StudioAccess = 'ok' | 'production' | 'notStaff';

async function sessionOf(db: Db, req: FastifyRequest): Promise<string | null> {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  const now = req.server.ctx.now();
  if (m) return sessionOfToken(db, req.server.ctx.gatewaySecrets, m[1], now);
  return findSession(db, sessionCookieOf(req), now);
}

export async function studioAccess(db: Db, dev: boolean, req: FastifyRequest): Promise<StudioAccess> {
  if (!dev) return 'production';
  return (await sessionHasRole(db, await sessionOf(db, req), 'staff')) ? 'ok' : 'notStaff';
}

/** 403 ForbiddenError with the reason: production (the studio is off) or notStaff (anonymous or not staff). */
export function forbidden(access: Exclude<StudioAccess, 'ok'>): ApiError {
  return new ApiError(403, 'ForbiddenError', `studio.forbidden.${access}`, {}, access);
}
