// The payment gateway simulator (ARCHITECTURE §5.2): hosted page, signed callback, redirect to the shop.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Lang } from '../../lib/lang';
import { money } from '../../lib/money';
import { applyCallback } from '../service';
import { sign, type CallbackPayload, type GatewayResult } from '../signature';
import { GATEWAY_CSS, renderPage, type PageModel } from './page';

const pageLang = (req: FastifyRequest): Lang => (req.cookies?.b2c_enFlow === 'true' ? 'en' : 'sr');

/** Test cards of ARCHITECTURE §5.2; any other valid card is declined. */
export function resultOfCard(number: string): GatewayResult {
  if (number === '4111111111111111') return 'APPROVED';
  if (number === '4000000000009995') return 'CARD_LIMIT';
  return 'DECLINED';
}

export function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

interface PayForm { cardNumber?: string; expiry?: string; cvc?: string; holder?: string; action?: string }

export async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, gatewaySecret } = app.ctx;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const load = async (id: string) => {
    const rows = await db.select({ p: payments, o: orders }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.id, id));
    if (!rows[0]) throw notFound(id, 'error.payment.unknown');
    return rows[0];
  };
  const idParams = { type: 'object', required: ['sessionId'], properties: { sessionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } } };

  app.get('/gateway/assets/gateway.css', async (_req, reply) => {
    reply.type('text/css').header('Cache-Control', 'public, max-age=3600');
    return GATEWAY_CSS;
  });

  app.get<{ Params: { sessionId: string } }>('/gateway/pay/:sessionId', { schema: { params: idParams } }, async (req, reply) => {
    const { p, o } = await load(req.params.sessionId);
    const lang = pageLang(req);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return renderPage(ui, { paymentId: p.id, orderCode: o.code, amount: money(p.amount, lang).formattedValue, lang, done: p.status !== 'PENDING', errors: {}, values: {} });
  });

  app.post<{ Params: { sessionId: string }; Body: PayForm }>('/gateway/pay/:sessionId', {
    schema: { params: idParams, body: { type: 'object', properties: {
      cardNumber: { type: 'string', maxLength: 40 }, expiry: { type: 'string', maxLength: 10 }, cvc: { type: 'string', maxLength: 10 },
      holder: { type: 'string', maxLength: 80 }, action: { type: 'string', enum: ['pay', 'cancel'] } } } },
  }, async (req, reply) => {
    const { p, o } = await load(req.params.sessionId);
    const lang = pageLang(req);
    const back = `/kupovina/rezultat-placanja?orderCode=${encodeURIComponent(o.code)}`;
    if (p.status !== 'PENDING') return reply.redirect(back, 303);
    const f = req.body ?? {};
    let result: GatewayResult = 'DECLINED';
    if (f.action !== 'cancel') {
      const number = (f.cardNumber ?? '').replace(/[\s-]/g, '');
      const errors: PageModel['errors'] = {};
      if (!/^\d{13,19}$/.test(number) || !luhn(number)) errors.cardNumber = ui.message(lang, 'payment.gateway.error.cardNumber');
      const exp = /^(\d{2})\/(\d{2})$/.exec((f.expiry ?? '').trim());
      const now = new Date();
      const expOk = exp && Number(exp[1]) >= 1 && Number(exp[1]) <= 12 && (2000 + Number(exp[2])) * 12 + Number(exp[1]) >= now.getFullYear() * 12 + now.getMonth() + 1;
      if (!expOk) errors.expiry = ui.message(lang, 'payment.gateway.error.expiry');
      if (!/^\d{3,4}$/.test((f.cvc ?? '').trim())) errors.cvc = ui.message(lang, 'payment.gateway.error.cvc');
      if (!(f.holder ?? '').trim()) errors.holder = ui.message(lang, 'payment.gateway.error.holder');
      if (Object.keys(errors).length > 0) {
        reply.code(400).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
        return renderPage(ui, { paymentId: p.id, orderCode: o.code, amount: money(p.amount, lang).formattedValue, lang, done: false, errors, values: { cardNumber: f.cardNumber, expiry: f.expiry, holder: f.holder } });
      }
      result = resultOfCard(number);
    }
    // The gateway signs its result and calls the shop back; the shop verifies before changing anything.
    const payload: CallbackPayload = { paymentId: p.id, orderCode: o.code, result, amount: p.amount, timestamp: Date.now() };
    const res = await app.inject({ method: 'POST', url: '/gateway/callback', payload: { ...payload, signature: sign(gatewaySecret, payload) } });
    if (res.statusCode !== 200) req.log.error({ status: res.statusCode, body: res.body }, 'gateway callback refused');
    return reply.redirect(back, 303);
  });

  app.post<{ Body: CallbackPayload & { signature: string } }>('/gateway/callback', {
    schema: { body: { $ref: 'payment.json#/$defs/CallbackBody' }, response: { 200: { $ref: 'payment.json#/$defs/CallbackResponse' } } },
  }, async (req) => {
    const { signature, ...payload } = req.body;
    return applyCallback(db, gatewaySecret, payload, signature);
  });
}
