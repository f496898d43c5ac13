/**
 * The first view of a shop page rendered on the server (server/ui/ssr.ts, built into dist-ssr/ by vite.config.ts):
 * the same runtime as the browser boot (renderer/main.tsx) fed only by the page's boot data (documents and the
 * first answers of the screen's load), drawn by react-dom/server's renderToString (the markup is kept per boot data by
 * server/ui/ssr.ts and written into the page whole, so a stream would not bring the first byte sooner). The browser
 * hydrates it (renderer/main.tsx, hydrateRoot): the same tree with the same useId ids, so the page is painted before
 * the scripts run, nothing moves when they do, and its nodes are kept.
 *
 * Renders nothing (null) when the screen's load asks for anything the boot data does not hold (a session's cart, an
 * account): such a view depends on who is asking, and the browser draws it as before. A screen that asks to be drawn
 * before its data (`"firstView": "beforeData"` in its document) is drawn without its load: the same for everyone.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { enableStaticRendering } from 'mobx-react-lite';
import { createStores } from '../actions/stores';
import { ApiClient } from '../actions/api/client';
import { LazyActions } from '../actions/lazy-registry';
import type { Messages } from '../actions/stores/i18n';
import { appRegistry } from './components';
import { RuntimeContext } from './context';
import { Outlet } from './Node';
import { AppRoutes, buildRoutes, primeScreen, startFirstLoad, type Manifest, type RouteInfo } from './router';
import type { BootData } from '../schemas/types/api.common';
import { createRuntime } from './runtime';
import { readConsent } from '../actions/consent-cookies';
import { setValidatorModuleLoader, type ValidatorModuleLoader } from '../components/forms/rjsfValidator';

// observers render once and never subscribe on the server
enableStaticRendering(true);

/** Raised instead of a request: the server renders only what the boot data answers. */
class NotInBootData extends Error {}

export interface FirstViewOptions {
  /** Draw the screen before its data: its load is not started (the browser starts it once it has hydrated this
   *  markup), so the view is the screen's state before any answer, the same for everyone (boot.beforeData). */
  beforeData?: boolean;
  /** Answers a form's validator module address (/ui/forms/:id/validator.js?v=…) on the server, which compiled it. */
  validatorModule?: ValidatorModuleLoader;
}

/** `cookie`: the request's cookie choice (`b2c_consent=…`, or '') — the cookie banner shows only without one. */
export async function renderFirstView(boot: BootData, origin: string, cookie = '', opts: FirstViewOptions = {}): Promise<string | null> {
  // one loader for every drawing (the server passes the same function each time)
  if (opts.validatorModule) setValidatorModuleLoader(opts.validatorModule);
  let asked = false;
  const stores = createStores();
  const consent = readConsent({ cookie });
  if (consent) stores.ui.setConsent(consent);
  const api = new ApiClient({ stores, fetch: () => { asked = true; return Promise.reject(new NotInBootData()); } });
  stores.session.setLang(boot.lang === 'en' ? 'en' : 'sr');
  api.seed(boot);
  const manifest = boot.docs['/ui/manifest'] as Manifest | undefined;
  const messages = boot.docs[`/ui/messages/${boot.lang}`] as Messages | undefined;
  if (!manifest || !messages) return null;
  // the published version the page is drawn for (as the browser's boot does): its forms' validators are that version's
  api.setUiVersion(manifest.version);
  stores.session.setMessages(messages);
  const actions = new LazyActions();
  await actions.preload(boot.actionGroups);
  const url = new URL(boot.path + (boot.search ? `?${boot.search}` : ''), origin);
  const currentRoute: { current: RouteInfo } = { current: { path: url.pathname, params: {}, query: {} } };
  const runtime = createRuntime({
    stores, api, actions, components: appRegistry({ Outlet }), dev: false,
    route: () => currentRoute.current,
    // an address the load settles on (pdp.load's canonical colour) is the browser's to write
    navigate: () => undefined,
    log: () => undefined,
  });
  const routes = buildRoutes(manifest, runtime, currentRoute);
  try {
    await primeScreen(runtime, routes, url.pathname);
  } catch {
    return null;
  }
  if (asked) return null;
  if (!opts.beforeData) {
    await startFirstLoad(runtime, currentRoute, routes, url, boot.lang);
    if (asked) return null;
  }
  const html = renderToString(
    <RuntimeContext.Provider value={runtime}>
      <StaticRouter location={url.pathname + url.search}>
        <AppRoutes routes={routes} />
      </StaticRouter>
    </RuntimeContext.Provider>,
  );
  return asked ? null : html;
}
