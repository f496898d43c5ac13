// The self-care module's public service: number lookup, card top-up (authorize, signed callback, status); the bill
// payment is ./bills.ts. Only these two files write the selfcare_* tables; other modules use what they export.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/index';
import type { Db, DbOrTx } from '../db/index';
import { ApiError, badInput, notFound } from '../lib/errors';
import { numericCode, randomToken } from '../lib/ids';
import type { Lang } from '../lib/lang';
import type { SecretRing } from '../lib/secret-ring';
import type { ResponseOf } from '../lib/contract';
import { money } from '../lib/money';
import { destinationPath, type UiDocuments } from '../ui';
import { verifyCallback, VOID_RETRY_AFTER_MS, type CallbackPayload, type GatewayProvider } from '../payment';
import { enqueue, QUEUES } from '../db/jobs';
import { selfcareBalanceCredits, selfcareBills, selfcareCardPayments, selfcareSubscribers } from './schema';
import { formatMsisdn, normalizeMsisdn } from './numbers';

/** Seed 001 §5 / §9: a top-up is 200 to 3,000 RSD. */
export const TOPUP_MIN_RSD = 200;
export const TOPUP_MAX_RSD = 3000;
/** Prices include 20 % VAT; the receipt shows the tax part. */
export const VAT_PERCENT = 20;
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
 * Returns the gateway page and the orderId the status page shows. Idempotent per top-up (the session and the
 * number): while its gateway session is open, the same amount answers that session (a double click, two tabs, two
 * instances); another amount closes it and opens a new one. The partial unique index
 * selfcare_card_payments_one_pending_per_topup is the last word: a lost insert reads the winner's session.
 */
export async function authorizeTopUp(db: Db, body: { msisdn: string; amount: number }, sessionId: string | null) {
  const msisdn = parseMsisdn(body.msisdn);
  if (!Number.isInteger(body.amount) || body.amount < TOPUP_MIN_RSD || body.amount > TOPUP_MAX_RSD) {
    throw badInput('validation.amountRange', { min: TOPUP_MIN_RSD, max: TOPUP_MAX_RSD }, 'amount', 'amountRange');
  }
  const sub = (await db.select().from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)))[0];
  if (!sub) throw badInput('selfcare.topup.error.unknownNumber', {}, 'msisdn', 'unknownNumber');
  if (sub.kind === 'POSTPAID') throw badInput('selfcare.topup.error.notPrepaid', {}, 'msisdn', 'notPrepaid');
  const amount = body.amount * 100;
  const answer = (p: Pick<CardPaymentRow, 'id' | 'orderId'>) => ({ orderId: p.orderId, redirectionUrl: `${SELFCARE_GATEWAY_PREFIX}${p.id}` });
  const open = async () => sessionId === null ? undefined : (await db.select().from(selfcareCardPayments).where(and(
    eq(selfcareCardPayments.kind, 'TOPUP'), eq(selfcareCardPayments.sessionId, sessionId), eq(selfcareCardPayments.msisdn, msisdn), eq(selfcareCardPayments.status, 'PENDING'),
  )))[0];
  const pending = await open();
  if (pending && pending.amount === amount) return answer(pending);
  if (pending) await closeSession(db, pending.id);
  const id = randomToken(24);
  const orderId = `TU${numericCode(10)}`;
  const inserted = await db.insert(selfcareCardPayments).values({ id, orderId, kind: 'TOPUP', msisdn, amount, sessionId })
    .onConflictDoNothing().returning({ id: selfcareCardPayments.id });
  if (inserted.length) return answer({ id, orderId });
  const winner = await open();
  if (winner && winner.amount === amount) return answer(winner);
  throw new ApiError(409, 'PaymentError', 'selfcare.topup.error.inProgress', {}, 'IN_PROCESSING', 'amount');
}

/** Closes an open gateway session (PENDING → CANCELLED, once): its page says so, a later approval of it is voided. */
export async function closeSession(db: Db | Tx, id: string): Promise<void> {
  await db.update(selfcareCardPayments).set({ status: 'CANCELLED', completedAt: new Date() })
    .where(and(eq(selfcareCardPayments.id, id), eq(selfcareCardPayments.status, 'PENDING')));
}

export async function findPayment(db: Db, id: string): Promise<CardPaymentRow> {
  const p = (await db.select().from(selfcareCardPayments).where(eq(selfcareCardPayments.id, id)))[0];
  if (!p) throw notFound(id, 'error.payment.unknown');
  return p;
}

/**
 * The gateway page's check before a card is charged: an open session of a bill that can no longer be paid (paid by
 * another session, in processing, cancelled) is closed here. Answers the payment as it now is.
 */
