/**
 * Cross-references of the shop's rules (schemas/rules): every checkout type has a flow and the last rule catches every
 * cart; payment modes offer what the customer and the flow allow; the modals and destinations they name exist.
 */
import type { LoadedDocument } from './load.js';
import { routeMatcher } from './routes.js';
import { suggest } from './suggest.js';
import { escapePointer } from './jsonpos.js';
import { checkModalId, isObj, type Obj, type RefContext } from './crossref-context.js';

/** The screen of the step that collects where the goods go (a flow without it delivers nothing). */
const DELIVERY_SCREEN = 'checkout-data-delivery';

/** Checks every rule document; `checkoutTypes` holds the flow of each checkout type (crossref-flows.ts). */
export function checkRuleDocs(ctx: RefContext, checkoutTypes: Map<string, LoadedDocument>): void {
  for (const doc of ctx.byKind('rule')) {
    const j = doc.json as Obj;
    ctx.messages.walkMessages(doc, j, '');
    if (Array.isArray(j.checkoutTypes)) checkCheckoutTypeRules(ctx, doc, j.checkoutTypes, checkoutTypes);
    if (Array.isArray(j.paymentModes)) {
      checkPaymentModeRules(ctx, doc, j.paymentModes);
      checkDeliveryPayment(ctx, doc, j.paymentModes, checkoutTypes);
    }
    if (isObj(j.cartStatuses)) {
      for (const [code, reaction] of Object.entries(j.cartStatuses)) {
        if (isObj(reaction) && typeof reaction.modal === 'string') checkModalId(ctx, doc, reaction.modal, `/cartStatuses/${escapePointer(code)}/modal`);
      }
    }
    if (isObj(j.cartValidation)) checkCartValidation(ctx, doc, j.cartValidation);
    if (isObj(j.modals)) {
      for (const [name, m] of Object.entries(j.modals)) {
        if (isObj(m) && typeof m.modal === 'string') checkModalId(ctx, doc, m.modal, `/modals/${escapePointer(name)}/modal`);
      }
    }
    if (isObj(j.destinations)) checkDestinations(ctx, doc, j.destinations);
    if (Array.isArray(j.accountGates)) checkAccountGates(ctx, doc, j.accountGates, isObj(j.destinations) ? j.destinations : {});
    if (Array.isArray(j.pdpSteps)) checkPdpSteps(ctx, doc, j.pdpSteps);
  }
}

/** What a device page step's condition is checked against (actions/pdp-rules.ts wizardFacts). */
const WIZARD_FACTS = ['product', 'sellableTariff'];
/** Where the device page keeps the current step's id (actions/stores/catalog.ts PdpState.stepId). */
const STEP_ID_PATH = ['catalog', 'pdp', 'stepId'];

/** The names a condition reads at its root: its short forms' first pointer segments and its full form's properties. */
function conditionRoots(cond: unknown, at: string, out: Array<{ name: string; at: string }>): void {
  if (!isObj(cond)) return;
  if (typeof cond.scope === 'string') {
    out.push({ name: cond.scope.split('/')[1] ?? '', at });
    return;
  }
  if (isObj(cond.properties)) for (const name of Object.keys(cond.properties)) out.push({ name, at: `${at}/properties/${escapePointer(name)}` });
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = cond[k];
    if (Array.isArray(list)) list.forEach((c, i) => conditionRoots(c, `${at}/${k}/${i}`, out));
  }
  if (cond.not !== undefined) conditionRoots(cond.not, `${at}/not`, out);
}

/**
 * The device page's steps (schemas/rules/pdp-wizard.json): ids unique, each work at most once and "extras" after
 * "device", conditions reading only the facts the page gives them, and every step id a screen compares
 * /catalog/pdp/stepId with, or goes back to, one the document declares.
 */
