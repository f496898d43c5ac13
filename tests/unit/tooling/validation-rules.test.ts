// Every rule of the validation table of seed 001 §5, as the browser runs it: the form's data schema compiled by the
// server into the standalone validator module (tools/schemas/validators.ts + the vocabulary of tools/schemas/rules.ts,
// formats of schemas/formats/formats.json), its AJV errors localized by the form's localizer
// (components/forms/localizer.ts) into the exact texts of schemas/messages, in Serbian and in English.
// The server side of the same rules: tests/server/validation-rules.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { compileFormValidator, loadFormats, formatFailure, type Formats } from '../../../tools/schemas/validators';
import { CHECKS } from '../../../tools/schemas/checks';
import { checkFormatsFile } from '../../../tools/schemas/formats-check';
import { createLocalizer } from '../../../components/forms/localizer';
import { translate } from '../../../actions/stores/i18n';
import { birthDateOfJmbg, isAdultJmbg, jmbgControlDigit, jmbgFor } from '../../../server/user/jmbg';
import { importModuleSource, SCHEMAS_DIR } from '../runtime/form-validators';
import { RULE_CASES as CASES, RULES_SCHEMA } from '../../fixtures/validation-rules';
import sr from '../../../schemas/messages/sr.json';
import en from '../../../schemas/messages/en.json';

type Messages = Parameters<typeof translate>[0];
type ValidateFn = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The table of seed 001 §5: rule → message key → the Serbian text of the specification → our English text. */
const TABLE: Array<[rule: string, key: string, sr: string, en: string]> = [
  ['email: valid email required', 'validation.email', 'Unesi validnu imejl adresu.', 'Enter a valid email address.'],
  ['required', 'validation.required', 'Ovo polje je obavezno.', 'This field is mandatory.'],
  ['numeric', 'validation.numeric', 'Uneta vrednost nije broj.', 'The value entered is not a number.'],
  ['length', 'validation.length', 'Polje mora imati {length} karaktera.', 'The field must have {length} characters.'],
  ['minmax (digits)', 'validation.minmax', 'Polje mora imati između {min} i {max} cifara.', 'The field must have between {min} and {max} digits.'],
  ['minmaxchar', 'validation.minmaxchar', 'Polje mora imati između {min} i {max} karaktera.', 'The field must have between {min} and {max} characters.'],
  ['min', 'validation.min', 'Polje ne sme imati manje od {length} karaktera.', 'The field must not have fewer than {length} characters.'],
  ['max', 'validation.max', 'Polje ne sme imati više od {length} karaktera.', 'The field must not have more than {length} characters.'],
  ['regex', 'validation.regex', 'Neispravan format.', 'Invalid format.'],
  ['confirmed', 'validation.confirmed', 'Unete lozinke se ne poklapaju.', 'The passwords entered do not match.'],
  ['alpha_spaces', 'validation.alphaSpaces', 'Uneti karakter nije slovo.', 'The character entered is not a letter.'],
  ['mobile number', 'validation.mobileNumber', 'Potrebno je uneti validni broj mobilnog telefona.', 'Enter a valid mobile phone number.'],
  ['startsWith0', 'validation.startsWith0', 'Format nije ispravan', 'The format is not valid'],
  ['startsWith06', 'validation.startsWith06', 'Broj mora da počne sa 06', 'The number must start with 06'],
  ['password format', 'validation.passwordFormat', 'Format nije ispravan', 'The format is not valid'],
  ['forbidden password characters', 'validation.passwordForbidden', 'Korišćenje znakova [ ]<>\'&\\",  nije dozvoljeno', 'The characters [ ]<>\'&\\", are not allowed'],
  ['password contains username', 'validation.passwordUsername', 'Lozinka ne sme da sadrži korisničko ime', 'The password must not contain the username'],
  ['bank account number', 'validation.bankAccount', 'Polje nije u odgovarajućem formatu', 'The field is not in the correct format'],
  ['username format', 'validation.usernameFormat', 'Format nije odgovarajući.', 'The format is not correct.'],
  ['adult check', 'validation.adult', 'Uneti JMBG je od maloletnog lica', 'The JMBG entered belongs to a minor'],
  ['amount range', 'validation.amountRange', 'Verdnost mora da bude između {min} i {max} RSD.', 'The value must be between {min} and {max} RSD.'],
  ['cannotStartWithZero', 'validation.cannotStartWithZero', 'Broj ne može počinjati nulom', 'The number cannot start with zero'],
  ['special characters in email', 'validation.emailSpecialCharacters', 'Unesi validnu imejl adresu.', 'Enter a valid email address.'],
];

