import { describe, expect, it } from 'vitest';
import { formatMoney, pluralCategory, translate } from '../../../actions/stores/i18n';
import { MESSAGES } from './helpers';

describe('localizer', () => {
  it('applies the Serbian plural rule by last digit (11–14 → other)', () => {
    const cases: [number, string][] = [[1, 'one'], [21, 'one'], [101, 'one'], [11, 'other'], [111, 'other'], [2, 'few'], [3, 'few'], [4, 'few'], [22, 'few'], [34, 'few'], [12, 'other'], [13, 'other'], [14, 'other'], [112, 'other'], [5, 'other'], [0, 'other'], [20, 'other']];
    for (const [n, cat] of cases) expect([n, pluralCategory(n)]).toEqual([n, cat]);
  });
  it('applies the English rule in English: one only for exactly 1', () => {
    const cases: [number, string][] = [[1, 'one'], [21, 'other'], [2, 'other'], [11, 'other'], [0, 'other']];
    for (const [n, cat] of cases) expect([n, pluralCategory(n, 'en')]).toEqual([n, cat]);
    const en = { items: { one: '{count} item', other: '{count} items' } };
    expect(translate(en, 'items', { count: 21 }, 'en')).toBe('21 items');
    expect(translate(en, 'items', { count: 1 }, 'en')).toBe('1 item');
  });
  it('translates plural objects with params.count', () => {
    expect(translate(MESSAGES, 'cart.count', { count: 1 })).toBe('1 proizvod');
    expect(translate(MESSAGES, 'cart.count', { count: 3 })).toBe('3 proizvoda');
    expect(translate(MESSAGES, 'cart.count', { count: 11 })).toBe('11 proizvoda');
    expect(translate(MESSAGES, 'cart.count')).toBe('{count} proizvoda');
  });
  it('fills placeholders and returns unknown keys as is', () => {
    expect(translate(MESSAGES, 'hello', { name: 'Ana' })).toBe('Zdravo, Ana!');
    expect(translate(MESSAGES, 'hello')).toBe('Zdravo, {name}!');
    expect(translate(MESSAGES, 'no.such.key')).toBe('no.such.key');
  });
  it('formats money for sr and en with RSD and 2 decimals', () => {
    expect(formatMoney(12999, 'sr')).toBe('12.999,00 RSD');
    expect(formatMoney(1234.5, 'en')).toBe('1.234,50 RSD');
  });
});
