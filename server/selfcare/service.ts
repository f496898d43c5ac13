// The self-care module's public service: number lookup, card top-up (authorize, signed callback, status).
// Only this file writes the selfcare_* tables; other modules use what it exports.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/index';
import type { Db } from '../db/index';
import { ApiError, badInput, notFound } from '../lib/errors';
import { numericCode, randomToken } from '../lib/ids';
import type { Lang } from '../lib/lang';
import type { ResponseOf } from '../lib/contract';
import { money } from '../lib/money';
import type { UiDocuments } from '../ui';
import { verify, type CallbackPayload } from '../payment';
import { selfcareBalanceCredits, selfcareBills, selfcareBillSessions, selfcareCardPayments, selfcareSubscribers } from './schema';
import { formatMsisdn, normalizeMsisdn } from './numbers';

/** Seed 001 §5 / §9: a top-up is 200 to 3,000 RSD. */
export const TOPUP_MIN_RSD = 200;
export const TOPUP_MAX_RSD = 3000;
/** Prices include 20 % VAT; the receipt shows the tax part. */
export const VAT_PERCENT = 20;
export const TOPUP_STATUS_PATH = '/Privatni/Mobilna/Pripejd/Dopuni-kredit/Status';
export const SELFCARE_GATEWAY_PREFIX = '/gateway/selfcare/pay/';

export type CardPaymentRow = typeof selfcareCardPayments.$inferSelect;

function parseMsisdn(raw: string): string {
  const msisdn = normalizeMsisdn(raw);
  if (!msisdn) throw badInput('validation.mobileNumber', {}, 'msisdn', 'invalidMsisdn');
  return msisdn;
}

/** The /isregisterednumber answer: is the number ours, of which kind, may it be topped up. */
export async function lookupNumber(db: Db, raw: string) {
  const msisdn = parseMsisdn(raw);
  const row = (await db.select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)))[0];
  const kind = row?.kind ?? null;
  return {
    msisdn: formatMsisdn(msisdn), registered: !!row, kind,
    isPrePaid: kind === 'PREPAID', isCostControl: kind === 'COST_CONTROL', isPostPaid: kind === 'POSTPAID',
    topUpAllowed: kind === 'PREPAID' || kind === 'COST_CONTROL',
  };
}

/**
 * Opens a card payment for a top-up of a prepaid or cost-control number: 200–3,000 RSD (whole dinars).
 * Returns the gateway page and the orderId the status page shows.
 */
export async function authorizeTopUp(db: Db, body: { msisdn: string; amount: number }, sessionId: string | null) {
  const msisdn = parseMsisdn(body.msisdn);
  if (!Number.isInteger(body.amount) || body.amount < TOPUP_MIN_RSD || body.amount > TOPUP_MAX_RSD) {
    throw badInput('validation.amountRange', { min: TOPUP_MIN_RSD, max: TOPUP_MAX_RSD }, 'amount', 'amountRange');
  }
  const sub = (await db.select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)))[0];
  if (!sub) throw badInput('selfcare.topup.error.unknownNumber', {}, 'msisdn', 'unknownNumber');
  if (sub.kind === 'POSTPAID') throw badInput('selfcare.topup.error.notPrepaid', {}, 'msisdn', 'notPrepaid');
  const id = randomToken(24);
  const orderId = `TU${numericCode(10)}`;
  await db.insert(selfcareCardPayments).values({ id, orderId, kind: 'TOPUP', msisdn, amount: body.amount * 100, sessionId });
  return { orderId, redirectionUrl: `${SELFCARE_GATEWAY_PREFIX}${id}` };
}

export async function findPayment(db: Db, id: string): Promise<CardPaymentRow> {
  const p = (await db.select().from(selfcareCardPayments).where(eq(selfcareCardPayments.id, id)))[0];
  if (!p) throw notFound(id, 'error.payment.unknown');
  return p;
}

