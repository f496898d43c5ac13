// sendForm with calls made by condition ("when"), calls the action leaves out, written "with" values and the
// conversions mobileNumber and base64 — and the three forms that declare them send exactly the bodies their actions
// built by hand before (the old builders are kept here as the reference).
import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { callsMade, CONVERSIONS, failedCallOf, sendForm, submitBodies, type SubmitCall } from '../../../actions/form-submit';
import { encodePassword } from '../../../actions/session/storage';
import { fakeFetch, makeStores, servedForm } from './helpers';

const V1 = '/hybris/ecommerce/b2c/v1';
const answer = { kind: 'MSISDN', number: '064 5550011', listed: true, effective: false, effectiveFrom: '2026-11-27', message: 'ok' };

function api(table: Parameters<typeof fakeFetch>[0] = {}) {
  const stores = makeStores();
  const { fetch, calls } = fakeFetch(table);
  return { stores, client: new ApiClient({ stores, fetch, reload: vi.fn() }), calls };
}

describe('calls made by condition', () => {
  const a: SubmitCall = { call: 'a', when: { scope: '/s/k', schema: { const: 'A' } } };
  const b: SubmitCall = { call: 'b', when: { scope: '/s/k', schema: { const: 'B' } } };

  it('the calls without "when" and the one whose "when" holds; two at once, or leaving out an unconditional call, are errors', () => {
    expect(callsMade([{ call: 'x' }, a, b], { s: { k: 'B' } }).map((c) => c.call)).toEqual(['x', 'b']);
    expect(callsMade([{ call: 'x' }, a, b], { s: { k: 'B' } }, ['b']).map((c) => c.call)).toEqual(['x']);
    expect(() => callsMade([a, { ...b, when: { scope: '/s/k', schema: { type: 'string' } } }], { s: { k: 'A' } })).toThrow(/"a" and "b" hold at once/);
    expect(() => callsMade([{ call: 'x' }, a], {}, ['x'])).toThrow(/only a call with a "when" may be left out, not "x"/);
  });

  it('the fields go to the calls made: a field no map names to the first call made', () => {
    const doc = { schema: { type: 'object', properties: { code: { type: 'string' } } }, submit: [a, b] };
    expect(submitBodies(doc, { code: '1' }, { s: { k: 'B' } })).toEqual([{ call: 'b', body: { code: '1' } }]);
  });

  it('do-not-call code: each request of step 1 goes to its call with the body the action built before', async () => {
    for (const [kind, action, path] of [['MSISDN', 'ADD', 'msisdn/add'], ['MSISDN', 'REMOVE', 'msisdn/remove'], ['HOMELINE', 'ADD', 'homeline/add'], ['HOMELINE', 'REMOVE', 'homeline/remove']] as const) {
      const { stores, client, calls } = api({ [`POST ${V1}/users/dontcall/${path}`]: () => ({ body: answer }) });
      stores.selfcare.setDontCallRequest({ kind, action, number: '0645550011', sentText: '' });
      const sent = await sendForm(client, 'dont-call-code', { code: '123456' }, stores);
      const before = kind === 'MSISDN' ? { msisdn: '0645550011', code: '123456' } : { homeLineNumber: '0645550011', code: '123456' };
      expect(calls.map((c) => [c.url.pathname, c.body])).toEqual([[`${V1}/users/dontcall/${path}`, before]]);
      expect(sent.responses).toEqual([answer]);
    }
  });

  it('no call made (no request of step 1): refused before any call', async () => {
    const { stores, client, calls } = api();
    await expect(sendForm(client, 'dont-call-code', { code: '123456' }, stores)).rejects.toThrow(/no call of its "submit" is made/);
    expect(calls).toEqual([]);
  });
});

