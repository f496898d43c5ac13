// @vitest-environment node
// Accounts (seed 001 §2–§5): the password policy, registration of a new user and of an existing customer without an
// account, availability checks, the registration code's expiry, recovery that answers the same for every address,
// reset by code (single use), change with a history of 5, the weak-password and fill-data fixes, session rotation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { DEMO_PASSWORD, customersWithoutAccount } from '../../server/db/seed/users';
import { sessions, users } from '../../server/db/tables';
import { oneTimeCodes, outbox } from '../../server/outbox/schema';
import { passwordHistory, userRegistrations } from '../../server/user/schema';
import { homeStreetNumbers } from '../../server/home/schema';
import { passwordProblem, isValidUsername } from '../../server/user/policy';
import { jmbgFor } from '../../server/user/jmbg';
import { sha256 } from '../../server/lib/ids';
import en_ from '../../schemas/messages/en.json';
import { drivers, PATHS, Shopper, RELAXED_LIMITS, startApp, type Harness } from './helpers';

const V1 = '/hybris/ecommerce/b2c/v1';
const P = {
  otp: `${V1}/register/otp`, checkUsername: `${V1}/checkusername`, checkEmail: `${V1}/checkemail`, jmbg: '/hybris/selfcare/b2c/v1/register/jmbg',
  register: `${V1}/register/new`, recovery: `${V1}/password/recovery`, reset: `${V1}/password/reset`, change: `${V1}/users/password`,
  emailOtp: `${V1}/users/email/otp`, setEmail: `${V1}/users/email`, info: '/hybris/selfcare/b2c/v1/user/info', authorize: '/selfcare/b2c/user/authorize',
};
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** A shopper that follows the rotated `sid` cookie and fetches a new token, as the browser does. */
class Person extends Shopper {
  async send(method: 'POST' | 'PUT', url: string, body: unknown) {
    const res = await this.call(method, url, body);
    const sid = res.cookies.find((c) => c.name === 'sid');
    if (sid) {
      this.cookie = `sid=${sid.value}`;
      const t = await this.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: this.cookie } });
      this.token = t.json().data.token;
    }
    return res;
  }
  signIn(userId: string, password: string) { return this.send('POST', P.authorize, { userId, encodedPassword: b64(password), rememberMe: false }); }
  async info() { return (await this.call('GET', P.info)).json(); }
}

describe('password and username rules (seed 001 §5)', () => {
  it.each([
    ['Orbita2026!', null], ['abcdef1', null], ['abc!def', null], ['1234!56', null], ['Лозинка1', null],
    ['ab 1cdef', null], ['abcdefg', 'passwordFormat'], ['1234567', 'passwordFormat'], ['!!!!!!!', 'passwordFormat'], ['ab cdefg', 'passwordFormat'],
    ['ab1', 'passwordFormat'], ['abcdefgh12345678x', 'passwordFormat'],
    ['abc[1234', 'passwordForbidden'], ['abc<1234', 'passwordForbidden'], ["abc'1234", 'passwordForbidden'], ['abc&1234', 'passwordForbidden'],
    ['abc\\1234', 'passwordForbidden'], ['abc"1234', 'passwordForbidden'], ['abc,1234', 'passwordForbidden'], ['abc]1234', 'passwordForbidden'],
    ['xmarko77x', 'passwordUsername'],
  ])('password %j → %s', (pw, reason) => {
    expect(passwordProblem(pw, 'marko77')?.reason ?? null).toBe(reason);
  });
  it('answers the exact messages', () => {
    expect(passwordProblem('abcdefg', '')?.key).toBe('validation.passwordFormat');
    expect(passwordProblem('a,1bcdef', '')?.key).toBe('validation.passwordForbidden');
    expect(passwordProblem('xmarko1', 'marko')?.key).toBe('validation.passwordUsername');
    // the length is part of the format "password" (seed 001 §5: 'Format nije ispravan'), as in the forms
    expect(passwordProblem('a1', '')?.key).toBe('validation.passwordFormat');
  });
  it.each([
    ['marko', true], ['marko.petrovic', true], ['m_1.x', true], ['abc1', true], ['a2345678901234567890', true],
    ['abc', false], ['a23456789012345678901', false], ['1234', false], ['Marko', false], ['.marko', false], ['marko.', false],
    ['mar..ko', false], ['ma.r.ko', false], ['ma_r_ko', false], ['mar._ko', false], ['mar ko', false], ['marko-p', false],
  ])('username %j → %s', (u, ok) => { expect(isValidUsername(u)).toBe(ok); });
});

