// Test harness: an app on in-memory PGlite, or on PostgreSQL (TEST_DATABASE_URL) in a database of its own.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, inject } from 'vitest';
import type { FastifyInstance, HTTPMethods, InjectOptions } from 'fastify';
import { openDatabase, type Database } from '../../server/db/index';
import { seedIfEmpty } from '../../server/db/seed/index';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { DEFAULT_LIMITS, type LimitName, type LimitSettings } from '../../server/lib/limits';
import { defaultSchemaCacheDir, UiDocuments } from '../../server/ui/documents';
import { DEMO_PASSWORD } from '../../server/db/seed/users';
import { jmbgFor } from '../../server/user/index';

export const SCHEMAS_DIR = new URL('../../schemas', import.meta.url).pathname;

/** The schema set. A valid set comes from the checked-set cache `npm start` keeps (keyed by the content hash of
 *  schemas/ and the checker): checking the set and compiling every form's validator costs seconds of CPU, once per
 *  run instead of once per app. A set with errors elsewhere in the tree (parts edited in parallel) is loaded without
 *  refusing them; refusal itself is tested in ui.test.ts on a broken copy. */
export async function loadUi(): Promise<UiDocuments> {
  try {
    return await UiDocuments.load(SCHEMAS_DIR, { cacheDir: defaultSchemaCacheDir() });
  } catch {
    return UiDocuments.load(SCHEMAS_DIR, { strict: false });
  }
}

export const GATEWAY_SECRET = 'test-gateway-secret';

export interface Harness { app: FastifyInstance; database: Database; close: () => Promise<void>; /** PostgreSQL: the URL of this file's database */ dbUrl?: string }

/** What the node project's global setup made (tests/server/template.setup.ts); empty outside Vitest. */
function templates(): { pglite: string; pg: string } {
  try {
    return { pglite: inject('pgliteTemplate') ?? '', pg: inject('pgTemplate') ?? '' };
  } catch {
    return { pglite: '', pg: '' };
  }
}

let pgliteTar: Blob | null = null;

