// @vitest-environment node
// A tariff the server will not sell is not offered (issue 27): a device page offers exactly the tariffs add to cart
// accepts with that device (server/catalog/details.ts tariffOffers), and a refused one is told with the names the
// shopper sees, in the shopper's language (server/cart/service.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '../../server/db/tables';
import { drivers, PATHS, RELAXED_LIMITS, Shopper, startApp, type Harness } from './helpers';
import type { ProductDetails, TariffPrice } from '../../schemas/types/api.catalog';


describe.each(drivers)('the tariffs a device page offers on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { limits: RELAXED_LIMITS }); }, 120_000);
  afterAll(async () => { await h?.close(); });

  /** The choices of the tariff picker: a tariff without children, or each child of a parent. */
  const choices = (d: ProductDetails): TariffPrice[] => [...d.prices.topOffer, ...d.prices.basicOffer]
    .flatMap((t) => (t.childTariffs.length ? t.childTariffs : [t]));

  it('the blocked offers of the seed (an MTS_DISC_TARIFF offer, a non-purchasable plan) are not offered on the Galaxy A26', async () => {
    const s = await new Shopper(h.app).login();
    const d = (await s.call('GET', `${PATHS.details}?productCode=SAMSUNG_GALAXY_A26`)).json();
    const codes = choices(d).map((t) => t.code);
    expect(codes.length).toBeGreaterThan(3);
    expect(codes).not.toContain('ORBITA_START');
    expect(codes).not.toContain('ORBITA_SMART');
    // another phone still offers them
    const other = (await s.call('GET', `${PATHS.details}?productCode=GOOGLE_PIXEL_9A`)).json();
    expect(choices(other).map((t) => t.code)).toEqual(expect.arrayContaining(['ORBITA_START', 'ORBITA_SMART']));
    // asked for anyway: a clear 400 naming the tariff and the phone
    const refused = await s.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A26', tariffCode: 'ORBITA_SMART', subscriptionTermId: 'ORBITA_SMART_T24', chargeType: 'ONE_TIME_CHARGE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ reason: 'tariffNotSold', subject: 'tariffCode' });
    s.lang = '2';
    const en = await s.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A26', tariffCode: 'ORBITA_START', subscriptionTermId: 'ORBITA_START_T24', chargeType: 'ONE_TIME_CHARGE' });
    expect(en.json().errors[0].message).toBe('The Orbita Start tariff is not offered with the Samsung Galaxy A26 5G 6/128GB. Choose another tariff.');
  });

  it('every tariff every device page offers (its first purchasable price plan) is accepted by add to cart', async () => {
    const s = await new Shopper(h.app).login();
    const devices = await h.database.db.select({ code: products.code }).from(products).where(eq(products.type, 'DEVICE'));
    expect(devices.length).toBeGreaterThan(10);
    let tried = 0;
    for (const { code } of devices) {
      const d = (await s.call('GET', `${PATHS.details}?productCode=${code}`)).json();
      const variant = d.variants.find((v: ProductDetails['variants'][number]) => v.stock.stockLevelStatus !== 'outOfStock');
      if (!variant) continue;
      for (const t of choices(d)) {
        const plans = t.pricePlans.filter((pp) => pp.purchasable);
        expect(plans.length, `${code} offers ${t.code} without a purchasable plan`).toBeGreaterThan(0);
        for (const pp of plans.slice(0, 1)) { // one plan per tariff keeps the walk short; each plan's flag is the same rule
          const chargeType = pp.recurring ? 'RECURRING_CHARGE' : 'ONE_TIME_CHARGE';
          const r = await s.call('POST', PATHS.addBundle, { deviceCode: variant.code, tariffCode: t.code, subscriptionTermId: pp.subscriptionTermId, pricePlanId: pp.id, chargeType });
          expect(r.statusCode, `${code} + ${t.code} (${pp.subscriptionTermId}, ${chargeType}): ${r.body}`).toBe(200);
          expect(r.json().cartModifications[0].statusCode, `${code} + ${t.code}`).toBe('success');
          await s.call('DELETE', PATHS.deleteCart);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(30);
  }, 300_000);
});
