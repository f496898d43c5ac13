/**
 * The studio's JSON editor on CodeMirror 6, loaded on demand by Editor.tsx (its own chunk: the shop never loads
 * it, the studio page paints before it). JSON language, line numbers, bracket matching and closing, undo, search
 * (basicSetup); completion and hover help from the document kind's JSON Schema (schemaAssist.ts); the checker's
 * errors as diagnostics at their lines. Tab is left to the browser (it moves the focus on: CodeMirror binds no Tab
 * unless told to), so the editor never traps the keyboard.
 */
import { basicSetup } from 'codemirror';
import { EditorView, hoverTooltip, type Tooltip } from '@codemirror/view';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import { setDiagnostics, lintGutter } from '@codemirror/lint';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { SyntaxNode } from '@lezer/common';
import { SchemaAssist, type Json, type PathSegment, type Suggestion } from './schemaAssist';
import type { EditorDiagnostic } from './diagnostics';

export interface StudioEditorOptions {
  parent: HTMLElement;
  text: string;
  label: string;
  /** id of the element that describes the editor's keys (aria-describedby) */
  describedBy?: string;
  onChange(text: string): void;
}

export interface StudioEditor {
  /** the document's text from outside (a reload, revert): replaces the editor's text when it differs */
  setText(text: string): void;
  setDiagnostics(diagnostics: EditorDiagnostic[]): void;
  /** the kind's JSON Schema (GET /studio/api/schema), or null */
  setSchema(schema: Json | null): void;
  setLabel(label: string, invalid: boolean): void;
  jumpTo(line: number, column: number): void;
  destroy(): void;
  readonly view: EditorView;
}

/** Changes the studio makes (not the analyst's typing): not reported back through onChange. */
const external = Annotation.define<boolean>();