export async function closeIfUnpayable(db: Db, p: CardPaymentRow): Promise<CardPaymentRow> {
  if (p.status !== 'PENDING' || p.kind !== 'BILL' || p.billId === null) return p;
  const bill = (await db.select({ status: selfcareBills.status }).from(selfcareBills).where(eq(selfcareBills.id, p.billId)))[0];
  if (bill?.status === 'OPEN') return p;
  await closeSession(db, p.id);
  return findPayment(db, p.id);
}

/** Where the payment gateway sends a payment back: the result page of a bill payment or a top-up (schemas/rules/routes.json
 *  billPaymentResult, topUpResult), with the payment's order id. */
export const resultPathOf = (ui: UiDocuments, p: Pick<CardPaymentRow, 'orderId' | 'kind'>) =>
  destinationPath(ui, p.kind === 'BILL' ? 'billPaymentResult' : 'topUpResult', { query: { orderId: p.orderId } });

/** What a verified callback did; `voided`: the approval came for a session that may no longer be paid. */
export interface CallbackResult { outcome: 'applied' | 'alreadyProcessed' | 'voided'; orderCode: string; toVoid?: CardPaymentRow }

/**
 * A verified gateway callback (signature, and a timestamp at most 5 min old and 1 min ahead) moves the payment once
 * (PENDING → result, a conditional update) and, when approved, credits the number or marks the bill PAID once (the
 * credit row's primary key is the payment id; the bill row is locked first) — in one transaction. The bill's other
 * open sessions are closed with it. An approval that comes for a session the shop closed, or for a bill no longer
 * payable (paid by another session), is not kept: the payment becomes VOIDED with void_state PENDING and the caller
 * gives the charge back through the gateway provider (settleVoid). A repeated or late callback changes nothing; a
 * forged or stale one is refused.
 */
export async function applyCardCallback(db: Db, secret: SecretRing, payload: CallbackPayload, signature: string, now: number = Date.now()): Promise<CallbackResult> {
  verifyCallback(secret, payload, signature, now);
  return db.transaction(async (tx) => {
    const p = (await tx.select().from(selfcareCardPayments).where(eq(selfcareCardPayments.id, payload.paymentId)))[0];
    if (!p || p.orderId !== payload.orderCode || p.amount !== payload.amount) throw notFound(payload.paymentId, 'error.payment.unknown');
    const move = async (to: CardPaymentRow['status'], approvalNumber: string | null) => (await tx.update(selfcareCardPayments)
      .set({ status: to, approvalNumber, completedAt: new Date() })
      .where(and(eq(selfcareCardPayments.id, p.id), eq(selfcareCardPayments.status, 'PENDING')))
      .returning({ id: selfcareCardPayments.id })).length > 0;
    if (payload.result !== 'APPROVED') {
      return { outcome: (await move(payload.result, null)) ? 'applied' as const : 'alreadyProcessed' as const, orderCode: p.orderId };
    }
    // the bill row is locked first: of two approvals at once, the second finds the bill paid
    const bill = p.kind === 'BILL' && p.billId !== null
      ? (await tx.select().from(selfcareBills).where(eq(selfcareBills.id, p.billId)).for('update'))[0] : undefined;
    const payable = !bill || bill.status === 'OPEN';
    if (payable && p.status === 'PENDING' && await move('APPROVED', numericCode(6))) {
      if (p.kind === 'TOPUP' && p.msisdn) {
        const credited = await tx.insert(selfcareBalanceCredits).values({ paymentId: p.id, msisdn: p.msisdn, amount: p.amount })
          .onConflictDoNothing().returning({ id: selfcareBalanceCredits.paymentId });
        if (credited.length) {
          await tx.update(selfcareSubscribers).set({ balance: sql`${selfcareSubscribers.balance} + ${p.amount}` })
            .where(eq(selfcareSubscribers.msisdn, p.msisdn));
        }
      }
      if (bill) {
        await tx.update(selfcareBills).set({ status: 'PAID', paidPaymentId: p.id, paidAt: new Date() })
          .where(and(eq(selfcareBills.id, bill.id), eq(selfcareBills.status, 'OPEN')));
        // the paid bill's other sessions (older data) are closed: their pages say so, their approvals are voided
        await tx.update(selfcareCardPayments).set({ status: 'CANCELLED', completedAt: new Date() })
          .where(and(eq(selfcareCardPayments.billId, bill.id), eq(selfcareCardPayments.status, 'PENDING'), ne(selfcareCardPayments.id, p.id)));
      }
      return { outcome: 'applied' as const, orderCode: p.orderId };
    }
    // an approval the shop cannot keep (a closed session, a bill already paid): the charge is given back, once
    const voided = await tx.update(selfcareCardPayments).set({ status: 'VOIDED', voidState: 'PENDING', completedAt: new Date() })
      .where(and(eq(selfcareCardPayments.id, p.id), inArray(selfcareCardPayments.status, ['PENDING', 'CANCELLED'])))
      .returning();
    if (voided[0]) {
      // asked at once after this transaction (settleVoid); this job asks again if no answer came (a no-op otherwise)
      await enqueue(tx, QUEUES.paymentVoid.name, { kind: 'selfcare', paymentId: p.id }, new Date(Date.now() + VOID_RETRY_AFTER_MS));
      return { outcome: 'voided' as const, orderCode: p.orderId, toVoid: voided[0] };
    }
    return { outcome: 'alreadyProcessed' as const, orderCode: p.orderId };
  });
}

