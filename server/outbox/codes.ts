// One-time codes for every module (e-mail verification, registration, password recovery, profile changes,
// do-not-call, prepaid verification): six digits 100000–999999 (seed 000 §9), stored only as a hash, single use,
// a limited number of attempts, a lifetime chosen by the caller (300 s for e-mail codes, 60 s for MSISDN codes).
// The code travels through sendMessage (SMTP when configured, else the outbox shown at /dev/outbox).
// Issue 24: every send passes the send limits of server/lib/limits.ts (per target, account and client address, and
// the resend interval), and wrong codes are counted per target across codes: past the limit the target is locked.
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/index';
import { badInput } from '../lib/errors';
import type { Limits, Requester } from '../lib/limits';
import { sha256 } from '../lib/ids';
import { oneTimeCodes } from './schema';
import { sendMessage, type OutgoingMessage } from './service';

/** Wrong codes allowed before a code is spent and a new one must be sent. */
export const CODE_ATTEMPTS = 5;

export interface CodeKey {
  /** What the code confirms, for example 'REGISTRATION', 'PASSWORD_RESET', 'DONT_CALL', 'EMAIL_VERIFICATION'. */
  purpose: string;
  /** Where it was sent: an e-mail address or a national mobile number. */
  subject: string;
  /** The browser session that asked for it: a code works only in the session it was sent to. */
  sessionId: string;
}

const hashOf = (k: CodeKey, code: string) => sha256(`${k.purpose}:${k.subject.toLowerCase()}:${k.sessionId}:${code}`);

/**
 * Sends a new code (earlier unused codes of the same key stop working) and answers its lifetime.
 * `text` builds the message in the user's language from the code. The send limits of `from` apply first (429).
 * `deliver: false` does the same work and counts the same limits but sends nothing (password recovery for an
 * address without an account: the answer and its time do not tell whether the account exists).
 */
export async function issueCode(
  db: Db, from: Requester, key: CodeKey, channel: OutgoingMessage['channel'], seconds: number,
  text: (code: string) => { subject: string; body: string }, opts: { deliver?: boolean } = {},
): Promise<{ expiresInSeconds: number; expiresAt: string }> {
  await from.limits.send(from, channel, key.subject, { purpose: key.purpose });
  const code = String(randomInt(100000, 1_000_000));
  const expiresAt = new Date(Date.now() + seconds * 1000);
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ usedAt: new Date() }).where(and(
      eq(oneTimeCodes.purpose, key.purpose), eq(oneTimeCodes.subject, key.subject.toLowerCase()),
      eq(oneTimeCodes.sessionId, key.sessionId), isNull(oneTimeCodes.usedAt)));
    await tx.insert(oneTimeCodes).values({ purpose: key.purpose, subject: key.subject.toLowerCase(), sessionId: key.sessionId, codeHash: hashOf(key, code), expiresAt });
    const message = { channel, recipient: key.subject, ...text(code) };
    if (opts.deliver !== false) await sendMessage(tx, message);
  });
  return { expiresInSeconds: seconds, expiresAt: expiresAt.toISOString() };
}

/**
 * Spends a code: answers when it is right, unexpired and unused; otherwise a 400 with reason otpNotSent, otpExpired
 * or otpWrong on the field `field`. The row is locked, so two submits of one code cannot both succeed.
 * Run `then` inside the same transaction to make the confirmed change atomic with spending the code.
 */
export async function spendCode<T>(
  db: Db, limits: Limits, key: CodeKey, code: string, field: string,
  then?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>,
): Promise<T | undefined> {
  // a target locked by wrong codes (across codes, sessions and purposes) takes no code until the lock ends
  await limits.codeUnlocked(key.subject, field);
  // a wrong code's attempt must count even though the request fails: count it in its own transaction
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(oneTimeCodes).where(and(
      eq(oneTimeCodes.purpose, key.purpose), eq(oneTimeCodes.subject, key.subject.toLowerCase()),
      eq(oneTimeCodes.sessionId, key.sessionId), isNull(oneTimeCodes.usedAt)))
      .orderBy(desc(oneTimeCodes.id)).limit(1).for('update');
    if (!row) return { error: 'otpNotSent' as const };
    if (row.expiresAt.getTime() <= Date.now() || row.attempts >= CODE_ATTEMPTS) return { error: 'otpExpired' as const };
    if (row.codeHash !== hashOf(key, String(code).trim())) {
      await tx.update(oneTimeCodes).set({ attempts: row.attempts + 1 }).where(eq(oneTimeCodes.id, row.id));
      return { error: 'otpWrong' as const };
    }
    await tx.update(oneTimeCodes).set({ usedAt: new Date() }).where(eq(oneTimeCodes.id, row.id));
    return { value: then ? await then(tx) : undefined };
  });
  if ('error' in outcome && outcome.error === 'otpWrong') await limits.codeWrong(key.subject);
  if ('error' in outcome) throw badInput(`otp.error.${outcome.error}`, {}, field, outcome.error);
  return outcome.value;
}
