// Commerce behaviour of seed 000 §4 in the browser: add-to-cart statusCodes, charge types, checkout-start
// validation reasons, removing, EKO coupons and a cart changed in another tab — against a fake API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { collectActions } from '../../../actions/registry';
import { readFileSync } from 'node:fs';
import { CART_NOTIFICATION_MS, cartChangedElsewhere, type CartStatuses } from '../../../actions/cart-response';
import { evaluate } from '../../../core/conditions';
import { couponRefusal } from '../../../actions/pdp/coupons';
import type { Cart, CartEntry } from '../../../actions/stores/types';
import * as fx from '../../fixtures/api';
import { fakeFetch, makeCtx, makeStores } from './helpers';

const actions = collectActions();
const run = (name: string, args: Record<string, unknown>, ctx: ReturnType<typeof makeCtx>) => actions.get(name)!.run(args, ctx);

afterEach(() => { vi.useRealTimers(); vi.restoreAllMocks(); });

const B = '/hybris/ecommerce/b2c/v1';
type Handler = (req: { url: URL; body: unknown }) => { status?: number; body?: unknown };

const phone = (n = 0): CartEntry => fx.entry({ entryNumber: n, product: { code: `PHONE_${n}`, name: `Telefon ${n}`, productOfferingType: 'DEVICE' } });
const tariff = (n = 0): CartEntry => fx.entry({ entryNumber: n, product: { code: `TARIFF_${n}`, name: `Tarifa ${n}`, productOfferingType: 'TARIFF' } });
const mod = (statusCode: string, extra: Record<string, unknown> = {}) => ({ statusCode, statusMessage: `msg ${statusCode}`, entry: null, quantityAdded: 0, replaceModalEntries: [], ...extra });

function setup(table: Record<string, Handler>, path = '/uredjaj/PHONE/black') {
  const stores = makeStores();
  const { fetch, calls } = fakeFetch(table);
  const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path, params: {}, query: {} } });
  return { stores, ctx, calls };
}
const addAnswer = (cart: Cart, ...mods: ReturnType<typeof mod>[]): Handler => () => ({ body: { cart, cartModifications: mods } });

