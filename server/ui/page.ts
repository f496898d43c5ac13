// The shop page (dist/index.html) with its first view: the boot data (manifest, the messages of the request's
// language, the screen document and its layout, the first catalogue data) as a non-executed JSON block, and
// <link rel="modulepreload"> for the lazy chunks the screen draws (read from Vite's build manifest).
// renderer/boot-data.ts reads the block; the client takes the documents and the listed API answers from it
// instead of fetching them. The page depends on language + path + query only (no session data): `no-cache`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import type { RJSFSchema } from '@rjsf/utils';
import type { CatalogModel } from '../catalog/index';
import type { Lang } from '../lib/lang';
import { searchProducts } from '../catalog/index';
import { cmsBanners, productDetails, productReferences } from '../catalog/index';
import type { FirstViewRenderer } from './ssr';
import type { UiDocuments } from './documents';
import { PAGE_SEARCH_MAX, searchPages } from './page-search';

import { BOOT_DATA_ID, BOOT_DATA_VERSION, callKey } from '../../core/boot-data';
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
// the client's catalogue page sizes (actions/stores/catalog.ts PAGE_SIZE, HERO_PAGE_SIZE; tests/server/page.test.ts
// checks that the keys here are the ones the actions ask for)
const PAGE_SIZE = 20;
const HERO_PAGE_SIZE = 4;
// the gift reference query of pdp.load (actions/pdp/pdp.ts GIFTS; tests/server/page.test.ts checks they agree)
const PDP_GIFTS = { referenceType: 'PROMO_PRODUCT', pageSize: 10 } as const;

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
  /** the catalogue read model (server/catalog/model.ts) */
  catalog: CatalogModel;
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

/** The load actions whose data firstData answers: a screen that loads only these (and draws no form) is drawn on the
 *  server (server/ui/ssr.ts). */
const SERVER_ANSWERED = new Set(['catalog.search', 'catalog.searchPages', 'catalog.loadHero', 'catalog.loadBanners', 'pdp.load']);
/** The query keys those actions read (actions/catalog/search.ts: page, sort, query, q). */
const SERVER_QUERY_KEYS = new Set(['page', 'sort', 'query', 'q']);

/** The first catalogue data of the screen's load actions that the server can answer without a session. */
async function firstData(o: PageOptions, screen: ScreenJson, params: Record<string, string | undefined>, query: URLSearchParams) {
  const calls: Record<string, unknown> = {};
  let lcpImage: string | null = null;
  const cat = await o.catalog.current();
  for (const call of screen.load ?? []) {
    const args = call.args ?? {};
    try {
      if (call.action === 'catalog.search' && typeof args.categoryCode === 'string') {
        const pageRaw = Number(params.page ?? query.get('page') ?? (o.path.match(/\/page\/(\d+)\/?$/)?.[1]));
        const q = {
          categoryCode: args.categoryCode,
          query: (typeof args.query === 'string' ? args.query : query.get('query') ?? query.get('q')) || undefined,
          sort: (typeof args.sort === 'string' ? args.sort : query.get('sort')) || undefined,
          page: Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw - 1 : 0,
          pageSize: PAGE_SIZE,
        };
        const res = await searchProducts(cat, o.ui, q, o.lang) as { products?: Array<{ images?: Array<{ url?: string }> }> };
        calls[callKey('productSearch', q)] = res;
        // the first card's picture is the list's largest paint on a phone
        lcpImage ??= res.products?.[0]?.images?.[0]?.url ?? null;
      } else if (call.action === 'catalog.searchPages') {
        // actions/catalog/search.ts: the text of args.query, else the address's q or query; none asks nothing
        const text = (typeof args.query === 'string' ? args.query : query.get('q') ?? query.get('query') ?? '').trim().slice(0, 100);
        if (text) calls[callKey('pageSearch', { query: text })] = searchPages(o.ui, text, PAGE_SEARCH_MAX, o.lang);
      } else if (call.action === 'catalog.loadHero' && typeof args.categoryCode === 'string') {
        const q = { categoryCode: args.categoryCode, pageSize: HERO_PAGE_SIZE, searchQueryContext: 'MAIN_PAGE' };
        calls[callKey('productSearch', q)] = await searchProducts(cat, o.ui, { ...q, page: 0 }, o.lang);
      } else if (call.action === 'catalog.loadBanners' && typeof args.categoryCode === 'string') {
        calls[callKey('cmsComponents', { categoryCode: args.categoryCode })] = cmsBanners(cat, args.categoryCode, undefined, o.lang);
      } else if (call.action === 'pdp.load') {
        const code = typeof args.productCode === 'string' ? args.productCode : params.productCode;
        if (!code) continue;
        const det = await productDetails(cat, code, o.lang) as { hasAccessories?: boolean; hasGift?: boolean; variants?: Array<{ colorCode?: string; images?: Array<{ url?: string }>; stock?: { stockLevelStatus?: string } }> };
        calls[callKey('productDetails', { productCode: code })] = det;
        // what pdp.load asks next (actions/pdp/pdp.ts: the accessories, the gift)
        if (det.hasAccessories) {
          const q = { productCode: code, referenceType: 'ACCESSORIES', pageSize: 100 };
          calls[callKey('productReferences', q)] = productReferences(cat, code, q.referenceType, q.pageSize, o.lang);
        }
        if (det.hasGift) {
          const q = { productCode: code, referenceType: PDP_GIFTS.referenceType, pageSize: PDP_GIFTS.pageSize };
          calls[callKey('productReferences', q)] = productReferences(cat, code, q.referenceType, q.pageSize, o.lang);
        }
        const colour = typeof args.colorCode === 'string' ? args.colorCode : params.colorCode;
        const variant = det.variants?.find((v) => v.colorCode === colour)
          ?? det.variants?.find((v) => v.stock?.stockLevelStatus !== 'outOfStock') ?? det.variants?.[0];
        lcpImage = variant?.images?.[0]?.url ?? null;
      }
    } catch {
      // unknown product, bad query …: the client's action asks again and shows the error as usual
    }
  }
  return { calls, lcpImage };
}

