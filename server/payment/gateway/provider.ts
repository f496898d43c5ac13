// The gateway provider interface: what the shop asks of the card gateway after the card page (today: giving a charge
// back). The simulator implements it on its own table (gateway_voids); a real provider would call its API here.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index';
import { randomToken } from '../../lib/ids';
import { gatewayVoids } from '../schema';

/** A charge to give back: the payer's gateway session, its order and the amount charged (para). */
export interface VoidRequest { paymentId: string; orderCode: string; amount: number }
/** VOIDED: the charge is cancelled in full (the card is not debited, or refunded); FAILED: the gateway refused. */
export interface VoidResult { state: 'VOIDED' | 'FAILED'; reference: string | null }

export interface GatewayProvider {
  /** Voids (or refunds) an approved charge in full. Idempotent per paymentId: a repeat answers the first result. */
  void(req: VoidRequest): Promise<VoidResult>;
}

/** The simulator: every approved charge can be voided; the void is recorded once per payment. */
export function simulatedGateway(db: DbOrTx): GatewayProvider {
  return {
    async void(req) {
      await db.insert(gatewayVoids).values({ paymentId: req.paymentId, orderCode: req.orderCode, amount: req.amount, reference: `VD${randomToken(12)}` })
        .onConflictDoNothing();
      const row = (await db.select().from(gatewayVoids).where(eq(gatewayVoids.paymentId, req.paymentId)))[0];
      return row && row.amount === req.amount ? { state: 'VOIDED', reference: row.reference } : { state: 'FAILED', reference: null };
    },
  };
}