describe('add to cart by statusCode', () => {
  it('success: the cart notification for the configured time, no single-tariff modal when a device is in the cart', async () => {
    vi.useFakeTimers();
    const cart = fx.cart({ entries: [phone(0), tariff(1)] });
    const { stores, ctx } = setup({ [`POST ${B}/users/carts/addservice`]: addAnswer(cart, mod('success')) });
    await run('cart.addBundle', { deviceCode: 'PHONE_0', chargeType: 'ONE_TIME_CHARGE' }, ctx);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'success', message: 'toast.cart.added' }]);
    expect(stores.ui.modals).toEqual([]);
    vi.advanceTimersByTime(CART_NOTIFICATION_MS - 1);
    expect(stores.ui.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(stores.ui.toasts).toHaveLength(0);
  });

  it('success with only one tariff in a non-prepaid cart opens the single-tariff modal; continuing opens the guest modal', async () => {
    const cart = fx.cart({ entries: [tariff(0)], checkoutType: 'GUEST' });
    const { stores, ctx } = setup({ [`POST ${B}/users/carts/entry/add`]: addAnswer(cart, mod('success')) });
    await run('cart.add', { code: 'TARIFF_0' }, ctx);
    expect(stores.ui.topModal?.id).toBe('single-tariff');
    // the real dispatch: continue → checkout.proceed → the guest-or-login modal for an anonymous guest cart
    ctx.dispatch.mockImplementation(async (call: { action: string; args?: Record<string, unknown> }) => { await run(call.action, call.args ?? {}, ctx); return true; });
    await run('cart.closeSingleTariff', { toCheckout: true }, ctx);
    expect(stores.ui.modals.map((m) => m.id)).toEqual(['guest-or-login']);
  });

  it('a guest whose cart holds a home package (HOME_FIXED) is offered the login with why, never the guest checkout', async () => {
    const box = fx.entry({ entryNumber: 0, product: { code: 'BOX_PLUS', name: 'Box Plus', productOfferingType: 'BOX_PACKAGE' } });
    const { stores, ctx } = setup({});
    stores.cart.setCart(fx.cart({ entries: [box], checkoutType: 'HOME_FIXED', checkoutSignInRequired: true }));
    await run('checkout.proceed', {}, ctx);
    expect(stores.ui.modals).toEqual([]);
    expect(stores.session.loginMenuOpen).toBe(true);
    expect(stores.session.rememberCheckout).toBe(true);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'info', message: 'checkout.error.signInRequired' }]);
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('single-tariff rule (cart-statuses.json success.modalIf): one tariff, no device/stb/accessory, not prepaid', () => {
    const doc = JSON.parse(readFileSync('schemas/rules/cart-statuses.json', 'utf8')) as { cartStatuses: CartStatuses };
    const single = (cart: Cart | null) => evaluate(doc.cartStatuses.success!.modalIf, { cart });
    const other = (type: string) => fx.entry({ entryNumber: 1, product: { code: type, name: type, productOfferingType: type } });
    expect(single(fx.cart({ entries: [tariff(0)] }))).toBe(true);
    expect(single(fx.cart({ entries: [tariff(0)], checkoutType: 'MOBILE' }))).toBe(true);
    expect(single(fx.cart({ entries: [tariff(0), other('ADDON')] }))).toBe(true);
    expect(single(fx.cart({ entries: [tariff(0), tariff(1)] }))).toBe(false);
    expect(single(fx.cart({ entries: [tariff(0), phone(1)] }))).toBe(false);
    expect(single(fx.cart({ entries: [tariff(0), other('ACCESSORY')] }))).toBe(false);
    expect(single(fx.cart({ entries: [tariff(0), other('STB_DEVICE')] }))).toBe(false);
    expect(single(fx.cart({ entries: [tariff(0)], checkoutType: 'MOBILE_PREPAID_GUEST' }))).toBe(false);
    expect(single(fx.cart({ entries: [tariff(0)], checkoutType: 'MOBILE_PREPAID' }))).toBe(false);
    expect(single(fx.cart({ entries: [] }))).toBe(false);
    expect(single(fx.cart({ entries: [phone(0)] }))).toBe(false);
    expect(single(null)).toBe(false);
  });

  it('productsNeedReplace: the replace modal lists the entries; "update" sends the kept payload to replaceServiceCart', async () => {
    const before = fx.cart({ entries: [phone(0)] });
    const after = fx.cart({ version: 3, entries: [phone(1)] });
    const { stores, ctx, calls } = setup({
      [`POST ${B}/users/carts/addservice`]: addAnswer(before, mod('productsNeedReplace', { replaceModalEntries: [phone(0)] })),
      [`PUT ${B}/users/carts/replaceservice`]: addAnswer(after, mod('success')),
    });
    const body = { deviceCode: 'PHONE_1', tariffCode: 'ORBITA_MAX_M', chargeType: 'RECURRING_CHARGE' };
    await run('cart.addBundle', body, ctx);
    expect(stores.ui.topModal).toMatchObject({ id: 'replace-item', params: { entries: [{ entryNumber: 0 }] } });
    expect(stores.cart.pendingAdd).toEqual({ call: 'replaceServiceCart', body });
    // on the device page, its "device" step (schemas/rules/pdp-wizard.json): the replaced bundle moves the page on like a successful add
    const steps = [{ id: 'choice', title: { message: 'pdp.step.choose' }, work: 'device' as const }, { id: 'summary', title: { message: 'pdp.step.summary' } }];
    stores.catalog.setPdp({ product: { code: 'PHONE_1' } as never, steps, step: 1 });
    await run('cart.replace', {}, ctx);
    expect(stores.catalog.pdp.step).toBe(2);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body });
    expect(stores.ui.modals.map((m) => m.id)).not.toContain('replace-item');
    expect(stores.cart.entryCodes).toEqual(['PHONE_1']);
    expect(stores.cart.pendingAdd).toBeNull();
  });

  it('productsNeedReplace for a tariff replaces through replaceCart; "keep" keeps the old item and calls nothing', async () => {
    const { stores, ctx, calls } = setup({
      [`POST ${B}/users/carts/entry/add`]: addAnswer(fx.cart({ entries: [tariff(0)] }), mod('productsNeedReplace', { replaceModalEntries: [tariff(0)] })),
    });
    await run('cart.add', { code: 'TARIFF_9', subscriptionTermId: 'T24' }, ctx);
    expect(stores.cart.pendingAdd).toEqual({ call: 'replaceCart', body: { code: 'TARIFF_9', subscriptionTermId: 'T24' } });
    await run('cart.keep', {}, ctx);
    expect(stores.ui.modals).toEqual([]);
    expect(stores.cart.pendingAdd).toBeNull();
    expect(calls).toHaveLength(1);
    expect(stores.cart.entryCodes).toEqual(['TARIFF_0']);
  });

  it.each(['allowedTotalAmountExceeded', 'maxOrderQuantityExceeded'])('%s: the limit modal with the server message and the CMS component', async (status) => {
    const { stores, ctx, calls } = setup({
      [`POST ${B}/users/carts/addservice`]: addAnswer(fx.cart({ entries: [phone(0)] }), mod(status, { cmsComponentId: 'limitOversteppedPopup' })),
      [`GET ${B}/cms/component`]: ({ url }) => ({ body: { headline: `H ${url.searchParams.get('componentId')}`, content: 'Najviše dva uređaja.', ctaButtonName: 'U redu', media: { url: '/media/cms/x.svg', code: 'x' } } }),
    });
    await run('cart.addBundle', { deviceCode: 'PHONE_1', chargeType: 'ONE_TIME_CHARGE' }, ctx);
    expect(stores.ui.topModal).toEqual({ id: 'limit-overstepped', params: { message: `msg ${status}`, headline: 'H limitOversteppedPopup', content: 'Najviše dva uređaja.', ctaButtonName: 'U redu', image: '/media/cms/x.svg' } });
    expect(calls.map((c) => c.method)).toEqual(['POST', 'GET']);
  });

  it('limit without a CMS component shows only the server message (no CMS call)', async () => {
    const { stores, ctx, calls } = setup({ [`POST ${B}/users/carts/entry/add`]: addAnswer(fx.cart(), mod('maxOrderQuantityExceeded')) });
    await run('cart.add', { code: 'T' }, ctx);
    expect(stores.ui.topModal).toMatchObject({ id: 'limit-overstepped', params: { message: 'msg maxOrderQuantityExceeded', headline: null, image: null } });
    expect(calls).toHaveLength(1);
  });

  it('noStock: the pop-up with the CMS content (default component noStockPopup)', async () => {
    const { stores, ctx, calls } = setup({
      [`POST ${B}/users/carts/addservice`]: addAnswer(fx.cart(), mod('noStock')),
      [`GET ${B}/cms/component`]: () => ({ body: { headline: 'Nema na stanju', content: 'Izaberi drugu boju.', ctaButtonName: null, media: null } }),
    });
    await run('cart.addBundle', { deviceCode: 'PHONE_PINK', chargeType: 'ONE_TIME_CHARGE' }, ctx);
    expect(calls[1].url.searchParams.get('componentId')).toBe('noStockPopup');
    expect(stores.ui.topModal).toMatchObject({ id: 'no-stock', params: { headline: 'Nema na stanju', content: 'Izaberi drugu boju.', ctaButtonName: null, image: null } });
  });

  it('a failed CMS load still opens the pop-up (only logged)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { stores, ctx } = setup({ [`POST ${B}/users/carts/addservice`]: addAnswer(fx.cart(), mod('noStock', { cmsComponentId: 'gone' })) });
    await run('cart.addBundle', { deviceCode: 'X', chargeType: 'ONE_TIME_CHARGE' }, ctx);
    expect(stores.ui.topModal).toMatchObject({ id: 'no-stock', params: { message: 'msg noStock', headline: null } });
  });

  it('notEligibleByAge: the not-eligible modal with the server message', async () => {
    const { stores, ctx } = setup({ [`POST ${B}/users/carts/entry/add`]: addAnswer(fx.cart(), mod('notEligibleByAge')) });
    await run('cart.add', { code: 'T' }, ctx);
    expect(stores.ui.topModal).toEqual({ id: 'not-eligible', params: { message: 'msg notEligibleByAge' } });
  });

  it('accessoriesNeedMerge: the merge message and the mini cart opens', async () => {
    const { stores, ctx } = setup({ [`POST ${B}/users/carts/addservice`]: addAnswer(fx.cart({ entries: [phone(0)] }), mod('accessoriesNeedMerge')) });
    await run('cart.addBundle', { deviceCode: 'ACC', chargeType: 'ONE_TIME_CHARGE' }, ctx);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'info', text: 'msg accessoriesNeedMerge' }]);
    expect(stores.cart.miniCartOpen).toBe(true);
  });

  it('cart merge after login: proceeds to checkout without issues, stops on a replace', async () => {
    let answer = mod('success');
    const { stores, ctx } = setup({ [`GET ${B}/users/carts/merge`]: () => ({ body: { cart: fx.cart({ entries: [phone(0)] }), cartModifications: [answer] } }) });
    await run('cart.merge', {}, ctx);
    expect(ctx.dispatch).toHaveBeenCalledWith({ action: 'checkout.proceed', args: {} });
    ctx.dispatch.mockClear();
    answer = mod('productsNeedReplace', { replaceModalEntries: [phone(0)] });
    await run('cart.merge', {}, ctx);
    expect(ctx.dispatch).not.toHaveBeenCalled();
    expect(stores.ui.topModal?.id).toBe('replace-item');
  });
});

