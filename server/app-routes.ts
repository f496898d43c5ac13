// The app's routes, in their registration order: every module's, the published documents' (database mode), the
// studio's, the OpenAPI document and the metrics.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { Redis } from 'ioredis';
import { bearerMatches, type ShopMetrics } from './lib/metrics';
import { requestLang } from './lib/lang';
import { numberRoutes } from './numbers/routes';
import { devOutboxRoutes } from './outbox/routes';
import type { UiDocuments } from './ui/documents';
import { uiRoutes } from './ui/routes';
import { userRoutes } from './user/routes';
import { profileRoutes } from './user/profile-http/routes';
import { catalogRoutes } from './catalog/routes';
import { cartRoutes } from './cart/routes';
import { checkoutRoutes } from './checkout/routes';
import { homeRoutes } from './home/index';
import { homeCheckoutRoutes } from './home/homeline/routes';
import { deliveryRoutes } from './delivery/index';
import { gatewayRoutes } from './payment/gateway/routes';
import { selfcareRoutes } from './selfcare/routes';
import { studioRoutes } from './studio/routes';
import { UiVersions } from './publish/live';
import { publishRoutes } from './publish/routes';
import { healthRoutes } from './health';
import { memoryFailureCounter, redisFailureCounter } from './user/throttle';
import { simulatedGateway } from './payment/gateway/provider';
import { root, type BuildAppOptions } from './app-options';

/** The OpenAPI document's generator (@fastify/swagger), registered before the routes it reads as they are declared. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // The OpenAPI 3.1 document of every route with a schema (GET /openapi.json): @fastify/swagger reads the routes as they
  // are declared; the shared API schemas (schemas/api/*.json, addSchema) become components named by their file.
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Orbita Telekom web shop API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id.replace(/\.json$/, '') : `def-${i}`) },
    // every answer may be an error in the shop's shape; every request may choose its language
    transform: ({ schema, url }) => {
      if (!schema || schema.hide) return { schema, url };
      const response = { '4XX': { description: 'Error', $ref: 'common.json#/$defs/ErrorResponse' }, ...(schema.response as object | undefined) };
      const headers = { type: 'object', properties: { lang: { type: 'string', enum: ['1', '2'] } }, ...(schema.headers as object | undefined) };
      return { schema: { ...schema, response, headers }, url };
    },
  });
}

/** Every route of the shop, self-care, the documents and the studio, then /openapi.json and /metrics. */
export async function registerRoutes(app: FastifyInstance, opts: BuildAppOptions, parts: { ui: UiDocuments; schemasDir: string; distDir: string; redis: Redis | null; redisPrefix: string; metrics: ShopMetrics }): Promise<void> {
  const { ui, schemasDir, distDir, redis, redisPrefix, metrics } = parts;
  await userRoutes(app, {
    rateLimitMax: opts.authRateLimit ?? 60,
    loginThrottle: {
      counter: redis ? redisFailureCounter(redis, `${redisPrefix}login:`, (m) => app.log.warn(m)) : memoryFailureCounter(),
      perAccount: opts.loginThrottle?.perAccount ?? 5, perAddress: opts.loginThrottle?.perAddress ?? 50,
      windowMs: opts.loginThrottle?.windowMs ?? 15 * 60 * 1000,
    },
  });
  await profileRoutes(app);
  await healthRoutes(app);
  await catalogRoutes(app, { dev: opts.dev === true });
  await cartRoutes(app, { dev: opts.dev === true });
  await checkoutRoutes(app);
  await homeRoutes(app);
  await deliveryRoutes(app);
  await numberRoutes(app);
  await homeCheckoutRoutes(app);
  // the outbox page for testers (one-time codes): development mode only
  if (opts.dev) await devOutboxRoutes(app);
  // one gateway provider for the shop's and self-care's voids; self-care's poll retries both (retryOrderVoids)
  const gateway = opts.gateway ?? opts.selfcare?.gateway ?? simulatedGateway(app.ctx.db);
  await gatewayRoutes(app, { gateway });
  await selfcareRoutes(app, { ...opts.selfcare, gateway });
  // the documents in the database (issue 29): the live version served, switched when it moves (server/publish)
  const database = opts.documents === 'database';
  if (database) {
    const versions = new UiVersions(opts.db, ui, {
      schemasDir, cacheDir: opts.documentsCacheDir, pollMs: opts.documentsPollMs, listen: opts.listen, now: app.ctx.now,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (e, m) => app.log.error(e, m) },
    });
    await versions.start(ui.version === undefined ? ui.setAt(undefined) : undefined);
    app.decorate('uiVersions', versions);
    app.addHook('onClose', async () => { await versions.close(); });
  }
  await uiRoutes(app, { dev: opts.dev === true });
  await studioRoutes(app, { dev: opts.dev === true, schemasDir, distDir, database, fixtureStatesFile: join(root, 'tests', 'snapshots', 'fixture-states.json') });
  if (database) await publishRoutes(app, { versions: app.uiVersions!, schemasDir });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Prometheus text to the holder of METRICS_TOKEN only; anyone else (or any request when no token is set) gets the
  // API's 404, as for an address that does not exist. METRICS_PORT serves them on a private listener (main.ts).
  app.get('/metrics', { config: { catalogUnchanged: true, cartReadOnly: true } }, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!bearerMatches(req.headers.authorization, opts.metricsToken)) {
      return reply.code(404).send({ errors: [{ type: 'NotFoundError', message: ui.message(requestLang(req), 'error.notFound.api') }] });
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
