import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { ApiClient } from '../../../actions/api/client';
import { collectActions } from '../../../actions/registry';
import { pagePath, pageFromRoute } from '../../../actions/catalog/search';
import { initialSelection, wizardSteps } from '../../../actions/pdp-rules';
import type { RuleDocument } from '../../../schemas/types/rule';
import { fillRoute } from '../../../actions/destinations';
import routesDoc from '../../../schemas/rules/routes.json';
import { pricePlanId } from '../../../actions/pricing';
import { detectLanguage, stripLangSuffix } from '../../../actions/api/language';
import { classify } from '../../../actions/payment/payment';
import { localPhone } from '../../../actions/checkout/checkout';
import { refusedFormField, submitBodies } from '../../../actions/form-submit';
import { validateCart } from '../../../actions/checkout-rules';
import type { Money, OrderStatus, ProductDetails } from '../../../actions/stores/types';
import * as fx from '../../fixtures/api';
import { fakeFetch, makeCtx, makeStores, servedForm } from './helpers';

const actions = collectActions();
const run = (name: string, args: Record<string, unknown>, ctx: ReturnType<typeof makeCtx>) => actions.get(name)!.run(args, ctx);

afterEach(() => { vi.useRealTimers(); vi.restoreAllMocks(); });

const money = (v: number): Money => ({ value: v, formattedValue: `${v},00 RSD`, currencyIso: 'RSD' });
function product(over: Partial<ProductDetails> = {}): ProductDetails {
  const plan = (id: string, term: string, recurring: boolean) => ({
    id, subscriptionTermId: term, purchasable: true,
    recurring: recurring ? { installments: 24, installment: money(2000), tariffPrice: money(1500), devicePrice: money(500), chargeEntries: [] } : null,
    oneTime: { devicePrice: money(40000), chargeEntries: [] },
  });
  return {
    code: 'IPH15', name: 'iPhone 15', description: '', brand: { name: 'Apple' }, productOfferingType: 'DEVICE', esim: 'NONE', voucherLimit: 3,
    variants: [
      { code: 'IPH15-BLK', colorCode: 'black', colorName: 'Crna', colorHex: '#000', images: [], stock: { stockLevelStatus: 'outOfStock' } },
      { code: 'IPH15-BLU', colorCode: 'blue', colorName: 'Plava', colorHex: '#00f', images: [], stock: { stockLevelStatus: 'inStock' } },
    ],
    highlights: [],
    prices: {
      topOffer: [{ code: 'T-M', name: 'M', processType: 'TOP_OFFER', tariffPrice: money(1500), highlights: [],
        subscriptionTerms: [{ id: '12', termOfServiceNumber: 12, recommended: false }, { id: '24', termOfServiceNumber: 24, recommended: true }],
        pricePlans: [plan('pp-12', '12', false), plan('pp-24', '24', true)],
        childTariffs: [{ code: 'T-M-C', name: 'M child', processType: 'TOP_OFFER', tariffPrice: money(1700), highlights: [],
          subscriptionTerms: [{ id: '24', termOfServiceNumber: 24, recommended: true }], pricePlans: [plan('ppc-24', '24', false)], childTariffs: [] }] }],
      basicOffer: [],
    },
    oneOff: { pricePlanId: 'pp-oneoff', purchasable: true, chargeEntries: [] },
    insurances: [], hasAccessories: false,
    ...over,
  };
}

describe('action registry', () => {
  it('collects the core verbs of the vocabulary', () => {
    const names = ['nav.go', 'nav.back', 'ui.openModal', 'ui.closeModal', 'ui.toast', 'ui.toggleMiniCart', 'form.change', 'session.setLanguage',
      'catalog.search', 'catalog.goToPage', 'pdp.load', 'pdp.selectColor', 'pdp.selectTariff', 'pdp.selectTerm', 'pdp.selectChargeType',
      'pdp.selectInsurance', 'pdp.toggleAccessory', 'pdp.submitStep', 'pdp.goToStep', 'pdp.loadSpecification', 'cart.load', 'cart.add',
      'cart.addBundle', 'cart.removeEntry', 'checkout.proceed', 'checkout.continueAsGuest', 'checkout.start', 'checkout.next', 'checkout.back',
      'checkout.submitGuest', 'checkout.loadPayment', 'checkout.setConsent', 'checkout.selectPaymentMode', 'checkout.submitOrder',
      'checkout.loadConfirmation', 'payment.loadResult'];
    for (const n of names) expect([n, actions.has(n)]).toEqual([n, true]);
  });
});

describe('catalog', () => {
  it('reads the 1-based page from ?page= or /page/{n} and builds page paths', () => {
    expect(pageFromRoute({ path: '/x', query: {} })).toBe(0);
    expect(pageFromRoute({ path: '/x', query: { page: '3' } })).toBe(2);
    expect(pageFromRoute({ path: '/x/page/2', params: { page: '2' } })).toBe(1);
    expect(pageFromRoute({ path: '/x/page/4' })).toBe(3);
    expect(pagePath('/x/page/4', 1, { sort: 'price' })).toBe('/x?sort=price');
    expect(pagePath('/x', 2, { page: '1' })).toBe('/x/page/2');
  });

  it('catalog.search asks for 20 per page with the address query and stores the result', async () => {
    const stores = makeStores();
    const { fetch, calls } = fakeFetch({ 'GET /hybris/ecommerce/b2c/v1/products/search': () => ({ body: { products: [{ code: 'p' }], facets: [], sorts: [], pagination: { currentPage: 1, totalPages: 3, pageSize: 20, totalResults: 45 }, breadcrumbs: [], freeTextSearch: '', currentQuery: { query: { value: ':relevance' } } } }) });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/telefoni/page/2', params: { page: '2' }, query: { query: ':relevance:brand:Apple' } } });
    await run('catalog.search', { categoryCode: 'telefoni' }, ctx);
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ categoryCode: 'telefoni', query: ':relevance:brand:Apple', page: '1', pageSize: '20' });
    expect(stores.catalog.search.products).toHaveLength(1);
    expect(stores.catalog.search.pagination.totalResults).toBe(45);
  });
});

