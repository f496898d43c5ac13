// @vitest-environment node
// Send and attempt limits (issue 24, server/lib/limits.ts) with the production numbers: the resend interval of every
// code-sending route, sends per target / account / client address, wrong codes counted per target across codes
// (then a lock-out), the contact form per address and per recipient, existence checks throttled per session and per
// address, password recovery that answers and works the same for unknown addresses, FNP only with the number's code,
// counters shared by two instances on one database (and on one Redis), and Redis down → memory, still limiting.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../server/app';
import { DEFAULT_LIMITS, Limits, targetKey } from '../../server/lib/limits';
import { oneTimeCodes, outbox } from '../../server/outbox/schema';
import { accountOfSession } from '../../server/user/index';
import { Customer, drivers, GATEWAY_SECRET, loadUi, PATHS, RELAXED_LIMITS, secondInstance, startApp, type Harness } from './helpers';

const V = '/hybris/ecommerce/b2c/v1';
const PORT_IN_OTP = `${V}/users/phone/carts/msisdns/requestotp`;
const PORT_IN = `${V}/users/phone/carts/msisdns/portin`;
const DONT_CALL_OTP = `${V}/users/dontcall/requestotp`;
const FNP_OTP = `${V}/contactMts/requestotp`;
const REGISTER_OTP = `${V}/register/otp`;
const RECOVERY = `${V}/password/recovery`;
const DELIVERY_OTP = `${V}/otp/email`;
const EMAIL_OTP = `${V}/users/email/otp`;
const CHECK_EMAIL = `${V}/checkemail`;
const CHECK_USERNAME = `${V}/checkusername`;
const CONTACT = `${V}/contactMts/general`;

interface Client { app: FastifyInstance; ip: string; token: string; cookie: string }

/** A new session from `ip` (its own cookie and token). */
async function session(app: FastifyInstance, ip: string): Promise<Client> {
  const res = await app.inject({ method: 'GET', url: PATHS.token, remoteAddress: ip });
  const sid = res.cookies.find((c) => c.name === 'sid');
  return { app, ip, token: res.json().data.token, cookie: sid ? `sid=${sid.value}` : '' };
}
const call = (c: Client, method: 'GET' | 'POST', url: string, payload?: object, lang = '1') =>
  c.app.inject({ method, url, payload, remoteAddress: c.ip, headers: { lang, authorization: `Bearer ${c.token}`, cookie: c.cookie } });

let ipSeq = 0;
/** A client address of its own for each use: the address limits of one test do not touch another's. */
const freshIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const uniq = () => randomBytes(4).toString('hex');
/** A mobile number no other test uses. */
let numSeq = 0;
const freshMobile = () => `064${String(1000000 + (++numSeq) * 7919 % 8999999).padStart(7, '0')}`;

