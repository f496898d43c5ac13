// Answers a CDN or any shared cache may keep (issue 25, docs/decisions/0004-edge-caching.md): the same bytes for
// every shopper, a validator (ETag, 304 on a matching If-None-Match), `Cache-Control: public, …` and a `Vary` that
// names exactly what the answer depends on besides its address. Personal answers say `private, no-store` instead.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How long a shared answer may be served: by browsers (`maxAge`), by shared caches (`sMaxAge`) and, after that, stale
 *  while the cache asks again in the background (`staleWhileRevalidate`); seconds. */
export interface CachePolicy { maxAge: number; sMaxAge: number; staleWhileRevalidate: number }

/** Catalogue answers (stock and prices change): a minute everywhere, a minute more while revalidating. */
export const CATALOG_POLICY: CachePolicy = { maxAge: 60, sMaxAge: 60, staleWhileRevalidate: 60 };
/** UI documents and the shop page: a browser revalidates each use (a cheap 304), a shared cache keeps them a minute
 *  (a studio publish shows within that minute plus the revalidation window). */
export const DOCUMENT_POLICY: CachePolicy = { maxAge: 0, sMaxAge: 60, staleWhileRevalidate: 60 };

export const PRIVATE_NO_STORE = 'private, no-store';

export function cacheControl(p: CachePolicy): string {
  return `public, max-age=${p.maxAge}, s-maxage=${p.sMaxAge}, stale-while-revalidate=${p.staleWhileRevalidate}`;
}

/** The validator of a body: a digest of its bytes (computed once per kept answer, not per request). Weak (`W/`):
 *  the same content answers br, gzip or identity-coded, byte-different (RFC 9110 §8.8.1); If-None-Match compares
 *  weakly anyway. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** An answer kept with its validator. */
export interface Cacheable { body: Buffer | string; etag: string }

export function cacheable(body: Buffer | string): Cacheable {
  return { body, etag: etagOf(body) };
}

/** Does If-None-Match name this validator (weak comparison, RFC 9110 §13.1.2: `W/` is ignored; `*` matches)? */
export function notModified(req: FastifyRequest, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (typeof inm !== 'string' || inm === '') return false;
  const bare = etag.replace(/^W\//, '');
  for (const raw of inm.split(',')) {
    const t = raw.trim();
    if (t === '*' || t.replace(/^W\//, '') === bare) return true;
  }
  return false;
}

/**
 * Where the answer's language came from, which decides what it varies on: the `lang` header (the shop's client sends
 * it on every call) or, without one, `?lang=` in the address — both seen by a cache (`Vary: lang`, the address is
 * the key); with neither, the `b2c_enFlow` cookie decides, so the answer also varies on Cookie (still shared by
 * every request without cookies: crawlers, a CDN's own fetches).
 */
export function langSource(req: FastifyRequest): 'header' | 'query' | 'cookie' {
  const h = req.headers.lang;
  const header = Array.isArray(h) ? h[0] : h;
  if (header === '1' || header === '2' || header === 'sr' || header === 'en') return 'header';
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (q === 'en' || q === '2' || q === 'sr' || q === '1') return 'query';
  return 'cookie';
}

/** The Vary of a shared API answer in the request's language (see langSource). */
export function apiVary(req: FastifyRequest): string {
  return langSource(req) === 'cookie' ? 'accept-encoding, lang, Cookie' : 'accept-encoding, lang';
}

/** The headers of a shared answer; a Set-Cookie set before this is removed (a shared cache would hand it to others). */
export function sendSharedHeaders(reply: FastifyReply, answer: Cacheable, policy: CachePolicy, vary: string): void {
  reply.removeHeader('set-cookie');
  reply.header('ETag', answer.etag).header('Cache-Control', cacheControl(policy)).header('Vary', vary);
}

/**
 * Sends a shared answer: ETag, Cache-Control, Vary, and 304 without a body when If-None-Match names it. Nothing
 * personal may be on the reply: a Set-Cookie set before this is removed (a shared cache would hand it to others).
 */
export function sendShared(req: FastifyRequest, reply: FastifyReply, answer: Cacheable, o: { policy: CachePolicy; vary: string; type: string }): FastifyReply {
  sendSharedHeaders(reply, answer, o.policy, o.vary);
  if (notModified(req, answer.etag)) return reply.code(304).send();
  return reply.type(o.type).send(answer.body);
}

/**
 * Sends an answer that is the same for every shopper but is computed on each request (it reads the database, not
 * only the catalogue's read model, so it cannot be kept with a snapshot): serialized by the route's own response
 * serializer, its ETag a digest of those bytes — a 304 still saves the body — and the shared headers. `vary`: what
 * it depends on besides its address (apiVary(req) when it is in the request's language, 'accept-encoding' when not).
 */
export function sendSharedValue(req: FastifyRequest, reply: FastifyReply, value: unknown, o: { policy: CachePolicy; vary: string }): FastifyReply {
  const answer = cacheable(Buffer.from(String(reply.serialize(value)), 'utf8'));
  return sendShared(req, reply, answer, { ...o, type: 'application/json; charset=utf-8' });
}

/** The Vary of a shared answer that is the same in every language. */
export const VARY_ENCODING = 'accept-encoding';

/**
 * The last word on every answer (registered after @fastify/cookie, whose onSend hook writes the cookies set with
 * reply.setCookie): a contract API answer (under `personalPrefixes`) without a Cache-Control of its own is
 * `private, no-store` — a shared cache configured to keep everything still never keeps a cart — and an answer a shared cache may keep never carries a Set-Cookie — the cookie is dropped, with a
 * warning naming the route, rather than handed by a cache to everyone who asks next.
 */
export function guardSharedAnswers(app: FastifyInstance, personalPrefixes: readonly string[]): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    // an API answer that did not say it is shared is the shopper's own (cart, account, checkout, errors …)
    if (!reply.hasHeader('cache-control') && personalPrefixes.some((p) => req.url.startsWith(p))) reply.header('Cache-Control', PRIVATE_NO_STORE);
    const cc = reply.hasHeader('set-cookie') ? reply.getHeader('cache-control') : undefined;
    if (typeof cc === 'string' && /^\s*public\b/i.test(cc)) {
      reply.removeHeader('set-cookie');
      req.log.warn({ url: req.routeOptions.url }, 'Set-Cookie dropped from a shared (public) answer');
    }
    done(null, payload);
  });
}
