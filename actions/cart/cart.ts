import { defineAction, defineLoad, ActionError } from '../define';
import { applyCartResponse, callOnShownCart, decideMergeReplace, runCartMerge, syncServerCart } from '../cart-response';
import { validateCart } from '../checkout-rules';
import { closeModal, goTo, isAt, openModal } from '../destinations';
import type { ActionContext } from '../define';

type ChargeType = 'ONE_TIME_CHARGE' | 'RECURRING_CHARGE';
const CHARGE_TYPES: ChargeType[] = ['ONE_TIME_CHARGE', 'RECURRING_CHARGE'];
/** The checkout pages' path prefix (seed 000 §2): a removal there is sent with checkout=true. */

export default [
  defineLoad({
    name: 'cart.load',
    description: 'Loads the full cart into the cart store (a failure is only logged); when the cart changed in another tab since this one saw it (version or entries), the cart-changed toast shows.',
    async load(_args, ctx) {
      const cart = await ctx.api.call('fullCart', { silent: true });
      syncServerCart(cart, ctx);
    },
  }),
  defineAction({
    name: 'cart.add',
    description: 'Adds a tariff to the cart and handles the statusCode of seed 000 §4 (success: cart notification, single-tariff modal; productsNeedReplace: replace modal keeping this payload; limits, stock, age). A prepaid package has no subscription term: an empty subscriptionTermId / pricePlanId is left out.',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 }, subscriptionTermId: { type: ['string', 'null'] }, pricePlanId: { type: ['string', 'null'] } } },
    async run(args, ctx) {
      const body: { code: string; subscriptionTermId?: string; pricePlanId?: string } = { code: args.code };
      if (args.subscriptionTermId) body.subscriptionTermId = args.subscriptionTermId;
      if (args.pricePlanId) body.pricePlanId = args.pricePlanId;
      const res = await ctx.api.call('addToCart', { body });
      await applyCartResponse(res, ctx, { pending: { call: 'replaceCart', body: { ...body } } });
    },
  }),
  defineAction({
    name: 'cart.addBundle',
    description: 'Adds a device (with tariff, insurance and accessories) to the cart and handles the statusCode (productsNeedReplace keeps this payload for replaceServiceCart).',
    args: {
      type: 'object', required: ['deviceCode', 'chargeType'],
      properties: {
        deviceCode: { type: 'string', minLength: 1 }, tariffCode: { type: 'string' }, subscriptionTermId: { type: 'string' }, pricePlanId: { type: 'string' },
        chargeType: { enum: ['ONE_TIME_CHARGE', 'RECURRING_CHARGE'] }, insuranceCode: { type: 'string' }, accessoryCodes: { type: 'array', items: { type: 'string' } },
      },
    },
    async run(args, ctx) {
      const res = await ctx.api.call('addBundleToCart', { body: args });
      await applyCartResponse(res, ctx, { pending: { call: 'replaceServiceCart', body: { ...args } } });
    },
  }),
  defineAction({
    name: 'cart.replace',
    description: 'Replace modal "update": sends the kept add payload to PUT replaceCart (tariff) or replaceServiceCart (device bundle), closes the modal and handles the answer by statusCode. Opened by the sign-in merge: GET mergeCart?productsNeedReplace=true, then the success notification and the mini cart (or on to checkout after a checkout attempt).',
    async run(_args, ctx) {
      const { cart } = ctx.stores;
      const pending = cart.pendingAdd;
      await closeModal(ctx, 'replaceItem');
      if (!pending) throw new ActionError('nothing to replace', true);
      cart.setPendingAdd(null);
      if (pending.call === 'mergeCart') { await decideMergeReplace(ctx, pending, true); return; }
      const res = await ctx.api.call(pending.call, { body: pending.body });
      const mods = await applyCartResponse(res, ctx, { pending });
      // on the device page the replaced bundle is the device being bought: move on as a successful choice step does
      // (pdp.submitStep; the steps: schemas/rules/pdp-wizard.json)
      const { pdp } = ctx.stores.catalog;
      const onPdp = pending.call === 'replaceServiceCart' && pdp.product !== null && pdp.stepWork === 'device';
      if (onPdp && mods.every((m) => m.statusCode === 'success')) {
        ctx.stores.catalog.setPdp({ step: pdp.step + 1 });
        if (pdp.stepWork === 'extras') await ctx.dispatch({ action: 'pdp.loadTariffExtras', args: {} });
      }
    },
  }),
  defineAction({
    name: 'cart.keep',
    description: 'Replace modal "keep": keeps the old item, forgets the product to add and closes the modal. Opened by the sign-in merge: GET mergeCart?productsNeedReplace=false drops the pending bundle, then the mini cart (or on to checkout after a checkout attempt).',
    async run(_args, ctx) {
      const pending = ctx.stores.cart.pendingAdd;
      ctx.stores.cart.setPendingAdd(null);
      await closeModal(ctx, 'replaceItem');
      if (pending?.call === 'mergeCart') await decideMergeReplace(ctx, pending, false);
    },
  }),
  defineAction({
    name: 'cart.closeSingleTariff',
    description: 'Closes the single-tariff modal; "continue to checkout" (toCheckout) proceeds to checkout, which opens the guest modal for a guest checkout.',
    args: { type: 'object', properties: { toCheckout: { type: 'boolean' } } },
    async run(args, ctx) {
      await closeModal(ctx, 'singleTariff');
      if (args.toCheckout) await ctx.dispatch({ action: 'checkout.proceed', args: {} });
    },
  }),
  defineAction({
    name: 'cart.changeChargeType',
    description: 'Switches the whole cart between one-off and installments (PUT changeChargeType selectedChargeType, isForceChange, processValidateErrors); the cart is updated from the answer (cart and cartModifications). Closes the change-types modal and clears the cart conflict.',
    args: {
      type: 'object', required: ['chargeType'],
      properties: { chargeType: { enum: CHARGE_TYPES }, force: { type: 'boolean' }, processValidateErrors: { type: 'boolean' } },
    },
    async run(args, ctx) {
      const { checkout } = ctx.stores;
      const res = await ctx.api.call('changeChargeType', {
        query: { fields: 'DEFAULT' },
        body: { selectedChargeType: args.chargeType, isForceChange: args.force ?? false, processValidateErrors: args.processValidateErrors ?? true },
      });
      await closeModal(ctx, 'changeTypes');
      checkout.setConflict(false);
      await applyCartResponse(res, ctx);
    },
  }),
  defineAction({
    name: 'cart.askRemove',
    description: 'Opens the remove-item modal for an entry (the mini cart\'s or the overview\'s remove button), or with all: true for deleting the whole cart. During checkout (/kupovina/…) the removal tells the server checkout=true.',
    args: {
      type: 'object',
      anyOf: [{ required: ['entryNumber'] }, { required: ['all'] }],
      properties: { entryNumber: { type: 'integer', minimum: 0 }, quantity: { type: 'integer', minimum: 1 }, name: { type: 'string' }, all: { type: 'boolean' } },
    },
    async run(args, ctx) {
      const { cart } = ctx.stores;
      cart.setMiniCartOpen(false);
      const path = (ctx.scope.route as { path?: string } | undefined)?.path ?? '';
      const checkout = await isAt(ctx, 'checkout', path);
      if (args.all) { await openModal(ctx, 'removeItem', { all: true, checkout }); return; }
      const entry = cart.cart?.entries.find((e) => e.entryNumber === args.entryNumber);
      await openModal(ctx, 'removeItem', { entryNumber: args.entryNumber, quantity: args.quantity ?? entry?.quantity ?? 1, name: args.name ?? entry?.product.name ?? '', checkout });
    },
  }),
  defineAction({
    name: 'cart.removeEntry',
    description: 'Removes an entry (DELETE deleteEntry ?entryNumber&qty&checkout&cartVersion), closes the remove-item modal; the cart is updated from the answer. An emptied cart during checkout returns to the offer page; during checkout with a cart conflict the cart is validated again (the conflict clears when nothing stands in the way). When the cart changed in another tab (409 cartChanged) nothing is removed: the current cart is shown with the cart-changed toast.',
    args: {
      type: 'object', required: ['entryNumber'],
      properties: { entryNumber: { type: 'integer', minimum: 0 }, quantity: { type: 'integer', minimum: 1 }, checkout: { type: 'boolean' } },
    },
    async run(args, ctx) {
      // during checkout Next waits for the removal and its re-validation (checkout store: track / settled)
      const work = removeEntry(args, ctx);
      if (args.checkout) ctx.stores.checkout.track(work);
      await work;
    },
  }),
  defineAction({
    name: 'cart.deleteCart',
    description: 'Deletes the whole cart (DELETE deleteCart ?cartVersion) and returns to the offer page: the backToOffer arg if given, else the flow\'s backToOffer (from cart-validate), else the phone list; when the cart changed in another tab (409 cartChanged) nothing is deleted and the current cart is shown with the cart-changed toast.',
    args: { type: 'object', properties: { backToOffer: { type: 'string' } } },
    async run(args, ctx) {
      const { cart, checkout } = ctx.stores;
      await closeModal(ctx, 'removeItem');
      const res = await callOnShownCart(ctx, 'deleteCart');
      if (!res) return; // the cart changed in another tab: it is shown as it is now, nothing deleted
      cart.setCart(res?.cart ?? null);
      cart.setModifications([]);
      cart.setMiniCartOpen(false);
      checkout.setConflict(false);
      const back = args.backToOffer ?? checkout.backToOffer;
      if (back) ctx.navigate(back);
      else await goTo(ctx, 'offer');
    },
  }),
  defineAction({
    name: 'cart.merge',
    description: 'Cart merge after login (seed 000 §4): GET mergeCart, the statuses are handled as on add (a pending replacement opens the replace modal, decided through mergeCart?productsNeedReplace); without a replace, quantity, accessories, age or stock issue the flow proceeds to checkout (toCheckout, default true).',
    args: { type: 'object', properties: { toCheckout: { type: 'boolean' } } },
    async run(args, ctx) {
      const toCheckout = args.toCheckout ?? true;
      const { blocked } = await runCartMerge(ctx, toCheckout);
      if (!blocked && toCheckout) await ctx.dispatch({ action: 'checkout.proceed', args: {} });
    },
  }),
];

/** DELETE deleteEntry and what follows it (the body of cart.removeEntry). */
async function removeEntry(args: { entryNumber: number; quantity?: number; checkout?: boolean }, ctx: ActionContext): Promise<void> {
  const { cart, ui } = ctx.stores;
  const qty = args.quantity ?? cart.cart?.entries.find((e) => e.entryNumber === args.entryNumber)?.quantity ?? 1;
  await closeModal(ctx, 'removeItem');
  const res = await callOnShownCart(ctx, 'deleteEntry', { query: { entryNumber: args.entryNumber, qty, checkout: args.checkout ?? false } });
  if (!res) return; // the cart changed in another tab: it is shown as it is now, nothing removed
  if (res.cart) cart.setCart(res.cart);
  cart.setModifications(res.cartModifications ?? []);
  ui.showToast({ kind: 'info', message: 'toast.cart.removed' });
  if (args.checkout && (res.cart?.entries.length ?? 0) === 0) await goTo(ctx, 'offer');
  // during checkout with a cart conflict (e.g. the entry out of stock was removed): the cart is judged again,
  // so Next works once nothing stands in the way any more
  else if (args.checkout && ctx.stores.checkout.conflict) await validateCart(ctx, false);
}
