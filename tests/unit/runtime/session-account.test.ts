import { readFileSync } from 'node:fs';
import { reaction } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { ApiError } from '../../../actions/api/errors';
import accountActions, { userDataCheck } from '../../../actions/session/account';
import checkoutActions from '../../../actions/checkout/checkout';
import { encodePassword } from '../../../actions/session/storage';
import type { ActionDef } from '../../../actions/define';
import type { ActionContext } from '../../../renderer/types';
import { fakeFetch, makeCtx, makeStores } from './helpers';

const defs = new Map<string, ActionDef>([...accountActions, ...checkoutActions].map((d) => [d.name, d]));
const run = (name: string, args: Record<string, unknown>, ctx: ActionContext) => defs.get(name)!.run(args, ctx);

const P = {
  authorize: 'POST /selfcare/b2c/user/authorize',
  logout: 'POST /selfcare/b2c/user/logout',
  info: 'GET /hybris/selfcare/b2c/v1/user/info',
  token: 'GET /selfcare/b2c/auth/token',
  fullCart: 'GET /hybris/ecommerce/b2c/v1/users/carts/fullcart',
  merge: 'GET /hybris/ecommerce/b2c/v1/users/carts/merge',
};
const MARKO = {
  email: 'kupac@orbita.rs', firstName: 'Marko', lastName: 'Petrović', userName: 'marko.petrovic', customerId: '1000001',
  weakPassword: false, emailNotSet: false, isLightAccount: false, isPostPaid: true, isNet: true, isTv: false, roles: [],
};
const CART = { code: 'C1', entries: [{ entryNumber: 0, product: { code: 'NOKIA_105_4G_BLUE' } }], totalItems: 1 };

