/**
 * Router assembly from the manifest (react-router 7, declarative routes: `useRoutes` under a BrowserRouter in the
 * shop, a StaticRouter for the server's first view, a memory router in tests and the studio). Each manifest route
 * (and alias) draws its screen document and layout (fetched by the ApiClient, kept per runtime in a screen cache and
 * read with React's `use`: a navigation is a transition, so the page shown stays until the next screen's documents
 * have come, as a data router's loaders would do, without the data router's weight in the shop's first load). The
 * layout's `Outlet` node renders the index child route — the screen body. `*` draws the `not-found` screen when the
 * manifest has one, else a built-in localized message.
 */
import { Component, createContext, use, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { matchRoutes, Outlet as RouterOutlet, useLocation, useNavigationType, useParams, useRoutes, type RouteObject } from 'react-router';
import { observer } from 'mobx-react-lite';
import { ScopeContext, type Runtime, type Scope } from './context';
import { useRuntime, useStores, useT } from './hooks';
import { NodeList } from './Node';
import { componentNames } from './registry';
import { LoaderOverlay, ModalHost, ToastHost } from './hosts';
import { useLiveDataRevision, useLiveRevision } from './live';
import { resolveValue } from './resolve';
import { routeEntered } from './focus';
import type { ActionCall, UiNode } from './types';
import { storeScope } from '../actions/stores';
import { LoadFailed } from './load-error';

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
 * loads nothing (or its documents are not loaded yet).
 */
export function startFirstLoad(
  runtime: Runtime, currentRoute: { current: RouteInfo }, routes: RouteObject[],
  location: { pathname: string; search: string }, lang: string,
): Promise<unknown> | null {
  const leaf = handleOf(routes, location.pathname);
  const screen = leaf ? screenEntry(runtime, leaf.handle.screen, leaf.handle.notFound === true).value?.screen : undefined;
  if (!leaf || !screen?.load?.length) return null;
  const route: RouteInfo = { path: location.pathname, params: { ...leaf.params }, query: Object.fromEntries(new URLSearchParams(location.search)) };
  currentRoute.current = route;
  runtime.firstLoad!.key = loadKey(screen.id, route, lang);
  return runtime.dispatch(screen.load, { ...storeScope(runtime.stores), route });
}

export function buildRoutes(manifest: Manifest, rt: Runtime, currentRoute: { current: RouteInfo }): RouteObject[] {
  void rt;
  const children: RouteObject[] = [];
  const seen = new Set<string>();
  const page: RouteObject[] = [{ index: true, element: <ScreenBody /> }];
  for (const r of manifest.routes) {
    if (seen.has(r.route)) continue;
    seen.add(r.route);
    children.push({ path: r.route, handle: { screen: r.screen }, element: <ScreenRoute id={r.screen} currentRoute={currentRoute} />, children: page });
  }
  const notFoundId = screenExists(manifest, NOT_FOUND_ID) ? NOT_FOUND_ID : null;
  // a pathless layout route around a splat child: index children do not match under a splat parent
  children.push({
    handle: { screen: notFoundId, notFound: true },
    element: <ScreenRoute id={notFoundId} currentRoute={currentRoute} notFound />,
    children: [{ path: '*', element: <ScreenBody /> }],
  });
  // no Suspense boundary here: a screen (or a lazy component) that suspends keeps the page shown until it is ready, as
  // a data router's pending navigation did (a boundary would blank the page meanwhile)
  return [{ id: 'root', element: <RouteErrors><RouterOutlet /></RouteErrors>, children }];
}

/** The routes drawn where the router is (BrowserRouter, StaticRouter or MemoryRouter around it). */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** A screen's route: its documents (read through the screen cache) drawn by the layout. */
function ScreenRoute({ id, currentRoute, notFound }: { id: string | null; currentRoute: { current: RouteInfo }; notFound?: boolean }) {
  const rt = useRuntime();
  // a live update swaps fresh documents into the cache (revalidateScreens) and then bumps this revision
  useLiveRevision();
  const loaded = use(screenEntry(rt, id, notFound) as Promise<LoadedScreen>);
  return <LayoutRoute loaded={loaded} currentRoute={currentRoute} />;
}

/** A screen whose documents could not be loaded: the localized message (a later navigation tries again). */
class RouteErrors extends Component<{ children: ReactNode }, { failed: string | null }> {
  override state = { failed: null as string | null };
  static getDerivedStateFromError(): { failed: string } {
    return { failed: typeof location === 'undefined' ? '' : location.pathname };
  }
  override componentDidCatch(err: unknown): void {
    console.error('[router] a screen failed to load', err);
  }
  override render(): ReactNode {
    if (this.state.failed !== null) return <RetryOnNavigation at={this.state.failed} reset={() => this.setState({ failed: null })} />;
    return this.props.children;
  }
}

function RetryOnNavigation({ at, reset }: { at: string; reset: () => void }) {
  const { pathname } = useLocation();
  useEffect(() => { if (pathname !== at) reset(); }, [pathname, at, reset]);
  return <div className="sdui-page-error"><LoadFailed retry={reset} /></div>;
}

export function NotFoundBuiltin() {
  const t = useT();
  return (
    <div className="sdui-not-found">
      <h1>{t('error.notFound.title')}</h1>
      <p>{t('error.notFound.text')}</p>
      <a href="/">{t('error.notFound.home')}</a>
    </div>
  );
}

function useRouteInfo(): RouteInfo {
  const location = useLocation();
  const params = useParams();
  const key = JSON.stringify(params);
  return useMemo(
    () => ({ path: location.pathname, params: { ...params }, query: Object.fromEntries(new URLSearchParams(location.search)) }),
    // params is a new object each render; its JSON is the identity
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.pathname, location.search, key],
  );
}

