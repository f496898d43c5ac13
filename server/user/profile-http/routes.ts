// The signed-in customer's profile (seed 001 §2 /Profil/Izmena-licnih-podataka, §7): the confirmation code
// (POST /users/security/requestotp), the personal-data change (PUT /users/personaldata), the consents (GET and POST
// /users/consents, POST /users/consents/withdraw with consentTemplateId and consentCode). Each change rotates the
// session: the answer sets the new session cookie and the browser fetches a new token.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractRoute, type RouteOf } from '../../lib/contract';
import { badInput } from '../../lib/errors';
import { requestLang } from '../../lib/lang';
import { requesterOf } from '../../lib/limits';
import { issueCode } from '../../outbox/index';
import { changeAccount, changeAccountWithCode, signedInUser } from '../../workflows/account-change';
import { consentsOfUser, giveConsent } from '../../workflows/consents';
import { setSessionCookie } from '../cookie';
import { userView } from '../accounts';
import { checkPersonalData, codeDestination, updatePersonalData, withdrawConsent } from '../profile';

/** E-mail codes live 300 s, SMS codes 60 s (seed 001 §9). */
export const PROFILE_CODE_SECONDS = { EMAIL: 300, SMS: 60 } as const;
const PURPOSE = 'PERSONAL_DATA';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db, paths, ui } = app.ctx;
  const auth = { preHandler: app.authenticate };
  const cookie = (reply: FastifyReply, raw: string) => {
    setSessionCookie(reply, raw);
    reply.header('Cache-Control', 'no-store');
  };

  app.route<RouteOf<'securityRequestOtp'>>({
    ...contractRoute(paths, 'securityRequestOtp'), ...auth,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (req) => {
      const user = await signedInUser(db, req.sessionId);
      const to = codeDestination(user);
      if (!to) throw badInput('profile.code.noDestination', {}, 'code', 'noDestination');
      const lang = requestLang(req);
      const seconds = PROFILE_CODE_SECONDS[to.channel];
      await issueCode(db, requesterOf(req), { purpose: PURPOSE, subject: to.subject, sessionId: req.sessionId! }, to.channel, seconds, (code) => ({
        subject: ui.message(lang, 'profile.code.subject'), body: ui.message(lang, 'profile.code.body', { code, minutes: Math.ceil(seconds / 60) }),
      }));
      return { channel: to.channel, destination: to.shown, expiresInSeconds: seconds };
    },
  });

  app.route<RouteOf<'personalDataUpdate'>>({
    ...contractRoute(paths, 'personalDataUpdate'), ...auth,
    handler: async (req, reply) => {
      const user = await signedInUser(db, req.sessionId);
      const data = checkPersonalData(req.body);
      const to = codeDestination(user);
      if (!to) throw badInput('profile.code.noDestination', {}, 'code', 'noDestination');
      const r = await changeAccountWithCode(db, app.ctx.limits, req.sessionId!, user.id, { purpose: PURPOSE, subject: to.subject, value: req.body.code },
        (tx) => updatePersonalData(tx, user.id, data));
      cookie(reply, r.rawSessionId);
      return { user: userView(r.value), message: ui.message(requestLang(req), 'profile.saved') };
    },
  });

  app.route<RouteOf<'userConsents'>>({
    ...contractRoute(paths, 'userConsents'), ...auth,
    handler: async (req, reply) => {
      const user = await signedInUser(db, req.sessionId);
      reply.header('Cache-Control', 'no-store');
      return { consents: await consentsOfUser(db, user.id, requestLang(req)) };
    },
  });

  app.route<RouteOf<'consentGive'>>({
    ...contractRoute(paths, 'consentGive'), ...auth,
    handler: async (req, reply) => {
      const user = await signedInUser(db, req.sessionId);
      const r = await changeAccount(db, req.sessionId!, user.id, (tx) => giveConsent(tx, user.id, req.body.consentTemplateId));
      cookie(reply, r.rawSessionId);
      const lang = requestLang(req);
      return { consents: await consentsOfUser(db, user.id, lang), message: ui.message(lang, 'profile.consent.given') };
    },
  });

  app.route<RouteOf<'consentWithdraw'>>({
    ...contractRoute(paths, 'consentWithdraw'), ...auth,
    handler: async (req, reply) => {
      const user = await signedInUser(db, req.sessionId);
      const r = await changeAccount(db, req.sessionId!, user.id, (tx) => withdrawConsent(tx, user.id, req.body.consentTemplateId, req.body.consentCode));
      cookie(reply, r.rawSessionId);
      const lang = requestLang(req);
      return { consents: await consentsOfUser(db, user.id, lang), message: ui.message(lang, 'profile.consent.withdrawn') };
    },
  });
}
