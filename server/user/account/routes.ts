// Registration, password recovery / reset / change and fill-data routes (seed 001 §2–§5, §7). Thin: the work is the
// workflow server/workflows/account.ts. Every call that changes the account answers a new session cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractRoute, type RouteOf } from '../../lib/contract';
import { requestLang, type Lang } from '../../lib/lang';
import { requesterOf } from '../../lib/limits';
import { setSessionCookie } from '../cookie';
import { userView } from '../accounts';
import {
  changePassword, emailAvailable, identifyCustomer, register, requestRecovery, resetPassword, sendEmailCode, sendRegistrationCode,
  setEmail, usernameAvailable, type MailText, type SignedIn,
} from '../../workflows/account';

export interface AccountRouteOptions {
  rateLimit: Record<string, unknown>;
}

export async function accountRoutes(app: FastifyInstance, opts: AccountRouteOptions): Promise<void> {
  const { db, paths, ui } = app.ctx;
  const common = { config: { rateLimit: opts.rateLimit }, preHandler: (req: FastifyRequest) => app.authenticate(req) };
  /** The mail / SMS text of a code in the shopper's language (schemas/messages account.mail.<kind>.*). */
  const mail = (lang: Lang, kind: string): MailText => (code, seconds) => ({
    subject: ui.message(lang, `account.mail.${kind}.subject`),
    body: ui.message(lang, `account.mail.${kind}.body`, { code, minutes: Math.round(seconds / 60), seconds }),
  });
  const signedIn = (reply: FastifyReply, s: SignedIn) => {
    setSessionCookie(reply, s.rawSessionId);
    reply.header('Cache-Control', 'no-store');
    const v = userView(s.user);
    return { authorized: true, weakPassword: v.weakPassword, emailNotSet: v.emailNotSet };
  };

  app.route<RouteOf<'registerOtp'>>({
    ...contractRoute(paths, 'registerOtp'), ...common,
    handler: async (req) => sendRegistrationCode(db, requesterOf(req), req.sessionId!, req.body.email, mail(requestLang(req), 'registration')),
  });
  app.route<RouteOf<'checkUsername'>>({
    ...contractRoute(paths, 'checkUsername'), config: { rateLimit: opts.rateLimit },
    handler: async (req) => { await app.ctx.limits.lookup(requesterOf(req)); return usernameAvailable(db, req.body.username); },
  });
  app.route<RouteOf<'checkEmail'>>({
    ...contractRoute(paths, 'checkEmail'), config: { rateLimit: opts.rateLimit },
    handler: async (req) => { await app.ctx.limits.lookup(requesterOf(req)); return emailAvailable(db, req.body.email); },
  });
  app.route<RouteOf<'registerJmbg'>>({
    ...contractRoute(paths, 'registerJmbg'), ...common,
    handler: async (req) => identifyCustomer(db, req.body.jmbg, req.body.customerId),
  });
  app.route<RouteOf<'registerNew'>>({
    ...contractRoute(paths, 'registerNew'), ...common,
    handler: async (req, reply) => {
      const s = await register(db, requesterOf(req), req.sessionId!, req.body);
      signedIn(reply, s);
      return { username: s.user.username, email: s.user.email ?? '', authorized: true };
    },
  });
  app.route<RouteOf<'passwordRecovery'>>({
    ...contractRoute(paths, 'passwordRecovery'), ...common,
    handler: async (req) => requestRecovery(db, requesterOf(req), req.sessionId!, req.body.channel, req.body.address, mail(requestLang(req), req.body.channel === 'SMS' ? 'resetSms' : 'reset')),
  });
  app.route<RouteOf<'passwordReset'>>({
    ...contractRoute(paths, 'passwordReset'), ...common,
    handler: async (req, reply) => signedIn(reply, await resetPassword(db, requesterOf(req), req.sessionId!, req.body)),
  });
  app.route<RouteOf<'changePassword'>>({
    ...contractRoute(paths, 'changePassword'), ...common,
    handler: async (req, reply) => signedIn(reply, await changePassword(db, req.sessionId!, req.body)),
  });
  app.route<RouteOf<'emailOtp'>>({
    ...contractRoute(paths, 'emailOtp'), ...common,
    handler: async (req) => sendEmailCode(db, requesterOf(req), req.sessionId!, req.body.email, mail(requestLang(req), 'email')),
  });
  app.route<RouteOf<'setEmail'>>({
    ...contractRoute(paths, 'setEmail'), ...common,
    handler: async (req, reply) => {
      const lang = requestLang(req);
      return signedIn(reply, await setEmail(db, requesterOf(req), req.sessionId!, req.body, (shown) => ({
        subject: ui.message(lang, 'account.mail.emailChanged.subject'), body: ui.message(lang, 'account.mail.emailChanged.body', { email: shown }),
      })));
    },
  });
}
