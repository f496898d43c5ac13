// @vitest-environment node
// Sessions expire on the server (issue 24): a signed-in customer's after 30 min idle or 12 h after signing in, an
// anonymous (cart) session after 7 days idle or 30 days; renewed on use; a token never outlives its session. The
// session cookie is `__Host-sid` (Secure) over HTTPS and `sid` over plain http, HttpOnly, SameSite=Lax, Path=/.
// The clock is injected (buildApp `now`): real time plus an offset the tests move forward, so that the rows the
// database stamps itself (now()) and the app's clock agree at offset 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../../server/db/tables';
import { SESSION_LIMITS, rotateSession, verifyToken } from '../../server/user/index';
import { DEMO_PASSWORD } from '../../server/db/seed/users';
import { Customer, drivers, GATEWAY_SECRET, PATHS, startApp, type Harness } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const INFO = '/hybris/selfcare/b2c/v1/user/info?isPaymentDetailsRequired=true';
const CABLE = { deviceCode: 'ACC_USBC_CABLE_STD', chargeType: 'ONE_TIME_CHARGE' };
type Res = Awaited<ReturnType<FastifyInstance['inject']>>;

describe.each(drivers)('session expiry on %s', (_name, url) => {
  let h: Harness;
  let offset = 0;
  const now = () => Date.now() + offset;
  beforeAll(async () => { h = await startApp(url, { now }); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const refresh = (c: Customer, lang = '2') => h.app.inject({ method: 'POST', url: PATHS.refresh, headers: { cookie: c.cookie, lang } });
  /** Takes the token (and a new cookie, if one was set) of a token or refresh answer. */
  const take = (c: Customer, res: Res) => {
    const sid = res.cookies.find((x) => x.name === 'sid');
    if (sid) c.cookie = `sid=${sid.value}`;
    const body = res.json();
    c.token = body.data.token ?? body.data.response;
  };
  const sessionRow = async (c: Customer) => {
    const id = verifyToken(GATEWAY_SECRET, c.token, now());
    expect(id).not.toBeNull();
    const [row] = await h.database.db.select().from(sessions).where(eq(sessions.id, id!));
    return row;
  };
  const cartCodes = async (c: Customer) => ((await c.call('GET', PATHS.fullCart)).json().entries as Array<{ product: { code: string } }>).map((e) => e.product.code);

  it('an anonymous cart session lives 7 days idle, renewed on use; an expired one is replaced without an error', async () => {
    offset = 0;
    const c = await new Customer(h.app).login();
    expect((await c.call('POST', PATHS.addBundle, CABLE)).statusCode).toBe(200);
    const cookie = c.cookie;
    // back after 6 days: the token has expired, the refresh renews the session (same cart) and sets no new cookie
    offset = 6 * DAY;
    expect((await c.call('GET', PATHS.cart)).statusCode).toBe(401);
    const back = await refresh(c);
    expect(back.statusCode).toBe(200);
    expect(back.cookies.find((x) => x.name === 'sid')).toBeUndefined();
    take(c, back);
    expect(await cartCodes(c)).toEqual(['ACC_USBC_CABLE_STD']);
    // 6 more days: 12 days old, but seen 6 days ago — still live
    offset = 12 * DAY;
    take(c, await refresh(c));
    expect(await cartCodes(c)).toEqual(['ACC_USBC_CABLE_STD']);
    // more than 7 days idle: the refresh answers a token of a fresh session (new cookie, empty cart), no 401
    offset = 12 * DAY + SESSION_LIMITS.anonymous.idleMs + MIN;
    const fresh = await refresh(c);
    expect(fresh.statusCode).toBe(200);
    take(c, fresh);
    expect(c.cookie).not.toBe(cookie);
    expect(await cartCodes(c)).toEqual([]);
    // the old cookie gives no token any more: GET auth/token starts a new session instead
    const old = await h.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie } });
    expect(old.statusCode).toBe(200);
    expect(old.cookies.find((x) => x.name === 'sid')?.value).toBeTruthy();
    expect(`sid=${old.cookies.find((x) => x.name === 'sid')!.value}`).not.toBe(cookie);
  });

  it('an anonymous session ends 30 days after it began, however often it is used', async () => {
    offset = 0;
    const c = await new Customer(h.app).login();
    const cookie = c.cookie;
    for (let day = 6; day < 30; day += 6) {
      offset = day * DAY;
      const r = await refresh(c);
      expect(r.statusCode).toBe(200);
      expect(r.cookies.find((x) => x.name === 'sid')).toBeUndefined();
      take(c, r);
    }
    // a token asked for just before the 30 days ends with them, not 15 min later
    offset = SESSION_LIMITS.anonymous.absoluteMs - 5 * MIN;
    take(c, await refresh(c));
    expect(verifyToken(GATEWAY_SECRET, c.token, now())).not.toBeNull();
    expect(verifyToken(GATEWAY_SECRET, c.token, now() + 6 * MIN)).toBeNull();
    offset = SESSION_LIMITS.anonymous.absoluteMs + MIN;
    const r = await h.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie } });
    expect(r.statusCode).toBe(200);
    expect(`sid=${r.cookies.find((x) => x.name === 'sid')!.value}`).not.toBe(cookie);
    expect(r.json().data.authorized).toBe(false);
  });

  it('a signed-in session idle for 30 min signs the customer out; the cart comes back at the next sign-in', async () => {
    offset = 0;
    const c = await new Customer(h.app).login();
    await c.authorize('kupac@orbita.rs');
    expect((await c.call('DELETE', PATHS.deleteCart)).statusCode).toBe(200);
    expect((await c.call('POST', PATHS.addBundle, CABLE)).statusCode).toBe(200);
    // 20 min later: the token (15 min) has expired, the session has not — the refresh renews it
    offset = 20 * MIN;
    expect((await c.call('GET', INFO)).statusCode).toBe(401);
    take(c, await refresh(c));
    expect((await c.call('GET', INFO)).statusCode).toBe(200);
    // 31 min after that: the refresh is refused (the front end reloads the page), in the shopper's language
    offset = 20 * MIN + SESSION_LIMITS.signedIn.idleMs + MIN;
    const late = await refresh(c);
    expect(late.statusCode).toBe(401);
    expect(late.json().errors[0]).toMatchObject({ type: 'InvalidTokenError', reason: 'sessionExpired', message: 'Your sign-in has expired. Please sign in again.' });
    expect((await refresh(c, '1')).json().errors[0].message).toBe('Tvoja prijava je istekla. Prijavi se ponovo.');
    // the reloaded page asks for a token: an anonymous session with an empty cart
    const page = await h.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: c.cookie } });
    expect(page.json().data.authorized).toBe(false);
    take(c, page);
    expect((await c.call('GET', INFO)).statusCode).toBe(401);
    expect(await cartCodes(c)).toEqual([]);
    // signing in again finds the customer's cart, as after a logout (sign-in stamps its session with the database's
    // clock: the test's clock goes back to it)
    offset = 0;
    await c.authorize('kupac@orbita.rs');
    expect(await cartCodes(c)).toEqual(['ACC_USBC_CABLE_STD']);
  });

  it('a signed-in session ends 12 h after signing in, even when used all the time', async () => {
    offset = 0;
    const c = await new Customer(h.app).login();
    await c.authorize('bez.imejla');
    for (let t = 25 * MIN; t < SESSION_LIMITS.signedIn.absoluteMs; t += 25 * MIN) {
      offset = t;
      const r = await refresh(c);
      expect(r.statusCode, `at ${t / MIN} min`).toBe(200);
      take(c, r);
    }
    // the last token ends with the 12 h
    expect(verifyToken(GATEWAY_SECRET, c.token, Date.now() + SESSION_LIMITS.signedIn.absoluteMs + 1000)).toBeNull();
    expect((await c.call('GET', INFO)).statusCode).toBe(200);
    offset = SESSION_LIMITS.signedIn.absoluteMs + 1000;
    expect((await c.call('GET', INFO)).statusCode).toBe(401);
    const r = await refresh(c);
    expect(r.statusCode).toBe(401);
    expect(r.json().errors[0].reason).toBe('sessionExpired');
  });

  it('an account change keeps the time of signing in (a rotation does not restart the 12 h)', async () => {
    offset = 0;
    const c = await new Customer(h.app).login();
    await c.authorize('maloletni@orbita.rs');
    const before = await sessionRow(c);
    expect(before.authenticatedAt).not.toBeNull();
    const next = await h.database.db.transaction((tx) => rotateSession(tx, before.id, before.userId!));
    const [after] = await h.database.db.select().from(sessions).where(eq(sessions.id, next.sessionId));
    expect(after.authenticatedAt!.getTime()).toBe(before.authenticatedAt!.getTime());
    // a sign-in by another account (or from an anonymous session) starts a new authentication
    const other = await h.database.db.transaction((tx) => rotateSession(tx, next.sessionId, before.userId! + 1));
    const [third] = await h.database.db.select().from(sessions).where(eq(sessions.id, other.sessionId));
    expect(third.authenticatedAt!.getTime()).toBeGreaterThanOrEqual(before.authenticatedAt!.getTime());
    expect(third.authenticatedAt).not.toBe(after.authenticatedAt);
  });

  it('use renews last_seen_at at most once a minute, and token-only reads never write', async () => {
    offset = 0;
    const c = await new Customer(h.app).login();
    await c.authorize('staff@orbita.rs');
    const seen0 = (await sessionRow(c)).lastSeenAt.getTime();
    // within the minute: a route that reads the session does not write it
    offset = 30_000;
    expect((await c.call('GET', INFO)).statusCode).toBe(200);
    expect((await sessionRow(c)).lastSeenAt.getTime()).toBe(seen0);
    // the cart (token checked without the database) does not write either
    offset = 5 * MIN;
    expect((await c.call('GET', PATHS.cart)).statusCode).toBe(200);
    expect((await sessionRow(c)).lastSeenAt.getTime()).toBe(seen0);
    // past the minute: renewed to the clock's time, so the idle 30 min count from here
    expect((await c.call('GET', INFO)).statusCode).toBe(200);
    const seen1 = (await sessionRow(c)).lastSeenAt.getTime();
    expect(seen1).toBeGreaterThanOrEqual(seen0 + 5 * MIN);
    expect(seen1).toBeLessThanOrEqual(now());
    // 28 min after that renewal (33 min after signing in) the session still lives
    offset = 5 * MIN + 28 * MIN;
    expect((await refresh(c)).statusCode).toBe(200);
  });

  it('the database refuses the cart of an expired session even with a still valid token', async () => {
    offset = 0;
    const c = await new Customer(h.app).login();
    expect((await c.call('GET', PATHS.cart)).statusCode).toBe(200);
    // the row aged by hand (another instance's clock, a token signed before a deploy): idle for 8 days
    const id = verifyToken(GATEWAY_SECRET, c.token, now())!;
    await h.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 8 * DAY) }).where(eq(sessions.id, id));
    const cart = await c.call('GET', PATHS.cart);
    expect(cart.statusCode).toBe(401);
    expect(cart.json().errors[0].type).toBe('InvalidTokenError');
    expect((await c.call('POST', PATHS.addBundle, CABLE)).statusCode).toBe(401);
  });
});

