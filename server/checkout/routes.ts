// Thin checkout routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UiDocuments } from '../ui/index';
import { contractRoute, type RouteOf } from '../lib/contract';
import { requestLang } from '../lib/lang';
import { cartView, getOrCreateCart } from '../cart/index';
import { checkoutOptions, consents, setGuestInfo, setTimeSlot, timeSlots } from './service';
import { CartValidationFailure, confirmationData, findOrder, orderResult } from './orders';
import { retryOrder, submitOrder } from '../workflows/place-order';
import { authorizePayment, orderPaymentStatus } from '../workflows/payment';
import { creditCardsOf, ebillsOf, paymentModesOf, setMonthlyBill, setPaymentType } from '../workflows/payment-choice';
import { requestPrepaidEmailCode, verifyPrepaidEmail } from '../workflows/prepaid';
import { resetCheckout } from '../workflows/checkout-reset';
import { requesterOf } from '../lib/limits';

/** The app's context (server/context.ts, the composition root's): named through Fastify's types, no import upwards. */
type AppContext = FastifyInstance['ctx'];

export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  customerAndDeliveryRoutes(app);
  paymentChoiceRoutes(app);
  orderRoutes(app);
  prepaidEmailRoutes(app);
  orderStatusRoutes(app);
}

/** The cart answered by the checkout's setters. */
async function cartOf({ db, ui }: AppContext, sessionId: string, lang: 'sr' | 'en') {
  return { cart: await cartView(db, ui, await getOrCreateCart(db, sessionId), lang) };
}

/** The checkout options, the customer data, the reset and the delivery time slot. */
function customerAndDeliveryRoutes(app: FastifyInstance): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'checkoutOptions'>>({
    ...contractRoute(paths, 'checkoutOptions'), ...auth,
    handler: async (req) => checkoutOptions(db, ui, req.sessionId!, req.query.checkoutStep, requestLang(req)),
  });
  app.route<RouteOf<'guestCustomerInfo'>>({
    ...contractRoute(paths, 'guestCustomerInfo'), ...auth,
    handler: async (req) => { await setGuestInfo(db, ui, req.sessionId!, req.body); return cartOf(app.ctx, req.sessionId!, requestLang(req)); },
  });
  // the cart reset (seed 000 §7): the checkout's progress from the given step on is cleared; answers the cart
  app.route<RouteOf<'checkoutReset'>>({
    ...contractRoute(paths, 'checkoutReset'), ...auth,
    handler: async (req) => { await resetCheckout(db, ui, req.sessionId!, req.body.checkoutStep); return cartOf(app.ctx, req.sessionId!, requestLang(req)); },
  });
  app.route<RouteOf<'guestCart'>>({
    ...contractRoute(paths, 'guestCart'), ...auth,
    handler: async (req) => {
      const c = await cartView(db, ui, await getOrCreateCart(db, req.sessionId!), requestLang(req));
      return { orderCustomerInfo: c.orderCustomerInfo, deliveryAddress: c.deliveryAddress, paymentMode: c.paymentMode, deliveryTimeSlot: c.deliveryTimeSlot };
    },
  });
  app.route<RouteOf<'deliveryTimeSlots'>>({
    ...contractRoute(paths, 'deliveryTimeSlots'), ...auth,
    handler: async (req) => timeSlots(db, req.sessionId!, requestLang(req)),
  });
  app.route<RouteOf<'setDeliveryTimeSlot'>>({
    ...contractRoute(paths, 'setDeliveryTimeSlot'), ...auth,
    handler: async (req) => { await setTimeSlot(db, req.sessionId!, req.body.deliveryTimeSlotCode); return cartOf(app.ctx, req.sessionId!, requestLang(req)); },
  });
}

