// @vitest-environment node
// Profile (seed 001 §2 /Profil/Izmena-licnih-podataka, §7 /users/security/requestotp, consents): a personal-data
// change confirmed by a one-time code (wrong, expired, reused, of another session), bad input; consents listed with
// their documents, given and withdrawn by consentTemplateId + consentCode (once); every change rotates the session
// (the old token and cookie stop working, the cart follows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { users } from '../../server/db/tables';
import { oneTimeCodes, outbox } from '../../server/outbox/schema';
import { Customer, drivers, PATHS, Shopper, startApp, type Harness } from './helpers';

const B = '/hybris/ecommerce/b2c/v1';
const INFO = '/hybris/selfcare/b2c/v1/user/info';
const OTP = `${B}/users/security/requestotp`;
const DATA = `${B}/users/personaldata`;
const CONSENTS = `${B}/users/consents`;
const WITHDRAW = `${B}/users/consents/withdraw`;


describe.each(drivers)('profile on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const db = () => h.database.db;
  const lastCode = async (recipient: string) => {
    const [m] = await db().select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
    return /\b(\d{6})\b/.exec(m!.body)![1]!;
  };
  const wrongOf = (code: string) => (code === '100000' ? '100001' : '100000');
  const person = { firstName: 'Marko', lastName: 'Petrović-Jovanović', contactPhoneNumber: '0649998877' };

  it('sends the code to the account\'s e-mail, changes the personal data with it and rotates the session (the cart follows)', async () => {
    const c = await new Customer(h.app).login().then((x) => x.authorize('kupac@orbita.rs'));
    const cart = await c.call('GET', PATHS.fullCart);
    expect(cart.statusCode).toBe(200);
    const otp = await c.call('POST', OTP, {});
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json()).toEqual({ channel: 'EMAIL', destination: 'ku***@orbita.rs', expiresInSeconds: 300 });
    const code = await lastCode('kupac@orbita.rs');
    const oldToken = c.token;
    const oldCookie = c.cookie;
    const res = await c.call('PUT', DATA, { ...person, firstName: '  Marko  ', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ firstName: 'Marko', lastName: 'Petrović-Jovanović', contactPhoneNumber: '0649998877' });
    expect(res.json().message).toBe('Lični podaci su sačuvani.');
    const [u] = await db().select().from(users).where(eq(users.email, 'kupac@orbita.rs'));
    expect(u!.lastName).toBe('Petrović-Jovanović');
    // the session rotated: a new cookie; the old token and cookie no longer work
    expect(await c.follow(res)).toBe(true);
    expect(c.cookie).not.toBe(oldCookie);
    const stale = await h.app.inject({ method: 'GET', url: INFO, headers: { authorization: `Bearer ${oldToken}`, cookie: oldCookie } });
    expect(stale.statusCode).toBe(401);
    const info = await c.call('GET', INFO);
    expect(info.statusCode).toBe(200);
    expect(info.json().lastName).toBe('Petrović-Jovanović');
    // the cart moved with the session
    const after = await c.call('GET', PATHS.fullCart);
    expect(after.json().code).toBe(cart.json().code);
    // the code was spent
    const again = await c.call('PUT', DATA, { ...person, code });
    expect(again.json().errors[0]).toMatchObject({ reason: 'otpNotSent', message: 'Potrebno je poslati kod.' });
  });

  it('a wrong or expired code changes nothing; a code works only in the session it was sent to', async () => {
    const c = await new Customer(h.app).login().then((x) => x.authorize('staff@orbita.rs'));
    await c.call('POST', OTP, {});
    const code = await lastCode('staff@orbita.rs');
    const wrong = await c.call('PUT', DATA, { ...person, firstName: 'Promenjeno', code: wrongOf(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ reason: 'otpWrong', subject: 'code', message: 'Kod nije ispravan.' });
    expect(wrong.cookies.find((x) => x.name === 'sid')).toBeUndefined();
    const other = await new Customer(h.app).login().then((x) => x.authorize('staff@orbita.rs'));
    expect((await other.call('PUT', DATA, { ...person, code })).json().errors[0].reason).toBe('otpNotSent');
    await db().update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(oneTimeCodes.subject, 'staff@orbita.rs'), isNull(oneTimeCodes.usedAt)));
    const expired = await c.call('PUT', DATA, { ...person, firstName: 'Promenjeno', code });
    expect(expired.json().errors[0]).toMatchObject({ reason: 'otpExpired', message: 'Kod je istekao. Pošalji novi kod.' });
    const [u] = await db().select().from(users).where(eq(users.email, 'staff@orbita.rs'));
    expect(u!.firstName).toBe('Jelena');
  });

  it('an account without an e-mail gets the code by SMS to its contact phone', async () => {
    const c = await new Customer(h.app).login().then((x) => x.authorize('bez.imejla'));
    const otp = await c.call('POST', OTP, {});
    expect(otp.json()).toMatchObject({ channel: 'SMS', expiresInSeconds: 60 });
    const [sms] = await db().select().from(outbox).where(eq(outbox.recipient, '0691234567')).orderBy(desc(outbox.id)).limit(1);
    expect(sms!.channel).toBe('SMS');
  });

  it('refuses bad personal data with the field and its message; anonymous sessions get 401', async () => {
    const c = await new Customer(h.app).login().then((x) => x.authorize('staff@orbita.rs'));
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ firstName: 'Ana3' }, 'firstName', 'Uneti karakter nije slovo.'],
      [{ lastName: 'A' }, 'lastName', 'Polje mora imati između 2 i 40 karaktera.'],
      [{ contactPhoneNumber: '064-123-456' }, 'contactPhoneNumber', 'Potrebno je uneti validni broj mobilnog telefona.'],
      [{ contactPhoneNumber: '0112345678' }, 'contactPhoneNumber', 'Potrebno je uneti validni broj mobilnog telefona.'],
    ];
    for (const [patch, subject, message] of cases) {
      const res = await c.call('PUT', DATA, { ...person, ...patch, code: '123456' });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ subject, message });
    }
    expect((await c.call('PUT', DATA, { ...person })).statusCode).toBe(400);
    expect((await c.call('PUT', DATA, { ...person, code: '1'.repeat(13) })).statusCode).toBe(400);
    const anon = await new Shopper(h.app).login();
    expect((await anon.call('POST', OTP, {})).statusCode).toBe(401);
    expect((await anon.call('GET', CONSENTS)).statusCode).toBe(401);
  });

  it('lists the consents with their documents; withdraws one by consentTemplateId and consentCode once; gives it again', async () => {
    const c = await new Customer(h.app).login().then((x) => x.authorize('kupac@orbita.rs'));
    const list = (await c.call('GET', CONSENTS)).json().consents as Array<Record<string, unknown>>;
    const terms = list.find((x) => x.consentTemplateId === 'GENERAL_TERMS_AGREEMENT')!;
    expect(terms).toMatchObject({ given: true, documentUrl: '/media/docs/opsti-uslovi.pdf', required: true });
    const marketing = list.find((x) => x.consentTemplateId === 'MARKETING_CONSENT')!;
    expect(marketing.given).toBe(true);
    expect(marketing.consentCode).toMatch(/^CNS\d{12}$/);
    expect(list.find((x) => x.consentTemplateId === 'PHONEBOOK_CONSENT')).toMatchObject({ given: false, consentCode: null });
    // the wrong code for the template is refused
    const wrong = await c.call('POST', WITHDRAW, { consentTemplateId: 'MARKETING_CONSENT', consentCode: terms.consentCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toBe('Ova saglasnost nije data ili je već povučena.');
    // two withdrawals at once: one succeeds; the other is refused (400, or 401 once the first rotated the session)
    const [a, b] = await Promise.all([
      c.call('POST', WITHDRAW, { consentTemplateId: 'MARKETING_CONSENT', consentCode: marketing.consentCode }),
      c.call('POST', WITHDRAW, { consentTemplateId: 'MARKETING_CONSENT', consentCode: marketing.consentCode }),
    ]);
    const ok = [a, b].find((r) => r.statusCode === 200)!;
    const refused = [a, b].find((r) => r !== ok)!;
    expect([400, 401]).toContain(refused.statusCode);
    expect(ok.json().message).toBe('Saglasnost je povučena.');
    expect(ok.json().consents.find((x: { consentTemplateId: string }) => x.consentTemplateId === 'MARKETING_CONSENT')).toMatchObject({ given: false, consentCode: null });
    expect(await c.follow(ok)).toBe(true);
    const given = await c.call('POST', CONSENTS, { consentTemplateId: 'MARKETING_CONSENT' });
    expect(given.statusCode, given.body).toBe(200);
    const again = given.json().consents.find((x: { consentTemplateId: string }) => x.consentTemplateId === 'MARKETING_CONSENT');
    expect(again.given).toBe(true);
    expect(again.consentCode).not.toBe(marketing.consentCode);
    await c.follow(given);
    expect((await c.call('POST', CONSENTS, { consentTemplateId: 'NO_SUCH' })).json().errors[0].message).toBe('Ova saglasnost ne postoji.');
  });

  it('English messages', async () => {
    const c = await new Customer(h.app, '2').login().then((x) => x.authorize('staff@orbita.rs'));
    const res = await c.call('PUT', DATA, { ...person, firstName: 'A1', code: '123456' });
    expect(res.json().errors[0]).toMatchObject({ subject: 'firstName', reason: 'alphaSpaces' });
    expect(res.json().errors[0].message).not.toBe('Uneti karakter nije slovo.');
    const list = (await c.call('GET', CONSENTS)).json().consents;
    expect(list[0].name).toBe('I accept the General Terms of Service');
  });
});
