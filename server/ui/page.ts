// The shop page (dist/index.html) with its first view: the boot data (manifest, the messages of the request's
// language, the screen document and its layout, the first catalogue data) as a non-executed JSON block, and
// <link rel="modulepreload"> for the lazy chunks the screen draws (read from Vite's build manifest).
// renderer/boot-data.ts reads the block; the client takes the documents and the listed API answers from it
// instead of fetching them. The page depends on language + path + query only (no session data): `no-cache`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import type { RJSFSchema } from '@rjsf/utils';
import type { Lang } from '../lib/lang';
import type { FirstViewRenderer } from './ssr';
import type { UiDocuments } from './documents';

import { BOOT_DATA_ID, BOOT_DATA_VERSION } from '../../core/boot-data';
import type { BootData } from '../../schemas/types/api.common';


/** Escapes JSON for a <script type="application/json"> block: no `</script`, `<!--` or line separators survive. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const ENG_SUFFIX = '-eng';

interface Node { component?: string; children?: Node[]; on?: Record<string, unknown>; [k: string]: unknown }
interface ScreenJson { id: string; layout?: string; load?: Array<{ action: string; args?: Record<string, unknown> }>; firstView?: 'beforeData'; body?: Node[] }
interface Manifest { routes: Array<{ route: string; screen: string }>; version?: number }

/** Action names and component names anywhere in a document (nodes, load, on-handlers, nested args). */
function walk(value: unknown, out: { actions: Set<string>; components: Set<string> }): void {
  if (Array.isArray(value)) { for (const v of value) walk(v, out); return; }
  if (!value || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  if (typeof o.action === 'string') out.actions.add(o.action);
  if (typeof o.component === 'string') out.components.add(o.component);
  for (const v of Object.values(o)) walk(v, out);
}

/** The action groups (`cart` of `cart.add`) a set of documents runs as they are entered (their `load`): the
 *  groups the page preloads. Those only handlers use load on the shopper's first interaction (renderer/runtime.ts). */
export function loadGroupsOf(...docs: Array<{ load?: Array<{ action: string }> } | null>): string[] {
  return [...new Set(docs.flatMap((d) => d?.load ?? []).map((c) => c.action.split('.')[0]!))].sort();
}

function componentsOf(...docs: unknown[]): string[] {
  const out = { actions: new Set<string>(), components: new Set<string>() };
  for (const d of docs) walk(d, out);
  return [...out.components].sort();
}

/** A JSON file of the build (dist/.vite/…), re-read when it changes; {} when absent. */
const jsonCache = new Map<string, { mtime: number; json: unknown }>();
function buildJson<T>(distDir: string, name: string): T | Record<string, never> {
  const file = join(distDir, '.vite', name);
  if (!existsSync(file)) return {};
  const mtime = statSync(file).mtimeMs;
  const hit = jsonCache.get(file);
  if (hit && hit.mtime === mtime) return hit.json as T;
  const json = JSON.parse(readFileSync(file, 'utf8')) as T;
  jsonCache.set(file, { mtime, json });
  return json;
}

/** Vite's build manifest (dist/.vite/manifest.json): source file → { file, imports }. */
interface ViteChunk { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }

/**
 * The built files of the lazy components and action groups a page uses (with their static imports), less
 * what the entry loads anyway. Action groups: dist/.vite/action-groups.json (vite.config.ts writes it).
 */
export function preloadFiles(distDir: string, components: string[], actionGroups: string[]): string[] {
  const chunks = buildJson<Record<string, ViteChunk>>(distDir, 'manifest.json') as Record<string, ViteChunk>;
  const groupFiles = buildJson<Record<string, string[]>>(distDir, 'action-groups.json') as Record<string, string[]>;
  const byFile = new Map(Object.values(chunks).map((c) => [c.file, c]));
  const keyOf = new Map(Object.entries(chunks).map(([k, c]) => [c.file, k]));
  const wanted = new Set(components.map((c) => `/${c}.tsx`));
  const collect = (into: Set<string>, key: string) => {
    const c = chunks[key];
    if (!c || into.has(c.file)) return;
    into.add(c.file);
    for (const i of c.imports ?? []) collect(into, i);
  };
  const files = new Set<string>();
  for (const [key, c] of Object.entries(chunks)) {
    const comp = key.match(/^components\/.+(\/[A-Z][A-Za-z0-9]*\.tsx)$/);
    if (c.isDynamicEntry && comp && wanted.has(comp[1]!)) collect(files, key);
  }
  for (const g of actionGroups) {
    for (const f of groupFiles[g] ?? []) {
      const key = keyOf.get(f);
      if (key) collect(files, key);
      else if (!byFile.has(f)) files.add(f);
    }
  }
  // the entry and its static imports are loaded by the page's own tags
  const entry = new Set<string>();
  if (chunks['index.html']) collect(entry, 'index.html');
  for (const f of entry) files.delete(f);
  return [...files].filter((f) => f.endsWith('.js')).sort();
}

export interface PageOptions {
  ui: UiDocuments;
  distDir: string;
  /** the request's language, the path and the query string (without '?') */
  lang: Lang;
  path: string;
  search: string;
  /** prefix the built assets are served under */
  assetsBase?: string;
  /** draws the first view on the server (server/ui/ssr.ts); without it the browser draws it */
  firstView?: FirstViewRenderer;
  /** the request's cookie choice, `b2c_consent=<value>` or '' (the server-drawn view shows the banner without one) */
  consentCookie?: string;
}

/** The built loader of a server-drawn page's scripts (renderer/loader.ts), or null in a build without it. */
export function loaderFile(distDir: string): string | null {
  const chunks = buildJson<Record<string, ViteChunk>>(distDir, 'manifest.json') as Record<string, ViteChunk>;
  return chunks['renderer/loader.ts']?.file ?? null;
}

/** The style sheets of these built chunks (a lazy component's own CSS), less the entry's: a page drawn on the server
 *  links them, so its markup is styled before the chunks load. */
export function stylesheetsOf(distDir: string, files: string[]): string[] {
  const chunks = buildJson<Record<string, ViteChunk>>(distDir, 'manifest.json') as Record<string, ViteChunk>;
  const byFile = new Map(Object.values(chunks).map((c) => [c.file, c]));
  const entryCss = new Set(chunks['index.html']?.css ?? []);
  const css = new Set<string>();
  for (const f of files) for (const c of byFile.get(f)?.css ?? []) if (!entryCss.has(c)) css.add(c);
  return [...css].sort();
}

/** A rule document without its editors' notes (what the actions read of it, smaller in every page). */
function withoutNotes(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withoutNotes);
  if (json === null || typeof json !== 'object') return json;
  return Object.fromEntries(Object.entries(json).filter(([k]) => k !== 'note' && k !== 'description').map(([k, v]) => [k, withoutNotes(v)]));
}