function checkPdpSteps(ctx: RefContext, doc: LoadedDocument, steps: unknown[]): void {
  const ids: string[] = [];
  const works: string[] = [];
  steps.forEach((step, i) => {
    if (!isObj(step)) return;
    if (typeof step.id === 'string') {
      if (ids.includes(step.id)) ctx.report(doc, `/pdpSteps/${i}/id`, `step id "${step.id}" is declared twice: the screen could not tell the steps apart`);
      ids.push(step.id);
    }
    if (typeof step.work === 'string') {
      if (works.includes(step.work)) ctx.report(doc, `/pdpSteps/${i}/work`, `the work "${step.work}" is declared twice: the shopper would do it twice`);
      if (step.work === 'extras' && !works.includes('device')) ctx.report(doc, `/pdpSteps/${i}/work`, 'the "extras" step must come after the "device" step: the insurance goes onto the device that step put into the cart');
      works.push(step.work);
    }
    const roots: Array<{ name: string; at: string }> = [];
    conditionRoots(step.when, `/pdpSteps/${i}/when`, roots);
    for (const r of roots) {
      if (!WIZARD_FACTS.includes(r.name)) ctx.report(doc, r.at, `a step's condition reads { ${WIZARD_FACTS.join(', ')} }: "/${r.name}" is none of them`, { suggestion: suggest(r.name, WIZARD_FACTS) });
    }
  });
  for (const screen of ctx.screens) {
    for (const ref of stepIdRefs(screen.json, '', [])) {
      if (ids.includes(ref.id)) continue;
      const near = suggest(ref.id, ids);
      ctx.report(screen, ref.at, `"${ref.id}" is no step of schemas/rules/pdp-wizard.json (${[...new Set(ids)].map((x) => `"${x}"`).join(', ')})` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near });
    }
  }
}

/**
 * The step ids a screen names: the values a condition compares /catalog/pdp/stepId with (full form: nested
 * "properties" down catalog → pdp → stepId; short form: that scope), and a pdp.goToStep's step given by id.
 * `path`: the property names the full form has descended through from the scope's root.
 */
function stepIdRefs(v: unknown, at: string, path: string[]): Array<{ id: string; at: string }> {
  const out: Array<{ id: string; at: string }> = [];
  const values = (schema: unknown, where: string) => {
    if (!isObj(schema)) return;
    if (typeof schema.const === 'string') out.push({ id: schema.const, at: `${where}/const` });
    if (Array.isArray(schema.enum)) schema.enum.forEach((e, i) => { if (typeof e === 'string') out.push({ id: e, at: `${where}/enum/${i}` }); });
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = schema[k];
      if (Array.isArray(list)) list.forEach((c, i) => values(c, `${where}/${k}/${i}`));
    }
    if (schema.not !== undefined) values(schema.not, `${where}/not`);
  };
  if (Array.isArray(v)) {
    v.forEach((x, i) => out.push(...stepIdRefs(x, `${at}/${i}`, path)));
    return out;
  }
  if (!isObj(v)) return out;
  if (v.action === 'pdp.goToStep' && isObj(v.args) && typeof v.args.step === 'string') out.push({ id: v.args.step, at: `${at}/args/step` });
  if (typeof v.scope === 'string' && v.scope === `/${STEP_ID_PATH.join('/')}`) values(v.schema, `${at}/schema`);
  for (const [k, sub] of Object.entries(v)) {
    const here = `${at}/${escapePointer(k)}`;
    if (k === 'properties' && isObj(sub)) {
      // a full-form condition going one level down: only the path from the root (catalog → pdp → stepId) counts
      for (const [name, s] of Object.entries(sub)) {
        const next = [...path, name];
        const where = `${here}/${escapePointer(name)}`;
        if (next.join('/') === STEP_ID_PATH.join('/')) values(s, where);
        else out.push(...stepIdRefs(s, where, STEP_ID_PATH.slice(0, next.length).join('/') === next.join('/') ? next : ['-']));
      }
    } else if (k === 'visibleIf' || k === 'enabledIf' || k === 'if' || k === 'when' || k === 'modalIf') {
      out.push(...stepIdRefs(sub, here, []));
    } else if (typeof v.scope !== 'string' || (k !== 'scope' && k !== 'schema')) {
      out.push(...stepIdRefs(sub, here, path));
    }
  }
  return out;
}

/** What an account gate's condition is checked against (actions/session/account.ts userDataCheck). */
const GATE_SCOPE = ['user', 'toCheckout', 'atSignIn'];

