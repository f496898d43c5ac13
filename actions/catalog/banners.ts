import { defineLoad } from '../define';

export default defineLoad({
  name: 'catalog.loadBanners',
  description: 'Loads the banners of a list (GET cmsComponents by categoryCode: content components with a webPosition) into /catalog/banners/<slot> (list: between the product rows; home: the home page). A failure sets the list\'s error flag (seed 001 §8) for the list; the home page just shows none.',
  args: { type: 'object', required: ['categoryCode', 'slot'], properties: { categoryCode: { type: 'string', pattern: '^[a-z_]{1,40}$' }, slot: { enum: ['list', 'home'] } } },
  async load(args, ctx) {
    const res = await ctx.api.call('cmsComponents', { query: { categoryCode: args.categoryCode } });
    ctx.stores.catalog.bannersLoaded(args.slot, res.contentSlots.contentSlot.flatMap((s) => s.components.component));
  },
  failed(args, { catalog }) {
    catalog.bannersLoaded(args.slot, []);
    if (args.slot === 'list') catalog.searchFailed();
  },
});
