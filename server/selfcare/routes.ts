// Thin routes of the self-care module: number lookup, card top-up, its status, and the gateway simulator's
// hosted page and signed callback for self-care payments (the page and card checks are server/payment's).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiVary, CATALOG_POLICY, sendSharedValue } from '../lib/edge-cache';
import { ApiError } from '../lib/errors';
import { requestLang } from '../lib/lang';
import { money } from '../lib/money';
import {
  chargeCard, checkCardForm, pageLanguage, PAY_FORM_SCHEMA, renderPage, simulatedGateway, type CallbackPayload, type GatewayProvider,
  type PayForm, type Reporter,
} from '../payment';
import { retryOrderVoid } from '../workflows/payment-voids';
import {
  applyCardCallback, authorizeTopUp, closeIfUnpayable, findPayment, lookupNumber, resultPathOf, retryVoid, SELFCARE_GATEWAY_PREFIX, settleVoid, topUpStatus,
} from './service';
import { authorizeBill, billPaymentStatus, DEFAULT_BILL_SESSION_TTL_MS, findBill, type BillOptions } from './bills';

import { closingTime, customerIdCheck, prepaidCheck, registerPrepaid, runPrepaidJob } from './prepaid';
import { QUEUES } from '../db/jobs';
import { normalizeMsisdn } from './numbers';
import { selfcarePrepaidRegistrations } from './schema';
import { eq } from 'drizzle-orm';
import { contractRoute, type RouteOf } from '../lib/contract';
import { stores, storeView } from './stores';
import { addDontCall, dontCallStatus, removeDontCall, requestDontCallCode, type DontCallKind } from './dontcall';
import { submitContact } from './contact';
import { requesterOf } from '../lib/limits';

const CALLBACK_PATH = '/gateway/selfcare/callback';

export interface SelfcareRouteOptions {
  /** the clock of bill sessions (tests) */
  now?: () => Date;
  /** lifetime of a found bill's payment session (default 15 min; BILL_SESSION_TTL_MS) */
  billSessionTtlMs?: number;
  /** 0: this instance does not work the module's job queues (tests that run the jobs themselves); otherwise it does
   *  when buildApp was given the job queue (`jobs`; polling: JOBS_POLL_SECONDS) */
  jobPollMs?: number;
  /** the card gateway's provider interface (voids); default the simulator */
  gateway?: GatewayProvider;
  /** bill lookups allowed per session and per client address (defaults BILL_FIND_LIMITS) */
  billFindLimit?: Partial<typeof BILL_FIND_LIMITS>;
  /** the clock of callback timestamps (tests) */
  callbackNow?: () => number;
}

/** Bill lookups (POST /ecommerce/b2c/bill/find): per session 10 in 15 minutes, per client address 60 an hour. */
export const BILL_FIND_LIMITS = { perSession: 10, sessionWindowMs: 15 * 60 * 1000, perAddress: 60, addressWindowMs: 60 * 60 * 1000 };

/** What the self-care routes are set up with: the bill sessions' options and clock, the gateway, the bill lookups' limits. */
function settingsOf(app: FastifyInstance, opts: SelfcareRouteOptions) {
  const envTtl = Number(process.env.BILL_SESSION_TTL_MS);
  const bills: BillOptions = {
    now: opts.now ?? (() => new Date()),
    sessionTtlMs: opts.billSessionTtlMs ?? (process.env.BILL_SESSION_TTL_MS !== undefined && Number.isFinite(envTtl) && envTtl >= 0 ? envTtl : DEFAULT_BILL_SESSION_TTL_MS),
  };
  return {
    bills, now: bills.now,
    gateway: opts.gateway ?? simulatedGateway(app.ctx.db),
    callbackNow: opts.callbackNow ?? Date.now,
    findLimit: { ...BILL_FIND_LIMITS, ...opts.billFindLimit },
  };
}
type Settings = ReturnType<typeof settingsOf>;

const noCatalog = { catalogUnchanged: true, cartReadOnly: true };

