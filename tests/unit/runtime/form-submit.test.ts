// The forms that declare what they submit ("submit" of schemas/forms/*.json) are sent by their actions through
// sendForm (actions/form-submit.ts): the body is the fields of the form's data schema as typed, nothing else the data
// holds, empty ones left out, an unchosen field with a "default" given it; a 400 naming a field marks that field.
import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { ApiError } from '../../../actions/api/errors';
import { markRefusedField, refusedFieldOf, sendForm, withDefaults } from '../../../actions/form-submit';
import type { ActionDef } from '../../../actions/define';
import type { ActionContext } from '../../../renderer/types';
import contactActions from '../../../actions/selfcare/contact';
import billActions from '../../../actions/selfcare/bills';
import dontCallActions from '../../../actions/selfcare/dontcall';
import topUpActions from '../../../actions/selfcare/topup';
import profileActions from '../../../actions/profile/profile';
import homeActions from '../../../actions/home/home';
import prepaidActions from '../../../actions/selfcare/prepaid';
import accountActions from '../../../actions/account/account';
import { fakeFetch, makeCtx, makeStores, servedForm } from './helpers';

vi.mock('../../../actions/dom', async (orig) => ({ ...(await orig<typeof import('../../../actions/dom')>()), assignLocation: vi.fn() }));

const defs = new Map<string, ActionDef>([...contactActions, ...billActions, ...dontCallActions, ...topUpActions, ...profileActions, ...homeActions, ...prepaidActions, ...accountActions].map((d) => [d.name, d]));
const run = (name: string, args: Record<string, unknown>, ctx: ActionContext) => defs.get(name)!.run(args, ctx);
const V1 = '/hybris/ecommerce/b2c/v1';
type Handler = (req: { body: unknown }) => { status?: number; body?: unknown };

function setup(table: Record<string, Handler>) {
  const stores = makeStores();
  const { fetch, calls } = fakeFetch(table);
  const ctx = makeCtx(stores, new ApiClient({ stores, fetch, reload: vi.fn() }), { route: { path: '/', params: {}, query: {} } });
  return { stores, ctx, calls };
}
const refusal = (subject: string, message = 'Nije ispravno.', status = 400) => ({ status, body: { errors: [{ type: 'ValidationError', reason: 'x', subject, message }] } });
const form = (id: string) => servedForm(id);