describe('replace modal opened by the sign-in merge', () => {
  const merged = fx.cart({ version: 7, entries: [phone(3), tariff(4)] });
  const kept = fx.cart({ version: 5, entries: [phone(0), tariff(1)] });
  function mergeSetup() {
    const env = setup({
      [`GET ${B}/users/carts/merge`]: ({ url }) => {
        const flag = url.searchParams.get('productsNeedReplace');
        if (flag === 'true') return { body: { cart: merged, cartModifications: [mod('success', { entry: phone(3), quantityAdded: 1 }), mod('success', { entry: tariff(4), quantityAdded: 1 })] } };
        if (flag === 'false') return { body: { cart: kept, cartModifications: [] } };
        return { body: { cart: kept, cartModifications: [mod('productsNeedReplace', { entry: phone(3), replaceModalEntries: [phone(0), tariff(1)] })] } };
      },
    }, '/');
    return env;
  }

  it('"Zameni novim" sends mergeCart?productsNeedReplace=true, closes, updates the cart, notifies and shows the mini cart', async () => {
    const { stores, ctx, calls } = mergeSetup();
    await run('cart.merge', { toCheckout: false }, ctx);
    expect(stores.ui.topModal).toMatchObject({ id: 'replace-item', params: { entry: { entryNumber: 3 }, entries: [{ entryNumber: 0 }, { entryNumber: 1 }] } });
    expect(stores.cart.pendingAdd).toEqual({ call: 'mergeCart', toCheckout: false });
    await run('cart.replace', {}, ctx);
    expect(calls.at(-1)!.url.searchParams.get('productsNeedReplace')).toBe('true');
    expect(stores.ui.modals).toEqual([]);
    expect(stores.cart.entryCodes).toEqual(['PHONE_3', 'TARIFF_4']);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'success', message: 'toast.cart.added' }]);
    expect(stores.cart.miniCartOpen).toBe(true);
    expect(stores.cart.pendingAdd).toBeNull();
    expect(ctx.dispatch).not.toHaveBeenCalledWith({ action: 'checkout.proceed', args: {} });
  });

  it('"Zadrži postojeći" sends productsNeedReplace=false and keeps the old item; from a checkout attempt it goes on to checkout', async () => {
    const { stores, ctx, calls } = mergeSetup();
    stores.session.setRememberCheckout(true);
    await run('cart.merge', {}, ctx);
    expect(stores.cart.pendingAdd).toEqual({ call: 'mergeCart', toCheckout: true });
    expect(ctx.dispatch).not.toHaveBeenCalled();
    await run('cart.keep', {}, ctx);
    expect(calls.at(-1)!.url.searchParams.get('productsNeedReplace')).toBe('false');
    expect(stores.ui.modals.map((m) => m.id)).not.toContain('replace-item');
    expect(stores.cart.entryCodes).toEqual(['PHONE_0', 'TARIFF_1']);
    expect(stores.ui.toasts.filter((t) => t.kind === 'success')).toEqual([]);
    expect(ctx.dispatch).toHaveBeenCalledWith({ action: 'checkout.proceed', args: {} });
    expect(stores.session.rememberCheckout).toBe(false);
  });

  it('an add\'s replace modal still calls nothing on "keep"', async () => {
    const { stores, ctx, calls } = mergeSetup();
    stores.cart.setPendingAdd({ call: 'replaceCart', body: { code: 'T' } });
    stores.ui.openModal('replace-item', {});
    await run('cart.keep', {}, ctx);
    expect(calls).toEqual([]);
  });
});

