// Thin routes of home services (paths in schemas/api/paths.json, payloads in schemas/api/home.json).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLang } from '../lib/lang';
import * as svc from './service';

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths, catalog } = app.ctx;
  // public data: a well-signed unexpired token is enough; nothing here changes the cart or the catalogue
  const read = { preHandler: app.authenticateToken, config: { cartReadOnly: true, catalogUnchanged: true } };
  const lang = (req: FastifyRequest) => requestLang(req);
  const text = (req: FastifyRequest) => (key: string, params?: Record<string, string | number>) => ui.message(lang(req), key, params);

  app.route<{ Querystring: { categoryCode?: string } }>({
    method: paths.homeHierarchy.method, url: paths.homeHierarchy.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/HierarchyQuery' }, response: { 200: { $ref: 'home.json#/$defs/Hierarchy' } } },
    handler: async (req) => svc.hierarchy(db, await catalog.current(), lang(req), req.query.categoryCode),
  });
  app.route<{ Querystring: { productCode: string } }>({
    method: paths.homeService.method, url: paths.homeService.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/ServiceQuery' }, response: { 200: { $ref: 'home.json#/$defs/ServiceDetails' } } },
    handler: async (req) => svc.serviceDetails(db, await catalog.current(), lang(req), req.query.productCode),
  });
  app.route<{ Querystring: { packageCode?: string } }>({
    method: paths.tvChannels.method, url: paths.tvChannels.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/ChannelsQuery' }, response: { 200: { $ref: 'home.json#/$defs/Channels' } } },
    handler: async (req) => svc.tvChannels(db, await catalog.current(), req.query.packageCode),
  });
  app.route<{ Querystring: { date?: string } }>({
    method: paths.tvGuide.method, url: paths.tvGuide.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/EpgQuery' }, response: { 200: { $ref: 'home.json#/$defs/Epg' } } },
    handler: async (req) => svc.tvGuide(db, lang(req), req.query.date),
  });
  app.route({
    method: paths.homeMunicipalities.method, url: paths.homeMunicipalities.path, ...read,
    schema: { response: { 200: { $ref: 'home.json#/$defs/Municipalities' } } },
    handler: async () => svc.municipalities(db),
  });
  app.route<{ Querystring: { municipalityCode: string } }>({
    method: paths.homeLocations.method, url: paths.homeLocations.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/MunicipalityQuery' }, response: { 200: { $ref: 'home.json#/$defs/Locations' } } },
    handler: async (req) => svc.localities(db, req.query.municipalityCode),
  });
  app.route<{ Querystring: { municipalityCode: string; localityCode: string } }>({
    method: paths.homeStreets.method, url: paths.homeStreets.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/StreetsQuery' }, response: { 200: { $ref: 'home.json#/$defs/Streets' } } },
    handler: async (req) => svc.streets(db, req.query.municipalityCode, req.query.localityCode),
  });
  app.route<{ Querystring: { municipalityCode: string; streetCode: string } }>({
    method: paths.homeStreetNumbers.method, url: paths.homeStreetNumbers.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/StreetNumbersQuery' }, response: { 200: { $ref: 'home.json#/$defs/StreetNumbers' } } },
    handler: async (req) => svc.streetNumbers(db, req.query.municipalityCode, req.query.streetCode),
  });
  app.route<{ Querystring: { addressCode: string; entrance?: string; flatNum?: string } }>({
    method: paths.gponAddressCheck.method, url: paths.gponAddressCheck.path, ...read,
    schema: { querystring: { $ref: 'home.json#/$defs/GponAddressQuery' }, response: { 200: { $ref: 'home.json#/$defs/GponAddressCheck' } } },
    handler: async (req) => svc.gponAddressCheck(db, await catalog.current(), text(req), req.query),
  });
  app.route<{ Body: svc.FnpBody }>({
    method: paths.fnpContact.method, url: paths.fnpContact.path, ...read,
    config: { ...read.config, rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { body: { $ref: 'home.json#/$defs/FnpRequest' }, response: { 201: { $ref: 'home.json#/$defs/FnpAck' } } },
    handler: async (req, reply) => {
      const ack = await svc.submitFnp(db, req.body);
      return reply.code(201).send({ ...ack, message: ui.message(lang(req), 'home.fnp.received', { reference: ack.reference }) });
    },
  });
}
