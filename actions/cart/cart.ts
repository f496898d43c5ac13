import { defineAction } from '../define';
import { applyCartResponse, type CartResponse } from '../api/cart-response';
import type { Cart } from '../stores/types';

export default [
  defineAction<Record<string, never>>({
    name: 'cart.load',
    description: 'Loads the full cart into the cart store (a failure is only logged).',
    args: { type: 'object' },
    async run(_args, ctx) {
      try {
        const cart = await ctx.api.call<Cart>('fullCart', { silent: true });
        ctx.stores.cart.setCart(cart);
      } catch (e) {
        console.error('[cart.load]', e);
      }
    },
  }),
  defineAction<{ code: string; subscriptionTermId?: string; pricePlanId?: string }>({
    name: 'cart.add',
    description: 'Adds a tariff to the cart and handles the statusCode of seed 000 §4 (success: cart notification).',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 }, subscriptionTermId: { type: 'string' }, pricePlanId: { type: 'string' } } },
    async run(args, ctx) {
      const res = await ctx.api.call<CartResponse>('addToCart', { body: args });
      await applyCartResponse(res, ctx);
    },
  }),
  defineAction<{ deviceCode: string; tariffCode?: string; subscriptionTermId?: string; pricePlanId?: string; chargeType: string; insuranceCode?: string; accessoryCodes?: string[] }>({
    name: 'cart.addBundle',
    description: 'Adds a device (with tariff, insurance and accessories) to the cart and handles the statusCode.',
    args: {
      type: 'object', required: ['deviceCode', 'chargeType'],
      properties: {
        deviceCode: { type: 'string', minLength: 1 }, tariffCode: { type: 'string' }, subscriptionTermId: { type: 'string' }, pricePlanId: { type: 'string' },
        chargeType: { enum: ['ONE_TIME_CHARGE', 'RECURRING_CHARGE'] }, insuranceCode: { type: 'string' }, accessoryCodes: { type: 'array', items: { type: 'string' } },
      },
    },
    async run(args, ctx) {
      const res = await ctx.api.call<CartResponse>('addBundleToCart', { body: args });
      await applyCartResponse(res, ctx);
    },
  }),
  defineAction<{ entryNumber: number }>({
    name: 'cart.removeEntry',
    description: 'Removes an entry from the cart (DELETE cart entry); the cart is updated from the answer.',
    args: { type: 'object', required: ['entryNumber'], properties: { entryNumber: { type: 'integer', minimum: 0 } } },
    async run(args, ctx) {
      const res = await ctx.api.call<CartResponse>('deleteEntry', { query: { entryNumber: args.entryNumber, checkout: false } });
      if (res.cart) ctx.stores.cart.setCart(res.cart);
      ctx.stores.cart.setModifications(res.cartModifications ?? []);
    },
  }),
];
