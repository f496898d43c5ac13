// Scheduled and partial rollout (issue 29, migration 0035): a version made from drafts that is not live yet, served to
// a share of sessions from a start time. Which sessions: a hash of the rollout and the session id (the same answer on
// every instance and every request, so a shopper never flips), compared with the share. Share 100 is a scheduled
// publish: once its time has come, the first instance to look moves the live pointer to it. The kill switch stops it
// (everyone on the live version at once); promote makes it live for all. Every write is one transaction that holds the
// live pointer's row lock (as a publish does); the table's trigger notifies `ui_published`, every instance syncs.
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { ApiError } from '../lib/errors';
import { userFullNameSql } from '../user/index';
import type { DocumentFiles } from './files';
import { uiDrafts, uiLive, uiRollouts } from './schema';
import { insertVersion, liveMoved, liveRow, refuseWhileRollout, type VersionMeta } from './store';

/** Buckets of the share: 10 000, so a share in percent is `share * 100` of them. */
export const ROLLOUT_BUCKETS = 10_000;

/** The bucket (0..9999) of a session in a rollout: the first 32 bits of sha256("<rollout>:<session id>"). */
export function rolloutBucket(rolloutId: number, sessionId: string): number {
  return createHash('sha256').update(`${rolloutId}:${sessionId}`).digest().readUInt32BE(0) % ROLLOUT_BUCKETS;
}

/** Whether a session gets the rollout's version. */
export function inRollout(rollout: { id: number; share: number }, sessionId: string): boolean {
  return rolloutBucket(rollout.id, sessionId) < rollout.share * (ROLLOUT_BUCKETS / 100);
}

export interface RolloutRow {
  id: number; versionId: number; baseVersionId: number; share: number; startsAt: Date; state: 'active' | 'stopped' | 'promoted';
  createdAt: Date; endedAt: Date | null; createdBy: string | null; endedBy: string | null;
}

const nameOf = (col: typeof uiRollouts.createdBy | typeof uiRollouts.endedBy) => userFullNameSql(col);
const columns = {
  id: uiRollouts.id, versionId: uiRollouts.versionId, baseVersionId: uiRollouts.baseVersionId, share: uiRollouts.share,
  startsAt: uiRollouts.startsAt, state: uiRollouts.state, createdAt: uiRollouts.createdAt, endedAt: uiRollouts.endedAt,
  createdBy: nameOf(uiRollouts.createdBy), endedBy: nameOf(uiRollouts.endedBy),
};

/** The active rollout (scheduled or running), if any. */
export async function activeRollout(db: DbOrTx): Promise<RolloutRow | null> {
  return (await db.select(columns).from(uiRollouts).where(eq(uiRollouts.state, 'active')))[0] ?? null;
}

export async function listRollouts(db: DbOrTx, limit = 20): Promise<RolloutRow[]> {
  return db.select(columns).from(uiRollouts).orderBy(desc(uiRollouts.id)).limit(limit);
}

const rolloutEnded = (id: number) => new ApiError(409, 'ConflictError', 'studio.rollout.ended', { rollout: id }, 'rolloutEnded', String(id));

/**
 * Records `files` as a new version (not live) and its rollout, only while the live version is still `expectedLive`
 * and no other rollout is active (409 otherwise); the drafts it was made of are done.
 */
export async function startRollout(db: Db, files: DocumentFiles, expectedLive: number, meta: VersionMeta,
  drafts: Array<{ path: string; revision: number }>, r: { share: number; startsAt: Date }): Promise<{ version: number; rollout: number }> {
  return db.transaction(async (tx) => {
    const live = await liveRow(tx, true);
    if (!live || live.versionId !== expectedLive) throw liveMoved(live?.versionId ?? 0);
    await refuseWhileRollout(tx);
    const version = await insertVersion(tx, files, live.versionId, meta);
    const [row] = await tx.insert(uiRollouts).values({
      versionId: version, baseVersionId: live.versionId, share: r.share, startsAt: r.startsAt, createdBy: meta.authorId,
    }).returning({ id: uiRollouts.id });
    for (const d of drafts) await tx.delete(uiDrafts).where(and(eq(uiDrafts.path, d.path), eq(uiDrafts.revision, d.revision)));
    return { version, rollout: row.id };
  });
}

/** The kill switch: the rollout ends, every session is on the live version (409 when it is not active). */
export async function stopRollout(db: DbOrTx, id: number, by: number | null, now: Date): Promise<void> {
  const done = await db.update(uiRollouts).set({ state: 'stopped', endedAt: now, endedBy: by })
    .where(and(eq(uiRollouts.id, id), eq(uiRollouts.state, 'active'))).returning({ id: uiRollouts.id });
  if (done.length === 0) throw rolloutEnded(id);
}

/**
 * Makes the rollout's version live for all: the live pointer moves to it and the rollout ends as promoted. Refused
 * (409) when it is not active, or when the live version is no longer the one it was made on (it would undo that change).
 */
export async function promoteRollout(db: Db, id: number, by: number | null, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const live = await liveRow(tx, true);
    const [r] = await tx.select({ versionId: uiRollouts.versionId, baseVersionId: uiRollouts.baseVersionId }).from(uiRollouts)
      .where(and(eq(uiRollouts.id, id), eq(uiRollouts.state, 'active'))).for('update');
    if (!r) throw rolloutEnded(id);
    if (!live || live.versionId !== r.baseVersionId) throw liveMoved(live?.versionId ?? 0);
    await tx.update(uiLive).set({ versionId: r.versionId, updatedAt: now }).where(eq(uiLive.id, 1));
    await tx.update(uiRollouts).set({ state: 'promoted', endedAt: now, endedBy: by }).where(eq(uiRollouts.id, id));
    return r.versionId;
  });
}