describe('charge types', () => {
  it('cart.changeChargeType: PUT with selectedChargeType, isForceChange, processValidateErrors; cart from the answer; conflict cleared', async () => {
    const { stores, ctx, calls } = setup({
      [`PUT ${B}/checkout/chargetypes/change`]: addAnswer(fx.cart({ version: 5, entries: [fx.entry({ entryNumber: 0, chargeType: 'RECURRING_CHARGE', product: { code: 'PHONE_0', name: 'p', productOfferingType: 'DEVICE' } })] }), mod('success')),
    }, '/kupovina/pregled-placanje');
    stores.checkout.setConflict(true);
    stores.ui.openModal('change-types', {});
    await run('cart.changeChargeType', { chargeType: 'RECURRING_CHARGE' }, ctx);
    expect(calls[0].url.searchParams.get('fields')).toBe('DEFAULT');
    expect(calls[0].body).toEqual({ selectedChargeType: 'RECURRING_CHARGE', isForceChange: false, processValidateErrors: true });
    expect(stores.cart.cart?.entries[0].chargeType).toBe('RECURRING_CHARGE');
    expect(stores.checkout.conflict).toBe(false);
    expect(stores.ui.modals.map((m) => m.id)).not.toContain('change-types');
  });
});

describe('checkout start: validation reasons', () => {
  const steps = [fx.step('GUEST_ORDER_INFO', '/kupovina/podaci-dostava'), fx.step('PAYMENT_AND_CART_CONFIRMATION', '/kupovina/pregled-placanje')];
  function start(reason: string | null, extra: Record<string, Handler> = {}) {
    const cart = fx.cart({ code: 'c', entries: [phone(0)] });
    const env = setup({
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: cart }),
      [`POST ${B}/users/carts/validate`]: () => ({ body: { checkoutSteps: steps, checkoutType: 'GUEST', errors: { errors: reason ? [{ type: 'CartValidationError', reason, message: `poruka ${reason}` }] : [] } } }),
      [`PUT ${B}/checkout/chargetypes/change`]: ({ body }) => ({ body: { cart: fx.cart({ code: 'c', version: 2, entries: [fx.entry({ entryNumber: 0, chargeType: (body as { selectedChargeType: string }).selectedChargeType, product: { code: 'PHONE_0', name: 'p', productOfferingType: 'DEVICE' } })] }), cartModifications: [] } }),
      ...extra,
    }, '/kupovina/podaci-dostava');
    env.stores.cart.setCart(cart);
    return env;
  }

  it.each([['forceChangeOneTime', 'ONE_TIME_CHARGE'], ['forceChangeRecurring', 'RECURRING_CHARGE']])('%s: switches the charge type (forced), shows the message, no conflict', async (reason, type) => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { stores, ctx, calls } = start(reason);
    await run('checkout.start', {}, ctx);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ selectedChargeType: type, isForceChange: true });
    expect(stores.cart.cart?.entries[0].chargeType).toBe(type);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'info', text: `poruka ${reason}` }]);
    expect(stores.checkout.conflict).toBe(false);
    expect(scroll).toHaveBeenCalled();
  });

  it.each(['noStock', 'updatedPriceDate', 'notValidPriceAfterDiscounts'])('%s: the message, a cart conflict, Next only scrolls to top', async (reason) => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { stores, ctx } = start(reason);
    await run('checkout.start', {}, ctx);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'error', text: `poruka ${reason}` }]);
    expect(stores.checkout.conflict).toBe(true);
    scroll.mockClear();
    await run('checkout.next', {}, ctx);
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(scroll).toHaveBeenCalled();
  });

  it('conflict: marks the conflict and opens the change-types modal; choosing a type clears it and Next goes on', async () => {
    const { stores, ctx } = start('conflict');
    await run('checkout.start', {}, ctx);
    expect(stores.checkout.conflict).toBe(true);
    expect(stores.ui.topModal).toEqual({ id: 'change-types', params: { message: 'poruka conflict' } });
    await run('cart.changeChargeType', { chargeType: 'ONE_TIME_CHARGE' }, ctx);
    expect(stores.checkout.conflict).toBe(false);
    await run('checkout.next', {}, ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/pregled-placanje');
  });

  it('the data step\'s Next (submitGuest) during a conflict only scrolls to top: no form check, nothing posted', async () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { stores, ctx, calls } = start('conflict');
    await run('checkout.start', {}, ctx);
    const before = calls.length;
    let validated = false;
    stores.ui.registerFormValidator('guest', () => { validated = true; return true; });
    scroll.mockClear();
    await expect(run('checkout.submitGuest', {}, ctx)).rejects.toThrow('cart conflict');
    expect([validated, calls.length, scroll.mock.calls.length > 0]).toEqual([false, before, true]);
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('every reason of the answer is handled (the same one once): a forced change to one-off and two repricings → the messages, Next blocked', async () => {
    const { stores, ctx, calls } = start(null, {
      [`POST ${B}/users/carts/validate`]: () => ({ body: { checkoutSteps: steps, checkoutType: 'GUEST', errors: { errors: [
        { type: 'CartValidationError', reason: 'forceChangeOneTime', message: 'jednokratno' },
        { type: 'CartValidationError', reason: 'forceChangeOneTime', message: 'jednokratno' },
        { type: 'CartValidationError', reason: 'updatedPriceDate', message: 'cena A' },
        { type: 'CartValidationError', reason: 'updatedPriceDate', message: 'cena B' },
      ] } } }),
    });
    await run('checkout.start', {}, ctx);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(stores.ui.toasts.map((t) => t.text)).toEqual(['jednokratno', 'cena A', 'cena B']);
    expect(stores.checkout.conflict).toBe(true);
  });

  it('updatedPriceDate: the repriced cart is read again, so the summary shows the new price', async () => {
    let reads = 0;
    const repriced = fx.cart({ code: 'c', version: 2, entries: [fx.entry({ entryNumber: 0, product: { code: 'PHONE_0', name: 'Telefon 0', productOfferingType: 'DEVICE' }, totalPrice: { value: 41899, formattedValue: '41.899,00 RSD', currencyIso: 'RSD' } })] });
    const { stores, ctx } = start('updatedPriceDate', {
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: reads++ === 0 ? fx.cart({ code: 'c', entries: [phone(0)] }) : repriced }),
    });
    await run('checkout.start', {}, ctx);
    expect(reads).toBe(2);
    expect(stores.cart.cart?.version).toBe(2);
    expect(stores.checkout.conflict).toBe(true);
  });

  it('voucherIsNotAvailable: only the message; Next goes on', async () => {
    const { stores, ctx } = start('voucherIsNotAvailable');
    await run('checkout.start', {}, ctx);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'error', text: 'poruka voucherIsNotAvailable' }]);
    expect(stores.checkout.conflict).toBe(false);
    await run('checkout.next', {}, ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/pregled-placanje');
  });

  it('a CartValidationError on submit re-runs the handling (conflict → change-types)', async () => {
    let validateErrors: unknown[] = [];
    const { stores, ctx } = start(null, {
      [`POST ${B}/users/carts/validate`]: () => ({ body: { checkoutSteps: steps, checkoutType: 'GUEST', errors: { errors: validateErrors } } }),
      [`PUT ${B}/checkout/payment`]: () => ({ body: { cart: fx.cart() } }),
      [`POST ${B}/users/orders`]: () => ({ status: 400, body: { errors: [{ type: 'CartValidationError', reason: 'conflict', message: 'Mešovito plaćanje' }] } }),
    });
    stores.checkout.selectPaymentMode('CreditCard');
    await expect(run('checkout.submitOrder', {}, ctx)).rejects.toThrow('cart validation');
    expect(stores.checkout.conflict).toBe(true);
    expect(stores.ui.topModal).toEqual({ id: 'change-types', params: { message: 'Mešovito plaćanje' } });
    expect(ctx.navigate).not.toHaveBeenCalled();
    validateErrors = [];
  });
});

