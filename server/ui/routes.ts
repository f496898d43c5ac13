// GET /ui/manifest, /ui/{screens|modals|forms|flows|rules}/:id, /ui/forms/:id/validator.js, /ui/messages/:lang — ETag + 304,
// shared (public) answers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors';
import type { DocKind } from './documents';
import { requestLang, type Lang } from '../lib/lang';
import { renderPdf, screenBlocks } from './pdf';
import { apiVary, cacheable, CATALOG_POLICY, DOCUMENT_POLICY, notModified, sendShared, type CachePolicy } from '../lib/edge-cache';
import { contractRoute, type RouteOf } from '../lib/contract';
import { PAGE_SEARCH_MAX, searchPages } from './page-search';
import { sessionIdOfCookie } from '../user/index';

/** The PDFs of screens: an hour (they change with a publish of their screen or the messages). */
const PDF_POLICY: CachePolicy = { maxAge: 3600, sMaxAge: 3600, staleWhileRevalidate: 60 };

/**
 * The documents are the same for every shopper (the language is in the address of the messages; the others hold
 * message keys): shared answers, revalidated by browsers on each use and kept a minute by a shared cache
 * (docs/decisions/0004-edge-caching.md). A development server answers `no-cache` everywhere: an edited document is
 * announced to the page (renderer/live.ts), which fetches it again at once.
 */
export async function uiRoutes(app: FastifyInstance, opts: { dev?: boolean } = {}): Promise<void> {
  const send = sender(opts.dev);
  manifestRoute(app, send);
  documentRoutes(app, send);
  pageSearchRoute(app);
  pdfRoute(app);
}

/** Sends a document: a shared answer, or on a development server one revalidated on each use (`no-cache`). */
function sender(dev: boolean | undefined) {
  return (req: FastifyRequest, reply: FastifyReply, etag: string, body: string, type = 'application/json; charset=utf-8') => {
    if (!dev) return sendShared(req, reply, { etag, body }, { policy: DOCUMENT_POLICY, vary: 'accept-encoding', type });
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    return notModified(req, etag) ? reply.code(304).send() : reply.type(type).send(body);
  };
}
type Send = ReturnType<typeof sender>;

