// The studio (issue 4): GET /studio (the page, built by Vite from studio/index.html), GET /studio/preview (the page the
// studio frames its preview in, studio/preview.html: the one studio page another page of this origin may frame), its
// JSON API under /studio/api/, and the live-update stream GET /ui/events (events.ts). Development servers and staff only:
// every studio route answers 403 ForbiddenError otherwise (reason "production" on a production server,
// "notStaff" for an anonymous or non-staff session) — the page as a localized HTML page, the API as JSON.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RJSFSchema } from '@rjsf/utils';
import { requestLang } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { forbidden, studioAccess, studioUser } from './access';
import { checkDraft, EDITABLE_FOLDERS, parseDraftFile, readDraftSource, writeDraft, type DraftFile, type EditableFolder } from './drafts';
import { editorSchema } from './editor-schema';
import { eventRoutes } from './events';
import { loadValidatorCompiler } from '../ui/index';

export interface StudioOptions {
  dev: boolean; schemasDir: string; distDir: string;
  /** The documents live in the database (issue 29): the studio serves signed-in editors and reviewers on any server, and
   *  its source/check/save routes are server/publish/routes.ts's (drafts), not the files of schemas/. */
  database?: boolean;
  /** The fixture-state matrix (tests/snapshots/fixture-states.json): which fixture states change each screen, modal and
   *  form; the studio lists those states first. Absent or unreadable: the studio lists every state alike. */
  fixtureStatesFile?: string;
}

/** The matrix as the studio reads it: each document's states, its default first (GET /studio/api/fixture-states). */
export interface FixtureStates { fixtures: string[]; documents: Record<string, { states: string[] }> }

/** The fixture-state matrix file, reduced to what the studio needs; an absent or malformed file is an empty matrix. */
export function readFixtureStates(file: string | undefined): FixtureStates {
  const empty: FixtureStates = { fixtures: [], documents: {} };
  if (!file || !existsSync(file)) return empty;
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as { fixtures?: unknown; documents?: Record<string, { states?: unknown }> };
    const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    const documents: FixtureStates['documents'] = {};
    for (const [doc, entry] of Object.entries(m.documents ?? {})) {
      const states = strings(entry?.states);
      if (states.length > 0) documents[doc] = { states };
    }
    return { fixtures: strings(m.fixtures), documents };
  } catch {
    return empty;
  }
}

/** One entry of the studio's document list. */
export interface StudioDocument { file: string; kind: string; id: string; version: number | null }

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const MAX_VALIDATORS = 32;

/** Body of the file routes: a document's file and text. */
const fileBody = { type: 'object', required: ['file', 'text'], properties: { file: { type: 'string', maxLength: 200 }, text: { type: 'string' } } };
const bodyLimit = 2 * 1024 * 1024;

export async function studioRoutes(app: FastifyInstance, opts: StudioOptions): Promise<void> {
  const { db } = app.ctx;
  const database = opts.database === true;
  // (production: 204 — pages on published versions look at the manifest instead, renderer/live.ts)
  eventRoutes(app, { dev: opts.dev });

  /** preHandler of the JSON API */
  const guard = async (req: FastifyRequest) => {
    const access = await studioAccess(db, opts.dev, req, database);
    if (access !== 'ok') throw forbidden(access);
  };

  // the pages: the studio, and the preview it frames (the same access; the preview may be framed by this origin only)
  app.get('/studio', studioPage(app, opts, 'index.html'));
  app.get('/studio/preview', studioPage(app, opts, 'preview.html'));
  app.get('/studio/*', studioPage(app, opts, 'index.html'));
  documentRoutes(app, opts, guard);
  // the files of schemas/ (development); with the documents in the database these are drafts (server/publish/routes.ts)
  if (!database) fileRoutes(app, opts, guard);
  validatorRoutes(app, opts, guard);
}

/** The draft file an API call names; 400 when it names none. */
function draftOf(file: unknown): DraftFile {
  const d = typeof file === 'string' ? parseDraftFile(file) : null;
  if (!d) throw new ApiError(400, 'ValidationError', 'studio.badFile', { file: String(file) }, 'badFile', String(file));
  return d;
}

