// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearerTokens, sessions } from '../../server/db/tables';
import { signToken, verifyToken } from '../../server/user/service';
import { drivers, GATEWAY_SECRET, PATHS, Shopper, startApp, type Harness } from './helpers';

describe.each(drivers)('auth on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('issues a token and an http-only sid cookie', async () => {
    const res = await h.app.inject({ method: 'GET', url: PATHS.token });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().data.token).toBe('string');
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    // the token is signed (checked without the database), not stored; it names the session, which is stored
    const token: string = res.json().data.token;
    expect(await h.database.db.select().from(bearerTokens)).toHaveLength(0);
    const sessionId = verifyToken(GATEWAY_SECRET, token);
    expect(sessionId).not.toBeNull();
    expect(await h.database.db.select().from(sessions).where(eq(sessions.id, sessionId!))).toHaveLength(1);
    // another secret (another deployment) does not accept it
    expect(verifyToken('another-secret', token)).toBeNull();
  });

  it('refuses a token whose signature, session or expiry was altered', async () => {
    const s = await new Shopper(h.app).login();
    const [sid, exp, nonce, mac] = s.token.split('.');
    const later = (parseInt(exp, 36) + 3_600_000).toString(36);
    const otherSid = 'a'.repeat(64);
    // one character of the signature changed (not the last ones: their low bits are padding, and 'AA' may be what was there)
    const alteredMac = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    for (const forged of [`${sid}.${later}.${nonce}.${mac}`, `${otherSid}.${exp}.${nonce}.${mac}`, `${sid}.${exp}.${nonce}.${alteredMac}`, `${sid}.${exp}.${nonce}`]) {
      const r = await h.app.inject({ method: 'GET', url: PATHS.cart, headers: { authorization: `Bearer ${forged}`, lang: '1' } });
      expect(r.statusCode).toBe(401);
      expect(r.json().errors[0].type).toBe('InvalidTokenError');
      // the catalogue is public (issue 25): its answer is the same whatever bearer comes, so a forged one is not read
      expect((await h.app.inject({ method: 'GET', url: PATHS.search, headers: { authorization: `Bearer ${forged}`, lang: '1' } })).statusCode).toBe(200);
    }
    // a well-signed token of a session that does not exist: the catalogue (public) needs no session, the cart does
    const ghost = signToken(GATEWAY_SECRET, otherSid, Date.now() + 60_000);
    expect((await h.app.inject({ method: 'GET', url: PATHS.search, headers: { authorization: `Bearer ${ghost}`, lang: '1' } })).statusCode).toBe(200);
    const cart = await h.app.inject({ method: 'GET', url: PATHS.cart, headers: { authorization: `Bearer ${ghost}`, lang: '1' } });
    expect(cart.statusCode).toBe(401);
    expect(cart.json().errors[0].type).toBe('InvalidTokenError');
    const add = await h.app.inject({ method: 'POST', url: PATHS.addBundle, headers: { authorization: `Bearer ${ghost}`, lang: '1' }, payload: { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' } });
    expect(add.statusCode).toBe(401);
  });

  it('answers 401 InvalidTokenError without, with a wrong, or with an expired token', async () => {
    const none = await h.app.inject({ method: 'GET', url: PATHS.cart, headers: { lang: '1' } });
    expect(none.statusCode).toBe(401);
    expect(none.json().errors[0].type).toBe('InvalidTokenError');
    expect(none.json().errors[0].message).toMatch(/sesija/);
    const wrong = await h.app.inject({ method: 'GET', url: PATHS.cart, headers: { authorization: 'Bearer nope', lang: '2' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0].message).toMatch(/session/);

    const s = await new Shopper(h.app).login();
    expect((await s.call('GET', PATHS.cart)).statusCode).toBe(200);
    // the same session, signed with an expiry a second ago
    s.token = signToken(GATEWAY_SECRET, verifyToken(GATEWAY_SECRET, s.token)!, Date.now() - 1000);
    const expired = await s.call('GET', PATHS.cart);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors[0].type).toBe('InvalidTokenError');
  });

  it('refreshes the token of the same session (same cart) and refuses without a session', async () => {
    const s = await new Shopper(h.app).login();
    const before = (await s.call('GET', PATHS.cart)).json().code;
    const r = await h.app.inject({ method: 'POST', url: PATHS.refresh, headers: { cookie: s.cookie } });
    expect(r.statusCode).toBe(200);
    const fresh = r.json().data.response;
    expect(fresh).not.toBe(s.token);
    s.token = fresh;
    expect((await s.call('GET', PATHS.cart)).json().code).toBe(before);
    const anon = await h.app.inject({ method: 'POST', url: PATHS.refresh });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errors[0].type).toBe('InvalidTokenError');
  });

  it('keeps the session of an existing sid cookie when a token is asked again', async () => {
    const s = await new Shopper(h.app).login();
    const code = (await s.call('GET', PATHS.cart)).json().code;
    const again = await h.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: s.cookie } });
    expect(again.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    s.token = again.json().data.token;
    expect((await s.call('GET', PATHS.cart)).json().code).toBe(code);
  });
});

describe('rate limit on the auth routes', () => {
  it('answers 429 TooManyRequestsError with a localized message after the limit', async () => {
    const { openDatabase } = await import('../../server/db/index');
    const { buildApp } = await import('../../server/app');
    const { loadUi } = await import('./helpers');
    const database = await openDatabase({ memory: true });
    const app = await buildApp({ db: database.db, ui: await loadUi(), authRateLimit: 3 });
    try {
      // per session (the first call, without a cookie yet, counts for the address; tests/server/limits.test.ts)
      const first = await app.inject({ method: 'GET', url: PATHS.token });
      const cookie = `sid=${first.cookies.find((c) => c.name === 'sid')!.value}`;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await app.inject({ method: 'GET', url: PATHS.token, headers: { cookie } })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const r = await app.inject({ method: 'GET', url: PATHS.token, headers: { lang: '2', cookie } });
      expect(r.statusCode).toBe(429);
      expect(r.json().errors[0].type).toBe('TooManyRequestsError');
      expect(r.json().errors[0].message).toMatch(/Too many requests/);
      // other routes are not limited by it
      expect((await app.inject({ method: 'GET', url: '/ui/manifest' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