describe('sendForm', () => {
  it('sends the document\'s fields to its call: nothing else, empty ones left out, defaults in unchosen fields', async () => {
    const { ctx, calls } = setup({ [`POST ${V1}/contactMts/general`]: () => ({ body: { ticket: 'KT1', message: 'ok' } }) });
    const sent = await sendForm(ctx.api, 'contact', { firstName: 'Ana', lastName: 'Pavić', email: 'a@b.rs', phone: '', bankAccount: null, message: 'Dobar dan, pitanje.', extra: 'x' });
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', `${V1}/contactMts/general`, { topic: 'GENERAL', firstName: 'Ana', lastName: 'Pavić', email: 'a@b.rs', message: 'Dobar dan, pitanje.' }],
    ]);
    expect(sent.responses).toEqual([{ ticket: 'KT1', message: 'ok' }]);
    expect(sent.data.topic).toBe('GENERAL');
  });

  it('follows the document: another "submit" or field list is another request, with no code changed', async () => {
    const doc = form('contact');
    doc.submit = { call: 'contactMts', map: { '/email': '/contactEmail' } };
    delete doc.schema.properties.message;
    const { ctx, calls } = setup({ 'GET /ui/forms/contact': () => ({ body: doc }), [`POST ${V1}/contactMts/general`]: () => ({ body: {} }) });
    await sendForm(ctx.api, 'contact', { topic: 'SALES', firstName: 'Ana', lastName: 'P', email: 'a@b.rs', message: 'not in the form any more' });
    expect(calls.at(-1)!.body).toEqual({ topic: 'SALES', firstName: 'Ana', lastName: 'P', contactEmail: 'a@b.rs' });
  });

  it('a form without "submit" is refused before any call', async () => {
    const doc = form('login');
    delete doc.submit;
    const { ctx, calls } = setup({ 'GET /ui/forms/login': () => ({ body: doc }) });
    await expect(sendForm(ctx.api, 'login', { email: 'a', password: 'b' })).rejects.toThrow('form "login" declares no "submit"');
    // only the document was read (this test serves it without "submit")
    expect(calls.map((c) => c.url.pathname)).toEqual(['/ui/forms/login']);
  });

  it('a 400 naming a field of the form (contract "body/x" or service "x") is remembered and marked; others are not', async () => {
    let answer = refusal('body/email');
    const { stores, ctx } = setup({ [`POST ${V1}/contactMts/general`]: () => answer });
    const data = { firstName: 'Ana', lastName: 'P', email: 'a@b', message: 'Dobar dan, pitanje.' };
    const thrown = async () => { try { await sendForm(ctx.api, 'contact', data); } catch (e) { return e; } throw new Error('not refused'); };
    let e = await thrown();
    expect(e).toBeInstanceOf(ApiError);
    expect(refusedFieldOf(e)).toBe('email');
    stores.ui.setFormData('contact', data);
    expect(markRefusedField(stores.ui, 'contact', e)).toBe(true);
    expect(stores.ui.forms.contact!.fieldErrors).toEqual({ email: { message: 'Nije ispravno.', value: 'a@b' } });
    expect(stores.ui.fieldFocus).toMatchObject({ formId: 'contact', field: 'email' });
    answer = refusal('lastName');
    expect(refusedFieldOf(await thrown())).toBe('lastName');
    for (const other of [refusal('ticket'), refusal(''), refusal('email', 'x', 409)]) {
      answer = other;
      e = await thrown();
      expect(refusedFieldOf(e)).toBeNull();
      expect(markRefusedField(stores.ui, 'contact', e)).toBe(false);
    }
  });

  it('a form whose "with" reads the shop\'s state is refused without the state, before any call', async () => {
    const { ctx, calls } = setup({});
    await expect(sendForm(ctx.api, 'password-reset', { code: '123456', password: 'Nova2026!', passwordConfirmation: 'Nova2026!' })).rejects.toThrow('form "password-reset" sends values of the shop\'s state ("with", "when"): sendForm needs the stores');
    expect(calls).toEqual([]);
  });

  it('withDefaults fills only empty fields, nested too, and leaves the data as it was', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', default: 'A' }, b: { type: 'string', default: 'B' }, g: { type: 'object', properties: { c: { type: 'boolean', default: true } } } } };
    const data = { a: '', b: 'typed' };
    expect(withDefaults(schema, data)).toEqual({ a: 'A', b: 'typed', g: { c: true } });
    expect(data).toEqual({ a: '', b: 'typed' });
  });
});

