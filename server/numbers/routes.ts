// Thin routes of the MSISDN calls (seed 001 §7: /users/phone/carts/msisdns…), and the release job's poller.
import type { FastifyInstance } from 'fastify';
import { requestLang, type Lang } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { money } from '../lib/money';
import { getOrCreateCart } from '../cart/index';
import { userOfSession } from '../user/index';
import {
  checkNumber, chooseExistingNumber, chooseNewNumber, choiceOf, listNumbers, ownNumbers, portIn, requestPortInOtp, reserveNumber,
  runDueNumberJobs, OTP_SECONDS, type PortInBody,
} from './service';

/** How often an instance looks for due release jobs (the reservation itself stops holding at expiresAt anyway). */
const JOB_POLL_MS = 30_000;

export async function numberRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  const lq = { $ref: 'common.json#/$defs/LangQuery' };
  const choiceResponse = { 200: { $ref: 'numbers.json#/$defs/ChoiceResponse' } };
  const cartIdOf = async (sessionId: string) => (await getOrCreateCart(db, sessionId)).id;
  const priced = <T extends { price: number }>(x: T, lang: Lang) => ({ ...x, price: money(x.price, lang) });
  const choiceView = (c: Awaited<ReturnType<typeof choiceOf>>, lang: Lang) => ({ choice: c.choice ? priced(c.choice, lang) : null });
  const signedIn = async (sessionId: string) => {
    const user = await userOfSession(db, sessionId);
    if (!user) throw new ApiError(403, 'ForbiddenError', 'numbers.error.signInFirst');
    return user;
  };

  app.route<{ Querystring: { type?: 'FREE' | 'NICE'; query?: string; pageSize?: number } }>({
    method: paths.msisdnList.method, url: paths.msisdnList.path, ...auth,
    schema: { querystring: { $ref: 'numbers.json#/$defs/ListQuery' }, response: { 200: { $ref: 'numbers.json#/$defs/ListResponse' } } },
    handler: async (req) => {
      const lang = requestLang(req);
      const list = await listNumbers(db, await cartIdOf(req.sessionId!), req.query);
      return { msisdns: list.map((n) => priced(n, lang)) };
    },
  });
  app.route({
    method: paths.msisdnRegistered.method, url: paths.msisdnRegistered.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'numbers.json#/$defs/RegisteredResponse' } } },
    handler: async (req) => ({ msisdns: await ownNumbers(db, (await signedIn(req.sessionId!)).id) }),
  });
  app.route<{ Querystring: { msisdn: string } }>({
    method: paths.msisdnCheck.method, url: paths.msisdnCheck.path, ...auth,
    schema: { querystring: { $ref: 'numbers.json#/$defs/CheckQuery' }, response: { 200: { $ref: 'numbers.json#/$defs/CheckResponse' } } },
    handler: async (req) => {
      const r = await checkNumber(db, await cartIdOf(req.sessionId!), req.query.msisdn);
      return { ...r, price: r.price === null ? null : money(r.price, requestLang(req)) };
    },
  });
  app.route<{ Body: { msisdn: string } }>({
    method: paths.msisdnReserve.method, url: paths.msisdnReserve.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'numbers.json#/$defs/MsisdnBody' }, response: choiceResponse },
    handler: async (req) => choiceView(await reserveNumber(db, await cartIdOf(req.sessionId!), req.body.msisdn), requestLang(req)),
  });
  app.route({
    method: paths.msisdnNew.method, url: paths.msisdnNew.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'numbers.json#/$defs/EmptyBody' }, response: choiceResponse },
    handler: async (req) => choiceView(await chooseNewNumber(db, await cartIdOf(req.sessionId!)), requestLang(req)),
  });
  app.route<{ Body: { msisdn: string } }>({
    method: paths.msisdnRegisteredNew.method, url: paths.msisdnRegisteredNew.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'numbers.json#/$defs/MsisdnBody' }, response: choiceResponse },
    handler: async (req) => {
      const user = await signedIn(req.sessionId!);
      return choiceView(await chooseExistingNumber(db, await cartIdOf(req.sessionId!), user.id, req.body.msisdn), requestLang(req));
    },
  });
  app.route<{ Body: { msisdn: string } }>({
    method: paths.msisdnRequestOtp.method, url: paths.msisdnRequestOtp.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'numbers.json#/$defs/MsisdnBody' }, response: { 200: { $ref: 'numbers.json#/$defs/OtpResponse' } } },
    handler: async (req) => {
      const lang = requestLang(req);
      return requestPortInOtp(db, req.sessionId!, req.body.msisdn, (code) => ({
        subject: ui.message(lang, 'numbers.otp.subject'),
        body: ui.message(lang, 'numbers.otp.body', { code, seconds: OTP_SECONDS }),
      }));
    },
  });
  app.route<{ Body: PortInBody }>({
    method: paths.msisdnPortIn.method, url: paths.msisdnPortIn.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'numbers.json#/$defs/PortInBody' }, response: choiceResponse },
    handler: async (req) => choiceView(await portIn(db, req.sessionId!, await cartIdOf(req.sessionId!), req.body), requestLang(req)),
  });
  app.route({
    method: paths.msisdnChoice.method, url: paths.msisdnChoice.path, ...auth,
    schema: { querystring: lq, response: choiceResponse },
    handler: async (req) => choiceView(await choiceOf(db, await cartIdOf(req.sessionId!)), requestLang(req)),
  });

  // the release job: every instance polls; FOR UPDATE SKIP LOCKED hands each due row to one of them
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => { runDueNumberJobs(db).catch((e: unknown) => app.log.error(e, 'number jobs')); }, JOB_POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => { if (timer) clearInterval(timer); });
}
