// The studio's release routes (issue 29): publish, rollouts (start, list, stop, promote), rollback, the versions and
// their diffs. Wired by publishRoutes (server/publish/routes.ts); what they share is in route-kit.ts.
import { ApiError } from '../lib/errors';
import { compactDiff, lineDiff } from './diff';
import { checkDocumentFiles, contentHash, type DocumentFiles } from './files';
import { listRollouts, promoteRollout, startRollout, stopRollout } from './rollout';
import { listDrafts, listVersions, publishVersion, refuseWhileRollout, versionFiles, versionInfo } from './store';
import { MAX_SCHEDULE_MS, toFile, toPath, type PublishKit } from './route-kit';

/** The drafts (all, or `files`) on top of the live version, checked as a whole: what a publish and a rollout record. */
async function draftSet({ db, schemasDir, liveFiles }: PublishKit, files?: string[]) {
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
  const checked = await checkDocumentFiles(schemasDir, next);
  return { live, drafts, next, checked };
}

/** Publishing the drafts, at once for all or as a rollout to a share of the sessions. */
export function publishAndRolloutRoutes(kit: PublishKit): void {
  const { app, db, versions, user, refused } = kit;
  // publish (reviewers): the drafts on top of the live version, the full checker over the result, one transaction
  // conditional on the live version (and on no rollout running), then every instance switches (ui_published)
  app.post<{ Body: { note?: string; files?: string[] } }>('/studio/api/publish', {
    schema: { body: { type: 'object', properties: { note: { type: 'string', maxLength: 500 }, files: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 200 } } } } },
  }, async (req, reply) => {
    const u = await user(req, 'reviewer');
    const { live, drafts, next, checked } = await draftSet(kit, req.body.files);
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
    const { live, drafts, next, checked } = await draftSet(kit, req.body.files);
    if (checked.errors) return refused(req, reply, 'studio.publish.refused', checked.errors);
    await versions.setOf(next, checked.set);
    const r = await startRollout(db, next, live, { authorId: u.id, note: req.body.note ?? '', kind: 'publish' },
      drafts.map((d) => ({ path: d.path, revision: d.revision })), { share: req.body.share, startsAt: new Date(Math.max(now, startsAt.getTime())) });
    await versions.sync();
    return { version: r.version, rollout: r.rollout, share: req.body.share, startsAt: new Date(Math.max(now, startsAt.getTime())).toISOString(), files: drafts.map((d) => toFile(d.path)) };
  });
}

/** The rollouts: listed, stopped (the kill switch) and promoted. */
export function rolloutRoutes({ app, db, versions, user, guard }: PublishKit): void {
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
}

/** Rolling back to an earlier version's content. */
export function rollbackRoute({ app, db, versions, schemasDir, user, refused, liveFiles }: PublishKit): void {
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
    const checked = await checkDocumentFiles(schemasDir, target);
    if (checked.errors) return refused(req, reply, 'studio.rollback.refused', checked.errors);
    await versions.setOf(target, checked.set);
    const id = await publishVersion(db, target, live, { authorId: u.id, note: req.body.note ?? '', kind: 'rollback', rollbackOf: req.body.version });
    await versions.sync();
    return { version: id, rollbackOf: req.body.version };
  });
}

/** The versions and what each changed. */
export function versionRoutes({ app, db, guard }: PublishKit): void {
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
