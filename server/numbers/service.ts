// Phone numbers for a cart (CONNECT_MSISDN, seed 001 §5, §7, §9): the lists of free and nice numbers, the customer's
// own numbers, reservation (held in the database: two carts never hold the same number, a reservation expires),
// port-in with a one-time code sent to the number. Only this module writes the tables of ./schema.ts.
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, like, lte, ne, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput } from '../lib/errors';
import { sha256 } from '../lib/ids';
import { sendMessage } from '../outbox/index';
import { enqueue, QUEUES } from '../db/jobs';
import { cartNumberChoices, customerNumbers, msisdnOtps, msisdnPool, msisdnReservations, numberJobs, type NumberOption } from './schema';
import { isSubscriberLine } from '../selfcare/index';
import type { Limits, Requester } from '../lib/limits';

/** Mobile prefixes and the eSIM-capable ones (seed 001 §9). */
export const MOBILE_PREFIXES = ['060', '061', '062', '063', '064', '065', '066', '0676', '0677', '0678', '068', '069'];
export const ESIM_PREFIXES = ['064', '065', '066'];
/** Mobile operators a number can be ported in from (seed 001 §9). */
export const PORT_IN_OPERATORS = ['A1', 'Yettel', 'Globatel', 'Mundio'];
export const NUMBER_OPTIONS = ['MOBILE_EXISTING', 'MOBILE_NEW_SELECTION', 'MOBILE_NEW', 'MOBILE_PORT_IN'] as const;
/** How long a chosen number stays held for the cart (ours: the specification gives none). */
export const RESERVATION_MINUTES = 15;
/** The port-in one-time code's lifetime (seed 001 §9 "MSISDN OTP timer 60 s"). */
export const OTP_SECONDS = 60;
const OTP_ATTEMPTS = 5;

/** A number as typed (spaces, dashes, +381 / 381 / 00381) → the national form 06…; null when it is not a Serbian mobile number. */
export function nationalMsisdn(raw: string): string | null {
  let d = raw.replace(/[\s\-/()]/g, '');
  if (d.startsWith('+381')) d = `0${d.slice(4)}`;
  else if (d.startsWith('00381')) d = `0${d.slice(5)}`;
  else if (d.startsWith('381')) d = `0${d.slice(3)}`;
  if (!/^06\d{7,8}$/.test(d)) return null;
  return MOBILE_PREFIXES.some((p) => d.startsWith(p)) ? d : null;
}

/** 0641234567 → "064 123 4567" (0676 prefixes: "0676 123 456"). */
export function formatMsisdn(n: string): string {
  const p = MOBILE_PREFIXES.filter((x) => n.startsWith(x)).sort((a, b) => b.length - a.length)[0] ?? n.slice(0, 3);
  const rest = n.slice(p.length);
  return `${p} ${rest.slice(0, 3)} ${rest.slice(3)}`.trim();
}

/** The national form of a number as typed; 400 (invalidMsisdn) when it is not a Serbian mobile number. */
export const requireMsisdn = (raw: string) => {
  const n = nationalMsisdn(raw);
  if (!n) throw badInput('numbers.error.format', { prefixes: MOBILE_PREFIXES.join(', ') }, 'msisdn', 'invalidMsisdn');
  return n;
};

export interface NumberView { msisdn: string; msisdnFormatted: string; type: 'FREE' | 'NICE'; price: number; esimCapable: boolean }
const view = (r: { msisdn: string; kind: 'FREE' | 'NICE'; price: number }): NumberView => ({
  msisdn: r.msisdn, msisdnFormatted: formatMsisdn(r.msisdn), type: r.kind, price: r.price, esimCapable: ESIM_PREFIXES.some((p) => r.msisdn.startsWith(p)),
});

