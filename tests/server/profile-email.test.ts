// @vitest-environment node
// E-mail change in the profile (issue 11, seed 001 §2 /Profil/Izmena-licnih-podataka, §7 "PUT {hash}: code, email"):
// a one-time code goes to the NEW address (POST /users/email/otp), the address is set with it (PUT /users/email);
// an address another account uses is refused without telling whose it is; a wrong, expired or reused code changes
// nothing; the session rotates; the new address signs in, the old one no longer does; the old address gets a notice;
// two accounts claiming one address at the same moment: exactly one gets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { users } from '../../server/db/tables';
import { oneTimeCodes, outbox } from '../../server/outbox/schema';
import { Customer, drivers, Shopper, RELAXED_LIMITS, startApp, type Harness } from './helpers';

const B = '/hybris/ecommerce/b2c/v1';
const INFO = '/hybris/selfcare/b2c/v1/user/info';
const OTP = `${B}/users/email/otp`;
const SET = `${B}/users/email`;


describe.each(drivers)('profile e-mail change on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { limits: RELAXED_LIMITS }); }, 120_000); // send limits: send-limits.test.ts
  afterAll(async () => { await h?.close(); });

  const db = () => h.database.db;
  const mails = (recipient: string) => db().select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id));
  const lastCode = async (recipient: string) => /\b(\d{6})\b/.exec((await mails(recipient))[0]!.body)![1]!;
  const wrongOf = (code: string) => (code === '100000' ? '100001' : '100000');
  const emailOf = async (username: string) => (await db().select().from(users).where(eq(users.username, username)))[0]!.email;
  const signedIn = () => new Customer(h.app).login();

  it('sends the code to the new address, sets it with the code, rotates the session, tells the old address; only the new address signs in', async () => {
    const c = await signedIn().then((x) => x.authorize('kupac@orbita.rs'));
    const otp = await c.call('POST', OTP, { email: 'Marko.Novi@Example.rs' });
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json()).toEqual({ expiresInSeconds: 300 });
    // the code went to the new address (lower-cased), nothing to the old one yet
    const code = await lastCode('marko.novi@example.rs');
    expect((await mails('marko.novi@example.rs'))[0]).toMatchObject({ channel: 'EMAIL', subject: 'Orbita: potvrda imejl adrese' });
    const before = (await mails('kupac@orbita.rs')).length;
    const oldToken = c.token;
    const oldCookie = c.cookie;
    const res = await c.call('PUT', SET, { email: 'marko.novi@example.rs', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ authorized: true, weakPassword: false, emailNotSet: false });
    expect(await emailOf('marko.petrovic')).toBe('marko.novi@example.rs');
    // the session rotated: a new cookie; the old token and cookie stop working
    expect(await c.follow(res)).toBe(true);
    expect(c.cookie).not.toBe(oldCookie);
    const stale = await h.app.inject({ method: 'GET', url: INFO, headers: { authorization: `Bearer ${oldToken}`, cookie: oldCookie } });
    expect(stale.statusCode).toBe(401);
    expect((await c.call('GET', INFO)).json().email).toBe('marko.novi@example.rs');
    // a notice to the old address, with the new one partly hidden
    const notices = await mails('kupac@orbita.rs');
    expect(notices.length).toBe(before + 1);
    expect(notices[0]).toMatchObject({ channel: 'EMAIL', subject: 'Orbita: imejl adresa naloga je promenjena' });
    expect(notices[0]!.body).toContain('ma***@example.rs');
    expect(notices[0]!.body).not.toContain('marko.novi@');
    // sign-in: the new address works, the old one no longer does
    expect((await (await signedIn()).signIn('marko.novi@example.rs')).statusCode).toBe(200);
    expect((await (await signedIn()).signIn('kupac@orbita.rs')).statusCode).toBe(401);
    // the code was spent: using it again changes nothing
    const again = await c.call('PUT', SET, { email: 'marko.novi@example.rs', code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ reason: 'otpNotSent', subject: 'code', message: 'Potrebno je poslati kod.' });
    // back to the seeded address (the other tests of the suite sign in with it)
    await c.call('POST', OTP, { email: 'kupac@orbita.rs' });
    expect((await c.call('PUT', SET, { email: 'kupac@orbita.rs', code: await lastCode('kupac@orbita.rs') })).statusCode).toBe(200);
    expect(await emailOf('marko.petrovic')).toBe('kupac@orbita.rs');
  });

  it('a wrong or expired code changes nothing, and a code works only for the address it was sent to', async () => {
    const c = await signedIn().then((x) => x.authorize('staff@orbita.rs'));
    await c.call('POST', OTP, { email: 'jelena.nova@example.rs' });
    const code = await lastCode('jelena.nova@example.rs');
    const wrong = await c.call('PUT', SET, { email: 'jelena.nova@example.rs', code: wrongOf(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ reason: 'otpWrong', subject: 'code', message: 'Kod nije ispravan.' });
    expect(wrong.cookies.find((x) => x.name === 'sid')).toBeUndefined();
    // the code of one address does not set another
    expect((await c.call('PUT', SET, { email: 'jelena.druga@example.rs', code })).json().errors[0].reason).toBe('otpNotSent');
    await db().update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.subject, 'jelena.nova@example.rs'), isNull(oneTimeCodes.usedAt)));
    const expired = await c.call('PUT', SET, { email: 'jelena.nova@example.rs', code });
    expect(expired.json().errors[0]).toMatchObject({ reason: 'otpExpired', message: 'Kod je istekao. Pošalji novi kod.' });
    expect(await emailOf('jelena.jovanovic')).toBe('staff@orbita.rs');
    expect(await mails('jelena.druga@example.rs')).toHaveLength(0);
  });

  it('refuses an address another account uses without telling whose, the current address, and a malformed one (sr and en)', async () => {
    const c = await signedIn().then((x) => x.authorize('staff@orbita.rs'));
    const sentBefore = (await mails('kupac@orbita.rs')).length;
    const taken = await c.call('POST', OTP, { email: 'KUPAC@orbita.rs' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({ reason: 'emailTaken', subject: 'email', message: 'Ova imejl adresa se već koristi za drugi nalog. Unesi drugu adresu.' });
    expect(taken.body).not.toMatch(/Marko|Petrovi|marko\.petrovic|1000001/);
    expect(await mails('kupac@orbita.rs')).toHaveLength(sentBefore); // nothing went to the other account's address
    const same = await c.call('POST', OTP, { email: 'staff@orbita.rs' });
    expect(same.json().errors[0]).toMatchObject({ reason: 'sameEmail', subject: 'email', message: 'To je već imejl adresa tvog naloga. Unesi novu adresu.' });
    const bad = await c.call('POST', OTP, { email: 'jelena.č@example.rs' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ subject: expect.stringMatching(/email$/), message: 'Unesi validnu imejl adresu.' });
    c.lang = '2';
    expect((await c.call('POST', OTP, { email: 'kupac@orbita.rs' })).json().errors[0].message)
      .toBe('This email address is already used by another account. Enter a different address.');
    const anon = await new Shopper(h.app).login();
    expect((await anon.call('POST', OTP, { email: 'niko@example.rs' })).statusCode).toBe(401);
  });

  it('two accounts claiming one free address at the same moment: exactly one gets it, the other a clear 400', async () => {
    const a = await signedIn().then((x) => x.authorize('maloletni@orbita.rs'));
    const b = await signedIn().then((x) => x.authorize('podnalog@orbita.rs'));
    const target = 'zajednicka@example.rs';
    expect((await a.call('POST', OTP, { email: target })).statusCode).toBe(200);
    const codeA = await lastCode(target);
    expect((await b.call('POST', OTP, { email: target })).statusCode).toBe(200);
    const codeB = await lastCode(target);
    const [ra, rb] = await Promise.all([a.call('PUT', SET, { email: target, code: codeA }), b.call('PUT', SET, { email: target, code: codeB })]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
    const loser = ra.statusCode === 400 ? ra : rb;
    expect(loser.json().errors[0]).toMatchObject({ reason: 'emailTaken', subject: 'email', message: 'Ova imejl adresa se već koristi za drugi nalog. Unesi drugu adresu.' });
    const owners = await db().select({ u: users.username }).from(users).where(eq(users.email, target));
    expect(owners).toHaveLength(1);
    const loserName = ra.statusCode === 400 ? 'luka.nikolic' : 'milica.djordjevic';
    expect(await emailOf(loserName)).toBe(ra.statusCode === 400 ? 'maloletni@orbita.rs' : 'podnalog@orbita.rs');
  });

  it('one code submitted twice at the same moment sets the address once', async () => {
    const c = await signedIn().then((x) => x.authorize('otp@orbita.rs'));
    await c.call('POST', OTP, { email: 'stefan.novi@example.rs' });
    const code = await lastCode('stefan.novi@example.rs');
    const before = (await mails('otp@orbita.rs')).length;
    const both = await Promise.all([c.call('PUT', SET, { email: 'stefan.novi@example.rs', code }), c.call('PUT', SET, { email: 'stefan.novi@example.rs', code })]);
    // the second is refused: its code is spent (400) or its session was already rotated by the first (401)
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(both.filter((r) => r.statusCode === 400 || r.statusCode === 401)).toHaveLength(1);
    expect(await emailOf('stefan.markovic')).toBe('stefan.novi@example.rs');
    expect((await mails('otp@orbita.rs')).length).toBe(before + 1); // one notice
  });
});
