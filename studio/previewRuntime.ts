/**
 * The preview's runtime: fresh stores in a fixture state, the real action definitions (their args are checked as
 * in the shop) whose runs are recorded instead of executed — except a few that only change what is shown
 * (form input, modals, menus) — and an ApiClient that answers UI documents (the draft first, the served set
 * otherwise) and refuses every data call: the preview never reaches the shop's API.
 */
import { createStores, type Stores } from '../actions/stores';
import type { Messages } from '../actions/stores/i18n';
import { ApiClient } from '../actions/api/client';
import { collectActions } from '../actions/registry';
import type { ActionDef } from '../actions/define';
import { appRegistry } from '../renderer/components';
import { Outlet } from '../renderer/Node';
import { createRuntime } from '../renderer/runtime';
import type { Runtime } from '../renderer/context';
import { applyFixture, type FixtureDoc } from '../renderer/fixtures';

/** Actions the preview runs for real: they only change the stores the page shows, never call the API. */
export const LOCAL_ACTIONS = new Set(['form.change', 'ui.openModal', 'ui.closeModal', 'ui.toggleMiniCart', 'ui.dismissToast', 'session.setLoginMenu']);

export interface RecordedAction { action: string; args: Record<string, unknown>; ran: boolean }

/** UI documents the preview may read: the draft under its /ui/ path, everything else from the server. */
export interface DocumentSource {
  /** "/ui/forms/guest" → the parsed draft, or undefined to ask the server */
  draft(path: string): unknown;
  fetchServed(path: string): Promise<Response>;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function previewFetch(source: DocumentSource, onBlocked: (path: string) => void): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, 'http://preview.local');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && url.pathname.startsWith('/ui/') && url.pathname !== '/ui/events') {
      const draft = source.draft(url.pathname);
      if (draft !== undefined) return json(200, draft);
      return source.fetchServed(url.pathname);
    }
    onBlocked(`${method} ${url.pathname}`);
    return json(503, { errors: [{ type: 'PreviewError', message: `${method} ${url.pathname} is not called in the preview` }] });
  }) as typeof fetch;
}

export function recordingActions(onCall: (call: RecordedAction) => void): Map<string, ActionDef> {
  const out = new Map<string, ActionDef>();
  for (const [name, def] of collectActions()) {
    const local = LOCAL_ACTIONS.has(name);
    out.set(name, {
      ...def,
      run: (args: Record<string, unknown>, ctx: Parameters<ActionDef['run']>[1]) => {
        onCall({ action: name, args, ran: local });
        return local ? def.run(args, ctx) : undefined;
      },
    } as ActionDef);
  }
  return out;
}

export interface PreviewSession { runtime: Runtime; stores: Stores; api: ApiClient }

export interface PreviewSessionOptions {
  fixture: FixtureDoc | null;
  messages: Messages;
  source: DocumentSource;
  onCall(call: RecordedAction): void;
  route(): { path: string; params: Record<string, string | undefined>; query: Record<string, string> };
}

export function createPreviewSession(o: PreviewSessionOptions): PreviewSession {
  const stores = createStores();
  if (o.fixture) applyFixture(stores, o.fixture, { messages: o.messages });
  else stores.session.setMessages(o.messages);
  const api = new ApiClient({
    stores,
    fetch: previewFetch(o.source, (what) => o.onCall({ action: what, args: {}, ran: false })),
    reload: () => {},
  });
  const runtime = createRuntime({
    stores, api, dev: true,
    actions: recordingActions(o.onCall),
    components: appRegistry({ Outlet }),
    navigate: (to) => o.onCall({ action: 'navigate', args: { to }, ran: false }),
    route: o.route,
    log: () => {},
  });
  return { runtime, stores, api };
}

/** Fills a route's parameters for the preview from the fixture's device page (others: a placeholder). */
export function previewUrl(route: string, fixture: FixtureDoc | null): string {
  const pdp = fixture?.state.catalog.pdp;
  const known: Record<string, string | null | undefined> = {
    productCode: pdp?.product.code, colorCode: pdp?.colorCode ?? undefined, tariffCode: pdp?.tariffCode ?? undefined, page: '1',
  };
  return route
    .replace(/\/:(\w+)\?/g, (_, name: string) => (known[name] ? `/${known[name]}` : ''))
    .replace(/:(\w+)/g, (_, name: string) => known[name] ?? name)
    .replace(/\*$/, '') || '/';
}
