// Live updates of the UI documents (development): GET /ui/events is a Server-Sent Events stream; whenever the
// served set changes (the dev server reloads it after any edit of schemas/, the studio's saves included) every
// open shop tab gets `event: documents` with the documents that changed, and refetches them (renderer/live.ts).
// The set is compared by each document's ETag, so an edit that does not bump "version" is announced too.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DocKind, UiDocuments } from '../ui/index';

/** One changed document: `path` is its address under /ui/ (the manifest's version key). */
export interface DocumentChange { path: string; version: number | null }
export interface DocumentsEvent {
  changes: DocumentChange[];
  /** the published version now served (database mode): the page asks for documents of this version (`?v=`) */
  version?: number;
}

const KIND_OF: Record<string, DocKind> = { screens: 'screen', flows: 'flow', forms: 'form', modals: 'modal', messages: 'messages', rules: 'rule' };

/** ETag of every document of the set, keyed by the manifest's version key ("forms/guest"). */
export function snapshotOf(ui: UiDocuments): Map<string, { etag: string; version: number }> {
  const versions = (JSON.parse(ui.manifest.body) as { versions?: Record<string, number> }).versions ?? {};
  const out = new Map<string, { etag: string; version: number }>();
  for (const [path, version] of Object.entries(versions)) {
    const [plural, id] = path.split('/');
    const doc = KIND_OF[plural] ? ui.get(KIND_OF[plural], id) : undefined;
    out.set(path, { etag: doc?.etag ?? '', version });
  }
  return out;
}

export function diffSnapshots(before: Map<string, { etag: string; version: number }>, after: Map<string, { etag: string; version: number }>): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const [path, now] of after) {
    if (before.get(path)?.etag !== now.etag) changes.push({ path, version: now.version });
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push({ path, version: null });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Watches the served set (the reload replaces the set object, so a cheap identity check of the manifest finds
 * every reload) and writes one SSE message per change to every subscriber.
 */
export class DocumentEvents {
  private readonly clients = new Set<FastifyReply['raw']>();
  private manifest: unknown;
  private snapshot: Map<string, { etag: string; version: number }>;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ui: UiDocuments, private readonly pollMs = 200) {
    this.manifest = ui.manifest;
    this.snapshot = snapshotOf(ui);
  }

  get subscribers(): number { return this.clients.size; }

  /** Compares the served set with the last one seen; announces and answers the changes. */
  poll(): DocumentChange[] {
    if (this.ui.manifest === this.manifest) return [];
    this.manifest = this.ui.manifest;
    const next = snapshotOf(this.ui);
    const changes = diffSnapshots(this.snapshot, next);
    this.snapshot = next;
    const version = this.ui.version;
    if (changes.length > 0) this.broadcast(version === undefined ? { changes } : { changes, version });
    return changes;
  }

  subscribe(reply: FastifyReply): void {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n: live updates of the UI documents\n\n');
    this.clients.add(res);
    res.on('close', () => {
      this.clients.delete(res);
      if (this.clients.size === 0) this.stopTimer();
    });
    if (!this.timer) {
      this.timer = setInterval(() => this.poll(), this.pollMs);
      this.timer.unref();
    }
  }

  private broadcast(event: DocumentsEvent): void {
    const frame = `event: documents\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of this.clients) res.write(frame);
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  close(): void {
    this.stopTimer();
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}

/**
 * GET /ui/events. In production nothing changes while the server runs: 204 No Content, which tells EventSource
 * not to reconnect.
 */
export function eventRoutes(app: FastifyInstance, opts: { dev: boolean }): void {
  const events = opts.dev ? new DocumentEvents(app.ctx.ui) : null;
  app.get('/ui/events', async (req, reply) => {
    if (!events) return reply.code(204).header('Cache-Control', 'no-store').send();
    events.poll(); // a reload that happened while nobody listened must not be announced late as news
    events.subscribe(reply);
    return reply;
  });
  if (events) app.addHook('preClose', async () => events.close());
}