const SR = sr as unknown as Messages;
const EN = en as unknown as Messages;
const tr = (m: Messages, lang: 'sr' | 'en') => (k: string, p?: Record<string, unknown>) => translate(m, k, p as never, lang);

/** Compiles `schema` as the server does for a form and answers a function: data → { field pointer → [sr, en] }. */
async function formValidator(schema: RJSFSchema, formats: Formats, overrides: Record<string, Record<string, string>> = {}) {
  const mod = await importModuleSource(compileFormValidator(schema, formats));
  const validate = (mod.default as Record<string, ValidateFn>)[hashForSchema(schema)];
  return (data: Record<string, unknown>): Record<string, [string, string]> => {
    // the browser's validator runs without eval (CSP): so does this one
    const orig = globalThis.Function;
    // biome-ignore lint/complexity/useArrowFunction: a stand-in for the Function constructor must be constructible with `new`
    (globalThis as { Function: unknown }).Function = function () { throw new Error('eval used'); };
    let errors: ErrorObject[];
    try {
      validate(data);
      errors = [...(validate.errors ?? [])];
    } finally {
      (globalThis as { Function: unknown }).Function = orig;
    }
    const out: Record<string, [string, string]> = {};
    const texts = (lang: 'sr' | 'en') => {
      const copy = errors.map((e) => ({ ...e }));
      createLocalizer(tr(lang === 'sr' ? SR : EN, lang), schema as Record<string, unknown>, overrides)(copy);
      return copy;
    };
    const [s, e] = [texts('sr'), texts('en')];
    s.forEach((x, i) => {
      const field = x.keyword === 'required' ? `${x.instancePath}/${String((x.params as { missingProperty: string }).missingProperty)}` : x.instancePath;
      out[field] ??= [String(x.message), String(e[i].message)];
    });
    return out;
  };
}

let formats: Formats;
beforeAll(() => { formats = loadFormats(SCHEMAS_DIR); });

describe('the messages of seed 001 §5', () => {
  it.each(TABLE)('%s: %s has the exact Serbian text and its English one', (_rule, key, srText, enText) => {
    expect((sr as Record<string, unknown>)[key]).toBe(srText);
    expect((en as Record<string, unknown>)[key]).toBe(enText);
  });
  it('required consent: singular and plural, in both languages', () => {
    expect(translate(SR, 'validation.consentRequired', { count: 1 })).toBe('Tvoja saglasnost sa navedenim dokumentom je obavezna.');
    expect(translate(SR, 'validation.consentRequired', { count: 3 })).toBe('Tvoja saglasnost sa navedenim dokumentima je obavezna.');
    expect(translate(EN, 'validation.consentRequired', { count: 1 }, 'en')).toBe('Your consent to the document listed is mandatory.');
    expect(translate(EN, 'validation.consentRequired', { count: 3 }, 'en')).toBe('Your consent to the documents listed is mandatory.');
  });
});

