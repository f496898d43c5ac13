// Prepaid number registration (seed 001 §2, §4, §5, §7, §9): a prepaid number bought by a guest is registered with
// a personal document, the 6-character code of the SIM package, consent and a video-identification appointment
// within 24 hours of the purchase; after that the expiry job releases the reserved funds.
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput } from '../lib/errors';
import type { Limits } from '../lib/limits';
import { enqueue, QUEUES } from '../db/jobs';
import { ageFromJmbg } from '../user';
import type { ResponseOf } from '../lib/contract';
import { formatMsisdn, normalizeMsisdn } from './numbers';
import { selfcareJobs, selfcarePrepaidRegistrations, selfcareSubscribers } from './schema';

export const REGISTRATION_WINDOW_MS = 24 * 60 * 60 * 1000;
export const EXPIRY_JOB = 'prepaid-registration-expiry';
/** Video identification works 08:00–20:00 Belgrade time in 30-minute slots. */
export const VIDEO_OPENING_HOUR = 8;
export const VIDEO_CLOSING_HOUR = 20;
export const SLOT_MS = 30 * 60 * 1000;
export const SLOTS_OFFERED = 8;

const belgradeHour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', hour: '2-digit', hourCycle: 'h23' });
const hourIn = (d: Date) => Number(belgradeHour.format(d));

function parseMsisdn(raw: string): string {
  const msisdn = normalizeMsisdn(raw);
  if (!msisdn) throw badInput('selfcare.prepaid.error.notValid', {}, 'msisdn', 'invalidMsisdn');
  return msisdn;
}

/**
 * Opens the registration window of a prepaid number bought by a guest (the public service the order flow calls):
 * the row and its expiry job at purchase + 24 h, both once.
 */
export async function openPrepaidRegistration(db: DbOrTx, r: { msisdn: string; code: string; purchasedAt: Date; reservedAmount: number }) {
  const deadline = new Date(r.purchasedAt.getTime() + REGISTRATION_WINDOW_MS);
  await db.insert(selfcarePrepaidRegistrations).values({ msisdn: r.msisdn, code: r.code.toUpperCase(), purchasedAt: r.purchasedAt, deadline, reservedAmount: r.reservedAmount }).onConflictDoNothing();
  const [job] = await db.insert(selfcareJobs).values({ kind: EXPIRY_JOB, subject: r.msisdn, runAt: deadline }).onConflictDoNothing().returning({ id: selfcareJobs.id });
  // the pg-boss job of the row, in the same transaction (scheduled once: a repeated call inserts no row)
  if (job) await enqueue(db, QUEUES.prepaidExpiry.name, { jobId: job.id }, deadline);
}

/**
 * A guest bought a prepaid package (the order workflow calls this once the purchase is paid, in its transaction):
 * the number becomes a PREPAID subscriber of self-care (balance 0 until registered) and its 24-hour registration
 * window opens with the expiry job. Idempotent: a repeated call changes nothing. Answers the registration deadline.
 */
export async function openGuestPrepaidPurchase(tx: DbOrTx, r: { msisdn: string; code: string; purchasedAt: Date; reservedAmount: number }): Promise<Date> {
  const msisdn = normalizeMsisdn(r.msisdn);
  if (!msisdn) throw badInput('selfcare.prepaid.error.notValid', {}, 'msisdn', 'invalidMsisdn');
  await tx.insert(selfcareSubscribers).values({ msisdn, kind: 'PREPAID', balance: 0 }).onConflictDoNothing();
  await openPrepaidRegistration(tx, { ...r, msisdn });
  const [reg] = await tx.select({ deadline: selfcarePrepaidRegistrations.deadline }).from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, msisdn));
  return reg.deadline;
}

