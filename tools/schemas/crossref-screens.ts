/** Cross-references of screens (their nodes, layouts and routes) and of modals (their nodes). */
import type { LoadedDocument } from './load.js';
import { unknownName, type Obj, type RefContext } from './crossref-context.js';
import type { NodeChecks } from './crossref-nodes.js';

/** Where a route was first written: the screen, the route as written and its pointer. */
type RouteUse = { doc: LoadedDocument; route: string; ptr: string };

/** A route with its parameters' names left out and no trailing slash: two routes that serve the same paths are equal. */
const normalizeRoute = (r: string) => r.replace(/:[A-Za-z0-9_]+(\?)?/g, (_m, q: string | undefined) => (q ? ':?' : ':')).replace(/\/+$/, '') || '/';

/** Every screen: its texts, nodes and load calls; a layout has one Outlet, a page names a layout; routes are unique. */
export function checkScreens(ctx: RefContext, nodes: NodeChecks): void {
  const routes = new Map<string, RouteUse>();
  for (const doc of ctx.screens) {
    const j = doc.json as Obj;
    ctx.messages.walkMessages(doc, j, '');
    nodes.checkNodes(doc, j.body, '/body');
    if (Array.isArray(j.load)) j.load.forEach((c, i) => nodes.checkCall(doc, c, `/load/${i}`));
    const isLayout = j.kind === 'layout';
    if (isLayout && ctx.vocab?.components.Outlet && nodes.countComponent(j.body, 'Outlet') !== 1) {
      ctx.report(doc, '/body', `a layout's body must contain exactly one "Outlet" node (where the page goes); found ${nodes.countComponent(j.body, 'Outlet')}`);
    }
    if (!isLayout) checkLayout(ctx, doc, j);
    checkRoutesUnique(ctx, doc, j, routes);
  }
}

/** A page's layout ("main" unless it says otherwise, "none" for none) is a screen of kind "layout". */
function checkLayout(ctx: RefContext, doc: LoadedDocument, j: Obj): void {
  const layout = typeof j.layout === 'string' ? j.layout : 'main';
  if (layout === 'none') return;
  const target = ctx.screenIds.get(layout);
  if (!target && ctx.broken('screen', layout)) {
    // reported as a syntax error
  } else if (!target) {
    const u = unknownName('layout screen', layout, [...ctx.screenIds.keys()].filter((id) => (ctx.screenIds.get(id)!.json as Obj).kind === 'layout'));
    ctx.report(doc, typeof j.layout === 'string' ? '/layout' : '', `${u.message} (no schemas/screens/${layout}.json${typeof j.layout === 'string' ? '' : '; "main" is the default layout'})`, { suggestion: u.suggestion });
  } else if ((target.json as Obj).kind !== 'layout') {
    ctx.report(doc, '/layout', `screen "${layout}" is not a layout (it has no "kind": "layout")`);
  }
}

/** A screen's route and aliases are used by no other screen (nor twice by this one); `routes` holds those seen so far. */
function checkRoutesUnique(ctx: RefContext, doc: LoadedDocument, j: Obj, routes: Map<string, RouteUse>): void {
  const all: Array<[string, string]> = [];
  if (typeof j.route === 'string') all.push([j.route, '/route']);
  if (Array.isArray(j.aliases)) j.aliases.forEach((a, i) => typeof a === 'string' && all.push([a, `/aliases/${i}`]));
  for (const [route, ptr] of all) {
    const key = normalizeRoute(route);
    const prev = routes.get(key);
    // a clash is reported on both screens, each naming the other: the checker cannot tell which one was edited,
    // and the one being edited (in the studio, or by the developer who ran the checker) must show it
    if (prev && prev.doc === doc) ctx.report(doc, ptr, `route "${route}" is used twice by this screen (also "${prev.route}" at ${prev.ptr})`);
    else if (prev) {
      ctx.report(doc, ptr, `route "${route}" is already used by ${prev.doc.file} ("${prev.route}") — routes must be unique across screens`);
      ctx.report(prev.doc, prev.ptr, `route "${prev.route}" is also used by ${doc.file} ("${route}") — routes must be unique across screens`);
    } else routes.set(key, { doc, route, ptr });
  }
}

/** Every modal: its texts and the nodes of its body and footer. */
export function checkModals(ctx: RefContext, nodes: NodeChecks): void {
  for (const doc of ctx.byKind('modal')) {
    const j = doc.json as Obj;
    ctx.messages.walkMessages(doc, j, '');
    nodes.checkNodes(doc, j.body, '/body');
    nodes.checkNodes(doc, j.footer, '/footer');
  }
}
