/** Cross-reference checks between documents and against the vocabulary. */
import { createAjv, translateAjvErrors } from './ajv.js';
import { escapePointer } from './jsonpos.js';
import type { LoadedDocument } from './load.js';
import { FORM_UI_MESSAGE_KEYS, FORM_UI_MESSAGE_LIST_KEYS, STEP_PATHS } from './spec.js';

/** The screen of the step that collects where the goods go (a flow without it delivers nothing). */
const DELIVERY_SCREEN = 'checkout-data-delivery';
import { suggest } from './suggest.js';
import { routeMatcher } from './routes.js';
import type { Vocabulary } from './types.js';

/** How the checker's passes report a problem in a document (check.ts makes it, these passes use it). */
export type Report = (doc: LoadedDocument, pointer: string, message: string, extra?: { expected?: string; suggestion?: string; atKey?: boolean }) => void;

type Ajv = ReturnType<typeof createAjv>;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const RESERVED_MESSAGE_ENTRIES = new Set(['$schema', 'id', 'version']);

/** `{ "message": "key", "params"?: {…} }` */
export function isMessageRef(v: unknown): v is { message: string; params?: Obj } {
  return isObj(v) && typeof v.message === 'string' && Object.keys(v).every((k) => k === 'message' || k === 'params');
}
/** `{ "$bind": "/pointer" }` */
export function isBinding(v: unknown): v is { $bind: string } {
  return isObj(v) && typeof v.$bind === 'string' && Object.keys(v).length === 1;
}
/** written as a binding or a translated text (even a malformed one: the meta-schema reports that) */
const isDynamic = (v: unknown): boolean => isObj(v) && ('$bind' in v || 'message' in v);

function placeholders(text: unknown): string[] {
  const texts = typeof text === 'string' ? [text] : isObj(text) ? Object.values(text).filter((t): t is string => typeof t === 'string') : [];
  const set = new Set<string>();
  for (const t of texts) for (const m of t.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) set.add(m[1]);
  return [...set].sort();
}

/** "unknown X" with did-you-mean */
function unknownName(what: string, name: string, known: Iterable<string>): { message: string; suggestion?: string } {
  const s = suggest(name, known);
  return { message: `unknown ${what} "${name}"` + (s ? ` — did you mean "${s}"?` : ''), suggestion: s };
}

/**
 * @param unparsable documents whose file exists but is not valid JSON: references to them are not
 *                   reported again (the syntax error is)
 */
