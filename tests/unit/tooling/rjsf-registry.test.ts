// The browser build's RJSF registry holds only the fields and widgets the shop's forms use (vite.config.ts
// rjsfRegistry, renderer/build/rjsf-fields.ts and rjsf-widgets.ts): a form document that needs another (an array,
// a oneOf, a date or file widget) would draw RJSF's "unsupported field" in production, so it fails here first.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHOP_FIELD_TYPES } from '../../../renderer/build/rjsf-fields';
import { SHOP_WIDGETS } from '../../../renderer/build/rjsf-widgets';

const FORMS = join(import.meta.dirname, '../../../schemas/forms');
// RJSF's widget for a string `format` when the registry has one by that name (getWidget's string mapping)
const FORMAT_WIDGETS: Record<string, string> = { email: 'email', uri: 'uri', 'data-url': 'file', date: 'date', 'date-time': 'datetime', time: 'time', color: 'color', password: 'password' };

function visit(v: unknown, out: { types: Set<string>; widgets: Set<string>; keywords: Set<string> }): void {
  if (Array.isArray(v)) { for (const x of v) visit(x, out); return; }
  if (!v || typeof v !== 'object') return;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'type') for (const t of [x].flat()) if (typeof t === 'string') out.types.add(t);
    if (k === 'ui:widget' && typeof x === 'string') out.widgets.add(x);
    if (k === 'format' && typeof x === 'string' && FORMAT_WIDGETS[x]) out.widgets.add(FORMAT_WIDGETS[x]);
    if (k === 'oneOf' || k === 'anyOf' || k === 'ui:field') out.keywords.add(k);
    visit(x, out);
  }
}

describe('the browser build\'s RJSF registry', () => {
  const files = readdirSync(FORMS).filter((f) => f.endsWith('.json'));
  it('holds every field type and widget of the shop\'s form documents', () => {
    expect(files.length).toBeGreaterThan(5);
    const out = { types: new Set<string>(), widgets: new Set<string>(), keywords: new Set<string>() };
    for (const f of files) visit(JSON.parse(readFileSync(join(FORMS, f), 'utf8')), out);
    expect(out.types.size).toBeGreaterThan(0);
    expect([...out.types].filter((t) => !(SHOP_FIELD_TYPES as readonly string[]).includes(t))).toEqual([]);
    expect([...out.widgets].filter((w) => !(SHOP_WIDGETS as readonly string[]).includes(w))).toEqual([]);
    expect([...out.keywords]).toEqual([]);
  });
});