describe('removing', () => {
  it('the remove-item modal confirms; DELETE deleteEntry with entryNumber, qty and checkout', async () => {
    const { stores, ctx, calls } = setup({
      [`DELETE ${B}/users/carts/entries`]: () => ({ body: { cart: fx.cart({ entries: [phone(0)] }), cartModifications: [] } }),
    }, '/kupovina/pregled-placanje');
    stores.cart.setCart(fx.cart({ entries: [phone(0), { ...tariff(1), quantity: 2 }] }));
    stores.cart.setMiniCartOpen(true);
    await run('cart.askRemove', { entryNumber: 1 }, ctx);
    expect(stores.cart.miniCartOpen).toBe(false);
    expect(stores.ui.topModal).toEqual({ id: 'remove-item', params: { entryNumber: 1, quantity: 2, name: 'Tarifa 1', checkout: true } });
    expect(calls).toHaveLength(0);
    await run('cart.removeEntry', { entryNumber: 1, quantity: 2, checkout: true }, ctx);
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ entryNumber: '1', qty: '2', checkout: 'true', cartVersion: '1' });
    expect(stores.cart.entryCodes).toEqual(['PHONE_0']);
    expect(stores.ui.modals).toEqual([]);
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('removing the last entry during checkout returns to the offer page', async () => {
    const { ctx } = setup({ [`DELETE ${B}/users/carts/entries`]: () => ({ body: { cart: fx.cart(), cartModifications: [] } }) }, '/kupovina/pregled-placanje');
    await run('cart.removeEntry', { entryNumber: 0, checkout: true }, ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/Privatni/Uredjaji/Tip-uredjaja/telefoni');
  });

  it('removing the entry out of stock during checkout validates again: the conflict clears, Next goes on', async () => {
    const steps = [fx.step('GUEST_ORDER_INFO', '/kupovina/podaci-dostava'), fx.step('PAYMENT_AND_CART_CONFIRMATION', '/kupovina/pregled-placanje')];
    let errors = [{ type: 'CartValidationError', reason: 'noStock', message: 'nema' }];
    const { stores, ctx } = setup({
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: fx.cart({ code: 'c', entries: [phone(0), phone(1)] }) }),
      [`POST ${B}/users/carts/validate`]: () => ({ body: { checkoutSteps: steps, checkoutType: 'GUEST', errors: { errors } } }),
      [`DELETE ${B}/users/carts/entries`]: () => { errors = []; return { body: { cart: fx.cart({ code: 'c', version: 2, entries: [phone(1)] }), cartModifications: [] } }; },
    }, '/kupovina/podaci-dostava');
    stores.cart.setCart(fx.cart({ code: 'c', entries: [phone(0), phone(1)] }));
    await run('checkout.start', {}, ctx);
    expect(stores.checkout.conflict).toBe(true);
    await run('cart.removeEntry', { entryNumber: 0, checkout: true }, ctx);
    expect(stores.checkout.conflict).toBe(false);
    await run('checkout.next', {}, ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/pregled-placanje');
  });

  it('a quick Next right after the removal waits for the re-validation in flight (it used to do nothing)', async () => {
    const steps = [fx.step('GUEST_ORDER_INFO', '/kupovina/podaci-dostava'), fx.step('PAYMENT_AND_CART_CONFIRMATION', '/kupovina/pregled-placanje')];
    let errors = [{ type: 'CartValidationError', reason: 'noStock', message: 'nema' }];
    let release!: () => void;
    let gate: Promise<void> | null = null;
    const table: Record<string, Handler> = {
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: fx.cart({ code: 'c', entries: [phone(0), phone(1)] }) }),
      [`POST ${B}/users/carts/validate`]: () => ({ body: { checkoutSteps: steps, checkoutType: 'GUEST', errors: { errors } } }),
      [`DELETE ${B}/users/carts/entries`]: () => { errors = []; return { body: { cart: fx.cart({ code: 'c', version: 2, entries: [phone(1)] }), cartModifications: [] } }; },
    };
    const stores = makeStores();
    const { fetch: inner } = fakeFetch(table);
    // the validation after the removal answers only when released
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await inner(input, init);
      if (String(input).includes('/validate') && gate) await gate;
      return res;
    }) as typeof globalThis.fetch;
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/podaci-dostava', params: {}, query: {} } });
    stores.cart.setCart(fx.cart({ code: 'c', entries: [phone(0), phone(1)] }));
    await run('checkout.start', {}, ctx);
    expect(stores.checkout.conflict).toBe(true);
    gate = new Promise<void>((r) => { release = r; });
    const removal = run('cart.removeEntry', { entryNumber: 0, checkout: true }, ctx);
    const next = run('checkout.next', {}, ctx); // clicked while the removal and its validation are in flight
    await Promise.resolve();
    expect(ctx.navigate).not.toHaveBeenCalled();
    release();
    await Promise.all([removal, next]);
    expect(stores.checkout.conflict).toBe(false);
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/pregled-placanje');
  });

  it('Next still only scrolls up when the re-validation keeps the conflict', async () => {
    const steps = [fx.step('GUEST_ORDER_INFO', '/kupovina/podaci-dostava'), fx.step('PAYMENT_AND_CART_CONFIRMATION', '/kupovina/pregled-placanje')];
    const { stores, ctx } = setup({
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: fx.cart({ code: 'c', entries: [phone(0), phone(1)] }) }),
      [`POST ${B}/users/carts/validate`]: () => ({ body: { checkoutSteps: steps, checkoutType: 'GUEST', errors: { errors: [{ type: 'CartValidationError', reason: 'noStock', message: 'nema' }] } } }),
      [`DELETE ${B}/users/carts/entries`]: () => ({ body: { cart: fx.cart({ code: 'c', version: 2, entries: [phone(1)] }), cartModifications: [] } }),
    }, '/kupovina/podaci-dostava');
    stores.cart.setCart(fx.cart({ code: 'c', entries: [phone(0), phone(1)] }));
    await run('checkout.start', {}, ctx);
    await Promise.all([run('cart.removeEntry', { entryNumber: 0, checkout: true }, ctx), run('checkout.next', {}, ctx)]);
    expect(stores.checkout.conflict).toBe(true);
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('delete cart: DELETE deleteCart, empty cart, back to the offer page', async () => {
    const { stores, ctx, calls } = setup({ [`DELETE ${B}/users/carts/entries/all`]: () => ({ body: { cart: fx.cart(), cartModifications: [] } }) }, '/kupovina/pregled-placanje');
    stores.cart.setCart(fx.cart({ entries: [phone(0)] }));
    await run('cart.askRemove', { all: true }, ctx);
    expect(stores.ui.topModal).toEqual({ id: 'remove-item', params: { all: true, checkout: true } });
    await run('cart.deleteCart', {}, ctx);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`DELETE ${B}/users/carts/entries/all`]);
    expect(stores.cart.totalItems).toBe(0);
    expect(stores.ui.modals).toEqual([]);
    expect(ctx.navigate).toHaveBeenCalledWith('/Privatni/Uredjaji/Tip-uredjaja/telefoni');
  });
});

