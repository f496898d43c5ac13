// What the studio's publish routes share (server/publish/routes.ts, release-routes.ts): the file names of the API,
// the caller's role check, the schema errors' 400 and the live version's files.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SchemaError } from '../../tools/schemas/index.js';
import { ApiError } from '../lib/errors';
import { requestLang } from '../lib/lang';
import { forbidden, studioUser, type StudioRole } from '../studio/index';
import { isVersionedPath, type DocumentFiles } from './files';
import type { UiVersions } from './live';
import { type DraftRow, versionFiles } from './store';

export interface PublishRouteOptions { versions: UiVersions; schemasDir: string }

/** The stored path of a file the API names ("schemas/<folder>/<name>.json"); 400 when it is no versioned document. */
export const toPath = (file: unknown): string => {
  const path = typeof file === 'string' && file.startsWith('schemas/') ? file.slice('schemas/'.length) : '';
  if (!isVersionedPath(path)) throw new ApiError(400, 'ValidationError', 'studio.badFile', { file: String(file) }, 'badFile', String(file));
  return path;
};
/** The API's name of a stored path. */
export const toFile = (path: string) => `schemas/${path}`;
/** A draft as the API describes it. */
export const draftInfo = (d: DraftRow) => ({ revision: d.revision, author: d.author, updatedAt: d.updatedAt.toISOString(), baseVersion: d.baseVersionId });
/** A message key: dot-separated words (what schemas/messages holds). */
export const MESSAGE_KEY = '^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9][A-Za-z0-9-]*)+$';
export const LANGS = ['sr', 'en'] as const;
/** How far ahead a rollout may be scheduled. */
export const MAX_SCHEDULE_MS = 90 * 86_400_000;

/** What every publish route asks: the database, the live versions, the schemas and the caller's checks. */
export function publishKit(app: FastifyInstance, opts: PublishRouteOptions) {
  const { db } = app.ctx;
  const { versions } = opts;
  /** The studio user of the request, with `role` when one is asked for; 403 otherwise. */
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
  /** 400 with the checker's errors: what was asked is refused. */
  const refused = (req: FastifyRequest, reply: FastifyReply, key: string, errors: SchemaError[]) => reply.code(400).send({
    errors: [{ type: 'ValidationError', message: app.ctx.ui.message(requestLang(req), key, { count: errors.length }), reason: 'schemaErrors' }],
    schemaErrors: errors,
  });
  /** The live version (this instance switched to it) and its documents. */
  const liveFiles = async (): Promise<{ live: number; files: DocumentFiles }> => {
    const live = await versions.sync();
    return { live, files: (await versionFiles(db, live))! };
  };
  return { app, db, versions, schemasDir: opts.schemasDir, user, guard, refused, liveFiles };
}
export type PublishKit = ReturnType<typeof publishKit>;