describe.each(drivers)('accounts on %s', (_name, url) => {
  let h: Harness;
  let tis = '';
  beforeAll(async () => {
    h = await startApp(url, { limits: RELAXED_LIMITS }); // send limits: send-limits.test.ts
    const [n] = await h.database.db.select().from(homeStreetNumbers).limit(1);
    tis = n!.addressCode;
  }, 120_000);
  afterAll(async () => { await h?.close(); });

  const person = async (lang: '1' | '2' = '1') => new Person(h.app, lang).login();
  const lastMessage = async (to: string) => {
    const [m] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
    return m ?? null;
  };
  const codeFor = async (to: string) => /\b(\d{6})\b/.exec((await lastMessage(to))!.body)![1]!;
  const adult = jmbgFor(new Date(Date.UTC(1990, 4, 12)), '71', '345');
  let seq = 0;
  const signUp = (o: { email: string; username: string; code: string; password?: string; jmbg?: string; tis?: string }) => ({
    address: { tisAddressCode: o.tis ?? tis, apartment: '7' },
    customerData: { firstName: 'Milan', lastName: 'Ristić', jmbg: o.jmbg ?? adult, contactPhone: '0641112233', contactEmail: o.email, docId: '009876543', docIssueAuthority: 'PU Beograd', docIssueDate: '2020-03-15T01:00:00+01:00' },
    uid: o.email, username: o.username, password: o.password ?? 'Nova2026!', passwordConfirmation: o.password ?? 'Nova2026!', verificationCode: o.code,
  });
  const fresh = () => { seq += 1; return { email: `novi${seq}@primer.rs`, username: `novi.korisnik${seq}` }; };
  const err = (res: { json: () => { errors: Array<{ reason?: string; message: string; type: string; subject?: string }> } }) => res.json().errors[0]!;

  it('checks username and e-mail availability', async () => {
    const s = await person();
    expect((await s.call('POST', P.checkUsername, { username: 'marko.petrovic' })).json()).toBe(false);
    expect((await s.call('POST', P.checkUsername, { username: 'slobodno.ime' })).json()).toBe(true);
    const bad = await s.call('POST', P.checkUsername, { username: 'Ne Valja' });
    expect(bad.statusCode).toBe(400);
    // the body's "format": "username" (schemas/api/account.json): the form's message, before the handler runs
    expect(err(bad)).toMatchObject({ type: 'ValidationError', subject: 'body/username', message: 'Format nije odgovarajući.' });
    expect((await s.call('POST', P.checkEmail, { email: 'KUPAC@orbita.rs' })).json()).toBe(false);
    expect((await s.call('POST', P.checkEmail, { email: 'niko@primer.rs' })).json()).toBe(true);
    expect(err(await s.call('POST', P.checkEmail, { email: 'čača@primer.rs' })).message).toBe('Unesi validnu imejl adresu.');
  });

  it('registers a new user: code by e-mail, address from the address system, signed in on a new session', async () => {
    const s = await person();
    const { email, username } = fresh();
    const sent = await s.call('POST', P.otp, { email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ expiresInSeconds: 300 });
    const mail = await lastMessage(email);
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'Orbita: kod za registraciju' });
    const oldSid = s.cookie;
    const res = await s.send('POST', P.register, signUp({ email, username, code: await codeFor(email) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ username, email, authorized: true });
    expect(s.cookie).not.toBe(oldSid);
    const [old] = await h.database.db.select().from(sessions).where(eq(sessions.id, sha256(oldSid.slice(4))));
    expect(old!.revokedAt).not.toBeNull();
    expect(await s.info()).toMatchObject({ email, userName: username, firstName: 'Milan', weakPassword: false, emailNotSet: false });
    const [u] = await h.database.db.select().from(users).where(eq(users.username, username));
    expect(u!.contactPhoneNumber).toBe('0641112233');
    const [reg] = await h.database.db.select().from(userRegistrations).where(eq(userRegistrations.userId, u!.id));
    expect(reg!.address).toMatchObject({ tisAddressCode: tis, apartment: '7' });
    expect(reg!.address!.line1.length).toBeGreaterThan(0);
    expect(reg!.document).toEqual({ docId: '009876543', docIssueAuthority: 'PU Beograd', docIssueDate: '2020-03-15T01:00:00+01:00' });
    expect(await h.database.db.select().from(passwordHistory).where(eq(passwordHistory.userId, u!.id))).toHaveLength(1);
    // the new account signs in with its password
    const again = await person();
    expect((await again.signIn(username, 'Nova2026!')).statusCode).toBe(200);
    expect((await again.signIn(email, 'Nova2026!')).statusCode).toBe(200);
  });

  it('refuses a taken username, a minor, a weak password, an unknown address and a wrong or expired code (400, in the shopper\'s language)', async () => {
    const s = await person();
    const { email, username } = fresh();
    await s.call('POST', P.otp, { email });
    const code = await codeFor(email);
    const wrong = code === '100000' ? '100001' : '100000';
    // the handler's checks (availability, the address, the code): their reasons on the field
    const cases: Array<[unknown, string, string]> = [
      [signUp({ email, username: 'marko.petrovic', code }), 'usernameTaken', 'username'],
      [signUp({ email: 'kupac@orbita.rs', username, code }), 'emailTaken', 'uid'],
      [signUp({ email, username, code, tis: 'NEMA-TAKVE' }), 'addressUnknown', 'tisAddressCode'],
      [signUp({ email, username, code: wrong }), 'otpWrong', 'verificationCode'],
    ];
    for (const [body, reason, subject] of cases) {
      const res = await s.call('POST', P.register, body);
      expect(res.statusCode, `${reason}: ${res.body}`).toBe(400);
      expect(err(res), reason).toMatchObject({ type: 'ValidationError', reason, subject });
    }
    // the formats and keywords of the body (schemas/api/account.json, the register forms' own): the exact texts of
    // seed 001 §5, before anything is stored or a code spent
    const minor = jmbgFor(new Date(Date.UTC(new Date().getUTCFullYear() - 16, 0, 10)));
    const refused: Array<[unknown, string, string]> = [
      [signUp({ email, username, code, jmbg: minor }), 'body/customerData/jmbg', 'Uneti JMBG je od maloletnog lica'],
      [signUp({ email, username, code, jmbg: '1234567890123' }), 'body/customerData/jmbg', 'JMBG nije ispravan.'],
      [signUp({ email, username, code, password: 'Abcdefgh12345678x' }), 'body/password', 'Format nije ispravan'],
      [signUp({ email, username, code, password: 'abcdefgh' }), 'body/password', 'Format nije ispravan'],
      [signUp({ email, username: 'petar', code, password: 'Petar123' }), 'body/password', 'Lozinka ne sme da sadrži korisničko ime'],
      [signUp({ email, username, code, password: 'abc<1234' }), 'body/password', 'Korišćenje znakova [ ]<>\'&\\",  nije dozvoljeno'],
      [{ ...signUp({ email, username, code }), passwordConfirmation: 'Druga2026!' }, 'body/passwordConfirmation', 'Unete lozinke se ne poklapaju.'],
      [signUp({ email, username: 'ma.r.ko', code }), 'body/username', 'Format nije odgovarajući.'],
      [signUp({ email, username, code: '12a456' }), 'body/verificationCode', 'Uneta vrednost nije broj.'],
      [signUp({ email, username, code: '12345' }), 'body/verificationCode', 'Polje mora imati 6 karaktera.'],
      [signUp({ email: 'novi@primer', username, code }), 'body/uid', 'Unesi validnu imejl adresu.'],
    ];
    for (const [body, subject, message] of refused) {
      const res = await s.call('POST', P.register, body);
      expect(res.statusCode, `${subject}: ${res.body}`).toBe(400);
      expect(err(res), message).toMatchObject({ type: 'ValidationError', subject, message });
    }
    const en = await person('2');
    expect(err(await en.call('POST', P.register, signUp({ email, username, code, jmbg: jmbgFor(new Date(Date.UTC(new Date().getUTCFullYear() - 16, 0, 10))) }))).message)
      .toBe(en_['validation.adult']);
    // the code expires after its lifetime
    await h.database.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.subject, email), isNull(oneTimeCodes.usedAt)));
    const expired = await s.call('POST', P.register, signUp({ email, username, code }));
    expect(err(expired)).toMatchObject({ reason: 'otpExpired', message: 'Kod je istekao. Pošalji novi kod.' });
    expect(await h.database.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);
  });

  it('two registrations of one username at the same moment: exactly one account', async () => {
    const a = await person();
    const b = await person();
    const username = `isto.ime${Date.now() % 100000}`;
    await a.call('POST', P.otp, { email: 'prvi.isti@primer.rs' });
    await b.call('POST', P.otp, { email: 'drugi.isti@primer.rs' });
    const [ca, cb] = [await codeFor('prvi.isti@primer.rs'), await codeFor('drugi.isti@primer.rs')];
    const [ra, rb] = await Promise.all([
      a.call('POST', P.register, signUp({ email: 'prvi.isti@primer.rs', username, code: ca })),
      b.call('POST', P.register, signUp({ email: 'drugi.isti@primer.rs', username, code: cb })),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
    expect(err(ra.statusCode === 400 ? ra : rb).reason).toBe('usernameTaken');
    expect(await h.database.db.select().from(users).where(eq(users.username, username))).toHaveLength(1);
  });

  it('registers an existing customer without an account found by JMBG and customer number, once', async () => {
    const c = customersWithoutAccount()[0]!;
    const s = await person();
    expect(err(await s.call('POST', P.jmbg, { jmbg: c.jmbg!, customerId: '9999999' })).reason).toBe('customerNotFound');
    const found = await s.call('POST', P.jmbg, { jmbg: c.jmbg!, customerId: c.customerId! });
    expect(found.json()).toEqual({ customerId: c.customerId, firstName: c.firstName, lastName: c.lastName });
    const email = 'jovana.milic@primer.rs';
    await s.call('POST', P.otp, { email });
    const res = await s.send('POST', P.register, {
      customerNumber: c.customerId, customerData: { jmbg: c.jmbg, firstName: c.firstName, lastName: c.lastName },
      uid: email, username: 'jovana.m', password: 'Jovana2026!', passwordConfirmation: 'Jovana2026!', verificationCode: await codeFor(email),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.info()).toMatchObject({ email, userName: 'jovana.m', customerId: c.customerId, emailNotSet: false });
    expect(err(await (await person()).call('POST', P.jmbg, { jmbg: c.jmbg!, customerId: c.customerId! })).reason).toBe('accountExists');
  });

  it('password recovery answers the same for a known and an unknown address, and sends only to the known one', async () => {
    const s = await person();
    const before = (await h.database.db.select().from(outbox)).length;
    const known = await s.call('POST', P.recovery, { channel: 'EMAIL', address: 'staff@orbita.rs' });
    const unknown = await s.call('POST', P.recovery, { channel: 'EMAIL', address: 'nepoznat@primer.rs' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ channel: 'EMAIL', expiresInSeconds: 300 });
    expect((await h.database.db.select().from(outbox)).length).toBe(before + 1);
    expect(await lastMessage('nepoznat@primer.rs')).toBeNull();
    // a reset for the unknown address fails exactly like a wrong code for the known one
    const r1 = await s.call('POST', P.reset, { channel: 'EMAIL', address: 'nepoznat@primer.rs', code: '123456', password: 'Nova2026!', passwordConfirmation: 'Nova2026!' });
    const code = await codeFor('staff@orbita.rs');
    const r2 = await s.call('POST', P.reset, { channel: 'EMAIL', address: 'staff@orbita.rs', code: code === '123456' ? '654321' : '123456', password: 'Nova2026!', passwordConfirmation: 'Nova2026!' });
    expect(r1.statusCode).toBe(400);
    expect(r1.body).toBe(r2.body);
    // SMS: 60 s, same answer
    const sms = await s.call('POST', P.recovery, { channel: 'SMS', address: '0651234567' });
    const smsUnknown = await s.call('POST', P.recovery, { channel: 'SMS', address: '0659999999' });
    expect(sms.json()).toEqual({ channel: 'SMS', expiresInSeconds: 60 });
    expect(smsUnknown.body).toBe(sms.body);
    expect(await lastMessage('0651234567')).toMatchObject({ channel: 'SMS' });
  });

  it('resets the password by the e-mail code once: signed in, other sessions revoked, the code not reusable', async () => {
    const other = await person();
    expect((await other.signIn('staff@orbita.rs', DEMO_PASSWORD)).statusCode).toBe(200);
    const s = await person();
    await s.call('POST', P.recovery, { channel: 'EMAIL', address: 'staff@orbita.rs' });
    const code = await codeFor('staff@orbita.rs');
    const body = { channel: 'EMAIL', address: 'staff@orbita.rs', code, password: 'Reset2026!', passwordConfirmation: 'Reset2026!' };
    // a password breaking the history keeps the code usable
    const same = await s.call('POST', P.reset, { ...body, password: DEMO_PASSWORD, passwordConfirmation: DEMO_PASSWORD });
    expect(err(same)).toMatchObject({ reason: 'passwordRecent', subject: 'password' });
    const ok = await s.send('POST', P.reset, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ authorized: true });
    expect((await s.info()).email).toBe('staff@orbita.rs');
    expect((await other.call('GET', P.info)).statusCode).toBe(401);
    const reuse = await (await person()).call('POST', P.reset, body);
    expect(err(reuse)).toMatchObject({ reason: 'otpInvalid', message: 'Kod nije ispravan ili je istekao. Pošalji novi kod.' });
    expect((await (await person()).signIn('staff@orbita.rs', 'Reset2026!')).statusCode).toBe(200);
  });

  it('changes the password of a signed-in user: current password checked, none of the last 5 again', async () => {
    const s = await person();
    const { email, username } = fresh();
    await s.call('POST', P.otp, { email });
    expect((await s.send('POST', P.register, signUp({ email, username, code: await codeFor(email), password: 'Prva2026!' }))).statusCode).toBe(200);
    const change = (oldPassword: string, password: string) => s.send('POST', P.change, { oldPassword, password, passwordConfirmation: password });
    expect(err(await change('Pogresna1!', 'Druga2026!'))).toMatchObject({ reason: 'wrongPassword', subject: 'oldPassword' });
    expect(err(await change('Prva2026!', 'Prva2026!'))).toMatchObject({ reason: 'passwordRecent', message: 'Lozinka ne sme biti neka od poslednjih 5 lozinki.' });
    let current = 'Prva2026!';
    for (let i = 2; i <= 5; i++) {
      const next = `Lozinka${i}!`;
      const res = await change(current, next);
      expect(res.statusCode, res.body).toBe(200);
      current = next;
    }
    // 'Prva2026!' is still one of the last 5 (Prva, Lozinka2..5)
    expect(err(await change(current, 'Prva2026!')).reason).toBe('passwordRecent');
    expect((await change(current, 'Lozinka6!')).statusCode).toBe(200);
    current = 'Lozinka6!';
    // now the last 5 are Lozinka2..6: the first one is allowed again
    expect((await change(current, 'Prva2026!')).statusCode).toBe(200);
    expect((await (await person()).signIn(username, 'Prva2026!')).statusCode).toBe(200);
  });

  it('a weak-password customer fixes the password: the flag clears', async () => {
    const s = await person();
    const signIn = await s.signIn('slaba@orbita.rs', DEMO_PASSWORD);
    expect(signIn.json().data.weakPassword).toBe(true);
    const res = await s.send('POST', P.change, { oldPassword: DEMO_PASSWORD, password: 'Jaka2026!x', passwordConfirmation: 'Jaka2026!x' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ authorized: true, weakPassword: false, emailNotSet: false });
    expect((await s.info()).weakPassword).toBe(false);
    expect((await (await person()).call('POST', P.change, { oldPassword: 'x', password: 'Jaka2026!y', passwordConfirmation: 'Jaka2026!y' })).statusCode).toBe(401);
  });

  it('a customer without an e-mail adds one confirmed by a code (fill data)', async () => {
    const s = await person();
    expect((await s.signIn('bez.imejla', DEMO_PASSWORD)).json().data.emailNotSet).toBe(true);
    expect(err(await s.call('POST', P.emailOtp, { email: 'kupac@orbita.rs' })).reason).toBe('emailTaken');
    const email = 'petar.popovic@primer.rs';
    expect((await s.call('POST', P.emailOtp, { email })).json()).toEqual({ expiresInSeconds: 300 });
    const res = await s.send('PUT', P.setEmail, { email, code: await codeFor(email) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ emailNotSet: false });
    expect(await s.info()).toMatchObject({ email, emailNotSet: false });
  });
});
