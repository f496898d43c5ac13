/**
 * The pages the actions send the shopper to, by name (issue 28: no address in the code): schemas/rules/routes.json,
 * whose every destination the checker proves a screen serves. The document is loaded once per tab (the document
 * cache) and served as /ui/rules/routes.
 */
import type { ActionContext } from './define';
import { fillRoute, routeMatcher, withQuery, type Destination, type ModalName } from '../tools/schemas/routes';

export { fillRoute, type Destination, type ModalName };

export const ROUTES_DOC = '/ui/rules/routes';

type Destinations = Record<string, { path: string }>;

async function destinations(ctx: Pick<ActionContext, 'api'>): Promise<Destinations> {
  const doc = await ctx.api.getDocument<{ destinations?: Destinations }>(ROUTES_DOC);
  return doc.destinations ?? {};
}

/** A destination's path as written (a route with :parameters, or an address ending in /*). */
export async function routeOf(ctx: Pick<ActionContext, 'api'>, name: Destination): Promise<string> {
  const d = (await destinations(ctx))[name];
  if (!d) throw new Error(`schemas/rules/routes.json: no destination "${name}"`);
  return d.path;
}

/** The address of a destination: its parameters filled in, then the query (values encoded; empty ones left out). */
export async function pathTo(
  ctx: Pick<ActionContext, 'api'>, name: Destination,
  opts: { params?: Record<string, string | null | undefined>; query?: Record<string, string | null | undefined> } = {},
): Promise<string> {
  return withQuery(fillRoute(await routeOf(ctx, name), opts.params), opts.query);
}

/** Navigates to a destination (see pathTo). */
export async function goTo(
  ctx: ActionContext, name: Destination,
  opts: { params?: Record<string, string | null | undefined>; query?: Record<string, string | null | undefined>; replace?: boolean } = {},
): Promise<void> {
  const to = await pathTo(ctx, name, opts);
  if (opts.replace) ctx.navigate(to, { replace: true });
  else ctx.navigate(to);
}

/** Is `path` (without its query) one of the destination's pages, as the router matches it? */
export async function isAt(ctx: Pick<ActionContext, 'api'>, name: Destination, path: string | undefined): Promise<boolean> {
  if (path === undefined) return false;
  return routeMatcher(await routeOf(ctx, name)).test(path.split('?')[0]);
}

/** The id of the modal document a name opens (schemas/modals/<id>.json; the checker proves it exists). */
export async function modalId(ctx: Pick<ActionContext, 'api'>, name: ModalName): Promise<string> {
  const doc = await ctx.api.getDocument<{ modals?: Record<string, { modal: string }> }>(ROUTES_DOC);
  const m = doc.modals?.[name];
  if (!m) throw new Error(`schemas/rules/routes.json: no modal "${name}"`);
  return m.modal;
}

/** Opens the modal of a name with its parameters. */
export async function openModal(ctx: Pick<ActionContext, 'api' | 'stores'>, name: ModalName, params: Record<string, unknown> = {}): Promise<void> {
  ctx.stores.ui.openModal(await modalId(ctx, name), params);
}

/** Closes the modal of a name (when it is open). */
export async function closeModal(ctx: Pick<ActionContext, 'api' | 'stores'>, name: ModalName): Promise<void> {
  ctx.stores.ui.closeModal(await modalId(ctx, name));
}
