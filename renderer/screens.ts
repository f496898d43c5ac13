/**
 * The screens of the manifest's routes (renderer/router.tsx draws them): their documents (and their layouts') loaded
 * once per runtime in a screen cache that React's `use` reads, the screen a path's route names, and the first screen's
 * load started with the answers that came with the page.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import type { Runtime } from './context';
import { componentNames } from './registry';
import type { ActionCall, UiNode } from './types';
import { storeScope } from '../actions/stores';

export interface Manifest {
  /** the published version of the set (documents served from the database, issue 29) */
  version?: number;
  versions?: Record<string, number>;
  routes: { route: string; screen: string }[];
  layouts?: string[];
}

export interface ScreenDoc {
  id: string;
  kind?: 'screen' | 'layout';
  route?: string;
  title?: unknown;
  layout?: string;
  load?: ActionCall[];
  body?: UiNode[];
}

export interface LoadedScreen { screen: ScreenDoc | null; layout: ScreenDoc | null }
export interface RouteInfo { path: string; params: Record<string, string | undefined>; query: Record<string, string> }

export const NOT_FOUND_ID = 'not-found';

export function screenExists(manifest: Manifest, id: string): boolean {
  if (manifest.routes.some((r) => r.screen === id)) return true;
  return manifest.versions ? `screens/${id}` in manifest.versions : false;
}

export async function loadScreen(rt: Runtime, id: string | null): Promise<LoadedScreen> {
  const screen = id ? await rt.api.getDocument<ScreenDoc>(`/ui/screens/${encodeURIComponent(id)}`) : null;
  const layoutId = screen?.layout ?? 'main';
  let layout: ScreenDoc | null = null;
  if (layoutId !== 'none') {
    try {
      layout = await rt.api.getDocument<ScreenDoc>(`/ui/screens/${encodeURIComponent(layoutId)}`);
    } catch (e) {
      console.error(`[router] layout "${layoutId}" failed to load`, e);
    }
  }
  // the action groups and lazy components the screen and its layout use load with them (no empty first frame
  // that pushes the page later), and the data a component needs before it can draw (e.g. a form's document:
  // `prefetch` of its module); the groups only their handlers use, once the shopper has interacted (runtime.ts)
  await Promise.all([
    rt.preloadActions?.([screen, layout], { defer: true }),
    rt.components.prefetch ? rt.components.prefetch([screen?.body, layout?.body], rt) : rt.components.preload?.(componentNames([screen, layout])),
  ]).catch((e: unknown) => console.error('[router] a chunk of the screen failed to load', e));
  return { screen, layout };
}

/** The key of a screen load: screen, route (path, params, query) and language (see Runtime.firstLoad). */
export function loadKey(screenId: string | undefined, route: RouteInfo, lang: string): string {
  return JSON.stringify([screenId ?? null, route.path, route.params, route.query, lang]);
}

/** A screen's documents as React's `use` reads them: a promise that says whether it has settled. */
type ScreenEntry = Promise<LoadedScreen> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: LoadedScreen; reason?: unknown };

const screenCaches = new WeakMap<Runtime, Map<string, ScreenEntry>>();

function cacheOf(rt: Runtime): Map<string, ScreenEntry> {
  let c = screenCaches.get(rt);
  if (!c) screenCaches.set(rt, (c = new Map()));
  return c;
}

function tracked(p: Promise<LoadedScreen>): ScreenEntry {
  const e = p as ScreenEntry;
  e.status = 'pending';
  e.then((v) => { e.status = 'fulfilled'; e.value = v; }, (err: unknown) => { e.status = 'rejected'; e.reason = err; });
  return e;
}

/** The screen's documents (and its layout's), loaded once per runtime; a failed load is tried again next time. */
export function screenEntry(rt: Runtime, id: string | null, notFound = false): ScreenEntry {
  const cache = cacheOf(rt);
  const key = `${notFound ? '!' : ''}${id ?? ''}`;
  let e = cache.get(key);
  if (!e || e.status === 'rejected') cache.set(key, (e = tracked(loadOf(rt, key))));
  return e;
}

/** The not-found page (key `!id`) without its document draws the built-in message. */
function loadOf(rt: Runtime, key: string): Promise<LoadedScreen> {
  const notFound = key.startsWith('!');
  const id = (notFound ? key.slice(1) : key) || null;
  // documents that have not come within the lazy-load limit fail (ApiClient.getDocument, actions/stores/timeouts.ts): the page
  // shows the load error with its retry (RouteErrors), and the next try loads them again (a rejected entry is forgotten)
  return notFound ? loadScreen(rt, id).catch((): LoadedScreen => ({ screen: null, layout: null })) : loadScreen(rt, id);
}

