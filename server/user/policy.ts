// The account rules of seed 001 §5 that the server checks beyond the API bodies' validation. The bodies of the account
// routes (schemas/api/account.json) carry the formats and keywords of the forms ("format": "password" / "username" /
// "email" / "otpCode" / "jmbgAdult", "confirms", "notContainingField"), so Fastify refuses a bad field with the form's
// message before a handler runs. What remains here reads the same formats (schemas/formats/formats.json, one source):
// the password against a username the body does not carry (a change or reset: the account's username), the history
// of the last 5 passwords (server/workflows/account.ts), and the shapes used outside a validated body (availability,
// recovery address).
import { formatProblem, matchesFormat } from '../lib/formats';
import { badInput } from '../lib/errors';

const EMAIL = { test: (v: string) => matchesFormat('email', v) };
const MOBILE = { test: (v: string) => matchesFormat('mobileNumber', v) };
const USERNAME = { test: (v: string) => matchesFormat('username', v) };

export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 16;
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
/** A new password must differ from this many earlier ones. */
export const PASSWORD_HISTORY = 5;

/** The first problem of a password (message key, reason), or null: the checks of the format "password" in their order
 *  (forbidden characters, then 7–16 characters with two of letter / digit / special character), then the username
 *  (case ignored, as the keyword notContainingField). `username` may be empty. */
export function passwordProblem(password: string, username: string): { key: string; params?: Record<string, number>; reason: string } | null {
  const f = formatProblem('password', password);
  if (f) return { key: f.message, ...(f.params ? { params: f.params as Record<string, number> } : {}), reason: f.message.replace(/^validation\./, '') };
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

export const isValidUsername = (username: string) => USERNAME.test(username);

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

