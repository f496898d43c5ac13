import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import accountActions from '../../../actions/account/account';
import { CONVERSIONS } from '../../../actions/form-submit';
import type { ActionDef } from '../../../actions/define';
import type { ActionContext } from '../../../renderer/types';
import { fakeFetch, makeCtx, makeStores } from './helpers';

const defs = new Map<string, ActionDef>(accountActions.map((d) => [d.name, d]));
const run = (name: string, args: Record<string, unknown>, ctx: ActionContext) => defs.get(name)!.run(args, ctx);
const V1 = '/hybris/ecommerce/b2c/v1';
const USER = { email: 'slaba@orbita.rs', firstName: 'Nikola', lastName: 'Stojanović', userName: 'nikola.stojanovic', customerId: '1', weakPassword: false, emailNotSet: false, isLightAccount: false, roles: [] };

function setup(overrides: Record<string, (req: { body: unknown }) => { status?: number; body?: unknown }> = {}) {
  const stores = makeStores();
  const { fetch, calls } = fakeFetch({
    'GET /selfcare/b2c/auth/token': () => ({ body: { data: { token: 't2', authorized: true } } }),
    'GET /hybris/selfcare/b2c/v1/user/info': () => ({ body: USER }),
    [`GET ${V1}/users/carts/fullcart`]: () => ({ body: { code: 'C', entries: [], totalItems: 0 } }),
    ...overrides,
  });
  const ctx = makeCtx(stores, new ApiClient({ stores, fetch, reload: vi.fn() }), { route: { path: '/', params: {}, query: {} } });
  return { stores, ctx, calls };
}

