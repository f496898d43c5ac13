// The UI documents in the database (issue 29, migration 0033): immutable published versions of the whole set of
// documents, content-addressed texts, one "live" pointer and the drafts of staff. See docs/OPERATIONS.md "Publishing".
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../user/schema';

/** One document text, keyed by its sha256 (a text shared by many versions is stored once). */
export const uiBlobs = pgTable('ui_blobs', {
  hash: text('hash').primaryKey(),
  text: text('text').notNull(),
});

/** A published version: never updated after its insert. `kind`: baseline (from the files of schemas/), publish, rollback. */
export const uiVersions = pgTable('ui_versions', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  authorId: integer('author_id').references(() => users.id),
  note: text('note').notNull().default(''),
  parentId: integer('parent_id').references((): AnyPgColumn => uiVersions.id),
  kind: text('kind').$type<'baseline' | 'publish' | 'rollback'>().notNull(),
  /** rollback: the version whose content this one repeats */
  rollbackOf: integer('rollback_of').references((): AnyPgColumn => uiVersions.id),
  /** sha256 over the sorted paths and texts of its documents */
  contentHash: text('content_hash').notNull(),
}, () => [check('ui_versions_kind', sql`"kind" IN ('baseline', 'publish', 'rollback')`)]);

/** The documents of a version: path ("screens/home.json") → text. */
export const uiVersionDocuments = pgTable('ui_version_documents', {
  versionId: integer('version_id').notNull().references(() => uiVersions.id),
  path: text('path').notNull(),
  blobHash: text('blob_hash').notNull().references(() => uiBlobs.hash),
}, (t) => [primaryKey({ name: 'ui_version_documents_pk', columns: [t.versionId, t.path] })]);

/** The single live pointer (id 1): which version shoppers get; the baseline the files of the running release gave. */
export const uiLive = pgTable('ui_live', {
  id: integer('id').primaryKey(),
  versionId: integer('version_id').notNull().references(() => uiVersions.id),
  /** content hash of the files of schemas/ last recorded as a baseline */
  baselineHash: text('baseline_hash').notNull(),
  /** the version recorded from them */
  baselineVersionId: integer('baseline_version_id').notNull().references(() => uiVersions.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, () => [check('ui_live_single', sql`"id" = 1`)]);

/** A draft of one document (shared by the staff: one per path). Never served to shoppers. */
export const uiDrafts = pgTable('ui_drafts', {
  path: text('path').primaryKey(),
  authorId: integer('author_id').references(() => users.id),
  baseVersionId: integer('base_version_id').notNull().references(() => uiVersions.id),
  text: text('text').notNull(),
  /** raised by every save: a save names the revision it edited, a stale one is refused (409, who changed it) */
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** the draft deletes the document (migration 0035): a publish leaves it out of the version; `text` is empty */
  deleted: boolean('deleted').notNull().default(false),
});

/**
 * A rollout (migration 0035): a published version that is not live yet, served to `share` percent of sessions
 * (sticky: a hash of the session id and the rollout, server/publish/rollout.ts) from `startsAt` on. Share 100 is a
 * scheduled publish: at `startsAt` the live pointer moves to it. `stopped`: the kill switch (everyone on the live
 * version at once); `promoted`: made live for all. At most one is `active`; a change notifies `ui_published`.
 */
export const uiRollouts = pgTable('ui_rollouts', {
  id: serial('id').primaryKey(),
  versionId: integer('version_id').notNull().references(() => uiVersions.id),
  /** the live version it was made on (a promotion moves the pointer only while it still names it) */
  baseVersionId: integer('base_version_id').notNull().references(() => uiVersions.id),
  /** percent of sessions, 1..100 */
  share: integer('share').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  state: text('state').$type<'active' | 'stopped' | 'promoted'>().notNull().default('active'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** who stopped or promoted it (null: promoted by its schedule, or stopped by a new release's baseline) */
  endedBy: integer('ended_by').references(() => users.id),
}, (t) => [
  check('ui_rollouts_share', sql`"share" BETWEEN 1 AND 100`),
  check('ui_rollouts_state', sql`"state" IN ('active', 'stopped', 'promoted')`),
  uniqueIndex('ui_rollouts_one_active').on(t.state).where(sql`"state" = 'active'`),
]);