/** A page of the studio (index.html or preview.html): 403 as a localized page without access, 503 before a build. */
function studioPage(app: FastifyInstance, opts: StudioOptions, html: 'index.html' | 'preview.html') {
  const { db, ui } = app.ctx;
  const database = opts.database === true;
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const access = await studioAccess(db, opts.dev, req, database);
    if (req.url.startsWith('/studio/api/')) {
      if (access !== 'ok') throw forbidden(access);
      throw new ApiError(404, 'NotFoundError', 'error.notFound.api');
    }
    const lang = requestLang(req);
    reply.header('Cache-Control', 'no-store');
    if (html === 'preview.html') {
      // the shop's CSP (set on every answer, app.ts) with one change: a page of this origin (the studio) may frame it
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    if (access !== 'ok') {
      const title = ui.message(lang, 'studio.forbidden.title');
      const link = access === 'notStaff' ? `<p><a href="/Prijava-b2c">${escapeHtml(ui.message(lang, 'studio.forbidden.login'))}</a></p>` : '';
      return reply.code(403).type('text/html; charset=utf-8').send(
        `<!doctype html><html lang="${lang === 'en' ? 'en' : 'sr-Latn'}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
        + `<title>${escapeHtml(title)}</title><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">`
        + `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(ui.message(lang, `studio.forbidden.${access}`))}</p>${link}</body></html>`);
    }
    const file = join(opts.distDir, 'studio', html);
    if (!existsSync(file)) {
      return reply.code(503).type('text/html; charset=utf-8').send(
        `<!doctype html><meta charset="utf-8"><title>Studio</title><p>${escapeHtml(ui.message(lang, 'error.server.noBuild'))}</p><pre>npm run build</pre>`);
    }
    return reply.type('text/html; charset=utf-8').send(readFileSync(file));
  };
}

/** The documents of the served set, the preview's fixtures and their states, and the editor's schema of a folder. */
function documentRoutes(app: FastifyInstance, opts: StudioOptions, guard: (req: FastifyRequest) => Promise<void>): void {
  const { db, ui } = app.ctx;
  const database = opts.database === true;
  // the list of every document of the served set, plus the preview's fixture states
  app.get('/studio/api/documents', { preHandler: guard }, async (req) => {
    const versions = (JSON.parse(ui.manifest.body) as { versions: Record<string, number> }).versions;
    const documents: StudioDocument[] = Object.entries(versions).map(([path, version]) => {
      const [folder, id] = path.split('/');
      return { file: `schemas/${folder}/${id}.json`, kind: folder, id, version };
    });
    const fixturesDir = join(opts.schemasDir, 'fixtures');
    if (existsSync(fixturesDir)) {
      for (const name of readdirSync(fixturesDir).filter((n) => n.endsWith('.json')).sort()) {
        if (documents.some((d) => d.file === `schemas/fixtures/${name}`)) continue;
        documents.push({ file: `schemas/fixtures/${name}`, kind: 'fixtures', id: name.slice(0, -5), version: null });
      }
    }
    if (!database) return { documents };
    // the documents live in the database: saves are drafts; the roles say whether this user may publish
    const user = await studioUser(db, req);
    return { documents, database: { version: ui.version ?? null, roles: user?.roles.filter((r) => r === 'editor' || r === 'reviewer') ?? [] } };
  });

  // the preview's fixture store states (schemas/fixtures/*.json), parsed
  app.get('/studio/api/fixtures', { preHandler: guard }, async () => {
    const dir = join(opts.schemasDir, 'fixtures');
    if (!existsSync(dir)) return { fixtures: [] };
    const fixtures = readdirSync(dir).filter((n) => n.endsWith('.json')).sort().flatMap((n) => {
      try {
        return [{ id: n.slice(0, -5), json: JSON.parse(readFileSync(join(dir, n), 'utf8')) as unknown }];
      } catch {
        return [];
      }
    });
    return { fixtures };
  });

  // which fixture states change each document (the matrix of the DOM snapshots): the studio lists those states first
  app.get('/studio/api/fixture-states', { preHandler: guard }, async () => readFixtureStates(opts.fixtureStatesFile));

  // the JSON Schema the editor completes and explains a document of a folder with (its meta schema, self-contained)
  app.get<{ Querystring: { kind?: string } }>('/studio/api/schema', { preHandler: guard }, async (req) => {
    const kind = req.query.kind ?? '';
    if (!(EDITABLE_FOLDERS as readonly string[]).includes(kind)) throw new ApiError(400, 'ValidationError', 'studio.badFile', { file: kind }, 'badKind', kind);
    return editorSchema(opts.schemasDir, kind as EditableFolder);
  });
}

