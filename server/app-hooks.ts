// The app's hooks of every request and of its life: the job workers' start and stop, draining, the request id, the
// access log line and metrics, what closes with the app, PostgreSQL's change feeds, and what each answer marks.
import type { FastifyInstance } from 'fastify';
import type { JobWorkers } from './db/jobs';
import type { ShopMetrics } from './lib/metrics';
import { runWithRequestId } from './lib/request-context';
import { refuseControlCharacters } from './lib/validation';
import { queryStatsEnabled, registerQueryStats } from './db/query-stats';
import type { BuildAppOptions } from './app-options';

/** The job workers' start and stop, draining at a shutdown, and the request id of every answer. */
export function addLifecycleHooks(app: FastifyInstance, jobs: JobWorkers | null): void {
  // the workers start once every module registered its queue's handler, and stop (after their current job) before
  // the database is closed
  if (jobs) {
    app.addHook('onReady', async () => { await jobs.start(); });
    app.addHook('preClose', async () => { await jobs.stop(); });
  }
  // Draining (a shutdown: main.ts sets it first, app.close() here): an answer closes its connection, so that a request
  // in flight at the shutdown does not leave a kept-alive connection the server would wait for until its timeout.
  app.addHook('preClose', (done) => { app.ctx.draining = true; done(); });
  // Every answer carries the request's id, and what the request does runs with it in the store (the outbox reads it).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    runWithRequestId(req.id, done);
  });
}

/** One access log line per request at its answer, and its metrics. */
export function addAccessLog(app: FastifyInstance, metrics: ShopMetrics): void {
  // One line per request at its answer, and its metrics. The route is the pattern (`/hybris/…/:code`), never the
  // address: a shop page (answered by the not-found handler) is `(page)`, an unknown address `(unmatched)`.
  // Its fields are safe by construction (no address, query, header or body), so it is written by a child without the
  // redaction every other line passes (pino walks each logged object for the redacted paths: ~4 % of a catalogue
  // read's CPU), and without a per-request child: the request id is a field of the line.
  const accessLog = app.log.child({}, { redact: { paths: [] } });
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const route = req.is404 ? (status < 400 ? '(page)' : '(unmatched)') : (req.routeOptions.url ?? '(unmatched)');
    const seconds = reply.elapsedTime / 1000;
    // a balancer's passed health check (several a second per instance) is a debug line; a failed one stays info
    const line = { requestId: req.id, method: req.method, route, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (route === '/health' && status === 200) accessLog.debug(line, 'request');
    else accessLog.info(line, 'request');
    metrics.requests.inc({ method: req.method, route, status });
    metrics.duration.observe({ method: req.method, route }, seconds);
    if (status >= 500) metrics.serverErrors.inc({ route, status });
    const counted = req.routeOptions.config?.metric;
    if (counted === 'order') {
      metrics.orders.inc({ outcome: status < 300 ? 'placed' : status === 429 ? 'limited' : status < 500 ? 'refused' : 'failed' });
    } else if (counted === 'paymentCallback' || counted === 'selfcarePaymentCallback') {
      metrics.payments.inc({
        channel: counted === 'paymentCallback' ? 'shop' : 'selfcare',
        result: status >= 500 ? 'failed' : status >= 300 ? 'refused' : (req.metricOutcome ?? 'unknown'),
      });
    }
    done();
  });
}

/** What closes with the app (limits, the catalogue model, kept for the next start) and PostgreSQL's change feeds. */
export function addCloseAndFeeds(app: FastifyInstance, opts: BuildAppOptions): void {
  app.addHook('onClose', async () => {
    app.ctx.limits.close();
    app.ctx.catalog.close();
    // the read model kept for the next start (a failure costs that start a full build, nothing else)
    await app.ctx.catalog.save().catch((e: unknown) => app.log.warn({ err: e }, 'catalogue model not kept for the next start'));
  });
  // PostgreSQL: the cart rows other instances (or anyone) change are announced (migration 0023); rows are kept only
  // while this feed is connected (server/cart/row-cache.ts)
  const cartRows = app.ctx.cartRows;
  if (opts.listen && cartRows) {
    const stop = opts.listen('cart_changed', { message: (sessionId) => cartRows.invalidateSession(sessionId), state: (live) => cartRows.setLive(live) });
    app.addHook('onClose', async () => { await stop(); });
  }
  // PostgreSQL: a catalogue change (migration 0028's `catalog_changed`) is read as a delta at once, not at the next
  // revision check (which stays the fallback while the feed is away)
  if (opts.listen) {
    const stop = opts.listen('catalog_changed', { message: () => app.ctx.catalog.changed(), state: (live) => { if (live) app.ctx.catalog.changed(); } });
    app.addHook('onClose', async () => { await stop(); });
  }
}

/** What every answer marks (connection close while draining, the catalogue and cart rows to check again), the
 *  request's decorations, and the checks before validation. */
export function addAnswerHooks(app: FastifyInstance): void {
  // A write on this instance (an order, a payment callback giving stock back, a dev catalogue route…) may have
  // changed the catalogue or stock: the read model checks the revision on its next read.
  // (one callback hook for both, with the draining answer's Connection: close above: a hook is a step of every answer)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (app.ctx.draining) reply.header('Connection', 'close');
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.routeOptions.config?.catalogUnchanged !== true) app.ctx.catalog.invalidate();
    if (app.ctx.cartRows && req.routeOptions.config?.cartReadOnly !== true) app.ctx.cartRows.invalidate();
    done(null, payload);
  });
  app.decorateRequest('sessionId', null);
  app.decorateRequest('metricOutcome', null);
  // no text with control characters (NUL …) in any path parameter, query or body of any route: 400 in the shopper's
  // language before the schema's own checks (server/lib/validation.ts)
  app.addHook('preValidation', refuseControlCharacters);
  if (queryStatsEnabled()) registerQueryStats(app);
}
