// Thin routes of home services (paths in schemas/api/paths.json, payloads in schemas/api/home.json).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiVary, CATALOG_POLICY, sendSharedValue, VARY_ENCODING } from '../lib/edge-cache';
import { contractRoute, type RouteOf } from '../lib/contract';
import { requestLang } from '../lib/lang';
import * as svc from './service';
import { requesterOf } from '../lib/limits';

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths, catalog } = app.ctx;
  // public data (issue 25, docs/decisions/0004-edge-caching.md): the same answer for every shopper, so no bearer
  // token is needed and one that comes is not read; shared answers (ETag + 304, Cache-Control public) computed per
  // request (they read the database); nothing here changes the cart or the catalogue
  const read = { config: { cartReadOnly: true, catalogUnchanged: true } };
  const lang = (req: FastifyRequest) => requestLang(req);
  const text = (req: FastifyRequest) => (key: string, params?: Record<string, string | number>) => ui.message(lang(req), key, params);
  /** in the request's language */
  const localized = (req: FastifyRequest, reply: FastifyReply, value: unknown) => sendSharedValue(req, reply, value, { policy: CATALOG_POLICY, vary: apiVary(req) });
  /** the same in every language */
  const plain = (req: FastifyRequest, reply: FastifyReply, value: unknown) => sendSharedValue(req, reply, value, { policy: CATALOG_POLICY, vary: VARY_ENCODING });

  app.route<RouteOf<'homeHierarchy'>>({
    ...contractRoute(paths, 'homeHierarchy'), ...read,
    handler: async (req, reply) => localized(req, reply, await svc.hierarchy(db, await catalog.current(), lang(req), req.query.categoryCode)),
  });
  app.route<RouteOf<'homeService'>>({
    ...contractRoute(paths, 'homeService'), ...read,
    handler: async (req, reply) => localized(req, reply, await svc.serviceDetails(db, await catalog.current(), lang(req), req.query.productCode)),
  });
  app.route<RouteOf<'tvChannels'>>({
    ...contractRoute(paths, 'tvChannels'), ...read,
    handler: async (req, reply) => plain(req, reply, await svc.tvChannels(db, await catalog.current(), req.query.packageCode)),
  });
  app.route<RouteOf<'tvGuide'>>({
    ...contractRoute(paths, 'tvGuide'), ...read,
    handler: async (req, reply) => localized(req, reply, await svc.tvGuide(db, lang(req), req.query.date)),
  });
  app.route<RouteOf<'homeMunicipalities'>>({
    ...contractRoute(paths, 'homeMunicipalities'), ...read,
    handler: async (req, reply) => plain(req, reply, await svc.municipalities(db)),
  });
  app.route<RouteOf<'homeLocations'>>({
    ...contractRoute(paths, 'homeLocations'), ...read,
    handler: async (req, reply) => plain(req, reply, await svc.localities(db, req.query.municipalityCode)),
  });
  app.route<RouteOf<'homeStreets'>>({
    ...contractRoute(paths, 'homeStreets'), ...read,
    handler: async (req, reply) => plain(req, reply, await svc.streets(db, req.query.municipalityCode, req.query.localityCode)),
  });
  app.route<RouteOf<'homeStreetNumbers'>>({
    ...contractRoute(paths, 'homeStreetNumbers'), ...read,
    handler: async (req, reply) => plain(req, reply, await svc.streetNumbers(db, req.query.municipalityCode, req.query.streetCode)),
  });
  app.route<RouteOf<'gponAddressCheck'>>({
    ...contractRoute(paths, 'gponAddressCheck'), ...read,
    handler: async (req, reply) => localized(req, reply, await svc.gponAddressCheck(db, await catalog.current(), text(req), req.query)),
  });
  // FNP: the number's holder proves it with a code sent to the number (issue 24); the code belongs to the session
  const session = { preHandler: app.authenticate, config: { ...read.config, rateLimit: { max: 20, timeWindow: '1 minute' } } };
  app.route<RouteOf<'fnpRequestOtp'>>({
    ...contractRoute(paths, 'fnpRequestOtp'), ...session,
    handler: async (req) => svc.requestFnpCode(db, requesterOf(req), req.sessionId!, req.body, (code) => ({
      subject: ui.message(lang(req), 'home.fnp.otp.subject'),
      body: ui.message(lang(req), 'home.fnp.otp.body', { code, seconds: svc.FNP_CODE_SECONDS }),
    })),
  });
  app.route<RouteOf<'fnpContact'>>({
    ...contractRoute(paths, 'fnpContact'), ...session,
    // answered with 201 Created (the entry's `status`: contractRoute puts the response schema on 201)
    handler: async (req, reply) => {
      const ack = await svc.submitFnp(db, app.ctx.limits, req.sessionId!, req.body);
      return reply.code(201).send({ ...ack, message: ui.message(lang(req), 'home.fnp.received', { reference: ack.reference }) });
    },
  });
}
