// @vitest-environment node
// Limits that protect without hurting: the token route keyed per session (a much higher ceiling per address for
// requests without one), sign-in failures throttled per account and per address; counters in memory, or in Redis
// (TEST_REDIS_URL) shared by two instances.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/db/seed/users';
import { drivers, GATEWAY_SECRET, PATHS, startApp, type Harness } from './helpers';

const AUTHORIZE = '/selfcare/b2c/user/authorize';
const enc = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const stores: Array<[string, string | undefined]> = [
  ['memory', undefined],
  ...(process.env.TEST_REDIS_URL ? [['redis', process.env.TEST_REDIS_URL] as [string, string]] : []),
];

describe.each(drivers)('limits on %s', (_driver, url) => {
  let h: Harness;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { for (const a of apps) await a.close(); await h?.close(); });

  /** An app on the suite's database; `prefix` isolates its Redis counters from other tests. */
  async function app(redisUrl: string | undefined, extra: Partial<BuildAppOptions> & { prefix?: string } = {}) {
    const a = await buildApp({
      db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, redisUrl,
      redisPrefix: extra.prefix ?? `rel:${randomBytes(6).toString('hex')}:`, ...extra,
    });
    await a.ready();
    apps.push(a);
    return a;
  }

  async function token(a: FastifyInstance, ip: string, cookie?: string) {
    const res = await a.inject({ method: 'GET', url: PATHS.token, remoteAddress: ip, headers: { lang: '2', ...(cookie ? { cookie } : {}) } });
    const sid = res.cookies.find((c) => c.name === 'sid');
    return { res, cookie: sid ? `sid=${sid.value}` : cookie, token: res.statusCode === 200 ? res.json().data.token as string : '' };
  }

  async function signIn(a: FastifyInstance, ip: string, userId: string, password: string, lang = '1') {
    const t = await token(a, ip);
    return a.inject({
      method: 'POST', url: AUTHORIZE, remoteAddress: ip,
      headers: { lang, authorization: `Bearer ${t.token}`, cookie: t.cookie ?? '' },
      payload: { userId, encodedPassword: enc(password), rememberMe: false },
    });
  }

  describe.each(stores)('counters in %s', (_store, redisUrl) => {
    it('limits the token route per session, not per shared address', async () => {
      const a = await app(redisUrl, { authRateLimit: 5 });
      const ip = '10.64.0.1';
      // 30 shoppers behind one carrier-grade NAT address, each loading 5 pages: nobody is refused.
      for (let i = 0; i < 30; i++) {
        const first = await token(a, ip);
        expect(first.res.statusCode).toBe(200);
        for (let j = 0; j < 4; j++) expect((await token(a, ip, first.cookie)).res.statusCode).toBe(200);
      }
      // One session past its 5 a minute is refused with Retry-After and a message in its language.
      const s = await token(a, '10.64.0.2');
      // (its first call had no cookie yet: it counted for the address)
      for (let j = 0; j < 5; j++) expect((await token(a, '10.64.0.2', s.cookie)).res.statusCode).toBe(200);
      const over = await token(a, '10.64.0.2', s.cookie);
      expect(over.res.statusCode).toBe(429);
      expect(Number(over.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.res.json().errors[0]).toMatchObject({ type: 'TooManyRequestsError' });
      expect(over.res.json().errors[0].message).toMatch(/^Too many requests/);
    });

    it('keeps a ceiling per address for requests without a live session (made-up cookies included)', async () => {
      const a = await app(redisUrl, { authRateLimit: 2 });
      const ip = '10.64.1.1';
      for (let i = 0; i < 40; i++) {
        const r = await token(a, ip, i % 2 ? `sid=${randomBytes(16).toString('hex')}` : undefined);
        expect(r.res.statusCode, `request ${i + 1}`).toBe(200);
      }
      expect((await token(a, ip, `sid=${randomBytes(16).toString('hex')}`)).res.statusCode).toBe(429);
      expect((await token(a, '10.64.1.2')).res.statusCode).toBe(200);
    });

    it('locks an account after 5 failed sign-ins, also for the right password, with Retry-After', async () => {
      const a = await app(redisUrl);
      for (let i = 0; i < 5; i++) expect((await signIn(a, `10.65.0.${i}`, 'kupac@orbita.rs', 'wrong-1')).statusCode).toBe(401);
      const locked = await signIn(a, '10.65.1.1', 'KUPAC@orbita.rs', DEMO_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().errors[0]).toMatchObject({ type: 'TooManyRequestsError', reason: 'accountLocked' });
      expect(locked.json().errors[0].message).toMatch(/^Previše neuspešnih pokušaja prijave na ovaj nalog/);
      const retry = Number(locked.headers['retry-after']);
      expect(retry).toBeGreaterThan(14 * 60);
      expect(retry).toBeLessThanOrEqual(15 * 60);
      const en = await signIn(a, '10.65.1.1', 'kupac@orbita.rs', 'wrong-2', '2');
      expect(en.statusCode).toBe(429);
      expect(en.json().errors[0].message).toMatch(/^Too many failed sign-in attempts for this account/);
      // The same username / e-mail is the same account; another account is not affected.
      expect((await signIn(a, '10.65.1.1', 'marko.petrovic', DEMO_PASSWORD)).statusCode).toBe(429);
      expect((await signIn(a, '10.65.1.1', 'staff@orbita.rs', DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('does not count successful sign-ins: failures before a success are forgotten', async () => {
      const a = await app(redisUrl);
      for (let i = 0; i < 4; i++) expect((await signIn(a, '10.66.0.1', 'slaba@orbita.rs', 'nope')).statusCode).toBe(401);
      expect((await signIn(a, '10.66.0.1', 'slaba@orbita.rs', DEMO_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await signIn(a, '10.66.0.1', 'slaba@orbita.rs', 'nope')).statusCode).toBe(401);
      expect((await signIn(a, '10.66.0.1', 'slaba@orbita.rs', 'nope')).statusCode).toBe(429);
    });

    it('counts parallel guesses exactly: 20 at once, 5 are judged', async () => {
      const a = await app(redisUrl);
      const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => token(a, `10.67.0.${i}`)));
      const res = await Promise.all(tokens.map((t, i) => a.inject({
        method: 'POST', url: AUTHORIZE, remoteAddress: `10.67.0.${i}`,
        headers: { lang: '1', authorization: `Bearer ${t.token}`, cookie: t.cookie ?? '' },
        payload: { userId: 'otp@orbita.rs', encodedPassword: enc(`guess-${i}`), rememberMe: false },
      })));
      const codes = res.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(15);
    });

    it('throttles failures per address across accounts', async () => {
      const a = await app(redisUrl, { loginThrottle: { perAddress: 8 } });
      for (let i = 0; i < 8; i++) expect((await signIn(a, '10.68.0.1', `nobody${i}@example.rs`, 'x1!')).statusCode).toBe(401);
      const r = await signIn(a, '10.68.0.1', 'nobody99@example.rs', 'x1!');
      expect(r.statusCode).toBe(429);
      expect(r.json().errors[0].reason).toBe('addressLocked');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn(a, '10.68.0.2', 'kupac@orbita.rs', DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('keeps serving and throttling when Redis does not answer', async () => {
    const a = await app('redis://127.0.0.1:1', { authRateLimit: 3 });
    const t = await token(a, '10.70.0.1');
    expect(t.res.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(a, '10.70.0.1', 'laki@orbita.rs', 'bad')).statusCode).toBe(401);
    expect((await signIn(a, '10.70.0.1', 'laki@orbita.rs', DEMO_PASSWORD)).statusCode).toBe(429);
  }, 60_000);

  describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing Redis', () => {
    it('share the per-account lock and the per-session limit', async () => {
      const prefix = `rel:${randomBytes(6).toString('hex')}:`;
      const one = await app(process.env.TEST_REDIS_URL, { prefix, authRateLimit: 4 });
      const two = await app(process.env.TEST_REDIS_URL, { prefix, authRateLimit: 4 });
      for (let i = 0; i < 5; i++) {
        const r = await signIn(i % 2 ? one : two, '10.69.0.1', 'podnalog@orbita.rs', 'bad');
        expect(r.statusCode).toBe(401);
      }
      expect((await signIn(one, '10.69.0.2', 'podnalog@orbita.rs', DEMO_PASSWORD)).statusCode).toBe(429);
      expect((await signIn(two, '10.69.0.2', 'podnalog@orbita.rs', DEMO_PASSWORD)).statusCode).toBe(429);
      // a session's token calls count on both instances together
      const s = await token(one, '10.69.1.1');
      expect((await token(two, '10.69.1.1', s.cookie)).res.statusCode).toBe(200);
      expect((await token(one, '10.69.1.1', s.cookie)).res.statusCode).toBe(200);
      expect((await token(two, '10.69.1.1', s.cookie)).res.statusCode).toBe(200);
      expect((await token(one, '10.69.1.1', s.cookie)).res.statusCode).toBe(200);
      expect((await token(two, '10.69.1.1', s.cookie)).res.statusCode).toBe(429);
    });
  });
});