function setup(overrides: Record<string, (req: { body: unknown }) => { status?: number; body?: unknown }> = {}, route = '/') {
  const stores = makeStores();
  const { fetch, calls } = fakeFetch({
    [P.authorize]: () => ({ body: { data: { authorized: true, customerId: '1000001' } } }),
    [P.token]: () => ({ body: { data: { token: 'fresh-token', authorized: true } } }),
    [P.info]: () => ({ body: MARKO }),
    [P.fullCart]: () => ({ body: CART }),
    [P.merge]: () => ({ body: { cart: CART, cartModifications: [] } }),
    [P.logout]: () => ({ body: { message: 'Uspešno si se odjavio.' } }),
    ...overrides,
  });
  const ctx = makeCtx(stores, new ApiClient({ stores, fetch, reload: vi.fn() }), { route: { path: route, params: {}, query: {} } });
  return { stores, ctx, calls };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session.login', () => {
  it('posts the trimmed e-mail and the base64 password, then token, user info and the merged cart; stores user_data', async () => {
    const { stores, ctx, calls } = setup();
    stores.session.setLoginMenuOpen(true);
    stores.ui.showToast({ kind: 'error', text: 'earlier failure' });
    await run('session.login', { email: '  kupac@orbita.rs ', password: ' Orbita2026! ' }, ctx);
    expect(stores.ui.toasts).toEqual([]);
    const auth = calls.find((c) => c.url.pathname.endsWith('/user/authorize'))!;
    expect(auth.body).toEqual({ userId: 'kupac@orbita.rs', encodedPassword: btoa('Orbita2026!'), rememberMe: false });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([P.authorize, P.token, P.info, P.fullCart, P.merge]);
    expect(calls.find((c) => c.url.pathname.endsWith('/user/info'))!.url.searchParams.get('isPaymentDetailsRequired')).toBe('true');
    expect(stores.session.isAuthorized).toBe(true);
    expect(stores.session.token).toBe('fresh-token');
    expect(stores.session.firstName).toBe('Marko');
    expect(stores.session.fullName).toBe('Marko Petrović');
    expect(stores.session.loginMenuOpen).toBe(false);
    expect(stores.cart.cart?.code).toBe('C1');
    expect(localStorage.getItem('user_data')).toBe('kupac@orbita.rs');
    expect(localStorage.getItem('user_number_id')).toBe('1000001');
    expect(JSON.parse(sessionStorage.getItem('users_services')!)).toMatchObject({ isPostPaid: true, isNet: true, isTv: false, isLightAccount: false });
  });

  it('closes the dropdown before the signed-in user shows, so a click on the initial while the cart loads opens the menu', async () => {
    const { stores, ctx } = setup();
    stores.session.setLoginMenuOpen(true);
    const openWhenSignedIn: boolean[] = [];
    const stop = reaction(() => stores.session.isAuthorized, (signedIn) => { if (signedIn) openWhenSignedIn.push(stores.session.loginMenuOpen); });
    await run('session.login', { email: 'kupac@orbita.rs', password: 'Orbita2026!' }, ctx);
    stop();
    expect(openWhenSignedIn).toEqual([false]);
  });

  it('a mini cart opened once the signed-in user shows, while the cart still loads, stays open', async () => {
    let cartAsked!: () => void;
    const cartLoads = new Promise<void>((r) => { cartAsked = r; });
    let answerCart!: () => void;
    const answered = new Promise<void>((r) => { answerCart = r; });
    const { stores, ctx } = setup({ [P.fullCart]: () => { cartAsked(); return { body: CART }; } });
    stores.cart.setMiniCartOpen(true); // open while signing in: closed by the sign-in
    const login = run('session.login', { email: 'kupac@orbita.rs', password: 'Orbita2026!' }, ctx);
    // the shopper sees the initial and opens the mini cart while the cart is on its way
    const stop = reaction(() => stores.session.isAuthorized, (signedIn) => { if (signedIn) { stores.cart.setMiniCartOpen(true); answerCart(); } });
    await cartLoads;
    await answered;
    await login;
    stop();
    expect(stores.cart.miniCartOpen).toBe(true);
  });

  it('reads the login form when no arguments are given, and goes home from the login screen', async () => {
    const { stores, ctx, calls } = setup({}, '/Prijava-b2c');
    stores.ui.setFormData('login', { email: ' marko.petrovic ', password: 'Orbita2026! ' });
    await run('session.login', {}, ctx);
    expect(calls[0].body).toMatchObject({ userId: 'marko.petrovic', encodedPassword: btoa('Orbita2026!') });
    expect(stores.ui.forms.login.data).toEqual({ email: 'marko.petrovic' });
    expect(ctx.navigate).toHaveBeenCalledWith('/');
  });

  it('encodes non-ASCII passwords as UTF-8 base64', () => {
    expect(encodePassword('Šifra1!')).toBe(Buffer.from('Šifra1!', 'utf8').toString('base64'));
  });

  it('on wrong credentials marks the login failed with the server message, stays anonymous and rethrows (no token refresh)', async () => {
    const { stores, ctx, calls } = setup({ [P.authorize]: () => ({ status: 401, body: { errors: [{ type: 'AuthenticationError', message: 'Pogrešan imejl, korisničko ime ili lozinka.' }] } }) });
    await expect(run('session.login', { email: 'kupac@orbita.rs', password: 'x' }, ctx)).rejects.toBeInstanceOf(ApiError);
    expect(stores.session.loginFailed).toBe(true);
    expect(stores.session.loginError).toBe('Pogrešan imejl, korisničko ime ili lozinka.');
    expect(stores.session.isAuthorized).toBe(false);
    expect(stores.session.loginPending).toBe(false);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/selfcare/b2c/user/authorize']);
  });

  it('sends a blocked user to the login page with the blocked parameter', async () => {
    const { ctx } = setup({ [P.authorize]: () => ({ status: 403, body: { errors: [{ type: 'MtsBlockedUserError', message: 'blokiran' }] } }) });
    await expect(run('session.login', { email: 'blokiran@orbita.rs', password: 'Orbita2026!' }, ctx)).rejects.toMatchObject({ name: 'ActionError', handled: true });
    expect(ctx.navigate).toHaveBeenCalledWith('/Prijava-b2c?blocked=true');
  });

  it('refuses empty fields without calling the server', async () => {
    const { stores, ctx, calls } = setup();
    await expect(run('session.login', { email: '  ', password: 'x' }, ctx)).rejects.toThrow();
    expect(calls).toHaveLength(0);
    expect(stores.session.loginFailed).toBe(true);
  });

  it('weak password at sign-in: to /Slaba-lozinka, remembering the page (or checkout) to continue to', async () => {
    const weak = { ...MARKO, weakPassword: true };
    const a = setup({ [P.info]: () => ({ body: weak }) }, '/Privatni/Uredjaji/Tip-uredjaja/telefoni');
    await run('session.login', { email: 'slaba@orbita.rs', password: 'Orbita2026!' }, a.ctx);
    expect(a.ctx.navigate).toHaveBeenCalledWith('/Slaba-lozinka');
    expect(a.stores.account.continueTo).toBe('/Privatni/Uredjaji/Tip-uredjaja/telefoni');
    expect(a.stores.ui.toasts).toEqual([]);

    const b = setup({ [P.info]: () => ({ body: weak }) }, '/Prijava-b2c');
    b.stores.session.setRememberCheckout(true);
    await run('session.login', { email: 'slaba@orbita.rs', password: 'Orbita2026!' }, b.ctx);
    expect(b.ctx.navigate).toHaveBeenCalledWith('/Slaba-lozinka');
    expect(b.stores.account.continueTo).toBe('checkout');
    expect(b.stores.session.rememberCheckout).toBe(false);
    expect(b.ctx.dispatch).not.toHaveBeenCalledWith({ action: 'checkout.proceed', args: {} });
  });

  it('no e-mail at sign-in: to /podaci/dopuni-podatke', async () => {
    const a = setup({ [P.info]: () => ({ body: { ...MARKO, email: null, emailNotSet: true } }) }, '/Prijava-b2c');
    await run('session.login', { email: 'bez.imejla', password: 'Orbita2026!' }, a.ctx);
    expect(a.ctx.navigate).toHaveBeenCalledWith('/podaci/dopuni-podatke');
    expect(a.stores.account.continueTo).toBe('');
  });

  it('continues to checkout after the cart merge when the shopper was remembered for it', async () => {
    const { stores, ctx, calls } = setup();
    stores.session.setRememberCheckout(true);
    await run('session.login', { email: 'kupac@orbita.rs', password: 'Orbita2026!' }, ctx);
    expect(calls.at(-1)?.url.pathname).toBe('/hybris/ecommerce/b2c/v1/users/carts/merge');
    expect(ctx.dispatch).toHaveBeenCalledWith({ action: 'checkout.proceed', args: {} });
    expect(stores.session.rememberCheckout).toBe(false);
  });

  it('a merge issue stops the login flow: the replace modal decides the merge, the checkout waits for it', async () => {
    const replace = { statusCode: 'productsNeedReplace', statusMessage: 'Zameni?', entry: CART.entries[0], quantityAdded: 0, replaceModalEntries: [{ entryNumber: 1, product: { code: 'OLD' } }] };
    const { stores, ctx } = setup({ [P.merge]: () => ({ body: { cart: CART, cartModifications: [replace] } }) }, '/Prijava-b2c');
    stores.session.setRememberCheckout(true);
    await run('session.login', { email: 'kupac@orbita.rs', password: 'Orbita2026!' }, ctx);
    expect(stores.ui.topModal).toMatchObject({ id: 'replace-item', params: { message: 'Zameni?', entries: [{ entryNumber: 1 }] } });
    expect(stores.cart.pendingAdd).toEqual({ call: 'mergeCart', toCheckout: true });
    expect(ctx.dispatch).not.toHaveBeenCalled();
    expect(stores.session.rememberCheckout).toBe(true);
  });

  it('a plain sign-in handles the merge statuses too, without going to checkout', async () => {
    const limit = { statusCode: 'maxOrderQuantityExceeded', statusMessage: 'Najviše 3.', entry: null, quantityAdded: 0, replaceModalEntries: [], cmsComponentId: null };
    const { stores, ctx } = setup({ [P.merge]: () => ({ body: { cart: CART, cartModifications: [{ statusCode: 'success', statusMessage: 'ok', entry: CART.entries[0], quantityAdded: 1, replaceModalEntries: [] }, limit] } }) }, '/Prijava-b2c');
    await run('session.login', { email: 'kupac@orbita.rs', password: 'Orbita2026!' }, ctx);
    expect(stores.ui.topModal).toMatchObject({ id: 'limit-overstepped', params: { message: 'Najviše 3.' } });
    expect(stores.ui.toasts).toEqual([]); // a merged entry needs no notification
    expect(ctx.dispatch).not.toHaveBeenCalled();
    expect(ctx.navigate).toHaveBeenCalledWith('/');
  });
});

