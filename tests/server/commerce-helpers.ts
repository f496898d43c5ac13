// Shared steps of the commerce suites: the cart calls by name, a signed-in shopper, the dev routes.
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../server/db/seed/users';
import { PATHS, Shopper } from './helpers';
import type { Cart, ValidateResponse } from '../../schemas/types/api.cart';

export const CART = {
  ...PATHS,
  replaceCart: '/hybris/ecommerce/b2c/v1/users/carts/entry/replace',
  replaceServiceCart: '/hybris/ecommerce/b2c/v1/users/carts/replaceservice',
  addInsurance: '/hybris/ecommerce/b2c/v1/users/carts/entry/addinsurance',
  addAddon: '/hybris/ecommerce/b2c/v1/users/carts/addaddon',
  addEsim: '/hybris/ecommerce/b2c/v1/checkout/esim',
  mergeCart: '/hybris/ecommerce/b2c/v1/users/carts/merge',
  changeChargeType: '/hybris/ecommerce/b2c/v1/checkout/chargetypes/change',
  vouchers: '/hybris/ecommerce/b2c/v1/users/carts/vouchers',
  authorize: '/selfcare/b2c/user/authorize',
} as const;

/** A shopper that can sign in (follows the rotated `sid` cookie and fetches a new token, like the browser). */
export class Customer extends Shopper {
  async signIn(userId: string, password = DEMO_PASSWORD) {
    const res = await this.call('POST', CART.authorize, { userId, encodedPassword: Buffer.from(password, 'utf8').toString('base64'), rememberMe: false });
    if (res.statusCode !== 200) throw new Error(res.body);
    const sid = res.cookies.find((c) => c.name === 'sid');
    if (sid) this.cookie = `sid=${sid.value}`;
    const t = await this.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: this.cookie } });
    this.token = t.json().data.token;
    return res;
  }
}

export async function devCall(app: FastifyInstance, path: string, body: unknown) {
  const res = await app.inject({ method: 'POST', url: path, payload: body as Record<string, unknown> });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const codes = (cart: Cart) => cart.entries.map((e) => e.product.code);
export const reasons = (v: ValidateResponse) => v.errors.errors!.map((e) => e.reason);