export function createStudioEditor(opts: StudioEditorOptions): StudioEditor {
  const holder: { assist: SchemaAssist | null } = { assist: null };
  const attributes = new Compartment();
  // tabindex: the text field is in the tab order anyway (contenteditable); said outright, axe sees that the
  // scrolling box around it has focusable content (scrollable-region-focusable)
  const attrs = (label: string, invalid: boolean) => EditorView.contentAttributes.of({
    tabindex: '0', 'aria-label': label, 'aria-invalid': String(invalid), ...(opts.describedBy ? { 'aria-describedby': opts.describedBy } : {}),
  });
  const view = new EditorView({
    parent: opts.parent,
    state: EditorState.create({
      doc: opts.text,
      extensions: [
        basicSetup,
        json(),
        lintGutter(),
        jsonLanguage.data.of({ autocomplete: (ctx: CompletionContext) => complete(holder.assist, ctx) }),
        hoverTooltip((v, pos, side) => hover(holder.assist, v, pos, side), { hoverTime: 350 }),
        EditorState.tabSize.of(2),
        attributes.of(attrs(opts.label, false)),
        studioTheme,
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !u.transactions.some((tr) => tr.annotation(external))) opts.onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    setText(text) {
      const current = view.state.doc.toString();
      if (text === current) return;
      view.dispatch({ changes: { from: 0, to: current.length, insert: text }, annotations: external.of(true) });
    },
    setDiagnostics(diagnostics) {
      const length = view.state.doc.length;
      view.dispatch(setDiagnostics(view.state, diagnostics.map((d) => ({
        from: Math.min(d.from, length), to: Math.min(d.to, length), severity: 'error' as const, message: d.message,
      }))));
    },
    setSchema(schema) {
      holder.assist = schema ? new SchemaAssist(schema) : null;
    },
    setLabel(label, invalid) {
      view.dispatch({ effects: attributes.reconfigure(attrs(label, invalid)) });
    },
    jumpTo(line, column) {
      const doc = view.state.doc;
      const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
      const at = Math.min(l.from + Math.max(column - 1, 0), l.to);
      view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}

const studioTheme = EditorView.theme({
  '&': { height: '100%', flex: '1', minWidth: '0', backgroundColor: '#fff', color: 'var(--ot-ink)' },
  '&.cm-focused': { outline: 'none' }, // the frame (.st-editor:focus-within) shows the focus
  '.cm-scroller': { fontFamily: 'var(--st-mono)', fontSize: '13px', lineHeight: 'var(--st-line)' },
  // the gutters' text at AA contrast (CodeMirror's default grey on grey is 2.6:1)
  '.cm-gutters': { backgroundColor: '#faf9fc', color: 'var(--ot-muted)', borderRight: '1px solid var(--ot-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--ot-primary-soft)', color: 'var(--ot-ink)' },
  '.cm-tooltip': { maxWidth: 'min(36rem, 90vw)', font: '13px/1.45 system-ui, sans-serif' },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--st-mono)' },
  '.st-hover': { padding: '6px 10px' },
  '.st-hover__title': { fontWeight: '700', margin: '0 0 2px' },
  '.st-hover__text': { margin: '0', whiteSpace: 'pre-wrap' },
  '.st-hover__value': { margin: '4px 0 0', whiteSpace: 'pre-wrap' },
});

// ---- the document's syntax tree → paths and values ----

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function text(state: EditorState, node: SyntaxNode): string {
  return state.sliceDoc(node.from, node.to);
}

function stringValue(raw: string): string {
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v === 'string') return v;
  } catch { /* an unfinished string */ }
  return raw.replace(/^"/, '').replace(/"$/, '');
}

/** The value node of a Property (null while it has none). */
function propertyValue(property: SyntaxNode): SyntaxNode | null {
  for (let c = property.lastChild; c; c = c.prevSibling) if (VALUE_NODES.has(c.name)) return c;
  return null;
}

function propertyName(state: EditorState, property: SyntaxNode): string | null {
  const n = property.getChild('PropertyName');
  return n ? stringValue(text(state, n)) : null;
}

/** The document's value as far as it parses (while being typed, unfinished parts are left out). */
export function documentValue(state: EditorState, node: SyntaxNode | null): unknown {
  if (!node) return undefined;
  switch (node.name) {
    case 'JsonText': {
      for (let c = node.firstChild; c; c = c.nextSibling) if (VALUE_NODES.has(c.name)) return documentValue(state, c);
      return undefined;
    }
    case 'Object': {
      const out: Record<string, unknown> = {};
      for (const p of node.getChildren('Property')) {
        const name = propertyName(state, p);
        const v = propertyValue(p);
        if (name !== null && v) out[name] = documentValue(state, v);
      }
      return out;
    }
    case 'Array': {
      const out: unknown[] = [];
      for (let c = node.firstChild; c; c = c.nextSibling) if (VALUE_NODES.has(c.name)) out.push(documentValue(state, c));
      return out;
    }
    case 'String': return stringValue(text(state, node));
    case 'Number': return Number(text(state, node));
    case 'True': return true;
    case 'False': return false;
    case 'Null': return null;
    default: return undefined;
  }
}

/** The place of a value node (or of the object a PropertyName is in) as a path of property names and indexes. */
export function pathOf(state: EditorState, node: SyntaxNode): PathSegment[] {
  const path: PathSegment[] = [];
  for (let cur = node; cur.parent; cur = cur.parent) {
    const parent = cur.parent;
    if (parent.name === 'Property' && cur.name !== 'PropertyName') {
      const name = propertyName(state, parent);
      if (name !== null) path.unshift(name);
    } else if (parent.name === 'Array') {
      path.unshift(indexIn(parent, cur.from));
    }
  }
  return path;
}

/** How many values of an array come before `pos`. */
function indexIn(array: SyntaxNode, pos: number): number {
  let i = 0;
  for (let c = array.firstChild; c && c.from < pos; c = c.nextSibling) if (VALUE_NODES.has(c.name) && c.to <= pos) i++;
  return i;
}

// ---- completion ----

function option(s: Suggestion, type: string, apply: string | Completion['apply']): Completion {
  return { label: s.label, type, detail: s.title, info: s.description, apply };
}

export function complete(assist: SchemaAssist | null, ctx: CompletionContext): CompletionResult | null {
  if (!assist) return null;
  const { state, pos } = ctx;
  const tree = ensureSyntaxTree(state, state.doc.length, 200) ?? syntaxTree(state);
  const doc = documentValue(state, tree.topNode);
  const node = tree.resolveInner(pos, -1);

  // inside the quotes of a property name: the names the object's schema allows (not those it has already)
  if (node.name === 'PropertyName' && pos > node.from) {
    const property = node.parent!;
    const object = property.parent!;
    const raw = text(state, node);
    const closed = raw.length > 1 && raw.endsWith('"');
    const from = node.from + 1;
    const to = closed ? node.to - 1 : node.to;
    const has = new Set(object.getChildren('Property').filter((p) => p !== property).map((p) => propertyName(state, p)));
    // (by the text: while the name is being typed the parser may take the next line's colon for this property's)
    const hasColon = /^\s*:/.test(state.sliceDoc(node.to, Math.min(node.to + 100, state.doc.length)));
    const names = assist.propertyNames(assist.at(pathOf(state, object), doc)).filter((s) => !has.has(s.label));
    if (names.length === 0) return null;
    return {
      from, to, validFor: /^[\w$.:-]*$/,
      options: names.map((s) => option(s, 'property', hasColon ? s.label : (view: EditorView, _c: Completion, f: number, t: number) => {
        // no colon yet: the name, its closing quote and ": "
        const end = closed ? t + 1 : t;
        const insert = `${s.label}": `;
        view.dispatch({ changes: { from: f, to: end, insert }, selection: { anchor: f + insert.length } });
      })),
    };
  }

  // inside the quotes of a string value: the strings the schema lists (component, action, message key …)
  if (node.name === 'String' && pos > node.from && (node.parent?.name === 'Property' || node.parent?.name === 'Array')) {
    const raw = text(state, node);
    const closed = raw.length > 1 && raw.endsWith('"');
    const values = assist.values(assist.at(pathOf(state, node), doc)).filter((s) => typeof s.value === 'string');
    if (values.length === 0) return null;
    return {
      from: node.from + 1, to: closed ? node.to - 1 : node.to, validFor: /^[\w$.:/-]*$/,
      options: values.map((s) => option(s, 'enum', JSON.stringify(s.value).slice(1, -1))),
    };
  }

  // between values (Ctrl+Space): a property with its quotes and colon, or a whole value
  if (!ctx.explicit) return null;
  const before = state.sliceDoc(Math.max(0, pos - 200), pos).replace(/\s+$/, '');
  const last = before.slice(-1);
  let container: SyntaxNode | null = node;
  while (container && !['Object', 'Array', 'Property'].includes(container.name)) container = container.parent;
  if (!container) return null;
  if (container.name === 'Object' && (last === '{' || last === ',')) {
    const has = new Set(container.getChildren('Property').map((p) => propertyName(state, p)));
    const names = assist.propertyNames(assist.at(pathOf(state, container), doc)).filter((s) => !has.has(s.label));
    return names.length === 0 ? null : { from: pos, options: names.map((s) => option(s, 'property', `"${s.label}": `)) };
  }
  let path: PathSegment[] | null = null;
  if (container.name === 'Property' && last === ':') {
    const object = container.parent!;
    const name = propertyName(state, container);
    if (name !== null) path = [...pathOf(state, object), name];
  } else if (container.name === 'Array' && (last === '[' || last === ',')) {
    path = [...pathOf(state, container), indexIn(container, pos)];
  }
  if (!path) return null;
  const values = assist.values(assist.at(path, doc));
  return values.length === 0 ? null : { from: pos, options: values.map((s) => option(s, 'enum', JSON.stringify(s.value))) };
}

// ---- hover ----

export function hover(assist: SchemaAssist | null, view: EditorView, pos: number, side: -1 | 1): Tooltip | null {
  if (!assist) return null;
  const { state } = view;
  const tree = ensureSyntaxTree(state, state.doc.length, 200) ?? syntaxTree(state);
  const node = tree.resolveInner(pos, side);
  const doc = documentValue(state, tree.topNode);
  let title: string | undefined;
  let description: string | undefined;
  let valueText: string | undefined;
  if (node.name === 'PropertyName') {
    const property = node.parent!;
    const name = propertyName(state, property);
    if (name === null) return null;
    ({ title, description } = assist.annotations(assist.at([...pathOf(state, property.parent!), name], doc)));
  } else if (['String', 'Number', 'True', 'False', 'Null'].includes(node.name)) {
    const schemas = assist.at(pathOf(state, node), doc);
    ({ title, description } = assist.annotations(schemas));
    valueText = assist.valueDescription(schemas, documentValue(state, node));
  } else return null;
  if (!title && !description && !valueText) return null;
  return {
    pos: node.from, end: node.to, above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'st-hover';
      for (const [cls, t] of [['st-hover__title', title], ['st-hover__text', description], ['st-hover__value', valueText]] as const) {
        if (!t) continue;
        const p = document.createElement('p');
        p.className = cls;
        p.textContent = t;
        dom.append(p);
      }
      return { dom };
    },
  };
}