describe('session.logout', () => {
  it('clears the user, stored data and service flags, fetches a fresh token, reloads the cart and toasts the server message', async () => {
    const { stores, ctx, calls } = setup({ [P.token]: () => ({ body: { data: { token: 'anon-token', authorized: false } } }), [P.fullCart]: () => ({ body: { code: 'C2', entries: [] } }) });
    stores.session.setUser(MARKO);
    stores.session.setToken('user-token');
    localStorage.setItem('user_data', 'kupac@orbita.rs');
    sessionStorage.setItem('users_services', '{}');
    await run('session.logout', {}, ctx);
    expect(calls[0].headers.authorization).toBe('Bearer user-token');
    expect(stores.session.isAuthorized).toBe(false);
    expect(stores.session.user).toBeNull();
    expect(stores.session.token).toBe('anon-token');
    expect(localStorage.getItem('user_data')).toBeNull();
    expect(sessionStorage.getItem('users_services')).toBeNull();
    expect(stores.cart.cart?.code).toBe('C2');
    expect(stores.ui.toasts.at(-1)).toMatchObject({ kind: 'success', text: 'Uspešno si se odjavio.' });
  });

  it('keeps the user signed in when the logout call fails', async () => {
    const { stores, ctx } = setup({ [P.logout]: () => ({ status: 500, body: { errors: [{ type: 'ServerError', message: 'greška' }] } }) });
    stores.session.setUser(MARKO);
    localStorage.setItem('user_data', 'kupac@orbita.rs');
    await expect(run('session.logout', {}, ctx)).rejects.toBeInstanceOf(ApiError);
    expect(stores.session.isAuthorized).toBe(true);
    expect(localStorage.getItem('user_data')).toBe('kupac@orbita.rs');
  });
});

