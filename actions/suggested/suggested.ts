// The extra-benefits step (SUGGESTED_PRODUCTS): the tariff's add-ons and digital services (GET checkoutAddons) and the
// accessories of the relations the screen asks for (GET cartReferences: cross-selling, set-top boxes). Adding goes
// through addAddon with the referenceType (free within freeAddonsLimit, at most maxAllowedQuantity, server-checked);
// taking one unit out through deleteEntry. State: stores.checkout.suggested; the cart summary is read again after each change.
import { defineAction } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import type { SuggestedState } from '../stores/suggested';

type Accessory = 'CROSSELLING' | 'STB_PRODUCT_RELATION';
type Data = Omit<SuggestedState, 'loaded' | 'busy' | 'error'>;

/** The relations the step's screen asked for at load (kept for the reload after a change). */
let asked: Accessory[] = [];

async function read(ctx: ActionContext): Promise<Data> {
  const addons = await ctx.api.call('checkoutAddons', { query: { pageSize: 100 }, silent: true });
  const more = [];
  for (const referenceType of asked) more.push(await ctx.api.call('cartReferences', { query: { referenceType, pageSize: 100 }, silent: true }));
  return {
    entryNumber: addons.entryNumber, productName: addons.productName, freeAddonsLimit: addons.freeAddonsLimit, freeSelected: addons.freeSelected,
    references: [...addons.references, ...more.flatMap((m) => m.references)] as Data['references'],
  };
}

async function change(ctx: ActionContext, fn?: () => Promise<unknown>) {
  const { checkout, cart, session } = ctx.stores;
  checkout.setSuggested({ busy: true, error: null });
  try {
    if (fn) await fn();
    const data = await read(ctx);
    checkout.setSuggested({ ...data, busy: false, error: null, loaded: true });
    if (fn) cart.setCart(await ctx.api.call('fullCart', { silent: true }));
  } catch (e) {
    if (!(e instanceof ApiError)) { checkout.setSuggested({ busy: false }); throw e; }
    checkout.setSuggested({ busy: false, loaded: true, error: e.message || session.t('error.generic') });
  }
}

export default [
  defineAction({
    name: 'suggested.load',
    description: 'Loads the extra benefits offered with the cart\'s tariff or package: its add-ons and digital services, and the accessories of `referenceTypes` (CROSSELLING, STB_PRODUCT_RELATION). The first load puts the preselected ones in the cart; the cart is read again.',
    args: {
      type: 'object',
      properties: { referenceTypes: { type: 'array', items: { enum: ['CROSSELLING', 'STB_PRODUCT_RELATION'] }, uniqueItems: true, maxItems: 2 } },
    },
    async run(args, ctx) {
      asked = args.referenceTypes ?? [];
      await change(ctx);
      ctx.stores.cart.setCart(await ctx.api.call('fullCart', { silent: true }));
    },
  }),
  defineAction({
    name: 'suggested.add',
    description: 'Adds one unit of an offered product under the tariff or package (POST addAddon with referenceType); a free one within the limit. A refusal (limit, maxAllowedQuantity, stock) is shown in the step.',
    args: {
      type: 'object', required: ['code', 'referenceType'],
      properties: { code: { type: 'string', maxLength: 80 }, referenceType: { enum: ['TARIFF_ADDON_RELATION', 'DIGITAL_SERVICE_RELATION', 'CROSSELLING', 'STB_PRODUCT_RELATION'] } },
    },
    async run(args, ctx) {
      const entryNumber = ctx.stores.checkout.suggested.entryNumber;
      if (entryNumber === null) return;
      await change(ctx, () => ctx.api.call('addAddon', { body: { code: args.code, entryNumber, referenceType: args.referenceType } }));
    },
  }),
  defineAction({
    name: 'suggested.remove',
    description: 'Takes one unit of a chosen product back out (DELETE deleteEntry with qty 1); one included with the tariff stays.',
    args: { type: 'object', required: ['entryNumber'], properties: { entryNumber: { type: 'integer', minimum: 0, maximum: 10000 } } },
    async run(args, ctx) {
      await change(ctx, () => ctx.api.call('deleteEntry', { query: { entryNumber: args.entryNumber, qty: 1 } }));
    },
  }),
];