async function openTestDatabase(url: string | undefined): Promise<{ database: Database; drop: () => Promise<void>; dbUrl?: string }> {
  const t = templates();
  if (!url) {
    if (t.pglite && !pgliteTar) pgliteTar = new Blob([readFileSync(t.pglite)]);
    return { database: await openDatabase({ memory: true, ...(pgliteTar ? { loadDataDir: pgliteTar } : {}) }), drop: async () => {} };
  }
  const { default: pg } = await import('pg');
  const name = `${process.env.TEST_DB_PREFIX ?? "shop_test"}_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // a copy of the migrated and seeded template when the global setup made one (the template has no connections)
  await admin.query(`CREATE DATABASE ${name}${t.pg ? ` TEMPLATE ${t.pg}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: u.toString() }), dbUrl: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The drivers to run every suite on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const drivers: Array<[string, string | undefined]> = [
  ['pglite', undefined],
  ...(process.env.TEST_DATABASE_URL ? [['postgres', process.env.TEST_DATABASE_URL] as [string, string]] : []),
];

/** Send and attempt limits (server/lib/limits.ts) raised out of the way, for suites about something else; the limits
 *  themselves are tested with the production numbers in send-limits.test.ts. */
export const RELAXED_LIMITS: LimitSettings = Object.fromEntries(
  (Object.keys(DEFAULT_LIMITS) as LimitName[]).map((n) => [n, { points: 1_000_000 }])) as LimitSettings;

export interface StartOptions {
  tokenTtlMs?: number; dev?: boolean;
  /** Send and attempt limits (default: the production numbers). */
  limits?: LimitSettings;
  redisUrl?: string; redisPrefix?: string;
}

export async function startApp(url: string | undefined, extra: StartOptions & Pick<BuildAppOptions, 'now' | 'trustProxy' | 'secureCookies' | 'documents' | 'documentsPollMs'> = {}): Promise<Harness> {
  const { database, drop, dbUrl } = await openTestDatabase(url);
  await seedIfEmpty(database.db);
  const app = await buildApp({ db: database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, ...extra });
  await app.ready();
  // A development app watches the schema folder; the harness owns the documents, so it stops the watcher.
  return { app, database, dbUrl, close: async () => { await app.close(); if (extra.dev) app.ctx.ui.close(); await database.close(); await drop(); } };
}

/** A second instance on the harness's database (as behind a load balancer): on PostgreSQL its own pool, on the
 *  in-memory PGlite the same database object. Close it before the harness. */
export async function secondInstance(h: Harness): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = h.dbUrl ? await openDatabase({ url: h.dbUrl }) : null;
  const app = await buildApp({ db: (database ?? h.database).db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000 });
  await app.ready();
  return { app, close: async () => { await app.close(); await database?.close(); } };
}

/** A shopper: an anonymous session (cookie) with a bearer token, calling the contract by name. */
export class Shopper {
  token = '';
  cookie = '';
  constructor(readonly app: FastifyInstance, public lang: '1' | '2' = '1') {}

  async login(): Promise<this> {
    const res = await this.app.inject({ method: 'GET', url: '/selfcare/b2c/auth/token' });
    const sid = res.cookies.find((c) => c.name === 'sid');
    if (sid) this.cookie = `sid=${sid.value}`;
    this.token = res.json().data.token;
    return this;
  }

  async call(method: HTTPMethods, url: string, payload?: unknown) {
    return this.app.inject({
      method, url, payload: payload as InjectOptions['payload'],
      headers: { lang: this.lang, authorization: `Bearer ${this.token}`, cookie: this.cookie },
    });
  }
}

/** A shopper who signs in with a demo account (the seed's password) and follows the session a response sets. */
export class Customer extends Shopper {
  signIn(userId: string, password = DEMO_PASSWORD) {
    return this.call('POST', '/selfcare/b2c/user/authorize', { userId, encodedPassword: Buffer.from(password, 'utf8').toString('base64'), rememberMe: false });
  }

  /** Signs in (200 expected) and takes the new session. */
  async authorize(userId: string, password = DEMO_PASSWORD): Promise<this> {
    const res = await this.signIn(userId, password);
    if (res.statusCode !== 200) throw new Error(`sign-in of ${userId}: ${res.statusCode} ${res.body}`);
    await this.follow(res);
    return this;
  }

  /** Takes the session cookie a response set (sign-in, rotation) and that session's token; false when none was set. */
  async follow(res: Awaited<ReturnType<Shopper['call']>>): Promise<boolean> {
    const sid = res.cookies.find((c) => c.name === 'sid');
    if (!sid) return false;
    this.cookie = `sid=${sid.value}`;
    this.token = (await this.app.inject({ method: 'GET', url: PATHS.token, headers: { cookie: this.cookie } })).json().data.token;
    return true;
  }
}

export const PATHS = {
  token: '/selfcare/b2c/auth/token',
  refresh: '/selfcare/b2c/auth/refreshToken',
  search: '/hybris/ecommerce/b2c/v1/products/search',
  details: '/hybris/ecommerce/b2c/v1/products/single',
  spec: '/hybris/ecommerce/b2c/v1/products/single/specification',
  references: '/hybris/ecommerce/b2c/v1/products/references',
  cms: '/hybris/ecommerce/b2c/v1/cms/component',
  cart: '/hybris/ecommerce/b2c/v1/users/carts',
  fullCart: '/hybris/ecommerce/b2c/v1/users/carts/fullcart',
  addToCart: '/hybris/ecommerce/b2c/v1/users/carts/entry/add',
  addBundle: '/hybris/ecommerce/b2c/v1/users/carts/addservice',
  deleteEntry: '/hybris/ecommerce/b2c/v1/users/carts/entries',
  deleteCart: '/hybris/ecommerce/b2c/v1/users/carts/entries/all',
  validate: '/hybris/ecommerce/b2c/v1/users/carts/validate',
  guestCart: '/hybris/ecommerce/b2c/v1/users/carts/fullcart/guest',
  confirmation: '/hybris/ecommerce/b2c/v1/users/carts/fullcart/confirmation',
  options: '/hybris/ecommerce/b2c/v1/checkout/options',
  guestInfo: '/hybris/ecommerce/b2c/v1/checkout/guestcustomerinfo',
  timeSlots: '/hybris/ecommerce/b2c/v1/users/deliverytimeslots',
  setTimeSlot: '/hybris/ecommerce/b2c/v1/checkout/deliverytimeslot',
  paymentModes: '/hybris/ecommerce/b2c/v1/users/carts/paymentmethods',
  setPaymentType: '/hybris/ecommerce/b2c/v1/checkout/payment',
  consents: '/hybris/ecommerce/b2c/v1/users/consenttemplates',
  submitOrder: '/hybris/ecommerce/b2c/v1/users/orders',
  authorize: '/hybris/ecommerce/b2c/v1/payment/checkout/authorize',
  orderStatus: '/hybris/ecommerce/b2c/v1/users/orders/status',
} as const;

/** The contract data a guest gives for a postpaid tariff (issue 27): an adult's JMBG and ID document, the issue date
 *  as typed (dd.mm.yyyy). The server ignores it for a cart without a postpaid tariff. */
export const GUEST_CONTRACT = {
  jmbg: jmbgFor(new Date(Date.UTC(1985, 2, 15))), primaryContactDocumentIdNum: '012345678',
  primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd', primaryContactDocumentIdIssueDate: '15.03.2022',
};

export const GUEST = {
  customerData: { firstName: 'Marija', lastName: 'Petrović', contactEmail: 'marija.petrovic@example.rs', contactPhone: '641234567' },
  deliveryAddress: { line1: 'Bulevar kralja Aleksandra', line2: '73', town: 'Beograd', postalCode: '11000', entrance: '2', floor: '3', apartment: '12' },
  contractData: GUEST_CONTRACT,
};

export const REQUIRED_CONSENTS = { GENERAL_TERMS_AGREEMENT: true, PRIVACY_POLICY_AGREEMENT: true };

/** The personal-data step (ADDITIONAL_CUSTOMER_DATA) of a postpaid or home contract: an adult's JMBG and ID document.
 *  A MOBILE / HOME_* order is placed only with it done (its flow's doneWhen, checked at submit). */
export async function givePersonalData(s: Shopper, who: { firstName?: string; lastName?: string; contactEmail?: string } = {}): Promise<void> {
  const res = await s.call('POST', '/hybris/ecommerce/b2c/v1/checkout/customerinfo', { userInfo: {
    orderFor: 'SELF', firstName: 'Marija', lastName: 'Petrović', contactEmail: 'marija.petrovic@example.rs', ...who,
    jmbg: jmbgFor(new Date(Date.UTC(1985, 2, 15))), primaryContactDocumentIdNum: '012345678', primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd',
    primaryContactDocumentIdIssueDate: '2022-03-15T01:00:00+01:00', msisdn: '0641234567',
  } });
  if (res.statusCode !== 200) throw new Error(`personal data: ${res.body}`);
}

/** Fills a cart with a phone + tariff paid at once (a guest pays in full), guest data and card payment. */
export async function checkoutReadyShopper(app: FastifyInstance, deviceCode = 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE') {
  const s = await new Shopper(app).login();
  const add = await s.call('POST', PATHS.addBundle, { deviceCode, tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' });
  if (add.statusCode !== 200) throw new Error(add.body);
  const g = await s.call('POST', PATHS.guestInfo, GUEST);
  if (g.statusCode !== 200) throw new Error(g.body);
  const p = await s.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' });
  if (p.statusCode !== 200) throw new Error(p.body);
  return s;
}

/** The JSON of an answer that must be 200 (the body is in the failure's message). */
export async function okJson(r: Promise<Awaited<ReturnType<Shopper['call']>>>, what: string) {
  const res = await r;
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  return res.json();
}

/** A demo customer signed in, with an empty cart. */
export async function customerWithEmptyCart(app: FastifyInstance, email: string): Promise<Customer> {
  const c = await (await new Customer(app).login()).authorize(email);
  await c.call('DELETE', PATHS.deleteCart);
  return c;
}