describe('the self-care and profile forms send what their document declares', () => {
  it('contact: the acknowledgement; a refused field marked under itself; another refusal above the form', async () => {
    let answer: () => { status?: number; body?: unknown } = () => ({ body: { ticket: 'KT12345678', message: 'Hvala.' } });
    const { stores, ctx, calls } = setup({ [`POST ${V1}/contactMts/general`]: () => answer() });
    const data = { topic: 'BILLING', firstName: 'Ana', lastName: 'Pavić', email: 'a@b.rs', phone: '0641234567', message: 'Dobar dan, pitanje.', bankAccount: '' };
    stores.ui.setFormData('contact', data);
    await run('selfcare.sendContact', {}, ctx);
    expect(calls.at(-1)!.body).toEqual({ topic: 'BILLING', firstName: 'Ana', lastName: 'Pavić', email: 'a@b.rs', phone: '0641234567', message: 'Dobar dan, pitanje.' });
    expect(stores.selfcare.contactResult).toEqual({ ticket: 'KT12345678', message: 'Hvala.' });
    expect(stores.ui.forms.contact!.data).toEqual({});
    stores.ui.setFormData('contact', { ...data, phone: '0641' });
    answer = () => refusal('phone', 'Broj mobilnog telefona nije ispravan.');
    await expect(run('selfcare.sendContact', {}, ctx)).rejects.toThrow();
    expect(stores.ui.forms.contact!.fieldErrors).toEqual({ phone: { message: 'Broj mobilnog telefona nije ispravan.', value: '0641' } });
    expect(stores.selfcare.contactError).toBeNull();
    answer = () => refusal('', 'Previše poruka.', 429);
    await expect(run('selfcare.sendContact', {}, ctx)).rejects.toThrow();
    expect(stores.selfcare.contactError).toBe('Previše poruka.');
  });

  it('bill find: customer number and reference as typed (the server trims them); the outcome shown as before', async () => {
    let answer: () => { status?: number; body?: unknown } = () => ({ body: { bill: { reference: '12345678' }, billSessionId: 's1' } });
    const { stores, ctx, calls } = setup({ 'POST /ecommerce/b2c/bill/find': () => answer() });
    stores.ui.setFormData('bill-find', { customerNumber: ' 1000010', billReference: '12345678', shown: 1 });
    await run('selfcare.findBill', {}, ctx);
    expect(calls.at(-1)!.body).toEqual({ customerNumber: ' 1000010', billReference: '12345678' });
    expect(stores.selfcare.billSessionId).toBe('s1');
    answer = () => ({ status: 404, body: { errors: [{ type: 'PaymentError', reason: 'NOT_FOUND', subject: 'billReference', message: 'Račun nije pronađen.' }] } });
    await expect(run('selfcare.findBill', {}, ctx)).rejects.toThrow();
    expect(stores.selfcare.billError).toMatchObject({ reason: 'NOT_FOUND', text: 'Račun nije pronađen.' });
    expect(stores.ui.forms['bill-find']!.fieldErrors).toBeUndefined();
  });

  it('do-not-call: kind and action from the form (defaults when unchosen); the request kept for the code step', async () => {
    const { stores, ctx, calls } = setup({ [`POST ${V1}/users/dontcall/requestotp`]: () => ({ body: { number: '064 5550011', expiresInSeconds: 300 } }) });
    stores.ui.setFormData('dont-call', { number: '0645550011' });
    await run('selfcare.dontCallRequestCode', {}, ctx);
    expect(calls.at(-1)!.body).toEqual({ action: 'ADD', kind: 'MSISDN', number: '0645550011' });
    expect(stores.selfcare.dontCallRequest).toMatchObject({ kind: 'MSISDN', action: 'ADD', number: '0645550011' });
    expect(stores.selfcare.dontCallStep).toBe('code');
    await run('selfcare.dontCallRequestCode', { again: true }, ctx);
    expect(calls.at(-1)!.body).toEqual({ kind: 'MSISDN', action: 'ADD', number: '0645550011' });
  });

  it('top-up: number and amount; a refused number marked under its field instead of the box', async () => {
    let answer: () => { status?: number; body?: unknown } = () => ({ body: { redirectionUrl: '/gateway/x' } });
    const { stores, ctx, calls } = setup({ [`POST ${V1}/topup/card/authorize`]: () => answer() });
    stores.ui.setFormData('topup', { msisdn: '0641234567', amount: 500 });
    await run('selfcare.topUp', {}, ctx);
    expect(calls.at(-1)!.body).toEqual({ msisdn: '0641234567', amount: 500 });
    answer = () => refusal('msisdn', 'Dopuna je moguća samo za pripejd brojeve.');
    await expect(run('selfcare.topUp', {}, ctx)).rejects.toThrow();
    expect(stores.ui.forms.topup!.fieldErrors).toEqual({ msisdn: { message: 'Dopuna je moguća samo za pripejd brojeve.', value: '0641234567' } });
    expect(stores.selfcare.topUpError).toBeNull();
  });

  it('profile e-mail: the address to the code call; an address in use marked under the field, not the box', async () => {
    let answer: () => { status?: number; body?: unknown } = () => ({ body: { expiresInSeconds: 300 } });
    const { stores, ctx, calls } = setup({ [`POST ${V1}/users/email/otp`]: () => answer() });
    stores.ui.setFormData('profile-email', { email: 'nova@primer.rs' });
    await run('profile.requestEmailCode', {}, ctx);
    expect(calls.at(-1)!.body).toEqual({ email: 'nova@primer.rs' });
    expect(stores.profile.emailCode.to).toBe('nova@primer.rs');
    answer = () => refusal('email', 'Ova imejl adresa se već koristi.');
    await expect(run('profile.requestEmailCode', {}, ctx)).rejects.toThrow();
    expect(stores.ui.forms['profile-email']!.fieldErrors).toEqual({ email: { message: 'Ova imejl adresa se već koristi.', value: 'nova@primer.rs' } });
    expect(stores.profile.emailError).toBeNull();
  });
  it('FNP: the form\'s fields (nothing else the data holds); the billing address only when it is not the installation one', async () => {
    let answer: () => { status?: number; body?: unknown } = () => ({ status: 201, body: { reference: 'FNP-0A1B2C3D', message: 'Hvala.' } });
    const { stores, ctx, calls } = setup({ [`POST ${V1}/contactMts`]: () => answer() });
    const installationAddress = { town: 'Beograd', postalCode: '11000', street: 'Njegoševa', streetNumber: '12', entrance: '' };
    const billingAddress = { town: 'Niš', postalCode: '18000', street: 'Obrenovićeva', streetNumber: '1' };
    const data = {
      firstName: 'Milica', lastName: 'Jovanović', jmbg: '0101990710008', networkGroup: '011', phoneNumber: '3456789', currentOperator: 'SBB',
      installationAddress, billingSameAsInstallation: true, billingAddress, contactPhone: '641234567', contactEmail: 'milica@example.rs',
      termsConsent: true, serviceConsent: true, otpCode: '123456', eBillEmail: '', step: 2,
    };
    stores.ui.setFormData('fnp', data);
    await run('home.submitFnp', { form: 'fnp' }, ctx);
    const { billingAddress: _typed, step: _step, eBillEmail: _empty, ...sent } = data;
    expect(calls.at(-1)!.body).toEqual({ ...sent, installationAddress: { town: 'Beograd', postalCode: '11000', street: 'Njegoševa', streetNumber: '12' } });
    expect(stores.home.fnp).toMatchObject({ reference: 'FNP-0A1B2C3D', error: null });
    stores.ui.setFormData('fnp', { ...data, billingSameAsInstallation: false });
    await run('home.submitFnp', { form: 'fnp' }, ctx);
    expect(calls.at(-1)!.body).toMatchObject({ billingSameAsInstallation: false, billingAddress });
    answer = () => refusal('body/installationAddress/postalCode', 'Poštanski broj nije ispravan.');
    await run('home.submitFnp', { form: 'fnp' }, ctx);
    expect(stores.ui.forms.fnp!.fieldErrors).toEqual({ 'installationAddress.postalCode': { message: 'Poštanski broj nije ispravan.', value: '11000' } });
    expect(stores.home.fnp.error).toBeNull();
  });
});