/** The Set-Cookie header of the session cookie, as sent. */
const setCookieHeader = (res: Res): string => {
  const v = res.headers['set-cookie'];
  const all = Array.isArray(v) ? v : v ? [String(v)] : [];
  const found = all.find((x) => /^(__Host-)?sid=/.test(x));
  expect(found).toBeDefined();
  return found!;
};

describe.each(drivers)('session cookie on %s', (_name, url) => {
  let proxied: Harness; // behind a trusted proxy (TRUST_PROXY)
  let direct: Harness; // no trusted proxy: X-Forwarded-Proto is the client's word, not believed
  let forced: Harness; // COOKIE_SECURE=true
  beforeAll(async () => {
    proxied = await startApp(url, { trustProxy: true });
    direct = await startApp(url);
    forced = await startApp(url, { secureCookies: true });
  }, 120_000);
  afterAll(async () => { await proxied?.close(); await direct?.close(); await forced?.close(); });

  const https = { 'x-forwarded-proto': 'https' };

  it('over HTTPS (a trusted proxy says so) the cookie is __Host-sid: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const res = await proxied.app.inject({ method: 'GET', url: PATHS.token, headers: https });
    expect(res.statusCode).toBe(200);
    const header = setCookieHeader(res);
    expect(header).toMatch(/^__Host-sid=[^;]+/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    const cookie = header.split(';')[0];
    // the secure cookie keeps its session; the same value under the plain name is not read over HTTPS
    const again = await proxied.app.inject({ method: 'GET', url: PATHS.token, headers: { ...https, cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(verifyToken(GATEWAY_SECRET, again.json().data.token)).toBe(verifyToken(GATEWAY_SECRET, res.json().data.token));
    const shadow = await proxied.app.inject({ method: 'GET', url: PATHS.token, headers: { ...https, cookie: cookie.replace('__Host-sid=', 'sid=') } });
    expect(setCookieHeader(shadow)).toMatch(/^__Host-sid=/);
    expect(verifyToken(GATEWAY_SECRET, shadow.json().data.token)).not.toBe(verifyToken(GATEWAY_SECRET, res.json().data.token));
    // refresh reads it too; over plain http the secure name is not read
    expect((await proxied.app.inject({ method: 'POST', url: PATHS.refresh, headers: { ...https, cookie } })).statusCode).toBe(200);
    expect((await proxied.app.inject({ method: 'POST', url: PATHS.refresh, headers: { cookie } })).statusCode).toBe(401);
  });

  it('signing in and out over HTTPS set __Host-sid', async () => {
    const first = await proxied.app.inject({ method: 'GET', url: PATHS.token, headers: https });
    const cookie = setCookieHeader(first).split(';')[0];
    const signIn = await proxied.app.inject({
      method: 'POST', url: '/selfcare/b2c/user/authorize', headers: { ...https, cookie, authorization: `Bearer ${first.json().data.token}` },
      payload: { userId: 'kupac@orbita.rs', encodedPassword: Buffer.from(DEMO_PASSWORD).toString('base64'), rememberMe: false },
    });
    expect(signIn.statusCode).toBe(200);
    expect(setCookieHeader(signIn)).toMatch(/^__Host-sid=[^;]+;.*; Secure/);
    const signedCookie = setCookieHeader(signIn).split(';')[0];
    const t = (await proxied.app.inject({ method: 'GET', url: PATHS.token, headers: { ...https, cookie: signedCookie } })).json().data;
    expect(t.authorized).toBe(true);
    const out = await proxied.app.inject({ method: 'POST', url: '/selfcare/b2c/user/logout', headers: { ...https, cookie: signedCookie, authorization: `Bearer ${t.token}` } });
    expect(out.statusCode).toBe(200);
    expect(setCookieHeader(out)).toMatch(/^__Host-sid=[^;]+;.*; Secure/);
  });

  it('over plain http the cookie is sid: HttpOnly, SameSite=Lax, Path=/, not Secure, no Domain', async () => {
    for (const app of [proxied.app, direct.app]) {
      const header = setCookieHeader(await app.inject({ method: 'GET', url: PATHS.token }));
      expect(header).toMatch(/^sid=[^;]+/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
      expect(header).toMatch(/; Path=\//);
      expect(header).not.toMatch(/Secure/);
      expect(header).not.toMatch(/Domain=/i);
    }
  });

  it('without a trusted proxy, X-Forwarded-Proto does not choose the cookie; COOKIE_SECURE makes it __Host-sid always', async () => {
    expect(setCookieHeader(await direct.app.inject({ method: 'GET', url: PATHS.token, headers: https }))).toMatch(/^sid=/);
    const header = setCookieHeader(await forced.app.inject({ method: 'GET', url: PATHS.token }));
    expect(header).toMatch(/^__Host-sid=[^;]+/);
    expect(header).toMatch(/; Secure/);
    const cookie = header.split(';')[0];
    expect((await forced.app.inject({ method: 'POST', url: PATHS.refresh, headers: { cookie } })).statusCode).toBe(200);
    expect((await forced.app.inject({ method: 'POST', url: PATHS.refresh, headers: { cookie: cookie.replace('__Host-sid=', 'sid=') } })).statusCode).toBe(401);
  });
});
