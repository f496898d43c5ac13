// Thin routes of the catalogue; the work is in search.ts / details.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractRoute, type ResponseOf, type RouteOf } from '../lib/contract';
import { devCatalogRoutes } from './dev';
import { requestLang } from '../lib/lang';
import { notFound } from '../lib/errors';
import { searchProducts } from './search';
import { cmsBanners, cmsComponent, productDetails, productReferences, productSpecification } from './details';
import { compareProducts, suggestProducts } from './compare';
import { cmsPicture, productPicture, type PictureView } from './media';
import { addonHierarchy, ottServices, roamingCountries } from './addons';

export async function catalogRoutes(app: FastifyInstance, opts: { dev?: boolean } = {}): Promise<void> {
  const { db, ui, paths, catalog } = app.ctx;
  if (opts.dev) await devCatalogRoutes(app);
  /**
   * The answer serialized once per catalogue revision, (route, query) and language, by the route's own response
   * serializer (so the bytes are what the schema-driven serializer would write), kept as UTF-8 bytes, sent as they are.
   * `compute` answers the operation's contract response (checked at build time); the bytes are its serialization.
   */
  const cached = async <N extends 'productSearch' | 'productDetails'>(_op: N, reply: FastifyReply, key: string, compute: (cat: Awaited<ReturnType<typeof catalog.current>>) => ResponseOf<N>): Promise<void> => {
    const cat = await catalog.current();
    const body = cat.memo(`json|${key}`, () => Buffer.from(String(reply.serialize(compute(cat))), 'utf8'));
    await reply.type('application/json; charset=utf-8').send(body);
  };
  const keyOf = (req: { url: string }, lang: string) => `${lang}|${req.url}`;
  // the catalogue is public data: a well-signed unexpired token is enough (no database)
  const auth = { preHandler: app.authenticateToken, config: { cartReadOnly: true } };

  app.route<RouteOf<'productSearch'>>({
    ...contractRoute(paths, 'productSearch'), ...auth,
    handler: async (req, reply) => cached('productSearch', reply, keyOf(req, requestLang(req)), (cat) => searchProducts(cat, ui, { ...req.query, page: req.query.page ?? 0, pageSize: req.query.pageSize ?? 20 }, requestLang(req))),
  });

  app.route<RouteOf<'productDetails'>>({
    ...contractRoute(paths, 'productDetails'), ...auth,
    handler: async (req, reply) => cached('productDetails', reply, keyOf(req, requestLang(req)), (cat) => productDetails(cat, req.query.productCode, requestLang(req))),
  });

  app.route<RouteOf<'productSpecification'>>({
    ...contractRoute(paths, 'productSpecification'), ...auth,
    handler: async (req) => productSpecification(await catalog.current(), req.query.productCode, requestLang(req)),
  });

  app.route<RouteOf<'productReferences'>>({
    ...contractRoute(paths, 'productReferences'), ...auth,
    handler: async (req) => productReferences(await catalog.current(), req.query.productCode, req.query.referenceType, req.query.pageSize ?? 100, requestLang(req)),
  });

  app.route<RouteOf<'productCompare'>>({
    ...contractRoute(paths, 'productCompare'), ...auth,
    handler: async (req) => compareProducts(await catalog.current(), req.query.productCodes, requestLang(req)),
  });

  app.route<RouteOf<'productSuggestions'>>({
    ...contractRoute(paths, 'productSuggestions'), ...auth,
    handler: async (req) => suggestProducts(await catalog.current(), req.query.term, req.query.max ?? 6, requestLang(req)),
  });

  app.route<RouteOf<'cmsComponents'>>({
    ...contractRoute(paths, 'cmsComponents'), ...auth,
    handler: async (req) => cmsBanners(await catalog.current(), req.query.categoryCode, req.query.componentIds, requestLang(req)),
  });

  app.route<RouteOf<'cmsComponent'>>({
    ...contractRoute(paths, 'cmsComponent'), ...auth,
    handler: async (req) => cmsComponent(await catalog.current(), req.query.componentId, requestLang(req)),
  });

  // add-ons and digital services (server/catalog/addons.ts)
  app.route<RouteOf<'addonHierarchy'>>({
    ...contractRoute(paths, 'addonHierarchy'), ...auth,
    handler: async (req) => addonHierarchy(await catalog.current(), req.query.categoryCode, requestLang(req)),
  });

  app.route<RouteOf<'roamingCountries'>>({
    ...contractRoute(paths, 'roamingCountries'), ...auth,
    handler: async (req) => roamingCountries(requestLang(req)),
  });

  app.route<RouteOf<'ottServices'>>({
    ...contractRoute(paths, 'ottServices'), ...auth,
    handler: async (req) => ottServices(await catalog.current(), req.query.categoryCode, requestLang(req)),
  });

  app.get<{ Params: { file: string }; Querystring: { view?: PictureView } }>('/media/products/:file', {
    schema: {
      params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[A-Z0-9_]{1,80}\\.svg$' } } },
      querystring: { type: 'object', properties: { view: { type: 'string', enum: ['duo', 'front', 'back'] } }, additionalProperties: false },
    },
  }, async (req, reply) => {
    const code = req.params.file.replace(/\.svg$/, '');
    const svg = await productPicture(db, code, req.query.view ?? 'duo');
    if (!svg) throw notFound(code);
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400');
    return svg;
  });

  // the pictures of the CMS components (media.url of GET cmsComponent), e.g. the no-stock pop-up's
  app.get<{ Params: { file: string } }>('/media/cms/:file', {
    schema: { params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[a-z0-9-]{1,60}\\.svg$' } } } },
  }, async (req, reply) => {
    const name = req.params.file.replace(/\.svg$/, '');
    const svg = cmsPicture(name);
    if (!svg) throw notFound(name);
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400');
    return svg;
  });
}
