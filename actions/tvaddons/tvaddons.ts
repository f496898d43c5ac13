// The TV add-ons step of the home checkouts (SUGGESTED_TV_ADDONS): TV add-ons, free TV add-ons within the package's
// limit (all of them added by the shop when the limit equals their number), set-top boxes. State: stores.home.tvAddons;
// the cart summary is read again after each change.
import { defineAction } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import type { TvAddonsState } from '../stores/home';

type Data = Omit<TvAddonsState, 'loaded' | 'busy' | 'error'>;

async function change(ctx: ActionContext, fn: () => Promise<Data>) {
  const { home, cart, session } = ctx.stores;
  home.setTvAddons({ busy: true });
  try {
    const data = await fn();
    home.setTvAddons({ ...data, busy: false, error: null, loaded: true });
    cart.setCart(await ctx.api.call('fullCart', { silent: true }));
  } catch (e) {
    if (!(e instanceof ApiError)) { home.setTvAddons({ busy: false }); throw e; }
    home.setTvAddons({ busy: false, error: e.message || session.t('error.generic') });
  }
}

export default [
  defineAction({
    name: 'tvaddons.load',
    description: 'Loads the TV add-ons offered with the cart\'s package (GET tvAddons); when the package\'s free-add-on limit equals the number of free add-ons, the server has added them all. The cart summary is read again.',
    async run(_args, ctx) {
      await change(ctx, () => ctx.api.call('tvAddons', { silent: true }));
    },
  }),
  defineAction({
    name: 'tvaddons.add',
    description: 'Adds an offered TV add-on (paid), a free TV add-on (within the limit) or a set-top box under the package (POST addTvAddon).',
    args: {
      type: 'object', required: ['code', 'referenceType'],
      properties: { code: { type: 'string', maxLength: 60 }, referenceType: { enum: ['TV_ADDON_RELATION', 'FREE_TV_ADDON_RELATION', 'STB_PRODUCT_RELATION'] } },
    },
    async run(args, ctx) {
      await change(ctx, () => ctx.api.call('addTvAddon', { body: args }));
    },
  }),
  defineAction({
    name: 'tvaddons.remove',
    description: 'Takes a chosen add-on back out (POST removeTvAddon); those the shop added automatically stay.',
    args: { type: 'object', required: ['entryNumber'], properties: { entryNumber: { type: 'integer', minimum: 0, maximum: 1000 } } },
    async run(args, ctx) {
      await change(ctx, () => ctx.api.call('removeTvAddon', { body: { entryNumber: args.entryNumber } }));
    },
  }),
];
