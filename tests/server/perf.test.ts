// @vitest-environment node
// The catalogue read model and the query budget per request (x-query-count, SHOP_QUERY_STATS=1): list and details
// cost no query once warm, a cart read and an add a small bounded number; a change made by another instance on the
// same database (or by SQL) becomes visible through the catalogue revision.
process.env.SHOP_QUERY_STATS = '1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { stock } from '../../server/db/tables';
import { drivers, GATEWAY_SECRET, loadUi, PATHS, Shopper, startApp, type Harness } from './helpers';

// the node project shares one module graph per worker (isolate: false): the files after this one run without counting
afterAll(() => { delete process.env.SHOP_QUERY_STATS; });

const queries = (r: { headers: Record<string, unknown> }) => Number(r.headers['x-query-count']);
const SEARCH = `${PATHS.search}?categoryCode=telefoni&page=0&pageSize=20`;
const DETAILS = `${PATHS.details}?productCode=SAMSUNG_GALAXY_A56`;

/** Polls until `check` holds (another instance's change shows within its check interval); fails after 10 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the change did not become visible');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(drivers)('read model and query budget on %s', (_name, url) => {
  let h: Harness;
  let other: FastifyInstance;
  /** An instance whose periodic revision check never falls due during a test (so counts are exact). */
  let steady: FastifyInstance;
  beforeAll(async () => {
    h = await startApp(url);
    steady = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, catalogCheckMs: 3_600_000, authRateLimit: 10000 });
    await steady.ready();
    // a second instance on the same database, with the development catalogue routes
    other = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, dev: true, authRateLimit: 10000 });
    await other.ready();
  }, 120_000);
  afterAll(async () => {
    for (const a of [other, steady]) { await a?.close(); a?.ctx.ui.close(); }
    await h?.close();
  });

  it('answers list, details, references, specification and CMS components with no query once warm', async () => {
    const s = await new Shopper(steady).login();
    for (const path of [SEARCH, DETAILS, `${PATHS.references}?productCode=SAMSUNG_GALAXY_A56&referenceType=ACCESSORIES&pageSize=10`,
      `${PATHS.spec}?productCode=SAMSUNG_GALAXY_A56`, `${PATHS.cms}?componentId=noStockPopup`]) {
      const first = await s.call('GET', path);
      expect(first.statusCode).toBe(200);
      const again = await s.call('GET', path);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(queries(again)).toBe(0);
    }
    // English is another answer, also from memory
    s.lang = '2';
    await s.call('GET', SEARCH);
    const en = await s.call('GET', SEARCH);
    expect(queries(en)).toBe(0);
    expect(en.json().sorts[0].name).not.toBe((await new Shopper(steady).login().then((x) => x.call('GET', SEARCH))).json().sorts[0].name);
  });

  it('reads a cart in at most 3 queries (one once unchanged); adds a bundle in at most 10, an accessory in at most 7', async () => {
    const s = await new Shopper(steady).login();
    const add = await s.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'RECURRING_CHARGE', insuranceCode: 'INSURANCE_SCREEN', accessoryCodes: ['ACC_SAMSUNG_25W_CHARGER'] });
    expect(add.statusCode).toBe(200);
    expect(queries(add)).toBeLessThanOrEqual(10);
    const budgets: number[] = [];
    for (const acc of ['ACC_USBC_CABLE', 'ACC_TEMPERED_GLASS', 'ACC_USBC_CABLE']) {
      const r = await s.call('POST', PATHS.addBundle, { deviceCode: acc, chargeType: 'ONE_TIME_CHARGE' });
      expect(r.json().cartModifications[0].statusCode).toBe('success');
      budgets.push(queries(r));
    }
    expect(Math.max(...budgets)).toBeLessThanOrEqual(7);
    const first = await s.call('GET', PATHS.fullCart);
    expect(first.json().entries).toHaveLength(6);
    expect(queries(first)).toBeLessThanOrEqual(3);
    const again = await s.call('GET', PATHS.fullCart);
    expect(again.json()).toEqual(first.json());
    expect(queries(again)).toBe(1);
  });

  it('shows a stock change made by another instance, or by SQL, within its check interval; its own changes at once', async () => {
    const s = await new Shopper(h.app).login();
    const levelOf = async (variant: string) => (await s.call('GET', DETAILS)).json().variants.find((v: { code: string }) => v.code === variant).stock.stockLevel as number;
    expect(await levelOf('SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE')).toBe(25);
    // another instance (its development route writes the stock row)
    const r = await other.inject({ method: 'POST', url: '/dev/catalog/stock', payload: { code: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', level: 4 } });
    expect(r.statusCode).toBe(200);
    await eventually(async () => (await levelOf('SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE')) === 4);
    const list = (await s.call('GET', SEARCH)).json();
    expect(list.products.find((p: { code: string }) => p.code === 'SAMSUNG_GALAXY_A56')).toBeDefined();
    // plain SQL
    await h.database.db.update(stock).set({ level: 0 }).where(eq(stock.variantCode, 'SAMSUNG_GALAXY_A56_AWESOME_LIGHTGRAY'));
    await eventually(async () => (await levelOf('SAMSUNG_GALAXY_A56_AWESOME_LIGHTGRAY')) === 0);
    // a price change by the other instance
    const price = await other.inject({ method: 'POST', url: '/dev/catalog/price', payload: { code: 'ACC_USBC_CABLE', price: 1399 } });
    expect(price.statusCode).toBe(200);
    await eventually(async () => (await s.call('GET', `${PATHS.details}?productCode=ACC_USBC_CABLE`)).json().oneOff.chargeEntries[0].price.value === 1399);
    // the other instance's own change shows there at once (its write marks its model to check the revision)
    const o = await new Shopper(other).login();
    expect((await o.call('GET', DETAILS)).statusCode).toBe(200);
    await other.inject({ method: 'POST', url: '/dev/catalog/stock', payload: { code: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', level: 7 } });
    const mine = (await o.call('GET', DETAILS)).json().variants.find((v: { code: string }) => v.code === 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE');
    expect(mine.stock.stockLevel).toBe(7);
  });

  it('on a single-instance server (embedded database) reads an unchanged cart with no query, and never serves it stale', async () => {
    const single = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, singleInstance: true, authRateLimit: 10000 });
    try {
      const s = await new Shopper(single).login();
      await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' });
      await s.call('GET', PATHS.fullCart);
      const warm = await s.call('GET', PATHS.fullCart);
      expect(queries(warm)).toBe(0);
      expect(warm.json().totalUnitCount).toBe(1);
      // a write through this server clears the rows: the next read shows it
      await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_TEMPERED_GLASS', chargeType: 'ONE_TIME_CHARGE' });
      const after = await s.call('GET', PATHS.fullCart);
      expect(after.json().totalUnitCount).toBe(2);
      expect(after.json().version).toBeGreaterThan(warm.json().version);
      // logout revokes the session: its token no longer reads the cart
      const oldToken = s.token;
      expect((await s.call('POST', '/selfcare/b2c/user/logout')).statusCode).toBe(200);
      const stale = await single.inject({ method: 'GET', url: PATHS.fullCart, headers: { authorization: `Bearer ${oldToken}`, lang: '1' } });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().errors[0].type).toBe('InvalidTokenError');
    } finally {
      await single.close();
      single.ctx.ui.close();
    }
  });
});