describe.each(drivers)('send limits on %s', (_driver, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  /** Lifts a target's resend interval (kept per code purpose, and without one for port-in), as if its 60 s (SMS)
   *  or 30 s (e-mail) had passed. */
  const PURPOSES = ['', 'REGISTRATION', 'PASSWORD_RESET', 'EMAIL_SET', 'PERSONAL_DATA', 'EMAIL_VERIFICATION', 'PREPAID_EMAIL',
    'DONT_CALL_ADD', 'DONT_CALL_REMOVE', 'FNP'];
  const interval = (channel: 'SMS' | 'EMAIL', target: string) => Promise.all(PURPOSES.map((p) =>
    h.app.ctx.limits.reset(channel === 'SMS' ? 'resendSms' : 'resendEmail', `${channel}:${targetKey(target)}${p ? `:${p}` : ''}`)));
  const lastCode = async (recipient: string) => {
    const [m] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
    return m ? /\b(\d{6})\b/.exec(m.body)![1]! : null;
  };

  it('every code-sending route keeps the resend interval: 429, Retry-After and a clear sr/en message', async () => {
    const routes: Array<[string, string, (t: string) => object, 'SMS' | 'EMAIL', number]> = [
      ['port-in', PORT_IN_OTP, (t) => ({ msisdn: t }), 'SMS', 60],
      ['do-not-call', DONT_CALL_OTP, (t) => ({ kind: 'MSISDN', action: 'ADD', number: t }), 'SMS', 60],
      ['recovery (SMS)', RECOVERY, (t) => ({ channel: 'SMS', address: t }), 'SMS', 60],
      ['registration', REGISTER_OTP, (t) => ({ email: t }), 'EMAIL', 30],
      ['e-mail verification', DELIVERY_OTP, (t) => ({ email: t }), 'EMAIL', 30],
    ];
    for (const [name, path, body, channel, seconds] of routes) {
      const target = channel === 'SMS' ? freshMobile() : `novi.${uniq()}@example.rs`;
      const first = await call(await session(h.app, freshIp()), 'POST', path, body(target));
      expect(first.statusCode, `${name}: ${first.body}`).toBe(200);
      // another session from another address: the interval belongs to the target
      const again = await call(await session(h.app, freshIp()), 'POST', path, body(target));
      expect(again.statusCode, name).toBe(429);
      const retry = Number(again.headers['retry-after']);
      expect(retry, name).toBeGreaterThan(0);
      expect(retry, name).toBeLessThanOrEqual(seconds);
      expect(again.json().errors[0]).toMatchObject({ type: 'TooManyRequestsError', reason: 'resendWait', message: `Novi kod može da se pošalje za ${retry} s.` });
      const en = await call(await session(h.app, freshIp()), 'POST', path, body(target), '2');
      expect(en.json().errors[0].message, name).toMatch(/^A new code can be sent in \d+ s\.$/);
      // once the interval has passed, a new code goes out
      await interval(channel, target);
      expect((await call(await session(h.app, freshIp()), 'POST', path, body(target))).statusCode, name).toBe(200);
    }
  });

  it('the resend interval is per purpose: the code that removes a number from the register may follow the one that added it', async () => {
    const number = freshMobile();
    const d = await session(h.app, freshIp());
    expect((await call(d, 'POST', DONT_CALL_OTP, { kind: 'MSISDN', action: 'ADD', number })).statusCode).toBe(200);
    const added = await call(d, 'POST', `${V}/users/dontcall/msisdn/add`, { msisdn: number, code: await lastCode(`381${number.slice(1)}`) });
    expect(added.statusCode, added.body).toBe(200);
    const remove = await call(d, 'POST', DONT_CALL_OTP, { kind: 'MSISDN', action: 'REMOVE', number });
    expect(remove.statusCode, remove.body).toBe(200);
    const again = await call(d, 'POST', DONT_CALL_OTP, { kind: 'MSISDN', action: 'REMOVE', number });
    expect(again.statusCode).toBe(429);
    expect(again.json().errors[0].reason).toBe('resendWait');
  });

  it('one number gets at most 5 codes an hour, from any session, address or module', async () => {
    const number = freshMobile();
    const bodies = [
      [PORT_IN_OTP, { msisdn: number }], [DONT_CALL_OTP, { kind: 'MSISDN', action: 'ADD', number: `+381 ${number.slice(1)}` }],
      [PORT_IN_OTP, { msisdn: number }], [RECOVERY, { channel: 'SMS', address: number }], [PORT_IN_OTP, { msisdn: number }],
    ] as const;
    for (const [path, body] of bodies) {
      await interval('SMS', number);
      const r = await call(await session(h.app, freshIp()), 'POST', path, body);
      expect(r.statusCode, r.body).toBe(200);
    }
    await interval('SMS', number);
    const over = await call(await session(h.app, freshIp()), 'POST', PORT_IN_OTP, { msisdn: number });
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0]).toMatchObject({ reason: 'tooManySends' });
    expect(over.json().errors[0].message).toMatch(/^Zatraženo je previše kodova ili poruka\. Pokušaj ponovo za \d+ min\.$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // nothing more reached the number
    const sent = await h.database.db.select().from(outbox).where(like(outbox.recipient, `%${number.slice(1)}`));
    expect(sent.length).toBeLessThanOrEqual(5);
  });

  it('one client address asks for at most 30 codes an hour', async () => {
    const ip = freshIp();
    const c = await session(h.app, ip);
    for (let i = 0; i < DEFAULT_LIMITS.sendAddressHour.points; i++) {
      const r = await call(c, 'POST', PORT_IN_OTP, { msisdn: freshMobile() });
      expect(r.statusCode, `send ${i + 1}`).toBe(200);
    }
    const over = await call(await session(h.app, ip), 'POST', PORT_IN_OTP, { msisdn: freshMobile() });
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0].reason).toBe('tooManySends');
    // another address is served
    expect((await call(await session(h.app, freshIp()), 'POST', PORT_IN_OTP, { msisdn: freshMobile() })).statusCode).toBe(200);
  });

  it('one signed-in account asks for at most 10 codes an hour, whatever the addresses', async () => {
    const c = await new Customer(h.app).login();
    await c.authorize('kupac@orbita.rs');
    for (let i = 0; i < DEFAULT_LIMITS.sendAccountHour.points; i++) {
      const r = await c.app.inject({ method: 'POST', url: EMAIL_OTP, remoteAddress: freshIp(), payload: { email: `nova.${uniq()}@example.rs` },
        headers: { lang: '1', authorization: `Bearer ${c.token}`, cookie: c.cookie } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const over = await c.app.inject({ method: 'POST', url: EMAIL_OTP, remoteAddress: freshIp(), payload: { email: `nova.${uniq()}@example.rs` },
      headers: { lang: '2', authorization: `Bearer ${c.token}`, cookie: c.cookie } });
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0]).toMatchObject({ reason: 'tooManySends' });
    expect(over.json().errors[0].message).toMatch(/^Too many codes or messages have been asked for\. Try again in \d+ min\.$/);
  });

  it('wrong codes count per number across codes and sessions: after 10 the number is locked, even for the right code', async () => {
    const number = freshMobile();
    const port = { msisdn: number, operator: 'Yettel', simSerialNumber: '8938101234567890123', puk: '87654321' };
    for (let round = 0; round < 2; round++) {
      await interval('SMS', number);
      const c = await session(h.app, freshIp());
      expect((await call(c, 'POST', PORT_IN_OTP, { msisdn: number })).statusCode).toBe(200);
      const code = (await lastCode(number))!;
      const wrong = code === '100000' ? '100001' : '100000';
      for (let i = 0; i < 5; i++) {
        const r = await call(c, 'POST', PORT_IN, { ...port, otpCode: wrong });
        expect(r.json().errors[0].reason, `round ${round} attempt ${i}`).toBe('otpWrong');
      }
    }
    await interval('SMS', number);
    const c = await session(h.app, freshIp());
    expect((await call(c, 'POST', PORT_IN_OTP, { msisdn: number })).statusCode).toBe(200);
    const locked = await call(c, 'POST', PORT_IN, { ...port, otpCode: (await lastCode(number))! });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0]).toMatchObject({ type: 'TooManyRequestsError', reason: 'codeLocked', subject: 'otpCode' });
    expect(locked.json().errors[0].message).toMatch(/^Previše pogrešnih kodova\. Unos koda je zaključan; pokušaj ponovo za \d+ min\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // the lock is the number's, for every kind of code sent to it (here a do-not-call code)
    await interval('SMS', number);
    const d = await session(h.app, freshIp());
    expect((await call(d, 'POST', DONT_CALL_OTP, { kind: 'MSISDN', action: 'ADD', number })).statusCode).toBe(200);
    const dc = await call(d, 'POST', `${V}/users/dontcall/msisdn/add`, { msisdn: number, code: (await lastCode(`381${number.slice(1)}`)) ?? '123456' });
    expect(dc.statusCode).toBe(429);
  });

  it('the prepaid registration code (printed on the package): 10 wrong codes per number, then locked even for the right one', async () => {
    const c = await session(h.app, freshIp());
    const slot = ((await h.app.inject({ method: 'GET', url: '/hybris/selfcare/b2c/v1/closing-time?msisdn=0641111114' })).json().slots as string[])[0];
    const body = (code: string) => ({ msisdn: '0641111114', code, customerId: '0101990710008', firstName: 'Ana', lastName: 'Marković',
      documentType: 'ID_CARD', documentNumber: '009876543', consent: true, videoSlot: slot });
    for (let i = 0; i < DEFAULT_LIMITS.wrongCodeTarget.points; i++) {
      expect((await call(c, 'POST', '/hybris/selfcare/b2c/v1/blinking', body(`XXXX${String(i).padStart(2, 'A')}`))).json().errors[0].reason).toBe('wrongCode');
    }
    const locked = await call(await session(h.app, freshIp()), 'POST', '/hybris/selfcare/b2c/v1/blinking', body('ORB114'));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0]).toMatchObject({ reason: 'codeLocked', subject: 'code' });
  });

  it('keeps what held: a code still allows 5 attempts, is single use and works only in its session', async () => {
    const number = freshMobile();
    const c = await session(h.app, freshIp());
    expect((await call(c, 'POST', PORT_IN_OTP, { msisdn: number })).statusCode).toBe(200);
    const code = (await lastCode(number))!;
    const port = { msisdn: number, operator: 'Yettel', simSerialNumber: '8938101234567890123', puk: '87654321' };
    const other = await session(h.app, freshIp());
    expect((await call(other, 'POST', PORT_IN, { ...port, otpCode: code })).json().errors[0].reason).toBe('otpNotSent');
    expect((await call(c, 'POST', PORT_IN, { ...port, otpCode: code })).statusCode).toBe(200);
    expect((await call(c, 'POST', PORT_IN, { ...port, otpCode: code })).json().errors[0].reason).toBe('otpNotSent');
  });

  it('password recovery answers the same and does the same work for an unknown address; only the account holder gets mail', async () => {
    const known = await call(await session(h.app, freshIp()), 'POST', RECOVERY, { channel: 'EMAIL', address: 'otp@orbita.rs' });
    const unknown = await call(await session(h.app, freshIp()), 'POST', RECOVERY, { channel: 'EMAIL', address: `niko.${uniq()}@example.rs` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    // both stored a code (the same writes); the unknown address received nothing
    const rows = await h.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.purpose, 'PASSWORD_RESET'));
    expect(rows.some((r) => r.subject === 'otp@orbita.rs')).toBe(true);
    expect(rows.some((r) => r.subject.startsWith('niko.'))).toBe(true);
    expect((await h.database.db.select().from(outbox).where(like(outbox.recipient, 'niko.%'))).length).toBe(0);
    expect(await lastCode('otp@orbita.rs')).not.toBeNull();
    // and the same limits: a second request at once is refused for both alike
    const known2 = await call(await session(h.app, freshIp()), 'POST', RECOVERY, { channel: 'EMAIL', address: 'otp@orbita.rs' });
    const unknown2 = await call(await session(h.app, freshIp()), 'POST', RECOVERY, { channel: 'EMAIL', address: rows.find((r) => r.subject.startsWith('niko.'))!.subject });
    expect(known2.statusCode).toBe(429);
    expect(unknown2.statusCode).toBe(429);
    expect(unknown2.json().errors[0].reason).toBe(known2.json().errors[0].reason);
  });

  it('existence checks answer alike for known and unknown accounts and are throttled per session (10/h) and per address (20/h)', async () => {
    const probe = await session(h.app, freshIp());
    const known = await call(probe, 'POST', CHECK_EMAIL, { email: 'kupac@orbita.rs' });
    const unknown = await call(probe, 'POST', CHECK_EMAIL, { email: `niko.${uniq()}@example.rs` });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(typeof known.json()).toBe(typeof unknown.json());
    // register/otp tells whether an address has an account: 10 an hour per session
    const ip = freshIp();
    const c = await session(h.app, ip);
    for (let i = 0; i < DEFAULT_LIMITS.lookupSession.points; i++) {
      const r = await call(c, 'POST', REGISTER_OTP, { email: 'kupac@orbita.rs' });
      expect(r.json().errors[0].reason, `check ${i + 1}`).toBe('emailTaken');
    }
    const over = await call(c, 'POST', REGISTER_OTP, { email: `niko.${uniq()}@example.rs` });
    expect(over.statusCode).toBe(429);
    expect(over.json().errors[0]).toMatchObject({ reason: 'tooManyChecks', message: expect.stringMatching(/^Previše provera\. Pokušaj ponovo za \d+ min\.$/) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another session from the same address: checkemail / checkusername share the address's 20 an hour
    const d = await session(h.app, ip);
    for (let i = DEFAULT_LIMITS.lookupSession.points; i < DEFAULT_LIMITS.lookupAddress.points; i++) {
      const r = await call(d, 'POST', i % 2 ? CHECK_EMAIL : CHECK_USERNAME, i % 2 ? { email: `niko.${uniq()}@example.rs` } : { username: `korisnik${uniq()}` });
      expect(r.statusCode, r.body).toBe(200);
    }
    const walked = await call(await session(h.app, ip), 'POST', CHECK_USERNAME, { username: `korisnik${uniq()}` });
    expect(walked.statusCode).toBe(429);
    expect(walked.json().errors[0].reason).toBe('tooManyChecks');
  });

  it('the contact form: 3 confirmations a day to one e-mail, 5 messages an hour from one address', async () => {
    const form = (email: string) => ({ topic: 'GENERAL', firstName: 'Milica', lastName: 'Jovanović', email, message: 'Gde je moj račun za oktobar?' });
    const target = `meta.${uniq()}@example.rs`;
    for (let i = 0; i < 3; i++) expect((await call(await session(h.app, freshIp()), 'POST', CONTACT, form(target))).statusCode).toBe(200);
    const bomb = await call(await session(h.app, freshIp()), 'POST', CONTACT, form(target.toUpperCase()));
    expect(bomb.statusCode).toBe(429);
    expect(bomb.json().errors[0].message).toMatch(/^Previše poruka je poslato preko kontakt forme/);
    expect(Number(bomb.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await call(await session(h.app, ip), 'POST', CONTACT, form(`m${i}.${uniq()}@example.rs`))).statusCode).toBe(200);
    expect((await call(await session(h.app, ip), 'POST', CONTACT, form(`m.${uniq()}@example.rs`))).statusCode).toBe(429);
  });

  it('an FNP request needs the code sent to the number; its sends are limited like every code', async () => {
    const c = await session(h.app, freshIp());
    const phoneNumber = String(2000000 + Math.floor(Math.random() * 7000000));
    const sent = await call(c, 'POST', FNP_OTP, { networkGroup: '011', phoneNumber });
    expect(sent.json()).toEqual({ phoneNumber: `011${phoneNumber}`, expiresInSeconds: 60 });
    expect((await call(c, 'POST', FNP_OTP, { networkGroup: '011', phoneNumber })).statusCode).toBe(429);
  });

  it('two instances on one database share the counters', async () => {
    const two = await secondInstance(h);
    try {
      const number = freshMobile();
      expect((await call(await session(h.app, freshIp()), 'POST', PORT_IN_OTP, { msisdn: number })).statusCode).toBe(200);
      const other = await call(await session(two.app, freshIp()), 'POST', PORT_IN_OTP, { msisdn: number });
      expect(other.statusCode).toBe(429);
      expect(other.json().errors[0].reason).toBe('resendWait');
    } finally {
      await two.close();
    }
  });

  it('Redis down: the limits count in memory with one warning per outage, never off', async () => {
    const warnings: string[] = [];
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    const limits = new Limits({ db: h.database.db, redis, prefix: `down:${uniq()}:`, log: { warn: (m) => warnings.push(m), info: () => {} }, accountOf: (id) => accountOfSession(h.database.db, id) });
    try {
      const from = { limits, ip: '203.0.113.9', sessionId: null };
      await limits.send(from, 'SMS', '0640000001');
      await expect(limits.send(from, 'SMS', '0640000001')).rejects.toMatchObject({ statusCode: 429, reason: 'resendWait' });
      for (let i = 0; i < 10; i++) await limits.codeWrong('0640000002');
      await expect(limits.codeUnlocked('0640000002', 'code')).rejects.toMatchObject({ statusCode: 429, reason: 'codeLocked' });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/memory/);
    } finally {
      limits.close();
      redis.disconnect();
    }
  });

  it('Redis down: the per-route limits of @fastify/rate-limit fall back to memory instead of switching off', async () => {
    const app = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, redisUrl: 'redis://127.0.0.1:1', redisPrefix: `down:${uniq()}:`,
      authRateLimit: 3, limits: RELAXED_LIMITS });
    await app.ready();
    try {
      const c = await session(app, freshIp());
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await call(c, 'POST', CHECK_USERNAME, { username: `korisnik${uniq()}` })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  }, 60_000);

  describe.runIf(process.env.TEST_REDIS_URL)('on Redis', () => {
    it('two instances sharing Redis share the counters', async () => {
      const prefix = `sl:${uniq()}:`;
      const apps = await Promise.all([1, 2].map(async () => {
        const a = await buildApp({ db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, redisUrl: process.env.TEST_REDIS_URL, redisPrefix: prefix, authRateLimit: 10000 });
        await a.ready();
        return a;
      }));
      try {
        const number = freshMobile();
        expect((await call(await session(apps[0]!, freshIp()), 'POST', PORT_IN_OTP, { msisdn: number })).statusCode).toBe(200);
        const other = await call(await session(apps[1]!, freshIp()), 'POST', PORT_IN_OTP, { msisdn: number });
        expect(other.statusCode).toBe(429);
        expect(other.json().errors[0].reason).toBe('resendWait');
      } finally {
        for (const a of apps) await a.close();
      }
    });
  });
});
