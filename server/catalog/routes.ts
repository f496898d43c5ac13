// Thin routes of the catalogue; the work is in search.ts / details.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractRoute, type ResponseOf, type RouteOf } from '../lib/contract';
import { devCatalogRoutes } from './dev';
import { requestLang, type Lang } from '../lib/lang';
import { apiVary, cacheable, CATALOG_POLICY, sendShared } from '../lib/edge-cache';
import { notFound } from '../lib/errors';
import { searchProducts } from './search';
import { cmsBanners, cmsComponent, productDetails, productReferences, productSpecification } from './details';
import { compareProducts, suggestProducts } from './compare';
import { cmsPicture, productPicture, type PictureView } from './media';
import { addonHierarchy, ottServices, roamingCountries } from './addons';

/** The catalogue's GET calls: public data, shared answers (docs/decisions/0004-edge-caching.md). */
export const PUBLIC_CATALOG_GETS = ['productSearch', 'productDetails', 'productSpecification', 'productReferences', 'productCompare',
  'productSuggestions', 'cmsComponents', 'cmsComponent', 'addonHierarchy', 'roamingCountries', 'ottServices'] as const;
type PublicCatalogGet = typeof PUBLIC_CATALOG_GETS[number];

/** The app's context (server/context.ts, the composition root's): named through Fastify's types, no import upwards. */
type AppContext = FastifyInstance['ctx'];
/** A catalogue snapshot, as the context's catalogue hands it out. */
type Snapshot = Awaited<ReturnType<AppContext['catalog']['current']>>;
/** Answers a public catalogue GET from the snapshot's shared bytes (sharedAnswers). */
type Shared = <N extends PublicCatalogGet>(_op: N, req: FastifyRequest, reply: FastifyReply, compute: (cat: Snapshot, lang: Lang) => ResponseOf<N>) => Promise<FastifyReply>;

export async function catalogRoutes(app: FastifyInstance, opts: { dev?: boolean } = {}): Promise<void> {
  if (opts.dev) await devCatalogRoutes(app);
  const shared = sharedAnswers(app.ctx);
  productRoutes(app, shared);
  cmsAndAddonRoutes(app, shared);
  mediaRoutes(app);
}

/**
 * Every catalogue GET is public data (issue 25, docs/decisions/0004-edge-caching.md): its answer is the same for
 * every shopper, so it needs no bearer token, and one that comes (valid, expired or forged) is not read — the answer
 * never depends on it, so a shared cache may keep it (`public`, which also lets a cache keep an answer to a request
 * that carried an Authorization header, RFC 9111 §3.5). The answer is serialized once per catalogue snapshot,
 * (route, query) and language, by the route's own response serializer (so the bytes are what the schema-driven
 * serializer would write), kept as UTF-8 bytes with their ETag (a digest of those bytes: it changes exactly when the
 * answer does, e.g. when a product in it changes, whatever else the catalogue changed) and sent as they are.
 * `compute` answers the operation's contract response (checked at build time).
 */
function sharedAnswers({ catalog }: AppContext): Shared {
  return async (_op, req, reply, compute) => {
    const cat = await catalog.current();
    const lang = requestLang(req);
    const answer = cat.memo(`json|${lang}|${req.url}`, () => cacheable(Buffer.from(String(reply.serialize(compute(cat, lang))), 'utf8')), [], { keepNested: false });
    return sendShared(req, reply, answer, { policy: CATALOG_POLICY, vary: apiVary(req), type: 'application/json; charset=utf-8' });
  };
}

// a pure read: neither the cart row cache nor the catalogue model has anything to check after it
const read = { config: { cartReadOnly: true } };

/** Search, details, specification, references, comparison and suggestions of products. */
function productRoutes(app: FastifyInstance, shared: Shared): void {
  const { ui, paths } = app.ctx;
  app.route<RouteOf<'productSearch'>>({
    ...contractRoute(paths, 'productSearch'), ...read,
    handler: async (req, reply) => shared('productSearch', req, reply, (cat, lang) => searchProducts(cat, ui, { ...req.query, page: req.query.page ?? 0, pageSize: req.query.pageSize ?? 20 }, lang)),
  });

  app.route<RouteOf<'productDetails'>>({
    ...contractRoute(paths, 'productDetails'), ...read,
    handler: async (req, reply) => shared('productDetails', req, reply, (cat, lang) => productDetails(cat, req.query.productCode, lang)),
  });

  app.route<RouteOf<'productSpecification'>>({
    ...contractRoute(paths, 'productSpecification'), ...read,
    handler: async (req, reply) => shared('productSpecification', req, reply, (cat, lang) => productSpecification(cat, req.query.productCode, lang)),
  });

  app.route<RouteOf<'productReferences'>>({
    ...contractRoute(paths, 'productReferences'), ...read,
    handler: async (req, reply) => shared('productReferences', req, reply, (cat, lang) => productReferences(cat, req.query.productCode, req.query.referenceType, req.query.pageSize ?? 100, lang)),
  });

  app.route<RouteOf<'productCompare'>>({
    ...contractRoute(paths, 'productCompare'), ...read,
    handler: async (req, reply) => shared('productCompare', req, reply, (cat, lang) => compareProducts(cat, req.query.productCodes, lang)),
  });

  app.route<RouteOf<'productSuggestions'>>({
    ...contractRoute(paths, 'productSuggestions'), ...read,
    handler: async (req, reply) => shared('productSuggestions', req, reply, (cat, lang) => suggestProducts(cat, req.query.term, req.query.max ?? 6, lang)),
  });
}

/** CMS components, add-ons, roaming countries and digital (OTT) services. */
function cmsAndAddonRoutes(app: FastifyInstance, shared: Shared): void {
  const { paths } = app.ctx;
  app.route<RouteOf<'cmsComponents'>>({
    ...contractRoute(paths, 'cmsComponents'), ...read,
    handler: async (req, reply) => shared('cmsComponents', req, reply, (cat, lang) => cmsBanners(cat, req.query.categoryCode, req.query.componentIds, lang)),
  });

  app.route<RouteOf<'cmsComponent'>>({
    ...contractRoute(paths, 'cmsComponent'), ...read,
    handler: async (req, reply) => shared('cmsComponent', req, reply, (cat, lang) => cmsComponent(cat, req.query.componentId, lang)),
  });

  // add-ons and digital services (server/catalog/addons.ts)
  app.route<RouteOf<'addonHierarchy'>>({
    ...contractRoute(paths, 'addonHierarchy'), ...read,
    handler: async (req, reply) => shared('addonHierarchy', req, reply, (cat, lang) => addonHierarchy(cat, req.query.categoryCode, lang)),
  });

  app.route<RouteOf<'roamingCountries'>>({
    ...contractRoute(paths, 'roamingCountries'), ...read,
    handler: async (req, reply) => shared('roamingCountries', req, reply, (_cat, lang) => roamingCountries(lang)),
  });

  app.route<RouteOf<'ottServices'>>({
    ...contractRoute(paths, 'ottServices'), ...read,
    handler: async (req, reply) => shared('ottServices', req, reply, (cat, lang) => ottServices(cat, req.query.categoryCode, lang)),
  });
}

/** The pictures: products' (by view) and the CMS components'. */
function mediaRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
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