export async function selfcareRoutes(app: FastifyInstance, opts: SelfcareRouteOptions = {}): Promise<void> {
  const settings = settingsOf(app, opts);
  topUpRoutes(app);
  billRoutes(app, settings);
  prepaidRoutes(app, settings);
  storeRoute(app);
  dontCallRoutes(app, settings);
  contactRoute(app);
  // The module's jobs (pg-boss, server/db/jobs.ts; any instance's worker, each effect once): the end of a prepaid
  // registration window, and the voids nobody got an answer for — self-care's and the shop's orders'.
  if (app.ctx.jobs && opts.jobPollMs !== 0) workJobs(app, app.ctx.jobs, settings);
  gatewayPageRoutes(app);
  callbackRoute(app, settings);
}

/** The session of a request that carries a live one (a receipt is its authorizing session's only), else null. */
async function sessionOf(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
  try { await app.authenticate(req); } catch { return null; }
  return req.sessionId;
}

/** Number lookup, card top-up and its status. */
function topUpRoutes(app: FastifyInstance): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'isRegisteredNumber'>>({
    ...contractRoute(paths, 'isRegisteredNumber'), config: noCatalog,
    handler: async (req) => lookupNumber(db, req.query.msisdn),
  });

  app.route<RouteOf<'topUpAuthorize'>>({
    ...contractRoute(paths, 'topUpAuthorize'), ...auth, config: noCatalog,
    handler: async (req) => authorizeTopUp(db, req.body, req.sessionId),
  });

  app.route<RouteOf<'topUpStatus'>>({
    ...contractRoute(paths, 'topUpStatus'), config: noCatalog,
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-store'); return topUpStatus(db, ui, req.query.orderId, requestLang(req), await sessionOf(app, req)); },
  });
}

/** Bill lookup: counted per client address before anything else (the route's limit), then per session once the
 *  token is checked (the shared limiter's store, answered here: a route runs one limit hook of the plugin). */
function billLookupLimit(app: FastifyInstance, findLimit: Settings['findLimit']) {
  const sessionLookups = app.createRateLimit({
    max: findLimit.perSession, timeWindow: findLimit.sessionWindowMs,
    keyGenerator: (req: FastifyRequest) => `bill-find:sid:${req.sessionId ?? req.ip}`,
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const r = await sessionLookups(req);
    if (r.isAllowed || !r.isExceeded) return;
    const seconds = Math.max(1, r.ttlInSeconds);
    reply.header('Retry-After', String(seconds));
    throw new ApiError(429, 'TooManyRequestsError', 'selfcare.bill.error.tooManyLookups', { minutes: Math.ceil(seconds / 60) }, 'tooManyLookups');
  };
}

/** A bill: found, its payment authorized, and its payment's status. */
function billRoutes(app: FastifyInstance, { bills, findLimit }: Settings): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  const perSession = billLookupLimit(app, findLimit);
  app.route<RouteOf<'billFind'>>({
    ...contractRoute(paths, 'billFind'),
    preHandler: [app.authenticate, perSession],
    config: { ...noCatalog, rateLimit: { max: findLimit.perAddress, timeWindow: findLimit.addressWindowMs, keyGenerator: (req: FastifyRequest) => `bill-find:ip:${req.ip}` } },
    handler: async (req) => findBill(db, bills, req.body, req.sessionId, requestLang(req)),
  });

  app.route<RouteOf<'billAuthorize'>>({
    ...contractRoute(paths, 'billAuthorize'), ...auth, config: noCatalog,
    handler: async (req) => authorizeBill(db, bills, req.body, req.sessionId),
  });

  app.route<RouteOf<'billStatus'>>({
    ...contractRoute(paths, 'billStatus'), config: noCatalog,
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-store'); return billPaymentStatus(db, ui, req.query.orderId, requestLang(req), await sessionOf(app, req)); },
  });
}

/** Prepaid registration (the /blinking calls of seed 001 §7) */
function prepaidRoutes(app: FastifyInstance, { now }: Settings): void {
  const { db, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'prepaidCheck'>>({
    ...contractRoute(paths, 'prepaidCheck'), config: noCatalog,
    handler: async (req) => prepaidCheck(db, now(), req.query.msisdn),
  });
  app.route<RouteOf<'customerIdCheck'>>({
    ...contractRoute(paths, 'customerIdCheck'), config: noCatalog,
    handler: async (req) => customerIdCheck(req.query.customerId, now()),
  });
  app.route<RouteOf<'closingTime'>>({
    ...contractRoute(paths, 'closingTime'), config: noCatalog,
    handler: async (req) => {
      const m = req.query.msisdn ? normalizeMsisdn(req.query.msisdn) : null;
      const reg = m ? (await db.select().from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, m)))[0] : undefined;
      return closingTime(db, now(), reg?.deadline);
    },
  });
  app.route<RouteOf<'prepaidRegister'>>({
    ...contractRoute(paths, 'prepaidRegister'), ...auth, config: noCatalog,
    handler: async (req) => registerPrepaid(db, app.ctx.limits, now(), req.body),
  });
}

