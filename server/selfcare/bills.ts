// Bill payment (seed 001 §4, §5, §7): find a bill, consent, pay by card; six refusals, each with its message. The card
// payment, its callback and its voids are the top-up's (./service.ts).
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/index';
import { ApiError, badInput, notFound } from '../lib/errors';
import { numericCode, randomToken } from '../lib/ids';
import type { Lang } from '../lib/lang';
import type { ResponseOf } from '../lib/contract';
import { money } from '../lib/money';
import type { UiDocuments } from '../ui';
import { selfcareBills, selfcareBillSessions, selfcareCardPayments } from './schema';
import { formatMsisdn } from './numbers';
import { closeSession, ownedBy, receiptOf, SELFCARE_GATEWAY_PREFIX, voidKeys, type CardPaymentRow } from './service';

/** The six outcomes of seed 001 §4 that stop a bill payment: the error's `reason`. */
export type BillOutcome = 'ALREADY_PAID' | 'NOT_FOUND' | 'IN_PROCESSING' | 'SERVICE_UNAVAILABLE' | 'SESSION_EXPIRED' | 'CANCELLED';
const OUTCOME_KEY: Record<BillOutcome, string> = {
  ALREADY_PAID: 'selfcare.bill.outcome.ALREADY_PAID', NOT_FOUND: 'selfcare.bill.outcome.NOT_FOUND',
  IN_PROCESSING: 'selfcare.bill.outcome.IN_PROCESSING', SERVICE_UNAVAILABLE: 'selfcare.bill.outcome.SERVICE_UNAVAILABLE',
  SESSION_EXPIRED: 'selfcare.bill.outcome.SESSION_EXPIRED', CANCELLED: 'selfcare.bill.outcome.CANCELLED',
};
export const billRefusal = (outcome: BillOutcome, subject?: string) =>
  new ApiError(outcome === 'NOT_FOUND' ? 404 : 409, 'PaymentError', OUTCOME_KEY[outcome], {}, outcome, subject);

/** Consents a bill payment needs (seed 001 §5). */
export const BILL_CONSENTS = ['GENERAL_TERMS_AGREEMENT', 'PRIVACY_POLICY_AGREEMENT', 'PERSONAL_DATA_NOTICE'] as const;

export interface BillOptions { now: () => Date; sessionTtlMs: number }
export const DEFAULT_BILL_SESSION_TTL_MS = 15 * 60 * 1000;

type BillRow = typeof selfcareBills.$inferSelect;

function refusalOf(b: BillRow): BillOutcome | null {
  if (!b.billingAvailable) return 'SERVICE_UNAVAILABLE';
  if (b.status === 'PAID') return 'ALREADY_PAID';
  if (b.status === 'PROCESSING') return 'IN_PROCESSING';
  if (b.status === 'CANCELLED') return 'CANCELLED';
  return null;
}

/**
 * A number shown to whoever typed a customer number and a bill reference: only its prefix and last two digits
 * ("060 •••••67") — enough to recognise one's own line, nothing to learn a stranger's.
 */
export function maskMsisdn(msisdn: string): string {
  const shown = formatMsisdn(msisdn);
  const [prefix, rest = ''] = shown.split(' ');
  return `${prefix} ${'•'.repeat(Math.max(0, rest.length - 2))}${rest.slice(-2)}`;
}

/** The bill as self-care shows it: no owner's name, the number masked (the lookup proves no ownership). */
export function billView(b: BillRow, lang: Lang) {
  return {
    reference: b.reference, customerNumber: b.customerNumber, period: b.period, dueDate: b.dueDate,
    msisdn: b.msisdn ? maskMsisdn(b.msisdn) : null, amount: money(b.amount, lang), status: b.status,
  };
}

/** Finds an open bill by customer number and reference and opens its payment session (valid `sessionTtlMs`). */
export async function findBill(db: Db, o: BillOptions, body: { customerNumber: string; billReference: string }, sessionId: string | null, lang: Lang) {
  const b = (await db.select().from(selfcareBills)
    .where(and(eq(selfcareBills.reference, body.billReference.trim()), eq(selfcareBills.customerNumber, body.customerNumber.trim()))))[0];
  if (!b) throw billRefusal('NOT_FOUND', 'billReference');
  const refused = refusalOf(b);
  if (refused) throw billRefusal(refused, 'billReference');
  const now = o.now();
  const id = randomToken(24);
  await db.insert(selfcareBillSessions).values({ id, billId: b.id, sessionId, createdAt: now, expiresAt: new Date(now.getTime() + o.sessionTtlMs) });
  return { billSessionId: id, expiresAt: new Date(now.getTime() + o.sessionTtlMs).toISOString(), bill: billView(b, lang) };
}

