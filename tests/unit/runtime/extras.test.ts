// Add-ons and eSIM in the browser (seed 000 §1, §3, §7): the step-2 loading of the tariff's add-ons, the add-on
// and eSIM calls, and the cart order that puts an add-on under its tariff — against a fake API.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { collectActions } from '../../../actions/registry';
import { orderedEntries } from '../../../components/cart/entryView';
import type { CartEntry } from '../../../actions/stores/types';
import * as fx from '../../fixtures/api';
import { fakeFetch, makeCtx, makeStores } from './helpers';

const actions = collectActions();
const run = (name: string, args: Record<string, unknown>, ctx: ReturnType<typeof makeCtx>) => actions.get(name)!.run(args, ctx);
const B = '/hybris/ecommerce/b2c/v1';

const entry = (n: number, code: string, type: string, extra: Partial<CartEntry> = {}): CartEntry =>
  fx.entry({ entryNumber: n, bundleNo: 1, ...extra, product: { code, name: code, productOfferingType: type, esim: type === 'TARIFF' ? 'ESIM_SIM' : 'NONE' } });
const bundleCart = () => fx.cart({ entries: [entry(0, 'PHONE_BLACK', 'DEVICE'), entry(1, 'ORBITA_MAX_M', 'TARIFF')] });

function setup(table: Parameters<typeof fakeFetch>[0]) {
  const stores = makeStores();
  const { fetch, calls } = fakeFetch(table);
  const ctx = makeCtx(stores, new ApiClient({ stores, fetch }), { route: { path: '/uredjaj/PHONE/black', params: {}, query: {} } });
  return { stores, ctx, calls };
}

describe('pdp.loadTariffExtras', () => {
  it('finds the tariff of the device bundle and loads its TARIFF_ADDON_RELATION references, 100 per page', async () => {
    const ref = { referenceType: 'TARIFF_ADDON_RELATION', preselected: false, target: { code: 'ADDON_NET_10GB', name: 'Dodatnih 10 GB' } };
    const { stores, ctx, calls } = setup({ [`GET ${B}/products/references`]: () => ({ body: { references: [ref] } }) });
    stores.catalog.setPdp({ product: { code: 'PHONE' } as never });
    const cart = bundleCart();
    cart.entries[0].product.baseProduct = 'PHONE';
    stores.cart.setCart(cart);
    await run('pdp.loadTariffExtras', {}, ctx);
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ productCode: 'ORBITA_MAX_M', referenceType: 'TARIFF_ADDON_RELATION', pageSize: '100' });
    expect(stores.catalog.pdp.tariffEntryNumber).toBe(1);
    expect(stores.catalog.pdp.addons).toEqual([ref]);
  });

  it('without a tariff in the bundle: no call, no add-ons', async () => {
    const { stores, ctx, calls } = setup({});
    stores.catalog.setPdp({ product: { code: 'PHONE' } as never, tariffEntryNumber: 4, addons: [{}] });
    const cart = fx.cart({ entries: [entry(0, 'PHONE_BLACK', 'DEVICE')] });
    cart.entries[0].product.baseProduct = 'PHONE';
    stores.cart.setCart(cart);
    await run('pdp.loadTariffExtras', {}, ctx);
    expect(calls).toEqual([]);
    expect(stores.catalog.pdp).toMatchObject({ tariffEntryNumber: null, addons: [] });
  });
});

describe('cart.addAddon / cart.setEsim', () => {
  it('POST addAddon { code, entryNumber }: the cart from the answer, the added toast', async () => {
    const after = fx.cart({ entries: [...bundleCart().entries, entry(2, 'ADDON_NET_10GB', 'ADDON_POSTPAID', { parentEntryNumber: 1 })] });
    const { stores, ctx, calls } = setup({ [`POST ${B}/users/carts/addaddon`]: () => ({ body: { cart: after, cartModifications: [{ statusCode: 'success', entry: after.entries[2], quantityAdded: 1 }] } }) });
    await run('cart.addAddon', { code: 'ADDON_NET_10GB', entryNumber: 1 }, ctx);
    expect(calls[0].body).toEqual({ code: 'ADDON_NET_10GB', entryNumber: 1 });
    expect(stores.cart.cart?.entries.map((e) => e.product.code)).toEqual(['PHONE_BLACK', 'ORBITA_MAX_M', 'ADDON_NET_10GB']);
    expect(stores.ui.toasts).toMatchObject([{ kind: 'success', message: 'toast.cart.added' }]);
  });

  it('a refused add-on (400) throws the server message for the error toast and keeps the cart', async () => {
    const before = bundleCart();
    const { stores, ctx } = setup({ [`POST ${B}/users/carts/addaddon`]: () => ({ status: 400, body: { errors: [{ type: 'ValidationError', message: 'Dodatak ADDON_NET_10GB je već u korpi uz ovu tarifu.' }] } }) });
    stores.cart.setCart(before);
    await expect(run('cart.addAddon', { code: 'ADDON_NET_10GB', entryNumber: 1 }, ctx)).rejects.toThrow('Dodatak ADDON_NET_10GB je već u korpi uz ovu tarifu.');
    expect(stores.cart.cart?.entries).toHaveLength(2);
  });

  it('PATCH addEsim { entryNumber, esimOptionSelected }: the cart from the answer', async () => {
    const after = bundleCart();
    after.entries[1].esimOptionSelected = true;
    const { stores, ctx, calls } = setup({ [`PATCH ${B}/checkout/esim`]: () => ({ body: { cart: after } }) });
    await run('cart.setEsim', { entryNumber: 1, selected: true }, ctx);
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { entryNumber: 1, esimOptionSelected: true } });
    expect(stores.cart.cart?.entries[1].esimOptionSelected).toBe(true);
  });
});

describe('orderedEntries', () => {
  it('puts each insurance / add-on right after the entry it belongs to', () => {
    const list = [entry(0, 'PHONE', 'DEVICE'), entry(1, 'TARIFF', 'TARIFF'), entry(2, 'ACC', 'ACCESSORY'), entry(3, 'ADDON', 'ADDON_POSTPAID', { parentEntryNumber: 1 }), entry(4, 'INS', 'INSURANCE', { parentEntryNumber: 0 }), entry(5, 'LOST', 'ADDON_POSTPAID', { parentEntryNumber: 9 })];
    expect(orderedEntries(list).map((o) => [o.entry.product.code, o.nested, o.underTariff])).toEqual([
      ['PHONE', false, false], ['INS', true, false], ['TARIFF', false, false], ['ADDON', true, true], ['ACC', false, false], ['LOST', false, false],
    ]);
  });
});
