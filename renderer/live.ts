/**
 * Live updates of the UI documents (development servers, the studio's saves): the server's Server-Sent Events
 * stream GET /ui/events sends `event: documents` with `{ changes: [{ path: "forms/guest", version }] }` whenever
 * the served schema set changes. The running app then forgets those documents, fetches the messages of its
 * language again when they changed, re-runs the current route's loaders and redraws the page body (a new
 * revision remounts it, so forms fetch their document again; the data the shopper typed stays in the stores);
 * a changed checkout flow also runs the screen's load actions again (the steps come from the server).
 * A production server answers 204, which tells EventSource not to reconnect.
 */
import { useSyncExternalStore } from 'react';
import type { Messages } from '../actions/stores/i18n';

export interface DocumentChange { path: string; version: number | null }
export interface DocumentsEvent { changes: DocumentChange[] }

export interface LiveUpdateTarget {
  api: { getDocument<T>(path: string, opts?: { cache?: boolean }): Promise<T>; forgetDocument(path: string): void };
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
    return { changes };
  } catch {
    return null;
  }
}

/** Applies one `documents` event to the running app. */
export async function applyDocumentChanges(changes: DocumentChange[], target: LiveUpdateTarget): Promise<void> {
  if (changes.length === 0) return;
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
    queue = queue.then(() => applyDocumentChanges(event.changes, target)).catch((err: unknown) => {
      (target.log ?? console.error)('[live] documents could not be refreshed', err);
    });
  });
  return () => source.close();
}
