// Workflow: porting a number in to the shopper's cart (seed 001 §5 MOBILE_PORT_IN, issue 27), and checking it again
// at order submit. Spans numbers (the number's checks, its code, the cart's choice) and checkout (a number another
// cart's open order holds: server/checkout/order-reads.ts) — the numbers module sits below checkout and reads no order.
import type { Db, DbOrTx } from '../db/index';
import type { ApiError } from '../lib/errors';
import type { Limits, Requester } from '../lib/limits';
import { numberInOpenOrder } from '../checkout/index';
import {
  checkPortInBody, confirmPortIn, holdNumberForOrder, numberTakenError, ownNumberRefusal, requireMsisdn, sendPortInOtp, type PortInBody,
} from '../numbers/index';

/**
 * Why a number cannot be ported in to this cart, or null (issue 27): a number already ours (numbers' ownNumberRefusal)
 * is not coming from another operator; a number another cart's open order (created, awaiting payment or paid) has
 * as its choice is taken.
 */
export async function portInRefusal(db: DbOrTx, cartId: number, msisdn: string): Promise<ApiError | null> {
  const ours = await ownNumberRefusal(db, msisdn);
  if (ours) return ours;
  return (await numberInOpenOrder(db, cartId, msisdn)) ? numberTakenError(msisdn) : null;
}

/** The port-in code to the number (numbers' sendPortInOtp), unless the number cannot be ported in. */
export async function requestPortInOtp(db: Db, from: Requester, sessionId: string, cartId: number, raw: string, text: (code: string) => { subject: string; body: string }) {
  const msisdn = requireMsisdn(raw);
  // no code is sent to a number that cannot be ported in
  const refused = await portInRefusal(db, cartId, msisdn);
  if (refused) throw refused;
  return sendPortInOtp(db, from, sessionId, msisdn, text);
}

/** MOBILE_PORT_IN (seed 001 §5): the body checked, the number's refusal, then the code and the choice (numbers' confirmPortIn). */
export async function portIn(db: Db, limits: Limits, sessionId: string, cartId: number, body: PortInBody) {
  const msisdn = checkPortInBody(body);
  const refused = await portInRefusal(db, cartId, msisdn);
  if (refused) throw refused;
  return confirmPortIn(db, limits, sessionId, cartId, msisdn, body);
}

/**
 * At order submit (in its transaction): the cart's number held for the order (numbers' holdNumberForOrder); a number
 * to port in, locked by it until the transaction ends, must still be free of other orders and not ours.
 */
export async function holdOrderNumber(tx: DbOrTx, cartId: number, required: boolean): Promise<void> {
  const portingIn = await holdNumberForOrder(tx, cartId, required);
  if (portingIn === null) return;
  const refused = await portInRefusal(tx, cartId, portingIn);
  if (refused) throw refused;
}
