/**
 * The checks a format of schemas/formats/formats.json may name besides regular expressions ({ "check": "<name>" }):
 * what a regular expression cannot say (the JMBG control digit, a calendar date, an age).
 *
 * Each check is ONE self-contained function of (value, param): no closure, no import, no nested function. Its source
 * text is copied into the standalone validator module the browser runs (tools/schemas/rules.ts, scope value code), so
 * the browser and the server run the very same code. `rules.ts` refuses a source that is not self-contained.
 */

/**
 * A valid JMBG (13 digits DDMMYYYRRBBBK): the control digit (weights 7 6 5 4 3 2 7 6 5 4 3 2, 11 − sum mod 11, 10 and 11
 * → 0) and a real calendar date of birth (YYY ≥ 800 → 1YYY, else 2YYY). The same rule as server/user/jmbg.ts
 * (tests/unit/tooling/validation-rules.test.ts compares them); `param` is unused.
 */
export function jmbg(value: string, _param?: unknown): boolean {
  if (typeof value !== 'string' || !/^[0-9]{13}$/.test(value)) return false;
  const w = [7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += w[i] * (value.charCodeAt(i) - 48);
  let k = 11 - (sum % 11);
  if (k > 9) k = 0;
  if (k !== value.charCodeAt(12) - 48) return false;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const yyy = Number(value.slice(4, 7));
  const year = yyy >= 800 ? 1000 + yyy : 2000 + yyy;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * The person of a JMBG is at least `param` years old today (UTC calendar days, as server/user/jmbg.ts). A JMBG that is
 * not valid passes here: the `jmbg` check before it says so with its own message.
 */
export function jmbgMinAge(value: string, param?: unknown): boolean {
  if (typeof value !== 'string' || !/^[0-9]{13}$/.test(value)) return true;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const yyy = Number(value.slice(4, 7));
  const year = yyy >= 800 ? 1000 + yyy : 2000 + yyy;
  const now = new Date();
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age -= 1;
  return age >= (typeof param === 'number' ? param : 18);
}

/** The checks by name (the names the format documents may use). */
export const CHECKS = { jmbg, jmbgMinAge } as const;
export type CheckName = keyof typeof CHECKS;
