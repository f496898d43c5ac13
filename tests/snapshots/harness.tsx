// Renders schema documents through the RUNTIME's node renderer with the real component vocabulary and
// the real action schemas (runs are recorded instead of calling the API).
import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
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
import { applyFixture, type FixtureDoc } from '../../renderer/fixtures';
import type { Messages } from '../../actions/stores/i18n';
import sr from '../../schemas/messages/sr.json';
import en from '../../schemas/messages/en.json';
import { expandDocument, type FragmentDoc } from '../../tools/schemas/fragments';
import { expandFormIncludes } from '../../tools/schemas/form-includes';
import { installNodeValidatorLoader } from '../unit/runtime/form-validators';

// jsdom has no layout or scrolling
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

const componentModules = import.meta.glob<Record<string, unknown>>(['../../components/**/*.tsx', '!../../components/**/*.test.tsx'], { eager: true });
const screenDocs = import.meta.glob<{ default: ScreenDoc }>('../../schemas/screens/*.json', { eager: true });
const modalDocs = import.meta.glob<{ default: ModalDoc }>('../../schemas/modals/*.json', { eager: true });
const formDocs = import.meta.glob<{ default: { id: string } }>('../../schemas/forms/*.json', { eager: true });
const flowDocs = import.meta.glob<{ default: FlowDoc }>('../../schemas/flows/*.json', { eager: true });
const fixtureDocs = import.meta.glob<{ default: FixtureDoc }>('../../schemas/fixtures/*.json', { eager: true });
const fragmentDocs = import.meta.glob<{ default: FragmentDoc }>('../../schemas/fragments/*.json', { eager: true });
const RAW_FORMS = Object.fromEntries(Object.values(formDocs).map((m) => [m.default.id, m.default]));
/** schemas/forms by id, as the server serves them: with the fields they take from other forms ("fieldsOf") */
export const FORMS = Object.fromEntries(Object.entries(RAW_FORMS).map(([id, f]) => [id, expandFormIncludes(f, (other) => RAW_FORMS[other]).json]));
// forms validate with the server-compiled module; in Node it is compiled in process from the same document
installNodeValidatorLoader(FORMS as unknown as Record<string, { schema: unknown }>);

/** Serves /ui/forms/:id from schemas/forms (what the server would answer); everything else fails. */
async function documentFetch(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://shop.test').pathname;
  const form = /^\/ui\/forms\/([^/]+)$/.exec(path);
  if (form && FORMS[decodeURIComponent(form[1])]) return new Response(JSON.stringify(FORMS[decodeURIComponent(form[1])]), { status: 200, headers: { 'content-type': 'application/json' } });
  return new Response(JSON.stringify({ errors: [{ type: 'UnknownIdentifierError', message: 'not served in snapshots' }] }), { status: 404 });
}

interface FlowDoc { id: string; checkoutType: string; steps: Array<{ code: string; screen: string }> }
export interface ScreenDoc { id: string; route?: string; aliases?: string[]; layout?: string; body: UiNode[] }
export interface ModalDoc { id: string; body: UiNode[]; footer?: UiNode[] }

function byId<T extends { id: string }>(mods: Record<string, { default: T }>): Record<string, T> {
  return Object.fromEntries(Object.values(mods).map((m) => [m.default.id, m.default]));
}
/** schemas/fragments by id: screens and modals are drawn with their includes expanded, as the server serves them */
export const FRAGMENTS = byId(fragmentDocs);
const expanded = <T,>(docs: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(docs).map(([id, d]) => [id, expandDocument(d, FRAGMENTS).json]));
export const SCREENS = expanded(byId(screenDocs));
export const MODALS = expanded(byId(modalDocs));
/** schemas/fixtures/<id>.json by id */
export const FIXTURES = byId(fixtureDocs);
export type FixtureName = string;

/** The message map of a language as /ui/messages/:lang serves it (without the $schema/id/version entries). */
export function messagesOf(lang: 'sr' | 'en'): Messages {
  const { $schema: _s, id: _i, version: _v, ...rest } = (lang === 'en' ? en : sr) as Record<string, unknown>;
  return rest as Messages;
}

export interface Recorded { action: string; args: Record<string, unknown> }
export interface Harness { rt: Runtime; stores: Stores; calls: Recorded[]; navigate: ReturnType<typeof vi.fn> }

