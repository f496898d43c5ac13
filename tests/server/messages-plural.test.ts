// @vitest-environment node
// The server's messages (mail, SMS, refusals) choose a plural form by the language's own rules (Intl.PluralRules), as the
// browser does (actions/stores/i18n.ts): Serbian one / few / other, English one for exactly 1.
import { beforeAll, describe, expect, it } from 'vitest';
import type { UiDocuments } from '../../server/ui/documents';
import { loadUi } from './helpers';

let ui: UiDocuments;
beforeAll(async () => { ui = await loadUi(); });

describe('plural messages on the server', () => {
  it('Serbian: 1 and 21 take "one", 2–4 and 22 "few", 11–14 and 5 "other"', () => {
    const form = (count: number) => ui.message('sr', 'cart.items', { count });
    const one = form(1).replace('1', '#');
    const few = form(2).replace('2', '#');
    const other = form(5).replace('5', '#');
    expect(new Set([one, few, other]).size).toBe(3);
    expect([21, 101].map((n) => form(n).replace(String(n), '#'))).toEqual([one, one]);
    expect([3, 4, 22].map((n) => form(n).replace(String(n), '#'))).toEqual([few, few, few]);
    expect([11, 12, 14, 112, 0].map((n) => form(n).replace(String(n), '#'))).toEqual([other, other, other, other, other]);
  });

  it('English: only 1 takes the singular (21 items, not 21 item)', () => {
    expect(ui.message('en', 'cart.items', { count: 1 })).toBe('1 item');
    expect(ui.message('en', 'cart.items', { count: 21 })).toBe('21 items');
    expect(ui.message('en', 'cart.items', { count: 3 })).toBe('3 items');
  });
});