/** Numbers on sale of a kind not held by another cart; `query` keeps those containing these digits (the search tab). */
export async function listNumbers(db: DbOrTx, cartId: number, opts: { type?: 'FREE' | 'NICE'; query?: string; pageSize?: number }) {
  const digits = (opts.query ?? '').replace(/\D/g, '');
  const rows = await db.select({ msisdn: msisdnPool.msisdn, kind: msisdnPool.kind, price: msisdnPool.price })
    .from(msisdnPool)
    .leftJoin(msisdnReservations, and(eq(msisdnReservations.msisdn, msisdnPool.msisdn), gt(msisdnReservations.expiresAt, sql`now()`)))
    .where(and(
      isNull(msisdnPool.soldAt),
      opts.type ? eq(msisdnPool.kind, opts.type) : undefined,
      digits ? like(msisdnPool.msisdn, `%${digits}%`) : undefined,
      sql`(${msisdnReservations.msisdn} IS NULL OR ${msisdnReservations.cartId} = ${cartId})`,
    ))
    .orderBy(asc(msisdnPool.kind), asc(msisdnPool.msisdn))
    .limit(Math.min(opts.pageSize ?? 12, 50));
  return rows.map(view);
}

/** Is the number on sale and not held by another cart? */
export async function checkNumber(db: DbOrTx, cartId: number, raw: string) {
  const msisdn = requireMsisdn(raw);
  const [row] = await db.select().from(msisdnPool).where(eq(msisdnPool.msisdn, msisdn));
  if (!row || row.soldAt) return { msisdn, msisdnFormatted: formatMsisdn(msisdn), available: false, type: null, price: null };
  const [held] = await db.select().from(msisdnReservations)
    .where(and(eq(msisdnReservations.msisdn, msisdn), gt(msisdnReservations.expiresAt, sql`now()`)));
  const available = !held || held.cartId === cartId;
  return { ...view(row), available };
}

export async function setChoice(tx: DbOrTx, cartId: number, c: { option: NumberOption; msisdn: string | null; operator?: string | null; simSerialNumber?: string | null }) {
  const values = { cartId, option: c.option, msisdn: c.msisdn, operator: c.operator ?? null, simSerialNumber: c.simSerialNumber ?? null, updatedAt: new Date() };
  await tx.insert(cartNumberChoices).values(values).onConflictDoUpdate({ target: cartNumberChoices.cartId, set: values });
}

/**
 * Holds the number for the cart: one statement takes a free number, or one whose holder's time ran out, or renews the
 * cart's own hold; a number another cart holds is refused with 409 ("selected number is taken"). A job row releases
 * it at expiry. The cart's earlier number is let go.
 */
export async function reserveNumber(db: Db, cartId: number, raw: string) {
  const msisdn = requireMsisdn(raw);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(msisdnPool).where(eq(msisdnPool.msisdn, msisdn));
    if (!row || row.soldAt) throw new ApiError(404, 'UnknownIdentifierError', 'numbers.error.notOnSale', { msisdn: formatMsisdn(msisdn) }, 'notOnSale', 'msisdn');
    await tx.delete(msisdnReservations).where(and(eq(msisdnReservations.cartId, cartId), sql`${msisdnReservations.msisdn} <> ${msisdn}`));
    const expiresAt = new Date(Date.now() + RESERVATION_MINUTES * 60_000);
    const taken = await tx.execute(sql`
      INSERT INTO msisdn_reservations (msisdn, cart_id, expires_at) VALUES (${msisdn}, ${cartId}, ${expiresAt.toISOString()})
      ON CONFLICT (msisdn) DO UPDATE SET cart_id = EXCLUDED.cart_id, expires_at = EXCLUDED.expires_at, created_at = now()
        WHERE msisdn_reservations.expires_at <= now() OR msisdn_reservations.cart_id = EXCLUDED.cart_id
      RETURNING msisdn`);
    const rows = (taken as unknown as { rows: unknown[] }).rows ?? (taken as unknown as unknown[]);
    if (rows.length === 0) throw new ApiError(409, 'CartError', 'numbers.error.taken', { msisdn: formatMsisdn(msisdn) }, 'numberTaken', 'msisdn');
    const [job] = await tx.insert(numberJobs).values({ kind: 'RELEASE_RESERVATION', msisdn, cartId, runAt: expiresAt }).returning({ id: numberJobs.id });
    await enqueue(tx, QUEUES.numberRelease.name, { jobId: job.id }, expiresAt);
    await setChoice(tx, cartId, { option: 'MOBILE_NEW_SELECTION', msisdn });
    return choiceOf(tx, cartId);
  });
}