/** Each gate sends to a destination of the document, and its condition reads only what the gate is given. */
function checkAccountGates(ctx: RefContext, doc: LoadedDocument, gates: unknown[], destinations: Obj): void {
  gates.forEach((gate, i) => {
    if (!isObj(gate)) return;
    if (typeof gate.to === 'string' && !(gate.to in destinations)) {
      const near = suggest(gate.to, Object.keys(destinations));
      ctx.report(doc, `/accountGates/${i}/to`, `"${gate.to}" is no destination of this document` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near });
    }
    for (const m of JSON.stringify(gate.when ?? null).matchAll(/"scope":"\/([^/"]*)/g)) {
      if (!GATE_SCOPE.includes(m[1]!)) ctx.report(doc, `/accountGates/${i}/when`, `a gate's condition reads { ${GATE_SCOPE.join(', ')} }: "/${m[1]}" is none of them`, { suggestion: suggest(m[1]!, GATE_SCOPE) });
    }
  });
}

/** Every checkout type a rule gives has a flow; only the last rule has no conditions. */
function checkCheckoutTypeRules(ctx: RefContext, doc: LoadedDocument, rules: unknown[], checkoutTypes: Map<string, LoadedDocument>): void {
  rules.forEach((rule, i) => {
    if (!isObj(rule)) return;
    const t = rule.checkoutType;
    if (typeof t === 'string' && !checkoutTypes.has(t)) {
      ctx.report(doc, `/checkoutTypes/${i}/checkoutType`, `checkout type ${t} has no flow — add schemas/flows/<id>.json with "checkoutType": "${t}" or remove this rule`, { suggestion: suggest(t, checkoutTypes.keys()) });
    }
    const conditional = ['signedIn', 'anyEntry', 'alsoAnyEntry', 'everyEntry', 'noEntry'].some((k) => k in rule);
    if (i === rules.length - 1 && conditional) {
      ctx.report(doc, `/checkoutTypes/${i}`, 'the last checkout type rule must have no conditions (signedIn, anyEntry, alsoAnyEntry, everyEntry, noEntry), so every cart gets a checkout type');
    }
    if (i < rules.length - 1 && !conditional) {
      ctx.report(doc, `/checkoutTypes/${i}`, `this rule has no conditions, so the rules after it are never used — only the last rule may have none`);
    }
  });
}

/** Only the last payment mode rule has no conditions; card types go with CreditCard; account modes need a sign-in. */
function checkPaymentModeRules(ctx: RefContext, doc: LoadedDocument, rules: unknown[]): void {
  const needsAccount = ['ChargeGroupAccount', 'ChargeNewGroupAccount', 'SAVED_CARD', 'NEW_CARD_SAVE'];
  rules.forEach((rule, i) => {
    if (!isObj(rule)) return;
    const conditional = ['checkoutTypes', 'signedIn'].some((k) => k in rule);
    if (i === rules.length - 1 && conditional) ctx.report(doc, `/paymentModes/${i}`, 'the last payment mode rule must have no conditions (checkoutTypes, signedIn), so every checkout offers a way to pay');
    if (i < rules.length - 1 && !conditional) ctx.report(doc, `/paymentModes/${i}`, 'this rule has no conditions, so the rules after it are never used — only the last rule may have none');
    const modes = Array.isArray(rule.modes) ? rule.modes as string[] : [];
    const cardTypes = Array.isArray(rule.cardPaymentTypes) ? rule.cardPaymentTypes as string[] : [];
    if (modes.includes('CreditCard') && cardTypes.length === 0) ctx.report(doc, `/paymentModes/${i}`, 'CreditCard is offered: say how the card may be given (cardPaymentTypes)');
    if (!modes.includes('CreditCard') && cardTypes.length > 0) ctx.report(doc, `/paymentModes/${i}/cardPaymentTypes`, 'cardPaymentTypes without CreditCard in modes are never used');
    if (rule.signedIn !== true) {
      [...modes, ...cardTypes].filter((m) => needsAccount.includes(m)).forEach((m) => {
        ctx.report(doc, `/paymentModes/${i}`, `${m} needs a signed-in customer (monthly bills and saved cards are the customer's): add "signedIn": true or remove it from this rule`);
      });
    }
    modes.forEach((m, k) => ctx.messages.checkMessageKey(doc, `/paymentModes/${i}/modes/${k}`, `checkout.payment.name.${m}`));
  });
}

/**
 * Paying on delivery needs a delivery: the checkout type's flow has the data-and-delivery step (a prepaid eSIM comes
 * by e-mail, and there is no courier to pay).
 */