/** The shops ("Kako do nas"; ?pickup=true: the pickup points) */
function storeRoute(app: FastifyInstance): void {
  const { db, paths } = app.ctx;
  app.route<RouteOf<'storeLocations'>>({
    ...contractRoute(paths, 'storeLocations'), config: noCatalog,
    // the same for every shopper: a shared answer (issue 25, docs/decisions/0004-edge-caching.md)
    handler: async (req, reply) => {
      const lang = requestLang(req);
      const value = { stores: (await stores(db, { pickupOnly: req.query.pickup === true })).map((r) => storeView(r, lang)) };
      return sendSharedValue(req, reply, value, { policy: CATALOG_POLICY, vary: apiVary(req) });
    },
  });
}

/** The do-not-call register: a code to the number, then add or remove (effective from the next day) */
function dontCallRoutes(app: FastifyInstance, { now }: Settings): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'dontCallRequestOtp'>>({
    ...contractRoute(paths, 'dontCallRequestOtp'), ...auth, config: noCatalog,
    handler: async (req) => requestDontCallCode(db, requesterOf(req), ui, requestLang(req), req.sessionId!, req.body),
  });
  app.route<RouteOf<'dontCallStatus'>>({
    ...contractRoute(paths, 'dontCallStatus'), config: noCatalog,
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-store'); return dontCallStatus(db, ui, requestLang(req), req.query.kind, req.query.number, now()); },
  });
  const dontCall = (req: FastifyRequest, kind: DontCallKind, add: boolean, number: string, code: string) =>
    (add ? addDontCall : removeDontCall)(db, app.ctx.limits, ui, requestLang(req), req.sessionId!, kind, number, code, now());
  app.route<RouteOf<'dontCallMsisdnAdd'>>({
    ...contractRoute(paths, 'dontCallMsisdnAdd'), ...auth, config: noCatalog,
    handler: async (req) => dontCall(req, 'MSISDN', true, req.body.msisdn, req.body.code),
  });
  app.route<RouteOf<'dontCallMsisdnRemove'>>({
    ...contractRoute(paths, 'dontCallMsisdnRemove'), ...auth, config: noCatalog,
    handler: async (req) => dontCall(req, 'MSISDN', false, req.body.msisdn, req.body.code),
  });
  app.route<RouteOf<'dontCallHomeLineAdd'>>({
    ...contractRoute(paths, 'dontCallHomeLineAdd'), ...auth, config: noCatalog,
    handler: async (req) => dontCall(req, 'HOMELINE', true, req.body.homeLineNumber, req.body.code),
  });
  app.route<RouteOf<'dontCallHomeLineRemove'>>({
    ...contractRoute(paths, 'dontCallHomeLineRemove'), ...auth, config: noCatalog,
    handler: async (req) => dontCall(req, 'HOMELINE', false, req.body.homeLineNumber, req.body.code),
  });
}

/** The contact form */
function contactRoute(app: FastifyInstance): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'contactMts'>>({
    ...contractRoute(paths, 'contactMts'), ...auth, config: noCatalog,
    handler: async (req) => submitContact(db, requesterOf(req), ui, requestLang(req), req.sessionId ?? null, req.body),
  });
}

/** This instance works the module's job queues. */
function workJobs(app: FastifyInstance, jobs: NonNullable<FastifyInstance['ctx']['jobs']>, { gateway, now }: Settings): void {
  const { db } = app.ctx;
  jobs.work(QUEUES.prepaidExpiry.name, async (data) => runPrepaidJob(db, Number(data.jobId), now()));
  jobs.work(QUEUES.paymentVoid.name, async (data) => {
    const id = String(data.paymentId);
    return data.kind === 'order' ? retryOrderVoid(db, gateway, id) : retryVoid(db, gateway, id);
  });
}

