// Workflow: what a cart holds for its checkout goes when the shopper takes away what it was held for (seed 001 §5: a
// number is reserved for the cart; the home-line setup belongs to the cart's home package). Spans cart (the open
// cart and its entries), numbers (the reservation and the choice) and home (the cart's home-line setup) — one
// transaction.
// - the cart is empty: its held phone number goes back to the lists and its number choice is forgotten;
// - the cart holds no home package any more (emptied, or the last package removed): its home-line setup (installation
//   address, home-line number, installation bill) is removed, so a package added later starts the step afresh.
// A tariff or package added in the same instant as the removal may find the hold gone: its step asks again (doneWhen),
// nothing is lost or held twice (the reservation's primary key, the setup's one row per cart).
import type { Db, DbOrTx } from '../db/index';
import { entriesOf, findOpenCart, getOrCreateCart, loadEntryProducts, setOneTimeCharges, type CartCharge } from '../cart/index';
import { choiceOf, releaseCartNumber } from '../numbers/index';
import { HOME_PACKAGE_TYPES, releaseHomeSetup } from '../home/index';

export async function releaseHoldsOfCart(db: Db, sessionId: string): Promise<{ number: boolean; homeSetup: boolean }> {
  return db.transaction(async (tx) => {
    const cart = await findOpenCart(tx, sessionId);
    if (!cart) return { number: false, homeSetup: false };
    const entries = await entriesOf(tx, cart.id);
    const number = entries.length === 0 ? await releaseCartNumber(tx, cart.id) : false;
    if (number) await setOneTimeCharges(tx, cart.id, []);
    const products = entries.length === 0 ? [] : await loadEntryProducts(tx, entries);
    const homePackage = products.some((p) => HOME_PACKAGE_TYPES.includes(p.product.type));
    const homeSetup = homePackage ? false : await releaseHomeSetup(tx, cart.id);
    return { number, homeSetup };
  });
}

/**
 * The cart's one-time charges follow its number choice (issue 27): a nice number held for the cart costs its price, once,
 * in every total (server/cart/view.ts cartTotals) and in the order; a free number, a new one, the customer's own or a
 * ported one costs nothing, and a hold that ran out takes its charge with it. Call after every change of the choice
 * (numbers' routes, the release job, the order submit) in the caller's transaction. Answers the charges.
 */
export async function syncNumberCharge(tx: DbOrTx, cartId: number): Promise<CartCharge[]> {
  const { choice } = await choiceOf(tx, cartId);
  const charges: CartCharge[] = choice?.msisdn && choice.price > 0
    ? [{ code: 'NICE_NUMBER', msisdn: choice.msisdn, msisdnFormatted: choice.msisdnFormatted ?? choice.msisdn, price: choice.price }]
    : [];
  await setOneTimeCharges(tx, cartId, charges);
  return charges;
}

/** The cart a number call is for: the shopper's open cart, made when there is none (server/cart). */
export async function numbersCartId(db: Db, sessionId: string): Promise<number> {
  return (await getOrCreateCart(db, sessionId)).id;
}

/**
 * A change of the number choice of the shopper's cart (server/numbers: reserve, a new number, the customer's own,
 * port-in), then the cart's one-time charges follow it (syncNumberCharge, server/cart). Answers the change's result.
 */
export async function changeNumberChoice<T>(db: Db, sessionId: string, change: (cartId: number) => Promise<T>): Promise<T> {
  const cartId = await numbersCartId(db, sessionId);
  const result = await change(cartId);
  await syncNumberCharge(db, cartId);
  return result;
}
