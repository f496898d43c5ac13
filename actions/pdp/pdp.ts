import { defineAction, defineSetter, ActionError } from '../define';
import type { ActionContext } from '../define';
import { DEVICE_ONLY } from '../stores/catalog';
import type { ProductDetails } from '../stores/types';
import { applyCartResponse, type CartResponse } from '../cart-response';
import { goTo, pathTo } from '../destinations';
import { deviceOnlySelection, initialSelection, pickVariant, PDP_WIZARD_DOC, wizardSteps } from '../pdp-rules';
import type { RuleDocument } from '../../schemas/types/rule';
import { chargeTypeAvailable, defaultChargeType, findTariff, pricePlanId, recommendedTerm, sellableTariff } from '../pricing';

interface RouteScope { path?: string; params?: Record<string, string | undefined> }
const routeOf = (ctx: ActionContext) => (ctx.scope.route ?? {}) as RouteScope;

function product(ctx: ActionContext): ProductDetails {
  const p = ctx.stores.catalog.pdp.product;
  if (!p) throw new ActionError('no product loaded', true);
  return p;
}

/** Writes the current selection into the address: replace on init, push on change. */
async function syncUrl(ctx: ActionContext, replace: boolean): Promise<void> {
  const { pdp } = ctx.stores.catalog;
  if (!pdp.product) return;
  // destination "pdp" (schemas/rules/routes.json): the colour, then the tariff (only with a colour) in the address
  const path = await pathTo(ctx, 'pdp', { params: { productCode: pdp.product.code, colorCode: pdp.colorCode, tariffCode: pdp.colorCode ? pdp.tariffCode : null } });
  if (routeOf(ctx).path !== path) ctx.navigate(path, { replace });
}

let loadedKey = '';

/** The entry number of the last cart entry of this device (the bundle step 1 added), if any. */
function deviceEntryNumber(ctx: ActionContext, productCode: string): number | null {
  const entries = ctx.stores.cart.cart?.entries ?? [];
  const mine = entries.filter((e) => e.product.code === productCode || e.product.baseProduct === productCode);
  return mine.length ? Math.max(...mine.map((e) => e.entryNumber)) : null;
}

/** The tariff entry in the bundle of this device (the same bundleNo as the device's last entry), if any. */
function bundleTariffEntry(ctx: ActionContext, productCode: string) {
  const entries = ctx.stores.cart.cart?.entries ?? [];
  const deviceNo = deviceEntryNumber(ctx, productCode);
  const device = entries.find((e) => e.entryNumber === deviceNo);
  if (!device) return null;
  return entries.find((e) => e.bundleNo === device.bundleNo && e.product.productOfferingType === 'TARIFF') ?? null;
}

/** The reference type and page size of a tariff's add-ons (seed 000 §7: accessories and add-ons page size 100). */
export const TARIFF_ADDONS = { referenceType: 'TARIFF_ADDON_RELATION', pageSize: 100 } as const;

/** A phone's gift: the promo product bundled at no charge (seed 001 §3 PROMO_PRODUCT). */
export const GIFTS = { referenceType: 'PROMO_PRODUCT', pageSize: 10 } as const;

/** Goods sold alone, one-off, without a tariff step (the page's step 1 does not send them back to the phone list). */
const GOODS_TYPES = ['ACCESSORY', 'DROPSHIPPING'];

/**
 * The "device" work (schemas/rules/pdp-wizard.json): the device (with tariff, term, price plan and payment type) into
 * the cart. Answers whether the shopper goes on: not after a refusal (replace, limit, stock, age: its modal stays open), nor when a device's
 * cart then holds no device (back to the phone list).
 */
async function addChoice(ctx: ActionContext, p: ProductDetails): Promise<boolean> {
  const { pdp } = ctx.stores.catalog;
  if (!pdp.variant) throw new ActionError('no variant', false);
  const t = findTariff(p, pdp.tariffCode);
  const body: Record<string, unknown> = {
    deviceCode: pdp.variant.code,
    chargeType: pdp.chargeType,
  };
  if (t) {
    body.tariffCode = t.code;
    if (pdp.subscriptionTermId) body.subscriptionTermId = pdp.subscriptionTermId;
  }
  const plan = pricePlanId(p, t, pdp.subscriptionTermId, pdp.chargeType);
  if (plan) body.pricePlanId = plan;
  const res = await ctx.api.call('addBundleToCart', { body });
  const mods = await applyCartResponse(res, ctx, { pending: { call: 'replaceServiceCart', body } });
  if (mods.some((m) => m.statusCode !== 'success')) return false;
  if (!GOODS_TYPES.includes(p.productOfferingType) && !ctx.stores.cart.hasDevice) {
    await goTo(ctx, 'offer'); // no device in the cart after a device's choice: back to the phone list
    return false;
  }
  return true;
}