/** The gateway simulator's hosted page for self-care payments (same page, test cards and checks as the shop's). */
function gatewayPageRoutes(app: FastifyInstance): void {
  const { db, ui, gatewaySecret } = app.ctx;
  const idParams = { type: 'object', required: ['sessionId'], properties: { sessionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } } };
  const reporter: Reporter = async (url, payload) => {
    const res = await app.inject({ method: 'POST', url, payload });
    if (res.statusCode !== 200) app.log.error({ status: res.statusCode, body: res.body }, 'self-care gateway callback refused');
  };
  const pageOf = (p: Awaited<ReturnType<typeof findPayment>>, lang: 'sr' | 'en') => ({
    paymentId: p.id, orderCode: p.orderId, amount: money(p.amount, lang).formattedValue, lang,
    formAction: `${SELFCARE_GATEWAY_PREFIX}${p.id}`, backUrl: resultPathOf(ui, p),
  });

  // A closed session (the bill paid by another session, a newer top-up or bill session opened) says so.
  const noticeOf = (p: Awaited<ReturnType<typeof findPayment>>) => (p.status === 'CANCELLED' ? 'payment.gateway.sessionClosed' : undefined);
  app.get<{ Params: { sessionId: string } }>(`${SELFCARE_GATEWAY_PREFIX}:sessionId`, { schema: { params: idParams }, config: noCatalog }, async (req, reply) => {
    const p = await closeIfUnpayable(db, await findPayment(db, req.params.sessionId));
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return renderPage(ui, { ...pageOf(p, pageLanguage(req)), done: p.status !== 'PENDING', notice: noticeOf(p), errors: {}, values: {} });
  });

  app.post<{ Params: { sessionId: string }; Body: PayForm }>(`${SELFCARE_GATEWAY_PREFIX}:sessionId`, {
    schema: { params: idParams, body: PAY_FORM_SCHEMA }, config: noCatalog,
  }, async (req, reply) => {
    const p = await closeIfUnpayable(db, await findPayment(db, req.params.sessionId));
    const lang = pageLanguage(req);
    if (p.status === 'CANCELLED') {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      return renderPage(ui, { ...pageOf(p, lang), done: true, notice: noticeOf(p), errors: {}, values: {} });
    }
    if (p.status !== 'PENDING') return reply.redirect(resultPathOf(ui, p), 303);
    const checked = checkCardForm(ui, lang, req.body ?? {});
    if ('errors' in checked) {
      const f = req.body ?? {};
      reply.code(400).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      return renderPage(ui, { ...pageOf(p, lang), done: false, errors: checked.errors, values: { cardNumber: f.cardNumber, expiry: f.expiry, holder: f.holder } });
    }
    // The gateway's one card path (server/payment/gateway/engine.ts): decided at once, or a 3-D Secure challenge first;
    // the result is signed and reported to the self-care callback, which verifies it before changing anything.
    const session = { paymentId: p.id, orderCode: p.orderId, amount: p.amount, callbackPath: CALLBACK_PATH, backUrl: resultPathOf(ui, p) };
    const card = 'cancelled' in checked ? { behaviour: 'DECLINE' as const } : { behaviour: checked.card.behaviour };
    return reply.redirect(await chargeCard(db, reporter, gatewaySecret, session, card), 303);
  });
}

/** The signed callback of self-care payments. */
function callbackRoute(app: FastifyInstance, { gateway, callbackNow }: Settings): void {
  const { db } = app.ctx;
  app.post<{ Body: CallbackPayload & { signature: string } }>(CALLBACK_PATH, {
    schema: { body: { $ref: 'selfcare.json#/$defs/CallbackBody' }, response: { 200: { $ref: 'payment.json#/$defs/CallbackResponse' } } },
    config: { ...noCatalog, metric: 'selfcarePaymentCallback' },
  }, async (req) => {
    const { signature, ...payload } = req.body;
    const { toVoid, ...result } = await applyCardCallback(db, app.ctx.gatewaySecrets, payload, signature, callbackNow());
    req.metricOutcome = result.outcome === 'applied' ? payload.result : result.outcome;
    // a charge the shop cannot keep is given back at once (a provider that does not answer: the poll retries)
    if (toVoid) await settleVoid(db, gateway, toVoid).catch((e: unknown) => req.log.error(e, 'self-care void left for the retry'));
    return result;
  });
}
