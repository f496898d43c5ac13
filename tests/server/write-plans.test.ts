// @vitest-environment node
// Every cart and order statement uses an index on tables with many rows (issue 25): carts, cart_entries,
// cart_vouchers, sessions, orders and order_lines grown by tens of thousands of rows (generate_series, ANALYZE),
// then EXPLAIN of each statement (tests/bench/explain.ts) shows no sequential scan of them. PGlite always,
// PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startApp, type Harness } from './helpers';
import { explainWrites, fillForPlans } from '../bench/explain';

const SESSIONS = 20_000;

describe.each(drivers)('cart and order statements on many rows on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(url);
    await fillForPlans(h.database.db, SESSIONS);
  }, 300_000);
  afterAll(async () => { await h?.close(); });

  it('no statement scans a cart or order table whole', async () => {
    const plans = await explainWrites(h.database.db);
    expect(plans.length).toBeGreaterThan(20);
    for (const p of plans) expect(p.seqScans, `${p.name}: ${p.nodes.join(' → ')}`).toEqual([]);
    // the order's lines are read through the index migration 0029 adds
    expect(plans.find((p) => p.name.startsWith('order: its lines'))!.nodes.join(' ')).toMatch(/order_lines_order_idx/);
    expect(plans.find((p) => p.name === 'order: the latest of a session')!.nodes.join(' ')).toMatch(/orders_session_idx/);
  });
});