const id = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,80}$' };
// `?set=N`: the documents of published version N (database mode, server/publish) while this instance still holds it,
// so that a page never mixes versions across a switch; the current set otherwise. (A form validator's address has
// its own `?v=` cache key: the hash of its data schema.)
const querystring = { type: 'object', properties: { set: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
/** The document set a request asks for (`?set=N`), else the current one. */
const setOf = (ui: FastifyInstance['ctx']['ui'], req: FastifyRequest) => ui.setAt((req.query as { set?: number }).set);

/** While a partial rollout runs (server/publish/rollout.ts) the manifest depends on the session (its version is the
 *  rollout's for the sessions it picks): the shopper's own answer, revalidated on each use, kept by no shared cache.
 *  The documents it leads to are addressed by version (`?set=N`) and stay shared. */
function manifestRoute(app: FastifyInstance, send: Send): void {
  const { ui } = app.ctx;
  app.get('/ui/manifest', async (req, reply) => {
    if (!ui.activeRollout) return send(req, reply, ui.manifest.etag, ui.manifest.body);
    const { manifest } = ui.forSession(sessionIdOfCookie(req));
    reply.header('ETag', manifest.etag).header('Cache-Control', 'private, no-cache');
    return notModified(req, manifest.etag) ? reply.code(304).send() : reply.type('application/json; charset=utf-8').send(manifest.body);
  });
}

/** The documents: screens, modals, forms, flows and rules, the forms' validators and the messages. */
function documentRoutes(app: FastifyInstance, send: Send): void {
  const { ui } = app.ctx;
  const kinds: Array<[string, DocKind]> = [['screens', 'screen'], ['modals', 'modal'], ['forms', 'form'], ['flows', 'flow'], ['rules', 'rule']];
  for (const [segment, kind] of kinds) {
    app.get<{ Params: { id: string } }>(`/ui/${segment}/:id`, {
      schema: { params: { type: 'object', required: ['id'], properties: { id } }, querystring },
    }, async (req, reply) => {
      const doc = setOf(ui, req).docs.get(`${kind}/${req.params.id}`);
      if (!doc) throw notFound(`${segment}/${req.params.id}`, 'error.unknownDocument');
      return send(req, reply, doc.etag, doc.body);
    });
  }

  // the form's standalone validator (AJV code compiled by the server; imported by components/forms/Form.tsx)
  // (`?set=N`: the version the page is on, as for the documents; `v` is the address's cache key only)
  app.get<{ Params: { id: string } }>('/ui/forms/:id/validator.js', {
    schema: { params: { type: 'object', required: ['id'], properties: { id } }, querystring: { type: 'object', properties: { ...querystring.properties, v: { type: 'string', maxLength: 200 } } } },
  }, async (req, reply) => {
    const doc = setOf(ui, req).docs.get(`form/${req.params.id}`);
    if (!doc?.validator) throw notFound(`forms/${req.params.id}/validator.js`, 'error.unknownDocument');
    return send(req, reply, doc.validator.etag, doc.validator.body, 'text/javascript; charset=utf-8');
  });

  app.get<{ Params: { lang: 'sr' | 'en' } }>('/ui/messages/:lang', {
    schema: { params: { type: 'object', required: ['lang'], properties: { lang: { type: 'string', enum: ['sr', 'en'] } } }, querystring },
  }, async (req, reply) => {
    const doc = setOf(ui, req).docs.get(`messages/${req.params.lang}`);
    if (!doc) throw notFound(`messages/${req.params.lang}`, 'error.unknownDocument');
    return send(req, reply, doc.etag, doc.body);
  });
}

/** The site search's pages (./page-search.ts): public, the same for everybody, in the request's language. */
function pageSearchRoute(app: FastifyInstance): void {
  const { ui, paths } = app.ctx;
  app.route<RouteOf<'pageSearch'>>({
    ...contractRoute(paths, 'pageSearch'), config: { cartReadOnly: true, catalogUnchanged: true },
    handler: async (req, reply) => {
      const answer = cacheable(String(reply.serialize(searchPages(ui, req.query.query, req.query.max ?? PAGE_SEARCH_MAX, requestLang(req)))));
      return sendShared(req, reply, answer, { policy: CATALOG_POLICY, vary: apiVary(req), type: 'application/json; charset=utf-8' });
    },
  });
}

/** A screen printed as a PDF (its "pdf" address, e.g. the documents the checkout consents link to); ?lang=en in English. */
function pdfRoute(app: FastifyInstance): void {
  const { ui } = app.ctx;
  const pdfs = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>('/media/docs/:file', {
    schema: { params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[a-z0-9-]{1,60}\\.pdf$' } } } },
  }, async (req, reply) => {
    const lang = requestLang(req);
    const doc = ui.screenByPdf(`/media/docs/${req.params.file}`);
    if (!doc) throw notFound(req.params.file, 'error.unknownDocument');
    const messages = ui.get('messages', lang)!;
    const etag = `"${req.params.file}-${lang}-${doc.etag.replace(/"/g, '')}-${messages.etag.replace(/"/g, '')}"`;
    let pdf = pdfs.get(etag);
    if (!pdf) {
      pdf = printScreen(ui, doc, lang, req.params.file);
      if (pdfs.size > 32) pdfs.clear();
      pdfs.set(etag, pdf);
    }
    // in the request's language (header, address or cookie): varies as the catalogue's answers do
    reply.header('Content-Disposition', `inline; filename="${req.params.file}"`);
    return sendShared(req, reply, { etag, body: pdf }, { policy: PDF_POLICY, vary: apiVary(req), type: 'application/pdf' });
  });
}

/** The PDF of a screen in a language: its blocks, title (else the file's name), footer and page numbers. */
function printScreen(ui: FastifyInstance['ctx']['ui'], doc: { json: unknown }, lang: Lang, file: string): Buffer {
  const text = (v: unknown): string | null => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') return ui.message(lang, (v as { message: string }).message);
    return null;
  };
  const json = doc.json as { body?: unknown; title?: unknown };
  return renderPdf(screenBlocks(json.body, text), { title: text(json.title) ?? file, footer: ui.message(lang, 'content.pdf.footer') },
    (n, of) => ui.message(lang, 'content.pdf.page', { n, of }));
}
