// Thin cart routes: cart, fullCart, addToCart, addBundleToCart, deleteEntry, deleteCart, validateCart.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLang } from '../lib/lang';
import { ApiError } from '../lib/errors';
import type { AppContext } from '../lib/context';
import { addBundle, addTariff, deleteCart, deleteEntry, entriesOf, getOrCreateCart, loadEntryProducts, type AddResult, type BundleBody } from './service';
import { cartView, checkoutTypeOf, entryView } from './view';
import { stock } from '../db/schema';
import { inArray } from 'drizzle-orm';

async function respondCart(ctx: AppContext, req: FastifyRequest) {
  const cart = await getOrCreateCart(ctx.db, req.sessionId!);
  return cartView(ctx.db, ctx.ui, cart, requestLang(req));
}

async function respondAdd(ctx: AppContext, req: FastifyRequest, r: AddResult) {
  const lang = requestLang(req);
  const cart = await getOrCreateCart(ctx.db, req.sessionId!);
  const view = await cartView(ctx.db, ctx.ui, cart, lang);
  if (r.verdict) {
    return { cart: view, cartModifications: [{ statusCode: r.verdict.statusCode, statusMessage: ctx.ui.message(lang, r.verdict.messageKey), entry: null, quantityAdded: 0, replaceModalEntries: [] }] };
  }
  const products = await loadEntryProducts(ctx.db, r.added);
  return {
    cart: view,
    cartModifications: r.added.map((e) => ({
      statusCode: 'success', statusMessage: ctx.ui.message(lang, 'cart.status.success'),
      entry: entryView(e, products, ctx.ui, lang), quantityAdded: e.quantity, replaceModalEntries: [],
    })),
  };
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const { db, ui, paths } = ctx;
  const auth = { preHandler: app.authenticate };
  const cartResponse = { 200: { $ref: 'cart.json#/$defs/Cart' } };
  const modResponse = { 200: { $ref: 'cart.json#/$defs/CartModificationResponse' } };

  app.route({ method: paths.cart.method, url: paths.cart.path, ...auth, schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, response: cartResponse },
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-cache, no-store'); return respondCart(ctx, req); } });
  app.route({ method: paths.fullCart.method, url: paths.fullCart.path, ...auth, schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, response: cartResponse },
    handler: async (req) => respondCart(ctx, req) });

  app.route<{ Body: { code: string; subscriptionTermId?: string; pricePlanId?: string } }>({
    method: paths.addToCart.method, url: paths.addToCart.path, ...auth,
    schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, body: { $ref: 'cart.json#/$defs/AddToCartBody' }, response: modResponse },
    handler: async (req) => respondAdd(ctx, req, await addTariff(db, req.sessionId!, req.body)),
  });
  app.route<{ Body: BundleBody }>({
    method: paths.addBundleToCart.method, url: paths.addBundleToCart.path, ...auth,
    schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, body: { $ref: 'cart.json#/$defs/AddBundleBody' }, response: modResponse },
    handler: async (req) => respondAdd(ctx, req, await addBundle(db, req.sessionId!, req.body)),
  });
  app.route<{ Querystring: { entryNumber: number; checkout?: boolean; qty?: number } }>({
    method: paths.deleteEntry.method, url: paths.deleteEntry.path, ...auth,
    schema: { querystring: { $ref: 'cart.json#/$defs/DeleteEntryQuery' }, response: modResponse },
    handler: async (req) => {
      await deleteEntry(db, req.sessionId!, req.query.entryNumber);
      return { cart: await respondCart(ctx, req), cartModifications: [] };
    },
  });
  app.route({
    method: paths.deleteCart.method, url: paths.deleteCart.path, ...auth,
    schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, response: modResponse },
    handler: async (req) => { await deleteCart(db, req.sessionId!); return { cart: await respondCart(ctx, req), cartModifications: [] }; },
  });

  app.route<{ Body: { justSteps?: boolean; v2?: boolean } }>({
    method: paths.validateCart.method, url: paths.validateCart.path, ...auth,
    schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, body: { $ref: 'cart.json#/$defs/ValidateBody' }, response: { 200: { $ref: 'cart.json#/$defs/ValidateResponse' } } },
    handler: async (req) => {
      const lang = requestLang(req);
      const cart = await getOrCreateCart(db, req.sessionId!);
      const entries = await entriesOf(db, cart.id);
      const products = await loadEntryProducts(db, entries);
      const checkoutType = checkoutTypeOf(entries, products);
      const flow = ui.flowFor(checkoutType);
      if (!flow) throw new ApiError(500, 'ServerError', 'error.generic');
      const steps = (flow.json as { steps: Array<{ code: string; path: string; eventName: string; hidden?: boolean }> }).steps;
      const errors: Array<{ type: string; reason: string; message: string; subject?: string }> = [];
      if (!req.body?.justSteps) {
        const variants = entries.filter((e) => e.variantCode).map((e) => e.variantCode!);
        const levels = variants.length ? await db.select().from(stock).where(inArray(stock.variantCode, variants)) : [];
        for (const e of entries) {
          if (!e.variantCode) continue;
          const level = levels.find((l) => l.variantCode === e.variantCode)?.level ?? 0;
          if (level < e.quantity) errors.push({ type: 'CartValidationError', reason: 'noStock', message: ui.message(lang, 'cart.validation.noStock'), subject: String(e.entryNumber) });
        }
      }
      return {
        checkoutSteps: steps.map((s) => ({ code: s.code, url: s.path, eventName: s.eventName, hidden: s.hidden === true })),
        checkoutType,
        backToOffer: (flow.json as { backToOffer?: string }).backToOffer ?? null,
        cart: { code: cart.code, customer: { uid: 'anonymous', type: 'GUEST', isGuest: true }, entries: entries.map((e) => ({ entryNumber: e.entryNumber, code: e.variantCode ?? e.productCode })) },
        errors: { errors },
      };
    },
  });
}