/** GET /blinking/users/prepaid/check?msisdn: must this prepaid number be registered, until when. */
export async function prepaidCheck(db: Db, now: Date, raw: string): Promise<ResponseOf<'prepaidCheck'>> {
  const msisdn = parseMsisdn(raw);
  const sub = (await db.select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)))[0];
  const reg = (await db.select().from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, msisdn)))[0];
  const status = !reg ? 'NOT_REQUIRED' : reg.status === 'PENDING' && reg.deadline.getTime() <= now.getTime() ? 'EXPIRED' : reg.status;
  return {
    msisdn: formatMsisdn(msisdn), isPrePaid: sub?.kind === 'PREPAID', status,
    registrationRequired: status === 'PENDING', deadline: reg ? reg.deadline.toISOString() : null,
    videoSlot: reg?.videoSlot ? reg.videoSlot.toISOString() : null,
  };
}

/** GET /customerid/check?customerId: a valid JMBG of an adult. */
export function customerIdCheck(customerId: string, now: Date) {
  const age = ageFromJmbg(customerId.trim(), now);
  if (age === null) throw badInput('selfcare.prepaid.error.customerId', {}, 'customerId', 'invalidCustomerId');
  if (age < 18) throw badInput('validation.adult', {}, 'customerId', 'notAdult');
  return { customerId: customerId.trim(), valid: true, adult: true };
}

function candidateSlots(now: Date, until: Date): Date[] {
  const out: Date[] = [];
  let t = Math.ceil((now.getTime() + SLOT_MS) / SLOT_MS) * SLOT_MS;
  for (; t < until.getTime() && out.length < 200; t += SLOT_MS) {
    const h = hourIn(new Date(t));
    if (h >= VIDEO_OPENING_HOUR && h < VIDEO_CLOSING_HOUR) out.push(new Date(t));
  }
  return out;
}

/** GET /closing-time: the video-identification hours and the next free appointments (before `deadline` if given). */
export async function closingTime(db: Db, now: Date, deadline?: Date) {
  const until = deadline ?? new Date(now.getTime() + 2 * REGISTRATION_WINDOW_MS);
  const taken = new Set((await db.select({ s: selfcarePrepaidRegistrations.videoSlot }).from(selfcarePrepaidRegistrations)
    .where(isNotNull(selfcarePrepaidRegistrations.videoSlot))).map((r) => r.s!.getTime()));
  const slots = candidateSlots(now, until).filter((d) => !taken.has(d.getTime())).slice(0, SLOTS_OFFERED);
  return {
    openingTime: `${String(VIDEO_OPENING_HOUR).padStart(2, '0')}:00`, closingTime: `${VIDEO_CLOSING_HOUR}:00`,
    open: hourIn(now) >= VIDEO_OPENING_HOUR && hourIn(now) < VIDEO_CLOSING_HOUR,
    slots: slots.map((d) => d.toISOString()),
  };
}

export interface RegistrationBody {
  msisdn: string; code: string; customerId: string; firstName: string; lastName: string;
  documentType: 'ID_CARD' | 'PASSPORT'; documentNumber: string; consent: boolean; videoSlot: string;
}

const conflict = (key: string, reason: string) => new ApiError(409, 'ValidationError', key, {}, reason, 'msisdn');
const isUniqueViolation = (e: unknown): boolean => {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code === '23505' || x?.cause?.code === '23505';
};