describe('pdp', () => {
  it('defaults: first in-stock colour, recommended term, installments when available', () => {
    const sel = initialSelection(product());
    expect(sel).toMatchObject({ colorCode: 'blue', tariffCode: 'T-M', subscriptionTermId: '24', chargeType: 'RECURRING_CHARGE' });
    const child = initialSelection(product(), 'black', 'T-M-C');
    expect(child).toMatchObject({ colorCode: 'black', tariffCode: 'T-M-C', parentTariffCode: 'T-M', chargeType: 'ONE_TIME_CHARGE' });
  });
  it('the steps of schemas/rules/pdp-wizard.json: the extras step only when insurance, accessories or a sellable tariff (its add-ons, eSIM) exist', () => {
    const wizard = (JSON.parse(readFileSync('schemas/rules/pdp-wizard.json', 'utf8')) as RuleDocument).pdpSteps!;
    const ids = (p: ProductDetails) => wizardSteps(wizard, p).map((s) => s.id);
    const alone = { prices: { topOffer: [], basicOffer: [] } };
    expect(ids(product(alone))).toEqual(['choice', 'summary']);
    expect(ids(product())).toEqual(['choice', 'extras', 'summary']);
    expect(ids(product({ ...alone, hasAccessories: true }))).toEqual(['choice', 'extras', 'summary']);
    expect(ids(product({ ...alone, insurances: [{ code: 'i', name: 'i', description: '', monthlyPrice: money(1) }] }))).toEqual(['choice', 'extras', 'summary']);
    expect(ids(product({ ...alone, insurances: [] }))).toEqual(['choice', 'summary']);
    // a tariff without a purchasable plan is no extra; a parent's sellable child (any depth) is
    const tariff = product().prices!.topOffer![0]!;
    const unsellable = { ...tariff, pricePlans: tariff.pricePlans!.map((pp) => ({ ...pp, purchasable: false })), childTariffs: [] };
    expect(ids(product({ prices: { topOffer: [unsellable], basicOffer: [] } }))).toEqual(['choice', 'summary']);
    expect(ids(product({ prices: { topOffer: [{ ...unsellable, childTariffs: [{ ...unsellable, childTariffs: [tariff] }] }], basicOffer: [] } }))).toEqual(['choice', 'extras', 'summary']);
    expect(wizardSteps(wizard, product(alone))).toEqual([
      { id: 'choice', title: { message: 'pdp.step.choose' }, work: 'device' },
      { id: 'summary', title: { message: 'pdp.step.summary' } },
    ]);
  });
  it('the steps are the document\'s: an analyst\'s reordered, removed or new step needs no code', () => {
    const wizard = (JSON.parse(readFileSync('schemas/rules/pdp-wizard.json', 'utf8')) as RuleDocument).pdpSteps!;
    const [choice, extras, summary] = wizard;
    const review = { id: 'review', title: { message: 'pdp.step.summary' }, when: { scope: '/product/hasAccessories', schema: { const: true } } };
    const ids = (steps: typeof wizard, p: ProductDetails) => wizardSteps(steps, p).map((s) => s.id);
    expect(ids([choice!, summary!], product())).toEqual(['choice', 'summary']);
    expect(ids([choice!, summary!, extras!, review], product({ hasAccessories: true }))).toEqual(['choice', 'summary', 'extras', 'review']);
    expect(ids([choice!, review, summary!], product())).toEqual(['choice', 'summary']);
  });
  it('price plan and path', () => {
    const p = product();
    expect(pricePlanId(p, p.prices.topOffer[0], '24', 'RECURRING_CHARGE')).toBe('pp-24');
    expect(pricePlanId(p, p.prices.topOffer[0], '12', 'ONE_TIME_CHARGE')).toBe('pp-12');
    expect(pricePlanId(p, undefined, null, 'ONE_TIME_CHARGE')).toBe('pp-oneoff');
    // the device page's destination (schemas/rules/routes.json): the colour is the 3rd segment, the tariff only with a colour
    const pdp = routesDoc.destinations.pdp.path;
    expect(fillRoute(pdp, { productCode: 'IPH15', colorCode: 'blue', tariffCode: 'T-M' })).toBe('/uredjaj/IPH15/blue/T-M');
    expect(fillRoute(pdp, { productCode: 'IPH15', colorCode: 'blue', tariffCode: 'T-M' }).split('/')[3]).toBe('blue');
    expect(fillRoute(pdp, { productCode: 'IPH 15', colorCode: null, tariffCode: 'T-M' })).toBe('/uredjaj/IPH%2015');
    expect(fillRoute(pdp, { productCode: 'IPH15', colorCode: 'blue' })).toBe('/uredjaj/IPH15/blue');
    expect(() => fillRoute(pdp, {})).toThrow(/productCode/);
  });

  function pdpSetup(cartAfter: unknown) {
    const stores = makeStores();
    const { fetch, calls } = fakeFetch({
      'GET /hybris/ecommerce/b2c/v1/products/single': () => ({ body: product() }),
      'POST /hybris/ecommerce/b2c/v1/users/carts/addservice': () => ({ body: { cart: cartAfter, cartModifications: [{ statusCode: 'success' }] } }),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/uredjaj/IPH15', params: { productCode: 'IPH15' }, query: {} } });
    return { stores, ctx, calls };
  }

  it('pdp.load replaces the address on init; a colour change pushes', async () => {
    const { stores, ctx } = pdpSetup(null);
    await run('pdp.load', {}, ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/uredjaj/IPH15/blue/T-M', { replace: true });
    expect(stores.catalog.pdp.step).toBe(1);
    await run('pdp.selectColor', { colorCode: 'black' }, ctx);
    expect(ctx.navigate).toHaveBeenLastCalledWith('/uredjaj/IPH15/black/T-M', { replace: false });
  });

  it('step 1 posts the bundle and moves on; without a device in the cart → the PLP', async () => {
    const cart = { code: 'c', checkoutType: 'GUEST', totalItems: 2, totalUnitCount: 2, paymentMode: null, entries: [{ entryNumber: 0, quantity: 1, product: { code: 'IPH15-BLU', name: 'x', productOfferingType: 'DEVICE' } }] };
    const ok = pdpSetup(cart);
    await run('pdp.load', {}, ok.ctx);
    await run('pdp.submitStep', {}, ok.ctx);
    const post = ok.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ deviceCode: 'IPH15-BLU', chargeType: 'RECURRING_CHARGE', tariffCode: 'T-M', subscriptionTermId: '24', pricePlanId: 'pp-24' });
    expect(ok.stores.catalog.pdp.step).toBe(2);
    expect(ok.stores.ui.toasts[0]).toMatchObject({ kind: 'success', message: 'toast.cart.added' });

    const empty = pdpSetup({ ...cart, entries: [] });
    await run('pdp.load', { productCode: 'IPH15' }, empty.ctx);
    await run('pdp.submitStep', {}, empty.ctx);
    expect(empty.ctx.navigate).toHaveBeenLastCalledWith('/Privatni/Uredjaji/Tip-uredjaja/telefoni');
  });

  it('a step\'s button does the step\'s declared work, whatever its id: renamed steps post the bundle from the "device" step; a step without work only moves on', async () => {
    const cart = { code: 'c', checkoutType: 'GUEST', totalItems: 2, totalUnitCount: 2, paymentMode: null, entries: [{ entryNumber: 0, quantity: 1, product: { code: 'IPH15-BLU', name: 'x', productOfferingType: 'DEVICE' } }] };
    const { stores, ctx, calls } = pdpSetup(cart);
    await run('pdp.load', {}, ctx);
    const title = { message: 'pdp.step.choose' };
    stores.catalog.setPdp({ steps: [{ id: 'look', title }, { id: 'phone', title, work: 'device' }, { id: 'done', title }], step: 1 });
    expect([stores.catalog.pdp.stepId, stores.catalog.pdp.stepWork]).toEqual(['look', null]);
    await run('pdp.submitStep', {}, ctx);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect([stores.catalog.pdp.stepId, stores.catalog.pdp.stepWork]).toEqual(['phone', 'device']);
    await run('pdp.submitStep', {}, ctx);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ deviceCode: 'IPH15-BLU', tariffCode: 'T-M' });
    expect(stores.catalog.pdp.stepId).toBe('done');
  });

  it('a tariff not sold with the phone is not chosen: the shopper\'s message, the choice and the bundle stay as they were', async () => {
    const cart = { code: 'c', checkoutType: 'GUEST', totalItems: 2, totalUnitCount: 2, paymentMode: null, entries: [{ entryNumber: 0, quantity: 1, product: { code: 'IPH15-BLU', name: 'x', productOfferingType: 'DEVICE' } }] };
    const { stores, ctx, calls } = pdpSetup(cart);
    await run('pdp.load', {}, ctx);
    const p = stores.catalog.pdp.product!;
    // the offer as a stale page may still hold it: T-X with no purchasable price plan
    const blocked = { ...p.prices.topOffer[0], code: 'T-X', name: 'X', childTariffs: [], pricePlans: p.prices.topOffer[0].pricePlans.map((pp) => ({ ...pp, purchasable: false })) };
    stores.catalog.setPdp({ product: { ...p, prices: { ...p.prices, basicOffer: [blocked] } } });
    const navigations = ctx.navigate.mock.calls.length;
    let refused: unknown = null;
    try { await run('pdp.selectTariff', { tariffCode: 'T-X' }, ctx); } catch (e) { refused = e; }
    expect(refused).toMatchObject({ name: 'ActionError', handled: true }); // handled: no developer text in a toast
    expect(stores.ui.toasts).toMatchObject([{ kind: 'error', message: 'pdp.tariff.unavailable' }]);
    expect(stores.catalog.pdp.tariffCode).toBe('T-M');
    expect(ctx.navigate.mock.calls.length).toBe(navigations);
    await run('pdp.submitStep', {}, ctx);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ tariffCode: 'T-M' });
  });

  it('"Samo uređaj": no tariff, paid at once; the address carries samo-uredjaj and step 1 posts the phone alone', async () => {
    const cart = { code: 'c', checkoutType: 'GUEST', totalItems: 1, totalUnitCount: 1, paymentMode: null, entries: [{ entryNumber: 0, quantity: 1, product: { code: 'IPH15-BLU', name: 'x', productOfferingType: 'DEVICE' } }] };
    const { stores, ctx, calls } = pdpSetup(cart);
    await run('pdp.load', {}, ctx);
    await run('pdp.selectTariff', { tariffCode: 'samo-uredjaj' }, ctx);
    expect(stores.catalog.pdp).toMatchObject({ tariffCode: 'samo-uredjaj', subscriptionTermId: null, chargeType: 'ONE_TIME_CHARGE' });
    expect(ctx.navigate).toHaveBeenLastCalledWith('/uredjaj/IPH15/blue/samo-uredjaj', { replace: false });
    await run('pdp.submitStep', {}, ctx);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ deviceCode: 'IPH15-BLU', chargeType: 'ONE_TIME_CHARGE', pricePlanId: 'pp-oneoff' });
    // opened from that address, the page starts with the phone alone
    const again = pdpSetup(cart);
    await run('pdp.load', { productCode: 'IPH15', colorCode: 'blue', tariffCode: 'samo-uredjaj' }, again.ctx);
    expect(again.stores.catalog.pdp).toMatchObject({ tariffCode: 'samo-uredjaj', chargeType: 'ONE_TIME_CHARGE' });
  });
});

