import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { ApiError, errorMessageOf } from '../../../actions/api/errors';
import { fakeFetch, makeStores } from './helpers';

const CART = '/hybris/ecommerce/b2c/v1/users/carts/fullcart';
const REFRESH = '/selfcare/b2c/auth/refreshToken';

describe('ApiClient', () => {
  it('calls by name with method, path, query, lang header and bearer token', async () => {
    const stores = makeStores();
    stores.session.setToken('tok-1');
    const { fetch, calls } = fakeFetch({ 'POST /hybris/ecommerce/b2c/v1/users/carts/entry/add': () => ({ body: { cart: { code: 'c1' } } }) });
    const api = new ApiClient({ stores, fetch });
    const res = await api.call('addToCart', { body: { code: 'T1' }, query: { lang: 'en', skip: undefined } });
    expect(res).toEqual({ cart: { code: 'c1' } });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url.search).toBe('?lang=en');
    expect(calls[0].headers.lang).toBe('1');
    expect(calls[0].headers.authorization).toBe('Bearer tok-1');
    expect(calls[0].body).toEqual({ code: 'T1' });
    stores.session.setLang('en');
    await api.call('addToCart', { body: {} });
    expect(calls[1].headers.lang).toBe('2');
  });

  it('on 401 refreshes the token once and retries with the new token', async () => {
    const stores = makeStores();
    stores.session.setToken('old');
    let cartCalls = 0;
    const { fetch, calls } = fakeFetch({
      [`GET ${CART}`]: () => (++cartCalls === 1 ? { status: 401, body: { errors: [{ type: 'InvalidTokenError', message: 'expired' }] } } : { body: { code: 'c' } }),
      [`POST ${REFRESH}`]: () => ({ body: { data: { response: 'new' } } }),
    });
    const reload = vi.fn();
    const api = new ApiClient({ stores, fetch, reload });
    expect(await api.call('fullCart')).toEqual({ code: 'c' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`GET ${CART}`, `POST ${REFRESH}`, `GET ${CART}`]);
    expect(calls[2].headers.authorization).toBe('Bearer new');
    expect(stores.session.token).toBe('new');
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not retry more than once', async () => {
    const stores = makeStores();
    const { fetch, calls } = fakeFetch({
      [`GET ${CART}`]: () => ({ status: 401, body: { errors: [{ type: 'InvalidTokenError', message: 'nope' }] } }),
      [`POST ${REFRESH}`]: () => ({ body: { data: { response: 'new' } } }),
    });
    const api = new ApiClient({ stores, fetch, reload: vi.fn() });
    await expect(api.call('fullCart')).rejects.toMatchObject({ status: 401, type: 'InvalidTokenError' });
    expect(calls.filter((c) => c.url.pathname === CART)).toHaveLength(2);
  });

  it('reloads the page when the refresh fails', async () => {
    const stores = makeStores();
    const { fetch } = fakeFetch({
      [`GET ${CART}`]: () => ({ status: 401, body: { errors: [{ type: 'InvalidTokenError', message: 'x' }] } }),
      [`POST ${REFRESH}`]: () => ({ status: 401, body: { errors: [{ type: 'InvalidTokenError' }] } }),
    });
    const reload = vi.fn();
    const api = new ApiClient({ stores, fetch, reload });
    await expect(api.call('fullCart')).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('parses { errors } into an ApiError with type, message and reason', async () => {
    const stores = makeStores();
    const { fetch } = fakeFetch({ 'POST /hybris/ecommerce/b2c/v1/users/orders': () => ({ status: 400, body: { errors: [{ type: 'MtsCardLimitError', message: 'Limit', reason: 'limit' }] } }) });
    const api = new ApiClient({ stores, fetch });
    const e = await api.call('submitOrder', { body: {} }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, type: 'MtsCardLimitError', message: 'Limit', reason: 'limit' });
  });

  it('message fallbacks: message, Message, MESSAGE, else the default text in the current language', async () => {
    expect(errorMessageOf({ errors: [{ message: 'a' }] }, 'd')).toBe('a');
    expect(errorMessageOf({ errors: [{ Message: 'b' }] }, 'd')).toBe('b');
    expect(errorMessageOf({ errors: [{ MESSAGE: 'c' }] }, 'd')).toBe('c');
    expect(errorMessageOf({ errors: [{ type: 'X' }] }, 'd')).toBe('d');
    expect(errorMessageOf('<html>', 'd')).toBe('d');
    const stores = makeStores();
    stores.session.setMessages({ 'error.generic': 'An error occurred. Please try again.' });
    const { fetch } = fakeFetch({ [`GET ${CART}`]: () => ({ status: 500, body: { errors: [{ type: 'ServerError' }] } }) });
    const e = await new ApiClient({ stores, fetch }).call('fullCart').catch((x) => x);
    expect(e.message).toBe('An error occurred. Please try again.');
  });

  it('counts in-flight requests into ui.loader (silent calls excluded)', async () => {
    const stores = makeStores();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const fetch = vi.fn(async () => { await gate; return new Response('{}', { status: 200 }); }) as unknown as typeof globalThis.fetch;
    const api = new ApiClient({ stores, fetch });
    const p1 = api.call('fullCart');
    const p2 = api.call('cart', { silent: true });
    expect(stores.ui.loader.inFlight).toBe(1);
    release();
    await Promise.all([p1, p2]);
    expect(stores.ui.loader.inFlight).toBe(0);
    expect(stores.ui.loader.visible).toBe(false);
  });

  it('fetches the token into the session', async () => {
    const stores = makeStores();
    const { fetch } = fakeFetch({ 'GET /selfcare/b2c/auth/token': () => ({ body: { data: { token: 'abc' } } }) });
    await new ApiClient({ stores, fetch }).fetchToken();
    expect(stores.session.token).toBe('abc');
  });

  it('caches UI documents in memory per path', async () => {
    const stores = makeStores();
    const { fetch, calls } = fakeFetch({ 'GET /ui/screens/home': () => ({ body: { id: 'home' } }) });
    const api = new ApiClient({ stores, fetch });
    expect(await api.getDocument('/ui/screens/home')).toEqual({ id: 'home' });
    expect(await api.getDocument('/ui/screens/home')).toEqual({ id: 'home' });
    expect(calls).toHaveLength(1);
  });
});
