// The versions, the live pointer and the drafts in the database (migration 0033). Every write that moves the live
// pointer is one transaction that holds the pointer's row lock and checks it still names the version the caller
// worked from (409 otherwise); the pointer's trigger notifies `ui_published` at commit.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { ApiError } from '../lib/errors';
import { userFullName, userFullNameSql } from '../user/index';
import { contentHash, textHash, type DocumentFiles } from './files';
import { uiBlobs, uiDrafts, uiLive, uiRollouts, uiVersionDocuments, uiVersions } from './schema';

/** pg_advisory_xact_lock key of the baseline seeding (instances starting together record one baseline). */
export const BASELINE_LOCK = 804_003;

export interface LiveRow { versionId: number; baselineHash: string; baselineVersionId: number }
export interface VersionMeta { authorId: number | null; note: string; kind: 'baseline' | 'publish' | 'rollback'; rollbackOf?: number | null }

export async function liveRow(db: DbOrTx, lock = false): Promise<LiveRow | null> {
  const q = db.select({ versionId: uiLive.versionId, baselineHash: uiLive.baselineHash, baselineVersionId: uiLive.baselineVersionId }).from(uiLive).where(eq(uiLive.id, 1));
  return (await (lock ? q.for('update') : q))[0] ?? null;
}

/** Inserts an immutable version (texts stored once by hash); answers its id. */
export async function insertVersion(tx: DbOrTx, files: DocumentFiles, parentId: number | null, meta: VersionMeta): Promise<number> {
  const blobs = new Map<string, string>();
  const docs: Array<{ path: string; blobHash: string }> = [];
  for (const [path, text] of files) {
    const hash = textHash(text);
    blobs.set(hash, text);
    docs.push({ path, blobHash: hash });
  }
  const rows = [...blobs].map(([hash, text]) => ({ hash, text }));
  for (let i = 0; i < rows.length; i += 200) await tx.insert(uiBlobs).values(rows.slice(i, i + 200)).onConflictDoNothing();
  const [v] = await tx.insert(uiVersions).values({
    authorId: meta.authorId, note: meta.note, kind: meta.kind, parentId, rollbackOf: meta.rollbackOf ?? null, contentHash: contentHash(files),
  }).returning({ id: uiVersions.id });
  for (let i = 0; i < docs.length; i += 500) await tx.insert(uiVersionDocuments).values(docs.slice(i, i + 500).map((d) => ({ ...d, versionId: v.id })));
  return v.id;
}

/** The documents of a version (null when there is no such version). */
export async function versionFiles(db: DbOrTx, versionId: number): Promise<DocumentFiles | null> {
  const rows = await db.select({ path: uiVersionDocuments.path, text: uiBlobs.text }).from(uiVersionDocuments)
    .innerJoin(uiBlobs, eq(uiBlobs.hash, uiVersionDocuments.blobHash)).where(eq(uiVersionDocuments.versionId, versionId))
    .orderBy(asc(uiVersionDocuments.path));
  if (rows.length === 0) {
    const exists = await db.select({ id: uiVersions.id }).from(uiVersions).where(eq(uiVersions.id, versionId));
    if (exists.length === 0) return null;
  }
  return new Map(rows.map((r) => [r.path, r.text]));
}

export type BaselineOutcome =
  | { action: 'seeded' | 'recorded' | 'unchanged'; live: number }
  | { action: 'kept'; live: number; warning: string };

/**
 * The files of schemas/ are the baseline. A fresh database gets them as version 1. When the files changed (a new
 * release), they become a new live version only if the live version IS the previous baseline: published work of
 * analysts is never overwritten — the live version is kept and a warning names both (export it, merge the files,
 * deploy again). `check` runs before a new baseline is recorded and throws when the files do not pass.
 */
