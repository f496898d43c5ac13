import { describe, expect, it } from 'vitest';
import { observable } from 'mobx';
import { evaluate, explain } from '../../../core/conditions';

describe('conditions evaluator', () => {
  it('checks type, const and enum', () => {
    expect(evaluate({ type: 'string' }, 'a')).toBe(true);
    expect(evaluate({ type: 'string' }, 1)).toBe(false);
    expect(evaluate({ type: 'integer' }, 1.5)).toBe(false);
    expect(evaluate({ type: 'number' }, 2)).toBe(true);
    expect(evaluate({ type: ['null', 'string'] }, null)).toBe(true);
    expect(evaluate({ const: 'GUEST' }, 'GUEST')).toBe(true);
    expect(evaluate({ const: { a: [1] } }, { a: [1] })).toBe(true);
    expect(evaluate({ enum: ['a', 'b'] }, 'c')).toBe(false);
  });

  it('checks numbers and strings', () => {
    expect(evaluate({ minimum: 1 }, 0)).toBe(false);
    expect(evaluate({ minimum: 1 }, 1)).toBe(true);
    expect(evaluate({ maximum: 3 }, 4)).toBe(false);
    expect(evaluate({ exclusiveMinimum: 1 }, 1)).toBe(false);
    expect(evaluate({ exclusiveMaximum: 5 }, 4.9)).toBe(true);
    expect(evaluate({ minLength: 2 }, 'č')).toBe(false);
    expect(evaluate({ maxLength: 2 }, 'čć')).toBe(true);
    expect(evaluate({ pattern: '^06' }, '0641234567')).toBe(true);
    expect(evaluate({ pattern: '^06' }, '0111234567')).toBe(false);
  });

  it('checks objects: properties (absent satisfies), required', () => {
    const cond = { properties: { cart: { properties: { totalItems: { minimum: 1 } } } } };
    expect(evaluate(cond, { cart: { totalItems: 2 } })).toBe(true);
    expect(evaluate(cond, { cart: { totalItems: 0 } })).toBe(false);
    expect(evaluate(cond, { cart: {} })).toBe(true);
    expect(evaluate({ required: ['x'] }, { y: 1 })).toBe(false);
    expect(evaluate({ properties: { a: { required: ['b'] } }, required: ['a'] }, { a: { b: null } })).toBe(true);
  });

  it('checks arrays: minItems, maxItems, items, contains', () => {
    expect(evaluate({ minItems: 1 }, [])).toBe(false);
    expect(evaluate({ maxItems: 1 }, [1, 2])).toBe(false);
    expect(evaluate({ items: { type: 'number' } }, [1, 'x'])).toBe(false);
    expect(evaluate({ contains: { const: 'DEVICE' } }, ['TARIFF', 'DEVICE'])).toBe(true);
    expect(evaluate({ contains: { const: 'DEVICE' } }, ['TARIFF'])).toBe(false);
    // minContains / maxContains count the matches
    const one = { contains: { const: 'TARIFF' }, minContains: 1, maxContains: 1 };
    expect(evaluate(one, ['TARIFF', 'ADDON'])).toBe(true);
    expect(evaluate(one, ['TARIFF', 'TARIFF'])).toBe(false);
    expect(evaluate(one, ['ADDON'])).toBe(false);
    expect(evaluate({ contains: { const: 'X' }, minContains: 2 }, ['X', 'Y', 'X'])).toBe(true);
    expect(evaluate({ contains: { const: 'X' }, minContains: 0, maxContains: 1 }, [])).toBe(true);
  });

  it('combines with not, allOf, anyOf, oneOf', () => {
    expect(evaluate({ not: { const: 1 } }, 1)).toBe(false);
    expect(evaluate({ allOf: [{ minimum: 1 }, { maximum: 3 }] }, 2)).toBe(true);
    expect(evaluate({ allOf: [{ minimum: 1 }, { maximum: 3 }] }, 4)).toBe(false);
    expect(evaluate({ anyOf: [{ const: 'a' }, { const: 'b' }] }, 'b')).toBe(true);
    expect(evaluate({ oneOf: [{ minimum: 1 }, { minimum: 2 }] }, 3)).toBe(false);
    expect(evaluate({ oneOf: [{ minimum: 1 }, { minimum: 2 }] }, 1)).toBe(true);
  });

  it('accepts true/undefined and rejects false', () => {
    expect(evaluate(undefined, 1)).toBe(true);
    expect(evaluate(true, 1)).toBe(true);
    expect(evaluate(false, 1)).toBe(false);
  });

  it('reads MobX observables', () => {
    const state = observable({ cart: { entries: [{ type: 'DEVICE' }] } });
    expect(evaluate({ properties: { cart: { properties: { entries: { minItems: 1, contains: { properties: { type: { const: 'DEVICE' } } } } } } } }, state)).toBe(true);
  });

  it('explains the first failure', () => {
    expect(explain({ type: 'object', required: ['code'] }, {})).toBe('/code: required');
    expect(explain({ properties: { page: { minimum: 1 } } }, { page: 0 })).toMatch(/^\/page/);
    expect(explain({ type: 'object' }, {})).toBeNull();
  });

  it('takes the short form: the value at a pointer checked against a schema, at any depth', () => {
    const scope = observable({ catalog: { pdp: { variant: 'eSIM' } }, cart: { cart: { totalItems: 0 } } });
    expect(evaluate({ scope: '/catalog/pdp/variant', schema: { const: 'eSIM' } }, scope)).toBe(true);
    expect(evaluate({ scope: '/catalog/pdp/variant', schema: { const: 'SIM' } }, scope)).toBe(false);
    expect(evaluate({ not: { scope: '/cart/cart/totalItems', schema: { minimum: 1 } } }, scope)).toBe(true);
    expect(evaluate({ properties: { catalog: { scope: '/pdp/variant', schema: { enum: ['eSIM'] } } } }, scope)).toBe(true);
    // absent: checked as absent (JSON Forms' default) unless failWhenUndefined
    expect(evaluate({ scope: '/session/user/id', schema: { minLength: 1 } }, scope)).toBe(true);
    expect(evaluate({ scope: '/session/user/id', schema: { minLength: 1 }, failWhenUndefined: true }, scope)).toBe(false);
    expect(evaluate({ scope: '/session/user/id', schema: { type: 'string' } }, scope)).toBe(false);
    expect(explain({ scope: '/catalog/pdp/variant', schema: { const: 'SIM' } }, scope)).toMatch(/^\/catalog\/pdp\/variant: does not match/);
    expect(explain({ scope: '/session/user/id', schema: {}, failWhenUndefined: true }, scope)).toBe('/session/user/id: required');
  });
});
