// Thin routes of the catalogue; the work is in search.ts / details.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestLang } from '../lib/lang';
import { notFound } from '../lib/errors';
import { searchProducts } from './search';
import { cmsComponent, productDetails, productReferences, productSpecification } from './details';
import { cmsPicture, productPicture, type PictureView } from './media';

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { db, ui, paths, catalog } = app.ctx;
  /**
   * The answer serialized once per catalogue revision, (route, query) and language, by the route's own response
   * serializer (so the bytes are what the schema-driven serializer would write), kept as UTF-8 bytes, sent as they are.
   */
  const cached = async (reply: FastifyReply, key: string, compute: (cat: Awaited<ReturnType<typeof catalog.current>>) => unknown) => {
    const cat = await catalog.current();
    const body = cat.memo(`json|${key}`, () => Buffer.from(String(reply.serialize(compute(cat))), 'utf8'));
    reply.type('application/json; charset=utf-8');
    return body;
  };
  const keyOf = (req: { url: string }, lang: string) => `${lang}|${req.url}`;
  // the catalogue is public data: a well-signed unexpired token is enough (no database)
  const auth = { preHandler: app.authenticateToken, config: { cartReadOnly: true } };

  app.route<{ Querystring: { categoryCode?: string; query?: string; sort?: string; page: number; pageSize: number; searchQueryContext?: string } }>({
    method: paths.productSearch.method, url: paths.productSearch.path, ...auth,
    schema: { querystring: { $ref: 'catalog.json#/$defs/SearchQuery' }, response: { 200: { $ref: 'catalog.json#/$defs/SearchResult' } } },
    handler: async (req, reply) => cached(reply, keyOf(req, requestLang(req)), (cat) => searchProducts(cat, ui, req.query, requestLang(req))),
  });

  app.route<{ Querystring: { productCode: string } }>({
    method: paths.productDetails.method, url: paths.productDetails.path, ...auth,
    schema: { querystring: { $ref: 'catalog.json#/$defs/ProductCodeQuery' }, response: { 200: { $ref: 'catalog.json#/$defs/ProductDetails' } } },
    handler: async (req, reply) => cached(reply, keyOf(req, requestLang(req)), (cat) => productDetails(cat, req.query.productCode, requestLang(req))),
  });

  app.route<{ Querystring: { productCode: string } }>({
    method: paths.productSpecification.method, url: paths.productSpecification.path, ...auth,
    schema: { querystring: { $ref: 'catalog.json#/$defs/ProductCodeQuery' }, response: { 200: { $ref: 'catalog.json#/$defs/Specification' } } },
    handler: async (req) => productSpecification(await catalog.current(), req.query.productCode, requestLang(req)),
  });

  app.route<{ Querystring: { productCode: string; referenceType: string; pageSize: number } }>({
    method: paths.productReferences.method, url: paths.productReferences.path, ...auth,
    schema: { querystring: { $ref: 'catalog.json#/$defs/ReferencesQuery' }, response: { 200: { $ref: 'catalog.json#/$defs/References' } } },
    handler: async (req) => productReferences(await catalog.current(), req.query.productCode, req.query.referenceType, req.query.pageSize, requestLang(req)),
  });

  app.route<{ Querystring: { componentId: string } }>({
    method: paths.cmsComponent.method, url: paths.cmsComponent.path, ...auth,
    schema: { querystring: { $ref: 'catalog.json#/$defs/ComponentQuery' }, response: { 200: { $ref: 'catalog.json#/$defs/CmsComponent' } } },
    handler: async (req) => cmsComponent(await catalog.current(), req.query.componentId, requestLang(req)),
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