/**
 * Gives a voided payment's charge back through the gateway provider and records the answer (void_state PENDING →
 * VOIDED | FAILED, once). A provider that cannot be reached leaves it PENDING for retryPendingVoids.
 */
export async function settleVoid(db: Db, gateway: GatewayProvider, p: Pick<CardPaymentRow, 'id' | 'orderId' | 'amount'>): Promise<'VOIDED' | 'FAILED'> {
  const r = await gateway.void({ paymentId: p.id, orderCode: p.orderId, amount: p.amount });
  await db.update(selfcareCardPayments).set({ voidState: r.state, voidReference: r.reference, voidedAt: new Date() })
    .where(and(eq(selfcareCardPayments.id, p.id), eq(selfcareCardPayments.voidState, 'PENDING')));
  return r.state;
}

/** Retries the voids a provider did not answer (the module's poll; any instance, each void idempotent). */
export async function retryPendingVoids(db: Db, gateway: GatewayProvider): Promise<number> {
  const due = await db.select({ id: selfcareCardPayments.id, orderId: selfcareCardPayments.orderId, amount: selfcareCardPayments.amount })
    .from(selfcareCardPayments).where(eq(selfcareCardPayments.voidState, 'PENDING')).limit(50);
  for (const p of due) await settleVoid(db, gateway, p);
  return due.length;
}

/** The payments.void job of a self-care payment: the void again if still PENDING (throws for a retry when the
 *  provider cannot be reached). Answers the state it settled, or null when nothing was left to do. */
export async function retryVoid(db: Db, gateway: GatewayProvider, paymentId: string): Promise<'VOIDED' | 'FAILED' | null> {
  const [p] = await db.select({ id: selfcareCardPayments.id, orderId: selfcareCardPayments.orderId, amount: selfcareCardPayments.amount })
    .from(selfcareCardPayments).where(and(eq(selfcareCardPayments.id, paymentId), eq(selfcareCardPayments.voidState, 'PENDING')));
  return p ? settleVoid(db, gateway, p) : null;
}

const FAILURE_KEYS: Record<string, string[]> = {
  DECLINED: ['selfcare.topup.failed', 'payment.error.declined'],
  CARD_LIMIT: ['selfcare.topup.failed', 'payment.error.cardLimit'],
  CANCELLED: ['selfcare.topup.failed'],
  VOIDED: ['selfcare.topup.voided'],
};

/** A voided payment's message: the void done (or asked), or refused by the gateway (then customer care refunds). */
export const voidKeys = (p: CardPaymentRow, keys: string[]) => (p.status === 'VOIDED' && p.voidState === 'FAILED' ? [...keys, 'selfcare.payment.voidFailed'] : keys);

/** A card payment's receipt is the authorizing session's only: any other asker (or none) finds no such order. */
export const ownedBy = (p: Pick<CardPaymentRow, 'sessionId'>, sessionId: string | null) => p.sessionId !== null && sessionId !== null && p.sessionId === sessionId;

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

export async function topUpStatus(db: Db, ui: UiDocuments, orderId: string, lang: Lang, sessionId: string | null): Promise<ResponseOf<'topUpStatus'>> {
  const p = (await db.select().from(selfcareCardPayments)
    .where(and(eq(selfcareCardPayments.orderId, orderId), eq(selfcareCardPayments.kind, 'TOPUP'))))[0];
  if (!p?.msisdn || !ownedBy(p, sessionId)) throw notFound(orderId, 'selfcare.topup.error.unknownOrder');
  const keys = voidKeys(p, FAILURE_KEYS[p.status] ?? []);
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

/** Is the number (international digits, 3816…) one of our subscriber lines (selfcare_subscribers)? numbers' port-in
 *  check asks: a line of ours is not coming from another operator. */
export async function isSubscriberLine(db: DbOrTx, msisdn: string): Promise<boolean> {
  return (await db.select({ m: selfcareSubscribers.msisdn }).from(selfcareSubscribers).where(eq(selfcareSubscribers.msisdn, msisdn)).limit(1)).length > 0;
}