/** POST /blinking: registers the number (once), books the appointment (one registration per slot). */
export async function registerPrepaid(db: Db, limits: Limits, now: Date, b: RegistrationBody) {
  const msisdn = parseMsisdn(b.msisdn);
  if (b.consent !== true) throw badInput('selfcare.prepaid.error.consent', {}, 'consent', 'consentRequired');
  if (b.code.trim().length !== 6) throw badInput('selfcare.prepaid.error.codeLength', {}, 'code', 'codeLength');
  customerIdCheck(b.customerId, now);
  const slot = new Date(b.videoSlot);
  // wrong registration codes count per number (across codes); a locked number takes no code until the lock ends
  await limits.codeUnlocked(msisdn, 'code');
  try {
    return await db.transaction(async (tx) => {
      const reg = (await tx.select().from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, msisdn)).for('update'))[0];
      if (!reg) throw conflict('selfcare.prepaid.error.notRequired', 'notRequired');
      if (reg.status === 'REGISTERED') throw conflict('selfcare.prepaid.error.alreadyRegistered', 'alreadyRegistered');
      if (reg.status === 'EXPIRED' || reg.deadline.getTime() <= now.getTime()) throw conflict('selfcare.prepaid.error.expired', 'expired');
      if (reg.code !== b.code.trim().toUpperCase()) throw badInput('selfcare.prepaid.error.code', {}, 'code', 'wrongCode');
      const valid = candidateSlots(now, reg.deadline).some((d) => d.getTime() === slot.getTime());
      if (!valid) throw badInput('selfcare.prepaid.error.slot', {}, 'videoSlot', 'invalidSlot');
      await tx.update(selfcarePrepaidRegistrations).set({
        status: 'REGISTERED', customerId: b.customerId.trim(), firstName: b.firstName.trim(), lastName: b.lastName.trim(),
        documentType: b.documentType, documentNumber: b.documentNumber.trim(), videoSlot: slot, registeredAt: now,
      }).where(and(eq(selfcarePrepaidRegistrations.msisdn, msisdn), eq(selfcarePrepaidRegistrations.status, 'PENDING')));
      return { msisdn: formatMsisdn(msisdn), status: 'REGISTERED' as const, videoSlot: slot.toISOString() };
    });
  } catch (e) {
    if (e instanceof ApiError && e.reason === 'wrongCode') await limits.codeWrong(msisdn);
    if (isUniqueViolation(e)) throw conflict('selfcare.prepaid.error.slotTaken', 'slotTaken');
    throw e;
  }
}

/** An expiry job's effect: the reserved funds of a registration still PENDING are released. */
async function expire(tx: DbOrTx, job: { kind: string; subject: string }, now: Date): Promise<string> {
  if (job.kind !== EXPIRY_JOB) return 'unknownKind';
  const released = await tx.update(selfcarePrepaidRegistrations)
    .set({ status: 'EXPIRED', reservedAmount: 0, releasedAt: now })
    .where(and(eq(selfcarePrepaidRegistrations.msisdn, job.subject), eq(selfcarePrepaidRegistrations.status, 'PENDING')))
    .returning({ m: selfcarePrepaidRegistrations.msisdn });
  return released.length ? 'released' : 'registered';
}

/**
 * One job row (the pg-boss job selfcare.prepaid-expiry carries its id, and pg-boss starts it at the row's run_at):
 * marked DONE only if it was PENDING — the exactly-once guard, in the transaction of its effect (a job run twice, or
 * by two instances, finds it done). Answers its result, or null when it was done already.
 */
export async function runPrepaidJob(db: Db, jobId: number, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx.update(selfcareJobs).set({ status: 'DONE', doneAt: now })
      .where(and(eq(selfcareJobs.id, jobId), eq(selfcareJobs.status, 'PENDING'))).returning();
    if (!job) return null;
    const result = await expire(tx, job, now);
    await tx.update(selfcareJobs).set({ result }).where(eq(selfcareJobs.id, job.id));
    return result;
  });
}

/**
 * Every due job row at once (run_at ≤ now), claimed with FOR UPDATE SKIP LOCKED (an operator's catch-up, and the
 * tests' clock; the shop runs each row's pg-boss job). Each job runs once.
 */
export async function runDueJobs(db: Db, now: Date, limit = 20): Promise<Array<{ subject: string; result: string }>> {
  return db.transaction(async (tx) => {
    const due = await tx.select().from(selfcareJobs)
      .where(and(eq(selfcareJobs.status, 'PENDING'), lte(selfcareJobs.runAt, now)))
      .orderBy(asc(selfcareJobs.runAt)).limit(limit).for('update', { skipLocked: true });
    const done: Array<{ subject: string; result: string }> = [];
    for (const job of due) {
      const result = await expire(tx, job, now);
      await tx.update(selfcareJobs).set({ status: 'DONE', doneAt: now, result }).where(eq(selfcareJobs.id, job.id));
      done.push({ subject: job.subject, result });
    }
    return done;
  });
}

/** Reserved funds of a number (tests, the status of a registration). */
export async function registrationOf(db: Db, raw: string) {
  const msisdn = normalizeMsisdn(raw);
  if (!msisdn) return undefined;
  return (await db.select().from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, msisdn)))[0];
}