function checkDeliveryPayment(ctx: RefContext, doc: LoadedDocument, rules: unknown[], checkoutTypes: Map<string, LoadedDocument>): void {
  for (const [type, flow] of checkoutTypes) {
    const f = flow.json as Obj;
    const delivers = Array.isArray(f.steps) && f.steps.some((st) => isObj(st) && st.screen === DELIVERY_SCREEN);
    if (delivers) continue;
    // the customers the checkout type is for (schemas/rules/checkout-types.json "signedIn"; a flow may require it)
    const typeRules = ctx.byKind('rule').flatMap((d) => (Array.isArray((d.json as Obj).checkoutTypes) ? (d.json as Obj).checkoutTypes as unknown[] : []))
      .filter((r): r is Obj => isObj(r) && r.checkoutType === type);
    const kinds = new Set(typeRules.flatMap((r) => (typeof r.signedIn === 'boolean' ? [r.signedIn] : [true, false])));
    // (no rule gives a cart the type: nobody checks out with it)
    for (const signedIn of [true, false].filter((k) => kinds.has(k) && (k || f.signInRequired !== true))) {
      const i = rules.findIndex((r) => isObj(r) && (!Array.isArray(r.checkoutTypes) || r.checkoutTypes.includes(type)) && (typeof r.signedIn !== 'boolean' || r.signedIn === signedIn));
      const rule = rules[i];
      if (isObj(rule) && Array.isArray(rule.modes) && rule.modes.includes('Delivery')) {
        ctx.report(doc, `/paymentModes/${i}/modes/${rule.modes.indexOf('Delivery')}`, `Delivery (paying the courier) is offered to ${type}${signedIn ? ' (signed in)' : ''}, whose flow ${flow.file} has no delivery step (screen "${DELIVERY_SCREEN}"): add a rule for ${type} before this one without Delivery`);
      }
    }
  }
}

/** The reasons of a cart validation are distinct, and the modals its reactions open exist. */
function checkCartValidation(ctx: RefContext, doc: LoadedDocument, cv: Obj): void {
  const checkModal = (reaction: unknown, at: string): void => {
    if (isObj(reaction) && typeof reaction.modal === 'string') checkModalId(ctx, doc, reaction.modal, `${at}/modal`);
  };
  // reasons are compared in lower-case letters only: two spellings of one reason would leave one of them unused
  const seen = new Map<string, string>();
  for (const [reason, reaction] of Object.entries(isObj(cv.reasons) ? cv.reasons : {})) {
    const at = `/cartValidation/reasons/${escapePointer(reason)}`;
    const norm = reason.toLowerCase().replace(/[^a-z]/g, '');
    const first = seen.get(norm);
    if (first !== undefined) ctx.report(doc, at, `"${reason}" is the same reason as "${first}" (reasons are compared in lower-case letters only): keep one`, { atKey: true });
    else seen.set(norm, reason);
    checkModal(reaction, at);
  }
  checkModal(cv.otherwise, '/cartValidation/otherwise');
}

/** Every destination is served by a screen, as the shop's router would serve it. */
function checkDestinations(ctx: RefContext, doc: LoadedDocument, destinations: Obj): void {
  const served = ctx.screens.flatMap((d) => {
    const s = d.json as Obj;
    return [s.route, ...(Array.isArray(s.aliases) ? s.aliases : [])].filter((r): r is string => typeof r === 'string' && r !== '*');
  });
  for (const [name, dest] of Object.entries(destinations)) {
    if (!isObj(dest) || typeof dest.path !== 'string' || !dest.path.startsWith('/')) continue;
    const path = dest.path;
    const at = `/destinations/${escapePointer(name)}/path`;
    if (path.endsWith('/*')) {
      const prefix = path.slice(0, -1).toLowerCase();
      if (!served.some((r) => r.toLowerCase().startsWith(prefix))) ctx.report(doc, at, `no screen serves a page under "${prefix}" (no screen's route or alias starts with it)`);
    } else if (path.includes(':')) {
      if (!served.some((r) => r.toLowerCase() === path.toLowerCase())) {
        const near = suggest(path, served);
        ctx.report(doc, at, `"${path}" is no screen's route or alias (a destination with :parameters names a route as a screen writes it)` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near });
      }
    } else if (!served.some((r) => routeMatcher(r).test(path.split('?')[0]))) {
      const near = suggest(path, served);
      ctx.report(doc, at, `no screen serves "${path}", so the shopper sent there would see the not-found page` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near });
    }
  }
}
