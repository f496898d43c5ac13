// Workflow: giving back the charges of voided card payments the gateway provider did not answer yet. Spans checkout
// (the order's code the void names, read with the payment: server/checkout/order-reads.ts) and payment (the void
// asked of the provider and recorded: settleOrderVoid). Each void is idempotent.
import type { DbOrTx } from '../db/index';
import { dueOrderVoid, dueOrderVoids } from '../checkout/index';
import { settleOrderVoid, type GatewayProvider } from '../payment/index';

/**
 * Retries the voids a provider did not answer (an operator's catch-up and the tests; the shop runs payments.void jobs; each
 * void idempotent), the oldest 50 a round. Answers how many were settled; throws (for the poll's log) when the
 * provider failed for some, which stay PENDING for the next round.
 */
export async function retryOrderVoids(db: DbOrTx, gateway: GatewayProvider): Promise<number> {
  const due = await dueOrderVoids(db);
  const errors: unknown[] = [];
  for (const v of due) await settleOrderVoid(db, gateway, v).catch((e: unknown) => { errors.push(e); });
  if (errors.length) throw new AggregateError(errors, `${errors.length} order payment void(s) left for the next round`);
  return due.length;
}

/** The payments.void job of a shop payment: the void again if still PENDING (throws for a retry when the provider
 *  cannot be reached). Answers the state it settled, or null when nothing was left to do. */
export async function retryOrderVoid(db: DbOrTx, gateway: GatewayProvider, paymentId: string): Promise<'VOIDED' | 'FAILED' | null> {
  const v = await dueOrderVoid(db, paymentId);
  return v ? settleOrderVoid(db, gateway, v) : null;
}