/** How a page's first view may be drawn on the server: with its data (its load run in process), before its data
 *  (the screen asks it: `"firstView": "beforeData"`), or not at all (a screen with a form draws the shopper's data). */
type Drawing = 'data' | 'beforeData' | null;

/** Builds the boot data of a shop page (its calls are the drawing's: renderShopPage). */
export async function bootDataFor(o: PageOptions): Promise<{ boot: BootData; screen: string | null; components: string[]; validators: string[]; drawing: Drawing }> {
  const path = o.path.endsWith(ENG_SUFFIX) ? o.path.slice(0, -ENG_SUFFIX.length) || '/' : o.path;
  const manifest = JSON.parse(o.ui.manifest.body) as Manifest;
  const docs: Record<string, unknown> = { '/ui/manifest': manifest };
  const messages = o.ui.get('messages', o.lang);
  if (messages) docs[`/ui/messages/${o.lang}`] = messages.json;
  // the named destinations and modals the actions use (schemas/rules/routes.json): a screen's load may settle on an
  // address by name (pdp.load's canonical colour), which the first view must not have to ask for
  const routesDoc = o.ui.get('rule', 'routes');
  if (routesDoc) docs['/ui/rules/routes'] = withoutNotes(routesDoc.json);
  const seen = new Set<string>();
  const routes = manifest.routes.filter((r) => !seen.has(r.route) && seen.add(r.route)).map((r) => ({ path: r.route, id: r.screen }));
  const match = matchRoutes(routes, path)?.[0];
  const screenId = match ? (match.route as { id: string }).id : (o.ui.get('screen', 'not-found') ? 'not-found' : null);
  const screen = screenId ? o.ui.get('screen', screenId)?.json as ScreenJson | undefined : undefined;
  let layout: unknown = null;
  const validators: string[] = [];
  if (screen) {
    docs[`/ui/screens/${screen.id}`] = screen;
    const layoutId = screen.layout ?? 'main';
    if (layoutId !== 'none') {
      layout = o.ui.get('screen', layoutId)?.json ?? null;
      if (layout) docs[`/ui/screens/${layoutId}`] = layout;
    }
    for (const formId of formsOf(screen)) {
      const form = o.ui.get('form', formId);
      if (!form) continue;
      docs[`/ui/forms/${formId}`] = form.json;
      const schema = (form.json as { schema?: RJSFSchema }).schema;
      // the URL components/forms/rjsfValidator.ts validatorUrl imports, with the version the page is on as `set`
      // (@rjsf/utils is heavy to import: a server loads it with its first page that holds a form, not at start)
      const set = typeof manifest.version === 'number' ? `&set=${manifest.version}` : '';
      if (form.validator && schema) validators.push(`/ui/forms/${encodeURIComponent(formId)}/validator.js?v=${form.version}${(await import('@rjsf/utils')).hashForSchema(schema)}${set}`);
    }
  }
  const boot: BootData = {
    v: BOOT_DATA_VERSION, lang: o.lang, path, search: o.search, docs, calls: {},
    actionGroups: loadGroupsOf(screen ?? null, layout as ScreenJson | null),
  };
  // a screen that asks to be drawn before its data: drawn in the state it has before its load (the browser loads)
  const drawing: Drawing = !screen || !match ? null : screen.firstView === 'beforeData' ? 'beforeData' : formsOf(screen).length === 0 ? 'data' : null;
  if (drawing === 'beforeData') boot.beforeData = true;
  // (screen: the routed screen; a path no route matches shows the not-found screen, drawn by the browser)
  return { boot, screen: screen && match ? screen.id : null, components: componentsOf(screen ?? null, layout), validators, drawing };
}

