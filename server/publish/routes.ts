// The studio's API when the UI documents live in the database (issue 29; production, or UI_DOCUMENTS=database):
// drafts (editor), publish and rollback (reviewer), history with per-document diffs. Anonymous and customer
// sessions get 403 on every route (server/studio/access.ts). A document is addressed as the studio names files,
// "schemas/<folder>/<name>.json"; a version stores it as "<folder>/<name>.json".
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SchemaError } from '../../tools/schemas/index.js';
import { ApiError } from '../lib/errors';
import { requestLang } from '../lib/lang';
import { forbidden, studioUser, type StudioRole } from '../studio/index';
import { compactDiff, lineDiff } from './diff';
import { checkDocumentFiles, contentHash, isVersionedPath, schemaErrorsOf, type DocumentFiles } from './files';
import type { UiVersions } from './live';
import { discardDraft, listDrafts, listVersions, publishVersion, saveDraft, versionFiles, versionInfo } from './store';

export interface PublishRouteOptions { versions: UiVersions; schemasDir: string }

const toPath = (file: unknown): string => {
  const path = typeof file === 'string' && file.startsWith('schemas/') ? file.slice('schemas/'.length) : '';
  if (!isVersionedPath(path)) throw new ApiError(400, 'ValidationError', 'studio.badFile', { file: String(file) }, 'badFile', String(file));
  return path;
};
const toFile = (path: string) => `schemas/${path}`;

