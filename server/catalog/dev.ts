// DEVELOPMENT-ONLY routes of the catalogue (registered only by buildApp({ dev: true }), i.e. `npm run dev` and tests
// that ask for it) to provoke the cart statuses and validation reasons in a browser: stock, prices, the charge types
// an offer allows. No authentication: they never exist on a production server. (Coupons: server/cart/dev.ts.)
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { chargeEntries, devicePrices, pricePlans, productVariants, products, stock } from './schema';
import { badInput, notFound } from '../lib/errors';

const codeProp = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,80}$' };
const para = (rsd: number) => Math.round(rsd * 100);

export async function devCatalogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  /** POST /dev/catalog/stock { code: variant code, level } → { code, level } */
  app.post<{ Body: { code: string; level: number } }>('/dev/catalog/stock', {
    schema: { body: { type: 'object', additionalProperties: false, required: ['code', 'level'], properties: { code: codeProp, level: { type: 'integer', minimum: 0, maximum: 100000 } } } },
  }, async (req) => {
    const v = await db.select().from(productVariants).where(eq(productVariants.code, req.body.code));
    if (!v[0]) throw notFound(req.body.code, 'error.unknownProduct');
    await db.insert(stock).values({ variantCode: req.body.code, level: req.body.level })
      .onConflictDoUpdate({ target: stock.variantCode, set: { level: req.body.level } });
    return { code: req.body.code, level: req.body.level };
  });

  /**
   * POST /dev/catalog/price { code: product code, price?: RSD one-off, monthlyFee?: RSD } → { code, priceVersion }
   * Sets the one-off price (devices, accessories: and every bundle price of the device by the same difference)
   * or the monthly fee (tariffs, insurance, add-ons), and bumps the product's priceVersion (→ updatedPriceDate).
   */
  app.post<{ Body: { code: string; price?: number; monthlyFee?: number } }>('/dev/catalog/price', {
    schema: { body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: codeProp, price: { type: 'number', minimum: 1 }, monthlyFee: { type: 'number', minimum: 0 } } } },
  }, async (req) => {
    const { code, price, monthlyFee } = req.body;
    if (price === undefined && monthlyFee === undefined) throw badInput('error.validation.badRequest');
    return db.transaction(async (tx) => {
      const p = (await tx.select().from(products).where(eq(products.code, code)))[0];
      if (!p) throw notFound(code, 'error.unknownProduct');
      const plans = await tx.select().from(pricePlans).where(eq(pricePlans.productCode, code));
      for (const plan of plans) {
        const charges = await tx.select().from(chargeEntries).where(eq(chargeEntries.pricePlanId, plan.id));
        for (const c of charges) {
          if (c.chargeType === 'ONE_TIME_CHARGE' && price !== undefined) {
            const delta = para(price) - c.price;
            await tx.update(chargeEntries).set({ price: para(price) }).where(eq(chargeEntries.id, c.id));
            for (const row of await tx.select().from(devicePrices).where(eq(devicePrices.deviceCode, code))) {
              const one = Math.max(row.oneTimePrice + delta, 100);
              const inst = row.installments ? Math.round((one * 0.9) / row.installments / 100) * 100 : null;
              await tx.update(devicePrices).set({
                oneTimePrice: one, installmentPrice: inst, upfrontPrice: inst && row.installments ? one - inst * row.installments : 0,
              }).where(eq(devicePrices.id, row.id));
            }
          }
          if (c.chargeType === 'RECURRING_CHARGE' && monthlyFee !== undefined) {
            await tx.update(chargeEntries).set({ price: para(monthlyFee), oldPrice: null }).where(eq(chargeEntries.id, c.id));
          }
        }
      }
      const [u] = await tx.update(products).set({ priceVersion: sql`${products.priceVersion} + 1` }).where(eq(products.code, code)).returning({ v: products.priceVersion });
      return { code, priceVersion: u.v };
    });
  });

  /** POST /dev/catalog/chargetypes { code: device code, oneTime?: boolean, installments?: boolean } → forceChangeOneTime / forceChangeRecurring at validate. */
  app.post<{ Body: { code: string; oneTime?: boolean; installments?: boolean } }>('/dev/catalog/chargetypes', {
    schema: { body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: codeProp, oneTime: { type: 'boolean' }, installments: { type: 'boolean' } } } },
  }, async (req) => {
    const set: { oneTimeAvailable?: boolean; installmentsAvailable?: boolean } = {};
    if (req.body.oneTime !== undefined) set.oneTimeAvailable = req.body.oneTime;
    if (req.body.installments !== undefined) set.installmentsAvailable = req.body.installments;
    if (Object.keys(set).length === 0) throw badInput('error.validation.badRequest');
    const rows = await db.update(devicePrices).set(set).where(eq(devicePrices.deviceCode, req.body.code)).returning({ id: devicePrices.id });
    if (rows.length === 0) throw notFound(req.body.code, 'error.unknownProduct');
    return { code: req.body.code, offers: rows.length, ...set };
  });
}
