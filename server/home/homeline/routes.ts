// Thin routes of the home-line step (CONNECT_HOME_DATA; paths in schemas/api/paths.json, payloads in
// schemas/api/homeline.json), and of the TV add-ons step (server/workflows/tv-addons.ts). Wired by server/app.ts: they read the cart (server/cart), which reaches this module's
// surface through server/flows/, so this file is not part of server/home/index.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLang } from '../../lib/lang';
import { ApiError } from '../../lib/errors';
import { entriesOf, getOrCreateCart } from '../../cart/index';
import { userOfSession } from '../../user/index';
import * as c from '../checkout';
import { PACKAGE_TYPES } from '../seed-data';
import { addTvAddon, removeTvAddon, suggestedTvAddons } from '../../workflows/tv-addons';

export async function homeCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths, catalog } = app.ctx;
  const auth = { preHandler: app.authenticate };
  const text = (req: FastifyRequest): c.Text => (key, params) => ui.message(requestLang(req), key, params);
  const setup = { 200: { $ref: 'homeline.json#/$defs/HomeSetupResponse' } };
  const lq = { $ref: 'homeline.json#/$defs/LangOnly' };
  const userId = async (req: FastifyRequest) => (await userOfSession(db, req.sessionId!))?.id ?? null;
  const signedIn = async (req: FastifyRequest) => {
    const id = await userId(req);
    if (id === null) throw new ApiError(403, 'ForbiddenError', 'homeLine.error.signInFirst');
    return id;
  };
  /** The cart and its home packages (the product codes the checks are made for). */
  const cartPackages = async (req: FastifyRequest) => {
    const cart = await getOrCreateCart(db, req.sessionId!);
    const snap = await catalog.current();
    const packages = (await entriesOf(db, cart.id)).map((e) => snap.product(e.productCode)).filter((p) => !!p && PACKAGE_TYPES.includes(p.product.type)).map((p) => p!.product.code);
    return { cartId: cart.id, packages };
  };

  app.route({
    method: paths.homeLineRegistered.method, url: paths.homeLineRegistered.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'homeline.json#/$defs/RegisteredHomeLines' } } },
    handler: async (req) => c.registeredHomeLines(db, text(req), await signedIn(req)),
  });
  app.route({
    method: paths.homeLineOptionGroups.method, url: paths.homeLineOptionGroups.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'homeline.json#/$defs/OptionGroups' } } },
    handler: async (req) => c.optionGroups(db, await userId(req)),
  });
  app.route({
    method: paths.homeAddressesExisting.method, url: paths.homeAddressesExisting.path, ...auth,
    schema: { querystring: lq, response: { 200: { $ref: 'homeline.json#/$defs/ExistingAddresses' } } },
    handler: async (req) => c.existingAddresses(db, text(req), await signedIn(req)),
  });
  app.route<{ Body: { homeAddressCode: string; entrance?: string | null; flatNum?: string | null; packageId?: string } }>({
    method: paths.homeAddressCheck.method, url: paths.homeAddressCheck.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'homeline.json#/$defs/AddressCheckBody' }, response: { 200: { $ref: 'homeline.json#/$defs/CheckStatus' } } },
    handler: async (req) => {
      const { packages } = await cartPackages(req);
      const only = req.body.packageId !== undefined ? [req.body.packageId] : packages;
      return c.addressCheck(db, text(req), req.body, only);
    },
  });
  app.route<{ Body: { homeline: string } }>({
    method: paths.homeLineCheck.method, url: paths.homeLineCheck.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'homeline.json#/$defs/HomeLineCheckBody' }, response: { 200: { $ref: 'homeline.json#/$defs/HomeLineCheck' } } },
    handler: async (req) => c.homeLineCheck(db, req.body.homeline),
  });
  app.route<{ Querystring: { lineId: string; packageId?: string } }>({
    method: paths.gponHomeLineCheck.method, url: paths.gponHomeLineCheck.path, ...auth,
    schema: { querystring: { $ref: 'homeline.json#/$defs/GponHomeLineQuery' }, response: { 200: { $ref: 'homeline.json#/$defs/CheckStatus' } } },
    handler: async (req) => {
      const { packages } = await cartPackages(req);
      return c.gponHomeLineCheck(db, text(req), await signedIn(req), req.query.lineId, req.query.packageId !== undefined ? [req.query.packageId] : packages);
    },
  });
  app.route<{ Querystring: { homeLineNumber: string; addressCode: string } }>({
    method: paths.fnpTransferCheck.method, url: paths.fnpTransferCheck.path, ...auth,
    schema: { querystring: { $ref: 'homeline.json#/$defs/TransferQuery' }, response: { 200: { $ref: 'homeline.json#/$defs/TransferCheck' } } },
    handler: async (req) => c.transferCheck(db, text(req), req.query.homeLineNumber, req.query.addressCode),
  });
  app.route<{ Body: c.InstallationAddressBody }>({
    method: paths.setInstallationAddress.method, url: paths.setInstallationAddress.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'homeline.json#/$defs/InstallationAddressBody' }, response: setup },
    handler: async (req) => {
      const { cartId, packages } = await cartPackages(req);
      return c.setInstallationAddress(db, text(req), cartId, await userId(req), packages, req.body);
    },
  });
  app.route<{ Body: c.HomeLineNumberBody }>({
    method: paths.setHomeLineNumber.method, url: paths.setHomeLineNumber.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'homeline.json#/$defs/HomeLineNumberBody' }, response: setup },
    handler: async (req) => {
      const { cartId, packages } = await cartPackages(req);
      return c.setHomeLineNumber(db, text(req), cartId, await userId(req), packages, req.body);
    },
  });
  app.route({
    method: paths.homeLineSetup.method, url: paths.homeLineSetup.path, ...auth,
    schema: { querystring: lq, response: setup },
    handler: async (req) => c.homeSetupOf(db, text(req), (await getOrCreateCart(db, req.sessionId!)).id),
  });

  // SUGGESTED_TV_ADDONS (server/workflows/tv-addons.ts)
  const tv = { 200: { $ref: 'homeline.json#/$defs/TvAddons' } };
  app.route({
    method: paths.tvAddons.method, url: paths.tvAddons.path, ...auth,
    schema: { querystring: lq, response: tv },
    handler: async (req) => suggestedTvAddons(db, await catalog.current(), req.sessionId!, requestLang(req)),
  });
  app.route<{ Body: { code: string; referenceType: 'TV_ADDON_RELATION' | 'FREE_TV_ADDON_RELATION' | 'STB_PRODUCT_RELATION' } }>({
    method: paths.addTvAddon.method, url: paths.addTvAddon.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'homeline.json#/$defs/TvAddonBody' }, response: tv },
    handler: async (req) => addTvAddon(db, await catalog.current(), req.sessionId!, req.body, requestLang(req)),
  });
  app.route<{ Body: { entryNumber: number } }>({
    method: paths.removeTvAddon.method, url: paths.removeTvAddon.path, ...auth,
    schema: { querystring: lq, body: { $ref: 'homeline.json#/$defs/TvAddonRemoveBody' }, response: tv },
    handler: async (req) => removeTvAddon(db, await catalog.current(), req.sessionId!, req.body.entryNumber, requestLang(req)),
  });
}
