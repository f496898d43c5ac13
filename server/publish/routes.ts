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
import { CREATABLE_FOLDERS, documentTemplate, withMessage, type CreatableFolder } from './templates';
import { listRollouts, promoteRollout, startRollout, stopRollout } from './rollout';
import { discardDraft, editDrafts, listDrafts, type DraftRow, listVersions, publishVersion, refuseWhileRollout, saveDraft, versionFiles, versionInfo } from './store';

export interface PublishRouteOptions { versions: UiVersions; schemasDir: string }

const toPath = (file: unknown): string => {
  const path = typeof file === 'string' && file.startsWith('schemas/') ? file.slice('schemas/'.length) : '';
  if (!isVersionedPath(path)) throw new ApiError(400, 'ValidationError', 'studio.badFile', { file: String(file) }, 'badFile', String(file));
  return path;
};
const toFile = (path: string) => `schemas/${path}`;
const draftInfo = (d: DraftRow) => ({ revision: d.revision, author: d.author, updatedAt: d.updatedAt.toISOString(), baseVersion: d.baseVersionId });
/** A message key: dot-separated words (what schemas/messages holds). */
const MESSAGE_KEY = '^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9][A-Za-z0-9-]*)+$';
const LANGS = ['sr', 'en'] as const;
/** How far ahead a rollout may be scheduled. */
const MAX_SCHEDULE_MS = 90 * 86_400_000;

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
      file: toFile(path), text: draft && !draft.deleted ? draft.text : liveText, live: liveText, version: live,
      draft: draft ? { ...draftInfo(draft), deleted: draft.deleted } : null,
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

  app.get('/studio/api/drafts', { preHandler: guard }, async () => {
    const { files } = await liveFiles();
    const liveSet = (path: string) => files.has(path);
    return {
    drafts: (await listDrafts(db)).map((d) => ({ file: toFile(d.path), ...draftInfo(d), deleted: d.deleted, created: !liveSet(d.path) })),
    };
  });

  app.delete<{ Querystring: { file?: string; revision?: number } }>('/studio/api/drafts', {
    schema: { querystring: { type: 'object', required: ['file', 'revision'], properties: { file: { type: 'string', maxLength: 200 }, revision: { type: 'integer', minimum: 1 } } } },
  }, async (req) => {
    await user(req, 'editor');
    const path = toPath(req.query.file);
    await discardDraft(db, path, req.query.revision!);
    return { discarded: toFile(path) };
  });

  // a new document (editors): a draft with its kind's template (server/publish/templates.ts); published like any draft
  app.post<{ Body: { file: string } }>('/studio/api/documents/new', {
    schema: { body: { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 200 } } } },
  }, async (req) => {
    const u = await user(req, 'editor');
    const path = toPath(req.body.file);
    const [folder, name] = path.split('/');
    if (!(CREATABLE_FOLDERS as readonly string[]).includes(folder)) throw new ApiError(400, 'ValidationError', 'studio.create.folder', { file: toFile(path) }, 'notCreatable', toFile(path));
    const { live, files } = await liveFiles();
    const [draft] = await listDrafts(db, [path]);
    if (files.has(path) || draft) throw new ApiError(409, 'ConflictError', 'studio.create.exists', { file: toFile(path) }, 'exists', toFile(path));
    const text = documentTemplate(folder as CreatableFolder, name.slice(0, -'.json'.length), files);
    if (text === null) throw new ApiError(400, 'ValidationError', 'studio.create.folder', { file: toFile(path) }, 'notCreatable', toFile(path));
    const saved = await saveDraft(db, { path, text, authorId: u.id, revision: null, liveVersionId: live });
    return { file: toFile(path), text, draft: draftInfo(saved) };
  });

  // delete a document (editors): a draft that leaves it out of the next version; the checker at publish refuses it
  // while another document still names it (at that document's line)
  app.post<{ Body: { file: string; revision?: number | null } }>('/studio/api/documents/delete', {
    schema: { body: { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 200 }, revision: { type: ['integer', 'null'], minimum: 1 } } } },
  }, async (req) => {
    const u = await user(req, 'editor');
    const path = toPath(req.body.file);
    if (path.startsWith('messages/')) throw new ApiError(400, 'ValidationError', 'studio.delete.messages', { file: toFile(path) }, 'notDeletable', toFile(path));
    const { live, files } = await liveFiles();
    const [draft] = await listDrafts(db, [path]);
    // a document only drafted (never published) is simply discarded
    if (!files.has(path)) {
      if (!draft) throw new ApiError(404, 'UnknownIdentifierError', 'studio.badFile', { file: toFile(path) }, 'unknownFile', toFile(path));
      await discardDraft(db, path, req.body.revision ?? draft.revision);
      return { file: toFile(path), discarded: true };
    }
    const saved = await saveDraft(db, { path, text: '', deleted: true, authorId: u.id, revision: req.body.revision ?? null, liveVersionId: live });
    return { file: toFile(path), draft: { ...draftInfo(saved), deleted: true } };
  });

  // a message key added to (or changed in) sr and en together, or removed from both (editors): the drafts of the two
  // message documents, edited on the server in one transaction (merged with what is drafted there already)
  const keySchema = { type: 'string', pattern: MESSAGE_KEY, maxLength: 120 };
  const messageFile = (lang: string) => `messages/${lang}.json`;
  app.post<{ Body: { key: string; sr: string; en: string } }>('/studio/api/messages', {
    schema: { body: { type: 'object', required: ['key', 'sr', 'en'], properties: { key: keySchema, sr: { type: 'string', minLength: 1, maxLength: 5000 }, en: { type: 'string', minLength: 1, maxLength: 5000 } } } },
  }, async (req) => {
    const u = await user(req, 'editor');
    const { key } = req.body;
    const { live, files } = await liveFiles();
    await editDrafts(db, u.id, live, LANGS.map((lang) => ({
      path: messageFile(lang), live: files.get(messageFile(lang)),
      edit: (text) => withMessage(text, key, req.body[lang]),
    })));
    return { key, files: LANGS.map((l) => toFile(messageFile(l))) };
  });
  app.delete<{ Querystring: { key: string } }>('/studio/api/messages', {
    schema: { querystring: { type: 'object', required: ['key'], properties: { key: keySchema } } },
  }, async (req) => {
    const u = await user(req, 'editor');
    const { key } = req.query;
    const { live, files } = await liveFiles();
    let found = false;
    await editDrafts(db, u.id, live, LANGS.map((lang) => ({
      path: messageFile(lang), live: files.get(messageFile(lang)),
      edit: (text) => {
        const next = withMessage(text, key, undefined);
        found ||= next !== text;
        // in neither language: nothing is saved (the transaction ends here)
        if (lang === LANGS[LANGS.length - 1] && !found) throw new ApiError(404, 'UnknownIdentifierError', 'studio.messages.unknown', { key }, 'unknownKey', key);
        return next;
      },
    })));
    return { key, files: LANGS.map((l) => toFile(messageFile(l))) };
  });

  // the drafts (all, or `files`) on top of the live version, checked as a whole: what a publish and a rollout record
  const draftSet = async (files?: string[]) => {
    const paths = files?.map(toPath);
    await refuseWhileRollout(db); // at once (the write's transaction checks it again)
    const { live, files: liveSet } = await liveFiles();
    const drafts = await listDrafts(db, paths);
    if (drafts.length === 0) throw new ApiError(400, 'ValidationError', 'studio.publish.nothing', {}, 'noDrafts');
    // a draft made on an older version whose document was published since would undo that publish: refused
    const bases = new Map<number, DocumentFiles | null>();
    for (const d of drafts.filter((x) => x.baseVersionId !== live)) {
      if (!bases.has(d.baseVersionId)) bases.set(d.baseVersionId, await versionFiles(db, d.baseVersionId));
      if (bases.get(d.baseVersionId)?.get(d.path) !== liveSet.get(d.path)) {
        throw new ApiError(409, 'ConflictError', 'studio.publish.staleDraft', { file: toFile(d.path), version: live }, 'staleDraft', toFile(d.path));
      }
    }
    const next = new Map(liveSet);
    for (const d of drafts) {
      if (d.deleted) next.delete(d.path);
      else next.set(d.path, d.text);
    }
    const checked = await checkDocumentFiles(opts.schemasDir, next);
    return { live, drafts, next, checked };
  };

  // publish (reviewers): the drafts on top of the live version, the full checker over the result, one transaction
  // conditional on the live version (and on no rollout running), then every instance switches (ui_published)
  app.post<{ Body: { note?: string; files?: string[] } }>('/studio/api/publish', {
    schema: { body: { type: 'object', properties: { note: { type: 'string', maxLength: 500 }, files: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 200 } } } } },
  }, async (req, reply) => {
    const u = await user(req, 'reviewer');
    const { live, drafts, next, checked } = await draftSet(req.body.files);
    if (checked.errors) return refused(req, reply, 'studio.publish.refused', checked.errors);
    await versions.setOf(next, checked.set);
    const id = await publishVersion(db, next, live, { authorId: u.id, note: req.body.note ?? '', kind: 'publish' }, drafts.map((d) => ({ path: d.path, revision: d.revision })));
    await versions.sync();
    return { version: id, files: drafts.map((d) => toFile(d.path)) };
  });

  // a rollout (reviewers, server/publish/rollout.ts): the drafts as a new version served to `share` percent of sessions
  // from `startsAt` (default now); share 100 with a time is a scheduled publish. The same checks as a publish.
  app.post<{ Body: { note?: string; files?: string[]; share: number; startsAt?: string } }>('/studio/api/rollout', {
    schema: {
      body: {
        type: 'object', required: ['share'],
        properties: {
          note: { type: 'string', maxLength: 500 }, files: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 200 } },
          share: { type: 'integer', minimum: 1, maximum: 100 }, startsAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  }, async (req, reply) => {
    const u = await user(req, 'reviewer');
    const now = app.ctx.now();
    const startsAt = req.body.startsAt === undefined ? new Date(now) : new Date(req.body.startsAt);
    if (req.body.share === 100 && startsAt.getTime() <= now) throw new ApiError(400, 'ValidationError', 'studio.rollout.scheduleInPast', {}, 'startsAt', 'startsAt');
    if (startsAt.getTime() > now + MAX_SCHEDULE_MS) throw new ApiError(400, 'ValidationError', 'studio.rollout.tooLate', { days: MAX_SCHEDULE_MS / 86_400_000 }, 'startsAt', 'startsAt');
    const { live, drafts, next, checked } = await draftSet(req.body.files);
    if (checked.errors) return refused(req, reply, 'studio.publish.refused', checked.errors);
    await versions.setOf(next, checked.set);
    const r = await startRollout(db, next, live, { authorId: u.id, note: req.body.note ?? '', kind: 'publish' },
      drafts.map((d) => ({ path: d.path, revision: d.revision })), { share: req.body.share, startsAt: new Date(Math.max(now, startsAt.getTime())) });
    await versions.sync();
    return { version: r.version, rollout: r.rollout, share: req.body.share, startsAt: new Date(Math.max(now, startsAt.getTime())).toISOString(), files: drafts.map((d) => toFile(d.path)) };
  });

  app.get('/studio/api/rollouts', { preHandler: guard }, async () => {
    const rows = await listRollouts(db);
    return { rollouts: rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString(), createdAt: r.createdAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null })) };
  });

  const rolloutParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
  // the kill switch (reviewers): every session back on the live version at once
  app.post<{ Params: { id: number } }>('/studio/api/rollouts/:id/stop', { schema: { params: rolloutParams } }, async (req) => {
    const u = await user(req, 'reviewer');
    await stopRollout(db, req.params.id, u.id, new Date(app.ctx.now()));
    await versions.sync();
    return { stopped: req.params.id };
  });
  // promote (reviewers): the rollout's version live for all
  app.post<{ Params: { id: number } }>('/studio/api/rollouts/:id/promote', { schema: { params: rolloutParams } }, async (req) => {
    const u = await user(req, 'reviewer');
    const version = await promoteRollout(db, req.params.id, u.id, new Date(app.ctx.now()));
    await versions.sync();
    return { promoted: req.params.id, version };
  });

  // rollback (reviewers): a new version with an earlier version's content; the same checks and switch as a publish
  app.post<{ Body: { version: number; note?: string } }>('/studio/api/rollback', {
    schema: { body: { type: 'object', required: ['version'], properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 }, note: { type: 'string', maxLength: 500 } } } },
  }, async (req, reply) => {
    const u = await user(req, 'reviewer');
    await refuseWhileRollout(db);
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
