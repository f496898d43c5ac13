/** Boot: stores, token + manifest + messages in parallel, routes from the manifest, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createStores } from '../actions/stores';
import { ApiClient } from '../actions/api/client';
import { collectActions } from '../actions/registry';
import { detectLanguage, stripLangSuffix } from '../actions/api/language';
import type { Messages } from '../actions/stores/i18n';
import { appRegistry } from './components';
import { RuntimeContext } from './context';
import { Outlet } from './Node';
import { buildRoutes, type Manifest, type RouteInfo } from './router';
import { createRuntime } from './runtime';
import { connectLiveUpdates } from './live';
import './runtime.css';

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
  window.addEventListener('resize', () => stores.ui.setViewportWidth(window.innerWidth));

  const [, manifest, messages] = await Promise.all([
    api.fetchToken().catch((e) => console.error('[boot] token', e)),
    api.getDocument<Manifest>('/ui/manifest'),
    api.getDocument<Messages>(`/ui/messages/${lang}`),
  ]);
  stores.session.setMessages(messages);

  const currentRoute: { current: RouteInfo } = { current: { path: location.pathname, params: {}, query: {} } };
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const runtime = createRuntime({
    stores,
    api,
    actions: collectActions(),
    components: appRegistry({ Outlet }),
    dev: import.meta.env.DEV,
    route: () => currentRoute.current,
    navigate: (to, opts) => {
      if (/^https?:\/\//.test(to)) window.location.assign(to);
      else void router?.navigate(to, { replace: opts?.replace ?? false });
    },
  });
  router = createBrowserRouter(buildRoutes(manifest, runtime, currentRoute));
  // development servers announce edited documents; the page redraws them without a reload
  const liveRouter = router;
  connectLiveUpdates({ api, session: stores.session, revalidate: () => liveRouter.revalidate() });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RuntimeContext.Provider value={runtime}>
        <RouterProvider router={router} />
      </RuntimeContext.Provider>
    </StrictMode>,
  );
}

boot().catch((e) => {
  console.error('[boot] failed', e);
  const root = document.getElementById('root');
  if (root) root.innerHTML = '<p role="alert" style="padding:2rem;font-family:sans-serif">Došlo je do greške. Pokušaj ponovo. / An error occurred. Please try again.</p>';
});