/** A rule document without its editors' notes (what the actions read of it, smaller in every page). */
function withoutNotes(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withoutNotes);
  if (json === null || typeof json !== 'object') return json;
  return Object.fromEntries(Object.entries(json).filter(([k]) => k !== 'note' && k !== 'description').map(([k, v]) => [k, withoutNotes(v)]));
}

/** Builds the boot data of a shop page, or null when no screen answers the path (the client draws its 404). */
export async function bootDataFor(o: PageOptions): Promise<{ boot: BootData; components: string[]; lcpImage: string | null; validators: string[]; serverDrawn: boolean }> {
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
  let calls: Record<string, unknown> = {};
  let lcpImage: string | null = null;
  const validators: string[] = [];
  if (screen) {
    docs[`/ui/screens/${screen.id}`] = screen;
    const layoutId = screen.layout ?? 'main';
    if (layoutId !== 'none') {
      layout = o.ui.get('screen', layoutId)?.json ?? null;
      if (layout) docs[`/ui/screens/${layoutId}`] = layout;
    }
    if (match) ({ calls, lcpImage } = await firstData(o, screen, match.params, new URLSearchParams(o.search)));
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
    v: BOOT_DATA_VERSION, lang: o.lang, path, search: o.search, docs, calls,
    actionGroups: loadGroupsOf(screen ?? null, layout as ScreenJson | null),
  };
  const answered = !!screen && !!match && formsOf(screen).length === 0 && (screen.load ?? []).every((c) => SERVER_ANSWERED.has(c.action));
  // a screen that asks to be drawn before its data: drawn in the state it has before its load (the browser loads)
  const beforeData = !answered && !!screen && !!match && screen.firstView === 'beforeData';
  if (beforeData) boot.beforeData = true;
  return { boot, components: componentsOf(screen ?? null, layout), lcpImage, validators, serverDrawn: answered || beforeData };
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

const htmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** dist/index.html with the boot data block, the modulepreload links and the LCP image preload. */
export async function renderShopPage(indexHtml: string, o: PageOptions): Promise<string> {
  const { boot, components, lcpImage, validators, serverDrawn } = await bootDataFor(o);
  const base = o.assetsBase ?? '/assets/ecommerce/dist/';
  const head: string[] = [];
  const block = `<script type="application/json" id="${BOOT_DATA_ID}">${jsonForScript(boot)}</script>`;
  // the first view drawn on the server: its input is the boot data with only the query keys the screens read (a
  // campaign's or anyone's other parameters neither end up in links drawn for others nor make another drawing)
  let markup: string | null = null;
  if (serverDrawn && o.firstView) {
    const read = new URLSearchParams([...new URLSearchParams(boot.search)].filter(([k]) => SERVER_QUERY_KEYS.has(k))).toString();
    const drawn = read === boot.search ? boot : { ...boot, search: read };
    markup = await o.firstView.render(drawn, drawn === boot ? block : jsonForScript(drawn), o.consentCookie ?? '', boot.beforeData === true);
  }
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
  return html;
}