/** The ids of the forms a screen draws (`Form` nodes with a literal `form` prop). */
function formsOf(screen: unknown): string[] {
  const ids = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) { for (const x of v) visit(x); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as { component?: unknown; props?: { form?: unknown } };
    if (o.component === 'Form' && typeof o.props?.form === 'string') ids.add(o.props.form);
    for (const x of Object.values(v)) visit(x);
  };
  visit(screen);
  return [...ids].sort();
}

/** The picture a drawn view marks as its largest paint (`fetchpriority="high"`: the first card, the hero, a phone's
 *  gallery), preloaded by the page's head. */
function largestPaintImage(markup: string): string | null {
  const img = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(markup)?.[0];
  const src = img ? /\bsrc="([^"]*)"/.exec(img)?.[1] : undefined;
  return src ? src.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : null;
}

const htmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A shop page and who draws its first view (the page's `X-First-View` header, for QA and operators): `server`,
 *  `server; before-data`, or `browser; …` with why — `form` (it draws the shopper's data), `asked=<path>` (its load
 *  asks for an answer that is not shared, e.g. the session's cart), `renderer` (not loaded yet, or the drawing took
 *  too long), `no-screen` (no route matches the path). */
export interface ShopPage { html: string; firstView: string }

/** dist/index.html with the boot data block, the modulepreload links and the LCP image preload. */
export async function renderShopPage(indexHtml: string, o: PageOptions): Promise<ShopPage> {
  const { boot, screen, components, validators, drawing } = await bootDataFor(o);
  const base = o.assetsBase ?? '/assets/ecommerce/dist/';
  const head: string[] = [];
  // the first view drawn on the server by the screen's own load (server/ui/ssr.ts): the answers it took travel in the
  // boot data, so the browser's load takes them without a request
  let markup: string | null = null;
  let firstView = !screen ? 'browser; no-screen' : !drawing ? 'browser; form' : 'browser; renderer';
  if (drawing && screen && o.firstView) {
    const drawn = await o.firstView.render({ boot, screen, consent: o.consentCookie ?? '', beforeData: drawing === 'beforeData' });
    markup = drawn.html;
    boot.calls = drawn.calls;
    // the documents its load fetched (a rule document: pdp.load's wizard) come with the page, so the browser's load
    // finds them before it hydrates; a rule document without its notes, as routes above
    for (const [path, doc] of Object.entries(drawn.docs)) if (!(path in boot.docs)) boot.docs[path] = path.startsWith('/ui/rules/') ? withoutNotes(doc) : doc;
    if (markup) firstView = drawing === 'beforeData' ? 'server; before-data' : 'server';
    else if (drawn.refused) firstView = `browser; asked=${drawn.refused}`;
  }
  const block = `<script type="application/json" id="${BOOT_DATA_ID}">${jsonForScript(boot)}</script>`;
  const lcpImage = markup ? largestPaintImage(markup) : null;
  const preload = preloadFiles(o.distDir, components, boot.actionGroups);
  let html = indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${o.lang === 'en' ? 'en' : 'sr-Latn'}"`);
  // A page the server drew is on screen before any script runs: its scripts, which make it live, are fetched after
  // its first frame (renderer/loader.ts), so the style sheets and the LCP image never wait behind them.
  const loader = markup ? loaderFile(o.distDir) : null;
  const entry = loader ? /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1] : undefined;
  if (loader && entry) {
    const deps: string[] = [];
    html = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_, href: string) => { deps.push(href); return ''; })
      .replace(/<script type="module" crossorigin src="[^"]+"><\/script>\s*/, '');
    const deferred = { entry, preload: [...deps, ...preload.map((f) => base + f)] };
    head.push(`<script type="application/json" id="deferred-modules">${jsonForScript(deferred)}</script>`, `<script type="module" crossorigin src="${htmlAttr(base + loader)}"></script>`);
  } else {
    for (const f of preload) head.push(`<link rel="modulepreload" crossorigin href="${htmlAttr(base + f)}">`);
  }
  if (markup) for (const f of stylesheetsOf(o.distDir, preload)) head.push(`<link rel="stylesheet" crossorigin href="${htmlAttr(base + f)}">`);
  for (const v of validators) head.push(`<link rel="modulepreload" href="${htmlAttr(v)}">`);
  if (lcpImage) head.push(`<link rel="preload" as="image" fetchpriority="high" href="${htmlAttr(lcpImage)}">`);
  html = html.replace('</head>', `${head.join('')}</head>`);
  // the block before the app's root: read by the module script, which runs after parsing
  // server-drawn markup is marked until the browser has hydrated it (renderer/main.tsx): it is usable before that (a
  // field typed in is taken into the form at hydration, a button's click is replayed: renderer/loader.ts)
  html = html.replace('<div id="root"></div>', markup ? `${block}<div id="root" data-server-drawn>${markup}</div>` : `${block}<div id="root"></div>`);
  return { html, firstView };
}
