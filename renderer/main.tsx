/**
 * Boot: stores, token + manifest + messages in parallel (or from the page's boot data, renderer/boot-data.ts),
 * routes from the manifest, the first screen's load with the page's data, render.
 */
import { StrictMode, startTransition, useEffect, useRef, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate, type NavigateFunction, type RouteObject } from 'react-router';
import { createStoresInSteps, type Stores } from '../actions/stores';
import { ApiClient } from '../actions/api/client';
import { LazyActions } from '../actions/lazy-registry';
import { detectLanguage, stripLangSuffix } from '../actions/api/language';
import type { Messages } from '../actions/stores/i18n';
import { appRegistry } from './components';
import { RuntimeContext } from './context';
import { Outlet } from './Node';
import { AppRoutes, buildRoutes, primeScreen, revalidateScreens, startFirstLoad, type Manifest, type RouteInfo } from './router';
import { readBootData } from './boot-data';
import { createRuntime } from './runtime';
import { readConsent } from '../actions/consent-cookies';
import { connectLiveUpdates, followPublishedVersions } from './live';
import type { EarlyClicks } from './early-clicks';
import { replayEarlyClicks } from './replay-clicks';
import './runtime.css';

// (renderer/early-clicks.ts's names, written out: a value imported from it would be a chunk shared with the loader)
/** The root's attribute while it holds the server's markup not yet hydrated (server/ui/page.ts). */
const SERVER_DRAWN = 'data-server-drawn';
const EARLY_CLICKS = '__shopEarlyClicks';

/** Lets the browser paint and handle input between the steps of the boot: no step is one long task with the next.
 *  `scheduler.yield()` where the browser has it (the boot continues before other queued work, and a chain of them is
 *  not clamped to 4 ms as nested timers are), else a timer. */
const yieldToBrowser = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof s?.yield === 'function' ? s.yield() : new Promise<void>((resolve) => setTimeout(resolve, 0));
};

type Runtime = ReturnType<typeof createRuntime>;

/** The language (cookie or address suffix; the suffix is not part of any route, so it leaves the address), the
 *  viewport's width and the cookie choice, in the stores. Answers the language and the bare path. */