describe('EKO coupons', () => {
  const withVouchers = (codes: string[]) => fx.cart({ entries: [phone(0)], appliedVouchers: codes.map((voucherCode) => ({ voucherCode, value: fx.rsd(5000), entryNumber: 0 })) });

  it('client rules: not twice, not more than the voucher limit (the coupon value named is the rule document\'s)', () => {
    expect(couponRefusal('eko1', [{ voucherCode: 'EKO1' }], 3, 5000)).toEqual({ message: 'pdp.coupon.error.alreadyUsed' });
    expect(couponRefusal('EKO4', [{ voucherCode: 'EKO1' }, { voucherCode: 'EKO2' }, { voucherCode: 'EKO3' }], 3, 4000)).toEqual({ message: 'pdp.coupon.error.limit', params: { limit: 3, value: 4000 } });
    expect(couponRefusal('EKO2', [{ voucherCode: 'EKO1' }], 3, 5000)).toBeNull();
  });

  it('add: POST addVoucher { voucherCode }, the cart from the answer; a used code is refused without a call', async () => {
    const { stores, ctx, calls } = setup({ [`POST ${B}/users/carts/vouchers`]: ({ body }) => ({ body: { cart: withVouchers(['EKO1', (body as { voucherCode: string }).voucherCode]) } }) });
    stores.cart.setCart(withVouchers(['EKO1']));
    stores.catalog.setPdp({ product: { voucherLimit: 3 } as never });
    await run('pdp.openCoupons', {}, ctx);
    // the value and the least price left come from schemas/rules/cart-limits.json (the server refuses by them)
    expect(stores.ui.topModal).toEqual({ id: 'coupon', params: { limit: 3, value: 5000, minPrice: 1000 } });
    await run('pdp.addCoupon', { voucherCode: ' EKO2 ' }, ctx);
    expect(calls[0].body).toEqual({ voucherCode: 'EKO2' });
    expect(stores.cart.voucherError).toBeNull();
    await expect(run('pdp.addCoupon', { voucherCode: 'EKO2' }, ctx)).rejects.toThrow('coupon refused');
    expect(stores.cart.voucherError).toEqual({ message: 'pdp.coupon.error.alreadyUsed' });
    expect(calls).toHaveLength(1);
  });

  it('the dialog names the coupon value and the least price of the rule document, not numbers of its own', async () => {
    const limits = { cartLimits: { vouchers: { couponValueRsd: 4000, minDevicePriceAfterDiscountsRsd: 500 } } };
    const { stores, ctx } = setup({ 'GET /ui/rules/cart-limits': () => ({ body: limits }) });
    stores.catalog.setPdp({ product: { voucherLimit: 2 } as never });
    await run('pdp.openCoupons', {}, ctx);
    expect(stores.ui.topModal).toEqual({ id: 'coupon', params: { limit: 2, value: 4000, minPrice: 500 } });
  });

  it('the server\'s refusal (price below the allowed level) shows in the dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { stores, ctx } = setup({ [`POST ${B}/users/carts/vouchers`]: () => ({ status: 400, body: { errors: [{ type: 'ValidationError', reason: 'priceBelowAllowed', message: 'Cena je ispod dozvoljenog nivoa.' }] } }) });
    stores.cart.setCart(withVouchers([]));
    stores.catalog.setPdp({ product: { voucherLimit: 3 } as never });
    await expect(run('pdp.addCoupon', { voucherCode: 'EKO9' }, ctx)).rejects.toThrow();
    expect(stores.cart.voucherError).toEqual({ text: 'Cena je ispod dozvoljenog nivoa.' });
  });

  it('remove: DELETE removeVoucher ?voucherCode', async () => {
    const { stores, ctx, calls } = setup({ [`DELETE ${B}/users/carts/vouchers`]: () => ({ body: { cart: withVouchers([]) } }) });
    stores.cart.setCart(withVouchers(['EKO1']));
    await run('pdp.removeCoupon', { voucherCode: 'EKO1' }, ctx);
    expect(calls[0].url.searchParams.get('voucherCode')).toBe('EKO1');
    expect(stores.cart.cart?.appliedVouchers).toEqual([]);
  });
});

