/** Custom string formats of the shop's forms (docs/ARCHITECTURE.md §2.4). Pure: used by AJV and by tests. */

/** Contact phone (seed 000 §5, read as): first digit 1–9, 7 to 10 digits in all. */
export const CONTACT_PHONE = /^[1-9][0-9]{6,9}$/;

/** Mobile number (seed 001 §5): 06… with 9 to 10 characters, or +3816… with 12 to 13 characters. */
export const MOBILE_NUMBER = /^(?:06[0-9]{7,8}|\+3816[0-9]{7,8})$/;

/** Characters rejected in e-mail addresses (seed 001 §5), both cases of the Serbian letters. */
export const EMAIL_FORBIDDEN = /[šđčćžŠĐČĆŽ/*,+=;:<>~`?]/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

export function isContactPhone(v: string): boolean {
  return CONTACT_PHONE.test(v);
}
export function isMobileNumber(v: string): boolean {
  return MOBILE_NUMBER.test(v);
}
export function isEmail(v: string): boolean {
  return EMAIL_SHAPE.test(v) && !EMAIL_FORBIDDEN.test(v) && !v.includes('..');
}

export const customFormats: Record<string, (v: string) => boolean> = {
  contactPhone: isContactPhone,
  mobileNumber: isMobileNumber,
  email: isEmail,
};
