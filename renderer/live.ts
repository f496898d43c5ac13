/**
 * Live updates of the UI documents (development servers, the studio's saves): the server's Server-Sent Events
 * stream GET /ui/events sends `event: documents` with `{ changes: [{ path: "forms/guest", version }] }` whenever
 * the served schema set changes. The running app then forgets those documents, fetches the messages of its
 * language again when they changed, re-runs the current route's loaders and redraws the page body (a new
 * revision remounts it, so forms fetch their document again; the data the shopper typed stays in the stores);
 * a changed checkout flow also runs the screen's load actions again (the steps come from the server).
 * A production server answers 204, which tells EventSource not to reconnect. A page on a published version (documents
 * in the database, issue 29) looks at the manifest now and then instead (followPublishedVersions) and switches to a new
 * version as a whole; a development server with UI_DOCUMENTS=database also names the version in its events.
 */
import { useSyncExternalStore } from 'react';
import type { Messages } from '../actions/stores/i18n';

export interface DocumentChange { path: string; version: number | null }
export interface DocumentsEvent {
  changes: DocumentChange[];
  /** the published version now served (documents in the database): the page switches to it as a whole */
  version?: number;
}

export interface LiveUpdateTarget {
  api: { getDocument<T>(path: string, opts?: { cache?: boolean }): Promise<T>; forgetDocument(path: string): void; setUiVersion?(version: unknown): void };
  session: { readonly lang: string; setMessages(messages: Messages): void };
  /** re-runs the loaders of the current route (react-router's router.revalidate) */
  revalidate(): unknown;
  log?: (...a: unknown[]) => void;
}

/** The part of EventSource used here (tests pass their own). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (e: { data?: unknown }) => void): void;
  close(): void;
}

let revision = 0;
let dataRevision = 0;
const listeners = new Set<() => void>();

/** Increments with every applied change; the page body is keyed by it. */
export function liveRevision(): number {
  return revision;
}

/**
 * Increments when a changed document reaches the page only through the API (a checkout flow: the server answers
 * the steps); the screen's load actions run again then.
 */
export function liveDataRevision(): number {
  return dataRevision;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveRevision(): number {
  return useSyncExternalStore(subscribe, liveRevision, liveRevision);
}

export function useLiveDataRevision(): number {
  return useSyncExternalStore(subscribe, liveDataRevision, liveDataRevision);
}

/** Documents the server itself reads to answer API calls. */
const SERVER_SIDE = /^flows\//;

function bump(changes: DocumentChange[]): void {
  revision += 1;
  if (changes.some((c) => SERVER_SIDE.test(c.path))) dataRevision += 1;
  for (const l of [...listeners]) l();
}

export function parseDocumentsEvent(data: unknown): DocumentsEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const v = JSON.parse(data) as { changes?: unknown };
    if (!Array.isArray(v.changes)) return null;
    const changes = v.changes.filter((c): c is DocumentChange => !!c && typeof (c as DocumentChange).path === 'string');
    const version = (v as { version?: unknown }).version;
    return typeof version === 'number' ? { changes, version } : { changes };
  } catch {
    return null;
  }
}

/** Applies one `documents` event to the running app. */
export async function applyDocumentChanges(changes: DocumentChange[], target: LiveUpdateTarget, version?: number): Promise<void> {
  if (changes.length === 0) return;
  // a published version: the documents of the new version from now on (the changed ones are fetched again below)
  if (version !== undefined) target.api.setUiVersion?.(version);
  target.api.forgetDocument('/ui/manifest');
  for (const c of changes) target.api.forgetDocument(`/ui/${c.path}`);
  try {
    const lang = target.session.lang;
    if (changes.some((c) => c.path === `messages/${lang}`)) {
      target.session.setMessages(await target.api.getDocument<Messages>(`/ui/messages/${lang}`));
    }
    await target.revalidate();
  } finally {
    bump(changes);
  }
}

/** Listens to the server's document events; answers a function that stops listening. */
export function connectLiveUpdates(
  target: LiveUpdateTarget,
  opts: { url?: string; createEventSource?: (url: string) => EventSourceLike } = {},
): () => void {
  const create = opts.createEventSource
    ?? (typeof EventSource === 'function' ? (url: string) => new EventSource(url) as unknown as EventSourceLike : null);
  if (!create) return () => {};
  const source = create(opts.url ?? '/ui/events');
  let queue: Promise<void> = Promise.resolve();
  source.addEventListener('documents', (e) => {
    const event = parseDocumentsEvent(e.data);
    if (!event) return;
    // one after the other, so a quick second save never lands before the first
    queue = queue.then(() => applyDocumentChanges(event.changes, target, event.version)).catch((err: unknown) => {
      (target.log ?? console.error)('[live] documents could not be refreshed', err);
    });
  });
  return () => source.close();
}

/** How often a page on a published version asks whether another one went live (documents in the database). */
export const MANIFEST_POLL_MS = 20_000;

/**
 * One look at the manifest (documents in the database, issue 29): when it names another published version than
 * `current`, every document of it counts as changed — the page switches to that version as a whole (no mix) and
 * redraws. Answers the version the page is on afterwards.
 */
export async function checkPublishedVersion(target: LiveUpdateTarget, current: number): Promise<number> {
  const manifest = await target.api.getDocument<{ version?: unknown; versions?: Record<string, number> }>('/ui/manifest', { cache: false });
  const next = manifest.version;
  if (typeof next !== 'number' || next === current) return current;
  const changes = Object.entries(manifest.versions ?? {}).map(([path, version]) => ({ path, version }));
  await applyDocumentChanges(changes, target, next);
  return next;
}

/**
 * A page on a published version (the manifest names one) asks for the manifest every `intervalMs` while it is visible
 * — a long-lived event stream per shopper's tab is not kept open in production — and switches when another version
 * went live. Answers a function that stops it.
 */
export function followPublishedVersions(target: LiveUpdateTarget, version: number, intervalMs = MANIFEST_POLL_MS): () => void {
  let current = version;
  let busy = false;
  const timer = setInterval(() => {
    if (busy || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) return;
    busy = true;
    checkPublishedVersion(target, current).then((v) => { current = v; }, (err: unknown) => {
      (target.log ?? console.error)('[live] the published version could not be checked', err);
    }).finally(() => { busy = false; });
  }, intervalMs);
  return () => clearInterval(timer);
}

