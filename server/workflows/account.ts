// Workflow: account changes that sign in (seed 001 §2–§5). Each spans user (accounts, passwords, sessions), outbox
// (the one-time code, spent in the same transaction as the change) and cart (the shopper's cart follows the new
// session), and for registration home (the address system). Every account change rotates the session: a new
// session id (new cookie) bound to the account, the old one revoked.
import type { Db, DbOrTx } from '../db/index';
import {
  accountOfRecoveryAddress, birthDateOfJmbg, checkEmail, checkPassword, checkUsername, claimCustomerAccount, createAccount,
  customerAge, customerWithoutAccount, emailTaken, isAdultJmbg, nationalMobile, passwordProblem, revokeOtherSessions,
  rotateSession, setEmailOf, setPassword, userOfSession, usernameTaken, isCurrentPassword, wrongOldPassword, notSignedIn,
  type User,
} from '../user/index';
import { issueCode, sendMessage, spendCode } from '../outbox/index';
import { takeOverCartsAtSignIn } from '../cart/index';
import { addressOfCode } from '../home/index';
import { ApiError, badInput } from '../lib/errors';
import type { Requester } from '../lib/limits';
import type { BodyOf } from '../lib/contract';

/** Lifetime of an e-mail code (seed 001 §9: 300 s) and of an SMS code (60 s). */
export const EMAIL_CODE_SECONDS = 300;
export const SMS_CODE_SECONDS = 60;

export type MailText = (code: string, seconds: number) => { subject: string; body: string };

export interface SignedIn { user: User; rawSessionId: string; sessionId: string }

/** Inside the caller's transaction: a new session for the user (old one revoked), the cart moved to it. */
async function signInAs(tx: DbOrTx, oldSessionId: string, user: User): Promise<SignedIn> {
  const s = await rotateSession(tx, oldSessionId, user.id);
  await takeOverCartsAtSignIn(tx, { oldSessionId, previousUserId: s.previousUserId, sessionId: s.sessionId, userId: user.id, customerAge: customerAge(user) });
  return { user, rawSessionId: s.rawSessionId, sessionId: s.sessionId };
}

// ---- registration ----

/** The e-mail code of a registration (purpose REGISTRATION): only for a well-formed address that is not taken. */
export async function sendRegistrationCode(db: Db, from: Requester, sessionId: string, email: string, text: MailText) {
  const e = checkEmail(email);
  // the answer tells whether the address has an account: an existence check, throttled like checkemail
  await from.limits.lookup(from);
  if (await emailTaken(db, e)) throw badInput('account.emailTaken', {}, 'email', 'emailTaken');
  const r = await issueCode(db, from, { purpose: 'REGISTRATION', subject: e, sessionId }, 'EMAIL', EMAIL_CODE_SECONDS, (c) => text(c, EMAIL_CODE_SECONDS));
  return { expiresInSeconds: r.expiresInSeconds };
}

/** Availability (seed 001 §5): a malformed username is 400, a taken one false. */
export async function usernameAvailable(db: Db, username: string): Promise<boolean> {
  return !(await usernameTaken(db, checkUsername(username)));
}
export async function emailAvailable(db: Db, email: string): Promise<boolean> {
  return !(await emailTaken(db, checkEmail(email)));
}

/** register/jmbg: the existing customer without an account of a JMBG and a customer number. */
export async function identifyCustomer(db: Db, jmbg: string, customerId: string) {
  if (!birthDateOfJmbg(jmbg.trim())) throw badInput('validation.jmbg', {}, 'jmbg', 'jmbg');
  const u = await customerWithoutAccount(db, jmbg, customerId);
  return { customerId: u.customerId ?? customerId.trim(), firstName: u.firstName, lastName: u.lastName };
}

/**
 * register/new (signUpWsDTO): validates everything first (formats, password policy, availability, adult JMBG,
 * the address from the address system), then spends the e-mail code and creates (or, for an existing customer,
 * claims) the account in the same transaction and signs it in. A refused insert (a username taken at the same
 * moment) rolls the code back too.
 */