export function checkReferences(
  docs: LoadedDocument[],
  vocab: Vocabulary | undefined,
  report: Report,
  ajv: Ajv,
  unparsable: ReadonlyArray<{ kind: LoadedDocument['kind']; id: string }> = [],
): void {
  const byKind = (k: LoadedDocument['kind']) => docs.filter((d) => d.kind === k && isObj(d.json));
  const screens = byKind('screen');
  const forms = byKind('form');
  const modals = byKind('modal');
  const flows = byKind('flow');
  const messageDocs = byKind('messages');
  const screenIds = new Map(screens.map((d) => [d.id, d]));
  const formIds = new Set(forms.map((d) => d.id));
  const modalIds = new Set(modals.map((d) => d.id));
  const broken = (kind: LoadedDocument['kind'], id: string) => unparsable.some((u) => u.kind === kind && u.id === id);

  // ---- messages: both languages, same keys, same placeholders
  const sr = messageDocs.find((d) => d.id === 'sr');
  const en = messageDocs.find((d) => d.id === 'en');
  const keysOf = (d: LoadedDocument | undefined) => new Set(d ? Object.keys(d.json as Obj).filter((k) => !RESERVED_MESSAGE_ENTRIES.has(k)) : []);
  const srKeys = keysOf(sr);
  const enKeys = keysOf(en);
  const langs: Array<[LoadedDocument | undefined, Set<string>, string]> = [
    [sr, srKeys, 'sr'],
    [en, enKeys, 'en'],
  ];
  if (sr && en) {
    for (const [doc, keys, , other, otherName] of [
      [sr, srKeys, 'sr', enKeys, en.file],
      [en, enKeys, 'en', srKeys, sr.file],
    ] as const) {
      for (const k of keys) {
        if (!other.has(k)) report(doc, `/${escapePointer(k)}`, `message key "${k}" is missing in ${otherName} — every key must exist in both languages`, { atKey: true, expected: `the same key in ${otherName}` });
      }
    }
    for (const k of srKeys) {
      if (!enKeys.has(k)) continue;
      const a = placeholders((sr.json as Obj)[k]);
      const b = placeholders((en.json as Obj)[k]);
      if (a.join(',') !== b.join(',')) {
        const show = (l: string[]) => (l.length ? l.map((x) => `{${x}}`).join(', ') : 'none');
        report(en, `/${escapePointer(k)}`, `placeholders of "${k}" differ: sr.json has ${show(a)}, en.json has ${show(b)}`, { expected: show(a) });
      }
    }
  }
  const checkMessageKey = (doc: LoadedDocument, pointer: string, key: string): void => {
    for (const [mdoc, keys, lang] of langs) {
      if (keys.has(key)) continue;
      const file = mdoc?.file ?? `schemas/messages/${lang}.json`;
      const s = suggest(key, keys);
      report(doc, pointer, `message key "${key}" is missing in ${file}` + (s ? ` — did you mean "${s}"?` : ''), { suggestion: s, expected: `a key of ${file}` });
    }
  };
  /** every { message } anywhere in the value */
  const walkMessages = (doc: LoadedDocument, v: unknown, ptr: string): void => {
    if (isMessageRef(v)) checkMessageKey(doc, `${ptr}/message`, v.message);
    if (Array.isArray(v)) v.forEach((x, i) => walkMessages(doc, x, `${ptr}/${i}`));
    else if (isObj(v)) for (const [k, x] of Object.entries(v)) walkMessages(doc, x, `${ptr}/${escapePointer(k)}`);
  };

  // ---- values (props / args) against a schema
  const compiled = new Map<string, ReturnType<Ajv['compile']> | null>();
  const literalValidator = (schema: Obj) => {
    const { $id: _i, $schema: _s, required: _r, additionalProperties: _a, ...rest } = schema;
    const key = JSON.stringify(rest);
    if (!compiled.has(key)) {
      try {
        compiled.set(key, ajv.compile(rest));
      } catch {
        compiled.set(key, null); // a broken vocabulary schema is the vocabulary author's problem, not the analyst's
      }
    }
    return compiled.get(key) ?? null;
  };
  const checkValues = (
    doc: LoadedDocument,
    what: 'prop' | 'argument',
    owner: string,
    values: Obj,
    extraPresent: Map<string, string>,
    schema: unknown,
    ptr: string,
    ownerPtr: string,
  ): void => {
    if (!isObj(schema)) {
      if (schema === false && Object.keys(values).length) report(doc, ptr, `${owner} takes no ${what}s`);
      return;
    }
    const known = isObj(schema.properties) ? Object.keys(schema.properties) : [];
    // Props and args are closed unless the schema opens them: an argument an action does not declare
    // would be silently ignored at run time, so it is an error here.
    const closed = schema.additionalProperties === false || (schema.additionalProperties === undefined && (known.length > 0 || what === 'prop'));
    if (closed) {
      const check = (name: string, at: string) => {
        if (known.includes(name)) return;
        const s = suggest(name, known);
        report(doc, at, `unknown ${what} "${name}" of ${owner}` + (s ? ` — did you mean "${s}"?` : ''), { suggestion: s, atKey: true, expected: known.length ? `one of: ${known.join(', ')}` : `no ${what}s` });
      };
      for (const name of Object.keys(values)) check(name, `${ptr}/${escapePointer(name)}`);
      for (const [name, at] of extraPresent) check(name, at);
    }
    if (Array.isArray(schema.required)) {
      for (const r of schema.required) {
        if (typeof r === 'string' && !(r in values) && !extraPresent.has(r)) {
          report(doc, ownerPtr, `missing ${what} '${r}' of ${owner}`, { expected: `a ${what} "${r}"` });
        }
      }
    }
    const literal: Obj = {};
    for (const [k, v] of Object.entries(values)) if (!isDynamic(v) && known.includes(k)) literal[k] = v;
    if (!closed) for (const [k, v] of Object.entries(values)) if (!isDynamic(v)) literal[k] = v;
    const validate = literalValidator(schema);
    if (validate && !validate(literal)) {
      for (const e of translateAjvErrors(validate.errors, literal)) {
        if (e.pointer === '') continue; // whole-object complaints are covered above
        report(doc, ptr + e.pointer, `${what} ${e.pointer.slice(1).split('/')[0]} of ${owner} ${e.message}`, { expected: e.expected, suggestion: e.suggestion, atKey: e.atKey });
      }
    }
  };

  // ---- actions
  const checkCall = (doc: LoadedDocument, call: unknown, ptr: string): void => {
    if (!isObj(call) || typeof call.action !== 'string') return;
    const args = isObj(call.args) ? call.args : {};
    if (call.action === 'ui.openModal' && typeof args.id === 'string' && !modalIds.has(args.id) && !broken('modal', args.id)) {
      const u = unknownName('modal', args.id, modalIds);
      report(doc, `${ptr}/args/id`, `${u.message} (no schemas/modals/${args.id}.json)`, { suggestion: u.suggestion });
    }
    if (!vocab) return;
    const def = vocab.actions[call.action];
    if (!def) {
      const u = unknownName('action', call.action, Object.keys(vocab.actions));
      report(doc, `${ptr}/action`, u.message, { suggestion: u.suggestion });
      return;
    }
    checkValues(doc, 'argument', `action "${call.action}"`, args, new Map(), def.args, `${ptr}/args`, isObj(call.args) ? `${ptr}/args` : ptr);
  };
  const checkCalls = (doc: LoadedDocument, calls: unknown, ptr: string): void => {
    if (Array.isArray(calls)) calls.forEach((c, i) => checkCall(doc, c, `${ptr}/${i}`));
    else checkCall(doc, calls, ptr);
  };

  // ---- nodes
  const checkNode = (doc: LoadedDocument, node: unknown, ptr: string): void => {
    if (!isObj(node)) return;
    const name = node.component;
    const props = isObj(node.props) ? node.props : {};
    if (name === 'Form' && typeof props.form === 'string' && !formIds.has(props.form) && !broken('form', props.form)) {
      const u = unknownName('form', props.form, formIds);
      report(doc, `${ptr}/props/form`, `${u.message} (no schemas/forms/${props.form}.json)`, { suggestion: u.suggestion });
    }
    if (isObj(node.on)) for (const [ev, calls] of Object.entries(node.on)) checkCalls(doc, calls, `${ptr}/on/${escapePointer(ev)}`);
    if (Array.isArray(node.children)) node.children.forEach((c, i) => checkNode(doc, c, `${ptr}/children/${i}`));
    if (!vocab || typeof name !== 'string') return;
    const comp = vocab.components[name];
    if (!comp) {
      const u = unknownName('component', name, Object.keys(vocab.components));
      report(doc, `${ptr}/component`, u.message, { suggestion: u.suggestion });
      return;
    }
    const bound = new Map<string, string>();
    if (isObj(node.bind)) for (const k of Object.keys(node.bind)) bound.set(k, `${ptr}/bind/${escapePointer(k)}`);
    checkValues(doc, 'prop', `component "${name}"`, props, bound, comp.props, `${ptr}/props`, isObj(node.props) ? `${ptr}/props` : ptr);
    // the accessible name: a message that is empty in a language draws an unnamed control there
    for (const n of comp.accessibleName ?? []) {
      const v = props[n];
      if (!isMessageRef(v)) continue;
      for (const [mdoc, , lang] of langs) {
        const text = mdoc ? (mdoc.json as Obj)[v.message] : undefined;
        if (typeof text === 'string' && text.trim() === '') {
          report(doc, `${ptr}/props/${escapePointer(n)}/message`, `prop ${n} of component "${name}" is its accessible name, but message "${v.message}" is empty in ${lang}.json`, { expected: 'a message with text' });
        }
      }
    }
    if (isObj(node.on)) {
      const events = Object.keys(comp.events ?? {});
      for (const ev of Object.keys(node.on)) {
        if (events.includes(ev)) continue;
        const u = unknownName('event', ev, events);
        report(doc, `${ptr}/on/${escapePointer(ev)}`, `${u.message} — component "${name}" emits ${events.length ? events.map((e) => `"${e}"`).join(', ') : 'no events'}`, {
          suggestion: u.suggestion,
          atKey: true,
          expected: events.length ? `one of: ${events.join(', ')}` : 'no events',
        });
      }
    }
    if (Array.isArray(node.children) && node.children.length && !comp.children) {
      report(doc, `${ptr}/children`, `component "${name}" does not accept children`, { atKey: true });
    }
  };
  const checkNodes = (doc: LoadedDocument, list: unknown, ptr: string): void => {
    if (Array.isArray(list)) list.forEach((n, i) => checkNode(doc, n, `${ptr}/${i}`));
  };
  const countComponent = (list: unknown, name: string): number => {
    if (!Array.isArray(list)) return 0;
    return list.reduce<number>((n, node) => (isObj(node) ? n + (node.component === name ? 1 : 0) + countComponent(node.children, name) : n), 0);
  };

  // ---- screens
  const routes = new Map<string, { doc: LoadedDocument; route: string; ptr: string }>();
  const normalizeRoute = (r: string) => r.replace(/:[A-Za-z0-9_]+(\?)?/g, (_m, q: string | undefined) => (q ? ':?' : ':')).replace(/\/+$/, '') || '/';
  for (const doc of screens) {
    const j = doc.json as Obj;
    walkMessages(doc, j, '');
    checkNodes(doc, j.body, '/body');
    if (Array.isArray(j.load)) j.load.forEach((c, i) => checkCall(doc, c, `/load/${i}`));
    const isLayout = j.kind === 'layout';
    if (isLayout && vocab?.components.Outlet && countComponent(j.body, 'Outlet') !== 1) {
      report(doc, '/body', `a layout's body must contain exactly one "Outlet" node (where the page goes); found ${countComponent(j.body, 'Outlet')}`);
    }
    if (!isLayout) {
      const layout = typeof j.layout === 'string' ? j.layout : 'main';
      if (layout !== 'none') {
        const target = screenIds.get(layout);
        if (!target && broken('screen', layout)) {
          // reported as a syntax error
        } else if (!target) {
          const u = unknownName('layout screen', layout, [...screenIds.keys()].filter((id) => (screenIds.get(id)!.json as Obj).kind === 'layout'));
          report(doc, typeof j.layout === 'string' ? '/layout' : '', `${u.message} (no schemas/screens/${layout}.json${typeof j.layout === 'string' ? '' : '; "main" is the default layout'})`, { suggestion: u.suggestion });
        } else if ((target.json as Obj).kind !== 'layout') {
          report(doc, '/layout', `screen "${layout}" is not a layout (it has no "kind": "layout")`);
        }
      }
    }
    const all: Array<[string, string]> = [];
    if (typeof j.route === 'string') all.push([j.route, '/route']);
    if (Array.isArray(j.aliases)) j.aliases.forEach((a, i) => typeof a === 'string' && all.push([a, `/aliases/${i}`]));
    for (const [route, ptr] of all) {
      const key = normalizeRoute(route);
      const prev = routes.get(key);
      // a clash is reported on both screens, each naming the other: the checker cannot tell which one was edited,
      // and the one being edited (in the studio, or by the developer who ran the checker) must show it
      if (prev && prev.doc === doc) report(doc, ptr, `route "${route}" is used twice by this screen (also "${prev.route}" at ${prev.ptr})`);
      else if (prev) {
        report(doc, ptr, `route "${route}" is already used by ${prev.doc.file} ("${prev.route}") — routes must be unique across screens`);
        report(prev.doc, prev.ptr, `route "${prev.route}" is also used by ${doc.file} ("${route}") — routes must be unique across screens`);
      } else routes.set(key, { doc, route, ptr });
    }
  }

  // ---- modals
  for (const doc of modals) {
    const j = doc.json as Obj;
    walkMessages(doc, j, '');
    checkNodes(doc, j.body, '/body');
    checkNodes(doc, j.footer, '/footer');
  }

  // ---- flows
  const checkoutTypes = new Map<string, LoadedDocument>();
  for (const doc of flows) {
    const j = doc.json as Obj;
    walkMessages(doc, j, '');
    if (typeof j.checkoutType === 'string') {
      const prev = checkoutTypes.get(j.checkoutType);
      if (prev) report(doc, '/checkoutType', `checkout type ${j.checkoutType} already has a flow: ${prev.file} — one flow per checkout type`);
      else checkoutTypes.set(j.checkoutType, doc);
    }
    if (!Array.isArray(j.steps)) continue;
    const seen = new Map<string, number>();
    j.steps.forEach((step, i) => {
      if (!isObj(step)) return;
      const ptr = `/steps/${i}`;
      let pathWrong = false;
      if (typeof step.code === 'string') {
        if (seen.has(step.code)) report(doc, `${ptr}/code`, `step ${step.code} appears twice in this flow (also step ${seen.get(step.code)! + 1})`);
        else seen.set(step.code, i);
        const want = STEP_PATHS[step.code];
        if (want !== undefined && typeof step.path === 'string' && step.path !== want) {
          pathWrong = true;
          report(doc, `${ptr}/path`, `the path of step ${step.code} must be "${want}" (seed 000 §2), not "${step.path}"`, { expected: want, suggestion: want });
        }
      }
      if (typeof step.screen === 'string' && !screenIds.has(step.screen) && !broken('screen', step.screen)) {
        const u = unknownName('screen', step.screen, screenIds.keys());
        report(doc, `${ptr}/screen`, `${u.message} (no schemas/screens/${step.screen}.json)`, { suggestion: u.suggestion });
      } else if (typeof step.screen === 'string' && typeof step.path === 'string' && screenIds.has(step.screen) && !pathWrong) {
        // the step's address must open the step's screen: the router draws the screen whose route serves the path,
        // and a shopper sent to a step whose screen is another one is stuck there without a word
        const addresses = (d: LoadedDocument) => {
          const j = d.json as Obj;
          return [j.route, ...(Array.isArray(j.aliases) ? j.aliases : [])].filter((r): r is string => typeof r === 'string');
        };
        const own = addresses(screenIds.get(step.screen)!);
        if (!own.some((r) => routeMatcher(r).test(step.path as string))) {
          const serving = screens.find((d) => addresses(d).some((r) => routeMatcher(r).test(step.path as string)));
          report(doc, `${ptr}/screen`,
            `screen "${step.screen}" does not serve the step's path "${step.path}" (${own.length ? `its route is "${own.join('", "')}"` : 'it has no route'}), so the shopper sent to this step would be stuck on another page`
            + (serving ? ` — did you mean "${serving.id}"? (its route serves "${step.path}")` : ` — give the screen the route "${step.path}"`),
            { suggestion: serving?.id, expected: serving ? `"${serving.id}"` : `a screen whose route is "${step.path}"` });
        }
      }
    });
  }

  // ---- rules (schemas/rules): every checkout type has a flow, the last rule catches every cart; modals exist
  for (const doc of byKind('rule')) {
    const j = doc.json as Obj;
    walkMessages(doc, j, '');
    if (Array.isArray(j.checkoutTypes)) {
      const rules = j.checkoutTypes as unknown[];
      rules.forEach((rule, i) => {
        if (!isObj(rule)) return;
        const t = rule.checkoutType;
        if (typeof t === 'string' && !checkoutTypes.has(t)) {
          report(doc, `/checkoutTypes/${i}/checkoutType`, `checkout type ${t} has no flow — add schemas/flows/<id>.json with "checkoutType": "${t}" or remove this rule`, { suggestion: suggest(t, checkoutTypes.keys()) });
        }
        const conditional = ['signedIn', 'anyEntry', 'alsoAnyEntry', 'everyEntry', 'noEntry'].some((k) => k in rule);
        if (i === rules.length - 1 && conditional) {
          report(doc, `/checkoutTypes/${i}`, 'the last checkout type rule must have no conditions (signedIn, anyEntry, alsoAnyEntry, everyEntry, noEntry), so every cart gets a checkout type');
        }
        if (i < rules.length - 1 && !conditional) {
          report(doc, `/checkoutTypes/${i}`, `this rule has no conditions, so the rules after it are never used — only the last rule may have none`);
        }
      });
    }
    if (Array.isArray(j.paymentModes)) {
      const rules = j.paymentModes as unknown[];
      const needsAccount = ['ChargeGroupAccount', 'ChargeNewGroupAccount', 'SAVED_CARD', 'NEW_CARD_SAVE'];
      rules.forEach((rule, i) => {
        if (!isObj(rule)) return;
        const conditional = ['checkoutTypes', 'signedIn'].some((k) => k in rule);
        if (i === rules.length - 1 && conditional) report(doc, `/paymentModes/${i}`, 'the last payment mode rule must have no conditions (checkoutTypes, signedIn), so every checkout offers a way to pay');
        if (i < rules.length - 1 && !conditional) report(doc, `/paymentModes/${i}`, 'this rule has no conditions, so the rules after it are never used — only the last rule may have none');
        const modes = Array.isArray(rule.modes) ? rule.modes as string[] : [];
        const cardTypes = Array.isArray(rule.cardPaymentTypes) ? rule.cardPaymentTypes as string[] : [];
        if (modes.includes('CreditCard') && cardTypes.length === 0) report(doc, `/paymentModes/${i}`, 'CreditCard is offered: say how the card may be given (cardPaymentTypes)');
        if (!modes.includes('CreditCard') && cardTypes.length > 0) report(doc, `/paymentModes/${i}/cardPaymentTypes`, 'cardPaymentTypes without CreditCard in modes are never used');
        if (rule.signedIn !== true) {
          [...modes, ...cardTypes].filter((m) => needsAccount.includes(m)).forEach((m) => {
            report(doc, `/paymentModes/${i}`, `${m} needs a signed-in customer (monthly bills and saved cards are the customer's): add "signedIn": true or remove it from this rule`);
          });
        }
        modes.forEach((m, k) => checkMessageKey(doc, `/paymentModes/${i}/modes/${k}`, `checkout.payment.name.${m}`));
      });
      // paying on delivery needs a delivery: the checkout type's flow has the data-and-delivery step (a prepaid eSIM
      // comes by e-mail, and there is no courier to pay)
      for (const [type, flow] of checkoutTypes) {
        const f = flow.json as Obj;
        const delivers = Array.isArray(f.steps) && f.steps.some((st) => isObj(st) && st.screen === DELIVERY_SCREEN);
        if (delivers) continue;
        // the customers the checkout type is for (schemas/rules/checkout-types.json "signedIn"; a flow may require it)
        const typeRules = byKind('rule').flatMap((d) => (Array.isArray((d.json as Obj).checkoutTypes) ? (d.json as Obj).checkoutTypes as unknown[] : []))
          .filter((r): r is Obj => isObj(r) && r.checkoutType === type);
        const kinds = new Set(typeRules.flatMap((r) => (typeof r.signedIn === 'boolean' ? [r.signedIn] : [true, false])));
        // (no rule gives a cart the type: nobody checks out with it)
        for (const signedIn of [true, false].filter((k) => kinds.has(k) && (k || f.signInRequired !== true))) {
          const i = rules.findIndex((r) => isObj(r) && (!Array.isArray(r.checkoutTypes) || r.checkoutTypes.includes(type)) && (typeof r.signedIn !== 'boolean' || r.signedIn === signedIn));
          const rule = rules[i];
          if (isObj(rule) && Array.isArray(rule.modes) && rule.modes.includes('Delivery')) {
            report(doc, `/paymentModes/${i}/modes/${rule.modes.indexOf('Delivery')}`, `Delivery (paying the courier) is offered to ${type}${signedIn ? ' (signed in)' : ''}, whose flow ${flow.file} has no delivery step (screen "${DELIVERY_SCREEN}"): add a rule for ${type} before this one without Delivery`);
          }
        }
      }
    }
    if (isObj(j.cartStatuses)) {
      for (const [code, reaction] of Object.entries(j.cartStatuses)) {
        if (!isObj(reaction) || typeof reaction.modal !== 'string') continue;
        if (!modalIds.has(reaction.modal) && !broken('modal', reaction.modal)) {
          const u = unknownName('modal', reaction.modal, modalIds);
          report(doc, `/cartStatuses/${escapePointer(code)}/modal`, `${u.message} (no schemas/modals/${reaction.modal}.json)`, { suggestion: u.suggestion });
        }
      }
    }
    if (isObj(j.cartValidation)) {
      const cv = j.cartValidation;
      const checkModal = (reaction: unknown, at: string): void => {
        if (!isObj(reaction) || typeof reaction.modal !== 'string') return;
        if (!modalIds.has(reaction.modal) && !broken('modal', reaction.modal)) {
          const u = unknownName('modal', reaction.modal, modalIds);
          report(doc, `${at}/modal`, `${u.message} (no schemas/modals/${reaction.modal}.json)`, { suggestion: u.suggestion });
        }
      };
      // reasons are compared in lower-case letters only: two spellings of one reason would leave one of them unused
      const seen = new Map<string, string>();
      for (const [reason, reaction] of Object.entries(isObj(cv.reasons) ? cv.reasons : {})) {
        const at = `/cartValidation/reasons/${escapePointer(reason)}`;
        const norm = reason.toLowerCase().replace(/[^a-z]/g, '');
        const first = seen.get(norm);
        if (first !== undefined) report(doc, at, `"${reason}" is the same reason as "${first}" (reasons are compared in lower-case letters only): keep one`, { atKey: true });
        else seen.set(norm, reason);
        checkModal(reaction, at);
      }
      checkModal(cv.otherwise, '/cartValidation/otherwise');
    }
    if (isObj(j.modals)) {
      for (const [name, m] of Object.entries(j.modals)) {
        if (!isObj(m) || typeof m.modal !== 'string' || modalIds.has(m.modal) || broken('modal', m.modal)) continue;
        const u = unknownName('modal', m.modal, modalIds);
        report(doc, `/modals/${escapePointer(name)}/modal`, `${u.message} (no schemas/modals/${m.modal}.json)`, { suggestion: u.suggestion });
      }
    }
    if (isObj(j.destinations)) {
      // every destination is served by a screen, as the shop's router would serve it
      const served = screens.flatMap((d) => {
        const s = d.json as Obj;
        return [s.route, ...(Array.isArray(s.aliases) ? s.aliases : [])].filter((r): r is string => typeof r === 'string' && r !== '*');
      });
      for (const [name, dest] of Object.entries(j.destinations)) {
        if (!isObj(dest) || typeof dest.path !== 'string' || !dest.path.startsWith('/')) continue;
        const path = dest.path;
        const at = `/destinations/${escapePointer(name)}/path`;
        if (path.endsWith('/*')) {
          const prefix = path.slice(0, -1).toLowerCase();
          if (!served.some((r) => r.toLowerCase().startsWith(prefix))) report(doc, at, `no screen serves a page under "${prefix}" (no screen's route or alias starts with it)`);
        } else if (path.includes(':')) {
          if (!served.some((r) => r.toLowerCase() === path.toLowerCase())) {
            const near = suggest(path, served);
            report(doc, at, `"${path}" is no screen's route or alias (a destination with :parameters names a route as a screen writes it)` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near });
          }
        } else if (!served.some((r) => routeMatcher(r).test(path.split('?')[0]))) {
          const near = suggest(path, served);
          report(doc, at, `no screen serves "${path}", so the shopper sent there would see the not-found page` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near });
        }
      }
    }
  }

  // ---- forms
  // only whether the data schema is JSON Schema; its formats and the shop's keywords (tools/schemas/rules.ts) are
  // compiled for real into the form's validator (checkTree, step 4)
  const formAjv = createAjv({ validateFormats: false });
  for (const doc of forms) {
    const j = doc.json as Obj;
    const schema = j.schema;
    if (isObj(schema)) {
      try {
        const { $id: _i, ...rest } = schema;
        formAjv.compile(rest);
      } catch (e) {
        report(doc, '/schema', `the data schema is not valid JSON Schema: ${(e as Error).message}`);
      }
    }
    /** An object's fields: its properties and those its if/then/else adds (a group drawn while the condition holds). */
    const propsOf = (s: unknown): Obj | undefined => {
      if (!isObj(s) || !isObj(s.properties)) return undefined;
      const branch = (b: unknown): Obj => (isObj(b) && isObj(b.properties) ? b.properties : {});
      return { ...branch(s.then), ...branch(s.else), ...s.properties };
    };
    const fieldsOf = (s: unknown): string[] => Object.keys(propsOf(s) ?? {});
    const walkUi = (ui: unknown, s: unknown, ptr: string): void => {
      if (!isObj(ui)) return;
      for (const [k, v] of Object.entries(ui)) {
        const at = `${ptr}/${escapePointer(k)}`;
        if (k === 'ui:order' && Array.isArray(v) && isObj(s) && isObj(s.properties)) checkOrder(v, fieldsOf(s), at);
        else if ((FORM_UI_MESSAGE_KEYS as readonly string[]).includes(k) && typeof v === 'string') checkMessageKey(doc, at, v);
        else if ((FORM_UI_MESSAGE_LIST_KEYS as readonly string[]).includes(k) && Array.isArray(v)) {
          v.forEach((x, i) => typeof x === 'string' && checkMessageKey(doc, `${at}/${i}`, x));
        } else if (k === 'items' && isObj(v)) walkUi(v, isObj(s) ? s.items : undefined, at);
        else if (!k.startsWith('ui:') && isObj(v)) {
          const fields = fieldsOf(s);
          if (isObj(s) && isObj(s.properties) && !fields.includes(k)) {
            const u = unknownName('field', k, fields);
            report(doc, at, `${u.message} in uiSchema — the data schema has no such property`, { atKey: true, suggestion: u.suggestion });
          }
          walkUi(v, propsOf(s)?.[k], at);
        }
      }
    };
    /** ui:order names fields of the data schema; without "*" it names all of them (RJSF refuses to draw otherwise) */
    const checkOrder = (order: unknown[], fields: string[], at: string): void => {
      order.forEach((name, i) => {
        if (typeof name !== 'string' || name === '*' || fields.includes(name)) return;
        const near = suggest(name, fields);
        report(doc, `${at}/${i}`, `ui:order names "${name}", which is no field of the data schema, so the form would not be drawn` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near, expected: `one of: ${[...fields, '*'].join(', ')}` });
      });
      if (!order.includes('*')) {
        const missing = fields.filter((f) => !order.includes(f));
        if (missing.length) report(doc, at, `ui:order leaves out ${missing.map((f) => `"${f}"`).join(', ')} and has no "*" — the form would not be drawn; add ${missing.length === 1 ? 'it' : 'them'} or "*" (the fields not named, in schema order)`, { expected: `every field, or "*"` });
      }
    };
    /**
     * `required` names fields of its object: its own properties, or those of the object a subschema (allOf, anyOf,
     * oneOf, if/then/else, not, dependentSchemas) belongs to. A required field the form does not have can never be
     * filled in, so the form could never be sent.
     */
    const checkRequired = (s: unknown, ptr: string, outer: string[]): void => {
      if (!isObj(s)) return;
      const own = fieldsOf(s);
      const fields = [...new Set([...own, ...outer])];
      if (Array.isArray(s.required) && fields.length > 0 && !isObj(s.patternProperties)) {
        s.required.forEach((name, i) => {
          if (typeof name !== 'string' || fields.includes(name)) return;
          const near = suggest(name, fields);
          report(doc, `${ptr}/required/${i}`, `required names "${name}", which is no field of the data schema, so the form could never be sent` + (near ? ` — did you mean "${near}"?` : ''), { suggestion: near, expected: `one of: ${fields.join(', ')}` });
        });
      }
      if (isObj(s.properties)) for (const [k, v] of Object.entries(s.properties)) checkRequired(v, `${ptr}/properties/${escapePointer(k)}`, []);
      if (isObj(s.items)) checkRequired(s.items, `${ptr}/items`, []);
      for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
        const list = s[key];
        if (Array.isArray(list)) list.forEach((sub, i) => checkRequired(sub, `${ptr}/${key}/${i}`, fields));
      }
      for (const key of ['if', 'then', 'else', 'not'] as const) checkRequired(s[key], `${ptr}/${key}`, fields);
      if (isObj(s.dependentSchemas)) for (const [k, sub] of Object.entries(s.dependentSchemas)) checkRequired(sub, `${ptr}/dependentSchemas/${escapePointer(k)}`, fields);
      if (isObj(s.$defs)) for (const [k, sub] of Object.entries(s.$defs)) checkRequired(sub, `${ptr}/$defs/${escapePointer(k)}`, []);
    };
    checkRequired(schema, '/schema', []);
    walkUi(j.uiSchema, schema, '/uiSchema');
    if (isObj(j.messages)) {
      for (const [field, rules] of Object.entries(j.messages)) {
        const at = `/messages/${escapePointer(field)}`;
        // the field pointer must name a field of the data schema
        let s: unknown = schema;
        for (const seg of field.split('/').slice(1).map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'))) {
          const props = propsOf(s);
          if (props && seg in props) s = props[seg];
          else if (isObj(s) && /^\d+$/.test(seg) && s.items !== undefined) s = s.items;
          else {
            const u = unknownName('field', seg, fieldsOf(s));
            report(doc, at, `${u.message} in messages — "${field}" does not point at a field of the data schema`, { atKey: true, suggestion: u.suggestion });
            break;
          }
        }
        if (isObj(rules)) for (const [rule, key] of Object.entries(rules)) if (typeof key === 'string') checkMessageKey(doc, `${at}/${escapePointer(rule)}`, key);
      }
    }
  }
}
