// Starts the shop: opens the database (PGlite in ./data/pglite, or PostgreSQL when DATABASE_URL
// is set), migrates, seeds on first start, checks the schema set (schemas/, or SCHEMAS_DIR), listens on HOST:PORT.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { formatErrors } from '../tools/schemas/format.js';
import { openDatabase } from './db/index';
import { seedIfEmpty } from './db/seed/index';
import { buildApp } from './app';
import { scaledLimits } from './lib/limits';
import { gatewaySecretOf, GatewaySecretError } from './payment/secret';
import { defaultSchemaCacheDir, SchemaSetError, UiDocuments } from './ui/documents';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

/** TRUST_PROXY: `true`, a hop count, or addresses/CIDRs of the load balancers (Fastify trustProxy). */
function trustProxy(v: string | undefined): boolean | number | string | undefined {
  if (!v) return undefined;
  if (v === 'true' || v === 'false') return v === 'true';
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** START_TIMING=1 prints where the start time goes (ms since the process started). */
const mark = (what: string) => {
  if (!process.env.START_TIMING) return;
  const cpu = process.cpuUsage();
  console.log(`[start] ${what.padEnd(22)} ${Math.round(performance.now())} ms (cpu ${Math.round((cpu.user + cpu.system) / 1000)} ms)`);
};

async function main(): Promise<void> {
  mark('imports');
  // Fail closed: a production start without a secret of its own stops here, before anything is opened.
  let gateway: ReturnType<typeof gatewaySecretOf>;
  try {
    gateway = gatewaySecretOf(process.env);
  } catch (err) {
    if (err instanceof GatewaySecretError) { console.error(err.message); process.exit(1); }
    throw err;
  }
  if (gateway.warning) console.warn(gateway.warning);
  const schemasDir = process.env.SCHEMAS_DIR ? resolve(process.env.SCHEMAS_DIR) : join(root, 'schemas');
  // The database (open, migrate, seed) and the schema set (checked once per content hash) load side by side.
  const [dbResult, uiResult] = await Promise.allSettled([
    openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.PGLITE_DIR ?? join(root, 'data', 'pglite') }).then(async (d) => {
      mark('database open');
      if (await seedIfEmpty(d.db)) console.log('Seed catalogue loaded (first start).');
      mark('database seeded');
      return d;
    }),
    UiDocuments.load(schemasDir, { cacheDir: defaultSchemaCacheDir() })
      .then((u) => { mark('schema set loaded'); return u; }),
  ]);
  if (dbResult.status === 'rejected') throw dbResult.reason;
  const database = dbResult.value;
  if (uiResult.status === 'rejected') {
    if (uiResult.reason instanceof SchemaSetError) {
      console.error(`The schema set under schemas/ is invalid; the server does not start.\n${formatErrors(uiResult.reason.errors)}`);
      await database.close();
      process.exit(1);
    }
    throw uiResult.reason;
  }
  const ui = uiResult.value;
  const secret = gateway.secret;
  let app;
  try {
    app = await buildApp({
      db: database.db, dev, logger: true, gatewaySecret: secret, singleInstance: database.dialect === 'pglite', listen: database.listen, schemasDir, ui,
      authRateLimit: process.env.AUTH_RATE_LIMIT ? Number(process.env.AUTH_RATE_LIMIT) : undefined,
      redisUrl: process.env.REDIS_URL || undefined,
      limits: scaledLimits(process.env.SEND_LIMITS_FACTOR),
      trustProxy: trustProxy(process.env.TRUST_PROXY),
    });
  } catch (err) {
    if (err instanceof SchemaSetError) {
      console.error(`The schema set under schemas/ is invalid; the server does not start.\n${formatErrors(err.errors)}`);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  mark('app built');
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.warn('dist/ is missing: run `npm run build` to serve the shop pages (the API works without it).');
  }
  const shutdown = async () => { await app.close(); ui.close(); await database.close(); process.exit(0); };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // the catalogue read model starts loading now: the first page (and search) joins it instead of starting it
  void app.ctx.catalog.current().catch((e: unknown) => app.log.error(e, 'catalogue read model'));
  const address = await app.listen({ port, host });
  mark('listening');
  console.log(`Orbita Telekom shop (${database.dialect}${dev ? ', dev' : ''}) at ${address}/`);
}

main().catch((err) => { console.error(err); process.exit(1); });