export async function register(db: Db, from: Requester, sessionId: string, b: BodyOf<'registerNew'>): Promise<SignedIn> {
  const email = checkEmail(b.uid, 'uid');
  const username = checkUsername(b.username);
  checkPassword(b.password, b.passwordConfirmation, username);
  const jmbg = b.customerData.jmbg.trim();
  if (!birthDateOfJmbg(jmbg)) throw badInput('validation.jmbg', {}, 'jmbg', 'jmbg');
  if (!isAdultJmbg(jmbg)) throw badInput('validation.adult', {}, 'jmbg', 'adult');
  if (await usernameTaken(db, username)) throw badInput('account.usernameTaken', {}, 'username', 'usernameTaken');
  if (await emailTaken(db, email)) throw badInput('account.emailTaken', {}, 'uid', 'emailTaken');

  let create: (tx: DbOrTx) => Promise<User>;
  if (b.customerNumber) {
    const customer = await customerWithoutAccount(db, jmbg, b.customerNumber);
    create = (tx) => claimCustomerAccount(tx, customer.id, { email, username, password: b.password });
  } else {
    const c = b.customerData;
    const firstName = c.firstName.trim();
    const lastName = c.lastName.trim();
    if (!firstName) throw badInput('validation.required', {}, 'firstName', 'required');
    if (!lastName) throw badInput('validation.required', {}, 'lastName', 'required');
    const phone = nationalMobile(c.contactPhone ?? '');
    if (!phone) throw badInput('validation.mobileNumber', {}, 'contactPhone', 'mobileNumber');
    if (!b.address) throw badInput('validation.required', {}, 'address', 'required');
    const found = await addressOfCode(db, b.address.tisAddressCode.trim());
    if (!found) throw badInput('account.register.addressUnknown', {}, 'tisAddressCode', 'addressUnknown');
    const apartment = b.address.apartment?.trim() || null;
    const issue = c.docIssueDate?.trim() || null;
    if (issue && !/^\d{4}-\d{2}-\d{2}T01:00:00\+01:00$/.test(issue)) throw badInput('validation.regex', {}, 'docIssueDate', 'docIssueDate');
    const address = { tisAddressCode: found.tisAddressCode, line1: found.line1, line2: found.line2, town: found.town, province: found.province, postalCode: found.postalCode, apartment };
    const document = { docId: c.docId?.trim() || null, docIssueAuthority: c.docIssueAuthority?.trim() || null, docIssueDate: issue };
    create = (tx) => createAccount(tx, { email, username, password: b.password, firstName, lastName, jmbg, contactPhoneNumber: phone, address, document });
  }
  const out = await spendCode(db, from.limits, { purpose: 'REGISTRATION', subject: email, sessionId }, b.verificationCode, 'verificationCode', async (tx) => {
    const user = await create(tx);
    return signInAs(tx, sessionId, user);
  });
  return out!;
}

// ---- password recovery and reset ----

function recoveryAddress(channel: 'EMAIL' | 'SMS', address: string): string {
  if (channel === 'EMAIL') return checkEmail(address, 'address');
  const m = nationalMobile(address);
  if (!m) throw badInput('validation.mobileNumber', {}, 'address', 'mobileNumber');
  return m;
}

/**
 * Password recovery (seed 001 §2 /Promena-lozinke/Odabir-opcije): a code by e-mail (300 s) or SMS (60 s) to the
 * account's address. The answer is the same whether or not an account has the address: nothing is revealed.
 */
export async function requestRecovery(db: Db, from: Requester, sessionId: string, channel: 'EMAIL' | 'SMS', address: string, text: MailText) {
  const subject = recoveryAddress(channel, address);
  const seconds = channel === 'EMAIL' ? EMAIL_CODE_SECONDS : SMS_CODE_SECONDS;
  const user = await accountOfRecoveryAddress(db, channel, subject);
  // the same work and the same limits for an address without an account (the code is stored, never delivered):
  // neither the answer nor its time tells whether the account exists
  await issueCode(db, from, { purpose: 'PASSWORD_RESET', subject, sessionId }, channel, seconds, (c) => text(c, seconds), { deliver: user !== null });
  return { channel, expiresInSeconds: seconds };
}

/**
 * Reset by code: the code is checked first (any code failure — none sent, wrong, expired, or no such account — is one
 * answer, so the address is not revealed), then the password policy against the account and its history; the
 * password is set, the account's other sessions revoked, and the shopper signed in on a new session.
 */
