// The built shop: its files (vite build → dist/) under /assets/ecommerce/dist/, and every other GET address outside
// the API answered with the shop page, its first view drawn on the server (server/ui/page.ts).
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { negotiate } from '@fastify/accept-negotiator';
import { createSession, sessionIdOfCookie, setSessionCookie } from './user/index';
import { DOCUMENT_POLICY, etagOf, notModified, sendSharedHeaders } from './lib/edge-cache';
import { addressAsksEnglish, LANG_COOKIE, LANG_COOKIE_MAX_AGE, requestLang, type Lang } from './lib/lang';
import type { UiDocuments } from './ui/documents';
import { renderShopPage } from './ui/page';
import { FirstViewRenderer, sharedFetchOf } from './ui/ssr';
import type { BuildAppOptions } from './app-options';
import { JSON_API_PREFIXES } from './app-edge';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What a shop page varies on besides its address: the language (a `lang` header or the b2c_enFlow cookie) and the
 *  cookie choice (b2c_consent) — the only cookies its first view reads. */
const PAGE_VARY = 'Accept-Encoding, lang, Cookie';
const API_PREFIXES = [...JSON_API_PREFIXES, '/ui/', '/gateway/', '/media/', '/assets/', '/openapi.json', '/studio/'];

/** What the shop page is drawn from. */
interface ShopPageParts { ui: UiDocuments; distDir: string; indexFile: string; firstView: FirstViewRenderer }

/** The built shop's files, and the shop page (else the API's 404) for every address no route answers. */
export async function serveShop(app: FastifyInstance, opts: BuildAppOptions, ui: UiDocuments, distDir: string): Promise<void> {
  // The built shop (vite build → dist/) under /assets/ecommerce/dist/, index.html for shop pages.
  const indexFile = join(distDir, 'index.html');
  // the first view of a page drawn on the server, from the renderer `vite build` puts beside dist/ (server/ui/ssr.ts)
  const firstView = new FirstViewRenderer(opts.ssrDir ?? join(distDir, '..', 'dist-ssr'), (e) => app.log.error(e, 'first view'), (id, set) => ui.setAt(set).docs.get(`form/${id}`)?.validator, sharedFetchOf(app));
  // loaded in the background once the server listens (after its first requests: a start is not made slower)
  app.addHook('onListen', (done) => { setTimeout(() => firstView.warm(), 300).unref(); done(); });
  if (existsSync(distDir)) {
    // hashed file names: cached for a year, never revalidated; the build's .br/.gz copies answer by Accept-Encoding; the
    // build's own files (.vite/manifest.json, .schema-set.json, .build-stamp) are not the shop's to serve
    await app.register(fastifyStatic, { root: distDir, prefix: '/assets/ecommerce/dist/', index: false, wildcard: true, maxAge: '365d', immutable: true, preCompressed: true, dotfiles: 'ignore' });
  }
  const page: ShopPageParts = { ui, distDir, indexFile, firstView };
  app.setNotFoundHandler((req, reply) => {
    const lang = requestLang(req);
    const path = req.url.split('?')[0];
    // Any Accept (or none: a plain health probe, curl) gets the shop page; API prefixes keep JSON 404s.
    const wantsHtml = (req.method === 'GET' || req.method === 'HEAD') && !API_PREFIXES.some((p) => path.startsWith(p));
    if (wantsHtml) {
      if (existsSync(indexFile)) return sendShopPage(app, req, reply, lang, page);
      reply.header('Cache-Control', 'no-store');
      return reply.code(503).type('text/html; charset=utf-8').send(
        `<!doctype html><meta charset="utf-8"><title>Orbita Telekom</title><p>${ui.message(lang, 'error.server.noBuild')}</p><pre>npm run build</pre>`);
    }
    return reply.code(404).send({ errors: [{ type: 'NotFoundError', message: ui.message(lang, 'error.notFound.api') }] });
  });
}

