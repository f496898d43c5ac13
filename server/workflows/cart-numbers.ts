// Workflow: a cart emptied by the shopper lets its held phone number go (seed 001 §5: a number is reserved for the
// cart). Spans cart (the open cart and its entries) and numbers (the reservation and the choice) — one transaction.
// A tariff added in the same instant as the removal may find the number gone: the number step asks for one again
// (its doneWhen), nothing is lost or held twice (the reservation's primary key).
import type { Db } from '../db/index';
import { entriesOf, findOpenCart } from '../cart/index';
import { releaseCartNumber } from '../numbers/index';

export async function releaseNumberOfEmptyCart(db: Db, sessionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cart = await findOpenCart(tx, sessionId);
    if (!cart || (await entriesOf(tx, cart.id)).length > 0) return false;
    return releaseCartNumber(tx, cart.id);
  });
}