describe('the personal-data step sends what it built before', () => {
  const data = {
    orderFor: 'OTHER', firstName: 'Ana', lastName: 'Pavić', jmbg: '0101990710011', primaryContactDocumentIdNum: '123456789',
    primaryContactDocumentIdIssueAuthority: 'PU Beograd', primaryContactDocumentIdIssueDate: '12.04.2021', contactEmail: 'ana@primer.rs', msisdn: '0641234567',
  };
  /** The body delivery.submitPersonalData built by hand before the form declared "submit". */
  const handBuilt = (d: Record<string, string>) => ({ userInfo: {
    orderFor: d.orderFor === 'OTHER' ? 'OTHER' : 'SELF', firstName: d.firstName, lastName: d.lastName, jmbg: d.jmbg, primaryContactDocumentIdNum: d.primaryContactDocumentIdNum,
    primaryContactDocumentIdIssueAuthority: d.primaryContactDocumentIdIssueAuthority, primaryContactDocumentIdIssueDate: d.primaryContactDocumentIdIssueDate.replace(/^(\d{2})\.(\d{2})\.(\d{4})$/, '$3-$2-$1T01:00:00+01:00'),
    contactEmail: d.contactEmail.trim(), msisdn: d.msisdn.replace(/[\s-]/g, ''),
  } });

  it('the customer info, then the e-mail code when one was sent and typed (unless the action leaves it out)', async () => {
    const table = { [`POST ${V1}/checkout/customerinfo`]: () => ({ body: { cart: { code: 'C1' } } }), [`PUT ${V1}/otp/email`]: () => ({ body: { email: 'ana@primer.rs' } }) };
    const { stores, client, calls } = api(table);
    stores.ui.setFormData('order-personal-data', data);
    expect(servedForm('order-personal-data').submit).toBeDefined();
    await sendForm(client, 'order-personal-data', data, stores);
    expect(calls.map((c) => c.body)).toEqual([handBuilt(data)]);
    stores.checkout.setDelivery({ personal: { ...stores.checkout.delivery.personal, sent: true, email: 'ana@primer.rs', code: '654321' } });
    const answers: string[] = [];
    await sendForm(client, 'order-personal-data', data, stores, (_r, call) => answers.push(call));
    expect(calls.slice(1).map((c) => [c.method, c.body])).toEqual([['POST', handBuilt(data)], ['PUT', { code: '654321', email: 'ana@primer.rs' }]]);
    expect(answers).toEqual(['saveCustomerInfo', 'verifyEmailOtp']);
    await sendForm(client, 'order-personal-data', data, stores, undefined, ['verifyEmailOtp']);
    expect(calls.slice(3).map((c) => c.method)).toEqual(['POST']);
  });

  it('a failed call is named (failedCallOf): the e-mail code\'s refusal is told apart from the customer info\'s', async () => {
    const { stores, client } = api({
      [`POST ${V1}/checkout/customerinfo`]: () => ({ body: { cart: { code: 'C1' } } }),
      [`PUT ${V1}/otp/email`]: () => ({ status: 400, body: { errors: [{ type: 'ValidationError', subject: 'code', message: 'Pogrešan kod.' }] } }),
    });
    stores.checkout.setDelivery({ personal: { ...stores.checkout.delivery.personal, sent: true, email: 'ana@primer.rs', code: '654321' } });
    stores.ui.setFormData('order-personal-data', data);
    const e = await sendForm(client, 'order-personal-data', data, stores).catch((x: unknown) => x);
    expect(failedCallOf(e)).toBe('verifyEmailOtp');
  });
});

describe('conversions and written values', () => {
  it('mobileNumber drops spaces and dashes (another value is not sent); base64 encodes the UTF-8 bytes as the sign-in did', () => {
    expect(CONVERSIONS.mobileNumber!.apply('064 123-4567')).toBe('0641234567');
    expect(CONVERSIONS.mobileNumber!.apply('+381 64 1234567')).toBe('+381641234567');
    expect(CONVERSIONS.mobileNumber!.apply('011 123456')).toBe('');
    for (const p of ['Orbita2026!', 'Šifra-ćž', '🙂x']) expect(CONVERSIONS.base64!.apply(p)).toBe(encodePassword(p));
  });

  it('the login form: the body authorize got before (e-mail as userId, base64 password, rememberMe false)', () => {
    const body = submitBodies(servedForm('login'), { email: 'kupac@orbita.rs', password: 'Orbita2026!' });
    expect(body).toEqual([{ call: 'authorize', body: { userId: 'kupac@orbita.rs', encodedPassword: encodePassword('Orbita2026!'), rememberMe: false } }]);
  });
});