export async function resetPassword(db: Db, from: Requester, sessionId: string, b: BodyOf<'passwordReset'>): Promise<SignedIn> {
  const subject = recoveryAddress(b.channel, b.address);
  const p = passwordProblem(b.password, '');
  if (p) throw badInput(p.key, p.params ?? {}, 'password', p.reason);
  if (b.password !== b.passwordConfirmation) throw badInput('validation.confirmed', {}, 'passwordConfirmation', 'confirmed');
  const user = await accountOfRecoveryAddress(db, b.channel, subject);
  try {
    const out = await spendCode(db, from.limits, { purpose: 'PASSWORD_RESET', subject, sessionId }, b.code, 'code', async (tx) => {
      if (!user) throw badInput('otp.error.otpNotSent', {}, 'code', 'otpNotSent');
      const u = await setPassword(tx, user.id, b.password);
      await revokeOtherSessions(tx, u.id, sessionId);
      return signInAs(tx, sessionId, u);
    });
    return out!;
  } catch (e) {
    if (e instanceof ApiError && e.messageKey.startsWith('otp.error.')) throw badInput('account.reset.codeInvalid', {}, 'code', 'otpInvalid');
    throw e;
  }
}

// ---- signed-in changes ----

async function signedInUser(db: Db, sessionId: string): Promise<User> {
  const u = await userOfSession(db, sessionId);
  if (!u) throw notSignedIn();
  return u;
}

/** Password change of a signed-in user (also the weak-password pages): the current password, then the policy. */
export async function changePassword(db: Db, sessionId: string, b: BodyOf<'changePassword'>): Promise<SignedIn> {
  const user = await signedInUser(db, sessionId);
  if (!(await isCurrentPassword(db, user.id, b.oldPassword))) throw wrongOldPassword();
  checkPassword(b.password, b.passwordConfirmation, user.username);
  return db.transaction(async (tx) => {
    const u = await setPassword(tx, user.id, b.password);
    await revokeOtherSessions(tx, u.id, sessionId);
    return signInAs(tx, sessionId, u);
  });
}

/** An address shown to someone who may not own it, partly hidden (ne***@example.rs). */
export const maskedEmail = (email: string): string => {
  const [name, domain] = email.split('@');
  return `${name!.slice(0, 2)}***@${domain}`;
};

/** The notice to the old address after an e-mail change (its text gets the new address partly hidden). */
export type NoticeText = (newAddressShown: string) => { subject: string; body: string };

/** The account's confirmed e-mail (null when it has none or it is not set). */
const confirmedEmail = (u: User): string | null => (u.email && !u.emailNotSet ? u.email.toLowerCase() : null);

/**
 * A code to the e-mail a signed-in customer adds (fill data, /podaci/dopuni-podatke) or changes to (profile,
 * /Profil/Izmena-licnih-podataka), purpose EMAIL_SET. The address must be well-formed, not the account's current one
 * and not used by another account (one answer that does not tell whose it is).
 */
export async function sendEmailCode(db: Db, from: Requester, sessionId: string, email: string, text: MailText) {
  const user = await signedInUser(db, sessionId);
  const e = checkEmail(email);
  if (confirmedEmail(user) === e) throw badInput('account.email.same', {}, 'email', 'sameEmail');
  if (user.email?.toLowerCase() !== e && await emailTaken(db, e)) throw badInput('account.email.inUse', {}, 'email', 'emailTaken');
  const r = await issueCode(db, from, { purpose: 'EMAIL_SET', subject: e, sessionId }, 'EMAIL', EMAIL_CODE_SECONDS, (c) => text(c, EMAIL_CODE_SECONDS));
  return { expiresInSeconds: r.expiresInSeconds };
}

/**
 * Sets the e-mail with the code sent to it: the code is spent, the address set (the unique index refuses an address
 * another account took meanwhile: 400, nothing changed, the code still unused), the session rotated, and a notice
 * goes to the old address when there was one — all in one transaction. Sign-in by the old address stops working.
 */
export async function setEmail(db: Db, from: Requester, sessionId: string, b: BodyOf<'setEmail'>, notice?: NoticeText): Promise<SignedIn> {
  const user = await signedInUser(db, sessionId);
  const e = checkEmail(b.email);
  const old = confirmedEmail(user);
  const out = await spendCode(db, from.limits, { purpose: 'EMAIL_SET', subject: e, sessionId }, b.code, 'code', async (tx) => {
    const u = await setEmailOf(tx, user.id, e);
    if (old && old !== e && notice) await sendMessage(tx, { channel: 'EMAIL', recipient: old, ...notice(maskedEmail(e)) });
    return signInAs(tx, sessionId, u);
  });
  return out!;
}
