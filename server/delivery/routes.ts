// Thin routes of the personal-data and delivery steps (paths in schemas/api/paths.json, payloads in
// schemas/api/delivery.json).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute, type RouteOf } from '../lib/contract';
import { requestLang } from '../lib/lang';
import { requesterOf } from '../lib/limits';
import { cartView, getOrCreateCart } from '../cart/index';
import * as svc from './service';

export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  const text = (req: FastifyRequest): svc.Text => (key, params) => ui.message(requestLang(req), key, params);
  const cartOf = async (req: FastifyRequest) => ({ cart: await cartView(db, ui, await getOrCreateCart(db, req.sessionId!), requestLang(req)) });

  app.route<RouteOf<'checkoutUserData'>>({
    ...contractRoute(paths, 'checkoutUserData'), ...auth,
    handler: async (req) => svc.checkoutUserData(db, req.sessionId!),
  });
  app.route<RouteOf<'saveCustomerInfo'>>({
    ...contractRoute(paths, 'saveCustomerInfo'), ...auth,
    handler: async (req) => { await svc.saveCustomerInfo(db, req.sessionId!, req.body.userInfo); return cartOf(req); },
  });
  app.route<RouteOf<'saveDeliveryContact'>>({
    ...contractRoute(paths, 'saveDeliveryContact'), ...auth,
    handler: async (req) => { await svc.saveDeliveryContact(db, req.sessionId!, req.body.contactPhone); return cartOf(req); },
  });
  app.route<RouteOf<'sendEmailOtp'>>({
    ...contractRoute(paths, 'sendEmailOtp'), ...auth,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (req) => svc.sendEmailCode(db, requesterOf(req), req.sessionId!, req.body.email, text(req)),
  });
  app.route<RouteOf<'verifyEmailOtp'>>({
    ...contractRoute(paths, 'verifyEmailOtp'), ...auth,
    handler: async (req) => svc.verifyEmail(db, app.ctx.limits, req.sessionId!, req.body.email, req.body.code),
  });
  app.route<RouteOf<'customerAddresses'>>({
    ...contractRoute(paths, 'customerAddresses'), ...auth,
    handler: async (req) => svc.savedAddresses(db, req.sessionId!, text(req)),
  });
  app.route<RouteOf<'pickupStores'>>({
    ...contractRoute(paths, 'pickupStores'), ...auth,
    handler: async (req) => svc.storeList(db, requestLang(req)),
  });
  app.route<RouteOf<'createDeliveryAddress'>>({
    ...contractRoute(paths, 'createDeliveryAddress'), ...auth,
    handler: async (req) => { await svc.createDeliveryAddress(db, req.sessionId!, req.body.address, text(req)); return cartOf(req); },
  });
  app.route<RouteOf<'replaceDeliveryAddress'>>({
    ...contractRoute(paths, 'replaceDeliveryAddress'), ...auth,
    handler: async (req) => { await svc.useSavedAddress(db, req.sessionId!, req.body.addressId, text(req)); return cartOf(req); },
  });
  app.route<RouteOf<'setInstallationDelivery'>>({
    ...contractRoute(paths, 'setInstallationDelivery'), ...auth,
    handler: async (req) => { await svc.useInstallationAddress(db, req.sessionId!, text(req)); return cartOf(req); },
  });
  app.route<RouteOf<'setPickupStore'>>({
    ...contractRoute(paths, 'setPickupStore'), ...auth,
    handler: async (req) => { await svc.usePickupStore(db, req.sessionId!, req.body.address.pickupStoreId); return cartOf(req); },
  });
  app.route<RouteOf<'setRenewalEmail'>>({
    ...contractRoute(paths, 'setRenewalEmail'), ...auth,
    handler: async (req) => { await svc.useRenewalEmail(db, app.ctx.limits, req.sessionId!, req.query.email, req.query.code); return cartOf(req); },
  });
}
