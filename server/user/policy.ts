// The account rules of seed 001 §5 that the server enforces (the forms check the same shapes while typing):
// password (7–16 characters, two of letter / digit / special character, none of [ ] < > ' & \ " , , not containing
// the username, not one of the last 5), username (4–20, lowercase letters and digits with one letter at least, one dot
// and one underscore at most, only inside and never doubled), e-mail and mobile number (the patterns of
// schemas/formats/formats.json, read from there: one source for form and server).
import formatsDoc from '../../schemas/formats/formats.json';
import { formatFailure, formatsFromDocument } from '../../tools/schemas/rules';
import { badInput } from '../lib/errors';

const formats = formatsFromDocument(formatsDoc as Parameters<typeof formatsFromDocument>[0]);
const EMAIL = { test: (v: string) => formatFailure(formats.email!, v) === null };
const MOBILE = { test: (v: string) => formatFailure(formats.mobileNumber!, v) === null };

export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 16;
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
/** A new password must differ from this many earlier ones. */
export const PASSWORD_HISTORY = 5;

const FORBIDDEN = /[[\]<>'&\\",]/;

/** The first problem of a password (message key, params, reason), or null. `username` may be empty. */
export function passwordProblem(password: string, username: string): { key: string; params?: Record<string, number>; reason: string } | null {
  if (FORBIDDEN.test(password)) return { key: 'validation.passwordForbidden', reason: 'passwordForbidden' };
  if ([...password].length < PASSWORD_MIN || [...password].length > PASSWORD_MAX) {
    return { key: 'validation.minmaxchar', params: { min: PASSWORD_MIN, max: PASSWORD_MAX }, reason: 'passwordLength' };
  }
  if (/\s/.test(password)) return { key: 'validation.passwordFormat', reason: 'passwordFormat' };
  const kinds = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((r) => r.test(password)).length;
  if (kinds < 2) return { key: 'validation.passwordFormat', reason: 'passwordFormat' };
  const u = username.trim().toLowerCase();
  if (u && password.toLowerCase().includes(u)) return { key: 'validation.passwordUsername', reason: 'passwordUsername' };
  return null;
}

/** 400 on the field when the password breaks a rule or does not match its confirmation. */
export function checkPassword(password: string, confirmation: string, username: string, field = 'password'): void {
  const p = passwordProblem(password, username);
  if (p) throw badInput(p.key, p.params ?? {}, field, p.reason);
  if (password !== confirmation) throw badInput('validation.confirmed', {}, 'passwordConfirmation', 'confirmed');
}

export function isValidUsername(username: string): boolean {
  return username.length >= USERNAME_MIN && username.length <= USERNAME_MAX
    && /^[a-z0-9]+(?:[._][a-z0-9]+)*$/.test(username) && /[a-z]/.test(username)
    && (username.match(/\./g) ?? []).length <= 1 && (username.match(/_/g) ?? []).length <= 1;
}

export const isValidEmail = (email: string) => email.length <= 254 && EMAIL.test(email);
export const isValidMobile = (msisdn: string) => MOBILE.test(msisdn);

export function checkEmail(email: string, field = 'email'): string {
  const e = email.trim();
  if (!isValidEmail(e)) throw badInput('validation.email', {}, field, 'email');
  return e.toLowerCase();
}

export function checkUsername(username: string, field = 'username'): string {
  const u = username.trim();
  if (!isValidUsername(u)) throw badInput('validation.usernameFormat', {}, field, 'usernameFormat');
  return u;
}

/** National form of a mobile number (06…), or null when it is not one. */
export function nationalMobile(msisdn: string): string | null {
  const m = msisdn.replace(/[\s-]/g, '');
  if (!isValidMobile(m)) return null;
  return m.startsWith('+381') ? `0${m.slice(4)}` : m;
}

