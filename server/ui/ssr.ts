// The server renderer of a page's first view (renderer/entry-server.tsx, built into dist-ssr/ by `vite build`):
// loaded once (again when the build changes). It draws a screen by running the screen's own load over the shop's API
// in process (shared answers only: server/app.ts fetchShared), so what a screen loads is declared once, in its
// document. server/ui/page.ts asks for screens that draw no form, and for screens drawn before their data
// (`"firstView": "beforeData"`), whose forms are drawn with the validator modules this server compiled.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FirstView, SharedFetch } from '../../core/boot-data';
import type { BootData } from '../../schemas/types/api.common';

/** renderer/entry-server.tsx renderFirstView: the page's boot data (server/ui/page.ts BootData) → the drawing. */
type RenderFn = (boot: object, origin: string, cookie: string, opts: { beforeData?: boolean; validatorModule?: ValidatorModuleLoader; fetchShared?: SharedFetch }) => Promise<FirstView>;
type ValidatorModuleLoader = (url: string) => Promise<{ default?: unknown }>;
/** A form's validator module source as the server serves it (GET /ui/forms/:id/validator.js[?set=N]), with its ETag. */
export type ValidatorSource = (formId: string, set: number | undefined) => { body: string; etag: string } | undefined;

/** What a page is drawn from, less the calls (its own load asks for them). */
export interface DrawInput {
  boot: BootData;
  /** the screen the page shows (what it reads of the address is learned per screen) */
  screen: string;
  /** the request's cookie choice (`b2c_consent=…`, or ''), which decides the cookie banner */
  consent: string;
  beforeData: boolean;
}
/** A drawing: the markup (null: the browser draws), the answers its load took, by their key in `BootData.calls`, and
 *  the documents it fetched that the boot data did not bring, by path. */
export interface Drawn { html: string | null; calls: Record<string, unknown>; docs: Record<string, unknown>; refused: string | null }

/** A kept drawing: its markup and the calls it was drawn from, revalidated (If-None-Match) before it is used again. */
type Kept = Omit<FirstView, 'queryKeys'>;

const NOT_DRAWN: Drawn = { html: null, calls: {}, docs: {}, refused: null };
function drawnOf(kept: Kept | null): Drawn {
  return kept ? { html: kept.html, calls: Object.fromEntries(kept.calls.map((c) => [c.key, c.body])), docs: kept.docs, refused: kept.refused } : NOT_DRAWN;
}

/** A page does not wait longer for its drawing (a load that waits for something, a slow answer): the browser draws
 *  it, and the drawing is kept for the next request. */
const DRAW_WAIT_MS = 2_000;
const WAITED = Symbol('waited');
function withinDrawWait<T>(p: Promise<T>): Promise<T | typeof WAITED> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<typeof WAITED>((resolve) => { timer = setTimeout(resolve, DRAW_WAIT_MS, WAITED); timer.unref(); });
  return Promise.race([p, waited]).finally(() => clearTimeout(timer));
}

/** Markup kept for this many pages (oldest forgotten first; ~25 kB each). */
const KEEP = 300;
/** The origin the static router resolves the page's address against (never fetched). */
const ORIGIN = 'http://shop.invalid';

export class FirstViewRenderer {
  private loaded: { mtime: number; render: RenderFn } | null = null;
  /** the build whose renderer failed to load (logged once; pages are drawn by the browser until the next build) */
  private failed: number | null = null;
  private loading: Promise<RenderFn | null> | null = null;
  private readonly markup = new Map<string, Promise<Kept | null>>();
  /** per screen, the address's query keys its drawing reads (learned from its first drawing; null: all of them) */
  private readonly queryKeys = new Map<string, Set<string> | null>();

  /** the validator modules imported so far, by form id and ETag (a live and a rollout version may both be served) */
  private readonly validators = new Map<string, { etag: string; module: Promise<{ default?: unknown }> }>();

  /** `fetchShared`: the shop's API in process (server/app.ts), shared answers only. */
  constructor(private readonly ssrDir: string, private readonly log: (e: unknown) => void, private readonly validatorSource?: ValidatorSource, private readonly fetchShared?: SharedFetch) {}

  /** The module at a validator address (/ui/forms/:id/validator.js?v=…), imported from the source this server
   *  serves at that address (a data: URL; the browser imports the same text). */
  private readonly validatorModule: ValidatorModuleLoader = async (url) => {
    const id = /^\/ui\/forms\/([^/?]+)\/validator\.js/.exec(url)?.[1];
    const set = Number(/[?&]set=(\d+)/.exec(url)?.[1]) || undefined;
    const src = id ? this.validatorSource?.(decodeURIComponent(id), set) : undefined;
    if (!id || !src) throw new Error(`no validator module at ${url}`);
    const key = `${id}\n${src.etag}`;
    let v = this.validators.get(key);
    if (!v) {
      if (this.validators.size >= 200) this.validators.delete(this.validators.keys().next().value!); // the oldest
      v = { etag: src.etag, module: import(`data:text/javascript;base64,${Buffer.from(src.body).toString('base64')}`) as Promise<{ default?: unknown }> };
      this.validators.set(key, v);
    }
    return v.module;
  };

