// The payment gateway simulator (ARCHITECTURE §5.2): hosted page, signed callback, redirect to the shop.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Lang } from '../../lib/lang';
import { money } from '../../lib/money';
import { applyCallback } from '../../workflows/payment';
import { sign, type CallbackPayload, type GatewayResult } from '../signature';
import { GATEWAY_CSS, renderPage, type PageModel } from './page';
import type { UiDocuments } from '../../ui';

import { checkCardForm, pageLanguage, PAY_FORM_SCHEMA, type PayForm } from './form';

export { checkCardForm, luhn, pageLanguage, PAY_FORM_SCHEMA, resultOfCard, type PayForm } from './form';

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
    const lang = pageLanguage(req);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return renderPage(ui, { paymentId: p.id, orderCode: o.code, amount: money(p.amount, lang).formattedValue, lang, done: p.status !== 'PENDING', errors: {}, values: {} });
  });

  app.post<{ Params: { sessionId: string }; Body: PayForm }>('/gateway/pay/:sessionId', {
    schema: { params: idParams, body: PAY_FORM_SCHEMA },
  }, async (req, reply) => {
    const { p, o } = await load(req.params.sessionId);
    const lang = pageLanguage(req);
    const back = `/kupovina/rezultat-placanja?orderCode=${encodeURIComponent(o.code)}`;
    if (p.status !== 'PENDING') return reply.redirect(back, 303);
    const checked = checkCardForm(ui, lang, req.body ?? {});
    if ('errors' in checked) {
      const f = req.body ?? {};
      reply.code(400).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      return renderPage(ui, { paymentId: p.id, orderCode: o.code, amount: money(p.amount, lang).formattedValue, lang, done: false, errors: checked.errors, values: { cardNumber: f.cardNumber, expiry: f.expiry, holder: f.holder } });
    }
    const result = checked.result;
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
    return applyCallback(db, gatewaySecret, payload, signature, app.ctx.ui);
  });
}
