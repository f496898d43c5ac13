/** Cross-references of checkout flows: one flow per checkout type, its steps' codes, paths and screens. */
import type { LoadedDocument } from './load.js';
import { routeMatcher } from './routes.js';
import { STEP_PATHS } from './spec.js';
import { isObj, unknownName, type Obj, type RefContext } from './crossref-context.js';

/** Checks every flow; returns the flow of each checkout type (the first one, when two claim it). */
export function checkFlows(ctx: RefContext): Map<string, LoadedDocument> {
  const checkoutTypes = new Map<string, LoadedDocument>();
  for (const doc of ctx.byKind('flow')) {
    const j = doc.json as Obj;
    ctx.messages.walkMessages(doc, j, '');
    if (typeof j.checkoutType === 'string') {
      const prev = checkoutTypes.get(j.checkoutType);
      if (prev) ctx.report(doc, '/checkoutType', `checkout type ${j.checkoutType} already has a flow: ${prev.file} — one flow per checkout type`);
      else checkoutTypes.set(j.checkoutType, doc);
    }
    if (!Array.isArray(j.steps)) continue;
    const seen = new Map<string, number>();
    j.steps.forEach((step, i) => {
      if (isObj(step)) checkStep(ctx, doc, step, `/steps/${i}`, i, seen);
    });
  }
  return checkoutTypes;
}

/** One step: its code once per flow, the path its code must have, a screen that exists and serves the step's path. */
function checkStep(ctx: RefContext, doc: LoadedDocument, step: Obj, ptr: string, i: number, seen: Map<string, number>): void {
  let pathWrong = false;
  if (typeof step.code === 'string') {
    if (seen.has(step.code)) ctx.report(doc, `${ptr}/code`, `step ${step.code} appears twice in this flow (also step ${seen.get(step.code)! + 1})`);
    else seen.set(step.code, i);
    const want = STEP_PATHS[step.code];
    if (want !== undefined && typeof step.path === 'string' && step.path !== want) {
      pathWrong = true;
      ctx.report(doc, `${ptr}/path`, `the path of step ${step.code} must be "${want}" (seed 000 §2), not "${step.path}"`, { expected: want, suggestion: want });
    }
  }
  if (typeof step.screen === 'string' && !ctx.screenIds.has(step.screen) && !ctx.broken('screen', step.screen)) {
    const u = unknownName('screen', step.screen, ctx.screenIds.keys());
    ctx.report(doc, `${ptr}/screen`, `${u.message} (no schemas/screens/${step.screen}.json)`, { suggestion: u.suggestion });
  } else if (typeof step.screen === 'string' && typeof step.path === 'string' && ctx.screenIds.has(step.screen) && !pathWrong) {
    checkStepScreenServesPath(ctx, doc, step.screen, step.path, ptr);
  }
}

/** The routes and aliases of a screen. */
const addresses = (d: LoadedDocument) => {
  const j = d.json as Obj;
  return [j.route, ...(Array.isArray(j.aliases) ? j.aliases : [])].filter((r): r is string => typeof r === 'string');
};

/**
 * The step's address must open the step's screen: the router draws the screen whose route serves the path, and a
 * shopper sent to a step whose screen is another one is stuck there without a word.
 */
function checkStepScreenServesPath(ctx: RefContext, doc: LoadedDocument, screen: string, path: string, ptr: string): void {
  const own = addresses(ctx.screenIds.get(screen)!);
  if (own.some((r) => routeMatcher(r).test(path))) return;
  const serving = ctx.screens.find((d) => addresses(d).some((r) => routeMatcher(r).test(path)));
  ctx.report(doc, `${ptr}/screen`,
    `screen "${screen}" does not serve the step's path "${path}" (${own.length ? `its route is "${own.join('", "')}"` : 'it has no route'}), so the shopper sent to this step would be stuck on another page`
    + (serving ? ` — did you mean "${serving.id}"? (its route serves "${path}")` : ` — give the screen the route "${path}"`),
    { suggestion: serving?.id, expected: serving ? `"${serving.id}"` : `a screen whose route is "${path}"` });
}