export async function ensureBaseline(db: Db, files: DocumentFiles, check: () => Promise<void>): Promise<BaselineOutcome> {
  const hash = contentHash(files);
  const peek = await liveRow(db);
  if (peek?.baselineHash === hash) return { action: 'unchanged', live: peek.versionId };
  if (peek && peek.versionId !== peek.baselineVersionId) return kept(peek);
  await check();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BASELINE_LOCK})`);
    const live = await liveRow(tx, true);
    if (!live) {
      const id = await insertVersion(tx, files, null, { authorId: null, note: 'baseline: schemas/', kind: 'baseline' });
      await tx.insert(uiLive).values({ id: 1, versionId: id, baselineHash: hash, baselineVersionId: id });
      return { action: 'seeded' as const, live: id };
    }
    if (live.baselineHash === hash) return { action: 'unchanged' as const, live: live.versionId };
    if (live.versionId !== live.baselineVersionId) return kept(live);
    const id = await insertVersion(tx, files, live.versionId, { authorId: null, note: 'baseline: schemas/ of a new release', kind: 'baseline' });
    // a rollout made on the previous baseline would undo the release's documents if promoted: it ends here
    await tx.update(uiRollouts).set({ state: 'stopped', endedAt: new Date() }).where(eq(uiRollouts.state, 'active'));
    await tx.update(uiLive).set({ versionId: id, baselineHash: hash, baselineVersionId: id, updatedAt: new Date() }).where(eq(uiLive.id, 1));
    return { action: 'recorded' as const, live: id };
  });
}

function kept(live: LiveRow): BaselineOutcome {
  return {
    action: 'kept', live: live.versionId,
    warning: `The UI documents of this release (schemas/) differ from the last baseline (version ${live.baselineVersionId}), but the live version `
      + `${live.versionId} was published in the studio since: it is kept. Export it (npm run ui:export), merge it into schemas/ and deploy again.`,
  };
}

/** Moves the live pointer to a new version made of `files`, only while it still names `expectedLive` (else 409). */
export async function publishVersion(db: Db, files: DocumentFiles, expectedLive: number, meta: VersionMeta,
  drafts: Array<{ path: string; revision: number }> = []): Promise<number> {
  return db.transaction(async (tx) => {
    const live = await liveRow(tx, true);
    if (!live || live.versionId !== expectedLive) throw liveMoved(live?.versionId ?? 0);
    await refuseWhileRollout(tx);
    const id = await insertVersion(tx, files, live.versionId, meta);
    await tx.update(uiLive).set({ versionId: id, updatedAt: new Date() }).where(eq(uiLive.id, 1));
    // the published drafts are done; one saved again meanwhile (a newer revision) stays
    for (const d of drafts) await tx.delete(uiDrafts).where(and(eq(uiDrafts.path, d.path), eq(uiDrafts.revision, d.revision)));
    return id;
  });
}

export const rolloutActive = (id: number) => new ApiError(409, 'ConflictError', 'studio.rollout.active', { rollout: id }, 'rolloutActive', String(id));

/** Throws 409 while a rollout is active (a publish or rollback would change the version it was made on). */
export async function refuseWhileRollout(tx: DbOrTx): Promise<void> {
  const [r] = await tx.select({ id: uiRollouts.id }).from(uiRollouts).where(eq(uiRollouts.state, 'active'));
  if (r) throw rolloutActive(r.id);
}

export const liveMoved = (live: number) => new ApiError(409, 'ConflictError', 'studio.publish.liveMoved', { version: live }, 'liveMoved', String(live));

const authorName = userFullNameSql(uiDrafts.authorId);

export interface DraftRow { path: string; authorId: number | null; author: string | null; baseVersionId: number; text: string; revision: number; updatedAt: Date; deleted: boolean }

export async function listDrafts(db: DbOrTx, paths?: string[]): Promise<DraftRow[]> {
  const q = db.select({
    path: uiDrafts.path, authorId: uiDrafts.authorId, author: authorName, baseVersionId: uiDrafts.baseVersionId, text: uiDrafts.text,
    revision: uiDrafts.revision, updatedAt: uiDrafts.updatedAt, deleted: uiDrafts.deleted,
  }).from(uiDrafts);
  return (paths ? q.where(inArray(uiDrafts.path, paths.length ? paths : [''])) : q).orderBy(asc(uiDrafts.path));
}

/**
 * Saves a draft. `revision` is the draft revision the editor started from (null: from the live text, no draft yet):
 * a draft saved by someone else meanwhile → 409 ConflictError naming who and when (never a silent overwrite).
 */
export async function saveDraft(db: Db, d: { path: string; text: string; authorId: number; revision: number | null; liveVersionId: number; deleted?: boolean }): Promise<DraftRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(uiDrafts).where(eq(uiDrafts.path, d.path)).for('update');
    if ((current?.revision ?? null) !== d.revision) {
      if (!current) throw new ApiError(409, 'ConflictError', 'studio.draft.gone', { file: d.path }, 'draftGone', d.path);
      const who = await userFullName(tx, current.authorId ?? -1);
      throw new ApiError(409, 'ConflictError', 'studio.draft.conflict', {
        file: d.path, author: who ?? '?', at: current.updatedAt.toISOString().slice(0, 16).replace('T', ' '),
      }, 'draftConflict', d.path);
    }
    if (current) {
      await tx.update(uiDrafts).set({ text: d.text, deleted: d.deleted ?? false, authorId: d.authorId, revision: current.revision + 1, updatedAt: new Date() }).where(eq(uiDrafts.path, d.path));
    } else {
      // a concurrent first save of the same document: the primary key refuses the second (no silent overwrite)
      const inserted = await tx.insert(uiDrafts).values({ path: d.path, text: d.text, deleted: d.deleted ?? false, authorId: d.authorId, baseVersionId: d.liveVersionId }).onConflictDoNothing().returning();
      if (inserted.length === 0) throw new ApiError(409, 'ConflictError', 'studio.draft.conflict', { file: d.path, author: '?', at: '' }, 'draftConflict', d.path);
    }
    return (await listDrafts(tx, [d.path]))[0];
  });
}

/**
 * Edits the drafts of several documents in one transaction, each from its draft (or, without one, its live text):
 * a server-side change of a known shape (a message key added to sr and en together) that merges with what others
 * drafted instead of replacing it. A document with no draft and no live text is refused (404).
 */
export async function editDrafts(db: Db, authorId: number, liveVersionId: number,
  edits: Array<{ path: string; live: string | undefined; edit: (text: string) => string }>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const e of edits) {
      const [current] = await tx.select().from(uiDrafts).where(eq(uiDrafts.path, e.path)).for('update');
      const base = current && !current.deleted ? current.text : current ? undefined : e.live;
      if (base === undefined) throw new ApiError(404, 'UnknownIdentifierError', 'studio.badFile', { file: `schemas/${e.path}` }, 'unknownFile', `schemas/${e.path}`);
      const text = e.edit(base);
      if (current) {
        await tx.update(uiDrafts).set({ text, authorId, revision: current.revision + 1, updatedAt: new Date() }).where(eq(uiDrafts.path, e.path));
      } else {
        const inserted = await tx.insert(uiDrafts).values({ path: e.path, text, authorId, baseVersionId: liveVersionId }).onConflictDoNothing().returning({ path: uiDrafts.path });
        if (inserted.length === 0) throw new ApiError(409, 'ConflictError', 'studio.draft.conflict', { file: `schemas/${e.path}`, author: '?', at: '' }, 'draftConflict', `schemas/${e.path}`);
      }
    }
  });
}

/** Discards a draft at the revision the editor saw (409 when it moved meanwhile). */
export async function discardDraft(db: DbOrTx, path: string, revision: number): Promise<void> {
  const gone = await db.delete(uiDrafts).where(and(eq(uiDrafts.path, path), eq(uiDrafts.revision, revision))).returning({ path: uiDrafts.path });
  if (gone.length === 0) throw new ApiError(409, 'ConflictError', 'studio.draft.gone', { file: path }, 'draftGone', path);
}

export interface VersionInfo {
  id: number; createdAt: string; author: string | null; note: string; kind: string; parentId: number | null; rollbackOf: number | null; live: boolean;
}

export async function listVersions(db: DbOrTx, limit = 100): Promise<VersionInfo[]> {
  const live = await liveRow(db);
  const rows = await db.select({
    id: uiVersions.id, createdAt: uiVersions.createdAt, note: uiVersions.note, kind: uiVersions.kind, parentId: uiVersions.parentId, rollbackOf: uiVersions.rollbackOf,
    author: userFullNameSql(uiVersions.authorId),
  }).from(uiVersions).orderBy(desc(uiVersions.id)).limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), live: r.id === live?.versionId }));
}

export async function versionInfo(db: DbOrTx, id: number): Promise<{ id: number; parentId: number | null; contentHash: string } | null> {
  return (await db.select({ id: uiVersions.id, parentId: uiVersions.parentId, contentHash: uiVersions.contentHash }).from(uiVersions).where(eq(uiVersions.id, id)))[0] ?? null;
}
