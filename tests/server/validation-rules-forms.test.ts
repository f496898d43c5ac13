// @vitest-environment node
// Issue 11 "Done when": every rule of the validation table of seed 001 §5 can be triggered in a real form of the
// shop and shows its exact message. Each line names the rule, the form document (schemas/forms) that a screen or
// fragment draws, the field, an input that breaks the rule, and the exact Serbian and English texts — checked with
// the validator the server compiles from that form (the code the browser runs) and its localizer. Rules checked by
// a component's own inputs (the port-in SIM serial and PUK of the number step) are checked on their route.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { compileFormValidator, loadFormats } from '../../server/ui/validators';
import type { UiDocuments } from '../../server/ui/documents';
import { jmbgFor } from '../../server/user/jmbg';
import { createLocalizer, fieldPointer } from '../../components/forms/localizer';
import { importModuleSource } from '../unit/runtime/form-validators';
import { loadUi, SCHEMAS_DIR, Shopper, startApp, type Harness } from './helpers';

type ValidateFn = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const minor = jmbgFor(new Date(Date.UTC(new Date().getUTCFullYear() - 12, 5, 15)));

/** rule of the table → [form, field, data, sr, en] */
const TABLE: Array<[rule: string, form: string, field: string, data: Record<string, unknown>, sr: string, en: string]> = [
  ['required', 'login', '/email', {}, 'Ovo polje je obavezno.', 'This field is mandatory.'],
  ['email', 'register-new', '/uid', { uid: 'milan@primer' }, 'Unesi validnu imejl adresu.', 'Enter a valid email address.'],
  ['special characters in email (š đ č ć ž / * , + = ; : < > ~ ` ?)', 'profile-email', '/email', { email: 'ana+š@example.rs' }, 'Unesi validnu imejl adresu.', 'Enter a valid email address.'],
  ['numeric', 'register-identify', '/customerId', { customerId: '12a45' }, 'Uneta vrednost nije broj.', 'The value entered is not a number.'],
  ['length', 'fill-email', '/code', { code: '12345' }, 'Polje mora imati 6 karaktera.', 'The field must have 6 characters.'],
  ['minmax (digits)', 'guest', '/customerData/contactPhone', { customerData: { contactPhone: '123456' } }, 'Polje mora imati između 7 i 10 cifara.', 'The field must have between 7 and 10 digits.'],
  ['minmaxchar', 'fnp', '/firstName', { firstName: 'A' }, 'Polje mora imati između 2 i 40 karaktera.', 'The field must have between 2 and 40 characters.'],
  ['min', 'prepaid-number', '/msisdn', { msisdn: '06412' }, 'Polje ne sme imati manje od 9 karaktera.', 'The field must not have fewer than 9 characters.'],
  ['max', 'fnp', '/installationAddress/entrance', { installationAddress: { entrance: 'ABCDEF' } }, 'Polje ne sme imati više od 5 karaktera.', 'The field must not have more than 5 characters.'],
  ['regex', 'fnp', '/installationAddress/streetNumber', { installationAddress: { streetNumber: '12-b' } }, 'Neispravan format.', 'Invalid format.'],
  ['confirmed', 'register-new', '/passwordConfirmation', { username: 'milan.r', password: 'Nova2026!', passwordConfirmation: 'Druga2026!' }, 'Unete lozinke se ne poklapaju.', 'The passwords entered do not match.'],
  ['alpha_spaces', 'personal-data', '/firstName', { firstName: 'Ana3' }, 'Uneti karakter nije slovo.', 'The character entered is not a letter.'],
  ['mobile number', 'personal-data', '/contactPhoneNumber', { contactPhoneNumber: '0741234567' }, 'Potrebno je uneti validni broj mobilnog telefona.', 'Enter a valid mobile phone number.'],
  ['startsWith06', 'order-personal-data', '/msisdn', { msisdn: '0111234567' }, 'Broj mora da počne sa 06', 'The number must start with 06'],
  ['startsWith0', 'dont-call', '/number', { kind: 'HOMELINE', number: '11 3004000' }, 'Format nije ispravan', 'The format is not valid'],
  ['cannotStartWithZero', 'fnp', '/contactPhone', { contactPhone: '0641234567' }, 'Broj ne može počinjati nulom', 'The number cannot start with zero'],
  ['required consent (singular)', 'bill-consents', '/GENERAL_TERMS_AGREEMENT', { GENERAL_TERMS_AGREEMENT: false }, 'Tvoja saglasnost sa navedenim dokumentom je obavezna.', 'Your consent to the document listed is mandatory.'],
  ['password format', 'password-change', '/password', { oldPassword: 'x', password: 'abcdefgh' }, 'Format nije ispravan', 'The format is not valid'],
  ['forbidden password characters', 'register-new', '/password', { username: 'milan.r', password: 'abc<1234' }, 'Korišćenje znakova [ ]<>\'&\\",  nije dozvoljeno', 'The characters [ ]<>\'&\\", are not allowed'],
  ['password contains username', 'register-existing', '/password', { username: 'milan.r', password: 'xMILAN.R7' }, 'Lozinka ne sme da sadrži korisničko ime', 'The password must not contain the username'],
  ['bank account number (2-3-3-7)', 'contact', '/bankAccount', { bankAccount: '160-54-200-0000123' }, 'Polje nije u odgovarajućem formatu', 'The field is not in the correct format'],
  ['username format', 'register-existing', '/username', { username: 'ma.r.ko' }, 'Format nije odgovarajući.', 'The format is not correct.'],
  ['adult check (JMBG)', 'register-identify', '/jmbg', { jmbg: minor }, 'Uneti JMBG je od maloletnog lica', 'The JMBG entered belongs to a minor'],
  ['JMBG control digit', 'register-new', '/jmbg', { jmbg: '0101990710009' }, 'JMBG nije ispravan.', 'The personal ID number (JMBG) is not valid.'],
  ['amount range', 'topup', '/amount', { amount: 3001 }, 'Verdnost mora da bude između 200 i 3000 RSD.', 'The value must be between 200 and 3000 RSD.'],
  ['prepaid phone formats', 'topup', '/msisdn', { msisdn: '0741234567' }, 'Potrebno je uneti validni broj mobilnog telefona.', 'Enter a valid mobile phone number.'],
  ['6-character code (prepaid registration)', 'prepaid-registration', '/code', { code: 'AB12C' }, 'Kod mora imati 6 karaktera.', 'The code must have 6 characters.'],
  ['6-digit one-time code', 'profile-email-code', '/code', { code: '12a456' }, 'Uneta vrednost nije broj.', 'The value entered is not a number.'],
];

