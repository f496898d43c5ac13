// Thin routes of the home-line step (CONNECT_HOME_DATA; paths in schemas/api/paths.json, payloads in
// schemas/api/homeline.json), and of the TV add-ons step (server/workflows/tv-addons.ts). Wired by server/app.ts; the
// shopper's cart and its packages come through server/workflows/home-line.ts (the cart is above this module), so this
// file is not part of server/home/index.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute, type RouteOf } from '../../lib/contract';
import { requestLang } from '../../lib/lang';
import { ApiError } from '../../lib/errors';
import { userOfSession } from '../../user/index';
import * as c from '../checkout';
import { addTvAddon, removeTvAddon, suggestedTvAddons } from '../../workflows/tv-addons';
import { homeLineCart, homeLineCartId } from '../../workflows/home-line';

/** What the home-line handlers ask of a request: its texts, its user and the cart's home packages. */
function requestHelpers(app: FastifyInstance) {
  const { db, ui, catalog } = app.ctx;
  const text = (req: FastifyRequest): c.Text => (key, params) => ui.message(requestLang(req), key, params);
  const userId = async (req: FastifyRequest) => (await userOfSession(db, req.sessionId!))?.id ?? null;
  const signedIn = async (req: FastifyRequest) => {
    const id = await userId(req);
    if (id === null) throw new ApiError(403, 'ForbiddenError', 'homeLine.error.signInFirst');
    return id;
  };
  /** The cart and its home packages (the product codes the checks are made for). */
  const cartPackages = async (req: FastifyRequest) => homeLineCart(db, await catalog.current(), req.sessionId!);
  return { text, userId, signedIn, cartPackages };
}
type Helpers = ReturnType<typeof requestHelpers>;

export async function homeCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const helpers = requestHelpers(app);
  lineAndAddressRoutes(app, helpers);
  setupRoutes(app, helpers);
  tvAddonRoutes(app);
}

/** The customer's home lines and addresses, and the checks of an address, a line and a number transfer. */
function lineAndAddressRoutes(app: FastifyInstance, { text, userId, signedIn, cartPackages }: Helpers): void {
  const { db, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'homeLineRegistered'>>({
    ...contractRoute(paths, 'homeLineRegistered'), ...auth,
    handler: async (req) => c.registeredHomeLines(db, text(req), await signedIn(req)),
  });
  app.route<RouteOf<'homeLineOptionGroups'>>({
    ...contractRoute(paths, 'homeLineOptionGroups'), ...auth,
    handler: async (req) => c.optionGroups(db, await userId(req)),
  });
  app.route<RouteOf<'homeAddressesExisting'>>({
    ...contractRoute(paths, 'homeAddressesExisting'), ...auth,
    handler: async (req) => c.existingAddresses(db, text(req), await signedIn(req)),
  });
  app.route<RouteOf<'homeAddressCheck'>>({
    ...contractRoute(paths, 'homeAddressCheck'), ...auth,
    handler: async (req) => {
      const { packages } = await cartPackages(req);
      const only = req.body.packageId !== undefined ? [req.body.packageId] : packages;
      return c.addressCheck(db, text(req), req.body, only);
    },
  });
  app.route<RouteOf<'homeLineCheck'>>({
    ...contractRoute(paths, 'homeLineCheck'), ...auth,
    handler: async (req) => c.homeLineCheck(db, req.body.homeline),
  });
  app.route<RouteOf<'gponHomeLineCheck'>>({
    ...contractRoute(paths, 'gponHomeLineCheck'), ...auth,
    handler: async (req) => {
      const { packages } = await cartPackages(req);
      return c.gponHomeLineCheck(db, text(req), await signedIn(req), req.query.lineId, req.query.packageId !== undefined ? [req.query.packageId] : packages);
    },
  });
  app.route<RouteOf<'fnpTransferCheck'>>({
    ...contractRoute(paths, 'fnpTransferCheck'), ...auth,
    handler: async (req) => c.transferCheck(db, text(req), req.query.homeLineNumber, req.query.addressCode),
  });
}

/** What the cart's home-line setup holds: installation address, home-line number, installation bill. */
function setupRoutes(app: FastifyInstance, { text, userId, cartPackages }: Helpers): void {
  const { db, paths } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'setInstallationAddress'>>({
    ...contractRoute(paths, 'setInstallationAddress'), ...auth,
    handler: async (req) => {
      const { cartId, packages } = await cartPackages(req);
      return c.setInstallationAddress(db, text(req), cartId, await userId(req), packages, req.body);
    },
  });
  app.route<RouteOf<'setHomeLineNumber'>>({
    ...contractRoute(paths, 'setHomeLineNumber'), ...auth,
    handler: async (req) => {
      const { cartId, packages } = await cartPackages(req);
      return c.setHomeLineNumber(db, text(req), cartId, await userId(req), packages, req.body);
    },
  });
  app.route<RouteOf<'setInstallationBill'>>({
    ...contractRoute(paths, 'setInstallationBill'), ...auth,
    handler: async (req) => c.setInstallationBill(db, text(req), await homeLineCartId(db, req.sessionId!), req.body),
  });
  app.route<RouteOf<'homeLineSetup'>>({
    ...contractRoute(paths, 'homeLineSetup'), ...auth,
    handler: async (req) => c.homeSetupOf(db, text(req), await homeLineCartId(db, req.sessionId!)),
  });
}

/** SUGGESTED_TV_ADDONS (server/workflows/tv-addons.ts) */
function tvAddonRoutes(app: FastifyInstance): void {
  const { db, paths, catalog } = app.ctx;
  const auth = { preHandler: app.authenticate };
  app.route<RouteOf<'tvAddons'>>({
    ...contractRoute(paths, 'tvAddons'), ...auth,
    handler: async (req) => suggestedTvAddons(db, await catalog.current(), req.sessionId!, requestLang(req)),
  });
  app.route<RouteOf<'addTvAddon'>>({
    ...contractRoute(paths, 'addTvAddon'), ...auth,
    handler: async (req) => addTvAddon(db, await catalog.current(), req.sessionId!, req.body, requestLang(req)),
  });
  app.route<RouteOf<'removeTvAddon'>>({
    ...contractRoute(paths, 'removeTvAddon'), ...auth,
    handler: async (req) => removeTvAddon(db, await catalog.current(), req.sessionId!, req.body.entryNumber, requestLang(req)),
  });
}
