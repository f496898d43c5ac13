// The do-not-call register (seed 001 §7 /users/dontcall/msisdn/add, /msisdn/remove, /homeline/add, /homeline/remove
// and their request-OTP call; §9 "do-not-call effective from next day"). A change is confirmed by a one-time code
// sent to the number itself (server/outbox codes: hashed, single use, 5 attempts, 60 s like every MSISDN code).
// An entry takes effect from the next day (Europe/Belgrade); a removal ends it from the next day. One open entry per
// number is enforced by the partial unique index selfcare_dont_call_one_open; a removal is a conditional update.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { issueCode, spendCode } from '../outbox';
import type { Limits, Requester } from '../lib/limits';
import { badInput } from '../lib/errors';
import type { Lang } from '../lib/lang';
import type { UiDocuments } from '../ui';
import { formatMsisdn, normalizeMsisdn } from './numbers';
import { selfcareDontCall } from './schema';

export type DontCallKind = 'MSISDN' | 'HOMELINE';
export type DontCallAction = 'ADD' | 'REMOVE';
/** Seed 001 §9: the MSISDN one-time code timer is 60 s. */
export const DONT_CALL_CODE_SECONDS = 60;
const TZ = 'Europe/Belgrade';

/** Fixed line (seed 001 §9 area codes 010–039, incl. 0230, 0280, 0290, 0390): 0 + area code + number, 9–10 digits. */
const FIXED_LINE = /^0[1-3][0-9]{7,8}$/;

/** A fixed line as typed (spaces, dashes, slashes ignored; +381 / 00381 accepted) → national digits 0…, or null. */
export function normalizeHomeLine(input: string): string | null {
  let s = input.replace(/[\s\-/()]/g, '');
  if (/^\+381[1-3]/.test(s)) s = `0${s.slice(4)}`;
  else if (/^00381[1-3]/.test(s)) s = `0${s.slice(5)}`;
  return FIXED_LINE.test(s) ? s : null;
}

/** "0113004000" → "011 3004000"; 4-digit area codes (0230 …) keep their own group. */
export function formatHomeLine(n: string): string {
  const area = /^0(23|28|29|39)0/.test(n) ? 4 : 3;
  return `${n.slice(0, area)} ${n.slice(area)}`;
}

export function parseNumber(kind: DontCallKind, raw: string): string {
  if (kind === 'MSISDN') {
    const m = normalizeMsisdn(raw);
    if (!m) throw badInput('validation.mobileNumber', {}, 'msisdn', 'invalidMsisdn');
    return m;
  }
  const h = normalizeHomeLine(raw);
  if (!h) throw badInput('dontcall.error.homeLine', {}, 'homeLineNumber', 'invalidHomeLine');
  return h;
}

const displayNumber = (kind: DontCallKind, n: string) => (kind === 'MSISDN' ? formatMsisdn(n) : formatHomeLine(n));

/** YYYY-MM-DD of `now` + `days` in Belgrade. */
export function belgradeDate(now: Date, days = 0): string {
  const d = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  if (!days) return d;
  const [y, m, day] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, day + days)).toISOString().slice(0, 10);
}
const shownDate = (iso: string) => { const [y, m, d] = iso.split('-'); return `${d}.${m}.${y}.`; };

async function openEntry(db: DbOrTx, kind: DontCallKind, number: string) {
  const [row] = await db.select().from(selfcareDontCall)
    .where(and(eq(selfcareDontCall.kind, kind), eq(selfcareDontCall.number, number), isNull(selfcareDontCall.removedAt)));
  return row ?? null;
}

const subjectOf = (kind: DontCallKind) => (kind === 'MSISDN' ? 'msisdn' : 'homeLineNumber');
const purposeOf = (action: DontCallAction) => `DONT_CALL_${action}`;

/** Where a number stands: not listed, listed (since), or listed until a removal takes effect. */
export async function dontCallStatus(db: Db, ui: UiDocuments, lang: Lang, kind: DontCallKind, raw: string, now: Date) {
  const number = parseNumber(kind, raw);
  return view(ui, lang, kind, number, await openEntry(db, kind, number), now);
}

