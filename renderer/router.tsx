/**
 * Router assembly from the manifest (react-router 7, declarative routes: `useRoutes` under a BrowserRouter in the
 * shop, a StaticRouter for the server's first view, a memory router in tests and the studio). Each manifest route
 * (and alias) draws its screen document and layout (fetched by the ApiClient, kept per runtime in the screen cache of
 * ./screens.ts and read with React's `use`: a navigation is a transition, so the page shown stays until the next
 * screen's documents have come, as a data router's loaders would do, without the data router's weight in the shop's
 * first load). The layout's `Outlet` node renders the index child route — the screen body. `*` draws the `not-found`
 * screen when the manifest has one, else a built-in localized message.
 */
import { Component, createContext, use, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Outlet as RouterOutlet, useLocation, useNavigationType, useParams, useRoutes, type RouteObject } from 'react-router';
import { observer } from 'mobx-react-lite';
import { ScopeContext, type Runtime, type Scope } from './context';
import { useRuntime, useStores, useT } from './hooks';
import { NodeList } from './Node';
import { LoaderOverlay, ModalHost, ToastHost } from './hosts';
import { useLiveDataRevision, useLiveRevision } from './live';
import { resolveValue } from './resolve';
import { routeEntered } from './focus';
import type { UiNode } from './types';
import { storeScope } from '../actions/stores';
import { LoadFailed } from './load-error';
import { loadKey, NOT_FOUND_ID, screenEntry, screenExists, type LoadedScreen, type Manifest, type RouteInfo, type ScreenDoc } from './screens';

export {
  forgetScreens, loadKey, loadScreen, NOT_FOUND_ID, primeScreen, revalidateScreens, screenEntry, screenExists, startFirstLoad,
  type LoadedScreen, type Manifest, type RouteInfo, type ScreenDoc,
} from './screens';

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: params is a new object on each render and its JSON (key) is its identity: listing params would make a new route on every draw, and with it a new scope and the screen's load actions run again
  return useMemo(
    () => ({ path: location.pathname, params: { ...params }, query: Object.fromEntries(new URLSearchParams(location.search)) }),
    // params is a new object each render; its JSON is the identity
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on entering a screen and when the route, the language or a server-side document (dataRevision, not read) change; rt is the runtime of the page's whole life and scope follows route; listing screen.load would run the loads again whenever a live update swaps in a fresh document of the same screen, which dataRevision decides
  useEffect(() => {
    // the boot already ran this load with the data that came with the page
    const first = rt.firstLoad?.key;
    if (first) {
      rt.firstLoad!.key = null;
      if (first === loadKey(screen?.id, route, lang)) return;
    }
    if (screen?.load?.length) void rt.dispatch(screen.load, scope);
  }, [screen?.id, route, lang, dataRevision]);

  // layout load actions: when the layout (or the language) changes
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the layout's id and the language (not read here: the loads fetch in it): listing layout.load would run the layout's loads again whenever a live update swaps in a fresh layout document with the same id
  useEffect(() => {
    if (layout?.load?.length) void rt.dispatch(layout.load, scopeRef.current);
  }, [rt, layout?.id, lang]);

  // A new page starts at its top, with focus on its heading and its title announced (renderer/focus.ts). An address
  // replaced on the same screen only records what the page shows (the device page's chosen tariff, a list's "load
  // more" page): the shopper stays where they are, with focus where it is.
  const navigationType = useNavigationType();
  const lastPath = useRef(route.path);
  const lastScreen = useRef(screen?.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path only: navigationType, screen?.id and t are read as they are then; listing t would scroll to the top and announce a page load on a language switch, and listing navigationType or screen?.id would run it again for a change that keeps the path
  useEffect(() => {
    const samePage = navigationType === 'REPLACE' && lastScreen.current === screen?.id;
    if (lastPath.current !== route.path && !samePage && typeof window.scrollTo === 'function') window.scrollTo(0, 0);
    routeEntered(route.path, () => t('a11y.pageLoaded', { title: document.title }), samePage);
    lastPath.current = route.path;
    lastScreen.current = screen?.id;
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