function startSession(stores: Stores): { lang: ReturnType<typeof detectLanguage>; bare: string } {
  const lang = detectLanguage(document, location.pathname, location.search);
  const bare = stripLangSuffix(location.pathname);
  if (bare !== location.pathname) history.replaceState(history.state, '', bare + location.search + location.hash);
  stores.session.setLang(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'sr-Latn';

  stores.ui.setViewportWidth(window.innerWidth);
  // the cookie choice before the first render, as the server drew it (no banner over a page for a shopper who chose)
  const consent = readConsent(document);
  if (consent) stores.ui.setConsent(consent);
  window.addEventListener('resize', () => stores.ui.setViewportWidth(window.innerWidth));
  return { lang, bare };
}

/** The page's boot data (seeded into the API client), the actions, and the manifest and messages (in the stores). */
async function loadDocuments(api: ApiClient, stores: Stores, lang: ReturnType<typeof detectLanguage>, bare: string) {
  // the first view that came with the page: documents and first data without a request
  const bootData = readBootData(document, { lang, path: bare, search: location.search });
  const actions = new LazyActions();
  if (bootData) {
    api.seed(bootData);
    void actions.preload(bootData.actionGroups).catch((e: unknown) => console.error('[boot] actions', e));
  }
  // API calls wait for the token themselves (ApiClient.call); with boot data nothing else waits for it
  const token = api.fetchToken().catch((e) => console.error('[boot] token', e));
  const [manifest, messages] = await Promise.all([
    api.getDocument<Manifest>('/ui/manifest'),
    api.getDocument<Messages>(`/ui/messages/${lang}`),
    bootData ? null : token,
  ]);
  stores.session.setMessages(messages);
  // documents of the manifest's published version from now on (a page never mixes versions across a publish)
  api.setUiVersion(manifest.version);
  return { bootData, actions, manifest };
}

/** The runtime of the shop (navigation through the router once drawn), with the handlers' action groups loading at
 *  the shopper's first sign of interacting (before the click itself). */
function startRuntime(stores: Stores, api: ApiClient, actions: LazyActions, currentRoute: { current: RouteInfo }): Runtime {
  const runtime = createRuntime({
    stores,
    api,
    actions,
    components: appRegistry({ Outlet }),
    dev: import.meta.env.DEV,
    deferHandlers: true,
    route: () => currentRoute.current,
    currentPath: () => window.location.pathname,
    navigate: (to, opts) => {
      if (/^https?:\/\//.test(to)) window.location.assign(to);
      else navigateTo(to, { replace: opts?.replace ?? false });
    },
  });
  const interactions = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
  const interacted = () => {
    for (const t of interactions) document.removeEventListener(t, interacted, true);
    runtime.interacted?.();
  };
  for (const t of interactions) document.addEventListener(t, interacted, { capture: true, passive: true });
  return runtime;
}

/** Edited or published documents reach the open page (it redraws them without a reload). */
function followDocuments(api: ApiClient, stores: Stores, runtime: Runtime, manifest: Manifest): void {
  // development servers announce edited documents
  connectLiveUpdates({ api, session: stores.session, revalidate: () => revalidateScreens(runtime) });
  // production on published versions (the manifest names one): a publish reaches open pages by a look at the manifest
  if (typeof manifest.version === 'number') followPublishedVersions({ api, session: stores.session, revalidate: () => revalidateScreens(runtime) }, manifest.version);
}

/** The first screen made ready before the first render; answers whether its state is the one the server drew (its
 *  load finished): only then is the markup hydrated. */
async function prepareFirstScreen(rootEl: HTMLElement, bootData: ReturnType<typeof readBootData>, api: ApiClient, runtime: Runtime, routes: RouteObject[], currentRoute: { current: RouteInfo }, lang: string): Promise<boolean> {
  if (bootData?.beforeData && rootEl.hasAttribute(SERVER_DRAWN)) {
    // drawn by the server before its data: hydrated in that state (the route's documents and forms, no load), and the
    // screen's load then runs as on any entry (LayoutRoute)
    await yieldToBrowser();
    await screenReady(runtime, routes);
  } else if (bootData) {
    await yieldToBrowser();
    const sameState = await firstLoad(routes, runtime, currentRoute, lang, rootEl.hasAttribute(SERVER_DRAWN));
    // answers no call of the first view took (another page, a changed query) must not answer later calls
    setTimeout(() => api.dropSeededCalls(), 5000);
    return sameState;
  }
  return true;
}

async function boot(): Promise<void> {
  // the modules' own evaluation was one task; the stores are made in the next ones
  await yieldToBrowser();
  const stores = await createStoresInSteps(yieldToBrowser);
  const api = new ApiClient({ stores });
  await yieldToBrowser();
  const { lang, bare } = startSession(stores);
  const { bootData, actions, manifest } = await loadDocuments(api, stores, lang, bare);
  const currentRoute: { current: RouteInfo } = { current: { path: location.pathname, params: {}, query: {} } };
  const runtime = startRuntime(stores, api, actions, currentRoute);
  await yieldToBrowser();
  const routes = buildRoutes(manifest, runtime, currentRoute);
  followDocuments(api, stores, runtime, manifest);
  const rootEl = document.getElementById('root')!;
  const sameState = await prepareFirstScreen(rootEl, bootData, api, runtime, routes, currentRoute, lang);

  // a page drawn on the server (server/ui/ssr.ts, react-dom/server): hydrated, not drawn again: the same components
  // on the same data (the boot data, the cookie choice; nothing of the session is known yet) give the same tree with
  // the same useId ids, so the browser keeps the server's nodes (no new DOM, style or layout) and only attaches the
  // handlers. Hydration is concurrent: what the shopper does before it has committed (fields filled in, selects
  // chosen, buttons clicked: renderer/loader.ts) is taken in then (AfterHydration), the clicks in their order. Then
  // the page is live.
  await yieldToBrowser();
  // a first load that has not finished (a chunk that did not come) would hydrate other state than the server drew:
  // React would find other text, throw the markup away and draw the root again, losing focus; the browser draws it
  if (!sameState) rootEl.removeAttribute(SERVER_DRAWN);
  const tree = (
    <RuntimeContext.Provider value={runtime}>
      <BrowserRouter>
        <NavigateBridge />
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </RuntimeContext.Provider>
  );
  const early = (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS];
  if (!rootEl.hasAttribute(SERVER_DRAWN)) {
    early?.stop();
    createRoot(rootEl).render(<StrictMode>{tree}</StrictMode>);
    return;
  }
  hydrate(rootEl, tree, early, runtime);
}

/** Hydrates the server's markup, then takes in what the shopper did before (selects chosen, fields filled, clicks). */
function hydrate(rootEl: HTMLElement, tree: ReactNode, early: EarlyClicks | undefined, runtime: Runtime): void {
  const drawn = rootEl.innerHTML;
  // in a transition: React hydrates in slices of a few milliseconds and gives the main thread back between them
  // (a plain hydrateRoot is one long task of the whole page: Lighthouse's total blocking time). A click on a button
  // meanwhile is kept by the loader with the earlier ones (renderer/early-clicks.ts), so they are handled in order.
  startTransition(() => { hydrateRoot(rootEl, (
    <StrictMode>
      <AfterHydration done={() => {
        rootEl.removeAttribute(SERVER_DRAWN);
        // a select chosen before now: its choice back (React's first render may have drawn the old one again)
        for (const [select, value] of early?.takeChoices() ?? []) if (select.isConnected) select.value = value;
        announceFilledControls(rootEl);
        // the clicks after what was typed has reached the stores: a form reports a change once React has committed
        // it (RJSF's setState callback), which happens after this effect, so a button clicked at once (a search
        // reading the form's data) would act on the empty form the server drew. Each click's actions finish before
        // the next click, as when the shopper saw the first one's result (CLICK_REPLAY_WAIT_MS at most each)
        if (!early) return;
        const first = early.take();
        setTimeout(() => { void replayEarlyClicks(early, first, () => settled(runtime)); }, 0);
      }}>
        {tree}
      </AfterHydration>
    </StrictMode>
  ), { onRecoverableError: (err, info) => reportMismatch(err, info.componentStack, drawn, rootEl) }); });
}

/** How long a replayed early click's actions are waited for before the next click is replayed. */
const CLICK_REPLAY_WAIT_MS = 10_000;

/** A replayed click's actions finished, or CLICK_REPLAY_WAIT_MS passed. */
async function settled(runtime: ReturnType<typeof createRuntime>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([runtime.idle?.(), new Promise<void>((r) => { timer = setTimeout(r, CLICK_REPLAY_WAIT_MS); })]);
  clearTimeout(timer);
}

/**
 * A hydration React could not finish (the browser's tree differed from the server's markup: React draws the part
 * again): reported with where the markup first differs, so the cause can be found from a log line.
 */
function reportMismatch(err: unknown, componentStack: string | undefined, drawn: string, root: HTMLElement): void {
  setTimeout(() => {
    const now = root.innerHTML;
    let i = 0;
    while (i < drawn.length && drawn[i] === now[i]) i++;
    console.error('[hydrate] the page was drawn again', location.pathname, err, (componentStack ?? '').slice(0, 400),
      `\nserver: …${drawn.slice(Math.max(0, i - 120), i + 120)}…\nbrowser: …${now.slice(Math.max(0, i - 120), i + 120)}…`);
  }, 0);
}

/** Calls `done` once, when the tree it wraps has been committed (its effects run after every child's). */
function AfterHydration({ done, children }: { done: () => void; children: ReactNode }) {
  const called = useRef(false);
  useEffect(() => {
    if (called.current) return;
    called.current = true;
    done();
  }, [done]);
  return children;
}

/**
 * Form controls of the server's markup that the browser or the shopper filled in before the page was live (typing,
 * autofill, its form restoration on back or reload): hydration keeps those nodes and their values, but React reads
 * none of them (it takes what the node holds as what it last saw, so no change event would follow). Each is given to
 * the form as typed: the node is set back to the value React drew (through its own setter, so React notes it), the
 * shopper's value written past that setter, and the event React listens to dispatched: the form's handler takes it
 * (and validates it) as any keystroke.
 */
function announceFilledControls(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (el instanceof HTMLSelectElement) {
      if ([...el.options].some((o) => o.selected !== o.defaultSelected)) el.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      // (a radio the shopper left is unchecked by the one chosen)
      if (el.checked === el.defaultChecked || (el.type === 'radio' && !el.checked)) continue;
      // React takes a checkbox's change from its click: back to the drawn state, then clicked as the shopper did
      el.checked = el.defaultChecked;
      el.click();
    } else if (el.value !== el.defaultValue) {
      const typed = el.value;
      el.value = el.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, typed);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

/**
 * Runs the first screen's load before the first render: its answers came with the page, so the first paint
 * already shows the data (no layout shift); LayoutRoute does not run the same load again. A page the browser draws
 * itself waits a moment at most. A page the server drew waits for the load to finish, whatever the machine's speed:
 * the server drew the finished load, and hydration must find the same state in the stores (the page is painted
 * meanwhile; clicks are kept and replayed). Answers whether the load finished (a load that never settles is given
 * FIRST_LOAD_LIMIT_MS).
 */
async function firstLoad(routes: RouteObject[], runtime: ReturnType<typeof createRuntime>, currentRoute: { current: RouteInfo }, lang: string, serverDrawn: boolean): Promise<boolean> {
  await screenReady(runtime, routes);
  const done = startFirstLoad(runtime, currentRoute, routes, location, lang);
  if (!done) return true;
  const settled = done.then(() => true, () => true);
  return Promise.race([settled, new Promise<boolean>((r) => setTimeout(() => r(false), serverDrawn ? FIRST_LOAD_LIMIT_MS : 300))]);
}

/** How long a server-drawn page waits for its first load before the browser draws the page itself. */
const FIRST_LOAD_LIMIT_MS = 10_000;

/** Waits until the first route's screen is loaded (its documents, forms and components): the first render draws it. */
async function screenReady(runtime: ReturnType<typeof createRuntime>, routes: RouteObject[]): Promise<void> {
  await primeScreen(runtime, routes, location.pathname).catch((e: unknown) => console.error('[boot] screen', e));
}

/** The router's navigate, once the router is drawn; a navigation asked before (a first load settling on its
 *  canonical address) waits for it. */
let navigator: NavigateFunction | null = null;
const waiting: Array<[string, { replace: boolean }]> = [];
function navigateTo(to: string, opts: { replace: boolean }): void {
  if (navigator) void navigator(to, opts);
  else waiting.push([to, opts]);
}

function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigator = navigate;
    for (const [to, opts] of waiting.splice(0)) void navigate(to, opts);
  }, [navigate]);
  return null;
}

boot().catch((e) => {
  console.error('[boot] failed', e);
  const root = document.getElementById('root');
  root?.removeAttribute(SERVER_DRAWN);
  if (root) root.innerHTML = '<p role="alert" style="padding:2rem;font-family:sans-serif">Došlo je do greške. Pokušaj ponovo. / An error occurred. Please try again.</p>';
});