export async function release(tx: DbOrTx, cartId: number) {
  await tx.delete(msisdnReservations).where(eq(msisdnReservations.cartId, cartId));
}

/** MOBILE_NEW: the operator assigns a new number at activation. */
export async function chooseNewNumber(db: Db, cartId: number) {
  return db.transaction(async (tx) => {
    await release(tx, cartId);
    await setChoice(tx, cartId, { option: 'MOBILE_NEW', msisdn: null });
    return choiceOf(tx, cartId);
  });
}

/** The signed-in customer's own numbers. */
export async function ownNumbers(db: DbOrTx, userId: number) {
  const rows = await db.select().from(customerNumbers).where(eq(customerNumbers.userId, userId)).orderBy(asc(customerNumbers.msisdn));
  return rows.map((r) => ({ msisdn: r.msisdn, msisdnFormatted: formatMsisdn(r.msisdn), tariffName: r.tariffName, prepaid: r.prepaid }));
}

/** MOBILE_EXISTING: one of the customer's own numbers. */
export async function chooseExistingNumber(db: Db, cartId: number, userId: number, raw: string) {
  const msisdn = requireMsisdn(raw);
  const own = await db.select().from(customerNumbers).where(and(eq(customerNumbers.userId, userId), eq(customerNumbers.msisdn, msisdn)));
  if (own.length === 0) throw badInput('numbers.error.notOwn', { msisdn: formatMsisdn(msisdn) }, 'msisdn', 'notOwnNumber');
  return db.transaction(async (tx) => {
    await release(tx, cartId);
    await setChoice(tx, cartId, { option: 'MOBILE_EXISTING', msisdn });
    return choiceOf(tx, cartId);
  });
}

/**
 * Sends a six-digit code (100000–999999, seed 000 §9) to the number to be ported in (national form, its refusal
 * already checked: server/workflows/port-in.ts requestPortInOtp); valid 60 s. The send limits of server/lib/limits.ts
 * apply first (per number, account and client address; one SMS per number per 60 s).
 */
export async function sendPortInOtp(db: Db, from: Requester, sessionId: string, msisdn: string, text: (code: string) => { subject: string; body: string }) {
  await from.limits.send(from, 'SMS', msisdn);
  const code = String(randomInt(100000, 1_000_000));
  await db.transaction(async (tx) => {
    await tx.insert(msisdnOtps).values({ sessionId, msisdn, codeHash: sha256(`${msisdn}:${code}`), expiresAt: new Date(Date.now() + OTP_SECONDS * 1000) });
    await sendMessage(tx, { channel: 'SMS', recipient: msisdn, ...text(code) });
  });
  return { msisdn, otpSent: true, expiresInSeconds: OTP_SECONDS };
}

/**
 * Why a number cannot be ported in because it is ours, or null (issue 27): a number already ours — a customer's number
 * (customer_numbers, whoever's: the shopper's own one is chosen as MOBILE_EXISTING), a subscriber line
 * (selfcare_subscribers, international 3816…) or one of our pool's numbers — is not coming from another operator.
 * The whole refusal (also: another cart's open order has the number) is server/workflows/port-in.ts portInRefusal.
 */
export async function ownNumberRefusal(db: DbOrTx, msisdn: string): Promise<ApiError | null> {
  const params = { msisdn: formatMsisdn(msisdn) };
  const ours = async () =>
    (await db.select({ m: customerNumbers.msisdn }).from(customerNumbers).where(eq(customerNumbers.msisdn, msisdn)).limit(1)).length > 0
    || await isSubscriberLine(db, `381${msisdn.slice(1)}`)
    || (await db.select({ m: msisdnPool.msisdn }).from(msisdnPool).where(eq(msisdnPool.msisdn, msisdn)).limit(1)).length > 0;
  if (await ours()) return new ApiError(400, 'ValidationError', 'numbers.error.portInOurs', params, 'numberAlreadyOurs', 'msisdn');
  return null;
}