/** The forms some screen or fragment draws (a Form node with props.form). */
function drawnForms(): Set<string> {
  const out = new Set<string>();
  for (const dir of ['screens', 'fragments', 'modals']) {
    for (const f of readdirSync(join(SCHEMAS_DIR, dir)).filter((x) => x.endsWith('.json'))) {
      for (const m of readFileSync(join(SCHEMAS_DIR, dir, f), 'utf8').matchAll(/"component":\s*"Form",\s*(?:"[^"]+":\s*[^,]+,\s*)*"props":\s*\{\s*"form":\s*"([^"]+)"/g)) out.add(m[1]!);
    }
  }
  return out;
}

/** The messages (sr, en) the form shows on `field` for `data`: its server-compiled validator and the localizer. */
async function formMessages(ui: UiDocuments, formId: string) {
  const doc = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'forms', `${formId}.json`), 'utf8')) as { schema: RJSFSchema; messages?: Record<string, Record<string, string>> };
  const mod = await importModuleSource(compileFormValidator(doc.schema, loadFormats(SCHEMAS_DIR)));
  const validate = (mod.default as Record<string, ValidateFn>)[hashForSchema(doc.schema)]!;
  return (data: Record<string, unknown>, field: string): Array<string | undefined> => {
    validate(data);
    return (['sr', 'en'] as const).map((lang) => {
      const errors = (validate.errors ?? []).map((e) => ({ ...e }));
      createLocalizer((k, p) => ui.message(lang, k, p as Record<string, string | number>), doc.schema as Record<string, unknown>, doc.messages ?? {})(errors);
      return errors.find((e) => fieldPointer(e) === field)?.message;
    });
  };
}

describe('every rule of seed 001 §5 is triggered in a real form with its exact message', () => {
  let ui: UiDocuments;
  let drawn: Set<string>;
  beforeAll(async () => { ui = await loadUi(); drawn = drawnForms(); });

  it.each(TABLE)('%s: form %s, field %s', async (_rule, form, field, data, sr, en) => {
    expect(drawn.has(form), `no screen draws the form ${form}`).toBe(true);
    expect(await formMessages(ui, form).then((m) => m(data, field))).toEqual([sr, en]);
  });

  it('the valid prepaid phone formats (06…, 3816…, 003816…, +38164…) and a well-formed bank account pass', async () => {
    const topup = await formMessages(ui, 'topup');
    for (const msisdn of ['0641234567', '381641234567', '00381641234567', '+381641234567']) expect([msisdn, topup({ msisdn, amount: 500 }, '/msisdn')]).toEqual([msisdn, [undefined, undefined]]);
    const contact = await formMessages(ui, 'contact');
    expect(contact({ bankAccount: '16-054-200-0000123' }, '/bankAccount')).toEqual([undefined, undefined]);
  });
});

describe('the rules checked on routes: the contact form\'s bank account, the port-in SIM serial and PUK', () => {
  let h: Harness;
  let s: Shopper;
  beforeAll(async () => { h = await startApp(undefined); s = await new Shopper(h.app).login(); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('the contact route refuses a malformed bank account with the form\'s message and keeps a well-formed one', async () => {
    const body = { topic: 'COMPLAINT', firstName: 'Ana', lastName: 'Ilić', email: 'ana@example.rs', message: 'Molim povraćaj novca za duplo plaćen račun.' };
    const bad = await s.call('POST', '/hybris/ecommerce/b2c/v1/contactMts/general', { ...body, bankAccount: '160-54-200-0000123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Polje nije u odgovarajućem formatu' });
    const ok = await s.call('POST', '/hybris/ecommerce/b2c/v1/contactMts/general', { ...body, bankAccount: '16-054-200-0000123' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().ticket).toMatch(/^KT\d{8}$/);
  });
});
