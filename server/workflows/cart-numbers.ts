// Workflow: what a cart holds for its checkout goes when the shopper takes away what it was held for (seed 001 §5: a
// number is reserved for the cart; the home-line setup belongs to the cart's home package). Spans cart (the open
// cart and its entries), numbers (the reservation and the choice) and home (the cart's home-line setup) — one
// transaction.
// - the cart is empty: its held phone number goes back to the lists and its number choice is forgotten;
// - the cart holds no home package any more (emptied, or the last package removed): its home-line setup (installation
//   address, home-line number, installation bill) is removed, so a package added later starts the step afresh.
// A tariff or package added in the same instant as the removal may find the hold gone: its step asks again (doneWhen),
// nothing is lost or held twice (the reservation's primary key, the setup's one row per cart).
import type { Db } from '../db/index';
import { entriesOf, findOpenCart, loadEntryProducts } from '../cart/index';
import { releaseCartNumber } from '../numbers/index';
import { HOME_PACKAGE_TYPES, releaseHomeSetup } from '../home/index';

export async function releaseHoldsOfCart(db: Db, sessionId: string): Promise<{ number: boolean; homeSetup: boolean }> {
  return db.transaction(async (tx) => {
    const cart = await findOpenCart(tx, sessionId);
    if (!cart) return { number: false, homeSetup: false };
    const entries = await entriesOf(tx, cart.id);
    const number = entries.length === 0 ? await releaseCartNumber(tx, cart.id) : false;
    const products = entries.length === 0 ? [] : await loadEntryProducts(tx, entries);
    const homePackage = products.some((p) => HOME_PACKAGE_TYPES.includes(p.product.type));
    const homeSetup = homePackage ? false : await releaseHomeSetup(tx, cart.id);
    return { number, homeSetup };
  });
}