/** The real action definitions (args schemas checked by the dispatcher) whose run only records the call. */
function recordingActions(calls: Recorded[]): Map<string, ActionDef> {
  const real = collectActions();
  const out = new Map<string, ActionDef>();
  for (const [name, def] of real) out.set(name, { ...def, run: (args: Record<string, unknown>) => void calls.push({ action: name, args }) });
  return out;
}

export function makeHarness(fixture: FixtureName | FixtureDoc, route: { path: string; params?: Record<string, string>; query?: Record<string, string> } = { path: '/' }): Harness {
  const stores = createStores();
  const doc = typeof fixture === 'string' ? FIXTURES[fixture] : fixture;
  if (!doc) throw new Error(`no fixture ${String(fixture)} in schemas/fixtures (known: ${Object.keys(FIXTURES).join(', ')})`);
  applyFixture(stores, doc, { messages: messagesOf(doc.lang) });
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: params is a new object on each render and its JSON is its identity (as in renderer/router.tsx): listing params would make a new scope on every draw
  const scope = useMemo(
    () => ({ session: s.session, catalog: s.catalog, cart: s.cart, checkout: s.checkout, ui: s.ui, selfcare: s.selfcare, account: s.account, profile: s.profile, home: s.home,
      route: { path: location.pathname, params: { ...params }, query: Object.fromEntries(new URLSearchParams(location.search)) } }),
    [s, location.pathname, location.search, JSON.stringify(params)],
  );
  return <ScopeContext.Provider value={scope}>{layout ? <NodeList nodes={layout.body} /> : <RouterOutlet />}</ScopeContext.Provider>;
}

export interface RenderScreenOptions {
  /** draw the screen inside its layout (default true); false draws the body alone */
  withLayout?: boolean;
  /** render this document instead of schemas/screens/<id>.json (e.g. an edited copy) */
  doc?: ScreenDoc;
}

/**
 * Renders a screen at `url`, which must match the screen's route, inside its layout (main unless "none")
 * unless withLayout is false. A layout screen (no route) is drawn with an empty Outlet.
 */
export function renderScreen(h: Harness, id: string, url: string, opts: RenderScreenOptions = {}) {
  const screen = opts.doc ?? SCREENS[id];
  if (!screen) throw new Error(`no screen ${id}`);
  const isLayout = !screen.route;
  const layout = isLayout ? screen : opts.withLayout === false || screen.layout === 'none' ? null : SCREENS[screen.layout ?? 'main'];
  const paths = isLayout ? ['*'] : [screen.route!, ...(screen.aliases ?? [])];
  const router = createMemoryRouter(
    paths.map((path) => ({ path, element: <ScopedLayout h={h} layout={layout} />, children: [{ index: true, element: isLayout ? null : <NodeList nodes={screen.body} /> }] })),
    { initialEntries: [url] },
  );
  return { ...render(<RuntimeContext.Provider value={h.rt}><RouterProvider router={router} /></RuntimeContext.Provider>), router };
}

/** Renders a form document as a screen would place it (the Form component), with the route scope of `/`. */
export function renderForm(h: Harness, id: string) {
  const node: UiNode = { component: 'Form', props: { form: id } } as UiNode;
  const router = createMemoryRouter([{ path: '*', element: <ScopedLayout h={h} layout={{ id: `form:${id}`, body: [node] }} />, children: [{ index: true, element: null }] }], { initialEntries: ['/'] });
  return render(<RuntimeContext.Provider value={h.rt}><RouterProvider router={router} /></RuntimeContext.Provider>);
}

/**
 * What entering a checkout step's address does (checkout.start): when the screen is a step of the flow of
 * the fixture's checkout type, that step becomes the current one. Other screens leave the state alone.
 */
export function enterScreen(h: Harness, screenId: string): void {
  const type = h.stores.checkout.checkoutType;
  const flow = Object.values(flowDocs).map((m) => m.default).find((f) => f.checkoutType === type);
  const step = flow?.steps.find((s) => s.screen === screenId);
  if (step && h.stores.checkout.steps.some((s) => s.code === step.code)) h.stores.checkout.setCurrentStep(step.code);
}

