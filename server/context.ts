// Request decorations shared by the domains (`app.ctx` and the request's fields): the composition root's part, as it
// names the modules it wires (server/app.ts fills it); a module's routes read it through Fastify's types.
import type { Db } from './db/index';
import type { UiDocuments } from './ui/index';
import type { CatalogModel } from './catalog/index';
import type { CartRowCache } from './cart/index';
import type { ApiPaths } from './lib/paths';
import type { Limits } from './lib/limits';
import type { ShopMetrics } from './lib/metrics';
import type { JobWorkers } from './db/jobs';

export interface AppContext {
  db: Db;
  ui: UiDocuments;
  paths: ApiPaths;
  /** Signs session tokens and the gateway's callbacks (GATEWAY_SECRET). */
  gatewaySecret: string;
  /** Verify them: the current secret, then the previous one while it is rotated (GATEWAY_SECRET_PREVIOUS). */
  gatewaySecrets: readonly string[];
  /** Bearer token lifetime in ms (15 min by default). */
  tokenTtlMs: number;
  /** The clock of session and token expiry (ms; tests inject one). */
  now: () => number;
  /** The session cookie is always the Secure `__Host-sid` (COOKIE_SECURE=true), not only for HTTPS requests. */
  secureCookies: boolean;
  /** The in-memory catalogue read model (server/catalog/model.ts). */
  catalog: CatalogModel;
  /** Open cart rows in memory: when this process is the database's sole user (buildApp singleInstance), or on
   *  PostgreSQL while its change feed is connected (buildApp listen; server/cart/row-cache.ts). */
  cartRows: CartRowCache | null;
  /** Send, attempt and existence-check limits shared by every instance (server/lib/limits.ts, issue 24). */
  limits: Limits;
  /** Prometheus metrics of this app (server/lib/metrics.ts, issue 30). */
  metrics: ShopMetrics;
  /** This instance's job workers (pg-boss, server/db/jobs.ts): modules register their queue's handler; absent when
   *  buildApp got no `jobs` (tests that run jobs themselves). Started when the app is ready, stopped at its close. */
  jobs: JobWorkers | null;
  /** Set when a shutdown starts: /health answers 503 so that balancers stop sending (server/main.ts). */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The published versions of the UI documents (database mode, server/publish/live.ts); absent with files. */
    uiVersions?: import('./publish/index').UiVersions;
    authenticate: (req: FastifyRequest) => Promise<void>;
    /** Signature and expiry of the bearer token only; the route must check the session is live (or serve public data). */
    authenticateToken: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    sessionId: string | null;
    /** What a route counted by outcome (config.metric) settled: a payment callback's result when applied, else its
     *  outcome (`alreadyProcessed`, `voided`). */
    metricOutcome: string | null;
  }
  interface FastifyContextConfig {
    /** A pure read: answering it does not clear the single-instance cart row cache (server/cart/row-cache.ts). */
    cartReadOnly?: boolean;
    /** A write that never changes the catalogue or stock (adding to a cart): the read model need not check its revision. */
    catalogUnchanged?: boolean;
    /** Counted in the metrics by outcome (server/app.ts): an order submission or a payment gateway callback. */
    metric?: 'order' | 'paymentCallback' | 'selfcarePaymentCallback';
  }
}
