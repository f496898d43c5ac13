// The server renderer of a page's first view (renderer/entry-server.tsx, built into dist-ssr/ by `vite build`):
// loaded once (again when the build changes), its markup kept per boot data (which holds everything the view is
// drawn from: language, path, query, documents and catalogue answers). server/ui/page.ts asks only for screens whose
// load the boot data answers in full and that draw no form.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BootData } from './page';

type RenderFn = (boot: BootData, origin: string, cookie: string) => Promise<string | null>;

/** Markup kept for this many boot data (oldest forgotten first). */
const KEEP = 300;
/** The origin the static router resolves the page's address against (never fetched). */
const ORIGIN = 'http://shop.invalid';

export class FirstViewRenderer {
  private loaded: { mtime: number; render: RenderFn } | null = null;
  private loading: Promise<RenderFn | null> | null = null;
  private readonly markup = new Map<string, Promise<string | null>>();

  constructor(private readonly ssrDir: string, private readonly log: (e: unknown) => void) {}

  private async renderer(): Promise<RenderFn | null> {
    const file = join(this.ssrDir, 'entry-server.js');
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) return null;
    if (this.loaded?.mtime === st.mtimeMs) return this.loaded.render;
    this.loading ??= import(`${pathToFileURL(file).href}?v=${st.mtimeMs}`)
      .then((m: { renderFirstView: RenderFn }) => {
        this.loaded = { mtime: st.mtimeMs, render: m.renderFirstView };
        this.markup.clear();
        return m.renderFirstView;
      })
      .catch((e: unknown) => { this.log(e); return null; })
      .finally(() => { this.loading = null; });
    return this.loading;
  }

  /** The markup of the page's first view, or null (no server renderer, or a view only the browser can draw).
   *  `consent`: the request's cookie choice cookie (`b2c_consent=…`, or ''), which decides the cookie banner. */
  async render(boot: BootData, key: string, consent = ''): Promise<string | null> {
    if (!existsSync(this.ssrDir)) return null;
    const render = await this.renderer();
    if (!render) return null;
    const k = `${consent}\n${key}`;
    let html = this.markup.get(k);
    if (!html) {
      html = render(boot, ORIGIN, consent).catch((e: unknown) => { this.log(e); return null; });
      if (this.markup.size >= KEEP) this.markup.delete(this.markup.keys().next().value!);
      this.markup.set(k, html);
    }
    return html;
  }
}