/** 409 for a number another cart's open order has as its choice (server/workflows/port-in.ts portInRefusal). */
export const numberTakenError = (msisdn: string): ApiError =>
  new ApiError(409, 'CartError', 'numbers.error.taken', { msisdn: formatMsisdn(msisdn) }, 'numberInOpenOrder', 'msisdn');

export interface PortInBody { msisdn: string; operator: string; simSerialNumber: string; puk: string; otpCode: string }

/** MOBILE_PORT_IN (seed 001 §5): operator, SIM serial number and an 8-digit PUK as the shopper typed them; answers the
 *  number's national form, or 400. */
export function checkPortInBody(body: PortInBody): string {
  const msisdn = requireMsisdn(body.msisdn);
  if (!PORT_IN_OPERATORS.includes(body.operator)) throw badInput('numbers.error.operator', { operators: PORT_IN_OPERATORS.join(', ') }, 'operator');
  if (!/^\d{8}$/.test(body.puk)) throw badInput('numbers.error.puk', {}, 'puk');
  if (!/^\d{19,20}$/.test(body.simSerialNumber.replace(/\s/g, ''))) throw badInput('numbers.error.simSerial', {}, 'simSerialNumber');
  return msisdn;
}

/**
 * MOBILE_PORT_IN with the code sent to the number (`msisdn`: checkPortInBody's answer, its refusal already checked —
 * server/workflows/port-in.ts portIn): the code spent, the cart's choice made. Answers the choice, or 400.
 */
export async function confirmPortIn(db: Db, limits: Limits, sessionId: string, cartId: number, msisdn: string, body: PortInBody) {
  // wrong codes count per number across codes (server/lib/limits.ts): a locked number takes no code until the lock ends
  await limits.codeUnlocked(msisdn, 'otpCode');
  // a wrong code's attempt must count although the request fails: it is counted in its own transaction
  const outcome = await db.transaction(async (tx) => {
    // the latest code sent to this number for this session, locked: two submits cannot both use it
    const [otp] = await tx.select().from(msisdnOtps)
      .where(and(eq(msisdnOtps.sessionId, sessionId), eq(msisdnOtps.msisdn, msisdn), isNull(msisdnOtps.usedAt)))
      .orderBy(desc(msisdnOtps.id)).limit(1).for('update');
    if (!otp) throw badInput('numbers.error.otpNotSent', {}, 'otpCode', 'otpNotSent');
    if (otp.expiresAt.getTime() <= Date.now() || otp.attempts >= OTP_ATTEMPTS) throw badInput('numbers.error.otpExpired', {}, 'otpCode', 'otpExpired');
    if (otp.codeHash !== sha256(`${msisdn}:${body.otpCode}`)) {
      await tx.update(msisdnOtps).set({ attempts: otp.attempts + 1 }).where(eq(msisdnOtps.id, otp.id));
      return { wrong: true as const };
    }
    await tx.update(msisdnOtps).set({ usedAt: new Date() }).where(eq(msisdnOtps.id, otp.id));
    await release(tx, cartId);
    await setChoice(tx, cartId, { option: 'MOBILE_PORT_IN', msisdn, operator: body.operator, simSerialNumber: body.simSerialNumber.replace(/\s/g, '') });
    return { choice: await choiceOf(tx, cartId) };
  });
  if ('wrong' in outcome) {
    await limits.codeWrong(msisdn);
    throw badInput('numbers.error.otpWrong', {}, 'otpCode', 'otpWrong');
  }
  return outcome.choice;
}

