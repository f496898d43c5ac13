// Add-ons (/dodaci, /dodaci/roming) and digital services (/Digitalni-servisi/…) (issue 13):
// the add-ons hierarchy, the roaming countries, the OTT services, and buying an add-on with the tariff in the cart.
import { defineAction, defineLoad, defineSetter, type ActionContext } from '../define';
import { openModal } from '../destinations';
import { applyCartResponse } from '../cart-response';
import type { CartEntry } from '../stores/types';

type Route = { query?: Record<string, string | undefined> };
const routeOf = (ctx: ActionContext): Route => (ctx.scope.route ?? {}) as Route;


/** The tariff entry an add-on goes with: the newest TARIFF entry of the cart that does not have it yet. */
export function tariffFor(entries: CartEntry[], code: string): CartEntry | null {
  const tariffs = entries.filter((e) => e.product.productOfferingType === 'TARIFF');
  const free = tariffs.filter((t) => !entries.some((e) => e.parentEntryNumber === t.entryNumber && e.product.code === code));
  return (free.length ? free : tariffs).reduce<CartEntry | null>((best, e) => (best === null || e.entryNumber > best.entryNumber ? e : best), null);
}

export default [
  defineLoad({
    name: 'addons.load',
    description: 'Loads the add-ons hierarchy (GET addonHierarchy ?categoryCode: every category, or one) into /catalog/addons/categories; a failure sets /catalog/addons/error.',
    args: { type: 'object', properties: { categoryCode: { type: 'string', minLength: 1 } } },
    async load(args, ctx) {
      const { catalog } = ctx.stores;
      catalog.addonsStarted();
      const r = await ctx.api.call('addonHierarchy', { query: args.categoryCode ? { categoryCode: args.categoryCode } : {}, silent: true });
      catalog.addonsLoaded(r.categories);
    },
    failed: (_args, { catalog }) => catalog.addonsFailed(),
  }),
  defineLoad({
    name: 'addons.loadCountries',
    description: 'Loads the roaming countries (GET roamingCountries) into /catalog/addons/countries and chooses the country of ?zemlja= (an ISO code) when the address has one.',
    args: { type: 'object', properties: {} },
    async load(_args, ctx) {
      const { catalog } = ctx.stores;
      const r = await ctx.api.call('roamingCountries', { silent: true });
      catalog.countriesLoaded(r.countries);
      const wanted = routeOf(ctx).query?.zemlja;
      if (wanted) catalog.chooseCountry(wanted.toUpperCase());
    },
    failed: (_args, { catalog }) => catalog.addonsFailed(),
  }),
  defineSetter({
    name: 'addons.chooseCountry',
    description: 'Chooses a roaming country (isocode; empty = none): /catalog/addons/covering lists the roaming add-ons whose zones cover it.',
    args: { type: 'object', required: ['isocode'], properties: { isocode: { type: 'string', maxLength: 2 } } },
    set: (args, { catalog }) => catalog.chooseCountry(args.isocode || null),
  }),
  defineLoad({
    name: 'addons.loadOtt',
    description: 'Loads digital services (GET ottServices ?categoryCode: digitalni-servisi for all, or one service\'s slug) into /catalog/ott; an unknown service sets /catalog/ott/error.',
    args: { type: 'object', required: ['categoryCode'], properties: { categoryCode: { type: 'string', minLength: 1 } } },
    async load(args, ctx) {
      const { catalog } = ctx.stores;
      catalog.ottStarted(args.categoryCode);
      const r = await ctx.api.call('ottServices', { query: { categoryCode: args.categoryCode }, silent: true });
      catalog.ottLoaded(args.categoryCode, r.services);
    },
    failed: (args, { catalog }) => catalog.ottFailed(args.categoryCode),
  }),
  defineAction({
    name: 'addons.buy',
    description: 'Puts an add-on or digital service into the cart with the newest tariff in it (POST addAddon { code, entryNumber }); the cart and its statusCode are handled as on add. Without a tariff in the cart it opens the addon-needs-tariff modal (params: requires POSTPAID | PREPAID, name). A refusal (e.g. a prepaid add-on with a postpaid tariff) shows the server\'s message.',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { cart, catalog } = ctx.stores;
      if (!cart.cart) {
        try { cart.setCart(await ctx.api.call('cart', { silent: true })); } catch (e) { console.error('[addons.buy]', e); }
      }
      const tariff = tariffFor(cart.cart?.entries ?? [], args.code);
      const addon = catalog.addonOf(args.code);
      if (!tariff) {
        await openModal(ctx, 'addonNeedsTariff', { requires: addon?.requires ?? 'POSTPAID', name: addon?.name ?? args.code });
        return;
      }
      const res = await ctx.api.call('addAddon', { body: { code: args.code, entryNumber: tariff.entryNumber } });
      await applyCartResponse(res, ctx);
    },
  }),
];
