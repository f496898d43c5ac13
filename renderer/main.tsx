/**
 * Boot: stores, token + manifest + messages in parallel (or from the page's boot data, renderer/boot-data.ts),
 * routes from the manifest, the first screen's load with the page's data, render.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createStores } from '../actions/stores';
import { ApiClient } from '../actions/api/client';
import { LazyActions } from '../actions/lazy-registry';
import { detectLanguage, stripLangSuffix } from '../actions/api/language';
import type { Messages } from '../actions/stores/i18n';
import { appRegistry } from './components';
import { RuntimeContext } from './context';
import { Outlet } from './Node';
import { buildRoutes, startFirstLoad, type Manifest, type RouteInfo } from './router';
import { readBootData } from './boot-data';
import { createRuntime } from './runtime';
import { readConsent } from '../actions/consent-cookies';
import { connectLiveUpdates } from './live';
import './runtime.css';

/** Lets the browser paint and handle input between the steps of the boot: no step is one long task with the next. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  const stores = createStores();
  const api = new ApiClient({ stores });

  // language: cookie or address suffix; the suffix is not part of any route
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

  // the first view that came with the page: documents and first data without a request
  const boot = readBootData(document, { lang, path: bare, search: location.search });
  const actions = new LazyActions();
  if (boot) {
    api.seed(boot);
    void actions.preload(boot.actionGroups).catch((e: unknown) => console.error('[boot] actions', e));
  }
  // API calls wait for the token themselves (ApiClient.call); with boot data nothing else waits for it
  const token = api.fetchToken().catch((e) => console.error('[boot] token', e));
  const [manifest, messages] = await Promise.all([
    api.getDocument<Manifest>('/ui/manifest'),
    api.getDocument<Messages>(`/ui/messages/${lang}`),
    boot ? null : token,
  ]);
  stores.session.setMessages(messages);

  const currentRoute: { current: RouteInfo } = { current: { path: location.pathname, params: {}, query: {} } };
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const runtime = createRuntime({
    stores,
    api,
    actions,
    components: appRegistry({ Outlet }),
    dev: import.meta.env.DEV,
    route: () => currentRoute.current,
    navigate: (to, opts) => {
      if (/^https?:\/\//.test(to)) window.location.assign(to);
      else void router?.navigate(to, { replace: opts?.replace ?? false });
    },
  });
  await yieldToBrowser();
  router = createBrowserRouter(buildRoutes(manifest, runtime, currentRoute));
  // development servers announce edited documents; the page redraws them without a reload
  const liveRouter = router;
  connectLiveUpdates({ api, session: stores.session, revalidate: () => liveRouter.revalidate() });

  const rootEl = document.getElementById('root')!;
  if (boot?.beforeData && rootEl.hasAttribute('inert')) {
    // drawn by the server before its data: hydrated in that state (the route's documents and forms, no load), and the
    // screen's load then runs as on any entry (LayoutRoute)
    await yieldToBrowser();
    await routerReady(router);
  } else if (boot) {
    await yieldToBrowser();
    await firstLoad(router, runtime, currentRoute, lang);
    // answers no call of the first view took (another page, a changed query) must not answer later calls
    setTimeout(() => api.dropSeededCalls(), 5000);
  }

  // a page drawn on the server (server/ui/ssr.ts, Preact's renderToString): hydrated, not drawn again: the same
  // components on the same data (the boot data, the cookie choice; nothing of the session is known yet) give the
  // same tree with the same useId ids, so the browser keeps the server's nodes (no new DOM, style or layout) and
  // only attaches the handlers. Then the page is live.
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <RuntimeContext.Provider value={runtime}>
        <RouterProvider router={router} />
      </RuntimeContext.Provider>
    </StrictMode>
  );
  const hydrating = rootEl.hasAttribute('inert');
  if (hydrating) hydrateRoot(rootEl, app);
  else createRoot(rootEl).render(app);
  rootEl.removeAttribute('inert');
  if (hydrating) announceFilledControls(rootEl);
}

/**
 * Form controls of the server's markup that the browser filled in before the page was live (autofill, its form
 * restoration on back or reload): hydration keeps those nodes but reads none of their values, so the form's state
 * would not hold what the shopper sees. Each is announced as typed (input and change), which the form's own
 * handlers, attached by now, take in.
 */
function announceFilledControls(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    const filled = el instanceof HTMLSelectElement ? [...el.options].some((o) => o.selected !== o.defaultSelected)
      : el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.checked !== el.defaultChecked
        : el.value !== el.defaultValue;
    if (!filled) continue;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Runs the first screen's load before the first render: its answers came with the page, so the first paint
 * already shows the data (no layout shift). Waits a moment at most; LayoutRoute does not run the same load again.
 */
async function firstLoad(router: ReturnType<typeof createBrowserRouter>, runtime: ReturnType<typeof createRuntime>, currentRoute: { current: RouteInfo }, lang: string): Promise<void> {
  await routerReady(router);
  const done = startFirstLoad(runtime, currentRoute, router.state, lang);
  if (done) await Promise.race([done, new Promise((r) => setTimeout(r, 300))]);
}

/** Waits until the router has loaded the first route (its screen documents, its forms and components). */
async function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return;
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => { if (state.initialized) { stop(); resolve(); } });
  });
}

boot().catch((e) => {
  console.error('[boot] failed', e);
  const root = document.getElementById('root');
  root?.removeAttribute('inert');
  if (root) root.innerHTML = '<p role="alert" style="padding:2rem;font-family:sans-serif">Došlo je do greške. Pokušaj ponovo. / An error occurred. Please try again.</p>';
});
