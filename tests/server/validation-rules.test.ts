// @vitest-environment node
// The server enforces the rules of seed 001 §5 from the same documents as the forms (schemas/formats/formats.json and
// the vocabulary of tools/schemas/rules.ts): a body is refused with the message the form shows for the same input, in
// Serbian and in English. (1) every rule of the table through the app's body validation options and issueOf;
// (2) the shop's own routes against the validators of their forms (FNP, prepaid registration, top-up).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { bodyValidationOptions, issueOf } from '../../server/lib/validation';
import { compileFormValidator, loadFormats } from '../../server/ui/validators';
import type { UiDocuments } from '../../server/ui/documents';
import { jmbgFor } from '../../server/user/jmbg';
import { createLocalizer } from '../../components/forms/localizer';
import { importModuleSource } from '../unit/runtime/form-validators';
import { RULE_CASES, RULES_SCHEMA } from '../fixtures/validation-rules';
import { loadUi, SCHEMAS_DIR, Shopper, startApp, type Harness } from './helpers';

type ValidateFn = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The message (sr, en) the form `formId` shows on `field` for `data` (its server-compiled validator and localizer). */
async function formMessages(ui: UiDocuments, formId: string) {
  const doc = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'forms', `${formId}.json`), 'utf8')) as { schema: RJSFSchema; messages?: Record<string, Record<string, string>> };
  const mod = await importModuleSource(compileFormValidator(doc.schema, loadFormats(SCHEMAS_DIR)));
  const validate = (mod.default as Record<string, ValidateFn>)[hashForSchema(doc.schema)];
  return (data: Record<string, unknown>, field: string): [string | undefined, string | undefined] => {
    validate(data);
    const out = (['sr', 'en'] as const).map((lang) => {
      const errors = (validate.errors ?? []).map((e) => ({ ...e }));
      createLocalizer((k, p) => ui.message(lang, k, p as Record<string, string | number>), doc.schema as Record<string, unknown>, doc.messages ?? {})(errors);
      const at = (e: ErrorObject) => (e.keyword === 'required' ? `${e.instancePath}/${String((e.params as { missingProperty: string }).missingProperty)}` : e.instancePath);
      return errors.find((e) => at(e) === field)?.message;
    });
    return [out[0], out[1]];
  };
}