function view(ui: UiDocuments, lang: Lang, kind: DontCallKind, number: string, row: typeof selfcareDontCall.$inferSelect | null, now: Date, key?: string) {
  const listed = !!row;
  const today = belgradeDate(now);
  const effective = !!row && row.effectiveFrom <= today;
  const shown = displayNumber(kind, number);
  const message = ui.message(lang, key ?? (listed ? (effective ? 'dontcall.status.listed' : 'dontcall.status.pending') : 'dontcall.status.notListed'),
    { number: shown, date: shownDate(row?.effectiveFrom ?? today) });
  return { kind, number: shown, listed, effective, effectiveFrom: row?.effectiveFrom ?? null, message };
}

/** The request-OTP call: checks that the change makes sense, then sends a code to the number. */
export async function requestDontCallCode(
  db: Db, from: Requester, ui: UiDocuments, lang: Lang, sessionId: string, body: { kind: DontCallKind; action: DontCallAction; number: string },
) {
  const number = parseNumber(body.kind, body.number);
  const row = await openEntry(db, body.kind, number);
  if (body.action === 'ADD' && row) throw badInput('dontcall.error.alreadyListed', { number: displayNumber(body.kind, number) }, subjectOf(body.kind), 'alreadyListed');
  if (body.action === 'REMOVE' && !row) throw badInput('dontcall.error.notListed', { number: displayNumber(body.kind, number) }, subjectOf(body.kind), 'notListed');
  const r = await issueCode(db, from, { purpose: purposeOf(body.action), subject: number, sessionId }, 'SMS', DONT_CALL_CODE_SECONDS, (code) => ({
    subject: ui.message(lang, 'dontcall.code.subject'),
    body: ui.message(lang, body.action === 'ADD' ? 'dontcall.code.add' : 'dontcall.code.remove', { code, number: displayNumber(body.kind, number) }),
  }));
  return { number: displayNumber(body.kind, number), expiresInSeconds: r.expiresInSeconds };
}

/** Adds a number (the code sent to it confirms); the entry takes effect the next day. Once only per number. */
export async function addDontCall(db: Db, limits: Limits, ui: UiDocuments, lang: Lang, sessionId: string, kind: DontCallKind, raw: string, code: string, now: Date) {
  const number = parseNumber(kind, raw);
  if (await openEntry(db, kind, number)) throw badInput('dontcall.error.alreadyListed', { number: displayNumber(kind, number) }, subjectOf(kind), 'alreadyListed');
  const row = await spendCode(db, limits, { purpose: purposeOf('ADD'), subject: number, sessionId }, code, 'code', async (tx) => {
    const [r] = await tx.insert(selfcareDontCall).values({ kind, number, effectiveFrom: belgradeDate(now, 1) }).onConflictDoNothing().returning();
    return r ?? null;
  });
  // a concurrent add of the same number won (the unique index): the number is listed either way
  if (!row) throw badInput('dontcall.error.alreadyListed', { number: displayNumber(kind, number) }, subjectOf(kind), 'alreadyListed');
  return view(ui, lang, kind, number, row, now, 'dontcall.added');
}

/** Removes a number (the code sent to it confirms): the entry ends with today, so calls are allowed from the next day. */
export async function removeDontCall(db: Db, limits: Limits, ui: UiDocuments, lang: Lang, sessionId: string, kind: DontCallKind, raw: string, code: string, now: Date) {
  const number = parseNumber(kind, raw);
  if (!(await openEntry(db, kind, number))) throw badInput('dontcall.error.notListed', { number: displayNumber(kind, number) }, subjectOf(kind), 'notListed');
  const until = belgradeDate(now, 1);
  const removed = await spendCode(db, limits, { purpose: purposeOf('REMOVE'), subject: number, sessionId }, code, 'code', async (tx) => {
    const [r] = await tx.update(selfcareDontCall).set({ removedAt: now, effectiveTo: until })
      .where(and(eq(selfcareDontCall.kind, kind), eq(selfcareDontCall.number, number), isNull(selfcareDontCall.removedAt))).returning();
    return r ?? null;
  });
  if (!removed) throw badInput('dontcall.error.notListed', { number: displayNumber(kind, number) }, subjectOf(kind), 'notListed');
  const shown = displayNumber(kind, number);
  return { kind, number: shown, listed: false, effective: false, effectiveFrom: null, effectiveTo: until,
    message: ui.message(lang, 'dontcall.removed', { number: shown, date: shownDate(until) }) };
}