export const BILL_STATUS_PATH = '/placanje-racuna/rezultat';
export const resultPathOf = (p: Pick<CardPaymentRow, 'orderId' | 'kind'>) =>
  `${p.kind === 'BILL' ? BILL_STATUS_PATH : TOPUP_STATUS_PATH}?orderId=${encodeURIComponent(p.orderId)}`;

/**
 * A verified gateway callback moves the payment once (PENDING → result, a conditional update) and, when approved,
 * credits the number once: the credit row's primary key is the payment id, and both happen in one transaction.
 * A repeated or late callback changes nothing; a forged one (bad signature, other amount or order) is refused.
 */
export async function applyCardCallback(db: Db, secret: string, payload: CallbackPayload, signature: string) {
  if (!verify(secret, payload, signature)) throw new ApiError(400, 'InvalidSignatureError', 'error.payment.invalidSignature');
  return db.transaction(async (tx) => {
    const p = (await tx.select().from(selfcareCardPayments).where(eq(selfcareCardPayments.id, payload.paymentId)))[0];
    if (!p || p.orderId !== payload.orderCode || p.amount !== payload.amount) throw notFound(payload.paymentId, 'error.payment.unknown');
    if (p.kind === 'BILL' && p.billId !== null && payload.result === 'APPROVED') {
      // the bill row is locked first: of two sessions approved at once, the second finds the bill paid
      const bill = (await tx.select().from(selfcareBills).where(eq(selfcareBills.id, p.billId)).for('update'))[0];
      if (bill.status !== 'OPEN') {
        await tx.update(selfcareCardPayments).set({ status: 'CANCELLED', completedAt: new Date() })
          .where(and(eq(selfcareCardPayments.id, p.id), eq(selfcareCardPayments.status, 'PENDING')));
        return { outcome: 'alreadyProcessed' as const, orderCode: p.orderId };
      }
    }
    const approvalNumber = payload.result === 'APPROVED' ? numericCode(6) : null;
    const moved = await tx.update(selfcareCardPayments)
      .set({ status: payload.result, approvalNumber, completedAt: new Date() })
      .where(and(eq(selfcareCardPayments.id, p.id), eq(selfcareCardPayments.status, 'PENDING')))
      .returning({ id: selfcareCardPayments.id });
    if (moved.length === 0) return { outcome: 'alreadyProcessed' as const, orderCode: p.orderId };
    if (payload.result === 'APPROVED' && p.kind === 'TOPUP' && p.msisdn) {
      const credited = await tx.insert(selfcareBalanceCredits).values({ paymentId: p.id, msisdn: p.msisdn, amount: p.amount })
        .onConflictDoNothing().returning({ id: selfcareBalanceCredits.paymentId });
      if (credited.length) {
        await tx.update(selfcareSubscribers).set({ balance: sql`${selfcareSubscribers.balance} + ${p.amount}` })
          .where(eq(selfcareSubscribers.msisdn, p.msisdn));
      }
    }
    if (payload.result === 'APPROVED' && p.kind === 'BILL' && p.billId !== null) {
      await tx.update(selfcareBills).set({ status: 'PAID', paidPaymentId: p.id, paidAt: new Date() })
        .where(and(eq(selfcareBills.id, p.billId), eq(selfcareBills.status, 'OPEN')));
    }
    return { outcome: 'applied' as const, orderCode: p.orderId };
  });
}

const FAILURE_KEYS: Record<string, string[]> = {
  DECLINED: ['selfcare.topup.failed', 'payment.error.declined'],
  CARD_LIMIT: ['selfcare.topup.failed', 'payment.error.cardLimit'],
  CANCELLED: ['selfcare.topup.failed'],
};