describe('every rule of the table: the app\'s body validation answers the form\'s message', () => {
  let app: FastifyInstance;
  let ui: UiDocuments;
  beforeAll(async () => {
    ui = await loadUi();
    app = Fastify({ ajv: bodyValidationOptions(SCHEMAS_DIR) as never });
    app.setErrorHandler((err: FastifyError & { validation?: unknown[] }, req, reply) => {
      const lang = req.headers.lang === '2' ? 'en' : 'sr';
      const issue = issueOf(err.validation![0] as never, 'body');
      return reply.code(400).send({ errors: [{ type: 'ValidationError', message: ui.message(lang, issue.key, issue.params), subject: issue.subject }] });
    });
    app.post('/probe', { schema: { body: RULES_SCHEMA } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => { await app?.close(); });

  it.each(RULE_CASES)('%s', async (_rule, data, field, srText, enText) => {
    const payload = { name: 'Ana', ...data };
    const r = await app.inject({ method: 'POST', url: '/probe', payload });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ type: 'ValidationError', message: srText, subject: `body${field}` });
    const e = await app.inject({ method: 'POST', url: '/probe', payload, headers: { lang: '2' } });
    expect(e.json().errors[0].message).toBe(enText);
  });

  it('accepts what the forms accept', async () => {
    const r = await app.inject({ method: 'POST', url: '/probe', payload: {
      name: 'Ana', email: 'ana.petrovic@example.rs', phone: '111234567', username: 'ana.p', password: 'lozinka1!', passwordConfirmation: 'lozinka1!',
      account: '16-054-200-0000123', jmbg: '0101990710008', amount: 3000, terms: true, documents: true, otp: '123456', sim: '8938103123456789012', puk: '12345678',
    } });
    expect(r.statusCode).toBe(200);
  });
});

describe('the shop\'s routes refuse what their forms refuse, with the same message', () => {
  let h: Harness;
  let s: Shopper;
  beforeAll(async () => {
    h = await startApp(undefined);
    s = await new Shopper(h.app).login();
  }, 120_000);
  afterAll(async () => { await h?.close(); });
  const minor = jmbgFor(new Date(Date.UTC(new Date().getUTCFullYear() - 12, 5, 15)));

  async function same(formId: string, route: string, body: Record<string, unknown>, formData: Record<string, unknown>, field: string, method: 'POST' | 'PUT' = 'POST') {
    const form = await formMessages(h.app.ctx.ui, formId);
    const [srForm, enForm] = form(formData, field);
    expect(srForm, `${formId} ${field}`).toBeTruthy();
    s.lang = '1';
    const r = await s.call(method, route, body);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0]).toMatchObject({ type: 'ValidationError', message: srForm, subject: `body${field}` });
    s.lang = '2';
    expect((await s.call(method, route, body)).json().errors[0].message).toBe(enForm);
    s.lang = '1';
    return srForm;
  }

  it('number transfer (FNP): JMBG of a minor, a wrong control digit, e-mail characters, a phone starting with 0', async () => {
    const FNP = '/hybris/ecommerce/b2c/v1/contactMts';
    const fnp = (over: Record<string, unknown> = {}) => ({
      firstName: 'Milica', lastName: 'Jovanović', jmbg: '0101990710008', networkGroup: '011', phoneNumber: '3456789', currentOperator: 'SBB',
      installationAddress: { town: 'Beograd', postalCode: '11000', street: 'Njegoševa', streetNumber: '12' },
      billingSameAsInstallation: true, contactPhone: '641234567', contactEmail: 'milica@example.rs', termsConsent: true, serviceConsent: true, otpCode: '123456', ...over,
    });
    expect(await same('fnp', FNP, fnp({ jmbg: minor }), fnp({ jmbg: minor }), '/jmbg')).toBe('Uneti JMBG je od maloletnog lica');
    expect(await same('fnp', FNP, fnp({ jmbg: '0101990710009' }), fnp({ jmbg: '0101990710009' }), '/jmbg')).toBe('JMBG nije ispravan.');
    expect(await same('fnp', FNP, fnp({ contactEmail: 'milica@čačak.rs' }), fnp({ contactEmail: 'milica@čačak.rs' }), '/contactEmail')).toBe('Unesi validnu imejl adresu.');
    expect(await same('fnp', FNP, fnp({ contactPhone: '0641234567' }), fnp({ contactPhone: '0641234567' }), '/contactPhone')).toBe('Broj ne može počinjati nulom');
  });

  it('prepaid registration: the JMBG of a minor', async () => {
    const body = { msisdn: '0641111112', code: 'ORB112', customerId: minor, firstName: 'Ana', lastName: 'Marković', documentType: 'ID_CARD', documentNumber: '009876543', consent: true, videoSlot: new Date(Date.now() + 3_600_000).toISOString() };
    const form = { code: 'ORB112', customerId: minor, firstName: 'Ana', lastName: 'Marković', documentType: 'ID_CARD', documentNumber: '009876543', consent: true };
    expect(await same('prepaid-registration', '/hybris/selfcare/b2c/v1/blinking', body, form, '/customerId')).toBe('Uneti JMBG je od maloletnog lica');
  });

  it('registration, password change and reset, fill e-mail: the account forms\' formats (schemas/api/account.json uses them)', async () => {
    const V1 = '/hybris/ecommerce/b2c/v1';
    const form = { firstName: 'Milan', lastName: 'Ristić', jmbg: '0101990710008', contactPhone: '0641112233', docId: '009876543', docIssueAuthority: 'PU Beograd',
      uid: 'milan@primer.rs', username: 'milan.r', password: 'Nova2026!', passwordConfirmation: 'Nova2026!', verificationCode: '123456' };
    const body = (o: Record<string, unknown>) => {
      const f = { ...form, ...o };
      return { address: { tisAddressCode: 'X1' }, customerData: { firstName: f.firstName, lastName: f.lastName, jmbg: f.jmbg }, uid: f.uid, username: f.username,
        password: f.password, passwordConfirmation: f.passwordConfirmation, verificationCode: f.verificationCode };
    };
    const reg = (o: Record<string, unknown>, field: string) => same('register-new', `${V1}/register/new`, body(o), { ...form, ...o }, field);
    expect(await reg({ password: 'abcdefgh', passwordConfirmation: 'abcdefgh' }, '/password')).toBe('Format nije ispravan');
    expect(await reg({ password: 'abc<1234', passwordConfirmation: 'abc<1234' }, '/password')).toBe('Korišćenje znakova [ ]<>\'&\\",  nije dozvoljeno');
    expect(await reg({ password: 'xMILAN.R7', passwordConfirmation: 'xMILAN.R7' }, '/password')).toBe('Lozinka ne sme da sadrži korisničko ime');
    expect(await reg({ passwordConfirmation: 'Druga2026!' }, '/passwordConfirmation')).toBe('Unete lozinke se ne poklapaju.');
    expect(await reg({ username: 'ma.r.ko' }, '/username')).toBe('Format nije odgovarajući.');
    expect(await reg({ verificationCode: '12a456' }, '/verificationCode')).toBe('Uneta vrednost nije broj.');
    expect(await reg({ verificationCode: '12345' }, '/verificationCode')).toBe('Polje mora imati 6 karaktera.');
    expect(await reg({ uid: 'milan@čačak.rs' }, '/uid')).toBe('Unesi validnu imejl adresu.');
    const change = { oldPassword: 'Orbita2026!', password: 'ab1', passwordConfirmation: 'ab1' };
    expect(await same('password-change', `${V1}/users/password`, change, change, '/password')).toBe('Format nije ispravan');
    const reset = { code: '123456', password: 'Nova2026!', passwordConfirmation: 'Nova2026' };
    expect(await same('password-reset', `${V1}/password/reset`, { channel: 'EMAIL', address: 'milan@primer.rs', ...reset }, reset, '/passwordConfirmation'))
      .toBe('Unete lozinke se ne poklapaju.');
    const fill = { email: 'milan@primer.rs', code: '1234567' };
    expect(await same('fill-email', `${V1}/users/email`, fill, fill, '/code', 'PUT')).toBe('Polje mora imati 6 karaktera.');
  });

  it('top-up: the amount range', async () => {
    const TOPUP = '/hybris/ecommerce/b2c/v1/topup/card/authorize';
    for (const amount of [199, 3001]) {
      expect(await same('topup', TOPUP, { msisdn: '0641234567', amount }, { msisdn: '0641234567', amount }, '/amount')).toBe('Verdnost mora da bude između 200 i 3000 RSD.');
    }
  });
});
