import { describe, expect, it, vi } from 'vitest';
import { ApiClient, RELOAD_GUARD_MS, RELOAD_MARKER } from '../../../actions/api/client';
import { ApiError, errorMessageOf } from '../../../actions/api/errors';
import { fakeFetch, makeStores } from './helpers';

const CART = '/hybris/ecommerce/b2c/v1/users/carts/fullcart';
const REFRESH = '/selfcare/b2c/auth/refreshToken';
const TOKEN = '/selfcare/b2c/auth/token';
const LIMIT = { status: 429, body: { statusCode: 429, errors: [{ type: 'TooManyRequestsError', message: 'Previše zahteva. Pokušaj ponovo za 42 s.' }] }, headers: { 'retry-after': '42' } };
const EXPIRED = { status: 401, body: { errors: [{ type: 'InvalidTokenError', message: 'Sesija je istekla.' }] } };

/** A tab's sessionStorage (one per test: the reload marker must not leak between tests). */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, String(v)); } };
}
const toastTexts = (stores: ReturnType<typeof makeStores>) => stores.ui.toasts.map((t) => t.text);

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
    const api = new ApiClient({ stores, fetch, reload, storage: memoryStorage() });
    await expect(api.call('fullCart')).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  describe('limits never reload the page', () => {
    it('a 429 on any call shows the server message in a toast and rejects; no reload, no refresh', async () => {
      const stores = makeStores();
      stores.session.setToken('t');
      const { fetch, calls } = fakeFetch({ [`GET ${CART}`]: () => LIMIT });
      const reload = vi.fn();
      const e = await new ApiClient({ stores, fetch, reload, storage: memoryStorage() }).call('fullCart').catch((x) => x);
      expect(e).toMatchObject({ status: 429, type: 'TooManyRequestsError', message: 'Previše zahteva. Pokušaj ponovo za 42 s.' });
      expect(toastTexts(stores)).toEqual(['Previše zahteva. Pokušaj ponovo za 42 s.']);
      expect(calls).toHaveLength(1);
      expect(reload).not.toHaveBeenCalled();
    });

    it('a refresh answered 429, 503 or a network error rejects without a reload (the limit is told)', async () => {
      for (const refresh of [() => LIMIT, () => ({ status: 503, body: { errors: [{ type: 'ServiceUnavailable', message: 'Servis nije dostupan.' }] } }), () => { throw new TypeError('offline'); }]) {
        const stores = makeStores();
        stores.session.setToken('old');
        const { fetch } = fakeFetch({ [`GET ${CART}`]: () => EXPIRED, [`POST ${REFRESH}`]: refresh });
        const reload = vi.fn();
        const storage = memoryStorage();
        const e = await new ApiClient({ stores, fetch, reload, storage }).call('fullCart').catch((x) => x);
        expect(e).toBeInstanceOf(ApiError);
        expect(e.status).not.toBe(401);
        expect(reload).not.toHaveBeenCalled();
        expect(storage.data.has(RELOAD_MARKER)).toBe(false);
        if (e.status === 429) expect(toastTexts(stores)).toEqual(['Previše zahteva. Pokušaj ponovo za 42 s.']);
      }
    });

    it('a refused refresh reloads at most once per tab within the guard: the next page load stays and says why', async () => {
      const storage = memoryStorage();
      let clock = 1_000_000;
      const reload = vi.fn();
      const pageLoad = () => {
        const stores = makeStores();
        stores.session.setToken('old');
        const { fetch } = fakeFetch({ [`GET ${CART}`]: () => EXPIRED, [`POST ${REFRESH}`]: () => ({ status: 401, body: { errors: [{ type: 'InvalidTokenError' }] } }) });
        return { stores, api: new ApiClient({ stores, fetch, reload, storage, now: () => clock }) };
      };
      const first = pageLoad();
      await expect(first.api.call('fullCart')).rejects.toMatchObject({ status: 401 });
      expect(reload).toHaveBeenCalledTimes(1);
      // the reloaded page meets the same refusal: no second reload (no loop), the message instead
      clock += 5_000;
      const second = pageLoad();
      await expect(second.api.call('fullCart')).rejects.toMatchObject({ status: 401 });
      await expect(second.api.call('fullCart')).rejects.toMatchObject({ status: 401 });
      expect(reload).toHaveBeenCalledTimes(1);
      expect(toastTexts(second.stores)).toEqual(['Sesija je istekla.']);
      // much later (a new expiry) the page may reload again, once
      clock += RELOAD_GUARD_MS;
      await expect(pageLoad().api.call('fullCart')).rejects.toMatchObject({ status: 401 });
      expect(reload).toHaveBeenCalledTimes(2);
    });

    it('a token answered 429: told once, calls without a token do not go out until Retry-After, then it is asked again', async () => {
      const stores = makeStores();
      let clock = 0;
      let tokenCalls = 0;
      const { fetch, calls } = fakeFetch({
        [`GET ${TOKEN}`]: () => (++tokenCalls === 1 ? LIMIT : { body: { data: { token: 'tok', authorized: false } } }),
        [`GET ${CART}`]: () => ({ body: { code: 'c' } }),
      });
      const reload = vi.fn();
      const api = new ApiClient({ stores, fetch, reload, storage: memoryStorage(), now: () => clock });
      await expect(api.fetchToken()).rejects.toMatchObject({ status: 429 });
      expect(toastTexts(stores)).toEqual(['Previše zahteva. Pokušaj ponovo za 42 s.']);
      await expect(api.call('fullCart')).rejects.toMatchObject({ status: 429, message: 'Previše zahteva. Pokušaj ponovo za 42 s.' });
      await expect(api.token()).rejects.toMatchObject({ status: 429 });
      expect(calls.map((c) => c.url.pathname)).toEqual([TOKEN]);
      expect(stores.ui.toasts).toHaveLength(1);
      clock += 42_000;
      expect(await api.token()).toEqual({ token: 'tok', authorized: false });
      expect(await api.call('fullCart')).toEqual({ code: 'c' });
      expect(calls.map((c) => c.url.pathname)).toEqual([TOKEN, TOKEN, CART]);
      expect(reload).not.toHaveBeenCalled();
    });

    it('one token request per page: concurrent and later token() share the boot answer; fetchToken asks again', async () => {
      const stores = makeStores();
      let n = 0;
      const { fetch, calls } = fakeFetch({ [`GET ${TOKEN}`]: () => ({ body: { data: { token: `t${++n}`, authorized: n > 1 } } }) });
      const api = new ApiClient({ stores, fetch, storage: memoryStorage() });
      const [a, b] = await Promise.all([api.fetchToken(), api.token()]);
      expect([a, (b as { token: string }).token]).toEqual(['t1', 't1']);
      expect(await api.token()).toEqual({ token: 't1', authorized: false });
      expect(calls).toHaveLength(1);
      expect(await api.fetchToken()).toBe('t2'); // after sign-in: a fresh answer
      expect(await api.token()).toEqual({ token: 't2', authorized: true });
      expect(calls).toHaveLength(2);
    });
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

  it('asks for the documents of the manifest\'s published version (?set=N) and names it on API calls; none without a version', async () => {
    const stores = makeStores();
    const { fetch, calls } = fakeFetch({
      'GET /ui/screens/home': ({ url }) => ({ body: { id: 'home', v: url.searchParams.get('set') } }),
      'GET /ui/manifest': ({ url }) => ({ body: { version: 7, v: url.searchParams.get('set') } }),
      [`GET ${CART}`]: () => ({ body: {} }),
    });
    const api = new ApiClient({ stores, fetch });
    expect(await api.getDocument('/ui/screens/home', { cache: false })).toEqual({ id: 'home', v: null });
    await api.call('fullCart' as never);
    expect(calls.at(-1)!.headers['x-ui-version']).toBeUndefined();
    api.setUiVersion(7);
    expect(await api.getDocument('/ui/screens/home', { cache: false })).toEqual({ id: 'home', v: '7' });
    expect(await api.getDocument('/ui/manifest', { cache: false })).toEqual({ version: 7, v: null }); // the manifest names the version
    await api.call('fullCart' as never);
    expect(calls.at(-1)!.headers['x-ui-version']).toBe('7');
    api.setUiVersion(undefined); // a manifest of files
    expect(await api.getDocument('/ui/screens/home', { cache: false })).toEqual({ id: 'home', v: null });
  });

  it('settled() waits for calls nobody awaited and for what their answers started, the call it chains included', async () => {
    const stores = makeStores();
    let release: () => void = () => undefined;
    const slow = new Promise<void>((r) => { release = r; });
    const fetch = (async () => { await slow; return new Response(JSON.stringify({ code: 'c' }), { status: 200 }); }) as typeof globalThis.fetch;
    const api = new ApiClient({ stores, fetch });
    const seen: string[] = [];
    // fire and forget, as a load does for a part shown after the page; its answer starts another call
    void api.call('fullCart').then((c) => { seen.push(`cart ${c.code}`); void api.call('fullCart').then(() => seen.push('again')); });
    let done = false;
    const waiting = api.settled().then(() => { done = true; });
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    release();
    await waiting;
    expect(seen).toEqual(['cart c', 'again']);
  });
});