describe('two tabs', () => {
  it('a cart changed in another tab: this tab sees the cart-changed toast on its next cart call', async () => {
    // one server cart, two tabs (two stores) on it
    let server = fx.cart({ code: 'c1', version: 1, entries: [phone(0)] });
    const table: Record<string, Handler> = {
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: server }),
      [`DELETE ${B}/users/carts/entries`]: () => { server = fx.cart({ code: 'c1', version: server.version + 1, entries: [] }); return { body: { cart: server, cartModifications: [] } }; },
    };
    const tabA = setup(table, '/');
    const tabB = setup(table, '/');
    await run('cart.load', {}, tabA.ctx);
    await run('cart.load', {}, tabB.ctx);
    expect(tabA.stores.ui.toasts).toEqual([]);
    await run('cart.removeEntry', { entryNumber: 0 }, tabA.ctx);
    // tab A made the change itself: no cart-changed toast there
    expect(tabA.stores.ui.toasts.map((t) => t.message)).toEqual(['toast.cart.removed']);
    await run('cart.load', {}, tabB.ctx);
    expect(tabB.stores.ui.toasts).toMatchObject([{ kind: 'error', message: 'error.cartChanged' }]);
    expect(tabB.stores.cart.totalItems).toBe(0);
    // and only once: the next call sees the same version
    await run('cart.load', {}, tabB.ctx);
    expect(tabB.stores.ui.toasts).toHaveLength(1);
  });

  it('removing from a stale cart: 409 cartChanged → nothing removed, the current cart and the cart-changed toast', async () => {
    const current = fx.cart({ code: 'c1', version: 3, entries: [phone(0), phone(1)] });
    const { stores, ctx, calls } = setup({
      [`DELETE ${B}/users/carts/entries`]: () => ({ status: 409, body: { errors: [{ type: 'CartError', reason: 'cartChanged', message: 'izmenjena' }], cart: current } }),
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: current }),
    }, '/');
    stores.cart.setCart(fx.cart({ code: 'c1', version: 1, entries: [phone(0)] }));
    await run('cart.removeEntry', { entryNumber: 0 }, ctx);
    expect(calls[0].url.searchParams.get('cartVersion')).toBe('1');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(stores.cart.cart?.entries.map((e) => e.product.code)).toEqual(['PHONE_0', 'PHONE_1']);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'error', message: 'error.cartChanged' }]);
  });

  it('a 409 where only the version moved (same entries) repeats the removal once with the current version', async () => {
    let server = fx.cart({ code: 'c1', version: 4, entries: [phone(0)] });
    const { stores, ctx, calls } = setup({
      [`DELETE ${B}/users/carts/entries`]: ({ url }) => {
        if (url.searchParams.get('cartVersion') !== String(server.version)) return { status: 409, body: { errors: [{ type: 'CartError', reason: 'cartChanged', message: 'x' }], cart: server } };
        server = fx.cart({ code: 'c1', version: 5, entries: [] });
        return { body: { cart: server, cartModifications: [] } };
      },
      [`GET ${B}/users/carts/fullcart`]: () => ({ body: server }),
    }, '/');
    stores.cart.setCart(fx.cart({ code: 'c1', version: 2, entries: [phone(0)] }));
    await run('cart.removeEntry', { entryNumber: 0 }, ctx);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.searchParams.get('cartVersion'))).toEqual(['2', '4']);
    expect(stores.cart.totalItems).toBe(0);
    expect(stores.ui.toasts.map((t) => t.message)).toEqual(['toast.cart.removed']);
  });

  it('a cart read answered after a newer cart of this tab is dropped: no older cart, no cart-changed toast', async () => {
    const older = fx.cart({ code: 'c1', version: 1, entries: [phone(0)] });
    const { stores, ctx } = setup({ [`GET ${B}/users/carts/fullcart`]: () => ({ body: older }) }, '/');
    // this tab's validation changed the charge type meanwhile (version 2)
    stores.cart.setCart(fx.cart({ code: 'c1', version: 2, entries: [{ ...phone(0), chargeType: 'RECURRING_CHARGE' }] }));
    await run('cart.load', {}, ctx);
    expect(stores.cart.cart?.version).toBe(2);
    expect(stores.cart.cart?.entries[0]?.chargeType).toBe('RECURRING_CHARGE');
    expect(stores.ui.toasts).toEqual([]);
    // a newer read with other entries is another tab's change
    const newer = fx.cart({ code: 'c1', version: 3, entries: [] });
    const two = setup({ [`GET ${B}/users/carts/fullcart`]: () => ({ body: newer }) }, '/');
    two.stores.cart.setCart(fx.cart({ code: 'c1', version: 2, entries: [phone(0)] }));
    await run('cart.load', {}, two.ctx);
    expect(two.stores.cart.cart?.version).toBe(3);
    expect(two.stores.ui.toasts).toMatchObject([{ kind: 'error', message: 'error.cartChanged' }]);
    // the same newer read while this tab's own validation is in flight is that validation's change: taken, no toast
    const three = setup({ [`GET ${B}/users/carts/fullcart`]: () => ({ body: newer }) }, '/');
    three.stores.cart.setCart(fx.cart({ code: 'c1', version: 2, entries: [phone(0)] }));
    let finish = () => {};
    void three.stores.checkout.track(new Promise<void>((r) => { finish = r; }));
    await run('cart.load', {}, three.ctx);
    finish();
    expect(three.stores.cart.cart?.version).toBe(3);
    expect(three.stores.ui.toasts).toEqual([]);
  });

  it('compares the entries of a newer version of the same cart only', () => {
    const a = fx.cart({ code: 'c', version: 1, entries: [phone(0)] });
    expect(cartChangedElsewhere(a, { ...a })).toBe(false);
    expect(cartChangedElsewhere(a, { ...a, version: 2, entries: [] })).toBe(true);
    expect(cartChangedElsewhere(a, { ...a, version: 2, entries: [{ ...phone(0), chargeType: 'RECURRING_CHARGE' }] })).toBe(true);
    // this tab's own calls that answer no cart (payment type, delivery slot) only raise the version
    expect(cartChangedElsewhere(a, { ...a, version: 2 })).toBe(false);
    expect(cartChangedElsewhere(a, { ...a, code: 'other', version: 9 })).toBe(false);
    // an older read (overtaken by this tab's own write) is no change elsewhere
    expect(cartChangedElsewhere({ ...a, version: 3 }, { ...a, version: 2, entries: [] })).toBe(false);
    expect(cartChangedElsewhere(null, a)).toBe(false);
  });
});
