import { describe, expect, it } from 'vitest';
import { getPointer, parsePointer } from '../../../core/pointer';
import { resolveProps, resolveValue } from '../../../renderer/resolve';

const t = (k: string, p?: Record<string, unknown>) => `${k}${p ? JSON.stringify(p) : ''}`;

describe('JSON Pointer bindings', () => {
  const scope = { cart: { cart: { entries: [{ code: 'a' }, { code: 'b' }] } }, 'a/b': { '~x': 1 }, item: { name: 'X' } };

  it('reads nested values, array indexes and escapes', () => {
    expect(getPointer(scope, '/cart/cart/entries/1/code')).toBe('b');
    expect(getPointer(scope, '/cart/cart/entries/length')).toBe(2);
    expect(getPointer(scope, '/a~1b/~0x')).toBe(1);
    expect(getPointer(scope, '')).toBe(scope);
  });
  it('yields undefined for missing paths', () => {
    expect(getPointer(scope, '/cart/none/x')).toBeUndefined();
    expect(getPointer(scope, '/cart/cart/entries/x')).toBeUndefined();
  });
  it('rejects pointers without a leading slash', () => {
    expect(() => parsePointer('cart')).toThrow();
  });
  it('resolves literal, message (with bound params) and $bind props', () => {
    const out = resolveProps(
      { size: 'large', label: { message: 'cart.count', params: { count: { $bind: '/cart/cart/entries/length' } } }, name: { $bind: '/item/name' } },
      { first: '/cart/cart/entries/0/code' },
      scope, t,
    );
    expect(out).toEqual({ size: 'large', label: 'cart.count{"count":2}', name: 'X', first: 'a' });
  });
  it('resolves inside arrays and nested objects', () => {
    expect(resolveValue({ a: [{ $bind: '/item/name' }, 3] }, scope, t)).toEqual({ a: ['X', 3] });
  });
  it('resolves a { message } inside a list of objects to its text (the customerFields of OrderOverview)', () => {
    const out = resolveProps({ customerFields: [{ label: { message: 'checkout.overview.name' }, values: ['/firstName'] }, { values: ['/contactEmail'] }] }, undefined, scope, t);
    expect(out).toEqual({ customerFields: [{ label: 'checkout.overview.name', values: ['/firstName'] }, { values: ['/contactEmail'] }] });
  });
});
