/**
 * The first view of a shop page rendered on the server (server/ui/ssr.ts, built into dist-ssr/ by vite.config.ts):
 * the same runtime as the browser boot (renderer/main.tsx), which runs the screen's own declared load — the same
 * actions as in the browser — over an API client that asks the shop's API in process for shared answers only
 * (`SharedFetch`: what any shopper would get), drawn by react-dom/server's renderToString. The answers its load took
 * travel with the page (`BootData.calls`, keyed by the call as the browser's load asks it), so nothing of what a screen
 * loads is written twice. The browser hydrates the markup (renderer/main.tsx, hydrateRoot): the same tree with the
 * same useId ids, so the page is painted before the scripts run, nothing moves when they do, and its nodes are kept.
 *
 * Draws nothing (html null) when the screen's load asks for anything not shared (a session's cart, an account): such a
 * view depends on who is asking, and the browser draws it. A screen that asks to be drawn before its data
 * (`"firstView": "beforeData"` in its document) is drawn without its load: the same for everyone.
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
import type { FirstView, FirstViewCall, SharedFetch } from '../core/boot-data';
import { createRuntime } from './runtime';
import { readConsent } from '../actions/consent-cookies';
import { setValidatorModuleLoader, type ValidatorModuleLoader } from '../components/forms/rjsfValidator';

// observers render once and never subscribe on the server
enableStaticRendering(true);

/** Raised instead of a request that is not a shared GET: the server draws only what is the same for everyone. */
class NotShared extends Error {}

export interface FirstViewOptions {
  /** Draw the screen before its data: its load is not started (the browser starts it once it has hydrated this
   *  markup), so the view is the screen's state before any answer, the same for everyone (boot.beforeData). */
  beforeData?: boolean;
  /** Answers a form's validator module address (/ui/forms/:id/validator.js?v=…) on the server, which compiled it. */
  validatorModule?: ValidatorModuleLoader;
  /** The shop's API in process, shared answers only (none: every request is refused and only what the boot data
   *  brings is drawn). */
  fetchShared?: SharedFetch;
}

/** The address's query keys the screen's documents bind (`/route/query/<key>` in a value or condition). */
function boundQueryKeys(docs: unknown[]): string[] {
  return [...JSON.stringify(docs).matchAll(/\/route\/query\/([^/"\\]+)/g)].map((m) => m[1]!);
}

/** The query as the load's actions see it, noting each key they read (reading them all — a spread, a key list — is `*`). */
function watched(query: Record<string, string>, read: Set<string>): Record<string, string> {
  return new Proxy(query, {
    get(target, key, receiver) { if (typeof key === 'string') read.add(key); return Reflect.get(target, key, receiver) as unknown; },
    has(target, key) { if (typeof key === 'string') read.add(key); return Reflect.has(target, key); },
    ownKeys(target) { read.add('*'); return Reflect.ownKeys(target); },
  });
}

/** A fetch over the shop's API in process: shared GET answers only; anything else is refused and noted. */
function sharedOnly(fetchShared: SharedFetch | undefined, refused: (url: string) => void, seen: Map<string, Pick<FirstViewCall, 'etag' | 'headers'>>): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const answer = fetchShared && method === 'GET' ? await fetchShared(url, headers) : null;
    if (!answer) { refused(url); throw new NotShared(url); }
    seen.set(url, { etag: answer.etag, headers });
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers: { 'content-type': answer.contentType } });
  };
}

/** `cookie`: the request's cookie choice (`b2c_consent=…`, or '') — the cookie banner shows only without one. */
export async function renderFirstView(boot: BootData, origin: string, cookie = '', opts: FirstViewOptions = {}): Promise<FirstView> {
  // one loader for every drawing (the server passes the same function each time)
  if (opts.validatorModule) setValidatorModuleLoader(opts.validatorModule);
  let asked = false;
  let refused: string | null = null;
  const calls: FirstViewCall[] = [];
  const docs: Record<string, unknown> = {};
  const seen = new Map<string, Pick<FirstViewCall, 'etag' | 'headers'>>();
  const read = new Set<string>();
  const stores = createStores();
  const consent = readConsent({ cookie });
  if (consent) stores.ui.setConsent(consent);
  const api = new ApiClient({
    stores,
    fetch: sharedOnly(opts.fetchShared, (u) => { asked = true; refused ??= u.split('?')[0]!; }, seen),
    // what the load took, with the headers it went with: the server asks again with them to revalidate the drawing
    onAnswer: ({ key, url, body }) => calls.push({ key, url, headers: seen.get(url)?.headers ?? {}, etag: seen.get(url)?.etag ?? null, body }),
    // a document the load reads that the boot data did not bring (a rule document): the page brings it too
    onDocument: (path, body) => { docs[path] = body; },
  });
  const none = (): FirstView => ({ html: null, calls, docs, queryKeys: read.has('*') ? null : [...read].sort(), refused });
  stores.session.setLang(boot.lang === 'en' ? 'en' : 'sr');
  api.seed(boot);
  const manifest = boot.docs['/ui/manifest'] as Manifest | undefined;
  const messages = boot.docs[`/ui/messages/${boot.lang}`] as Messages | undefined;
  if (!manifest || !messages) return none();
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
    const screen = await primeScreen(runtime, routes, url.pathname);
    for (const k of boundQueryKeys([screen.screen, screen.layout])) read.add(k);
  } catch {
    return none();
  }
  if (asked) return none();
  if (!opts.beforeData) {
    await startFirstLoad(runtime, currentRoute, routes, url, boot.lang, (q) => watched(q, read));
    // what the load started without waiting for it (the phone's gift) is drawn too: the browser has it before hydrating
    await api.settled();
    if (asked) return none();
  }
  const html = renderToString(
    <RuntimeContext.Provider value={runtime}>
      <StaticRouter location={url.pathname + url.search}>
        <AppRoutes routes={routes} />
      </StaticRouter>
    </RuntimeContext.Provider>,
  );
  return asked ? none() : { ...none(), html };
}
