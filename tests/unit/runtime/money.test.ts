// formatMoney (actions/stores/i18n.ts) writes amounts out by hand; it must answer exactly as Intl.NumberFormat does.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../actions/stores/i18n';

const intl = {
  sr: new Intl.NumberFormat('sr-Latn-RS', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }),
  // money is written in the Serbian locale in both languages (seed 000 §, seed 001: "Currency formatted with the sr locale")
  en: new Intl.NumberFormat('sr-Latn-RS', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }),
};

function amounts(): number[] {
  const out = [0, -0, 1, 5, 9.99, 10, 99.5, 100, 999, 999.995, 1000, 1234, 12999, 99999.99, 100000, 1234567.891, 0.005, 1.005, 2.675,
    -0.004, -1234.5, -0.005, 1e14 + 0.25, 123456789012.34, 999999999999.995];
  // a fixed pseudo-random walk (no Math.random: the same numbers every run)
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 4000; i++) {
    const scale = 10 ** Math.floor(next() * 10);
    out.push(Math.round(next() * scale * 100) / 100); // amounts with cents
    out.push(Math.round(next() * scale * 1000) / 1000); // a third decimal (a computed share, a rate)
    out.push(next() * scale * (next() < 0.1 ? -1 : 1)); // any double
  }
  return out;
}

describe('formatMoney', () => {
  it.each(['sr', 'en'] as const)('answers as Intl.NumberFormat does, in %s', (lang) => {
    const wrong = amounts().filter((v) => formatMoney(v, lang) !== `${intl[lang].format(v)} RSD`);
    expect(wrong.map((v) => `${v}: ${formatMoney(v, lang)} ≠ ${intl[lang].format(v)} RSD`)).toEqual([]);
  });

  it('writes the Serbian separators in both languages', () => {
    expect(formatMoney(12999, 'sr')).toBe('12.999,00 RSD');
    expect(formatMoney(1234567.5, 'en')).toBe('1.234.567,50 RSD');
    expect(formatMoney(-0.5, 'sr')).toBe('-0,50 RSD');
  });
});