/** The files of schemas/ on a development server: read, checked and saved. */
function fileRoutes(app: FastifyInstance, opts: StudioOptions, guard: (req: FastifyRequest) => Promise<void>): void {
  const { ui } = app.ctx;
  // a document's text as it is on disk (so lines and columns match the checker's)
  app.get<{ Querystring: { file?: string } }>('/studio/api/source', { preHandler: guard }, async (req) => {
    const draft = draftOf(req.query.file);
    const text = await readDraftSource(opts.schemasDir, draft);
    if (text === null) throw new ApiError(404, 'UnknownIdentifierError', 'studio.badFile', { file: draft.file }, 'unknownFile', draft.file);
    return { file: draft.file, text };
  });

  // live validation of a draft: the whole set is checked with the draft in place
  app.post<{ Body: { file: string; text: string } }>('/studio/api/check', { preHandler: guard, bodyLimit, schema: { body: fileBody } }, async (req) => {
    const draft = draftOf(req.body.file);
    return checkDraft(opts.schemasDir, draft, req.body.text);
  });

  // save: refused (422, with the errors) unless the whole set passes with the draft; development servers only
  app.post<{ Body: { file: string; text: string } }>('/studio/api/save', { preHandler: guard, bodyLimit, schema: { body: fileBody } }, async (req, reply) => {
    const draft = draftOf(req.body.file);
    const { errors } = await checkDraft(opts.schemasDir, draft, req.body.text);
    if (errors.length > 0) {
      return reply.code(422).send({ errors: [{ type: 'ValidationError', message: ui.message(requestLang(req), 'studio.save.refused'), reason: 'schemaErrors' }], schemaErrors: errors });
    }
    await writeDraft(opts.schemasDir, draft, req.body.text);
    return { saved: draft.file };
  });
}

/** A draft form's validator module: compiled by the server (the page's CSP forbids eval), imported by the preview. */
function validatorRoutes(app: FastifyInstance, opts: StudioOptions, guard: (req: FastifyRequest) => Promise<void>): void {
  const validators = new Map<string, string>();
  app.post<{ Body: { schema: RJSFSchema } }>('/studio/api/validator', {
    preHandler: guard, bodyLimit,
    schema: { body: { type: 'object', required: ['schema'], properties: { schema: { type: 'object' } } } },
  }, async (req) => {
    const text = JSON.stringify(req.body.schema);
    const hash = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    if (!validators.has(hash)) {
      let code: string;
      const { compileFormValidator, loadFormats } = await loadValidatorCompiler();
      try {
        code = compileFormValidator(req.body.schema, loadFormats(opts.schemasDir));
      } catch (e) {
        throw new ApiError(400, 'ValidationError', 'studio.validator.failed', { message: e instanceof Error ? e.message : String(e) }, 'notCompiled');
      }
      validators.set(hash, code);
      if (validators.size > MAX_VALIDATORS) validators.delete(validators.keys().next().value as string);
    }
    return { url: `/studio/api/validators/${hash}.js` };
  });
  app.get<{ Params: { hash: string } }>('/studio/api/validators/:hash.js', { preHandler: guard }, async (req, reply) => {
    const code = validators.get(req.params.hash);
    if (!code) throw new ApiError(404, 'UnknownIdentifierError', 'studio.badFile', { file: req.params.hash }, 'unknownValidator');
    return reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(code);
  });
}
