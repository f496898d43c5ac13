// Who may use the studio: only a development server (buildApp({ dev: true })) and only a signed-in session with
// the staff role. The session is the bearer token's (API calls of the shop) or the session cookie's (`sid`, `__Host-sid` over HTTPS) (the studio page
// and its own calls, which the browser sends with the cookie).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index';
import { ApiError } from '../lib/errors';
import { sessionHasRole, userOfSession } from '../user/index';
import { findSession, sessionCookieOf, sessionOfToken } from '../user/index';

export type StudioAccess = 'ok' | 'production' | 'notStaff';

export async function sessionOf(db: Db, req: FastifyRequest): Promise<string | null> {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  const now = req.server.ctx.now();
  if (m) return sessionOfToken(db, req.server.ctx.gatewaySecrets, m[1], now);
  return findSession(db, sessionCookieOf(req), now);
}

/** The studio's roles when the documents live in the database (issue 29): editors save drafts, reviewers publish and roll back. */
export type StudioRole = 'editor' | 'reviewer';

export async function studioAccess(db: Db, dev: boolean, req: FastifyRequest, database = false): Promise<StudioAccess> {
  if (database) return (await studioUser(db, req)) ? 'ok' : 'notStaff';
  if (!dev) return 'production';
  return (await sessionHasRole(db, await sessionOf(db, req), 'staff')) ? 'ok' : 'notStaff';
}

/** Database mode: the signed-in, unblocked account with a studio role (editor or reviewer), else null. */
export async function studioUser(db: Db, req: FastifyRequest, role?: StudioRole): Promise<{ id: number; roles: string[] } | null> {
  const u = await userOfSession(db, await sessionOf(db, req));
  if (!u || u.blocked) return null;
  const ok = role ? u.roles.includes(role) : u.roles.includes('editor') || u.roles.includes('reviewer');
  return ok ? { id: u.id, roles: u.roles } : null;
}

/** 403 ForbiddenError with the reason: production (the studio is off) or notStaff (anonymous or not staff). */
export function forbidden(access: Exclude<StudioAccess, 'ok'>): ApiError {
  return new ApiError(403, 'ForbiddenError', `studio.forbidden.${access}`, {}, access);
}
