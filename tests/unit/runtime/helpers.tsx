import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createStores, type Stores } from '../../../actions/stores';
import { ApiClient } from '../../../actions/api/client';
import type { ActionDef } from '../../../actions/define';
import { RuntimeContext, ScopeContext, type Runtime } from '../../../renderer/context';
import { createRegistry, type AnyComponent } from '../../../renderer/registry';
import { createRuntime } from '../../../renderer/runtime';
import { expandFormIncludes } from '../../../tools/schemas/form-includes';
import type { Form } from '../../../schemas/types/form';
import type { ActionContext } from '../../../renderer/types';

// jsdom has no scrolling
if (typeof window !== 'undefined') window.scrollTo = (() => {}) as typeof window.scrollTo;

export const MESSAGES = {
  'error.generic': 'Došlo je do greške. Pokušaj ponovo.',
  'error.unknownComponent': 'Nepoznata komponenta: {name}',
  'error.unknownAction': 'Nepoznata akcija: {name}',
  'error.componentFailed': 'Komponenta {name} nije mogla da se prikaže.',
  'cart.count': { one: '{count} proizvod', few: '{count} proizvoda', other: '{count} proizvoda' },
  'hello': 'Zdravo, {name}!',
  'error.notFound.title': 'Stranica nije pronađena',
};

export function makeStores(): Stores {
  const s = createStores();
  s.session.setMessages(MESSAGES);
  return s;
}

export interface TestRuntime { rt: Runtime; stores: Stores; navigate: ReturnType<typeof vi.fn>; logs: unknown[][] }

export function makeRuntime(opts: { components?: Record<string, AnyComponent>; actions?: ActionDef[]; dev?: boolean; fetch?: typeof fetch; route?: Record<string, unknown> } = {}): TestRuntime {
  const stores = makeStores();
  const api = new ApiClient({ stores, fetch: opts.fetch ?? (vi.fn() as unknown as typeof fetch), reload: vi.fn() });
  const navigate = vi.fn();
  const logs: unknown[][] = [];
  const rt = createRuntime({
    stores, api, navigate,
    actions: new Map((opts.actions ?? []).map((a) => [a.name, a])),
    components: createRegistry({}, {}, opts.components ?? {}),
    dev: opts.dev ?? true,
    log: (...a) => logs.push(a),
    route: () => (opts.route ?? { path: '/', params: {}, query: {} }) as never,
  });
  return { rt, stores, navigate, logs };
}

export function renderWith(rt: Runtime, ui: ReactNode, scope?: Record<string, unknown>) {
  const s = rt.stores;
  const base = { session: s.session, catalog: s.catalog, cart: s.cart, checkout: s.checkout, ui: s.ui, selfcare: s.selfcare, route: { path: '/', params: {}, query: {} }, ...(scope ?? {}) };
  return render(
    <RuntimeContext.Provider value={rt}>
      <ScopeContext.Provider value={base}>{ui}</ScopeContext.Provider>
    </RuntimeContext.Provider>,
  );
}

/** An ActionContext for calling an action's run() directly. */
export function makeCtx(stores: Stores, api: ApiClient, scope: Record<string, unknown> = {}): ActionContext & { navigate: ReturnType<typeof vi.fn>; dispatch: ReturnType<typeof vi.fn> } {
  return {
    stores, api, scope: { route: { path: '/', params: {}, query: {} }, ...scope },
    navigate: vi.fn(), dispatch: vi.fn(async () => true),
  } as never;
}

/** A form document as a test reads and edits it: its data schema's fields by name. */
export type ServedForm = Omit<Form, 'schema'> & { schema: { properties: Record<string, unknown>; [keyword: string]: unknown } };

/** A form document as the server serves it: with the fields it takes from other forms ("fieldsOf"). */
export function servedForm(id: string): ServedForm {
  const read = (f: string): unknown => JSON.parse(readFileSync(`${process.cwd()}/schemas/forms/${f}.json`, 'utf8'));
  return expandFormIncludes(read(id) as ServedForm, read).json;
}

/** A fetch mock answering by "METHOD path" from a table of handlers; records calls. */
export function fakeFetch(table: Record<string, (req: { url: URL; init: RequestInit; body: unknown }) => { status?: number; body?: unknown; headers?: Record<string, string> }>) {
  const calls: { method: string; url: URL; headers: Record<string, string>; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    // the rule and form documents (schemas/rules, schemas/forms) the actions read are served from the repository
    // unless a test answers them
    const rule = /^\/ui\/(rules|forms)\/([a-z0-9-]+)$/.exec(url.pathname);
    if (method === 'GET' && rule && !table[`GET ${url.pathname}`]) {
      const doc = rule[1] === 'forms' ? JSON.stringify(servedForm(rule[2])) : readFileSync(`${process.cwd()}/schemas/${rule[1]}/${rule[2]}.json`, 'utf8');
      return new Response(doc, { status: 200, headers: { 'content-type': 'application/json' } });
    }
    calls.push({ method, url, headers: (init.headers ?? {}) as Record<string, string>, body });
    const h = table[`${method} ${url.pathname}`];
    if (!h) return new Response(JSON.stringify({ errors: [{ type: 'UnknownIdentifierError', message: 'no route' }] }), { status: 404 });
    const r = h({ url, init, body });
    return new Response(r.body === undefined ? '' : JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json', ...(r.headers ?? {}) } });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}
