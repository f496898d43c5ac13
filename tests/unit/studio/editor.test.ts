// The studio editor's help from the kind's JSON Schema (studio/schemaAssist.ts through studio/codemirror.ts's
// completion and hover, on the real meta schemas bundled by server/studio/editor-schema.ts) and the checker's errors
// as diagnostics at their lines (studio/diagnostics.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { CompletionContext, type Completion } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { join } from 'node:path';
import { editorSchema } from '../../../server/studio/editor-schema';
import { SchemaAssist, type Json } from '../../../studio/schemaAssist';
import { complete, hover } from '../../../studio/codemirror';
import { checkerDiagnostics } from '../../../studio/diagnostics';
import type { T } from '../../../studio/i18n';

const SCHEMAS = join(import.meta.dirname, '..', '..', '..', 'schemas');
let screen: SchemaAssist;
let form: SchemaAssist;
beforeAll(async () => {
  screen = new SchemaAssist(await editorSchema(SCHEMAS, 'screens'));
  form = new SchemaAssist(await editorSchema(SCHEMAS, 'forms'));
});

/** The completion at `|` of the document (explicit: as Ctrl+Space). */
function completeAt(assist: SchemaAssist, doc: string, explicit = false) {
  const pos = doc.indexOf('|');
  const state = EditorState.create({ doc: doc.replace('|', ''), extensions: [json()] });
  const r = complete(assist, new CompletionContext(state, pos, explicit));
  return { result: r, labels: r?.options.map((o: Completion) => o.label) ?? [], options: r?.options ?? [] };
}

const HEAD = '{ "$schema": "../meta/screen.schema.json", "id": "x", "version": 1, ';

describe('the editor schema of a kind', () => {
  it('is one self-contained document: every $ref points inside it', async () => {
    const refs: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (k === '$ref' && typeof x === 'string' ? refs.push(x) : walk(x));
    };
    walk(screen.root);
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter((r) => !r.startsWith('#'))).toEqual([]);
    expect(refs.filter((r) => screen.deref(r) === undefined)).toEqual([]);
    expect(Object.keys(screen.root.$defs as Json)).toEqual(expect.arrayContaining(['meta:node', 'meta:document', 'meta:vocabulary']));
  });

  it('embeds the API schema a meta-schema takes a shape from: a flow\'s checkout type offers the API\'s values', async () => {
    const flow = new SchemaAssist(await editorSchema(SCHEMAS, 'flows'));
    expect(Object.keys(flow.root.$defs as Json)).toContain('api:common');
    const checkoutType = flow.deref('#/$defs/api:common/$defs/CheckoutType') as { enum?: string[] } | undefined;
    expect(checkoutType?.enum).toContain('MOBILE_PREPAID_GUEST');
    const props = (flow.root as { properties: Record<string, { $ref?: string }> }).properties;
    expect(flow.deref(props.checkoutType!.$ref!)).toBe(checkoutType);
  });
});

describe('completion', () => {
  it('offers the property names of a screen that it does not have yet, with their titles', () => {
    const { labels, options, result } = completeAt(screen, `${HEAD}"|" }`);
    expect(labels).toEqual(expect.arrayContaining(['route', 'body', 'load', 'layout']));
    expect(labels).not.toContain('id');
    expect(options.find((o) => o.label === 'route')?.detail).toBe('Route');
    expect(result?.from).toBe(`${HEAD}"`.length); // inside the quotes
  });

  it('offers component names inside a node, with their descriptions', () => {
    const { labels, options } = completeAt(screen, `${HEAD}"body": [ { "component": "Head|" } ] }`);
    expect(labels).toContain('Heading');
    expect(String(options.find((o) => o.label === 'Heading')?.info ?? '')).not.toBe('');
  });

  it('offers the props of the node\'s own component (the rules of node.schema.json decided by "component")', () => {
    const { labels } = completeAt(screen, `${HEAD}"body": [ { "component": "Heading", "props": { "|" } } ] }`);
    expect(labels).toEqual(expect.arrayContaining(['text', 'level']));
    const other = completeAt(screen, `${HEAD}"body": [ { "component": "PriceTag", "props": { "|" } } ] }`).labels;
    expect(other).not.toContain('level');
    expect(other.length).toBeGreaterThan(0);
  });

  it('offers message keys for a text and action names for an event', () => {
    expect(completeAt(screen, `${HEAD}"title": { "message": "checkout.gu|" } }`).labels).toContain('checkout.guest.customerData');
    const actions = completeAt(screen, `${HEAD}"body": [ { "component": "Button", "on": { "click": { "action": "|" } } } ] }`).labels;
    expect(actions).toContain('ui.openModal');
  });

  it('between values on Ctrl+Space: a quoted property with its colon; nothing while typing there', () => {
    const { options } = completeAt(form, '{ "$schema": "../meta/form.schema.json", "id": "x", |}', true);
    const schema = options.find((o) => o.label === 'schema');
    expect(schema?.apply).toBe('"schema": ');
    expect(completeAt(form, '{ "$schema": "../meta/form.schema.json", "id": "x", |}', false).result).toBeNull();
  });

  it('without a schema offers nothing', () => {
    const state = EditorState.create({ doc: '{ "" }', extensions: [json()] });
    expect(complete(null, new CompletionContext(state, 3, true))).toBeNull();
  });
});

