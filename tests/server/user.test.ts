// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { DEMO_PASSWORD } from '../../server/db/seed/users';
import { sessions, users } from '../../server/db/tables';
import { sha256 } from '../../server/lib/ids';
import { hashPassword, verifyPassword } from '../../server/user/password';
import { sessionHasRole } from '../../server/user/accounts';
import { drivers, GATEWAY_SECRET, loadUi, PATHS, Shopper, startApp, type Harness } from './helpers';

const AUTHORIZE = '/selfcare/b2c/user/authorize';
const LOGOUT = '/selfcare/b2c/user/logout';
const INFO = '/hybris/selfcare/b2c/v1/user/info?isPaymentDetailsRequired=true';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** A shopper that also follows the rotated `sid` cookie and re-fetches its token like the browser does. */
class Customer extends Shopper {
  async authorize(userId: string, password = DEMO_PASSWORD) {
    const res = await this.call('POST', AUTHORIZE, { userId, encodedPassword: b64(password), rememberMe: false });
    await this.follow(res);
    return res;
  }
  async logout() {
    const res = await this.call('POST', LOGOUT);
    await this.follow(res);
    return res;
  }
  private async follow(res: Awaited<ReturnType<Shopper['call']>>) {
    const sid = res.cookies.find((c) => c.name === 'sid');
    if (!sid) return;
    this.cookie = `sid=${sid.value}`;
    const t = await this.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: this.cookie } });
    this.token = t.json().data.token;
  }
}

describe('passwords', () => {
  it('hashes with scrypt N=2^15 r=8 p=1 and a per-user salt, and verifies only the right password', async () => {
    const a = await hashPassword('Orbita2026!');
    const b = await hashPassword('Orbita2026!');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Orbita2026!', a)).toBe(true);
    expect(await verifyPassword('orbita2026!', a)).toBe(false);
    expect(await verifyPassword('Orbita2026!', null)).toBe(false);
    expect(await verifyPassword('Orbita2026!', 'plain')).toBe(false);
  });
});

