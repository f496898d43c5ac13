import { defineAction } from '../define';
import { applyCartResponse } from '../cart-response';

/**
 * Changes to an entry already in the cart (docs/modules/cart.md): an add-on on a tariff entry (POST addAddon) and the
 * eSIM choice of a tariff entry (PATCH addEsim). A refusal (400, e.g. the add-on already added) shows the server's
 * message as an error toast (dispatch) and leaves the cart as it was.
 */
export default [
  defineAction({
    name: 'cart.addAddon',
    description: 'Adds an add-on (ADDON_POSTPAID, …) to a tariff entry of the cart (POST addAddon { code, entryNumber }); the cart is updated from the answer and its statusCode handled as on add. The server refuses a second one of the same add-on on the tariff.',
    args: { type: 'object', required: ['code', 'entryNumber'], properties: { code: { type: 'string', minLength: 1 }, entryNumber: { type: 'integer', minimum: 0 } } },
    async run(args, ctx) {
      const res = await ctx.api.call('addAddon', { body: { code: args.code, entryNumber: args.entryNumber } });
      await applyCartResponse(res, ctx);
    },
  }),
  defineAction({
    name: 'cart.setEsim',
    description: 'Chooses eSIM (selected true) or a physical SIM card for a tariff entry (PATCH addEsim { entryNumber, esimOptionSelected }); the cart is updated from the answer. ESIM_SIM tariffs take either, ESIM tariffs only eSIM, NONE tariffs no eSIM (400).',
    args: { type: 'object', required: ['entryNumber', 'selected'], properties: { entryNumber: { type: 'integer', minimum: 0 }, selected: { type: 'boolean' } } },
    async run(args, ctx) {
      const res = await ctx.api.call('addEsim', { body: { entryNumber: args.entryNumber, esimOptionSelected: args.selected } });
      if (res.cart) ctx.stores.cart.setCart(res.cart);
    },
  }),
];
