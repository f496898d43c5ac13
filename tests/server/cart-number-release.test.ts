// @vitest-environment node
// A cart emptied by the shopper lets its held number go (server/workflows/cart-numbers.ts): removing the last entry
// or emptying the cart frees the reservation and forgets the choice; removing one of several bundles keeps both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { msisdnReservations } from '../../server/numbers/schema';
import { drivers, PATHS, Shopper, startApp, type Harness } from './helpers';

const B = '/hybris/ecommerce/b2c/v1/users/phone/carts/msisdns';

describe.each(drivers)('the number of an emptied cart on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const holder = async (msisdn: string) => (await h.database.db.select().from(msisdnReservations).where(eq(msisdnReservations.msisdn, msisdn)))[0];

  async function shopperHolding(msisdn: string) {
    const s = await new Shopper(h.app).login();
    const add = await s.call('POST', PATHS.addBundle, {
      deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE', accessoryCodes: ['ACC_JBL_TUNE_520BT_STD'],
    });
    expect(add.statusCode, add.body).toBe(200);
    expect((await s.call('GET', PATHS.fullCart)).json().entries.length).toBe(3);
    const r = await s.call('POST', `${B}/reserve`, { msisdn });
    expect(r.statusCode, r.body).toBe(200);
    expect(await holder(msisdn)).toBeDefined();
    return s;
  }

  it('emptying the cart frees the number at once: another cart can take it, the choice is gone', async () => {
    const s = await shopperHolding('0642222222');
    expect((await s.call('DELETE', PATHS.deleteCart)).statusCode).toBe(200);
    expect(await holder('0642222222')).toBeUndefined();
    expect((await s.call('GET', `${B}/new/checkout`)).json().choice).toBeNull();
    const other = await new Shopper(h.app).login();
    expect((await other.call('POST', `${B}/reserve`, { msisdn: '0642222222' })).statusCode).toBe(200);
  });

  it('removing entries one by one keeps the number until the last one goes', async () => {
    const s = await shopperHolding('0655555555');
    const entries = (await s.call('GET', PATHS.fullCart)).json().entries as Array<{ entryNumber: number; product: { code: string } }>;
    // the headphones go; the phone with its tariff stays
    const second = entries.find((e) => e.product.code.startsWith('ACC_'))!;
    expect((await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${second.entryNumber}`)).statusCode).toBe(200);
    expect((await s.call('GET', PATHS.fullCart)).json().entries.length).toBeGreaterThan(0);
    expect(await holder('0655555555')).toBeDefined();
    expect((await s.call('GET', `${B}/new/checkout`)).json().choice).toMatchObject({ msisdn: '0655555555' });
    for (const e of (await s.call('GET', PATHS.fullCart)).json().entries as Array<{ entryNumber: number }>) {
      await s.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${e.entryNumber}`);
    }
    expect((await s.call('GET', PATHS.fullCart)).json().entries).toEqual([]);
    expect(await holder('0655555555')).toBeUndefined();
    expect((await s.call('GET', `${B}/new/checkout`)).json().choice).toBeNull();
  });
});