/** The receipt of a card transaction (seed 001 §3 card transaction fields), in the request's language. */
export function receiptOf(p: CardPaymentRow, lang: Lang) {
  const tax = Math.round((p.amount * VAT_PERCENT) / (100 + VAT_PERCENT));
  return {
    orderId: p.orderId,
    originalTransactionId: p.id,
    formattedAmountWithTax: money(p.amount, lang).formattedValue,
    formattedTaxAmount: money(tax, lang).formattedValue,
    taxAmount: tax / 100,
    approvalNumber: p.approvalNumber,
    transactionStatus: p.status,
    transactionDate: (p.completedAt ?? p.createdAt).toISOString(),
  };
}

export async function topUpStatus(db: Db, ui: UiDocuments, orderId: string, lang: Lang): Promise<ResponseOf<'topUpStatus'>> {
  const p = (await db.select().from(selfcareCardPayments)
    .where(and(eq(selfcareCardPayments.orderId, orderId), eq(selfcareCardPayments.kind, 'TOPUP'))))[0];
  if (!p || !p.msisdn) throw notFound(orderId, 'selfcare.topup.error.unknownOrder');
  const keys = FAILURE_KEYS[p.status] ?? [];
  return {
    orderId: p.orderId, msisdn: formatMsisdn(p.msisdn), status: p.status,
    amount: money(p.amount, lang),
    transaction: receiptOf(p, lang),
    message: keys.length ? keys.map((k) => ui.message(lang, k)).join(' ') : null,
  };
}

/** Current balance of a number (tests and the seeded demo), para. */
export async function balanceOf(db: Db, raw: string): Promise<number | null> {
  const msisdn = normalizeMsisdn(raw);
  if (!msisdn) return null;
  return (await db.select({ b: selfcareSubscribers.balance }).from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)))[0]?.b ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Bill payment (seed 001 §4, §5, §7): find a bill, consent, pay by card; six refusals, each with its message.

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

export function billView(b: BillRow, lang: Lang) {
  return {
    reference: b.reference, customerNumber: b.customerNumber, period: b.period, dueDate: b.dueDate,
    msisdn: b.msisdn ? formatMsisdn(b.msisdn) : null, amount: money(b.amount, lang), status: b.status,
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
 * (read under a row lock). A bill is paid once: the callback marks it PAID once and a second approved session
 * is cancelled (selfcare_card_payments_one_approved_per_bill guards it in the database too).
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
    const id = randomToken(24);
    const orderId = `BP${numericCode(10)}`;
    await tx.insert(selfcareCardPayments).values({ id, orderId, kind: 'BILL', billId: b.id, msisdn: b.msisdn, amount: b.amount, sessionId });
    return { orderId, redirectionUrl: `${SELFCARE_GATEWAY_PREFIX}${id}` };
  });
}

const BILL_FAILURE_KEYS: Record<string, string[]> = {
  DECLINED: ['payment.error.declined'], CARD_LIMIT: ['payment.error.cardLimit'], CANCELLED: ['selfcare.bill.outcome.ALREADY_PAID'],
};

export async function billPaymentStatus(db: Db, ui: UiDocuments, orderId: string, lang: Lang): Promise<ResponseOf<'billStatus'>> {
  const rows = await db.select({ p: selfcareCardPayments, b: selfcareBills }).from(selfcareCardPayments)
    .innerJoin(selfcareBills, eq(selfcareBills.id, selfcareCardPayments.billId))
    .where(and(eq(selfcareCardPayments.orderId, orderId), eq(selfcareCardPayments.kind, 'BILL')));
  if (!rows[0]) throw notFound(orderId, 'selfcare.bill.error.unknownOrder');
  const { p, b } = rows[0];
  const keys = BILL_FAILURE_KEYS[p.status] ?? [];
  return {
    orderId: p.orderId, status: p.status, bill: billView(b, lang), msisdn: b.msisdn ? formatMsisdn(b.msisdn) : undefined,
    amount: money(p.amount, lang), transaction: receiptOf(p, lang),
    message: keys.length ? keys.map((k) => ui.message(lang, k)).join(' ') : null,
  };
}
