// Renders schema documents through the RUNTIME's node renderer with the real component vocabulary and
// the real action schemas (runs are recorded instead of calling the API).
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { useMemo, type ReactNode } from 'react';
import { createMemoryRouter, Outlet as RouterOutlet, RouterProvider, useLocation, useParams } from 'react-router';
import { createStores, type Stores } from '../../actions/stores';
import { ApiClient } from '../../actions/api/client';
import { collectActions } from '../../actions/registry';
import type { ActionDef } from '../../actions/define';
import { RuntimeContext, ScopeContext, type Runtime } from '../../renderer/context';
import { NodeList } from '../../renderer/Node';
import { createRegistry } from '../../renderer/registry';
import { createRuntime } from '../../renderer/runtime';
import type { UiNode } from '../../renderer/types';
import { applyFixture, type FixtureName } from './fixtures/states';
import { installNodeValidatorLoader } from '../unit/runtime/form-validators';

// jsdom has no layout or scrolling
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

const componentModules = import.meta.glob<Record<string, unknown>>(['../../components/**/*.tsx', '!../../components/**/*.test.tsx'], { eager: true });
const screenDocs = import.meta.glob<{ default: ScreenDoc }>('../../schemas/screens/*.json', { eager: true });
const modalDocs = import.meta.glob<{ default: ModalDoc }>('../../schemas/modals/*.json', { eager: true });
const formDocs = import.meta.glob<{ default: { id: string } }>('../../schemas/forms/*.json', { eager: true });
const FORMS = Object.fromEntries(Object.values(formDocs).map((m) => [m.default.id, m.default]));
// forms validate with the server-compiled module; in Node it is compiled in process from the same document
installNodeValidatorLoader(FORMS as unknown as Record<string, { schema: unknown }>);

/** Serves /ui/forms/:id from schemas/forms (what the server would answer); everything else fails. */
async function documentFetch(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://shop.test').pathname;
  const form = /^\/ui\/forms\/([^/]+)$/.exec(path);
  if (form && FORMS[decodeURIComponent(form[1])]) return new Response(JSON.stringify(FORMS[decodeURIComponent(form[1])]), { status: 200, headers: { 'content-type': 'application/json' } });
  return new Response(JSON.stringify({ errors: [{ type: 'UnknownIdentifierError', message: 'not served in snapshots' }] }), { status: 404 });
}

export interface ScreenDoc { id: string; route?: string; aliases?: string[]; layout?: string; body: UiNode[] }
export interface ModalDoc { id: string; body: UiNode[]; footer?: UiNode[] }

function byId<T extends { id: string }>(mods: Record<string, { default: T }>): Record<string, T> {
  return Object.fromEntries(Object.values(mods).map((m) => [m.default.id, m.default]));
}
export const SCREENS = byId(screenDocs);
export const MODALS = byId(modalDocs);

export interface Recorded { action: string; args: Record<string, unknown> }
export interface Harness { rt: Runtime; stores: Stores; calls: Recorded[]; navigate: ReturnType<typeof vi.fn> }

/** The real action definitions (args schemas checked by the dispatcher) whose run only records the call. */
function recordingActions(calls: Recorded[]): Map<string, ActionDef> {
  const real = collectActions();
  const out = new Map<string, ActionDef>();
  for (const [name, def] of real) out.set(name, { ...def, run: (args: Record<string, unknown>) => void calls.push({ action: name, args }) });
  return out;
}

export function makeHarness(fixture: FixtureName, route: { path: string; params?: Record<string, string>; query?: Record<string, string> } = { path: '/' }): Harness {
  const stores = createStores();
  applyFixture(stores, fixture);
  const calls: Recorded[] = [];
  const navigate = vi.fn();
  const api = new ApiClient({ stores, fetch: vi.fn(documentFetch) as unknown as typeof fetch, reload: vi.fn() });
  const rt = createRuntime({
    stores, api, navigate, dev: true,
    actions: recordingActions(calls),
    components: createRegistry(componentModules, {}, {}),
    route: () => ({ path: route.path, params: route.params ?? {}, query: route.query ?? {} }),
    log: () => {},
  });
  return { rt, stores, calls, navigate };
}

function ScopedLayout({ h, layout }: { h: Harness; layout: ScreenDoc | null }) {
  const location = useLocation();
  const params = useParams();
  const s = h.stores;
  const scope = useMemo(
    () => ({ session: s.session, catalog: s.catalog, cart: s.cart, checkout: s.checkout, ui: s.ui,
      route: { path: location.pathname, params: { ...params }, query: Object.fromEntries(new URLSearchParams(location.search)) } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [s, location.pathname, location.search, JSON.stringify(params)],
  );
  return <ScopeContext.Provider value={scope}>{layout ? <NodeList nodes={layout.body} /> : <RouterOutlet />}</ScopeContext.Provider>;
}

/** Renders a screen inside its layout (main unless "none") at `url`, which must match the screen's route. */
export function renderScreen(h: Harness, id: string, url: string) {
  const screen = SCREENS[id];
  if (!screen) throw new Error(`no screen ${id}`);
  const layout = screen.layout === 'none' ? null : SCREENS[screen.layout ?? 'main'];
  const paths = [screen.route ?? '/', ...(screen.aliases ?? [])];
  const router = createMemoryRouter(
    paths.map((path) => ({ path, element: <ScopedLayout h={h} layout={layout} />, children: [{ index: true, element: <NodeList nodes={screen.body} /> }] })),
    { initialEntries: [url] },
  );
  return { ...render(<RuntimeContext.Provider value={h.rt}><RouterProvider router={router} /></RuntimeContext.Provider>), router };
}

/** Renders a modal document's body and footer with /modal in the scope. */
export function renderModal(h: Harness, id: string, params: Record<string, unknown> = {}) {
  const modal = MODALS[id];
  if (!modal) throw new Error(`no modal ${id}`);
  const s = h.stores;
  const scope = { session: s.session, catalog: s.catalog, cart: s.cart, checkout: s.checkout, ui: s.ui, route: { path: '/', params: {}, query: {} }, modal: { id, params } };
  const Body = (): ReactNode => (
    <ScopeContext.Provider value={scope}>
      <div role="dialog" aria-label={id}>
        <NodeList nodes={modal.body} />
        {modal.footer ? <footer><NodeList nodes={modal.footer} /></footer> : null}
      </div>
    </ScopeContext.Provider>
  );
  const router = createMemoryRouter([{ path: '*', element: <Body /> }], { initialEntries: ['/'] });
  return render(<RuntimeContext.Provider value={h.rt}><RouterProvider router={router} /></RuntimeContext.Provider>);
}
