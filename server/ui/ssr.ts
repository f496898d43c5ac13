// The server renderer of a page's first view (renderer/entry-server.tsx, built into dist-ssr/ by `vite build`):
// loaded once (again when the build changes), its markup kept per boot data (which holds everything the view is
// drawn from: language, path, query, documents and catalogue answers). server/ui/page.ts asks for screens whose
// load the boot data answers in full and that draw no form, and for screens drawn before their data
// (`"firstView": "beforeData"`), whose forms are drawn with the validator modules this server compiled.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** renderer/entry-server.tsx renderFirstView: the page's boot data (server/ui/page.ts BootData) → markup or null. */
type RenderFn = (boot: object, origin: string, cookie: string, opts: { beforeData?: boolean; validatorModule?: ValidatorModuleLoader }) => Promise<string | null>;
type ValidatorModuleLoader = (url: string) => Promise<{ default?: unknown }>;
/** A form's validator module source as the server serves it (GET /ui/forms/:id/validator.js[?set=N]), with its ETag. */
export type ValidatorSource = (formId: string, set: number | undefined) => { body: string; etag: string } | undefined;

/** Markup kept for this many pages (oldest forgotten first; ~25 kB each). */
const KEEP = 300;
/** The origin the static router resolves the page's address against (never fetched). */
const ORIGIN = 'http://shop.invalid';

export class FirstViewRenderer {
  private loaded: { mtime: number; render: RenderFn } | null = null;
  /** the build whose renderer failed to load (logged once; pages are drawn by the browser until the next build) */
  private failed: number | null = null;
  private loading: Promise<RenderFn | null> | null = null;
  private readonly markup = new Map<string, Promise<string | null>>();

  /** the validator modules imported so far, by form id and ETag (a live and a rollout version may both be served) */
  private readonly validators = new Map<string, { etag: string; module: Promise<{ default?: unknown }> }>();

  constructor(private readonly ssrDir: string, private readonly log: (e: unknown) => void, private readonly validatorSource?: ValidatorSource) {}

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

  /** The markup of the page's first view, or null (no server renderer, or a view only the browser can draw).
   *  `consent`: the request's cookie choice cookie (`b2c_consent=…`, or ''), which decides the cookie banner. */
  async render(boot: object, key: string, consent = '', beforeData = false): Promise<string | null> {
    const render = this.renderer();
    if (!render) return null;
    // (the key is the boot data, ~150 kB: kept as its digest)
    const k = createHash('sha256').update(consent).update('\n').update(beforeData ? 'before-data\n' : '').update(key).digest('base64');
    let html = this.markup.get(k);
    if (!html) {
      html = render(boot, ORIGIN, consent, { beforeData, validatorModule: this.validatorModule }).catch((e: unknown) => { this.log(e); return null; });
      if (this.markup.size >= KEEP) this.markup.delete(this.markup.keys().next().value!);
      this.markup.set(k, html);
    }
    return html;
  }
}