/**
 * The "extras" work (insurance / accessories): nothing chosen → just move on. Insurance goes onto the device of
 * the choice's bundle (PUT addInsurance, empty body); each accessory is added on its own (one-off). Every answer's
 * statusCode is handled as on add; a refusal keeps the shopper on this step with its modal open (answers false).
 */
async function addExtras(ctx: ActionContext, p: ProductDetails): Promise<boolean> {
  const { pdp } = ctx.stores.catalog;
  const extras: CartResponse[] = [];
  if (pdp.insuranceCode) {
    const entryNumber = deviceEntryNumber(ctx, p.code);
    if (entryNumber === null) throw new ActionError('no device entry for the insurance', false);
    extras.push(await ctx.api.call('addInsurance', { query: { entryNumber, insuranceCode: pdp.insuranceCode } }));
  }
  for (const code of pdp.accessoryCodes) {
    const accessory = { deviceCode: code, chargeType: 'ONE_TIME_CHARGE' };
    extras.push(await ctx.api.call('addBundleToCart', { body: accessory }));
  }
  for (const res of extras) {
    const mods = await applyCartResponse(res, ctx);
    if (mods.some((m) => m.statusCode !== 'success')) return false;
  }
  return true;
}

export default [
  defineAction({
    name: 'pdp.load',
    description: 'Loads the device detail page from the address (/uredjaj/:productCode/:colorCode/:tariffCode?): defaults to the first in-stock colour, the recommended term and installments when available; the address is replaced on init. Accessories (hasAccessories) and the phone\'s in-stock gift (hasGift: productReferences PROMO_PRODUCT → catalog.pdp.gift) load after it.',
    args: { type: 'object', properties: { productCode: { type: 'string' }, colorCode: { type: 'string' }, tariffCode: { type: 'string' } } },
    async run(args, ctx) {
      const params = routeOf(ctx).params ?? {};
      const code = args.productCode ?? params.productCode;
      if (!code) throw new ActionError('pdp.load: no productCode', false);
      const colorCode = args.colorCode ?? params.colorCode ?? null;
      const tariffCode = args.tariffCode ?? params.tariffCode ?? null;
      const { catalog, session } = ctx.stores;
      const key = `${code}|${session.lang}`;
      const cur = catalog.pdp.product;
      if (cur && cur.code === code && loadedKey === key) {
        // same product: follow the address (back/forward), no refetch
        const variant = pickVariant(cur, colorCode ?? catalog.pdp.colorCode);
        const t = tariffCode && tariffCode !== DEVICE_ONLY ? sellableTariff(cur, tariffCode) : undefined;
        const patch: Record<string, unknown> = { variant, colorCode: variant?.colorCode ?? null };
        if (tariffCode === DEVICE_ONLY && cur.oneOff?.purchasable) Object.assign(patch, deviceOnlySelection());
        else if (t && t.tariff.code !== catalog.pdp.tariffCode) {
          const term = recommendedTerm(t.tariff);
          Object.assign(patch, { tariffCode: t.tariff.code, parentTariffCode: t.parentCode, subscriptionTermId: term, chargeType: defaultChargeType(cur, t.tariff, term) });
        }
        catalog.setPdp(patch);
        await syncUrl(ctx, true);
        return;
      }
      catalog.resetPdp();
      catalog.pdpStarted();
      let p: ProductDetails;
      let wizard: RuleDocument;
      try {
        // the wizard's steps (schemas/rules/pdp-wizard.json; a server-drawn page brings the document with it)
        [p, wizard] = await Promise.all([
          ctx.api.call('productDetails', { query: { productCode: code } }),
          ctx.api.getDocument<RuleDocument>(PDP_WIZARD_DOC),
        ]);
      } catch (e) {
        catalog.pdpFailed();
        throw e;
      }
      loadedKey = key;
      const steps = wizardSteps(wizard.pdpSteps ?? [], p);
      catalog.setPdp({ ...initialSelection(p, colorCode, tariffCode), steps, step: 1, loading: false, error: false, giftPending: !!p.hasGift });
      await syncUrl(ctx, true);
      if (p.hasAccessories) {
        ctx.api.call('productReferences', { query: { productCode: code, referenceType: 'ACCESSORIES', pageSize: 100 }, silent: true })
          .then((r) => catalog.setPdp({ accessories: r.references ?? [] }))
          .catch((e) => console.error('[pdp.load] accessories', e));
      }
      if (p.hasGift) {
        // the gift shown is one in stock (the cart adds it with the phone only then)
        ctx.api.call('productReferences', { query: { productCode: code, ...GIFTS }, silent: true })
          .then((r) => catalog.setPdp({ gift: (r.references ?? []).find((x) => (x.target.stock?.stockLevel ?? 0) > 0) ?? null, giftPending: false }))
          .catch((e) => { catalog.setPdp({ giftPending: false }); console.error('[pdp.load] gift', e); });
      }
    },
  }),
  defineAction({
    name: 'pdp.selectColor',
    description: 'Chooses a colour variant; the address is pushed.',
    args: { type: 'object', required: ['colorCode'], properties: { colorCode: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const variant = pickVariant(product(ctx), args.colorCode);
      ctx.stores.catalog.setPdp({ variant, colorCode: variant?.colorCode ?? null });
      await syncUrl(ctx, false);
    },
  }),
  defineAction({
    name: 'pdp.selectTariff',
    description: 'Chooses a tariff (a parent or one of its childTariffs): recommended term, installments when available; or "samo-uredjaj" (the phone alone, paid at once). The address is pushed. A tariff without a purchasable price plan for the phone (not sold with it) is not chosen: an error toast pdp.tariff.unavailable, the choice stays.',
    args: { type: 'object', required: ['tariffCode'], properties: { tariffCode: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const p = product(ctx);
      if (args.tariffCode === DEVICE_ONLY) {
        if (!p.oneOff?.purchasable) throw new ActionError(`${p.code} is not sold without a tariff`, false);
        ctx.stores.catalog.setPdp(deviceOnlySelection());
        await syncUrl(ctx, false);
        return;
      }
      const found = sellableTariff(p, args.tariffCode);
      if (!found || (found.tariff.code !== args.tariffCode && found.parentCode !== args.tariffCode)) {
        // not sold with this phone (add to cart would refuse it): said in the shopper's words, the choice stays as it was
        ctx.stores.ui.showToast({ kind: 'error', message: 'pdp.tariff.unavailable' });
        throw new ActionError(`tariff ${args.tariffCode} not sold with ${p.code}`, true);
      }
      const term = recommendedTerm(found.tariff);
      const { pdp } = ctx.stores.catalog;
      const keep = chargeTypeAvailable(p, found.tariff, term, pdp.chargeType);
      ctx.stores.catalog.setPdp({
        tariffCode: found.tariff.code, parentTariffCode: found.parentCode, subscriptionTermId: term,
        chargeType: keep ? pdp.chargeType : defaultChargeType(p, found.tariff, term),
      });
      await syncUrl(ctx, false);
    },
  }),
  defineAction({
    name: 'pdp.selectTerm',
    description: 'Chooses the subscription term (months) of the selected tariff.',
    args: { type: 'object', required: ['subscriptionTermId'], properties: { subscriptionTermId: { type: 'string', minLength: 1 } } },
    run(args, ctx) {
      const p = product(ctx);
      const { pdp } = ctx.stores.catalog;
      const t = findTariff(p, pdp.tariffCode);
      const keep = chargeTypeAvailable(p, t, args.subscriptionTermId, pdp.chargeType);
      ctx.stores.catalog.setPdp({ subscriptionTermId: args.subscriptionTermId, chargeType: keep ? pdp.chargeType : defaultChargeType(p, t, args.subscriptionTermId) });
    },
  }),
  defineAction({
    name: 'pdp.selectChargeType',
    description: 'Chooses the device payment type: RECURRING_CHARGE (installments) or ONE_TIME_CHARGE (one-off).',
    args: { type: 'object', required: ['chargeType'], properties: { chargeType: { enum: ['ONE_TIME_CHARGE', 'RECURRING_CHARGE'] } } },
    run(args, ctx) {
      const p = product(ctx);
      const { pdp } = ctx.stores.catalog;
      const t = findTariff(p, pdp.tariffCode);
      if (!chargeTypeAvailable(p, t, pdp.subscriptionTermId, args.chargeType)) throw new ActionError(`${args.chargeType} not available`, false);
      ctx.stores.catalog.setPdp({ chargeType: args.chargeType });
    },
  }),
  defineSetter({
    name: 'pdp.selectInsurance',
    description: 'Chooses an insurance (null: none).',
    args: { type: 'object', required: ['code'], properties: { code: { type: ['string', 'null'] } } },
    set: (args, { catalog }) => catalog.setPdp({ insuranceCode: args.code }),
  }),
  defineAction({
    name: 'pdp.toggleAccessory',
    description: 'Adds an accessory to, or removes it from, the choice.',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    run(args, ctx) {
      const cur = ctx.stores.catalog.pdp.accessoryCodes;
      ctx.stores.catalog.setPdp({ accessoryCodes: cur.includes(args.code) ? cur.filter((c) => c !== args.code) : [...cur, args.code] });
    },
  }),
  defineAction({
    name: 'pdp.submitStep',
    description: 'Does the current step\'s work (its "work" in schemas/rules/pdp-wizard.json) and moves on to the next step present — from the last one to checkout. "device" puts the device (with tariff, term, price plan and payment type) into the cart — back to the list if the cart then holds no device; "extras" adds the insurance/accessories (add-ons and eSIM are sent at once by their own actions; entering it loads the tariff\'s add-ons); a step without work only moves on.',
    async run(_args, ctx) {
      const p = product(ctx);
      const { pdp } = ctx.stores.catalog;
      const last = pdp.step >= pdp.steps.length;
      if (pdp.stepWork === 'device') {
        if (!(await addChoice(ctx, p))) return;
      } else if (pdp.stepWork === 'extras') {
        if (!(await addExtras(ctx, p))) return;
      }
      if (last) {
        await ctx.dispatch({ action: 'checkout.proceed', args: {} });
        return;
      }
      ctx.stores.catalog.setPdp({ step: pdp.step + 1 });
      if (ctx.stores.catalog.pdp.stepWork === 'extras') void ctx.dispatch({ action: 'pdp.loadTariffExtras', args: {} });
    },
  }),
  defineAction({
    name: 'pdp.loadTariffExtras',
    description: 'Step 2 of the device page: finds the tariff entry of the bundle step 1 put into the cart (catalog.pdp.tariffEntryNumber, null without one) and loads that tariff\'s add-ons (GET productReferences referenceType TARIFF_ADDON_RELATION, pageSize 100) into catalog.pdp.addons; a failure is only logged.',
    async run(_args, ctx) {
      const p = product(ctx);
      const { catalog } = ctx.stores;
      const entry = bundleTariffEntry(ctx, p.code);
      catalog.setPdp({ tariffEntryNumber: entry?.entryNumber ?? null, addons: [] });
      if (!entry) return;
      try {
        const r = await ctx.api.call('productReferences', { query: { productCode: entry.product.code, ...TARIFF_ADDONS }, silent: true });
        // a later bundle (another tariff) may have replaced this one meanwhile
        if (catalog.pdp.tariffEntryNumber === entry.entryNumber) catalog.setPdp({ addons: r.references ?? [] });
      } catch (e) {
        console.error('[pdp.loadTariffExtras]', e);
      }
    },
  }),
  defineAction({
    name: 'pdp.goToStep',
    description: 'Goes back to an earlier step (or the current one) of the device page — `step` is its position from 1 (the step indicator) or its id in schemas/rules/pdp-wizard.json (a Back button); a step not present or not yet reached does nothing. The breadcrumbs, whose scrollKey is the step, scroll it into view.',
    args: { type: 'object', required: ['step'], properties: { step: { type: ['integer', 'string'], minimum: 1, minLength: 1 } } },
    run(args, ctx) {
      const { pdp } = ctx.stores.catalog;
      const step = typeof args.step === 'number' ? args.step : pdp.steps.findIndex((s) => s.id === args.step) + 1;
      if (step < 1 || step > pdp.step || step > pdp.steps.length) return;
      ctx.stores.catalog.setPdp({ step });
    },
  }),
  defineAction({
    name: 'pdp.loadSpecification',
    description: 'Loads the specification of the device (for the specification modal); a failure sets specificationError.',
    args: { type: 'object', properties: { productCode: { type: 'string' } } },
    async run(args, ctx) {
      const code = args.productCode ?? ctx.stores.catalog.pdp.product?.code;
      if (!code) return;
      try {
        const spec = await ctx.api.call('productSpecification', { query: { productCode: code } });
        ctx.stores.catalog.setPdp({ specification: spec, specificationError: false });
      } catch (e) {
        console.error('[pdp.loadSpecification]', e);
        ctx.stores.catalog.setPdp({ specificationError: true });
      }
    },
  }),
];
