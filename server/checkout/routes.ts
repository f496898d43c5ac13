// Thin checkout routes.
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { getOrCreateCart } from '../cart/service';
import { cartView } from '../cart/view';
import { checkoutOptions, consents, paymentModes, setGuestInfo, setPaymentType, setTimeSlot, timeSlots, type GuestBody } from './service';
import { CartValidationFailure, findOrder, orderResult, reopenOrder, submitOrder, type SubmitBody } from './orders';
import { authorizePayment, orderStatus, confirmationData } from '../payment/service';

export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  const lq = { $ref: 'common.json#/$defs/LangQuery' };
  const cartOnly = { 200: { $ref: 'checkout.json#/$defs/CartResponse' } };
  const cartOf = async (sessionId: string, lang: 'sr' | 'en') => ({ cart: await cartView(db, ui, await getOrCreateCart(db, sessionId), lang) });

  app.route<{ Querystring: { checkoutStep?: string } }>({
    method: paths.checkoutOptions.method, url: paths.checkoutOptions.path, ...auth,
    schema: { querystring: { $ref: 'checkout.json#/$defs/OptionsQuery' }, response: { 200: { $ref: 'checkout.json#/$defs/OptionsResponse' } } },
    handler: async (req) => checkoutOptions(db, ui, req.sessionId!, req.query.checkoutStep, requestLang(req)),
  });
  app.route<{ Body: GuestBody }>({
    method: paths.guestCustomerInfo.method, url: paths.guestCustomerInfo.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'checkout.json#/$defs/GuestBody' }, response: cartOnly },
    handler: async (req) => { await setGuestInfo(db, req.sessionId!, req.body); return cartOf(req.sessionId!, requestLang(req)); },
  });
  app.route({
    method: paths.guestCart.method, url: paths.guestCart.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'checkout.json#/$defs/GuestCartResponse' } } },
    handler: async (req) => {
      const c = await cartView(db, ui, await getOrCreateCart(db, req.sessionId!), requestLang(req));
      return { orderCustomerInfo: c.orderCustomerInfo, deliveryAddress: c.deliveryAddress, paymentMode: c.paymentMode, deliveryTimeSlot: c.deliveryTimeSlot };
    },
  });
  app.route({
    method: paths.deliveryTimeSlots.method, url: paths.deliveryTimeSlots.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'checkout.json#/$defs/TimeSlotsResponse' } } },
    handler: async (req) => timeSlots(db, req.sessionId!, requestLang(req)),
  });
  app.route<{ Body: { deliveryTimeSlotCode: string } }>({
    method: paths.setDeliveryTimeSlot.method, url: paths.setDeliveryTimeSlot.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'checkout.json#/$defs/TimeSlotBody' }, response: cartOnly },
    handler: async (req) => { await setTimeSlot(db, req.sessionId!, req.body.deliveryTimeSlotCode); return cartOf(req.sessionId!, requestLang(req)); },
  });
  app.route({
    method: paths.paymentModes.method, url: paths.paymentModes.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'checkout.json#/$defs/PaymentModesResponse' } } },
    handler: async (req) => paymentModes(ui, requestLang(req)),
  });
  app.route({
    method: paths.consentTemplates.method, url: paths.consentTemplates.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'checkout.json#/$defs/ConsentTemplatesResponse' } } },
    handler: async (req) => consents(db, requestLang(req), req.sessionId!),
  });
  app.route<{ Body: { paymentMode: string; creditCardPaymentType?: string; creditCardId?: string } }>({
    method: paths.setPaymentType.method, url: paths.setPaymentType.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'checkout.json#/$defs/PaymentTypeBody' }, response: cartOnly },
    handler: async (req) => { await setPaymentType(db, req.sessionId!, req.body); return cartOf(req.sessionId!, requestLang(req)); },
  });
  app.route<{ Body: SubmitBody }>({
    method: paths.submitOrder.method, url: paths.submitOrder.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'checkout.json#/$defs/SubmitOrderBody' }, response: { 200: { $ref: 'checkout.json#/$defs/OrderResult' } } },
    handler: async (req, reply) => {
      const lang = requestLang(req);
      try {
        return orderResult(await submitOrder(db, ui, req.sessionId!, req.body, lang), lang);
      } catch (e) {
        if (e instanceof CartValidationFailure) return reply.code(400).send({ errors: e.errors });
        throw e;
      }
    },
  });
  app.route<{ Body: { cardId?: string; cardPaymentType: string; orderId: string } }>({
    method: paths.authorizePayment.method, url: paths.authorizePayment.path, ...auth,
    schema: { body: { $ref: 'checkout.json#/$defs/AuthorizeBody' }, response: { 200: { $ref: 'checkout.json#/$defs/AuthorizeResponse' } } },
    handler: async (req) => {
      if (req.body.cardId) throw new ApiError(400, 'ValidationError', 'error.checkout.savedCardNotAllowed', {}, undefined, 'cardId');
      return authorizePayment(db, req.sessionId!, req.body.orderId);
    },
  });
  // "Pokušaj ponovo" after a failed or abandoned card payment: the order's cart (entries, customer data, address,
  // payment mode) becomes the open cart again; submitting it places the same order again (orders.ts).
  app.route<{ Body: { orderCode: string } }>({
    method: paths.retryOrder.method, url: paths.retryOrder.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'checkout.json#/$defs/RetryOrderBody' }, response: cartOnly },
    handler: async (req) => ({ cart: await cartView(db, ui, await reopenOrder(db, req.sessionId!, req.body.orderCode), requestLang(req)) }),
  });
  app.route<{ Querystring: { orderCode: string } }>({
    method: paths.orderStatus.method, url: paths.orderStatus.path, ...auth,
    schema: { querystring: { $ref: 'checkout.json#/$defs/OrderCodeQuery' }, response: { 200: { $ref: 'checkout.json#/$defs/OrderStatus' } } },
    handler: async (req) => orderStatus(ui, await findOrder(db, req.sessionId!, req.query.orderCode), requestLang(req)),
  });
  app.route<{ Querystring: { orderCode?: string } }>({
    method: paths.confirmationData.method, url: paths.confirmationData.path, ...auth,
    schema: { querystring: { $ref: 'checkout.json#/$defs/OptionalOrderCodeQuery' }, response: { 200: { $ref: 'checkout.json#/$defs/ConfirmationData' } } },
    handler: async (req) => confirmationData(db, ui, await findOrder(db, req.sessionId!, req.query.orderCode), requestLang(req)),
  });
}
