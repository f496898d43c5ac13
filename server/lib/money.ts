// Money: integer para in the database, `Money` objects on the wire.
import type { Lang } from './lang';

/** The API's Money (generated from schemas/api/common.json). */
export type Money = import('../../schemas/types/api.common').Money;

const formatters: Record<Lang, Intl.NumberFormat> = {
  sr: new Intl.NumberFormat('sr-RS', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }),
  en: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }),
};

/** 1299900 para, 'sr' → { value: 12999, formattedValue: "12.999,00 RSD", currencyIso: "RSD" } */
export function money(para: number, lang: Lang): Money {
  const value = Math.round(para) / 100;
  return { value, formattedValue: `${formatters[lang].format(value)} RSD`, currencyIso: 'RSD' };
}

export function moneyOrNull(para: number | null | undefined, lang: Lang): Money | null {
  return para === null || para === undefined ? null : money(para, lang);
}