const ScreenDocContext = createContext<ScreenDoc | null>(null);

function containsComponent(nodes: UiNode[] | undefined, name: string): boolean {
  return (nodes ?? []).some((n) => n.component === name || containsComponent(n.children, name));
}

/** Draws the layout (or the bare page), provides the scope, runs load actions, sets document.title. */
const LayoutRoute = observer(function LayoutRoute({ loaded, currentRoute }: { loaded: LoadedScreen; currentRoute: { current: RouteInfo } }) {
  const { screen, layout } = loaded;
  const rt = useRuntime();
  const stores = useStores();
  const t = useT();
  const route = useRouteInfo();
  currentRoute.current = route;
  const lang = stores.session.lang;

  const scope: Scope = useMemo(
    () => ({ ...storeScope(stores), route }),
    [stores, route],
  );

  useEffect(() => {
    const title = screen?.title !== undefined ? resolveValue(screen.title, scope, t) : t('error.notFound.title');
    // a list's later pages (/page/{n}, n from 1) get their own title (seed 001 §2)
    const page = Number(route.params.page);
    const paged = Number.isInteger(page) && page > 1 ? ` — ${t('plp.pager.page', { page })}` : '';
    if (typeof title === 'string' && title) document.title = title + paged;
  }, [screen, scope, t, route.params.page]);

  // screen load actions: on enter and whenever the params/query (or the language) change, and after a live
  // update of a document the server answers from (a checkout flow, renderer/live.ts)
  const dataRevision = useLiveDataRevision();
  useEffect(() => {
    // the boot already ran this load with the data that came with the page
    const first = rt.firstLoad?.key;
    if (first) {
      rt.firstLoad!.key = null;
      if (first === loadKey(screen?.id, route, lang)) return;
    }
    if (screen?.load?.length) void rt.dispatch(screen.load, scope);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screen?.id, route, lang, dataRevision]);

  // layout load actions: when the layout (or the language) changes
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  useEffect(() => {
    if (layout?.load?.length) void rt.dispatch(layout.load, scopeRef.current);
  }, [rt, layout?.id, lang]);

  // A new page starts at its top, with focus on its heading and its title announced (renderer/focus.ts). An address
  // replaced on the same screen only records what the page shows (the device page's chosen tariff, a list's "load
  // more" page): the shopper stays where they are, with focus where it is.
  const navigationType = useNavigationType();
  const lastPath = useRef(route.path);
  const lastScreen = useRef(screen?.id);
  useEffect(() => {
    const samePage = navigationType === 'REPLACE' && lastScreen.current === screen?.id;
    if (lastPath.current !== route.path && !samePage && typeof window.scrollTo === 'function') window.scrollTo(0, 0);
    routeEntered(route.path, () => t('a11y.pageLoaded', { title: document.title }), samePage);
    lastPath.current = route.path;
    lastScreen.current = screen?.id;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route.path]);

  // the layout may draw its own toast stack / page loader (vocabulary components); else the runtime's hosts do
  const ownToasts = containsComponent(layout?.body, 'Toasts') && rt.components.has('Toasts');
  const ownLoader = containsComponent(layout?.body, 'PageLoader') && rt.components.has('PageLoader');
  return (
    <ScopeContext.Provider value={scope}>
      <ScreenDocContext.Provider value={screen}>
        {layout ? <NodeList nodes={layout.body} /> : <RouterOutlet />}
        <ModalHost />
        {ownToasts ? null : <ToastHost />}
        {ownLoader ? null : <LoaderOverlay />}
      </ScreenDocContext.Provider>
    </ScopeContext.Provider>
  );
});

/** The page: the screen's body nodes, or the built-in 404 when there is no screen; remounted by live updates. */
function ScreenBody() {
  const screen = useContext(ScreenDocContext);
  // a live update of the documents (renderer/live.ts) remounts the body: its forms fetch their document again
  const revision = useLiveRevision();
  if (!screen) return <NotFoundBuiltin />;
  return <NodeList key={`${screen.id}@${revision}`} nodes={screen.body} />;
}
