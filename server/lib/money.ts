// Money: integer para in the database, `Money` objects on the wire.
import type { Lang } from './lang';

/** The API's Money (generated from schemas/api/common.json). */
export type Money = import('../../schemas/types/api.common').Money;

const formatters: Record<Lang, Intl.NumberFormat> = {
  sr: new Intl.NumberFormat('sr-RS', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }),
  // money is written in the Serbian locale on English pages too (the specification: "Currency formatted with the sr locale")
  en: new Intl.NumberFormat('sr-RS', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }),
};

/** The Money objects answered so far, by para and language: a cart's prices repeat (the same phone, the same
 *  tariff), and every answer built them afresh (formatting and a new object each, read once by the serializer).
 *  Never mutated by their readers; bounded. */
const answered: Record<Lang, Map<number, Money>> = { sr: new Map(), en: new Map() };
const KEEP = 20_000;

/** 1299900 para, 'sr' → { value: 12999, formattedValue: "12.999,00 RSD", currencyIso: "RSD" } */
export function money(para: number, lang: Lang): Money {
  const known = answered[lang];
  const hit = known.get(para);
  if (hit) return hit;
  const value = Math.round(para) / 100;
  const m: Money = { value, formattedValue: `${formatters[lang].format(value)} RSD`, currencyIso: 'RSD' };
  if (known.size >= KEEP) known.clear();
  known.set(para, m);
  return m;
}

export function moneyOrNull(para: number | null | undefined, lang: Lang): Money | null {
  return para === null || para === undefined ? null : money(para, lang);
}