describe('hover', () => {
  it('shows a property\'s title and description, and a message key\'s texts', () => {
    const doc = `${HEAD}"route": "/x", "title": { "message": "checkout.guest.customerData" } }`;
    const view = new EditorView({ state: EditorState.create({ doc, extensions: [json()] }) });
    const at = (s: string) => hover(screen, view, doc.indexOf(s) + 2, 1);
    const route = at('"route"')!.create(view).dom.textContent ?? '';
    expect(route).toContain('Route');
    expect(route).toContain('react-router');
    const key = at('"checkout.guest.customerData"')!.create(view).dom.textContent ?? '';
    expect(key).toMatch(/sr: .+ — en: /);
    view.destroy();
  });
});

describe('checker errors as diagnostics', () => {
  const t: T = (key, params) => `${key} ${JSON.stringify(params ?? {})}`;
  const text = '{\n  "id": "x",\n  "title": { "message": "checkout.guest.customerDta" },\n  "version": 1\n}\n';

  it('puts each error at its line and column, to the end of the line\'s text, with the expected value and suggestion', () => {
    const [d, ...rest] = checkerDiagnostics(text, [
      { file: 'f', pointer: '/title/message', message: 'unknown key', line: 3, column: 25, suggestion: 'checkout.guest.customerData' },
      { file: 'f', pointer: '', message: 'no line' },
    ], t);
    expect(rest).toEqual([]);
    expect(text.slice(d!.from, d!.to)).toBe('"checkout.guest.customerDta" }');
    expect(d!.line).toBe(3);
    expect(d!.message).toBe('unknown key\nstudio.error.suggestion {"suggestion":"checkout.guest.customerData"}');
  });

  it('keeps a column past the line\'s end on its line (at its end)', () => {
    const [d] = checkerDiagnostics(text, [{ file: 'f', pointer: '', message: 'm', line: 2, column: 99 }], t);
    expect(d!.from).toBe(text.indexOf('"x",') + 4);
    expect(d!.to).toBe(d!.from);
  });
});

describe('completion of a name typed above other properties', () => {
  it('adds the closing quote and colon when the name has none (the next line\'s colon is not its)', () => {
    const doc = '{\n  "lay|"\n  "$schema": "../meta/screen.schema.json",\n  "id": "x"\n}\n';
    const pos = doc.indexOf('|');
    const view = new EditorView({ state: EditorState.create({ doc: doc.replace('|', ''), selection: { anchor: pos }, extensions: [json()] }) });
    const r = complete(screen, new CompletionContext(view.state, pos, false))!;
    const layout = r.options.find((o) => o.label === 'layout')!;
    expect(typeof layout.apply).toBe('function');
    (layout.apply as (v: EditorView, c: Completion, f: number, t: number) => void)(view, layout, r.from, r.to ?? pos);
    expect(view.state.doc.line(2).text).toBe('  "layout": ');
    expect(view.state.selection.main.head).toBe(view.state.doc.line(2).to);
    view.destroy();
  });
});