/** How the customer pays (payment modes, monthly bills, saved cards) and the consents. */
function paymentChoiceRoutes(app: FastifyInstance): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'paymentModes'>>({
    ...contractRoute(paths, 'paymentModes'), ...auth,
    handler: async (req) => paymentModesOf(db, ui, req.sessionId!, requestLang(req)),
  });
  app.route<RouteOf<'consentTemplates'>>({
    ...contractRoute(paths, 'consentTemplates'), ...auth,
    handler: async (req) => consents(db, requestLang(req), req.sessionId!),
  });
  app.route<RouteOf<'setPaymentType'>>({
    ...contractRoute(paths, 'setPaymentType'), ...auth,
    handler: async (req) => { await setPaymentType(db, ui, req.sessionId!, req.body); return cartOf(app.ctx, req.sessionId!, requestLang(req)); },
  });
  // the customer's monthly bills (e-bills) and saved cards; "set monthly bill" comes before "set payment type" (seed 000 §4)
  app.route<RouteOf<'ebills'>>({
    ...contractRoute(paths, 'ebills'), ...auth,
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-store'); return ebillsOf(db, req.sessionId!); },
  });
  app.route<RouteOf<'creditCards'>>({
    ...contractRoute(paths, 'creditCards'), ...auth,
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-store'); return creditCardsOf(db, req.sessionId!); },
  });
  app.route<RouteOf<'setMonthlyBill'>>({
    ...contractRoute(paths, 'setMonthlyBill'), ...auth,
    handler: async (req) => { await setMonthlyBill(db, ui, req.sessionId!, req.body.billingAccountId); return cartOf(app.ctx, req.sessionId!, requestLang(req)); },
  });
}

/** Placing the order, authorizing its payment and retrying a failed one. */
function orderRoutes(app: FastifyInstance): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'submitOrder'>>({
    ...contractRoute(paths, 'submitOrder'), ...auth, config: { metric: 'order' },
    handler: async (req, reply) => {
      const lang = requestLang(req);
      try {
        const uiVersion = uiVersionOf(req, ui);
        return orderResult(await submitOrder(db, ui, req.sessionId!, req.body, lang, uiVersion, ui.rolloutOf(uiVersion)), lang);
      } catch (e) {
        if (e instanceof CartValidationFailure) return reply.code(400).send({ errors: e.errors });
        throw e;
      }
    },
  });
  app.route<RouteOf<'authorizePayment'>>({
    ...contractRoute(paths, 'authorizePayment'), ...auth,
    handler: async (req) => authorizePayment(db, req.sessionId!, req.body),
  });
  // "Pokušaj ponovo" after a failed or abandoned card payment: the order's cart (entries, customer data, address,
  // payment mode) becomes the open cart again; submitting it places the same order again (orders.ts).
  app.route<RouteOf<'retryOrder'>>({
    ...contractRoute(paths, 'retryOrder'), ...auth,
    handler: async (req) => ({ cart: await cartView(db, ui, await retryOrder(db, req.sessionId!, req.body.orderCode), requestLang(req)) }),
  });
}

/** The prepaid eSIM e-mail step (VERIFICATION). */
function prepaidEmailRoutes(app: FastifyInstance): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  // the prepaid eSIM e-mail step (VERIFICATION): a code to the e-mail (300 s), then the code confirms the address
  app.route<RouteOf<'prepaidEmailOtp'>>({
    ...contractRoute(paths, 'prepaidEmailOtp'), ...auth,
    handler: async (req) => requestPrepaidEmailCode(db, requesterOf(req), ui, req.sessionId!, req.body.email, requestLang(req)),
  });
  app.route<RouteOf<'prepaidEmailVerify'>>({
    ...contractRoute(paths, 'prepaidEmailVerify'), ...auth,
    handler: async (req) => ({ cart: await verifyPrepaidEmail(db, app.ctx.limits, ui, req.sessionId!, req.body, requestLang(req)) }),
  });
}

/** A placed order's payment status and confirmation data. */
function orderStatusRoutes(app: FastifyInstance): void {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'orderStatus'>>({
    ...contractRoute(paths, 'orderStatus'), ...auth,
    handler: async (req) => orderPaymentStatus(db, ui, req.sessionId!, req.query.orderCode, requestLang(req)),
  });
  app.route<RouteOf<'confirmationData'>>({
    ...contractRoute(paths, 'confirmationData'), ...auth,
    handler: async (req) => confirmationData(db, ui, await findOrder(db, req.sessionId!, req.query.orderCode), requestLang(req)),
  });
}

/** The version of the UI documents the page sent (`X-UI-Version`) when this instance serves it, else the live one. */
function uiVersionOf(req: FastifyRequest, ui: UiDocuments): number | null {
  const h = req.headers['x-ui-version'];
  const v = typeof h === 'string' && /^[1-9][0-9]{0,9}$/.test(h) ? Number(h) : NaN;
  return Number.isSafeInteger(v) && ui.holds(v) ? v : ui.version ?? null;
}