describe('every format of schemas/formats/formats.json in the browser validator: its examples and messages', () => {
  it('has the formats other forms name', () => {
    for (const name of ['email', 'mobileNumber', 'contactPhone', 'prepaidNumber', 'password', 'username', 'jmbg', 'jmbgAdult', 'bankAccount', 'otpCode',
      'code6', 'simSerial', 'puk', 'alphaSpaces', 'numeric', 'startsWith0', 'startsWith06', 'cannotStartWithZero']) expect(formats).toHaveProperty(name);
  });
  it('accepts every valid example and refuses every invalid one with its message, in Serbian and English', async () => {
    const names = Object.keys(formats);
    const schema = { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string', format: n }])) } as RJSFSchema;
    const run = await formValidator(schema, formats);
    let checked = 0;
    for (const [name, f] of Object.entries(formats)) {
      expect(f.examples.valid?.length, name).toBeGreaterThan(0);
      expect(f.examples.invalid?.length, name).toBeGreaterThan(0);
      for (const v of f.examples.valid ?? []) {
        expect([name, v, run({ [name]: v })[`/${name}`]]).toEqual([name, v, undefined]);
        checked++;
      }
      for (const x of f.examples.invalid ?? []) {
        const want = [translate(SR, x.message, x.params), translate(EN, x.message, x.params, 'en')];
        expect([name, x.value, run({ [name]: x.value })[`/${name}`]]).toEqual([name, x.value, want]);
        expect(want[0]).not.toBe(x.message); // a text, not a missing key
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('each rule of the table in a form, with its exact message', () => {
  let run: Awaited<ReturnType<typeof formValidator>>;
  beforeAll(async () => { run = await formValidator(RULES_SCHEMA as unknown as RJSFSchema, formats); });
  it.each(CASES)('%s', (_rule, data, field, srText, enText) => {
    const errors = run({ name: 'Ana', ...data });
    expect(errors[field]).toEqual([srText, enText]);
    expect(Object.keys(errors)).toEqual([field]); // nothing else complains
  });

  it('accepts the valid values of each rule', () => {
    expect(run({
      name: 'Ana', nick: 'ana', short: 'abc', code: 'abcdef', digits: '1234567', plate: 'BG', age: 30, email: 'ana.petrovic@example.rs', mobile: '0641234567',
      phone: '111234567', area: '011234567', mob06: '0641234567', noZero: '641234567', city: 'Novi Sad', username: 'ana.p',
      password: 'lozinka1!', passwordConfirmation: 'lozinka1!', account: '16-054-200-0000123', jmbg: '0101990710008', amount: 200,
      terms: true, documents: true, otp: '123456', code6: 'AB12CD', sim: '8938103123456789012', puk: '12345678', msisdn: '00381641234567',
    })).toEqual({});
    expect(run({ name: 'Ana', amount: 3000, password: 'lozinka1' })).toEqual({});
  });

  it('a consent never ticked is the consent message, not "required"', async () => {
    const schema = { type: 'object', required: ['terms', 'documents'], properties: { terms: { type: 'boolean', consent: 1 }, documents: { type: 'boolean', consent: 2 } } } as RJSFSchema;
    const r = await formValidator(schema, formats);
    expect(r({})).toEqual({
      '/terms': ['Tvoja saglasnost sa navedenim dokumentom je obavezna.', 'Your consent to the document listed is mandatory.'],
      '/documents': ['Tvoja saglasnost sa navedenim dokumentima je obavezna.', 'Your consent to the documents listed is mandatory.'],
    });
  });
});

describe('the account forms (schemas/forms) use the formats: the exact texts of seed 001 §5', () => {
  type FormDoc = { schema: RJSFSchema; messages?: Record<string, Record<string, string>> };
  const doc = (id: string) => JSON.parse(readFileSync(join(SCHEMAS_DIR, 'forms', `${id}.json`), 'utf8')) as FormDoc;
  const form = (id: string) => { const d = doc(id); return formValidator(d.schema, formats, d.messages ?? {}); };
  const WEAK: Array<[password: string, sr: string, en: string]> = [
    ['abcdefgh', 'Format nije ispravan', 'The format is not valid'],
    ['ab1', 'Format nije ispravan', 'The format is not valid'],
    ['Abcdefgh12345678x', 'Format nije ispravan', 'The format is not valid'],
    ['abc<1234', 'Korišćenje znakova [ ]<>\'&\\",  nije dozvoljeno', 'The characters [ ]<>\'&\\", are not allowed'],
  ];
  const BAD_USERNAMES = ['Marko', 'mar..ko', 'ma.r.ko', 'ma_r_ko', '.marko', 'abc', '1234', 'marko-p'];
  const BAD_CODES: Array<[code: string, sr: string, en: string]> = [
    ['12a456', 'Uneta vrednost nije broj.', 'The value entered is not a number.'],
    ['12345', 'Polje mora imati 6 karaktera.', 'The field must have 6 characters.'],
    ['1234567', 'Polje mora imati 6 karaktera.', 'The field must have 6 characters.'],
  ];
  const minor = () => { const n = new Date(); return jmbgFor(new Date(Date.UTC(n.getUTCFullYear() - 16, 0, 10))); };

  const registerNew = {
    firstName: 'Milan', lastName: 'Ristić', jmbg: '0101990710008', contactPhone: '0641112233', docId: '009876543', docIssueAuthority: 'PU Beograd',
    docIssueDate: '15.03.2020.', uid: 'milan@primer.rs', username: 'milan.r', password: 'Nova2026!', passwordConfirmation: 'Nova2026!', verificationCode: '123456',
  };
  const registerExisting = { username: 'milan.r', password: 'Nova2026!', passwordConfirmation: 'Nova2026!', uid: 'milan@primer.rs', verificationCode: '123456' };

  it.each(['register-new', 'register-existing', 'password-change', 'password-reset'])('%s: no hand-written pattern left on the password fields', (id) => {
    const p = doc(id).schema.properties as Record<string, Record<string, unknown>>;
    expect(p.password).toMatchObject({ format: 'password' });
    expect(p.password.pattern).toBeUndefined();
    // a form that declares what it submits has the body's length limit too (password-change: 64, as the body)
    const { maxLength, ...confirmation } = p.passwordConfirmation;
    expect(confirmation).toEqual({ type: 'string', confirms: 'password' });
    expect([undefined, 64]).toContain(maxLength);
  });

  it('register-new and register-existing accept a valid registration', async () => {
    expect((await form('register-new'))(registerNew)).toEqual({});
    expect((await form('register-existing'))(registerExisting)).toEqual({});
  });

  it.each([['register-new', registerNew], ['register-existing', registerExisting]] as const)('%s refuses a weak password, one containing the username, a bad confirmation, username and code', async (id, valid) => {
    const run = await form(id);
    for (const [password, srText, enText] of WEAK) {
      expect([password, run({ ...valid, password, passwordConfirmation: password })]).toEqual([password, { '/password': [srText, enText] }]);
    }
    expect(run({ ...valid, username: 'milan', password: 'xMILAN77', passwordConfirmation: 'xMILAN77' }))
      .toEqual({ '/password': ['Lozinka ne sme da sadrži korisničko ime', 'The password must not contain the username'] });
    expect(run({ ...valid, passwordConfirmation: 'Druga2026!' }))
      .toEqual({ '/passwordConfirmation': ['Unete lozinke se ne poklapaju.', 'The passwords entered do not match.'] });
    for (const username of BAD_USERNAMES) {
      // a password without the username in it, so only the username complains
      expect([username, run({ ...valid, username })]).toEqual([username, { '/username': ['Format nije odgovarajući.', 'The format is not correct.'] }]);
    }
    for (const [verificationCode, srText, enText] of BAD_CODES) {
      expect([verificationCode, run({ ...valid, verificationCode })]).toEqual([verificationCode, { '/verificationCode': [srText, enText] }]);
    }
    expect(run({ ...valid, uid: 'milan@čačak.rs' })).toEqual({ '/uid': ['Unesi validnu imejl adresu.', 'Enter a valid email address.'] });
  });

  it('register-new and register-identify: the JMBG of a minor, a wrong control digit, letters', async () => {
    const reg = await form('register-new');
    const identify = await form('register-identify');
    for (const run of [(jmbg: string) => reg({ ...registerNew, jmbg }), (jmbg: string) => identify({ jmbg, customerId: '123456' })]) {
      expect(run(minor())).toEqual({ '/jmbg': ['Uneti JMBG je od maloletnog lica', 'The JMBG entered belongs to a minor'] });
      expect(run('0101990710009')).toEqual({ '/jmbg': ['JMBG nije ispravan.', 'The personal ID number (JMBG) is not valid.'] });
      expect(run('01019907a0008')).toEqual({ '/jmbg': ['Uneta vrednost nije broj.', 'The value entered is not a number.'] });
      expect(run('0101990710008')).toEqual({});
    }
  });

  it('password-change and password-reset: the password format and the confirmation; password-reset and fill-email: the code', async () => {
    const change = await form('password-change');
    const reset = await form('password-reset');
    const fill = await form('fill-email');
    expect(change({ oldPassword: 'x', password: 'Nova2026!', passwordConfirmation: 'Nova2026!' })).toEqual({});
    expect(reset({ code: '123456', password: 'Nova2026!', passwordConfirmation: 'Nova2026!' })).toEqual({});
    expect(fill({ email: 'milan@primer.rs', code: '123456' })).toEqual({});
    for (const [password, srText, enText] of WEAK) {
      expect(change({ oldPassword: 'x', password, passwordConfirmation: password })).toEqual({ '/password': [srText, enText] });
      expect(reset({ code: '123456', password, passwordConfirmation: password })).toEqual({ '/password': [srText, enText] });
    }
    expect(change({ oldPassword: 'x', password: 'Nova2026!', passwordConfirmation: 'Nova2026' }))
      .toEqual({ '/passwordConfirmation': ['Unete lozinke se ne poklapaju.', 'The passwords entered do not match.'] });
    for (const [code, srText, enText] of BAD_CODES) {
      expect(reset({ code, password: 'Nova2026!', passwordConfirmation: 'Nova2026!' })).toEqual({ '/code': [srText, enText] });
      expect(fill({ email: 'milan@primer.rs', code })).toEqual({ '/code': [srText, enText] });
    }
  });
});

describe('the JMBG checks copied into the browser validator', () => {
  it('agree with server/user/jmbg.ts on valid, invalid and random numbers', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const samples = ['0101990710008', '0101990710009', '2902000710005', '2902001710003', '3112999710003'];
    for (let i = 0; i < 400; i++) samples.push(Array.from({ length: 13 }, () => Math.floor(rnd() * 10)).join(''));
    for (let i = 0; i < 200; i++) {
      const d = new Date(Date.UTC(1930 + Math.floor(rnd() * 95), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)));
      samples.push(jmbgFor(d));
    }
    for (const s of samples) {
      expect([s, CHECKS.jmbg(s)]).toEqual([s, birthDateOfJmbg(s) !== null]);
      if (birthDateOfJmbg(s)) expect([s, CHECKS.jmbgMinAge(s, 18)]).toEqual([s, isAdultJmbg(s)]);
    }
    expect(jmbgControlDigit('010199071000')).toBe(8);
  });
  it('an 18th birthday: adult from that day, a minor the day before (today\'s date)', () => {
    const now = new Date();
    const at = (years: number, days: number) => jmbgFor(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)));
    const jmbgAdult = formats.jmbgAdult;
    expect(formatFailure(jmbgAdult, at(18, -2))).toBeNull();
    expect(formatFailure(jmbgAdult, at(18, 2))).toEqual({ message: 'validation.adult' });
    expect(formatFailure(jmbgAdult, at(40, 0))).toBeNull();
  });
});

describe('the checker on schemas/formats/formats.json', () => {
  async function check(mutate: (doc: { formats: Record<string, Record<string, unknown>> }) => void) {
    const dir = mkdtempSync(join(tmpdir(), 'formats-check-'));
    try {
      mkdirSync(join(dir, 'formats'));
      const doc = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'formats', 'formats.json'), 'utf8'));
      mutate(doc);
      writeFileSync(join(dir, 'formats', 'formats.json'), JSON.stringify(doc, null, 2));
      const errors: Array<{ pointer: string; message: string }> = [];
      await checkFormatsFile(dir, undefined, new Set([...Object.keys(sr), 'validation.regex']), errors as never);
      return errors;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  it('passes the real file', async () => {
    expect(await check(() => undefined)).toEqual([]);
  });
  it('refuses an example the format does not treat as written, an unknown message key and a broken pattern', async () => {
    const wrong = await check((d) => { (d.formats.username.examples as { valid: string[] }).valid.push('Ana'); });
    expect(wrong).toEqual([expect.objectContaining({ pointer: expect.stringMatching(/^\/formats\/username\/examples\/valid\/\d+$/), message: expect.stringContaining('"Ana" is refused') })]);
    const msg = await check((d) => { ((d.formats.password.examples as { invalid: Array<{ message: string }> }).invalid[0]).message = 'validation.passwordForbidden'; });
    expect(msg[0].message).toMatch(/is refused with validation\.passwordFormat, not validation\.passwordForbidden/);
    const key = await check((d) => { d.formats.bankAccount.message = 'validation.nope'; });
    expect(key.some((e) => e.pointer === '/formats/bankAccount/message' && /unknown message key "validation\.nope"/.test(e.message))).toBe(true);
    const rx = await check((d) => { d.formats.bankAccount.pattern = '([0-9]'; });
    expect(rx[0].message).toMatch(/format "bankAccount": the pattern .* is not a regular expression/);
  });
});
