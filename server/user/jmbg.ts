// JMBG (Serbian national id, 13 digits DDMMYYYRRBBBK): date of birth, control digit, age (adult check, 18).
export const ADULT_AGE = 18;

const WEIGHTS = [7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

export function jmbgControlDigit(first12: string): number {
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(first12[i]), 0);
  const m = 11 - (sum % 11);
  return m > 9 ? 0 : m;
}

/** The date of birth of a valid JMBG (control digit and calendar date checked), else null. */
export function birthDateOfJmbg(jmbg: string): Date | null {
  if (!/^\d{13}$/.test(jmbg)) return null;
  if (jmbgControlDigit(jmbg.slice(0, 12)) !== Number(jmbg[12])) return null;
  const day = Number(jmbg.slice(0, 2));
  const month = Number(jmbg.slice(2, 4));
  const yyy = Number(jmbg.slice(4, 7));
  const year = yyy >= 800 ? 1000 + yyy : 2000 + yyy;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d;
}

/** Full years of age at `now` (null for an invalid JMBG). */
export function ageFromJmbg(jmbg: string, now: Date = new Date()): number | null {
  const b = birthDateOfJmbg(jmbg);
  if (!b) return null;
  let age = now.getUTCFullYear() - b.getUTCFullYear();
  const beforeBirthday = now.getUTCMonth() < b.getUTCMonth() || (now.getUTCMonth() === b.getUTCMonth() && now.getUTCDate() < b.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export const isAdultJmbg = (jmbg: string, now: Date = new Date()) => (ageFromJmbg(jmbg, now) ?? -1) >= ADULT_AGE;

/** A valid JMBG for a date of birth (region 71 = Belgrade, serial < 500 = male). */
export function jmbgFor(birth: Date, region = '71', serial = '123'): string {
  const dd = String(birth.getUTCDate()).padStart(2, '0');
  const mm = String(birth.getUTCMonth() + 1).padStart(2, '0');
  const yyy = String(birth.getUTCFullYear() % 1000).padStart(3, '0');
  const first12 = `${dd}${mm}${yyy}${region}${serial}`;
  return first12 + jmbgControlDigit(first12);
}
