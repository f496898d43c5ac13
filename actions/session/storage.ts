/**
 * What the browser keeps about the signed-in user (seed 001 §3): localStorage `user_data` (the e-mail) and
 * `user_number_id` (the customer id), sessionStorage `users_services` (the service flags). Safe in Node.
 */
import type { SessionUser } from '../stores/session';
import { base64Utf8 } from '../form-conversions';

export const USER_DATA_KEY = 'user_data';
export const USER_NUMBER_KEY = 'user_number_id';
export const USER_SERVICES_KEY = 'users_services';
export const SERVICE_FLAGS = ['isBox', 'isCostControl', 'isFixed', 'isLightAccount', 'isNet', 'isPostPaid', 'isPrePaid', 'isTv'] as const;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window !== 'undefined' ? window[kind] : null;
  } catch {
    return null; // storage disabled
  }
}

export function rememberUser(user: SessionUser): void {
  const local = storage('localStorage');
  if (local) {
    if (user.email) local.setItem(USER_DATA_KEY, user.email); else local.removeItem(USER_DATA_KEY);
    if (user.customerId) local.setItem(USER_NUMBER_KEY, String(user.customerId)); else local.removeItem(USER_NUMBER_KEY);
  }
  const services = Object.fromEntries(SERVICE_FLAGS.map((f) => [f, user[f] === true]));
  storage('sessionStorage')?.setItem(USER_SERVICES_KEY, JSON.stringify(services));
}

export function forgetUser(): void {
  storage('localStorage')?.removeItem(USER_DATA_KEY);
  storage('localStorage')?.removeItem(USER_NUMBER_KEY);
  storage('sessionStorage')?.removeItem(USER_SERVICES_KEY);
}

/** Base64 of the UTF-8 bytes of the password (the `encodedPassword` of POST authorize): the forms' `base64` conversion. */
export const encodePassword = base64Utf8;

/** sessionStorage: a notice for the next page (seed 001 §8 "a stored notification message is shown as an error toast and then removed"). */
export const NOTICE_KEY = 'notificationMessage';

/** Whether this browser remembers a signed-in user (set at sign-in, cleared at sign-out). */
export function remembersUser(): boolean {
  const local = storage('localStorage');
  return !!local && (local.getItem(USER_DATA_KEY) !== null || local.getItem(USER_NUMBER_KEY) !== null);
}

export function storeNotice(messageKey: string): void {
  storage('sessionStorage')?.setItem(NOTICE_KEY, messageKey);
}

/** The stored notice (a message key), removed as it is taken. */
export function takeNotice(): string | null {
  const s = storage('sessionStorage');
  const key = s?.getItem(NOTICE_KEY) ?? null;
  if (key !== null) s?.removeItem(NOTICE_KEY);
  return key;
}