/** Values for route parameters and query fields a screen reads, taken from the fixture. */
function routeSamples(fx: FixtureDoc): Record<string, string | undefined> {
  const pdp = fx.state.catalog.pdp;
  const confirmation = fx.state.checkout.confirmation as { code?: string } | null | undefined;
  return {
    productCode: pdp?.product.code,
    colorCode: pdp?.colorCode ?? pdp?.product.variants[0]?.colorCode,
    tariffCode: pdp?.tariffCode ?? undefined,
    orderCode: confirmation?.code ?? fx.state.checkout.paymentResult?.code ?? 'ORB-100042',
  };
}

/**
 * An address of the screen's route with its parameters filled from the fixture (optional ones without a
 * value dropped) and the query fields the document reads (pointers /route/query/<name>). Layouts: "/".
 */
export function sampleUrl(screen: ScreenDoc, fx: FixtureDoc): string {
  if (!screen.route) return '/';
  const samples = routeSamples(fx);
  const path = screen.route
    .replace(/\/:([A-Za-z0-9_]+)\?/g, (_m, name: string) => (samples[name] ? `/${encodeURIComponent(samples[name]!)}` : ''))
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(samples[name] ?? name)) || '/';
  const text = JSON.stringify(screen);
  const query = new URLSearchParams();
  for (const m of text.matchAll(/\/route\/query\/([A-Za-z0-9_]+)/g)) {
    const v = samples[m[1]];
    if (v !== undefined && !query.has(m[1])) query.set(m[1], v);
  }
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

/**
 * The params a modal is opened with (ui.openModal { id, params }), for the params the document reads
 * (pointers /modal/params/<name>), as the actions would pass them in this fixture's state: `entries` are
 * the cart's entries (replace-item), `message` a server message (limit-overstepped, change-types, no-stock,
 * not-eligible), the first entry to remove (remove-item), the coupon rules (coupon).
 */
export function sampleModalParams(modal: ModalDoc, fx: FixtureDoc): Record<string, unknown> {
  const samples: Record<string, unknown> = {
    entries: fx.state.cart.cart?.entries ?? [],
    message: fx.lang === 'en' ? 'The message the server sent for this case.' : 'Poruka koju je server poslao za ovaj slučaj.',
    // remove-item (cart.askRemove) and coupon (pdp.openCoupons)
    entryNumber: fx.state.cart.cart?.entries[0]?.entryNumber ?? 0,
    quantity: fx.state.cart.cart?.entries[0]?.quantity ?? 1,
    name: fx.state.cart.cart?.entries[0]?.product.name ?? (fx.lang === 'en' ? 'Product' : 'Proizvod'),
    limit: 3,
    value: 5000,
    minPrice: 1000,
  };
  const params: Record<string, unknown> = {};
  for (const m of JSON.stringify(modal).matchAll(/\/modal\/params\/([A-Za-z0-9_]+)/g)) {
    if (m[1] in samples) params[m[1]] = samples[m[1]];
  }
  return params;
}

/**
 * Lets the rendered tree settle: lazy chunks, the form document and its validator load, effects run.
 * Done when nothing is aria-busy and the DOM stayed the same for three macrotask turns.
 */
export async function settle(container: HTMLElement, maxTurns = 400): Promise<void> {
  let last = '';
  let stable = 0;
  for (let i = 0; i < maxTurns && stable < 3; i++) {
    await act(async () => { await new Promise((r) => setTimeout(r, i < 20 ? 0 : 5)); });
    const html = container.innerHTML;
    const busy = container.querySelector('[aria-busy="true"]') !== null;
    stable = html === last && !busy ? stable + 1 : 0;
    last = html;
  }
  if (stable < 3) throw new Error(`the rendering did not settle (still busy: ${container.querySelector('[aria-busy="true"]')?.outerHTML ?? 'no'})`);
}

/** Renders a modal document's body and footer with /modal in the scope. */
export function renderModal(h: Harness, id: string, params: Record<string, unknown> = {}) {
  const modal = MODALS[id];
  if (!modal) throw new Error(`no modal ${id}`);
  const s = h.stores;
  const scope = { session: s.session, catalog: s.catalog, cart: s.cart, checkout: s.checkout, ui: s.ui, selfcare: s.selfcare, account: s.account, profile: s.profile, route: { path: '/', params: {}, query: {} }, modal: { id, params } };
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
