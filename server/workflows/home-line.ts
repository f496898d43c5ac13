// Workflow: the shopper's cart as the home-line step (CONNECT_HOME_DATA, server/home/homeline/routes.ts) sees it: the open
// cart (server/cart, made when there is none) and the home packages it holds (the catalogue's product types,
// HOME_PACKAGE_TYPES of server/home), which server/home's checks and writes are made for. Spans cart and home, so the
// home module's routes reach the cart through here, never server/cart directly (tools/modules/levels.json: home is below cart).
import type { Db } from '../db/index';
import { entriesOf, getOrCreateCart } from '../cart/index';
import type { CatalogSnapshot } from '../catalog/index';
import { HOME_PACKAGE_TYPES } from '../home/index';

/** The id of the shopper's open cart (made when there is none). */
export async function homeLineCartId(db: Db, sessionId: string): Promise<number> {
  return (await getOrCreateCart(db, sessionId)).id;
}

/** The shopper's open cart and the product codes of its home packages, in entry order. */
export async function homeLineCart(db: Db, cat: CatalogSnapshot, sessionId: string): Promise<{ cartId: number; packages: string[] }> {
  const cart = await getOrCreateCart(db, sessionId);
  const packages = (await entriesOf(db, cart.id)).map((e) => cat.product(e.productCode)).filter((p) => !!p && HOME_PACKAGE_TYPES.includes(p.product.type)).map((p) => p!.product.code);
  return { cartId: cart.id, packages };
}