export async function publishRoutes(app: FastifyInstance, opts: PublishRouteOptions): Promise<void> {
  const { db } = app.ctx;
  const { versions } = opts;
  const user = async (req: FastifyRequest, role?: StudioRole) => {
    const u = await studioUser(db, req, role);
    if (!u) {
      // a studio user without the role (an editor publishing) is told so; anyone else is not staff
      const any = role ? await studioUser(db, req) : null;
      throw any ? new ApiError(403, 'ForbiddenError', `studio.forbidden.${role}`, {}, `not${role![0].toUpperCase()}${role!.slice(1)}`) : forbidden('notStaff');
    }
    return u;
  };
  const guard = async (req: FastifyRequest) => { await user(req); };
  const refused = (req: FastifyRequest, reply: FastifyReply, key: string, errors: SchemaError[]) => reply.code(400).send({
    errors: [{ type: 'ValidationError', message: app.ctx.ui.message(requestLang(req), key, { count: errors.length }), reason: 'schemaErrors' }],
    schemaErrors: errors,
  });
  const liveFiles = async (): Promise<{ live: number; files: DocumentFiles }> => {
    const live = await versions.sync();
    return { live, files: (await versionFiles(db, live))! };
  };
  const fileBody = { type: 'object', required: ['file', 'text'], properties: { file: { type: 'string', maxLength: 200 }, text: { type: 'string' } } };
  const bodyLimit = 2 * 1024 * 1024;

  // a document as the editor starts from it: its draft when there is one, else the live text
  app.get<{ Querystring: { file?: string } }>('/studio/api/source', { preHandler: guard }, async (req) => {
    const path = toPath(req.query.file);
    const { live, files } = await liveFiles();
    const [draft] = await listDrafts(db, [path]);
    const liveText = files.get(path) ?? null;
    if (!draft && liveText === null) throw new ApiError(404, 'UnknownIdentifierError', 'studio.badFile', { file: toFile(path) }, 'unknownFile', toFile(path));
    return {
      file: toFile(path), text: draft?.text ?? liveText, live: liveText, version: live,
      draft: draft ? { revision: draft.revision, author: draft.author, updatedAt: draft.updatedAt.toISOString(), baseVersion: draft.baseVersionId } : null,
    };
  });

  // live validation: the whole live set with this text in place (the drafts of others are not applied)
  app.post<{ Body: { file: string; text: string } }>('/studio/api/check', { preHandler: guard, bodyLimit, schema: { body: fileBody } }, async (req) => {
    const path = toPath(req.body.file);
    const started = Date.now();
    const { files } = await liveFiles();
    const errors = await schemaErrorsOf(opts.schemasDir, new Map(files).set(path, req.body.text));
    return { errors, ms: Date.now() - started };
  });

  // save a draft (editors): never served to shoppers; `revision` is the draft revision edited (null: from the live text)
  app.post<{ Body: { file: string; text: string; revision?: number | null } }>('/studio/api/save', {
    bodyLimit,
    schema: { body: { ...fileBody, properties: { ...fileBody.properties, revision: { type: ['integer', 'null'], minimum: 1 } } } },
  }, async (req) => {
    const u = await user(req, 'editor');
    const path = toPath(req.body.file);
    const live = await versions.sync();
    const draft = await saveDraft(db, { path, text: req.body.text, authorId: u.id, revision: req.body.revision ?? null, liveVersionId: live });
    return { saved: toFile(path), draft: { revision: draft.revision, author: draft.author, updatedAt: draft.updatedAt.toISOString(), baseVersion: draft.baseVersionId } };
  });

  app.get('/studio/api/drafts', { preHandler: guard }, async () => ({
    drafts: (await listDrafts(db)).map((d) => ({ file: toFile(d.path), revision: d.revision, author: d.author, updatedAt: d.updatedAt.toISOString(), baseVersion: d.baseVersionId })),
  }));

  app.delete<{ Querystring: { file?: string; revision?: number } }>('/studio/api/drafts', {
    schema: { querystring: { type: 'object', required: ['file', 'revision'], properties: { file: { type: 'string', maxLength: 200 }, revision: { type: 'integer', minimum: 1 } } } },
  }, async (req) => {
    await user(req, 'editor');
    const path = toPath(req.query.file);
    await discardDraft(db, path, req.query.revision!);
    return { discarded: toFile(path) };
  });

  // publish (reviewers): the drafts (all, or `files`) on top of the live version, the full checker over the result,
  // one transaction conditional on the live version, then every instance switches (ui_published)
  app.post<{ Body: { note?: string; files?: string[] } }>('/studio/api/publish', {
    schema: { body: { type: 'object', properties: { note: { type: 'string', maxLength: 500 }, files: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 200 } } } } },
  }, async (req, reply) => {
    const u = await user(req, 'reviewer');
    const paths = req.body.files?.map(toPath);
    const { live, files } = await liveFiles();
    const drafts = await listDrafts(db, paths);
    if (drafts.length === 0) throw new ApiError(400, 'ValidationError', 'studio.publish.nothing', {}, 'noDrafts');
    // a draft made on an older version whose document was published since would undo that publish: refused
    const bases = new Map<number, DocumentFiles | null>();
    for (const d of drafts.filter((x) => x.baseVersionId !== live)) {
      if (!bases.has(d.baseVersionId)) bases.set(d.baseVersionId, await versionFiles(db, d.baseVersionId));
      if (bases.get(d.baseVersionId)?.get(d.path) !== files.get(d.path)) {
        throw new ApiError(409, 'ConflictError', 'studio.publish.staleDraft', { file: toFile(d.path), version: live }, 'staleDraft', toFile(d.path));
      }
    }
    const next = new Map(files);
    for (const d of drafts) next.set(d.path, d.text);
    const checked = await checkDocumentFiles(opts.schemasDir, next);
    if (checked.errors) return refused(req, reply, 'studio.publish.refused', checked.errors);
    await versions.setOf(next, checked.set);
    const id = await publishVersion(db, next, live, { authorId: u.id, note: req.body.note ?? '', kind: 'publish' }, drafts.map((d) => ({ path: d.path, revision: d.revision })));
    await versions.sync();
    return { version: id, files: drafts.map((d) => toFile(d.path)) };
  });

  // rollback (reviewers): a new version with an earlier version's content; the same checks and switch as a publish
  app.post<{ Body: { version: number; note?: string } }>('/studio/api/rollback', {
    schema: { body: { type: 'object', required: ['version'], properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 }, note: { type: 'string', maxLength: 500 } } } },
  }, async (req, reply) => {
    const u = await user(req, 'reviewer');
    const target = await versionFiles(db, req.body.version);
    if (!target) throw new ApiError(404, 'UnknownIdentifierError', 'studio.version.unknown', { version: req.body.version }, 'unknownVersion', String(req.body.version));
    const { live, files } = await liveFiles();
    if (contentHash(target) === contentHash(files)) throw new ApiError(400, 'ValidationError', 'studio.rollback.same', { version: req.body.version }, 'sameContent');
    const checked = await checkDocumentFiles(opts.schemasDir, target);
    if (checked.errors) return refused(req, reply, 'studio.rollback.refused', checked.errors);
    await versions.setOf(target, checked.set);
    const id = await publishVersion(db, target, live, { authorId: u.id, note: req.body.note ?? '', kind: 'rollback', rollbackOf: req.body.version });
    await versions.sync();
    return { version: id, rollbackOf: req.body.version };
  });

  app.get('/studio/api/versions', { preHandler: guard }, async () => ({ versions: await listVersions(db) }));

  // what a version changed, per document, against its parent (or `against`)
  app.get<{ Params: { id: number }; Querystring: { against?: number } }>('/studio/api/versions/:id/diff', {
    preHandler: guard,
    schema: {
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      querystring: { type: 'object', properties: { against: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
    },
  }, async (req) => {
    const info = await versionInfo(db, req.params.id);
    if (!info) throw new ApiError(404, 'UnknownIdentifierError', 'studio.version.unknown', { version: req.params.id }, 'unknownVersion', String(req.params.id));
    const againstId = req.query.against ?? info.parentId;
    const after = (await versionFiles(db, info.id))!;
    const before = againstId ? await versionFiles(db, againstId) : new Map<string, string>();
    if (!before) throw new ApiError(404, 'UnknownIdentifierError', 'studio.version.unknown', { version: againstId! }, 'unknownVersion', String(againstId));
    const documents = [...new Set([...before.keys(), ...after.keys()])].sort().flatMap((path) => {
      const a = before.get(path);
      const b = after.get(path);
      if (a === b) return [];
      const status = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
      return [{ file: toFile(path), status, lines: compactDiff(lineDiff(a ?? '', b ?? '')) }];
    });
    return { version: info.id, against: againstId ?? null, documents };
  });
}
