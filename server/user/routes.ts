// GET auth/token (creates the anonymous session) and POST refreshToken.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalidToken } from '../lib/errors';
import { SESSION_COOKIE, createSession, findSession, issueToken, sessionOfToken } from './service';

const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: 60 * 60 * 24 * 30 });

export async function userRoutes(app: FastifyInstance, opts: { secureCookies: boolean; rateLimitMax: number }): Promise<void> {
  const { db, paths, tokenTtlMs } = app.ctx;
  const rateLimit = { max: opts.rateLimitMax, timeWindow: '1 minute' };

  app.route({
    method: paths.authToken.method, url: paths.authToken.path,
    config: { rateLimit },
    schema: { response: { 200: { $ref: 'user.json#/$defs/TokenResponse' } } },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      let sessionId = await findSession(db, req.cookies[SESSION_COOKIE]);
      if (!sessionId) {
        const s = await createSession(db);
        sessionId = s.id;
        reply.setCookie(SESSION_COOKIE, s.raw, cookieOptions(opts.secureCookies));
      }
      reply.header('Cache-Control', 'no-store');
      return { data: { token: await issueToken(db, sessionId, tokenTtlMs) } };
    },
  });

  app.route({
    method: paths.refreshToken.method, url: paths.refreshToken.path,
    config: { rateLimit },
    schema: { response: { 200: { $ref: 'user.json#/$defs/RefreshResponse' } } },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const sessionId = await findSession(db, req.cookies[SESSION_COOKIE]);
      if (!sessionId) throw invalidToken();
      reply.header('Cache-Control', 'no-store');
      return { data: { response: await issueToken(db, sessionId, tokenTtlMs) } };
    },
  });

  app.decorate('authenticate', async (req: FastifyRequest) => {
    const h = req.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
    if (!m) throw invalidToken();
    const sessionId = await sessionOfToken(db, m[1]);
    if (!sessionId) throw invalidToken();
    req.sessionId = sessionId;
  });
}
