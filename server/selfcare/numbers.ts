// Serbian mobile numbers (seed 001 §5, §9): the forms a visitor may type and the one the module stores.

/** Mobile prefixes of seed 001 §9 (067 only as 0676, 0677, 0678). */
const NATIONAL = /^0(6[0-689]\d{6,7}|67[678]\d{5,6})$/;

/**
 * 06xxxxxxxx, 3816xxxxxxxx, 003816xxxxxxxx or +3816xxxxxxxx (spaces, dashes and slashes ignored) → international
 * digits "3816…"; null when it is not a Serbian mobile number.
 */
export function normalizeMsisdn(input: string): string | null {
  const s = input.replace(/[\s\-/]/g, '');
  let national: string;
  if (/^\+3816\d+$/.test(s)) national = `0${s.slice(4)}`;
  else if (/^003816\d+$/.test(s)) national = `0${s.slice(5)}`;
  else if (/^3816\d+$/.test(s)) national = `0${s.slice(3)}`;
  else national = s;
  return NATIONAL.test(national) ? `381${national.slice(1)}` : null;
}

/** "381641234567" → "064 1234567" */
export function formatMsisdn(msisdn: string): string {
  const national = `0${msisdn.slice(3)}`;
  return `${national.slice(0, 3)} ${national.slice(3)}`;
}
