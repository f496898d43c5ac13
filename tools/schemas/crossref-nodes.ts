/**
 * Cross-references of nodes and action calls (screens, modals, the fragments they include): components, props,
 * events and actions of the vocabulary, their values against its schemas, and the forms and modals they name.
 */
import { translateAjvErrors, type createAjv } from './ajv.js';
import { escapePointer } from './jsonpos.js';
import { acceptMessages } from './message-text.js';
import type { LoadedDocument } from './load.js';
import { suggest } from './suggest.js';
import { checkModalId, isDynamic, isMessageRef, isObj, unknownName, type Obj, type RefContext, type Report } from './crossref-context.js';

type Ajv = ReturnType<typeof createAjv>;

/** Checks a node's props or an action call's args against the vocabulary's schema of them. */
type CheckValues = (
  doc: LoadedDocument,
  what: 'prop' | 'argument',
  owner: string,
  values: Obj,
  extraPresent: Map<string, string>,
  schema: unknown,
  ptr: string,
  ownerPtr: string,
) => void;

/** The checks of nodes and calls, for the passes over screens and modals. */
export interface NodeChecks {
  /** one action call `{ "action", "args" }` */
  checkCall: (doc: LoadedDocument, call: unknown, ptr: string) => void;
  /** every node of a list (and its children) */
  checkNodes: (doc: LoadedDocument, list: unknown, ptr: string) => void;
  /** how many nodes of a list (children included) are the component `name` */
  countComponent: (list: unknown, name: string) => number;
}

/**
 * Values (props / args) against a schema: the names it knows, the ones it requires, the literal values it accepts. A
 * value written as a binding or a translated text is not checked; inside a literal, a `{ "message" }` is accepted where
 * the schema takes free text, at any depth, as the renderer resolves it there too (message-text.ts).
 */
function valueChecker(ajv: Ajv, report: Report): CheckValues {
  const compiled = new Map<string, ReturnType<Ajv['compile']> | null>();
  const literalValidator = (schema: Obj) => {
    const { $id: _i, $schema: _s, required: _r, additionalProperties: _a, ...rest } = schema;
    const key = JSON.stringify(rest);
    if (!compiled.has(key)) {
      try {
        compiled.set(key, ajv.compile(acceptMessages(rest) as object));
      } catch {
        compiled.set(key, null); // a broken vocabulary schema is the vocabulary author's problem, not the analyst's
      }
    }
    return compiled.get(key) ?? null;
  };
  return (doc, what, owner, values, extraPresent, schema, ptr, ownerPtr) => {
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
}

/** The checks of nodes and action calls, sharing one cache of compiled value schemas. */
export function nodeChecks(ctx: RefContext, ajv: Ajv): NodeChecks {
  const { vocab, report } = ctx;
  const checkValues = valueChecker(ajv, report);
  const checkCall = (doc: LoadedDocument, call: unknown, ptr: string): void => {
    if (!isObj(call) || typeof call.action !== 'string') return;
    const args = isObj(call.args) ? call.args : {};
    if (call.action === 'ui.openModal' && typeof args.id === 'string') checkModalId(ctx, doc, args.id, `${ptr}/args/id`);
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
  const checkNode = (doc: LoadedDocument, node: unknown, ptr: string): void => {
    if (!isObj(node)) return;
    const name = node.component;
    const props = isObj(node.props) ? node.props : {};
    if (name === 'Form' && typeof props.form === 'string' && !ctx.formIds.has(props.form) && !ctx.broken('form', props.form)) {
      const u = unknownName('form', props.form, ctx.formIds);
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
    checkAccessibleName(ctx, doc, node, name, comp.accessibleName ?? [], ptr);
    if (isObj(node.on)) checkEvents(report, doc, Object.keys(node.on), name, Object.keys(comp.events ?? {}), ptr);
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
  return { checkCall, checkNodes, countComponent };
}

/** The accessible name: a message that is empty in a language draws an unnamed control there. */
function checkAccessibleName(ctx: RefContext, doc: LoadedDocument, node: Obj, name: string, propNames: readonly string[], ptr: string): void {
  const props = isObj(node.props) ? node.props : {};
  for (const n of propNames) {
    const v = props[n];
    if (!isMessageRef(v)) continue;
    for (const [mdoc, , lang] of ctx.messages.langs) {
      const text = mdoc ? (mdoc.json as Obj)[v.message] : undefined;
      if (typeof text === 'string' && text.trim() === '') {
        ctx.report(doc, `${ptr}/props/${escapePointer(n)}/message`, `prop ${n} of component "${name}" is its accessible name, but message "${v.message}" is empty in ${lang}.json`, { expected: 'a message with text' });
      }
    }
  }
}

/** Every event a node reacts to ("on") is one its component emits. */
function checkEvents(report: Report, doc: LoadedDocument, on: string[], name: string, events: string[], ptr: string): void {
  for (const ev of on) {
    if (events.includes(ev)) continue;
    const u = unknownName('event', ev, events);
    report(doc, `${ptr}/on/${escapePointer(ev)}`, `${u.message} — component "${name}" emits ${events.length ? events.map((e) => `"${e}"`).join(', ') : 'no events'}`, {
      suggestion: u.suggestion,
      atKey: true,
      expected: events.length ? `one of: ${events.join(', ')}` : 'no events',
    });
  }
}
