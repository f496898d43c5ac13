// The studio's preview runtime (studio/previewRuntime.ts): drafts are served in place of the documents, data
// calls never leave the page, actions are recorded and only the purely visual ones run; the editor's caret helper.
import { describe, expect, it, vi } from 'vitest';
import { createPreviewSession, previewFetch, previewUrl, type RecordedAction } from '../../../studio/previewRuntime';
import { offsetOf } from '../../../studio/Editor';
import { registerPreviewForm, previewFormSchema } from '../../../studio/validators';
import type { FixtureDoc } from '../../../renderer/fixtures';
import phoneWithTariff from '../../../schemas/fixtures/phone-with-tariff.json';

const source = (draft: Record<string, unknown>) => ({
  draft: (path: string) => draft[path],
  fetchServed: vi.fn(async (path: string) => new Response(JSON.stringify({ served: path }), { status: 200 })),
});

describe('preview fetch', () => {
  it('answers the draft for its /ui/ path, asks the server for other documents, and blocks every data call', async () => {
    const src = source({ '/ui/forms/guest': { id: 'guest', draft: true } });
    const blocked: string[] = [];
    const f = previewFetch(src, (w) => blocked.push(w));
    expect(await (await f('/ui/forms/guest')).json()).toEqual({ id: 'guest', draft: true });
    expect(await (await f('/ui/screens/main')).json()).toEqual({ served: '/ui/screens/main' });
    const data = await f('/hybris/ecommerce/b2c/v1/users/carts', { method: 'POST' });
    expect(data.status).toBe(503);
    expect(blocked).toEqual(['POST /hybris/ecommerce/b2c/v1/users/carts']);
    expect(src.fetchServed).toHaveBeenCalledTimes(1);
  });
});

describe('preview session', () => {
  it('puts the fixture into fresh stores, records actions and runs only the visual ones', async () => {
    const calls: RecordedAction[] = [];
    const s = createPreviewSession({
      fixture: phoneWithTariff as unknown as FixtureDoc, messages: { 'x.y': 'Z' }, source: source({}),
      onCall: (c) => calls.push(c), route: () => ({ path: '/', params: {}, query: {} }),
    });
    expect(s.stores.cart.totalItems).toBeGreaterThan(0);
    expect(s.stores.session.messages['x.y']).toBe('Z');
    await s.runtime.dispatch([{ action: 'ui.openModal', args: { id: 'guest-or-login' } }]);
    expect(s.stores.ui.modals.map((m) => m.id)).toEqual(['guest-or-login']);
    const cartBefore = s.stores.cart.cart;
    await s.runtime.dispatch([{ action: 'cart.removeEntry', args: { entryNumber: 0 } }]);
    expect(s.stores.cart.cart).toBe(cartBefore);
    expect(calls.map((c) => [c.action, c.ran])).toEqual([['ui.openModal', true], ['cart.removeEntry', false]]);
  });

  it('fills route parameters from the fixture\'s device page', () => {
    const f = phoneWithTariff as unknown as FixtureDoc;
    const pdp = f.state.catalog.pdp!;
    expect(previewUrl('/uredjaj/:productCode/:colorCode/:tariffCode?', f)).toBe(`/uredjaj/${pdp.product.code}/${pdp.colorCode}${pdp.tariffCode ? `/${pdp.tariffCode}` : ''}`);
    expect(previewUrl('/kupovina/podaci-dostava', null)).toBe('/kupovina/podaci-dostava');
    expect(previewUrl('/x/:page?', null)).toBe('/x/1');
  });
});

describe('draft form validators', () => {
  it('finds the draft schema a validator URL was made for', async () => {
    const { hashForSchema } = await import('@rjsf/utils');
    const schema = { type: 'object' as const, properties: { company: { type: 'string' as const } } };
    registerPreviewForm(schema);
    expect(previewFormSchema(`/ui/forms/guest/validator.js?v=3${hashForSchema(schema)}`)).toBe(schema);
    expect(previewFormSchema('/ui/forms/guest/validator.js?v=3123')).toBeNull();
  });
});

describe('editor caret', () => {
  it('turns a 1-based line and column into an offset', () => {
    const text = '{\n  "id": 1,\n  "x": 2\n}';
    expect(text.slice(offsetOf(text, 2, 3))).toMatch(/^"id"/);
    expect(offsetOf(text, 1, 1)).toBe(0);
    expect(offsetOf(text, 99, 1)).toBe(text.length);
  });
});
