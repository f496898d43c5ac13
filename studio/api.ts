/** The studio's calls to its server routes (server/studio/routes.ts); the session cookie identifies the staff user. */
import type { FixtureStates } from './fixtureStates';

export interface StudioDocument { file: string; kind: string; id: string; version: number | null }

/** One checker error (tools/schemas SchemaError). */
export interface SchemaError {
  file: string; pointer: string; message: string;
  line?: number; column?: number; expected?: string; suggestion?: string;
}

export interface FixtureEntry { id: string; json: unknown }

/** The documents live in the database (issue 29): saves are drafts, reviewers publish. */
export interface DatabaseMode { version: number | null; roles: string[] }
export interface DraftInfo { revision: number; author: string | null; updatedAt: string; baseVersion: number }
export interface DraftListEntry extends DraftInfo { file: string; deleted?: boolean; created?: boolean }
export interface Source { file: string; text: string; draft?: DraftInfo | null; version?: number }
export interface VersionEntry { id: number; createdAt: string; author: string | null; note: string; kind: string; parentId: number | null; rollbackOf: number | null; live: boolean }
/** A rollout (server/publish/rollout.ts): a version for `share` percent of sessions from `startsAt`. */
export interface RolloutEntry {
  id: number; versionId: number; baseVersionId: number; share: number; startsAt: string; state: 'active' | 'stopped' | 'promoted';
  createdAt: string; endedAt: string | null; createdBy: string | null; endedBy: string | null;
}
export interface VersionDiff { version: number; against: number | null; documents: Array<{ file: string; status: string; lines: Array<{ op: string; text: string }> }> }

export class StudioApiError extends Error {
  constructor(readonly status: number, message: string, readonly schemaErrors: SchemaError[] = []) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) },
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const b = body as { errors?: Array<{ message?: string }>; schemaErrors?: SchemaError[] } | null;
    throw new StudioApiError(res.status, b?.errors?.[0]?.message ?? `HTTP ${res.status}`, b?.schemaErrors ?? []);
  }
  return body as T;
}

const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const studioApi = {
  documents: () => call<{ documents: StudioDocument[]; database?: DatabaseMode }>('/studio/api/documents'),
  fixtures: () => call<{ fixtures: FixtureEntry[] }>('/studio/api/fixtures').then((r) => r.fixtures),
  /** which fixture states change each screen, modal and form (the DOM snapshots' matrix; studio/fixtureStates.ts) */
  fixtureStates: () => call<FixtureStates>('/studio/api/fixture-states'),
  source: (file: string) => call<Source>(`/studio/api/source?file=${encodeURIComponent(file)}`),
  check: (file: string, text: string) => post<{ errors: SchemaError[]; ms: number }>('/studio/api/check', { file, text }),
  /** files: written to schemas/; database: a draft (`revision`: the draft revision edited, null from the live text) */
  save: (file: string, text: string, revision?: number | null) =>
    post<{ saved: string; draft?: DraftInfo }>('/studio/api/save', revision === undefined ? { file, text } : { file, text, revision }),
  drafts: () => call<{ drafts: DraftListEntry[] }>('/studio/api/drafts').then((r) => r.drafts),
  discard: (file: string, revision: number) => call<{ discarded: string }>(`/studio/api/drafts?file=${encodeURIComponent(file)}&revision=${revision}`, { method: 'DELETE' }),
  publish: (note: string) => post<{ version: number; files: string[] }>('/studio/api/publish', { note }),
  versions: () => call<{ versions: VersionEntry[] }>('/studio/api/versions').then((r) => r.versions),
  diff: (id: number) => call<VersionDiff>(`/studio/api/versions/${id}/diff`),
  rollback: (version: number, note: string) => post<{ version: number; rollbackOf: number }>('/studio/api/rollback', { version, note }),
  /** a new document: a draft with its kind's template */
  createDocument: (file: string) => post<{ file: string; text: string; draft: DraftInfo }>('/studio/api/documents/new', { file }),
  /** a draft that deletes the document (`revision`: its draft revision, null from the live text) */
  deleteDocument: (file: string, revision: number | null) => post<{ file: string }>('/studio/api/documents/delete', { file, revision }),
  /** a message key in sr and en together (added, or changed) */
  setMessage: (key: string, sr: string, en: string) => post<{ key: string; files: string[] }>('/studio/api/messages', { key, sr, en }),
  removeMessage: (key: string) => call<{ key: string; files: string[] }>(`/studio/api/messages?key=${encodeURIComponent(key)}`, { method: 'DELETE' }),
  rollouts: () => call<{ rollouts: RolloutEntry[] }>('/studio/api/rollouts').then((r) => r.rollouts),
  /** the drafts as a version for `share` percent of sessions from `startsAt` (ISO; absent: now) */
  rollout: (note: string, share: number, startsAt?: string) =>
    post<{ version: number; rollout: number; share: number; startsAt: string }>('/studio/api/rollout', startsAt ? { note, share, startsAt } : { note, share }),
  stopRollout: (id: number) => post<{ stopped: number }>(`/studio/api/rollouts/${id}/stop`, {}),
  promoteRollout: (id: number) => post<{ promoted: number; version: number }>(`/studio/api/rollouts/${id}/promote`, {}),
  /** the JSON Schema the editor completes a document of a folder with (its meta schema, self-contained) */
  schema: (kind: string) => call<Record<string, unknown>>(`/studio/api/schema?kind=${encodeURIComponent(kind)}`),
  validatorUrl: (schema: unknown) => post<{ url: string }>('/studio/api/validator', { schema }).then((r) => r.url),
  /** a served UI document (/ui/manifest, /ui/messages/sr, ...) */
  uiDocument: <T>(path: string) => call<T>(path),
};
