/** Pure localisation helpers shared by the session store, the renderer and the form localizer. */
export type Lang = 'sr' | 'en';
export type PluralForms = { one?: string; few?: string; other: string };
export type MessageValue = string | PluralForms;
export type Messages = Record<string, MessageValue>;
export type MessageParams = Record<string, unknown>;

const pluralRules: Partial<Record<Lang, Intl.PluralRules>> = {};

/**
 * Plural category of a count by the language's CLDR rules (Intl.PluralRules). Serbian (seed 000 §9): one when the
 * number ends in 1 but not 11; few when it ends in 2–4 but not 12–14; other otherwise. English: one for 1.
 */
export function pluralCategory(count: number, lang: Lang = 'sr'): 'one' | 'few' | 'other' {
  const rules = (pluralRules[lang] ??= new Intl.PluralRules(lang));
  const category = rules.select(Math.abs(Math.trunc(count)));
  return category === 'one' || category === 'few' ? category : 'other';
}

function fill(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

/** Looks `key` up in `messages`; a missing key yields the key itself (visible, never crashes). */
export function translate(messages: Messages, key: string, params?: MessageParams, lang: Lang = 'sr'): string {
  const value = messages[key];
  if (value === undefined) return key;
  if (typeof value === 'string') return fill(value, params);
  const count = params && typeof params.count === 'number' ? params.count : undefined;
  const form = count === undefined ? value.other : (value[pluralCategory(count, lang)] ?? value.other);
  return fill(form, params);
}

/** Money is written in the Serbian locale whatever the page's language (the specification: "Currency formatted with
 *  the sr locale"). */
const SEPARATORS: Record<Lang, { group: string; decimal: string }> = { sr: { group: '.', decimal: ',' }, en: { group: '.', decimal: ',' } };

/**
 * Money in the Serbian locale on Serbian and English pages alike: thousands grouping, 2 decimals, RSD suffix ("12.999,00 RSD"). Written out
 * rather than with Intl.NumberFormat: the first format of a page built one, and loading the locale's data cost
 * ~50 ms of a phone's main thread in the first render. Rounds half away from zero on the amount's shortest
 * decimal form, as Intl does (tests/unit/runtime/money.test.ts holds the two to the same answers).
 */
export function formatMoney(value: number, lang: Lang): string {
  const abs = Math.abs(value);
  if (!Number.isFinite(value) || abs >= 1e12) {
    return `${new Intl.NumberFormat('sr-Latn-RS', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} RSD`;
  }
  // 999.995 is stored as 999.99499…: nudged by its last bit it rounds as the written amount does
  const cents = Math.round(abs * 100 * (1 + Number.EPSILON));
  const whole = String(Math.floor(cents / 100));
  const { group, decimal } = SEPARATORS[lang];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimal}${String(cents % 100).padStart(2, '0')} RSD`;
}