/** Forgets the screens the runtime has drawn (the studio's preview of edited documents). */
export function forgetScreens(rt: Runtime): void {
  cacheOf(rt).clear();
}

/** Loads the screen of `path` (its documents, action groups and components) before the first render. */
export async function primeScreen(rt: Runtime, routes: RouteObject[], path: string): Promise<LoadedScreen> {
  const h = handleOf(routes, path)?.handle;
  return screenEntry(rt, h ? h.screen : null, h ? h.notFound === true : true);
}

/**
 * Loads every screen the runtime has shown again (their documents were forgotten: a live update) and swaps them
 * in once all have come, so the redraw that follows (renderer/live.ts bumps its revision) finds them ready.
 */
export async function revalidateScreens(rt: Runtime): Promise<void> {
  const cache = cacheOf(rt);
  const fresh = [...cache.keys()].map((key) => [key, tracked(loadOf(rt, key))] as const);
  await Promise.allSettled(fresh.map(([, e]) => e));
  for (const [key, e] of fresh) cache.set(key, e);
}

/** The screen id the routes give a path (the not-found screen, or null, when no manifest route matches). */
interface ScreenHandle { screen: string | null; notFound?: boolean }

type HandleMatch = { handle: ScreenHandle; params: Record<string, string | undefined> } | null;
/** The last path matched per route table: the boot asks for the same path several times, and each react-router
 *  `matchRoutes` flattens and ranks the whole table again (tens of milliseconds on a slow phone). */
const lastMatch = new WeakMap<RouteObject[], { path: string; match: HandleMatch }>();
/** The table's routes without parameters by their exact path: such a route outranks every other route matching the
 *  same path (react-router ranks static segments first), so an exact hit needs no ranking of the whole table. */
const staticRoutes = new WeakMap<RouteObject[], Map<string, ScreenHandle>>();

function staticOf(routes: RouteObject[]): Map<string, ScreenHandle> {
  let map = staticRoutes.get(routes);
  if (!map) {
    map = new Map();
    const walk = (rs: RouteObject[]) => {
      for (const r of rs) {
        const h = r.handle as ScreenHandle | undefined;
        if (r.path && !/[:*]/.test(r.path) && h && 'screen' in h && !map!.has(r.path)) map!.set(r.path, h);
        if (r.children) walk(r.children);
      }
    };
    walk(routes);
    staticRoutes.set(routes, map);
  }
  return map;
}

function handleOf(routes: RouteObject[], path: string): HandleMatch {
  const last = lastMatch.get(routes);
  if (last?.path === path) return last.match;
  const exact = staticOf(routes).get(path);
  const match = exact ? { handle: exact, params: {} } : matchHandle(routes, path);
  lastMatch.set(routes, { path, match });
  return match;
}

function matchHandle(routes: RouteObject[], path: string): HandleMatch {
  const matches = matchRoutes(routes, path) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.route.handle as ScreenHandle | undefined;
    if (h && 'screen' in h) return { handle: h, params: matches[i]!.params };
  }
  return null;
}

/**
 * Starts the first screen's load with the answers that came with the page (the browser's boot and the server's
 * drawing of the first view alike): the route match of the path becomes the runtime's current route, its load key
 * is the one LayoutRoute then skips once, and the load is dispatched. Answers the dispatch, or null when the screen
 * loads nothing (or its documents are not loaded yet). `watchQuery`: the address's query as the load's actions see it
 * (the server's drawing learns which keys a screen reads: renderer/entry-server.tsx).
 */
export function startFirstLoad(
  runtime: Runtime, currentRoute: { current: RouteInfo }, routes: RouteObject[],
  location: { pathname: string; search: string }, lang: string,
  watchQuery: (query: Record<string, string>) => Record<string, string> = (q) => q,
): Promise<unknown> | null {
  const leaf = handleOf(routes, location.pathname);
  const screen = leaf ? screenEntry(runtime, leaf.handle.screen, leaf.handle.notFound === true).value?.screen : undefined;
  if (!leaf || !screen?.load?.length) return null;
  const route: RouteInfo = { path: location.pathname, params: { ...leaf.params }, query: watchQuery(Object.fromEntries(new URLSearchParams(location.search))) };
  currentRoute.current = route;
  runtime.firstLoad!.key = loadKey(screen.id, route, lang);
  return runtime.dispatch(screen.load, { ...storeScope(runtime.stores), route });
}