  /** The renderer when it is loaded (and current); else null, and it starts loading: a page never waits for the
   *  module (~150 ms to import), it is drawn by the browser until the renderer is here. */
  private renderer(): RenderFn | null {
    const file = join(this.ssrDir, 'entry-server.js');
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return null;
    if (this.loaded?.mtime === st.mtimeMs) return this.loaded.render;
    if (this.failed === st.mtimeMs) return null;
    this.loading ??= import(`${pathToFileURL(file).href}?v=${st.mtimeMs}`)
      .then((m: { renderFirstView: RenderFn }) => {
        this.loaded = { mtime: st.mtimeMs, render: m.renderFirstView };
        this.markup.clear();
        return m.renderFirstView;
      })
      .catch((e: unknown) => { this.failed = st.mtimeMs; this.log(e); return null; })
      .finally(() => { this.loading = null; });
    return null;
  }

  /** Starts loading the renderer (server/app.ts: shortly after the server listens, so the first pages find it). */
  warm(): void {
    this.renderer();
  }

  /**
   * The page's first view, drawn by running the screen's own load over the API in process (its answers come back as
   * the page's `calls`), or no markup (no server renderer yet, or a view only the browser can draw). A drawing is kept
   * per what it was drawn from — the boot data with only the query keys the screen reads — and used again while every
   * answer its load took is unchanged (each asked again with its ETag: a 304).
   */
  async render(input: DrawInput): Promise<Drawn> {
    const render = this.renderer();
    if (!render) return NOT_DRAWN;
    const keys = this.queryKeys.get(input.screen);
    const search = keys === undefined ? input.boot.search : readSearch(input.boot.search, keys);
    const k = this.keyOf(input, search);
    const hit = this.markup.get(k);
    if (hit) {
      const kept = await withinDrawWait(hit);
      if (kept === WAITED) return NOT_DRAWN;
      if (await this.unchanged(kept)) return drawnOf(kept);
    }
    const kept = await withinDrawWait(this.draw(render, input, search, keys, k));
    return kept === WAITED ? NOT_DRAWN : drawnOf(kept);
  }

  /** Draws the page and keeps the drawing under `k`; a screen's first drawing tells what it reads of the address, and
   *  the drawing is kept under that reading instead. */
  private draw(render: RenderFn, input: DrawInput, search: string, keys: Set<string> | null | undefined, k: string): Promise<Kept | null> {
    const drawing = render({ ...input.boot, search, calls: {} }, ORIGIN, input.consent, { beforeData: input.beforeData, validatorModule: this.validatorModule, fetchShared: this.fetchShared })
      .catch((e: unknown) => { this.log(e); return null; });
    const kept: Promise<Kept | null> = drawing;
    if (this.markup.size >= KEEP) this.markup.delete(this.markup.keys().next().value!); // the oldest
    this.markup.set(k, kept);
    if (keys === undefined) {
      void drawing.then((d) => {
        if (!d) return;
        const key = this.keyOf(input, readSearch(input.boot.search, this.learn(input.screen, d.queryKeys)));
        if (key !== k && this.markup.get(k) === kept) { this.markup.delete(k); this.markup.set(key, kept); }
      });
    }
    return kept;
  }

  /** The key of a drawing: the cookie choice, the mode and the boot data with the query the screen reads
   *  (the boot data is ~150 kB: kept as its digest). */
  private keyOf(input: DrawInput, search: string): string {
    return createHash('sha256').update(input.consent).update('\n').update(input.beforeData ? 'before-data\n' : '')
      .update(JSON.stringify({ ...input.boot, search, calls: {} })).digest('base64');
  }

  /** Notes the query keys a screen's drawing read (null: all); answers them as kept. */
  private learn(screen: string, keys: string[] | null): Set<string> | null {
    const set = keys === null ? null : new Set(keys);
    this.queryKeys.set(screen, set);
    return set;
  }

  /** Is every answer a kept drawing was drawn from still the same (a 304 to its ETag)? */
  private async unchanged(kept: Kept | null): Promise<boolean> {
    if (!kept) return true; // a drawing that failed (logged once): the browser draws this page
    if (!this.fetchShared) return true;
    const fetchShared = this.fetchShared;
    const answers = await Promise.all(kept.calls.map((c) => (c.etag ? fetchShared(c.url, { ...c.headers, 'if-none-match': c.etag }) : Promise.resolve(null))));
    return answers.every((a) => a?.status === 304);
  }
}

/** The query with only these keys (all of them: null), in its order. */
export function readSearch(search: string, keys: Set<string> | null): string {
  if (keys === null) return search;
  return new URLSearchParams([...new URLSearchParams(search)].filter(([k]) => keys.has(k))).toString();
}

/**
 * The shop's API in process, for the drawing of a first view: a GET's answer when it is shared (`Cache-Control:
 * public`, as server/lib/edge-cache.ts sends the catalogue and documents: the same for everyone), else null — a
 * session's or an account's answer is never drawn into a page that is itself shared.
 */
export function sharedFetchOf(app: FastifyInstance): SharedFetch {
  return async (url, headers) => {
    const res = await app.inject({ method: 'GET', url, headers });
    const shared = /\bpublic\b/.test(String(res.headers['cache-control'] ?? ''));
    if (!shared || (res.statusCode !== 200 && res.statusCode !== 304)) return null;
    const etag = res.headers.etag;
    return { status: res.statusCode, body: res.body, etag: typeof etag === 'string' ? etag : null, contentType: String(res.headers['content-type'] ?? 'application/json') };
  };
}