describe('session.loadUser', () => {
  it('on boot loads the user only when the token call says the session is signed in', async () => {
    const signedIn = setup();
    await run('session.loadUser', { ifSignedIn: true }, signedIn.ctx);
    expect(signedIn.stores.session.user?.firstName).toBe('Marko');

    const anon = setup({ [P.token]: () => ({ body: { data: { token: 't', authorized: false } } }) });
    localStorage.setItem('user_data', 'stale@orbita.rs');
    await run('session.loadUser', { ifSignedIn: true }, anon.ctx);
    expect(anon.calls.map((c) => c.url.pathname)).toEqual(['/selfcare/b2c/auth/token']);
    expect(anon.stores.session.isAuthorized).toBe(false);
    expect(localStorage.getItem('user_data')).toBeNull();
  });

  it('shares the boot\'s token answer: a page load asks for one token', async () => {
    const { stores, ctx, calls } = setup({ [P.token]: () => ({ body: { data: { token: 'boot-token', authorized: true } } }) });
    await Promise.all([ctx.api.fetchToken(), run('session.loadUser', { ifSignedIn: true }, ctx)]);
    expect(calls.filter((c) => c.url.pathname === '/selfcare/b2c/auth/token')).toHaveLength(1);
    expect(stores.session.token).toBe('boot-token');
    expect(stores.session.user?.firstName).toBe('Marko');
  });

  it('a token failure of a remembered user: unauthorized, home page, the "identification is not active" notice shown once (seed 001 §8)', async () => {
    const { stores, ctx } = setup({ [P.token]: () => ({ status: 500, body: {} }) }, '/placanje-racuna');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('user_data', 'kupac@orbita.rs');
    await run('session.loadUser', { ifSignedIn: true }, ctx);
    expect(stores.session.isAuthorized).toBe(false);
    expect(localStorage.getItem('user_data')).toBeNull();
    expect(ctx.navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(stores.ui.toasts).toMatchObject([{ kind: 'error', message: 'user.identificationNotActive' }]);
    expect(sessionStorage.getItem('notificationMessage')).toBeNull();
    // an anonymous visitor's token failure stays where it is, without the notice
    const anon = setup({ [P.token]: () => ({ status: 500, body: {} }) }, '/placanje-racuna');
    await run('session.loadUser', { ifSignedIn: true }, anon.ctx);
    expect(anon.ctx.navigate).not.toHaveBeenCalled();
    expect(anon.stores.ui.toasts).toEqual([]);
  });

  it('never fails on boot', async () => {
    const { stores, ctx } = setup({ [P.token]: () => ({ status: 500, body: {} }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(run('session.loadUser', { ifSignedIn: true }, ctx)).resolves.toBeUndefined();
    expect(stores.session.isAuthorized).toBe(false);
  });
});

describe('session.setLoginMenu', () => {
  it('toggles, opens (closing the mini cart) and closes (clearing a failure)', () => {
    const { stores, ctx } = setup();
    stores.cart.setMiniCartOpen(true);
    void run('session.setLoginMenu', {}, ctx);
    expect(stores.session.loginMenuOpen).toBe(true);
    expect(stores.cart.miniCartOpen).toBe(false);
    stores.session.setLoginFailure('x');
    void run('session.setLoginMenu', { open: false }, ctx);
    expect(stores.session.loginMenuOpen).toBe(false);
    expect(stores.session.loginFailed).toBe(false);
  });
});

describe('checkout.proceed for signed-in users', () => {
  for (const [flag, key] of [['isLightAccount', 'user.lightAccount'], ['subaccountLogin', 'user.subaccount'], ['otpLogin', 'user.otpLogin']] as const) {
    it(`${flag} → error toast ${key}, no checkout`, async () => {
      const { stores, ctx, calls } = setup();
      stores.session.setUser({ ...MARKO, [flag]: true });
      await run('checkout.proceed', {}, ctx);
      expect(stores.ui.toasts.at(-1)).toMatchObject({ kind: 'error', message: key });
      expect(calls).toHaveLength(0);
      expect(ctx.navigate).not.toHaveBeenCalled();
    });
  }

  it('a weak password goes to /podaci/slaba-lozinka, no e-mail to /podaci/dopuni-podatke; both continue to checkout', async () => {
    const a = setup();
    a.stores.session.setUser({ ...MARKO, weakPassword: true });
    await run('checkout.proceed', {}, a.ctx);
    expect(a.ctx.navigate).toHaveBeenCalledWith('/podaci/slaba-lozinka');
    expect(a.stores.account.continueTo).toBe('checkout');
    const b = setup();
    b.stores.session.setUser({ ...MARKO, emailNotSet: true });
    await run('checkout.proceed', {}, b.ctx);
    expect(b.ctx.navigate).toHaveBeenCalledWith('/podaci/dopuni-podatke');
    expect(b.stores.account.continueTo).toBe('checkout');
    expect(b.stores.ui.toasts).toEqual([]);
  });

  it('the gates are the document\'s (routes.json accountGates): an analyst\'s new gate sends the shopper, no gate lets them on', async () => {
    const routes = JSON.parse(readFileSync('schemas/rules/routes.json', 'utf8')) as Record<string, unknown>;
    const gated = { ...routes, accountGates: [{ when: { scope: '/user/contactPhoneNumber', schema: { const: null } }, to: 'fillData' }] };
    const a = setup({ 'GET /ui/rules/routes': () => ({ body: gated }) });
    a.stores.session.setUser({ ...MARKO, contactPhoneNumber: null, weakPassword: true });
    await run('checkout.proceed', {}, a.ctx);
    expect(a.ctx.navigate).toHaveBeenCalledWith('/podaci/dopuni-podatke');
    const b = setup({ 'GET /ui/rules/routes': () => ({ body: { ...routes, accountGates: undefined } }) });
    b.stores.session.setUser({ ...MARKO, weakPassword: true });
    expect(await userDataCheck(b.ctx, true)).toBe(false);
    expect(b.ctx.navigate).not.toHaveBeenCalled();
  });

  it('a full customer goes to the first checkout step', async () => {
    const { stores, ctx } = setup({
      'POST /hybris/ecommerce/b2c/v1/users/carts/validate': () => ({ body: { checkoutSteps: [{ code: 'GUEST_ORDER_INFO', url: '/kupovina/podaci-dostava', eventName: 'e', hidden: false }], checkoutType: 'GUEST', cart: { entries: [] }, errors: { errors: [] } } }),
    });
    stores.session.setUser(MARKO);
    await run('checkout.proceed', {}, ctx);
    expect(ctx.navigate).toHaveBeenCalledWith('/kupovina/podaci-dostava');
  });

  it('not signed in: remembered for checkout; a guest cart opens the guest modal, another checkout type the login menu', async () => {
    const a = setup();
    a.stores.cart.setCart({ ...CART, checkoutType: 'GUEST' } as never);
    await run('checkout.proceed', {}, a.ctx);
    expect(a.stores.ui.topModal?.id).toBe('guest-or-login');
    expect(a.stores.session.rememberCheckout).toBe(true);

    const b = setup();
    b.stores.cart.setCart({ ...CART, checkoutType: 'MOBILE', checkoutSignInRequired: true } as never);
    await run('checkout.proceed', {}, b.ctx);
    expect(b.stores.ui.topModal).toBeFalsy();
    expect(b.stores.session.loginMenuOpen).toBe(true);
    expect(b.stores.session.rememberCheckout).toBe(true);
  });
});
