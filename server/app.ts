// The Fastify application: plugins, shared JSON Schemas, error handling, domains, static shop. buildApp wires them in
// this order; each step lives in a sibling file: app-options.ts (what buildApp is given, the server's options),
// app-context.ts (Redis, `app.ctx`), app-hooks.ts (the hooks of every request), app-edge.ts (security headers, rate
// limit, load shedding, errors), app-routes.ts (every route) and app-shop.ts (the built shop and its pages).
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { guardSharedAnswers } from './lib/edge-cache';
import './context';
import { UiDocuments } from './ui/documents';
import { DEV_GATEWAY_SECRET } from './payment/secret';
import { apiSchemaTexts, compileKeyOf, fastifyOptions, root, type BuildAppOptions } from './app-options';
import { decorateContext, openRedis } from './app-context';
import { addAccessLog, addAnswerHooks, addCloseAndFeeds, addLifecycleHooks } from './app-hooks';
import { addSecurityHeaders, JSON_API_PREFIXES, registerLoadShedding, registerRateLimit, setErrorAnswers } from './app-edge';
import { registerOpenApi, registerRoutes } from './app-routes';
import { serveShop } from './app-shop';

/** (server/payment/secret.ts; main.ts refuses it in production) */
export { DEV_GATEWAY_SECRET };
/** (server/app-options.ts) */
export type { BuildAppOptions };

/** The shop's Fastify app: its plugins, hooks and routes registered in their order (the order is part of the behaviour). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const schemasDir = opts.schemasDir ?? join(root, 'schemas');
  const distDir = opts.distDir ?? join(root, 'dist');
  const ui = opts.ui ?? await UiDocuments.load(schemasDir);
  // Shared payload schemas (schemas/api/*.json, each with $id); their text and the formats key the compiled routes.
  const apiFiles = apiSchemaTexts(schemasDir);
  const compileKey = compileKeyOf(apiFiles, schemasDir);
  const app: FastifyInstance = Fastify(fastifyOptions(opts, schemasDir, compileKey, ui));
  const redis = await openRedis(app, opts.redisUrl);
  const redisPrefix = opts.redisPrefix ?? 'orbita:';
  await registerOpenApi(app);
  const { metrics, jobs } = decorateContext(app, opts, { ui, schemasDir, redis, redisPrefix });
  addLifecycleHooks(app, jobs);
  addAccessLog(app, metrics);
  addCloseAndFeeds(app, opts);
  addAnswerHooks(app);

  for (const text of apiFiles) app.addSchema(JSON.parse(text));

  await app.register(cookie);
  // (after the cookie plugin's own onSend hook) no Set-Cookie on an answer a shared cache may keep
  guardSharedAnswers(app, JSON_API_PREFIXES);
  await app.register(compress, { threshold: 1024 });
  addSecurityHeaders(app);
  await registerRateLimit(app, opts, ui, redis, redisPrefix);
  await registerLoadShedding(app, opts, ui, metrics);
  setErrorAnswers(app, ui, metrics);
  await registerRoutes(app, opts, { ui, schemasDir, distDir, redis, redisPrefix, metrics });
  await serveShop(app, opts, ui, distDir);

  if (opts.dev && opts.documents !== 'database') ui.watch({ info: (m) => app.log.info(m), error: (m) => app.log.error(m) });
  app.addHook('onClose', async () => { if (!opts.ui) await ui.close(); });
  return app;
}