/**
 * Opens the card payment of a found bill: the three consents, a live bill session, and a bill still payable
 * (read under a row lock, so concurrent calls on any number of instances queue). Idempotent per bill: while the
 * bill's gateway session is open, the same browser session gets the same one back (a double click, two tabs, two
 * instances); another browser session closes it and opens its own. At most one open session per bill
 * (selfcare_card_payments_one_pending_per_bill) and one approved payment (…_one_approved_per_bill); a late approval
 * of a closed session is voided by the callback.
 */
export async function authorizeBill(db: Db, o: BillOptions, body: { billSessionId: string; consents: Record<string, boolean> }, sessionId: string | null) {
  const missing = BILL_CONSENTS.filter((c) => body.consents?.[c] !== true);
  if (missing.length) throw badInput('validation.consentRequired', { count: missing.length }, missing.join(','), 'consentRequired');
  return db.transaction(async (tx: Tx) => {
    const sess = (await tx.select().from(selfcareBillSessions).where(eq(selfcareBillSessions.id, body.billSessionId)))[0];
    if (!sess) throw billRefusal('SESSION_EXPIRED', 'billSessionId');
    if (sess.expiresAt.getTime() <= o.now().getTime()) throw billRefusal('SESSION_EXPIRED', 'billSessionId');
    const b = (await tx.select().from(selfcareBills).where(eq(selfcareBills.id, sess.billId)).for('update'))[0];
    const refused = refusalOf(b);
    if (refused) throw billRefusal(refused, 'billReference');
    const answer = (p: Pick<CardPaymentRow, 'id' | 'orderId'>) => ({ orderId: p.orderId, redirectionUrl: `${SELFCARE_GATEWAY_PREFIX}${p.id}` });
    const open = async () => (await tx.select().from(selfcareCardPayments)
      .where(and(eq(selfcareCardPayments.billId, b.id), eq(selfcareCardPayments.kind, 'BILL'), eq(selfcareCardPayments.status, 'PENDING'))))[0];
    const pending = await open();
    if (pending && pending.amount === b.amount && ownedBy(pending, sessionId)) return answer(pending);
    if (pending) await closeSession(tx, pending.id);
    const id = randomToken(24);
    const orderId = `BP${numericCode(10)}`;
    const inserted = await tx.insert(selfcareCardPayments).values({ id, orderId, kind: 'BILL', billId: b.id, msisdn: b.msisdn, amount: b.amount, sessionId })
      .onConflictDoNothing().returning({ id: selfcareCardPayments.id });
    if (inserted.length) return answer({ id, orderId });
    const winner = await open();
    if (winner && ownedBy(winner, sessionId)) return answer(winner);
    throw billRefusal('IN_PROCESSING', 'billReference');
  });
}

const BILL_FAILURE_KEYS: Record<string, string[]> = {
  DECLINED: ['payment.error.declined'], CARD_LIMIT: ['payment.error.cardLimit'], CANCELLED: ['selfcare.bill.sessionClosed'],
  VOIDED: ['selfcare.bill.voided'],
};

export async function billPaymentStatus(db: Db, ui: UiDocuments, orderId: string, lang: Lang, sessionId: string | null): Promise<ResponseOf<'billStatus'>> {
  const rows = await db.select({ p: selfcareCardPayments, b: selfcareBills }).from(selfcareCardPayments)
    .innerJoin(selfcareBills, eq(selfcareBills.id, selfcareCardPayments.billId))
    .where(and(eq(selfcareCardPayments.orderId, orderId), eq(selfcareCardPayments.kind, 'BILL')));
  if (!rows[0] || !ownedBy(rows[0].p, sessionId)) throw notFound(orderId, 'selfcare.bill.error.unknownOrder');
  const { p, b } = rows[0];
  const keys = voidKeys(p, p.status === 'CANCELLED' && b.status === 'PAID' ? ['selfcare.bill.outcome.ALREADY_PAID'] : BILL_FAILURE_KEYS[p.status] ?? []);
  return {
    orderId: p.orderId, status: p.status, bill: billView(b, lang), msisdn: b.msisdn ? maskMsisdn(b.msisdn) : undefined,
    amount: money(p.amount, lang), transaction: receiptOf(p, lang),
    message: keys.length ? keys.map((k) => ui.message(lang, k)).join(' ') : null,
  };
}
