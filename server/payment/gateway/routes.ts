// The payment gateway simulator (docs/modules/payment.md): hosted page, saved-card page, 3-D Secure challenge, signed
// callback, redirect to the shop. Self-care payments use the same card path (engine.ts) from server/selfcare.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { payments } from '../schema';
import { notFound } from '../../lib/errors';
import { money } from '../../lib/money';
import { applyCallback, paymentAndOrder } from '../../workflows/payment';
import type { CallbackPayload } from '../signature';
import { GATEWAY_CSS, renderChallenge, renderPage } from './page';
import { answerChallenge, behaviourOfToken, chargeCard, CHALLENGE_PREFIX, findChallenge, type PayerSession, type Reporter } from './engine';
import { findSavedCard } from '../cards';
import { settleOrderVoid } from '../service';
import { simulatedGateway, type GatewayProvider } from './provider';
import { checkCardForm, pageLanguage, PAY_FORM_SCHEMA, type PayForm } from './form';

export { checkCardForm, luhn, pageLanguage, PAY_FORM_SCHEMA, type PayForm } from './form';

const SHOP_CALLBACK = '/gateway/callback';

export interface GatewayRouteOptions {
  /** the card gateway's provider interface (voids of late approvals); default the simulator */
  gateway?: GatewayProvider;
}

/** The app's context (server/context.ts, the composition root's): named through Fastify's types, no import upwards. */
type AppContext = FastifyInstance['ctx'];
type Db = AppContext['db'];

export async function gatewayRoutes(app: FastifyInstance, opts: GatewayRouteOptions = {}): Promise<void> {
  const gateway = opts.gateway ?? simulatedGateway(app.ctx.db);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** The gateway calls the payer back (signed); the payer verifies before changing anything. */
  const reporter: Reporter = async (url, payload) => {
    const res = await app.inject({ method: 'POST', url, payload });
    if (res.statusCode !== 200) app.log.error({ url, status: res.statusCode, body: res.body }, 'gateway callback refused');
  };

  payPageRoutes(app, reporter);
  challengeRoutes(app, reporter);
  callbackRoute(app, gateway);
}

/** A payment and its order, by the payment's id (the gateway session's); 404 when there is none. */
async function loadPayment(db: Db, id: string) {
  const row = await paymentAndOrder(db, id);
  if (!row) throw notFound(id, 'error.payment.unknown');
  return row;
}
/** The saved card a SAVED_CARD payment is charged to. */
async function savedCardOf(db: Db, p: typeof payments.$inferSelect) {
  if (p.cardPaymentType !== 'SAVED_CARD' || !p.savedCardId) return undefined;
  return findSavedCard(db, p.savedCardId);
}
const expiryOf = (c: { expiryMonth: number; expiryYear: number }) => `${String(c.expiryMonth).padStart(2, '0')}/${String(c.expiryYear % 100).padStart(2, '0')}`;
const idParams = { type: 'object', required: ['sessionId'], properties: { sessionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } } };
const backOf = (orderCode: string) => `/kupovina/rezultat-placanja?orderCode=${encodeURIComponent(orderCode)}`;

/** The hosted payment page: its style sheet, the page and the card form's answer. */
function payPageRoutes(app: FastifyInstance, reporter: Reporter): void {
  const { db, ui, gatewaySecret } = app.ctx;
  app.get('/gateway/assets/gateway.css', async (_req, reply) => {
    reply.type('text/css').header('Cache-Control', 'public, max-age=3600');
    return GATEWAY_CSS;
  });

  app.get<{ Params: { sessionId: string } }>('/gateway/pay/:sessionId', { schema: { params: idParams } }, async (req, reply) => {
    const { p, o } = await loadPayment(db, req.params.sessionId);
    const lang = pageLanguage(req);
    const saved = await savedCardOf(db, p);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return renderPage(ui, {
      paymentId: p.id, orderCode: o.code, amount: money(p.amount, lang).formattedValue, lang, done: p.status !== 'PENDING', errors: {}, values: {},
      savedCard: saved ? { brand: saved.brand, lastFour: saved.lastFour, expiry: expiryOf(saved) } : undefined, willSave: p.cardPaymentType === 'NEW_CARD_SAVE',
    });
  });

  app.post<{ Params: { sessionId: string }; Body: PayForm }>('/gateway/pay/:sessionId', {
    schema: { params: idParams, body: PAY_FORM_SCHEMA },
  }, async (req, reply) => answerPayForm({ db, ui, gatewaySecret }, reporter, req, reply));
}

