// The studio's API when the UI documents live in the database (issue 29; production, or UI_DOCUMENTS=database):
// drafts (editor), publish and rollback (reviewer), history with per-document diffs. Anonymous and customer
// sessions get 403 on every route (server/studio/access.ts). A document is addressed as the studio names files,
// "schemas/<folder>/<name>.json"; a version stores it as "<folder>/<name>.json".
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors';
import { listDrafts, discardDraft, editDrafts, saveDraft } from './store';
import { schemaErrorsOf } from './files';
import { CREATABLE_FOLDERS, documentTemplate, withMessage, type CreatableFolder } from './templates';
import { draftInfo, LANGS, MESSAGE_KEY, publishKit, toFile, toPath, type PublishKit, type PublishRouteOptions } from './route-kit';
import { publishAndRolloutRoutes, rollbackRoute, rolloutRoutes, versionRoutes } from './release-routes';

export type { PublishRouteOptions } from './route-kit';

const fileBody = { type: 'object', required: ['file', 'text'], properties: { file: { type: 'string', maxLength: 200 }, text: { type: 'string' } } };
const bodyLimit = 2 * 1024 * 1024;

export async function publishRoutes(app: FastifyInstance, opts: PublishRouteOptions): Promise<void> {
  const kit = publishKit(app, opts);
  sourceRoutes(kit);
  draftRoutes(kit);
  messageRoutes(kit);
  publishAndRolloutRoutes(kit);
  rolloutRoutes(kit);
  rollbackRoute(kit);
  versionRoutes(kit);
}

/** The editor's document: its source, its live check and saving it as a draft. */
function sourceRoutes({ app, db, versions, schemasDir, user, guard, liveFiles }: PublishKit): void {
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
    const errors = await schemaErrorsOf(schemasDir, new Map(files).set(path, req.body.text));
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
}

/** The drafts: listed, discarded, and the drafts that create or delete a document. */
function draftRoutes({ app, db, user, guard, liveFiles }: PublishKit): void {
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
}

/** A message key edited in both languages at once. */
function messageRoutes({ app, db, user, liveFiles }: PublishKit): void {
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
}