describe('account actions', () => {
  it('shows the issue date as dd.mm.yyyy and sends yyyy-mm-ddT01:00:00+01:00 (seed 001 §3)', () => {
    const issueDate = CONVERSIONS.issueDate!.apply;
    expect(issueDate('12.04.2021')).toBe('2021-04-12T01:00:00+01:00');
    expect(issueDate('12.04.2021.')).toBe('2021-04-12T01:00:00+01:00');
    expect(issueDate('')).toBe('');
    expect(issueDate('2021-04-12')).toBe('');
  });

  it('mini cart registration: an empty cart is an error toast, a filled one the registration check', async () => {
    const a = setup();
    await run('account.registerFromCart', {}, a.ctx);
    expect(a.stores.ui.toasts.at(-1)).toMatchObject({ kind: 'error', message: 'cart.empty' });
    expect(a.ctx.navigate).not.toHaveBeenCalled();
    const b = setup();
    b.stores.cart.setCart({ code: 'C', entries: [{ entryNumber: 0, product: { code: 'X' } }], totalItems: 1 } as never);
    b.stores.cart.setMiniCartOpen(true);
    await run('account.registerFromCart', {}, b.ctx);
    expect(b.ctx.navigate).toHaveBeenCalledWith('/kupovina/registracija-provera');
    expect(b.stores.cart.miniCartOpen).toBe(false);
  });

  it('a taken username: the error toast, nothing registered', async () => {
    const { stores, ctx, calls } = setup({ [`POST ${V1}/checkusername`]: () => ({ body: false }) });
    stores.ui.setFormData('register-existing', { username: 'marko.petrovic', uid: 'a@b.rs', password: 'Abcdef1!', passwordConfirmation: 'Abcdef1!', verificationCode: '123456' });
    stores.account.setCustomer({ customerId: '1000010', firstName: 'Jovana', lastName: 'Milić', jmbg: '0411979717342' });
    await expect(run('account.register', { form: 'register-existing', mode: 'existing', next: '/x' }, ctx)).rejects.toThrow();
    expect(stores.ui.toasts.at(-1)).toMatchObject({ kind: 'error', message: 'account.usernameTaken' });
    expect(calls.some((c) => c.url.pathname.endsWith('/register/new'))).toBe(false);
  });

  it('username on leaving the field: one request per new value; taken → the error toast and the field\'s error; free clears it; malformed is left to the field', async () => {
    let answer = false;
    const { stores, ctx, calls } = setup({
      [`POST ${V1}/checkusername`]: (req) => ((req.body as { username: string }).username === 'a..b' ? { status: 400, body: { errors: [{ type: 'ValidationError', message: 'Format nije odgovarajući.', reason: 'usernameFormat', subject: 'username' }] } } : { body: answer }),
    });
    const asked = () => calls.filter((c) => c.url.pathname.endsWith('/checkusername')).length;
    stores.ui.setFormData('register-new', { username: 'marko.petrovic' });
    await run('account.checkUsername', { form: 'register-new' }, ctx);
    expect(asked()).toBe(1);
    expect(stores.ui.toasts.at(-1)).toMatchObject({ kind: 'error', message: 'account.usernameTaken' });
    expect(stores.ui.forms['register-new']!.fieldErrors?.username).toMatchObject({ value: 'marko.petrovic' });
    // leaving it again unchanged asks nothing
    await run('account.checkUsername', { form: 'register-new' }, ctx);
    expect(asked()).toBe(1);
    answer = true;
    stores.ui.setFormData('register-new', { username: 'milena.slobodna' });
    await run('account.checkUsername', { form: 'register-new' }, ctx);
    expect(asked()).toBe(2);
    expect(stores.ui.forms['register-new']!.fieldErrors?.username).toBeUndefined();
    // a malformed name: no error box, no toast (the field's own rule says why)
    const toasts = stores.ui.toasts.length;
    stores.ui.setFormData('register-new', { username: 'a..b' });
    await run('account.checkUsername', { form: 'register-new' }, ctx);
    expect(stores.ui.toasts.length).toBe(toasts);
    expect(stores.account.error).toBeNull();
  });

  it('registers an existing customer with the customer number, then a new token, the user and the cart', async () => {
    const { stores, ctx, calls } = setup({
      [`POST ${V1}/checkusername`]: () => ({ body: true }),
      [`POST ${V1}/register/new`]: () => ({ body: { username: 'jovana.m', email: 'j@primer.rs', authorized: true } }),
    });
    // the form as its document declares it ("submit" of register-existing.json: the fields as typed — the code's
    // otpCode rule lets no space through — and the customer found by JMBG from the store, "with")
    stores.ui.setFormData('register-existing', { username: 'jovana.m', uid: 'j@primer.rs', password: 'Jovana2026!', passwordConfirmation: 'Jovana2026!', verificationCode: '123456', shown: true });
    stores.account.setCustomer({ customerId: '1000010', firstName: 'Jovana', lastName: 'Milić', jmbg: '0411979717342' });
    await run('account.register', { form: 'register-existing', mode: 'existing', next: '/done' }, ctx);
    const reg = calls.find((c) => c.url.pathname.endsWith('/register/new'))!;
    expect(reg.body).toEqual({
      uid: 'j@primer.rs', username: 'jovana.m', password: 'Jovana2026!', passwordConfirmation: 'Jovana2026!', verificationCode: '123456',
      customerNumber: '1000010', customerData: { jmbg: '0411979717342', firstName: 'Jovana', lastName: 'Milić' },
    });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`).slice(-3)).toEqual(['GET /selfcare/b2c/auth/token', 'GET /hybris/selfcare/b2c/v1/user/info', `GET ${V1}/users/carts/fullcart`]);
    expect(stores.account.registered).toEqual({ username: 'jovana.m', email: 'j@primer.rs' });
    expect(ctx.navigate).toHaveBeenCalledWith('/done');
  });

  it('registers a new user as register-new.json declares: customer data grouped, the e-mail twice, the issue date converted, the address chosen', async () => {
    const { stores, ctx, calls } = setup({
      [`POST ${V1}/checkusername`]: () => ({ body: true }),
      [`POST ${V1}/register/new`]: () => ({ body: { username: 'novi.k', email: 'n@primer.rs', authorized: true } }),
    });
    stores.ui.setFormData('register-new', {
      firstName: 'Nikola', lastName: 'Kovač', jmbg: '0411979717342', contactPhone: '0641234567', docId: '012345678', docIssueAuthority: 'PU Beograd',
      docIssueDate: '12.04.2021.', uid: 'n@primer.rs', username: 'novi.k', password: 'Nikola2026!', passwordConfirmation: 'Nikola2026!', verificationCode: '123456',
    });
    stores.account.setAddressField('tisAddressCode', 'TIS-1');
    stores.account.setAddressField('apartment', '12');
    await run('account.register', { form: 'register-new', mode: 'new', next: '/done' }, ctx);
    expect(calls.find((c) => c.url.pathname.endsWith('/register/new'))!.body).toEqual({
      uid: 'n@primer.rs', username: 'novi.k', password: 'Nikola2026!', passwordConfirmation: 'Nikola2026!', verificationCode: '123456',
      address: { tisAddressCode: 'TIS-1', apartment: '12' },
      customerData: {
        firstName: 'Nikola', lastName: 'Kovač', jmbg: '0411979717342', contactPhone: '0641234567', contactEmail: 'n@primer.rs',
        docId: '012345678', docIssueAuthority: 'PU Beograd', docIssueDate: '2021-04-12T01:00:00+01:00',
      },
    });
    expect(ctx.navigate).toHaveBeenCalledWith('/done');
  });

  it('a new user without an address is stopped before any call', async () => {
    const { stores, ctx, calls } = setup();
    stores.ui.setFormData('register-new', { username: 'novi.k' });
    await expect(run('account.register', { form: 'register-new', mode: 'new', next: '/x' }, ctx)).rejects.toThrow();
    expect(calls).toHaveLength(0);
    expect(stores.account.address.errorField).toBe('tisAddressCode');
    expect(stores.account.error).toBe(stores.session.t('account.address.required'));
  });

  it('a fixed weak password continues to checkout when the shopper was going there', async () => {
    const { stores, ctx, calls } = setup({ [`POST ${V1}/users/password`]: () => ({ body: { authorized: true, weakPassword: false, emailNotSet: false } }) });
    stores.session.setUser({ ...USER, weakPassword: true } as never);
    stores.account.setContinueTo('checkout');
    stores.ui.setFormData('password-change', { oldPassword: 'Orbita2026!', password: 'Jaka2026!x', passwordConfirmation: 'Jaka2026!x' });
    await run('account.changePassword', { form: 'password-change' }, ctx);
    expect(calls.find((c) => c.url.pathname.endsWith('/users/password'))!.body).toEqual({ oldPassword: 'Orbita2026!', password: 'Jaka2026!x', passwordConfirmation: 'Jaka2026!x' });
    expect(stores.session.user?.weakPassword).toBe(false);
    expect(ctx.dispatch).toHaveBeenCalledWith({ action: 'checkout.proceed', args: {} });
    expect(stores.account.continueTo).toBe('');
  });

  it('a refusal naming a field of the form marks that field (focus); one naming none shows the server message on the page', async () => {
    let subject = 'oldPassword';
    const { stores, ctx } = setup({ [`POST ${V1}/users/password`]: () => ({ status: 400, body: { errors: [{ type: 'ValidationError', message: 'Trenutna lozinka nije ispravna.', reason: 'wrongPassword', subject }] } }) });
    stores.ui.setFormData('password-change', { oldPassword: 'x', password: 'Jaka2026!x', passwordConfirmation: 'Jaka2026!x' });
    await expect(run('account.changePassword', { form: 'password-change' }, ctx)).rejects.toThrow();
    expect(stores.ui.forms['password-change']!.fieldErrors).toEqual({ oldPassword: { message: 'Trenutna lozinka nije ispravna.', value: 'x' } });
    expect(stores.ui.fieldFocus).toMatchObject({ formId: 'password-change', field: 'oldPassword' });
    expect(stores.account.error).toBeNull();
    subject = '';
    await expect(run('account.changePassword', { form: 'password-change' }, ctx)).rejects.toThrow();
    expect(stores.account.error).toBe('Trenutna lozinka nije ispravna.');
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  // the forms declare their call ("submit" of schemas/forms/*.json): the body is the form's fields as typed, nothing
  // else the data holds, empty ones left out, a default of the data schema in an unchosen field
  it('password change, e-mail fill, recovery and identification send the fields their form declares, nothing else', async () => {
    const { stores, ctx, calls } = setup({
      [`POST ${V1}/users/password`]: () => ({ body: { authorized: true, weakPassword: false, emailNotSet: false } }),
      [`PUT ${V1}/users/email`]: () => ({ body: { authorized: true, weakPassword: false, emailNotSet: false } }),
      [`POST ${V1}/password/recovery`]: () => ({ body: { channel: 'EMAIL', expiresInSeconds: 300 } }),
      'POST /hybris/selfcare/b2c/v1/register/jmbg': () => ({ body: { customerId: '1000010', firstName: 'Jovana', lastName: 'Milić' } }),
    });
    const bodyOf = (path: string) => calls.filter((c) => c.url.pathname.endsWith(path)).at(-1)!.body;
    stores.ui.setFormData('password-change', { oldPassword: 'Orbita2026!', password: 'Jaka2026!x', passwordConfirmation: 'Jaka2026!x', shown: true });
    await run('account.changePassword', { form: 'password-change', next: '/x' }, ctx);
    expect(bodyOf('/users/password')).toEqual({ oldPassword: 'Orbita2026!', password: 'Jaka2026!x', passwordConfirmation: 'Jaka2026!x' });
    stores.ui.setFormData('fill-email', { email: 'novi@primer.rs', code: '123456', extra: 'x' });
    await run('account.setEmail', { form: 'fill-email' }, ctx);
    expect(bodyOf('/users/email')).toEqual({ email: 'novi@primer.rs', code: '123456' });
    // no channel chosen: the form's default (EMAIL), also kept for the reset step
    stores.ui.setFormData('password-recovery', { address: 'slaba@orbita.rs', channel: '' });
    await run('account.requestRecovery', { form: 'password-recovery' }, ctx);
    expect(bodyOf('/password/recovery')).toEqual({ channel: 'EMAIL', address: 'slaba@orbita.rs' });
    expect(stores.account.recovery).toEqual({ channel: 'EMAIL', address: 'slaba@orbita.rs' });
    stores.ui.setFormData('register-identify', { jmbg: '0411979717342', customerId: '1000010', note: 'x' });
    await run('account.identifyCustomer', { form: 'register-identify', next: '/izbor' }, ctx);
    expect(bodyOf('/register/jmbg')).toEqual({ jmbg: '0411979717342', customerId: '1000010' });
    expect(stores.account.customer).toMatchObject({ customerId: '1000010', jmbg: '0411979717342' });
    expect(ctx.navigate).toHaveBeenLastCalledWith('/izbor');
  });
});