/** The cart's number choice (null when none is made), with the held number's price and expiry. */
export async function choiceOf(db: DbOrTx, cartId: number) {
  const [c] = await db.select().from(cartNumberChoices).where(eq(cartNumberChoices.cartId, cartId));
  if (!c) return { choice: null };
  let price = 0;
  let expiresAt: string | null = null;
  if (c.option === 'MOBILE_NEW_SELECTION' && c.msisdn) {
    const [held] = await db.select({ expiresAt: msisdnReservations.expiresAt, price: msisdnPool.price }).from(msisdnReservations)
      .innerJoin(msisdnPool, eq(msisdnPool.msisdn, msisdnReservations.msisdn))
      .where(and(eq(msisdnReservations.cartId, cartId), eq(msisdnReservations.msisdn, c.msisdn), gt(msisdnReservations.expiresAt, sql`now()`)));
    // the hold ran out: the choice is gone (the shopper picks again)
    if (!held) return { choice: null };
    price = held.price;
    expiresAt = held.expiresAt.toISOString();
  }
  return {
    choice: {
      option: c.option, msisdn: c.msisdn, msisdnFormatted: c.msisdn ? formatMsisdn(c.msisdn) : null, price, expiresAt,
      operator: c.operator, esimCapable: c.msisdn ? ESIM_PREFIXES.some((p) => c.msisdn!.startsWith(p)) : null,
    },
  };
}

/**
 * The release job of one reservation (its RELEASE_RESERVATION row `jobId`; the pg-boss job numbers.release, written
 * with the row at reservation): marks the row done only if it was not (the conditional update is the exactly-once
 * guard: a job delivered twice, or run by two instances, finds it done), deletes the reservation if it is still the
 * expired one, and its choice (then `onReleased` for its cart), all in one transaction. Answers whether it ran.
 */
export async function runNumberJob(db: Db, jobId: number, onReleased?: (tx: DbOrTx, cartId: number) => Promise<unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx.update(numberJobs).set({ doneAt: new Date() })
      .where(and(eq(numberJobs.id, jobId), isNull(numberJobs.doneAt))).returning();
    if (!job) return false;
    await releaseExpired(tx, job, onReleased);
    return true;
  });
}

async function releaseExpired(tx: DbOrTx, job: { msisdn: string; cartId: number }, onReleased?: (tx: DbOrTx, cartId: number) => Promise<unknown>) {
  const gone = await tx.delete(msisdnReservations)
    .where(and(eq(msisdnReservations.msisdn, job.msisdn), eq(msisdnReservations.cartId, job.cartId), lte(msisdnReservations.expiresAt, sql`now()`)))
    .returning();
  if (gone.length > 0) {
    await tx.delete(cartNumberChoices).where(and(eq(cartNumberChoices.cartId, job.cartId), eq(cartNumberChoices.msisdn, job.msisdn), eq(cartNumberChoices.option, 'MOBILE_NEW_SELECTION')));
    // the cart's charges follow its choice (the caller's workflow: server/workflows/cart-numbers.ts syncNumberCharge)
    if (onReleased) await onReleased(tx, job.cartId);
  }
}

/**
 * Every due RELEASE_RESERVATION row at once, claimed with FOR UPDATE SKIP LOCKED (an operator's catch-up, and the
 * tests; the shop itself runs each row's pg-boss job). Answers how many rows it did.
 */
export async function runDueNumberJobs(db: Db, limit = 50, onReleased?: (tx: DbOrTx, cartId: number) => Promise<unknown>): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.select().from(numberJobs)
      .where(and(isNull(numberJobs.doneAt), lte(numberJobs.runAt, new Date())))
      .orderBy(asc(numberJobs.runAt)).limit(limit).for('update', { skipLocked: true });
    for (const job of due) {
      await releaseExpired(tx, job, onReleased);
      await tx.update(numberJobs).set({ doneAt: new Date() }).where(eq(numberJobs.id, job.id));
    }
    return due.length;
  });
}

/**
 * SQL: the carts other than `exceptCartId` whose number choice is `msisdn`, a subquery (of cart ids) for `inArray`
 * in a statement of a module above (server/checkout/order-reads.ts: is the number in another cart's open order).
 */
export function cartsChoosingNumberSql(msisdn: string, exceptCartId: number): SQL {
  const ids = new QueryBuilder().select({ cartId: cartNumberChoices.cartId }).from(cartNumberChoices)
    .where(and(eq(cartNumberChoices.msisdn, msisdn), ne(cartNumberChoices.cartId, exceptCartId)));
  return sql`${ids}`; // (drizzle writes an embedded select in parentheses)
}