describe.each(drivers)('accounts on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('seeds the demo users with hashed passwords', async () => {
    const rows = await h.database.db.select().from(users);
    expect(rows.map((u) => u.username)).toEqual(expect.arrayContaining(['marko.petrovic', 'jelena.jovanovic', 'bez.imejla', 'ivan.blokiran']));
    // every account has a hashed password; customers without an account (seed 001 §2) have none until they register
    for (const u of rows) {
      if (u.username.startsWith('korisnik.')) expect(u.passwordHash).toBeNull();
      else expect(u.passwordHash).toMatch(/^scrypt\$/);
    }
    expect(rows.find((u) => u.username === 'jelena.jovanovic')?.roles).toEqual(['staff']);
  });

  it('answers 401 on user info while anonymous', async () => {
    const s = await new Customer(h.app).login();
    const res = await s.call('GET', INFO);
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].type).toBe('UnauthorizedError');
  });

  it('signs in by e-mail: a new session id (rotated cookie), the old session and its token revoked, user info', async () => {
    const s = await new Customer(h.app).login();
    const oldCookie = s.cookie;
    const oldToken = s.token;
    const res = await s.authorize('  KUPAC@orbita.rs ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ authorized: true, customerId: '1000001', weakPassword: false, emailNotSet: false });
    expect(s.cookie).not.toBe(oldCookie);
    const oldId = sha256(oldCookie.slice(4));
    const [old] = await h.database.db.select().from(sessions).where(eq(sessions.id, oldId));
    expect(old.revokedAt).not.toBeNull();
    // the old token is dead, the fresh one works
    const stale = await h.app.inject({ method: 'GET', url: INFO, headers: { authorization: `Bearer ${oldToken}` } });
    expect(stale.statusCode).toBe(401);
    // … also where the cart's own query checks the session (cart read, add to cart)
    const staleCart = await h.app.inject({ method: 'GET', url: PATHS.cart, headers: { authorization: `Bearer ${oldToken}` } });
    expect(staleCart.statusCode).toBe(401);
    expect(staleCart.json().errors[0].type).toBe('InvalidTokenError');
    const staleAdd = await h.app.inject({ method: 'POST', url: PATHS.addBundle, headers: { authorization: `Bearer ${oldToken}` }, payload: { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' } });
    expect(staleAdd.statusCode).toBe(401);
    const info = await s.call('GET', INFO);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      email: 'kupac@orbita.rs', firstName: 'Marko', lastName: 'Petrović', userName: 'marko.petrovic', contactPhoneNumber: '0641234567',
      customerId: '1000001', weakPassword: false, emailNotSet: false, isLightAccount: false, isPostPaid: true, isNet: true, isTv: true, isBox: false, roles: [],
    });
    // the token call tells the browser the session is signed in
    const t = await h.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: s.cookie } });
    expect(t.json().data.authorized).toBe(true);
  });

  it('signs in by username; the e-mail-not-set user has email null and emailNotSet', async () => {
    const s = await new Customer(h.app).login();
    expect((await s.authorize('bez.imejla')).json().data.emailNotSet).toBe(true);
    expect((await s.call('GET', INFO)).json()).toMatchObject({ email: null, emailNotSet: true, userName: 'bez.imejla' });
  });

  it('refuses a wrong password and an unknown user with 401 and a localized message, without rotating the session', async () => {
    const s = await new Customer(h.app).login();
    const cookie = s.cookie;
    const wrong = await s.authorize('kupac@orbita.rs', 'Pogresna123!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0]).toMatchObject({ type: 'AuthenticationError', message: 'Pogrešan imejl, korisničko ime ili lozinka.' });
    expect(s.cookie).toBe(cookie);
    s.lang = '2';
    const unknown = await s.authorize('nobody@orbita.rs');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errors[0].message).toBe('Wrong email, username or password.');
    expect((await s.call('GET', INFO)).statusCode).toBe(401);
  });

  it('answers MtsBlockedUserError for a blocked account and keeps the session anonymous', async () => {
    const s = await new Customer(h.app).login();
    const res = await s.authorize('blokiran@orbita.rs');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].type).toBe('MtsBlockedUserError');
    expect((await s.call('GET', INFO)).statusCode).toBe(401);
  });

  it('refuses a body without credentials and a password that is not base64', async () => {
    const s = await new Customer(h.app).login();
    expect((await s.call('POST', AUTHORIZE, { userId: 'kupac@orbita.rs' })).statusCode).toBe(400);
    const bad = await s.call('POST', AUTHORIZE, { userId: 'kupac@orbita.rs', encodedPassword: 'not base64!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].type).toBe('ValidationError');
  });

  it('merges the anonymous cart into the user cart on sign-in (bundle by bundle, judged by the add rules) and keeps it after sign-out/in', async () => {
    // the user's cart from an earlier visit
    const first = await new Customer(h.app).login();
    await first.authorize('podnalog@orbita.rs');
    const t = await first.call('POST', PATHS.addToCart, { code: 'ORBITA_SMART', subscriptionTermId: 'ORBITA_SMART_T12', pricePlanId: 'ORBITA_SMART_PLAN' });
    expect(t.statusCode).toBe(200);
    const userCartCode = (await first.call('GET', PATHS.fullCart)).json().code;
    const out = await first.logout();
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Uspešno si se odjavio.');
    // after logout: anonymous again, with a fresh empty cart
    expect((await first.call('GET', INFO)).statusCode).toBe(401);
    const fresh = (await first.call('GET', PATHS.fullCart)).json();
    expect(fresh.code).not.toBe(userCartCode);
    expect(fresh.entries).toHaveLength(0);

    // another visit: anonymous cart with a phone, then sign-in
    const s = await new Customer(h.app).login();
    const d = await s.call('POST', PATHS.addBundle, { deviceCode: 'NOKIA_105_4G_BLUE', chargeType: 'ONE_TIME_CHARGE' });
    expect(d.statusCode).toBe(200);
    const res = await s.authorize('podnalog@orbita.rs');
    expect(res.json().data.merge).toEqual([{ productCode: 'NOKIA_105_4G', variantCode: 'NOKIA_105_4G_BLUE', status: 'merged' }].map((m) => expect.objectContaining({ status: m.status })));
    const merged = (await s.call('GET', PATHS.fullCart)).json();
    expect(merged.code).toBe(userCartCode);
    const codes = merged.entries.map((e: { product: { code: string } }) => e.product.code).sort();
    expect(codes).toEqual(['NOKIA_105_4G_BLUE', 'ORBITA_SMART']);
    expect(merged.entries.map((e: { entryNumber: number }) => e.entryNumber)).toEqual([0, 1]);

    // the same product again is judged like an add (seed 000 §4): a second phone is allowed (maxOrderQuantity DEVICE 2)
    await s.logout();
    const again = await s.call('POST', PATHS.addBundle, { deviceCode: 'NOKIA_105_4G_BLUE', chargeType: 'ONE_TIME_CHARGE' });
    expect(again.statusCode).toBe(200);
    const r2 = await s.authorize('podnalog@orbita.rs');
    expect(r2.json().data.merge.map((m: { status: string }) => m.status)).toEqual(['merged']);
    expect((await s.call('GET', PATHS.fullCart)).json().entries).toHaveLength(3);
  });

  it('an anonymous cart becomes the cart of a user without one', async () => {
    const s = await new Customer(h.app).login();
    await s.call('POST', PATHS.addToCart, { code: 'ORBITA_SMART', subscriptionTermId: 'ORBITA_SMART_T12', pricePlanId: 'ORBITA_SMART_PLAN' });
    const code = (await s.call('GET', PATHS.fullCart)).json().code;
    await s.authorize('otp@orbita.rs');
    const cart = (await s.call('GET', PATHS.fullCart)).json();
    expect(cart.code).toBe(code);
    expect(cart.entries).toHaveLength(1);
  });

  it('knows the staff role of a session', async () => {
    const s = await new Customer(h.app).login();
    const anonId = sha256(s.cookie.slice(4));
    expect(await sessionHasRole(h.database.db, anonId, 'staff')).toBe(false);
    await s.authorize('staff@orbita.rs');
    expect(await sessionHasRole(h.database.db, sha256(s.cookie.slice(4)), 'staff')).toBe(true);
    expect((await s.call('GET', INFO)).json().roles).toEqual(['staff']);
  });
});

describe('authorize rate limit', () => {
  it('answers 429 TooManyRequestsError after the configured number of attempts per minute', async () => {
    const database = await openDatabase({ memory: true });
    await seedIfEmpty(database.db);
    const app = await buildApp({ db: database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 3 });
    try {
      await app.ready();
      const s = await new Customer(app).login(); // the limit counts per route
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await s.call('POST', AUTHORIZE, { userId: 'kupac@orbita.rs', encodedPassword: b64('Wrong1234!') })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await s.call('POST', AUTHORIZE, { userId: 'kupac@orbita.rs', encodedPassword: b64(DEMO_PASSWORD) });
      expect(last.statusCode).toBe(429);
      expect(last.json().errors[0].type).toBe('TooManyRequestsError');
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