describe('language', () => {
  it('Serbian by default; English with the cookie or the address suffix (then the cookie is set)', () => {
    expect(detectLanguage({ cookie: '' }, '/x', '')).toBe('sr');
    expect(detectLanguage({ cookie: 'a=1; b2c_enFlow=true' }, '/x', '')).toBe('en');
    const jar = { cookie: '' };
    expect(detectLanguage(jar, '/x', '?lang=en')).toBe('en');
    expect(jar.cookie).toMatch(/^b2c_enFlow=true; path=\/; max-age=1800/);
    expect(detectLanguage({ cookie: '' }, '/Pregled-b2c-eng', '')).toBe('en');
    expect(stripLangSuffix('/Pregled-b2c-eng')).toBe('/Pregled-b2c');
  });
});

describe('checkout', () => {
  const SUBMIT = 'POST /hybris/ecommerce/b2c/v1/users/orders';
  function setup(submit: () => { status?: number; body?: unknown }, extra: Record<string, () => { status?: number; body?: unknown }> = {}) {
    const stores = makeStores();
    const { fetch, calls } = fakeFetch({
      'POST /hybris/ecommerce/b2c/v1/users/carts/validate': () => ({ body: { checkoutSteps: [{ code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }, { code: 'PAYMENT_AND_CART_CONFIRMATION', url: '/kupovina/pregled-placanje', eventName: 'f', hidden: false }], checkoutType: 'GUEST', errors: { errors: [] } } }),
      'PUT /hybris/ecommerce/b2c/v1/checkout/payment': () => ({ body: { cart: {} } }),
      [SUBMIT]: submit,
      'POST /hybris/ecommerce/b2c/v1/payment/checkout/authorize': () => ({ body: { redirectionUrl: 'http://shop.test/gateway/pay/s1' } }),
      ...extra,
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/pregled-placanje', params: {}, query: {} } });
    stores.checkout.setConsentTemplates([{ id: 'terms', name: 'Uslovi', required: true, selected: false }, { id: 'contractDocsEmail', name: 'Slanje ugovora na imejl', required: false, selected: false }]);
    stores.checkout.selectPaymentMode('CreditCard');
    return { stores, ctx, calls };
  }

  it('submitOrder: required consents must be confirmed first', async () => {
    const { stores, ctx, calls } = setup(() => ({ body: {} }));
    await expect(run('checkout.submitOrder', {}, ctx)).rejects.toThrow('consents required');
    expect(stores.checkout.consentErrors).toEqual(['terms']);
    expect(calls).toHaveLength(0);
  });

  it('submitOrder: card payment → validate, payment type, submit, authorize, redirect to the gateway', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { stores, ctx, calls } = setup(() => ({ body: { code: 'O1', status: 'CREATED', paymentInfo: { cardPaymentType: 'NEW_CARD_NO_SAVE' }, totalPrice: money(1) } }));
    stores.checkout.setConsent('terms', true);
    await run('checkout.submitOrder', {}, ctx);
    expect(calls.map((c) => `${c.method} ${c.url.pathname.split('/').slice(-2).join('/')}`)).toEqual(['POST carts/validate', 'PUT checkout/payment', 'POST users/orders', 'POST checkout/authorize']);
    expect(calls[2].body).toEqual({ consents: { terms: true, contractDocsEmail: false }, sendContractDocsToEmail: false });
    expect(calls[3].body).toEqual({ cardPaymentType: 'NEW_CARD_NO_SAVE', orderId: 'O1' });
    expect(assign).toHaveBeenCalledWith('http://shop.test/gateway/pay/s1');
    vi.unstubAllGlobals();
  });

  it('submitOrder: monthly bill → set monthly bill (the chosen e-bill) before set payment type; none chosen → a toast, nothing sent', async () => {
    vi.useFakeTimers();
    const bill = { 'PUT /hybris/ecommerce/b2c/v1/checkout/bills/billingaccount': () => ({ body: { cart: {} } }) };
    const { stores, ctx, calls } = setup(() => ({ body: { code: 'O3', status: 'CREATED', paymentInfo: null, totalPrice: money(1) } }), bill);
    stores.checkout.setConsent('terms', true);
    stores.checkout.selectPaymentMode('ChargeGroupAccount');
    await expect(run('checkout.submitOrder', {}, ctx)).rejects.toThrow('no monthly bill');
    expect(calls).toHaveLength(0);
    expect(stores.ui.toasts.map((t) => t.message)).toContain('error.checkout.billingAccountRequired');
    stores.checkout.setEbills([{ code: 'BA1', name: 'Privatni račun · BA1' }]);
    stores.checkout.selectBillingAccount('BA1');
    const p = run('checkout.submitOrder', {}, ctx);
    await vi.advanceTimersByTimeAsync(1500);
    await p;
    expect(calls.map((c) => `${c.method} ${c.url.pathname.split('/').slice(-2).join('/')}`)).toEqual(['POST carts/validate', 'PUT bills/billingaccount', 'PUT checkout/payment', 'POST users/orders']);
    expect(calls[1].body).toEqual({ billingAccountId: 'BA1' });
    expect(calls[2].body).toEqual({ paymentMode: 'ChargeGroupAccount' });
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/uspesna-porudzbina?orderCode=O3');
    vi.useRealTimers();
  });

  it('submitOrder: a saved card → payment type with the card, authorize with its cardId; a refused card stays with the server\'s message', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { stores, ctx, calls } = setup(() => ({ body: { code: 'O4', status: 'PAYMENT_PENDING', paymentInfo: { cardPaymentType: 'SAVED_CARD', cardId: 'card_1' }, totalPrice: money(1) } }));
    stores.checkout.setConsent('terms', true);
    stores.checkout.selectCardPaymentType('SAVED_CARD');
    stores.checkout.selectCard('card_1');
    await run('checkout.submitOrder', {}, ctx);
    expect(calls[1].body).toEqual({ paymentMode: 'CreditCard', creditCardPaymentType: 'SAVED_CARD', creditCardId: 'card_1' });
    expect(calls[3].body).toEqual({ cardPaymentType: 'SAVED_CARD', orderId: 'O4', cardId: 'card_1' });
    expect(assign).toHaveBeenCalledWith('http://shop.test/gateway/pay/s1');
    vi.unstubAllGlobals();

    const refused = setup(() => ({ body: {} }), {
      'PUT /hybris/ecommerce/b2c/v1/checkout/payment': () => ({ status: 400, body: { errors: [{ type: 'ValidationError', reason: 'cardExpired', message: 'Kartica je istekla.' }] } }),
    });
    refused.stores.checkout.setConsent('terms', true);
    refused.stores.checkout.selectCardPaymentType('SAVED_CARD');
    refused.stores.checkout.selectCard('card_old');
    await expect(run('checkout.submitOrder', {}, refused.ctx)).rejects.toThrow('payment choice refused');
    expect(refused.ctx.navigate).not.toHaveBeenCalled();
    expect(refused.stores.ui.toasts.map((t) => t.text)).toContain('Kartica je istekla.');
  });

  it('submitOrder: non-card → confirmation page after 1500 ms', async () => {
    vi.useFakeTimers();
    const { stores, ctx } = setup(() => ({ body: { code: 'O2', status: 'CREATED', paymentInfo: null, totalPrice: money(1) } }));
    stores.checkout.setConsent('terms', true);
    const p = run('checkout.submitOrder', {}, ctx);
    await vi.advanceTimersByTimeAsync(1499);
    expect(ctx.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/uspesna-porudzbina?orderCode=O2');
  });

  it('submitOrder: failure → unsuccessful-order page; card limit → its own message', async () => {
    const failed = setup(() => ({ status: 500, body: { errors: [{ type: 'ServerError', message: 'x' }] } }));
    failed.stores.checkout.setConsent('terms', true);
    await expect(run('checkout.submitOrder', {}, failed.ctx)).rejects.toThrow();
    expect(failed.ctx.navigate).toHaveBeenCalledWith('/kupovina/neuspesna-porudzbina');

    const limit = setup(() => ({ status: 400, body: { errors: [{ type: 'MtsCardLimitError', message: 'Limit kartice je prekoračen.' }] } }));
    limit.stores.checkout.setConsent('terms', true);
    await expect(run('checkout.submitOrder', {}, limit.ctx)).rejects.toThrow();
    expect(limit.ctx.navigate).not.toHaveBeenCalled();
    expect(limit.stores.checkout.errorMessage).toBe('Limit kartice je prekoračen.');
  });

  it('start: a changed cart is replaced with the cart-changed toast; otherwise steps load', async () => {
    const stores = makeStores();
    const serverCart = fx.cart({ code: 'c', entries: [fx.entry({ entryNumber: 0, product: { code: 'NEW', name: 'n', productOfferingType: 'DEVICE' } })] });
    const { fetch } = fakeFetch({
      'GET /hybris/ecommerce/b2c/v1/users/carts/fullcart': () => ({ body: serverCart }),
      'POST /hybris/ecommerce/b2c/v1/users/carts/validate': () => ({ body: { checkoutSteps: [{ code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }], checkoutType: 'GUEST' } }),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/podaci-dostava', params: {}, query: {} } });
    stores.cart.setCart({ ...serverCart, entries: [fx.entry({ entryNumber: 0, product: { code: 'OLD', name: 'o', productOfferingType: 'DEVICE' } })] });
    const args = { cartChanged: { to: '/', openMiniCart: true } };
    await expect(run('checkout.start', args, ctx)).rejects.toThrow('cart changed');
    expect(stores.cart.entryCodes).toEqual(['NEW']);
    expect(stores.ui.toasts[0]).toMatchObject({ kind: 'error', message: 'error.cartChanged' });
    // stop (seed 000 §4): back to the cart the screen names, replacing the step's address; no step is current
    expect(ctx.navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(stores.cart.miniCartOpen).toBe(true);
    expect(stores.checkout.currentStepCode).toBeNull();
    vi.mocked(ctx.navigate).mockClear();
    await run('checkout.start', args, ctx);
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(stores.checkout.currentStepCode).toBe('GUEST_ORDER_INFO');
    expect(stores.checkout.checkoutType).toBe('GUEST');
  });

  it('reset: POST checkoutReset with the step before the current address ("Izmeni"), the current or the first; the cart from the answer', async () => {
    const stores = makeStores();
    const reset = fx.cart({ code: 'c', entries: [] });
    const { fetch, calls } = fakeFetch({ 'POST /hybris/ecommerce/b2c/v1/checkout/reset': () => ({ body: { cart: { ...reset, code: 'after-reset' } } }) });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/pregled-placanje', params: {}, query: {} } });
    stores.checkout.setSteps('MOBILE', [
      { code: 'ADDITIONAL_CUSTOMER_DATA', url: '/kupovina/licni-podaci', eventName: 'a', hidden: false },
      { code: 'DELIVERY', url: '/kupovina/podaci-dostava', eventName: 'd', hidden: false },
      { code: 'PAYMENT_AND_CART_CONFIRMATION', url: '/kupovina/pregled-placanje', eventName: 'p', hidden: false },
    ]);
    await run('checkout.reset', { from: 'previous' }, ctx);
    await run('checkout.reset', { from: 'current' }, ctx);
    await run('checkout.reset', { from: 'first' }, ctx);
    expect(calls.map((c) => [c.method, c.url.pathname, (c.body as { checkoutStep: string }).checkoutStep])).toEqual([
      ['POST', '/hybris/ecommerce/b2c/v1/checkout/reset', 'DELIVERY'],
      ['POST', '/hybris/ecommerce/b2c/v1/checkout/reset', 'PAYMENT_AND_CART_CONFIRMATION'],
      ['POST', '/hybris/ecommerce/b2c/v1/checkout/reset', 'ADDITIONAL_CUSTOMER_DATA'],
    ]);
    expect(stores.cart.cart?.code).toBe('after-reset');
    // on the first step there is no previous step: nothing is called
    const first = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/licni-podaci', params: {}, query: {} } });
    await run('checkout.reset', { from: 'previous' }, first);
    expect(calls).toHaveLength(3);
  });

  it('the overview\'s "Izmeni" resets from the step it goes back to, then goes back (declared in the screen)', () => {
    const doc = JSON.parse(readFileSync(`${process.cwd()}/schemas/screens/checkout-overview-payment.json`, 'utf8'));
    const find = (n: unknown): unknown => {
      if (!n || typeof n !== 'object') return undefined;
      const o = n as Record<string, unknown>;
      if (o.component === 'OrderOverview') return o;
      for (const v of Object.values(o)) { const r = Array.isArray(v) ? v.map(find).find(Boolean) : find(v); if (r) return r; }
      return undefined;
    };
    const overview = find(doc) as { on: { edit: unknown } };
    expect(overview.on.edit).toEqual([{ action: 'checkout.reset', args: { from: 'previous' } }, { action: 'checkout.back' }]);
  });

  it('submitGuest: invalid form stops; failure shows the delivery/payment toast; success goes to the next step', async () => {
    const stores = makeStores();
    let fail = true;
    const { fetch, calls } = fakeFetch({
      'POST /hybris/ecommerce/b2c/v1/checkout/guestcustomerinfo': () => (fail ? { status: 500, body: { errors: [{ type: 'X' }] } } : { body: { cart: { code: 'c', entries: [] } } }),
      'PUT /hybris/ecommerce/b2c/v1/checkout/deliverytimeslot': () => ({ body: { cart: { code: 'c', entries: [], deliveryTimeSlot: 'SLOT_12_16' } } }),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/podaci-dostava', params: {}, query: {} } });
    stores.checkout.setSteps('GUEST', [{ code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }, { code: 'PAYMENT_AND_CART_CONFIRMATION', url: '/kupovina/pregled-placanje', eventName: 'f', hidden: false }]);
    let valid = false;
    stores.ui.registerFormValidator('guest', () => valid);
    await expect(run('checkout.submitGuest', {}, ctx)).rejects.toThrow('invalid form');
    expect(calls).toHaveLength(0);
    valid = true;
    stores.ui.setFormData('guest', { customerData: { firstName: 'Ana', lastName: 'P', contactEmail: 'a@b.rs', contactPhone: '641234567' }, deliveryAddress: { line1: 'Ulica', town: 'Beograd', postalCode: '11000' } });
    await expect(run('checkout.submitGuest', {}, ctx)).rejects.toThrow();
    expect(stores.ui.toasts.at(-1)).toMatchObject({ kind: 'error', message: 'checkout.error.deliveryPayment' });
    fail = false;
    await run('checkout.submitGuest', {}, ctx);
    expect(calls.at(-1)!.body).toEqual({ customerData: { firstName: 'Ana', lastName: 'P', contactEmail: 'a@b.rs', contactPhone: '641234567' }, deliveryAddress: { line1: 'Ulica', town: 'Beograd', postalCode: '11000' } });
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/pregled-placanje');
    // a chosen time slot follows as the form's second declared call (schemas/forms/guest.json "submit")
    stores.ui.setFormData('guest', { ...stores.ui.forms.guest!.data, deliveryTimeSlot: 'SLOT_12_16' });
    await run('checkout.submitGuest', {}, ctx);
    expect(calls.slice(-2).map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/hybris/ecommerce/b2c/v1/checkout/guestcustomerinfo', { customerData: { firstName: 'Ana', lastName: 'P', contactEmail: 'a@b.rs', contactPhone: '641234567' }, deliveryAddress: { line1: 'Ulica', town: 'Beograd', postalCode: '11000' } }],
      ['PUT', '/hybris/ecommerce/b2c/v1/checkout/deliverytimeslot', { deliveryTimeSlotCode: 'SLOT_12_16' }],
    ]);
    expect(stores.cart.cart?.deliveryTimeSlot).toBe('SLOT_12_16');
  });

  it('submitGuest: a refused phone (400 naming body/customerData/contactPhone) marks its field and takes focus; no toast, the step stays', async () => {
    const stores = makeStores();
    const refusal = (subject: string) => ({ status: 400, body: { errors: [{ type: 'ValidationError', reason: 'format', subject, message: 'Broj telefona nije ispravan.' }] } });
    let answer: () => { status?: number; body?: unknown } = () => refusal('body/customerData/contactPhone');
    const { fetch } = fakeFetch({
      'POST /hybris/ecommerce/b2c/v1/checkout/guestcustomerinfo': () => answer(),
      'PUT /hybris/ecommerce/b2c/v1/checkout/deliverytimeslot': () => refusal('body/deliveryTimeSlotCode'),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/podaci-dostava', params: {}, query: {} } });
    stores.checkout.setSteps('GUEST', [{ code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }, { code: 'PAYMENT_AND_CART_CONFIRMATION', url: '/kupovina/pregled-placanje', eventName: 'f', hidden: false }]);
    stores.ui.registerFormValidator('guest', () => true);
    stores.ui.setFormData('guest', { customerData: { firstName: 'Ana', lastName: 'Pavić', contactEmail: 'a@b.rs', contactPhone: '641234567' }, deliveryAddress: { line1: 'Ulica', town: 'Beograd', postalCode: '11000' } });
    await expect(run('checkout.submitGuest', {}, ctx)).rejects.toThrow('guest submit failed');
    expect(stores.ui.forms.guest!.fieldErrors).toEqual({ 'customerData.contactPhone': { message: 'Broj telefona nije ispravan.', value: '641234567' } });
    expect(stores.ui.fieldFocus).toMatchObject({ formId: 'guest', field: 'customerData.contactPhone' });
    expect(stores.ui.toasts).toEqual([]);
    expect(ctx.navigate).not.toHaveBeenCalled();
    // the second declared call's refusal names its own field (the time slot); a refusal naming nothing is the toast
    answer = () => ({ body: { cart: { code: 'c', entries: [] } } });
    stores.ui.setFormData('guest', { ...stores.ui.forms.guest!.data, deliveryTimeSlot: 'SLOT_12_16' });
    await expect(run('checkout.submitGuest', {}, ctx)).rejects.toThrow('guest submit failed');
    expect(stores.ui.fieldFocus).toMatchObject({ formId: 'guest', field: 'deliveryTimeSlot' });
    // the cart the first call answered is kept although the second call failed
    expect(stores.cart.cart?.code).toBe('c');
    answer = () => refusal('');
    await expect(run('checkout.submitGuest', {}, ctx)).rejects.toThrow('guest submit failed');
    expect(stores.ui.toasts.at(-1)).toMatchObject({ kind: 'error', message: 'checkout.error.deliveryPayment' });
  });

  it('delivery.submit: a refused courier phone marks its field and takes focus; the step stays, no error toast', async () => {
    const stores = makeStores();
    let contact: () => { status?: number; body?: unknown } = () => ({ status: 400, body: { errors: [{ type: 'ValidationError', reason: 'format', subject: 'body/contactPhone', message: 'Broj ne sme da počinje nulom.' }] } });
    const { fetch, calls } = fakeFetch({
      'PUT /hybris/ecommerce/b2c/v1/checkout/customerinfo/contact': () => contact(),
      'POST /hybris/ecommerce/b2c/v1/checkout/addresses/pickup': () => ({ body: { cart: { code: 'c', entries: [] } } }),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/podaci-dostava', params: {}, query: {} } });
    stores.checkout.setSteps('MOBILE', [{ code: 'DELIVERY', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }, { code: 'PAYMENT_AND_CART_CONFIRMATION', url: '/kupovina/pregled-placanje', eventName: 'f', hidden: false }]);
    stores.checkout.setDelivery({ selected: 'PICKUP_ADDRESS', pickupStoreId: 'BG-01' });
    stores.ui.setFormData('delivery-contact', { contactPhone: '641234567' });
    await expect(run('delivery.submit', {}, ctx)).rejects.toThrow('delivery contact refused');
    expect(stores.ui.forms['delivery-contact']!.fieldErrors).toEqual({ contactPhone: { message: 'Broj ne sme da počinje nulom.', value: '641234567' } });
    expect(stores.ui.fieldFocus).toMatchObject({ formId: 'delivery-contact', field: 'contactPhone' });
    expect(stores.ui.toasts).toEqual([]);
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(calls.map((c) => c.url.pathname)).toContain('/hybris/ecommerce/b2c/v1/checkout/addresses/pickup');
    // accepted: the mark goes and the shopper moves on
    contact = () => ({ body: { cart: { code: 'c', entries: [] } } });
    await run('delivery.submit', {}, ctx);
    expect(stores.ui.forms['delivery-contact']!.fieldErrors).toBeUndefined();
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/pregled-placanje');
  });

  it('catalog.loadTariff: the details into /catalog/tariff with the recommended term; not a tariff → the error state', async () => {
    const stores = makeStores();
    const tariff = { code: 'ORBITA_MAX_M', name: 'Orbita Max M', productOfferingType: 'TARIFF', subscriptionTerms: [
      { id: 'ORBITA_MAX_M_T12', termOfServiceNumber: 12, recommended: false }, { id: 'ORBITA_MAX_M_T24', termOfServiceNumber: 24, recommended: true }] };
    const { fetch, calls } = fakeFetch({
      'GET /hybris/ecommerce/b2c/v1/products/single': (req) => ({ body: req.url.searchParams.get('productCode') === 'ORBITA_MAX_M' ? tariff : { code: 'ACC_USBC_CABLE', productOfferingType: 'ACCESSORY' } }),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/Privatni/Tarife/ORBITA_MAX_M', params: { productCode: 'ORBITA_MAX_M' }, query: {} } });
    await run('catalog.loadTariff', {}, ctx);
    expect(calls.find((c) => c.url.pathname.endsWith('/products/single'))?.url.searchParams.get('productCode')).toBe('ORBITA_MAX_M');
    expect(stores.catalog.tariff).toMatchObject({ product: { code: 'ORBITA_MAX_M' }, subscriptionTermId: 'ORBITA_MAX_M_T24', loading: false, error: false });
    await run('catalog.selectTariffTerm', { subscriptionTermId: 'ORBITA_MAX_M_T12' }, ctx);
    expect(stores.catalog.tariff.subscriptionTermId).toBe('ORBITA_MAX_M_T12');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await run('catalog.loadTariff', { productCode: 'ACC_USBC_CABLE' }, ctx);
    expect(stores.catalog.tariff).toMatchObject({ product: null, error: true, loading: false });
  });

  it("checkout.prefillCustomer: a signed-in customer's data into the empty fields only; nothing for a guest", async () => {
    const stores = makeStores();
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch: vi.fn() as never }));
    stores.session.setUser(null); // the boot's check: a guest
    await run('checkout.prefillCustomer', { form: 'guest' }, ctx);
    expect(stores.ui.forms.guest).toBeUndefined();
    stores.session.setUser({ ...fx.user(), firstName: 'Marko', lastName: 'Petrović', email: 'kupac@orbita.rs', contactPhoneNumber: '+381 64 123 4567' });
    stores.ui.setFormData('guest', { customerData: { firstName: 'Marija' }, deliveryAddress: { town: 'Niš' } });
    await run('checkout.prefillCustomer', { form: 'guest' }, ctx);
    expect(stores.ui.forms.guest.data).toEqual({
      customerData: { firstName: 'Marija', lastName: 'Petrović', contactEmail: 'kupac@orbita.rs', contactPhone: '641234567' },
      deliveryAddress: { town: 'Niš' },
    });
    expect([localPhone('0641234567'), localPhone('381111234567'), localPhone('12'), localPhone(null)]).toEqual(['641234567', '111234567', null, null]);
  });

  it('a flat form reaches the nested guest body through its map; fields it does not declare are not sent', () => {
    const flat = {
      schema: { type: 'object', properties: { firstName: { type: 'string' }, line1: { type: 'string' }, town: { type: 'string' } } },
      submit: { call: 'guestCustomerInfo', map: { '/firstName': '/customerData/firstName', '/line1': '/deliveryAddress/line1', '/town': '/deliveryAddress/town' } },
    };
    expect(submitBodies(flat, { firstName: 'A', line1: 'U', town: 'T', extra: 1 })).toEqual([{ call: 'guestCustomerInfo', body: { customerData: { firstName: 'A' }, deliveryAddress: { line1: 'U', town: 'T' } } }]);
  });

  it('a group of the form\'s if/then (the guest\'s contract data) is sent and its refusals marked; the context value is not sent', () => {
    const guest = servedForm('guest');
    const data = {
      contractDataRequired: true,
      customerData: { firstName: 'Ana' },
      contractData: { jmbg: '1503985710010', primaryContactDocumentIdIssueDate: '15.03.2022' },
    };
    const [first] = submitBodies(guest, data);
    expect(first).toEqual({ call: 'guestCustomerInfo', body: { customerData: { firstName: 'Ana' }, contractData: { jmbg: '1503985710010', primaryContactDocumentIdIssueDate: '15.03.2022' } } });
    expect(refusedFormField(guest, 0, 'contractData/jmbg')).toBe('contractData.jmbg');
    expect(refusedFormField(guest, 0, 'body/contractData/primaryContactDocumentIdNum')).toBe('contractData.primaryContactDocumentIdNum');
  });

  it('back on the first step → the offer', async () => {
    const stores = makeStores();
    // the offer is destination "offer" of schemas/rules/routes.json (served from the repository by fakeFetch)
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch: fakeFetch({}).fetch }), { route: { path: '/kupovina/podaci-dostava', params: {}, query: {} } });
    stores.checkout.setSteps('GUEST', [{ code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }]);
    await run('checkout.back', {}, ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/Privatni/Uredjaji/Tip-uredjaja/telefoni');
  });

  it("back on the first step → the flow's backToOffer from cart-validate; an explicit arg wins", async () => {
    const stores = makeStores();
    const { fetch } = fakeFetch({
      'POST /hybris/ecommerce/b2c/v1/users/carts/validate': () => ({ body: {
        checkoutSteps: [{ code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }],
        checkoutType: 'STANDALONE', backToOffer: '/Privatni/Uredjaji/Pojedinacni/dodatna_oprema', errors: { errors: [] },
      } }),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/podaci-dostava', params: {}, query: {} } });
    await validateCart(ctx, true);
    expect(stores.checkout.backToOffer).toBe('/Privatni/Uredjaji/Pojedinacni/dodatna_oprema');
    await run('checkout.back', {}, ctx);
    expect(ctx.navigate).toHaveBeenLastCalledWith('/Privatni/Uredjaji/Pojedinacni/dodatna_oprema');
    await run('checkout.back', { backToOffer: '/Privatni/Uredjaji' }, ctx);
    expect(ctx.navigate).toHaveBeenLastCalledWith('/Privatni/Uredjaji');
  });

  it('proceed as a guest opens guest-or-login', async () => {
    const stores = makeStores();
    // the modal's name leads to its document through schemas/rules/routes.json (served from the repository by fakeFetch)
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch: fakeFetch({}).fetch }));
    stores.cart.setMiniCartOpen(true);
    await run('checkout.proceed', {}, ctx);
    expect(stores.ui.topModal?.id).toBe('guest-or-login');
    expect(stores.cart.miniCartOpen).toBe(false);
  });
});

describe('payment result', () => {
  it('classifies order status', () => {
    const s = (o: Partial<OrderStatus>): OrderStatus => ({ code: 'O', status: 'CREATED', paymentStatus: 'PENDING', errorType: null, message: null, ...o });
    expect(classify(s({ paymentStatus: 'PAID' }))).toBe('paid');
    expect(classify(s({ paymentStatus: 'DECLINED' }))).toBe('failed');
    expect(classify(s({ paymentStatus: 'DECLINED', errorType: 'MtsCardLimitError' }))).toBe('cardLimit');
    expect(classify(s({ paymentStatus: 'PENDING' }))).toBe('pending');
  });

  it('paid → success page after 1500 ms; declined → failure page; card limit stays', async () => {
    vi.useFakeTimers();
    for (const [status, expected] of [['PAID', '/kupovina/uspesna-porudzbina?orderCode=O1'], ['DECLINED', '/kupovina/neuspesna-porudzbina?orderCode=O1']] as const) {
      const stores = makeStores();
      const { fetch } = fakeFetch({ 'GET /hybris/ecommerce/b2c/v1/users/orders/status': () => ({ body: { code: 'O1', status: 'X', paymentStatus: status, errorType: null, message: null } }) });
      const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/rezultat-placanja', params: {}, query: { orderCode: 'O1' } } });
      const p = run('payment.loadResult', {}, ctx);
      await vi.advanceTimersByTimeAsync(1500);
      await p;
      expect(ctx.navigate).toHaveBeenCalledWith(expected);
    }
    const stores = makeStores();
    stores.session.setMessages({ 'payment.error.cardLimit': 'Limit.' });
    const { fetch } = fakeFetch({ 'GET /hybris/ecommerce/b2c/v1/users/orders/status': () => ({ body: { code: 'O1', status: 'X', paymentStatus: 'FAILED', errorType: 'MtsCardLimitError', message: null } }) });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/kupovina/rezultat-placanja', params: {}, query: { orderCode: 'O1' } } });
    await expect(run('payment.loadResult', {}, ctx)).rejects.toThrow('card limit');
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(stores.checkout.errorMessage).toBe('Limit.');
  });
});

describe('pdp tariff preselection', () => {
  it('a parent without price plans stands for its first sellable child', async () => {
    const { sellableTariff } = await import('../../../actions/pricing');
    const p = product();
    const parent = { ...p.prices.topOffer[0], code: 'GROUP', pricePlans: [], subscriptionTerms: [] };
    const q = { ...p, prices: { topOffer: [parent], basicOffer: [] } };
    expect(sellableTariff(q)?.tariff.code).toBe('T-M-C');
    expect(sellableTariff(q, 'GROUP')?.tariff.code).toBe('T-M-C');
    expect(sellableTariff(q, 'T-M-C')?.parentCode).toBe('GROUP');
  });
});

describe('pdp step 2', () => {
  it('with nothing chosen moves on without calls; insurance goes onto the device (PUT addInsurance), each accessory is added alone', async () => {
    const stores = makeStores();
    const cart = { code: 'c', checkoutType: 'GUEST', totalItems: 2, totalUnitCount: 2, paymentMode: null, entries: [{ entryNumber: 3, quantity: 1, product: { code: 'IPH15', name: 'x', productOfferingType: 'DEVICE' } }] };
    const { fetch, calls } = fakeFetch({
      'GET /hybris/ecommerce/b2c/v1/products/single': () => ({ body: product({ hasAccessories: true }) }),
      'GET /hybris/ecommerce/b2c/v1/products/references': () => ({ body: { references: [] } }),
      'POST /hybris/ecommerce/b2c/v1/users/carts/addservice': () => ({ body: { cart, cartModifications: [{ statusCode: 'success' }, { statusCode: 'success' }] } }),
      'PUT /hybris/ecommerce/b2c/v1/users/carts/entry/addinsurance': () => ({ body: { cart, cartModifications: [{ statusCode: 'success' }] } }),
    });
    const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/uredjaj/IPH15', params: { productCode: 'IPH15' }, query: {} } });
    await run('pdp.load', { productCode: 'IPH15' }, ctx);
    await run('pdp.submitStep', {}, ctx);
    expect(stores.ui.toasts).toHaveLength(1); // one toast per statusCode
    expect(stores.catalog.pdp.step).toBe(2);
    const before = calls.length;
    await run('pdp.submitStep', {}, ctx);
    expect(calls.length).toBe(before);
    expect(stores.catalog.pdp.step).toBe(3);
    stores.catalog.setPdp({ step: 2, insuranceCode: 'INS' });
    await run('pdp.toggleAccessory', { code: 'CASE' }, ctx);
    await run('pdp.submitStep', {}, ctx);
    const tail = calls.slice(before).map((c) => `${c.method} ${c.url.pathname.split('/').slice(-2).join('/')}${c.url.search}`);
    expect(tail).toEqual(['PUT entry/addinsurance?entryNumber=3&insuranceCode=INS', 'POST carts/addservice']);
    expect(calls.at(-1)!.body).toEqual({ deviceCode: 'CASE', chargeType: 'ONE_TIME_CHARGE' });
    expect(stores.catalog.pdp.step).toBe(3);
  });
});