/** The card form sent: cancelled, a saved card charged, the form's errors shown again, or the new card charged. */
async function answerPayForm({ db, ui, gatewaySecret }: Pick<AppContext, 'db' | 'ui' | 'gatewaySecret'>, reporter: Reporter, req: FastifyRequest<{ Params: { sessionId: string }; Body: PayForm }>, reply: FastifyReply) {
  const { p, o } = await loadPayment(db, req.params.sessionId);
  const lang = pageLanguage(req);
  const back = backOf(o.code);
  if (p.status !== 'PENDING') return reply.redirect(back, 303);
  const session: PayerSession = { paymentId: p.id, orderCode: o.code, amount: p.amount, callbackPath: SHOP_CALLBACK, backUrl: back };
  const f = req.body ?? {};
  const saved = await savedCardOf(db, p);
  if (f.action === 'cancel') return reply.redirect(await chargeCard(db, reporter, gatewaySecret, session, { behaviour: 'DECLINE' }), 303);
  if (saved) {
    // a saved card: the gateway charges its token (the card number is not asked for and never was stored)
    return reply.redirect(await chargeCard(db, reporter, gatewaySecret, session, { behaviour: await behaviourOfToken(db, saved.token) }), 303);
  }
  const checked = checkCardForm(ui, lang, f);
  if ('errors' in checked) {
    reply.code(400).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return renderPage(ui, {
      paymentId: p.id, orderCode: o.code, amount: money(p.amount, lang).formattedValue, lang, done: false, errors: checked.errors,
      values: { cardNumber: f.cardNumber, expiry: f.expiry, holder: f.holder }, willSave: p.cardPaymentType === 'NEW_CARD_SAVE',
    });
  }
  if ('cancelled' in checked) return reply.redirect(await chargeCard(db, reporter, gatewaySecret, session, { behaviour: 'DECLINE' }), 303);
  const { behaviour, ...card } = checked.card;
  const save = p.cardPaymentType === 'NEW_CARD_SAVE' && p.userId !== null ? card : undefined;
  return reply.redirect(await chargeCard(db, reporter, gatewaySecret, session, { behaviour, save }), 303);
}

/** 3-D Secure challenge of any payer (shop or self-care): the bank's page where the shopper confirms or fails. */
function challengeRoutes(app: FastifyInstance, reporter: Reporter): void {
  const { db, ui, gatewaySecret } = app.ctx;
  const challengeParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } } };
  app.get<{ Params: { id: string } }>(`${CHALLENGE_PREFIX}:id`, { schema: { params: challengeParams } }, async (req, reply) => {
    const c = await findChallenge(db, req.params.id);
    if (!c) throw notFound(req.params.id, 'error.payment.unknown');
    const lang = pageLanguage(req);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return renderChallenge(ui, { id: c.id, orderCode: c.orderCode, amount: money(c.amount, lang).formattedValue, lang, done: c.status !== 'PENDING', backUrl: c.backUrl });
  });
  app.post<{ Params: { id: string }; Body: { action?: string } }>(`${CHALLENGE_PREFIX}:id`, {
    schema: { params: challengeParams, body: { type: 'object', required: ['action'], properties: { action: { type: 'string', enum: ['confirm', 'fail'] } } } },
  }, async (req, reply) => {
    const back = await answerChallenge(db, reporter, gatewaySecret, req.params.id, req.body.action === 'confirm');
    if (!back) throw notFound(req.params.id, 'error.payment.unknown');
    return reply.redirect(back, 303);
  });
}

/** The shop's signed callback from the gateway. */
function callbackRoute(app: FastifyInstance, gateway: GatewayProvider): void {
  const { db } = app.ctx;
  app.post<{ Body: CallbackPayload & { signature: string } }>(SHOP_CALLBACK, {
    schema: { body: { $ref: 'payment.json#/$defs/CallbackBody' }, response: { 200: { $ref: 'payment.json#/$defs/CallbackResponse' } } },
    config: { metric: 'paymentCallback' },
  }, async (req) => {
    const { signature, ...payload } = req.body;
    const { toVoid, ...result } = await applyCallback(db, app.ctx.gatewaySecrets, payload, signature, app.ctx.ui);
    req.metricOutcome = result.outcome === 'applied' ? payload.result : result.outcome;
    // a late approval's charge is given back at once (a provider that does not answer: the background poll retries)
    if (toVoid) await settleOrderVoid(db, gateway, toVoid).catch((e: unknown) => req.log.error(e, 'order payment void left for the retry'));
    return result;
  });
}