/** The shop page of a request: its first view in the address's (or the request's) language, a shared answer with an
 *  ETag unless it is the shopper's own, compressed here. */
function sendShopPage(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, lang: Lang, page: ShopPageParts) {
  const { ui, distDir, indexFile, firstView } = page;
  // the first view travels with the page (server/ui/page.ts): boot data for this language + path + query
  const q = req.url.indexOf('?');
  const [pagePath, search] = q < 0 ? [req.url, ''] : [req.url.slice(0, q), req.url.slice(q + 1)];
  const asksEnglish = addressAsksEnglish(pagePath, search);
  const pageLang = asksEnglish ? 'en' : lang;
  const indexHtml = readFileSync(indexFile, 'utf8');
  // an address that asks for English keeps it for the next pages at once: the browser's boot sets the same
  // cookie, but only once its scripts run (after the first paint), and a shopper may follow a link before that.
  // Only when the request does not carry it yet: that answer is the shopper's own (a Set-Cookie is never on a
  // shared answer), every later one is shared.
  const setsLangCookie = asksEnglish && req.cookies[LANG_COOKIE] !== 'true';
  if (setsLangCookie) {
    void reply.setCookie(LANG_COOKIE, 'true', { path: '/', maxAge: LANG_COOKIE_MAX_AGE, sameSite: 'lax' });
  }
  let failed = false;
  // a partial rollout of the UI documents (server/publish/rollout.ts) draws the page of the session's version:
  // then the page is the shopper's own answer (private), as the manifest is
  const rollout = ui.activeRollout !== null;
  // A first visit carries no session yet: during a rollout it gets its session now, so that this page is drawn
  // for the version the session will keep (without one it saw the live version, then switched at its next
  // manifest poll, ~20 s later, when the session its first call made happened to be in the rollout)
  const cookieSession = sessionIdOfCookie(req);
  const session = rollout && !cookieSession
    ? createSession(app.ctx.db, app.ctx.now()).then((s) => { setSessionCookie(reply, s.raw); return s.id; })
    : Promise.resolve(cookieSession);
  return session.then((sessionId) => renderShopPage(indexHtml, { ui: ui.forSession(sessionId), distDir, lang: pageLang, path: pagePath, search, firstView,
    consentCookie: req.cookies.b2c_consent ? `b2c_consent=${encodeURIComponent(req.cookies.b2c_consent)}` : '' }))
    .catch((e: unknown) => { req.log.error(e); failed = true; return { html: indexHtml, firstView: 'browser; failed' }; }) // the page still boots, fetching as before
    .then(async ({ html, firstView: drawnBy }) => {
      reply.header('X-First-View', drawnBy);
      // Nothing of the session is in the page (the header's cart count and name come from the shopper's own
      // calls once it is live): it depends on its address, the language cookie and the cookie choice only
      // (docs/decisions/0004-edge-caching.md), so it is a shared answer with an ETag; a 304 skips the compression.
      const answer = { body: html, etag: etagOf(html) };
      if (failed) {
        reply.header('Cache-Control', 'no-store'); // the bare shell of a failed drawing is kept by no one
      } else if (setsLangCookie || rollout) {
        reply.header('ETag', answer.etag).header('Cache-Control', 'private, no-cache').header('Vary', PAGE_VARY);
      } else {
        sendSharedHeaders(reply, answer, DOCUMENT_POLICY, PAGE_VARY);
        if (notModified(req, answer.etag)) return reply.code(304).send();
      }
      reply.type('text/html; charset=utf-8');
      // compressed here: @fastify/compress hooks routes, and a page is answered by this handler, not a route
      const encoding = negotiate(req.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      if (!encoding || req.method === 'HEAD') return reply.send(html);
      const body = encoding === 'br'
        ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
        : await gzip(html, { level: 6 });
      return reply.header('Content-Encoding', encoding).send(body);
    });
}