// A form whose call also needs what an earlier step left in the shop's state declares it in "with"
// ({ "/billSessionId": { "$bind": "/selfcare/billSessionId" } }): the action sends the form, no field list in code.
describe('the forms that send values of the shop\'s state ("with")', () => {
  const BILL_SESSION = 'S3ss10n_0123456789abcdef';

  it('bill consents: the three consents under /consents, with the bill session the search step kept', async () => {
    const { stores, ctx, calls } = setup({ 'POST /ecommerce/b2c/bill/payment/authorize': () => ({ body: { redirectionUrl: '/gateway/b1' } }) });
    stores.selfcare.setBill({ reference: '12345678' } as never, BILL_SESSION);
    stores.ui.setFormData('bill-consents', { GENERAL_TERMS_AGREEMENT: true, PRIVACY_POLICY_AGREEMENT: true, PERSONAL_DATA_NOTICE: true, shown: 1 });
    await run('selfcare.payBill', {}, ctx);
    expect(calls.at(-1)!.body).toEqual({
      billSessionId: BILL_SESSION, consents: { GENERAL_TERMS_AGREEMENT: true, PRIVACY_POLICY_AGREEMENT: true, PERSONAL_DATA_NOTICE: true },
    });
  });

  it('password reset: code and new password from the form, channel and address of the recovery step', async () => {
    const { stores, ctx, calls } = setup({
      [`POST ${V1}/password/reset`]: () => ({ body: { authorized: true, weakPassword: false, emailNotSet: false } }),
      'GET /selfcare/b2c/auth/token': () => ({ body: { data: { token: 't2', authorized: true } } }),
      'GET /hybris/selfcare/b2c/v1/user/info': () => ({ body: { email: 'slaba@orbita.rs', firstName: 'N', lastName: 'S', userName: 'n.s', customerId: '1', roles: [] } }),
      [`GET ${V1}/users/carts/fullcart`]: () => ({ body: { code: 'C', entries: [], totalItems: 0 } }),
    });
    stores.account.setRecovery({ channel: 'SMS', address: '0641234567' });
    stores.ui.setFormData('password-reset', { code: '123456', password: 'Povratak2026!', passwordConfirmation: 'Povratak2026!' });
    await run('account.resetPassword', { form: 'password-reset', next: '/gotovo' }, ctx);
    expect(calls.find((c) => c.url.pathname.endsWith('/password/reset'))!.body).toEqual({
      channel: 'SMS', address: '0641234567', code: '123456', password: 'Povratak2026!', passwordConfirmation: 'Povratak2026!',
    });
    expect(ctx.navigate).toHaveBeenCalledWith('/gotovo');
    // no recovery step before: stopped with its message, nothing sent
    const before = calls.length;
    stores.account.setRecovery(null);
    await expect(run('account.resetPassword', { form: 'password-reset', next: '/gotovo' }, ctx)).rejects.toThrow('no recovery');
    expect(calls.length).toBe(before);
  });

  it('profile e-mail code: the code from the form, the address it was sent to from the store', async () => {
    const { stores, ctx, calls } = setup({
      [`PUT ${V1}/users/email`]: () => ({ body: { authorized: true, weakPassword: false, emailNotSet: false } }),
      'GET /selfcare/b2c/auth/token': () => ({ body: { data: { token: 't2', authorized: true } } }),
      'GET /hybris/selfcare/b2c/v1/user/info': () => ({ body: { email: 'nova@primer.rs', firstName: 'N', lastName: 'S', userName: 'n.s', customerId: '1', roles: [] } }),
    });
    stores.profile.emailCodeSent('nova@primer.rs', 300);
    stores.ui.setFormData('profile-email-code', { code: '654321' });
    await run('profile.saveEmail', {}, ctx);
    expect(calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith('/users/email'))!.body).toEqual({ email: 'nova@primer.rs', code: '654321' });
    expect(stores.profile.emailCode.to).toBe('');
  });

  it('personal data: the code form sent with the personal-data form\'s fields (the step before)', async () => {
    const user = { firstName: 'Ana', lastName: 'Pavić', contactPhoneNumber: '0641234567' };
    const { stores, ctx, calls } = setup({
      [`PUT ${V1}/users/personaldata`]: () => ({ body: { user: { ...user, email: 'a@b.rs' }, message: 'Sačuvano.' } }),
      'GET /selfcare/b2c/auth/token': () => ({ body: { data: { token: 't2', authorized: true } } }),
    });
    stores.ui.setFormData('personal-data', { ...user, note: 'not in the form' });
    stores.ui.setFormData('profile-code', { code: '112233' });
    await run('profile.save', {}, ctx);
    expect(calls.find((c) => c.url.pathname.endsWith('/users/personaldata'))!.body).toEqual({ ...user, code: '112233' });
    expect(stores.ui.toasts.at(-1)).toMatchObject({ kind: 'success', text: 'Sačuvano.' });
  });

  it('prepaid number check: a call that takes a query (prepaidCheck) gets the form\'s fields as its parameters; a refusal naming the parameter marks the field', async () => {
    const { stores, ctx, calls } = setup({
      'GET /hybris/selfcare/b2c/v1/blinking/users/prepaid/check': () => ({ body: { msisdn: '0641234567', isPrePaid: true, status: 'PENDING', registrationRequired: true, deadline: '2026-12-01T12:00:00Z', videoSlot: null } }),
      'GET /hybris/selfcare/b2c/v1/closing-time': () => ({ body: { slots: ['2026-12-01T10:00:00Z'] } }),
    });
    stores.ui.setFormData('prepaid-number', { msisdn: '0641234567', extra: 'not in the form' });
    await run('selfcare.checkPrepaid', {}, ctx);
    expect(calls.map((c) => [c.method, c.url.pathname, c.url.searchParams.get('msisdn'), c.url.searchParams.has('extra'), c.body ?? null])).toEqual([
      ['GET', '/hybris/selfcare/b2c/v1/blinking/users/prepaid/check', '0641234567', false, null],
      ['GET', '/hybris/selfcare/b2c/v1/closing-time', '0641234567', false, null],
    ]);
    expect(stores.selfcare.prepaid).toMatchObject({ msisdn: '0641234567', deadline: '2026-12-01T12:00:00Z' });
    expect(refusedFieldOf(await sendForm(setup({ 'GET /hybris/selfcare/b2c/v1/blinking/users/prepaid/check': () => refusal('querystring/msisdn') }).ctx.api, 'prepaid-number', { msisdn: '0641' }).catch((e: unknown) => e))).toBe('msisdn');
  });

  it('prepaid registration: the form\'s fields (document type by default), the checked number and the chosen time', async () => {
    const { stores, ctx, calls } = setup({
      'GET /hybris/selfcare/b2c/v1/customerid/check': () => ({ body: { customerId: '0411979717342', valid: true, adult: true } }),
      'POST /hybris/selfcare/b2c/v1/blinking': () => ({ body: { msisdn: '0641234567', videoSlot: '2026-12-01T10:00:00Z' } }),
    });
    stores.selfcare.setPrepaid({ msisdn: '0641234567', deadline: '2026-12-01T12:00:00Z', deadlineText: 'x' }, ['2026-12-01T10:00:00Z']);
    stores.selfcare.setPrepaidSlot('2026-12-01T10:00:00Z');
    const form = { code: 'AB12CD', firstName: 'Ana', lastName: 'Pavić', customerId: '0411979717342', documentNumber: '012345678', consent: true };
    stores.ui.setFormData('prepaid-registration', form);
    await run('selfcare.registerPrepaid', {}, ctx);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/hybris/selfcare/b2c/v1/customerid/check', '/hybris/selfcare/b2c/v1/blinking']);
    expect(calls.at(-1)!.body).toEqual({ ...form, documentType: 'ID_CARD', msisdn: '0641234567', videoSlot: '2026-12-01T10:00:00Z' });
    expect(stores.selfcare.prepaidResult).toMatchObject({ msisdn: '0641234567' });
  });
});
