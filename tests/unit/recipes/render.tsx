// Renders documents of a schema set on disk (a recipe's temporary copy) through the RUNTIME's renderer, the way
// tests/snapshots/harness.tsx renders the committed ones: the real component vocabulary, the real action
// definitions (whose runs are recorded), fixture store states — but documents, texts and form validators read
// from the copy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { useMemo } from 'react';
import { createMemoryRouter, Outlet as RouterOutlet, RouterProvider, useLocation, useParams } from 'react-router';
import { createStores, type Stores } from '../../../actions/stores';
import type { Messages } from '../../../actions/stores/i18n';
import { ApiClient } from '../../../actions/api/client';
import { collectActions } from '../../../actions/registry';
import type { ActionDef } from '../../../actions/define';
import { RuntimeContext, ScopeContext, type Runtime } from '../../../renderer/context';
import { NodeList } from '../../../renderer/Node';
import { createRegistry } from '../../../renderer/registry';
import { createRuntime } from '../../../renderer/runtime';
import type { UiNode } from '../../../renderer/types';
import type { SchemaDocument } from '../../../tools/schemas/index';
import { applyFixture, type FixtureDoc } from '../../../renderer/fixtures';
import { installNodeValidatorLoader } from '../runtime/form-validators';
import type { CheckoutFlow } from '../../../schemas/types/flow';
import type { Form } from '../../../schemas/types/form';
import type { Fragment } from '../../../schemas/types/fragment';
import type { Messages as MessagesDocument } from '../../../schemas/types/messages';
import type { Modal } from '../../../schemas/types/modal';
import type { RuleDocument } from '../../../schemas/types/rule';
import type { Screen } from '../../../schemas/types/screen';

window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

const componentModules = import.meta.glob<Record<string, unknown>>(['../../../components/**/*.tsx', '!../../../components/**/*.test.tsx'], { eager: true });

interface ScreenDoc { id: string; route?: string; aliases?: string[]; layout?: string; body: UiNode[] }
interface ModalDoc { id: string; body: UiNode[]; footer?: UiNode[] }

/** The generated type (schemas/types) of each kind's documents. */
interface DocumentTypes {
  screen: Screen; flow: CheckoutFlow; form: Form; modal: Modal; messages: MessagesDocument; fragment: Fragment; rule: RuleDocument;
}

/** The documents of a checked schema set, by kind and id. */
export class DocumentSet {
  constructor(readonly documents: SchemaDocument[], readonly schemasDir: string) {}
  get<K extends SchemaDocument['kind']>(kind: K, id: string): DocumentTypes[K] {
    const d = this.documents.find((x) => x.kind === kind && x.id === id);
    if (!d) throw new Error(`no ${kind} ${id} in the schema set`);
    return d.json as DocumentTypes[K];
  }
  messages(lang: 'sr' | 'en'): Messages {
    const { $schema: _s, id: _i, version: _v, ...rest } = this.get('messages', lang) as Record<string, unknown>;
    return rest as Messages;
  }
}

export interface Recorded { action: string; args: Record<string, unknown> }
export interface Harness { rt: Runtime; stores: Stores; calls: Recorded[]; set: DocumentSet }

function recordingActions(calls: Recorded[]): Map<string, ActionDef> {
  const out = new Map<string, ActionDef>();
  for (const [name, def] of collectActions()) out.set(name, { ...def, run: (args: Record<string, unknown>) => void calls.push({ action: name, args }) });
  return out;
}

/** A runtime on the stores of a fixture state (schemas/fixtures/<fixture>.json of the set) whose texts and form documents come from `set`. */
export function makeHarness(set: DocumentSet, fixture: string): Harness {
  const stores = createStores();
  const doc = JSON.parse(readFileSync(join(set.schemasDir, 'fixtures', `${fixture}.json`), 'utf8')) as FixtureDoc;
  applyFixture(stores, doc, { messages: set.messages(doc.lang) });
  installNodeValidatorLoader((id) => set.get('form', id), set.schemasDir);
  const documentFetch = async (input: RequestInfo | URL): Promise<Response> => {
    const m = /^\/ui\/forms\/([^/]+)$/.exec(new URL(String(input), 'http://shop.test').pathname);
    if (!m) return new Response(JSON.stringify({ errors: [{ type: 'UnknownIdentifierError', message: 'not served here' }] }), { status: 404 });
    return new Response(JSON.stringify(set.get('form', decodeURIComponent(m[1]))), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const calls: Recorded[] = [];
  const api = new ApiClient({ stores, fetch: vi.fn(documentFetch) as unknown as typeof fetch, reload: vi.fn() });
  const rt = createRuntime({
    stores, api, navigate: vi.fn(), dev: true,
    actions: recordingActions(calls),
    components: createRegistry(componentModules, {}, {}),
    log: () => {},
  });
  return { rt, stores, calls, set };
}

function ScopedLayout({ h, layout }: { h: Harness; layout: ScreenDoc | null }) {
  const location = useLocation();
  const params = useParams();
  const s = h.stores;
  // biome-ignore lint/correctness/useExhaustiveDependencies: params is a new object on each render and its JSON is its identity (as in renderer/router.tsx): listing params would make a new scope on every draw
  const scope = useMemo(
    () => ({ session: s.session, catalog: s.catalog, cart: s.cart, checkout: s.checkout, ui: s.ui, selfcare: s.selfcare,
      route: { path: location.pathname, params: { ...params }, query: Object.fromEntries(new URLSearchParams(location.search)) } }),
    [s, location.pathname, location.search, JSON.stringify(params)],
  );
  return <ScopeContext.Provider value={scope}>{layout ? <NodeList nodes={layout.body} /> : <RouterOutlet />}</ScopeContext.Provider>;
}

/** Renders a screen of the set inside its layout at `url` (which must match the screen's route). */
export function renderScreen(h: Harness, id: string, url: string) {
  const screen = h.set.get('screen', id) as ScreenDoc;
  const layout = screen.layout === 'none' ? null : (h.set.get('screen', screen.layout ?? 'main') as ScreenDoc);
  const paths = [screen.route ?? '/', ...(screen.aliases ?? [])];
  const router = createMemoryRouter(
    paths.map((path) => ({ path, element: <ScopedLayout h={h} layout={layout} />, children: [{ index: true, element: <NodeList nodes={screen.body} /> }] })),
    { initialEntries: [url] },
  );
  return render(<RuntimeContext.Provider value={h.rt}><RouterProvider router={router} /></RuntimeContext.Provider>);
}

/** Renders a modal of the set (body and footer) with /modal in the scope. */
export function renderModal(h: Harness, id: string, params: Record<string, unknown> = {}) {
  const modal = h.set.get('modal', id) as ModalDoc;
  const s = h.stores;
  const scope = { session: s.session, catalog: s.catalog, cart: s.cart, checkout: s.checkout, ui: s.ui, selfcare: s.selfcare, route: { path: '/', params: {}, query: {} }, modal: { id, params } };
  const Body = () => (
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
