// Thin routes of the MSISDN calls (seed 001 §7: /users/phone/carts/msisdns…), and the release job's worker.
import type { FastifyInstance } from 'fastify';
import { contractRoute, type ResponseOf, type RouteOf } from '../lib/contract';
import { requestLang, type Lang } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { money } from '../lib/money';
import { requesterOf } from '../lib/limits';
import { userOfSession } from '../user/index';
import { changeNumberChoice, numbersCartId, syncNumberCharge } from '../workflows/cart-numbers';
import { portIn, requestPortInOtp } from '../workflows/port-in';
import {
  checkNumber, chooseExistingNumber, chooseNewNumber, choiceOf, listNumbers, ownNumbers, reserveNumber, runNumberJob, OTP_SECONDS,
} from './service';
import { QUEUES } from '../db/jobs';

export async function numberRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  const cartIdOf = (sessionId: string) => numbersCartId(db, sessionId);
  const priced = <T extends { price: number }>(x: T, lang: Lang) => ({ ...x, price: money(x.price, lang) });
  const choiceView = (c: Awaited<ReturnType<typeof choiceOf>>, lang: Lang): ResponseOf<'msisdnChoice'> => ({ choice: c.choice ? priced(c.choice, lang) : null });
  /** A changed number choice: the cart's one-time charges follow it (a nice number's price, issue 27; server/workflows/cart-numbers.ts). */
  const chosen = (sessionId: string, change: (cartId: number) => ReturnType<typeof choiceOf>) => changeNumberChoice(db, sessionId, change);
  const signedIn = async (sessionId: string) => {
    const user = await userOfSession(db, sessionId);
    if (!user) throw new ApiError(403, 'ForbiddenError', 'numbers.error.signInFirst');
    return user;
  };

  app.route<RouteOf<'msisdnList'>>({
    ...contractRoute(paths, 'msisdnList'), ...auth,
    handler: async (req) => {
      const lang = requestLang(req);
      const list = await listNumbers(db, await cartIdOf(req.sessionId!), req.query);
      return { msisdns: list.map((n) => priced(n, lang)) };
    },
  });
  app.route<RouteOf<'msisdnRegistered'>>({
    ...contractRoute(paths, 'msisdnRegistered'), ...auth,
    handler: async (req) => ({ msisdns: await ownNumbers(db, (await signedIn(req.sessionId!)).id) }),
  });
  app.route<RouteOf<'msisdnCheck'>>({
    ...contractRoute(paths, 'msisdnCheck'), ...auth,
    handler: async (req) => {
      const r = await checkNumber(db, await cartIdOf(req.sessionId!), req.query.msisdn);
      return { ...r, price: r.price === null ? null : money(r.price, requestLang(req)) };
    },
  });
  app.route<RouteOf<'msisdnReserve'>>({
    ...contractRoute(paths, 'msisdnReserve'), ...auth,
    handler: async (req) => {
      return choiceView(await chosen(req.sessionId!, (cartId) => reserveNumber(db, cartId, req.body.msisdn)), requestLang(req));
    },
  });
  app.route<RouteOf<'msisdnNew'>>({
    ...contractRoute(paths, 'msisdnNew'), ...auth,
    handler: async (req) => {
      return choiceView(await chosen(req.sessionId!, (cartId) => chooseNewNumber(db, cartId)), requestLang(req));
    },
  });
  app.route<RouteOf<'msisdnRegisteredNew'>>({
    ...contractRoute(paths, 'msisdnRegisteredNew'), ...auth,
    handler: async (req) => {
      const user = await signedIn(req.sessionId!);
      return choiceView(await chosen(req.sessionId!, (cartId) => chooseExistingNumber(db, cartId, user.id, req.body.msisdn)), requestLang(req));
    },
  });
  app.route<RouteOf<'msisdnRequestOtp'>>({
    ...contractRoute(paths, 'msisdnRequestOtp'), ...auth,
    handler: async (req) => {
      const lang = requestLang(req);
      return requestPortInOtp(db, requesterOf(req), req.sessionId!, await cartIdOf(req.sessionId!), req.body.msisdn, (code) => ({
        subject: ui.message(lang, 'numbers.otp.subject'),
        body: ui.message(lang, 'numbers.otp.body', { code, seconds: OTP_SECONDS }),
      }));
    },
  });
  app.route<RouteOf<'msisdnPortIn'>>({
    ...contractRoute(paths, 'msisdnPortIn'), ...auth,
    handler: async (req) => {
      return choiceView(await chosen(req.sessionId!, (cartId) => portIn(db, app.ctx.limits, req.sessionId!, cartId, req.body)), requestLang(req));
    },
  });
  app.route<RouteOf<'msisdnChoice'>>({
    ...contractRoute(paths, 'msisdnChoice'), ...auth,
    handler: async (req) => choiceView(await choiceOf(db, await cartIdOf(req.sessionId!)), requestLang(req)),
  });

  // the release job (pg-boss numbers.release, written with the reservation): any instance's worker runs it once
  // (runNumberJob's conditional update); the reservation itself stops holding at expiresAt anyway
  app.ctx.jobs?.work(QUEUES.numberRelease.name, async (data) => runNumberJob(db, Number(data.jobId), syncNumberCharge));
}
