// Thin cart routes: cart, fullCart, add (tariff / bundle), replace, insurance, add-on, eSIM, charge type,
// coupons, merge result, delete entry / cart, validate. Development servers also get server/cart/dev.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLang, type Lang } from '../lib/lang';
import { ApiError } from '../lib/errors';
import type { AppContext } from '../lib/context';
import { userOfSession } from '../user/accounts';
import { addBundle, addTariff, deleteCart, deleteEntry, entriesOf, getOrCreateCart, loadEntryProducts, openCartOfLiveSession, type AddResult, type BundleBody, type EntryRow } from './service';
import { cartView, checkoutTypeOf, entryView } from './view';
import { addAddon, addInsurance, changeChargeType, setEsim, type ChargeTypeBody } from './extras';
import { addVoucher, removeVoucher } from './vouchers';
import { validateCart } from './validate';
import { devCartRoutes } from './dev';
import { answerMerge } from './merge';

async function respondCart(ctx: AppContext, req: FastifyRequest) {
  const cart = await openCartOfLiveSession(ctx.db, req.sessionId!);
  return cartView(ctx.db, ctx.ui, cart, requestLang(req), await ctx.catalog.current());
}

/** GET cart / fullCart: the cart row from memory on a single-instance server (server/cart/row-cache.ts). */
async function readCart(ctx: AppContext, req: FastifyRequest) {
  const rows = ctx.cartRows;
  if (!rows) return respondCart(ctx, req);
  let cart = rows.get(req.sessionId!);
  if (!cart) {
    const started = rows.begin();
    cart = await openCartOfLiveSession(ctx.db, req.sessionId!);
    rows.set(req.sessionId!, cart, started);
  }
  return cartView(ctx.db, ctx.ui, cart, requestLang(req), await ctx.catalog.current());
}

async function entryViews(ctx: AppContext, rows: EntryRow[], lang: Lang) {
  const products = await loadEntryProducts(ctx.db, rows, await ctx.catalog.current());
  return rows.map((e) => entryView(e, products, ctx.ui, lang));
}

/** Numbers of a status message in the shopper's language (400.000 in Serbian, 400,000 in English). */
function localNumbers(params: Record<string, string | number> | undefined, lang: Lang): Record<string, string | number> {
  const fmt = new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'de-DE', { maximumFractionDigits: 0 });
  return Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? fmt.format(v) : v]));
}

async function respondAdd(ctx: AppContext, req: FastifyRequest, r: AddResult) {
  const lang = requestLang(req);
  const cart = r.cart ?? await getOrCreateCart(ctx.db, req.sessionId!);
  const view = await cartView(ctx.db, ctx.ui, cart, lang, await ctx.catalog.current(), r.cart ? r.entries : undefined);
  if (r.verdict) {
    const replace = r.verdict.statusCode === 'productsNeedReplace';
    return { cart: view, cartModifications: [{
      statusCode: r.verdict.statusCode, statusMessage: ctx.ui.message(lang, r.verdict.messageKey, localNumbers(r.verdict.params, lang)),
      // productsNeedReplace: `entry` = what was to be added, `replaceModalEntries` = the cart entries it would replace.
      entry: replace && r.refused[0] ? (await entryViews(ctx, r.refused, lang))[0] : null,
      quantityAdded: 0,
      replaceModalEntries: replace ? await entryViews(ctx, r.replaceEntries, lang) : [],
      cmsComponentId: r.verdict.cmsComponentId ?? null,
    }] };
  }
  return { cart: view, cartModifications: await successes(ctx, r.added, lang, r.quantities) };
}

async function successes(ctx: AppContext, rows: EntryRow[], lang: Lang, quantities?: number[]) {
  const views = await entryViews(ctx, rows, lang);
  return views.map((entry, i) => ({
    statusCode: 'success', statusMessage: ctx.ui.message(lang, 'cart.status.success'), entry, quantityAdded: quantities?.[i] ?? rows[i].quantity, replaceModalEntries: [], cmsComponentId: null,
  }));
}

/** A mutation sent with an older `cartVersion` than the cart's: 409 cartChanged with the current cart, nothing changed. */
async function checkVersion(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const q = req.query as { cartVersion?: number } | undefined;
  if (q?.cartVersion === undefined) return;
  const cart = await openCartOfLiveSession(ctx.db, req.sessionId!);
  if (cart.version === q.cartVersion) return;
  const lang = requestLang(req);
  await reply.code(409).send({
    errors: [{ type: 'CartError', reason: 'cartChanged', message: ctx.ui.message(lang, 'error.cartChanged') }],
    cart: await cartView(ctx.db, ctx.ui, cart, lang),
  });
}

export async function cartRoutes(app: FastifyInstance, opts: { dev?: boolean } = {}): Promise<void> {
  const ctx = app.ctx;
  const { db, ui, paths } = ctx;
  const auth = { preHandler: app.authenticate };
  const mutation = { preHandler: [app.authenticate, (req: FastifyRequest, reply: FastifyReply) => checkVersion(ctx, req, reply)] };
  // Reading the cart and adding to it check the session with their own first query (openCartOfLiveSession,
  // lockOpenCart: 401 InvalidTokenError once revoked), so the token's signature is enough up front.
  const light = { preHandler: app.authenticateToken };
  // (adding to a cart never changes the catalogue or stock: the read model need not check its revision after it)
  const lightMutation = { preHandler: [app.authenticateToken, (req: FastifyRequest, reply: FastifyReply) => checkVersion(ctx, req, reply)], config: { catalogUnchanged: true } };
  const cartResponse = { 200: { $ref: 'cart.json#/$defs/Cart' } };
  const modResponse = { 200: { $ref: 'cart.json#/$defs/CartModificationResponse' } };
  const cartOnly = { 200: { $ref: 'cart.json#/$defs/CartOnlyResponse' } };
  const mq = { $ref: 'cart.json#/$defs/CartMutationQuery' };

  const readOnly = { cartReadOnly: true };
  app.route({ method: paths.cart.method, url: paths.cart.path, ...light, config: readOnly, schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, response: cartResponse },
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-cache, no-store'); return readCart(ctx, req); } });
  app.route({ method: paths.fullCart.method, url: paths.fullCart.path, ...light, config: readOnly, schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, response: cartResponse },
    handler: async (req) => readCart(ctx, req) });

  type TariffBody = { code: string; subscriptionTermId?: string; pricePlanId?: string };
  app.route<{ Body: TariffBody }>({
    method: paths.addToCart.method, url: paths.addToCart.path, ...lightMutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/AddToCartBody' }, response: modResponse },
    handler: async (req) => respondAdd(ctx, req, await addTariff(db, req.sessionId!, await ctx.catalog.current(), req.body)),
  });
  app.route<{ Body: BundleBody }>({
    method: paths.addBundleToCart.method, url: paths.addBundleToCart.path, ...lightMutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/AddBundleBody' }, response: modResponse },
    handler: async (req) => respondAdd(ctx, req, await addBundle(db, req.sessionId!, await ctx.catalog.current(), req.body)),
  });
  // Replace: the add payload again; the entries of the restricted category (productsNeedReplace) are replaced.
  app.route<{ Body: TariffBody }>({
    method: paths.replaceCart.method, url: paths.replaceCart.path, ...lightMutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/AddToCartBody' }, response: modResponse },
    handler: async (req) => respondAdd(ctx, req, await addTariff(db, req.sessionId!, await ctx.catalog.current(), req.body, true)),
  });
  app.route<{ Body: BundleBody }>({
    method: paths.replaceServiceCart.method, url: paths.replaceServiceCart.path, ...lightMutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/AddBundleBody' }, response: modResponse },
    handler: async (req) => respondAdd(ctx, req, await addBundle(db, req.sessionId!, await ctx.catalog.current(), req.body, true)),
  });
  app.route<{ Querystring: { entryNumber: number; insuranceCode: string } }>({
    method: paths.addInsurance.method, url: paths.addInsurance.path, ...mutation,
    schema: { querystring: { $ref: 'cart.json#/$defs/AddInsuranceQuery' }, response: modResponse },
    handler: async (req) => {
      const row = await addInsurance(db, req.sessionId!, req.query.entryNumber, req.query.insuranceCode);
      return { cart: await respondCart(ctx, req), cartModifications: await successes(ctx, [row], requestLang(req)) };
    },
  });
  app.route<{ Body: { code: string; entryNumber: number } }>({
    method: paths.addAddon.method, url: paths.addAddon.path, ...mutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/AddAddonBody' }, response: modResponse },
    handler: async (req) => {
      const row = await addAddon(db, req.sessionId!, req.body.code, req.body.entryNumber);
      return { cart: await respondCart(ctx, req), cartModifications: await successes(ctx, [row], requestLang(req)) };
    },
  });
  app.route<{ Body: { entryNumber: number; esimOptionSelected: boolean } }>({
    method: paths.addEsim.method, url: paths.addEsim.path, ...mutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/EsimBody' }, response: cartOnly },
    handler: async (req) => { await setEsim(db, req.sessionId!, req.body.entryNumber, req.body.esimOptionSelected); return { cart: await respondCart(ctx, req) }; },
  });
  app.route<{ Body: ChargeTypeBody }>({
    method: paths.changeChargeType.method, url: paths.changeChargeType.path, ...mutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/ChangeChargeTypeBody' }, response: modResponse },
    handler: async (req) => {
      const rows = await changeChargeType(db, req.sessionId!, req.body);
      return { cart: await respondCart(ctx, req), cartModifications: await successes(ctx, rows, requestLang(req)) };
    },
  });
  app.route<{ Body: { voucherCode: string; entryNumber?: number } }>({
    method: paths.addVoucher.method, url: paths.addVoucher.path, ...mutation,
    schema: { querystring: mq, body: { $ref: 'cart.json#/$defs/VoucherBody' }, response: cartOnly },
    handler: async (req) => { await addVoucher(db, req.sessionId!, req.body.voucherCode, req.body.entryNumber); return { cart: await respondCart(ctx, req) }; },
  });
  app.route<{ Querystring: { voucherCode: string } }>({
    method: paths.removeVoucher.method, url: paths.removeVoucher.path, ...mutation,
    schema: { querystring: { $ref: 'cart.json#/$defs/VoucherQuery' }, response: cartOnly },
    handler: async (req) => { await removeVoucher(db, req.sessionId!, req.query.voucherCode); return { cart: await respondCart(ctx, req) }; },
  });
  // The statuses of the last login merge (answered once, as add answers them); ?productsNeedReplace=true applies the
  // pending replacement, =false drops it (server/cart/merge.ts).
  app.route<{ Querystring: { productsNeedReplace?: boolean; productNeedsReplace?: boolean } }>({
    method: paths.mergeCart.method, url: paths.mergeCart.path, ...mutation,
    schema: { querystring: { $ref: 'cart.json#/$defs/MergeCartQuery' }, response: modResponse },
    handler: async (req) => {
      const lang = requestLang(req);
      const decision = req.query.productsNeedReplace ?? req.query.productNeedsReplace;
      const { modifications } = await answerMerge(db, req.sessionId!, decision);
      const cart = await getOrCreateCart(db, req.sessionId!);
      const entries = await entriesOf(db, cart.id);
      const rows = [...entries, ...modifications.flatMap((m) => (m.entry ? [m.entry] : []))];
      const products = await loadEntryProducts(db, rows);
      const view = (e: EntryRow) => entryView(e, products, ui, lang);
      return {
        cart: await cartView(db, ui, cart, lang),
        cartModifications: modifications.map((m) => ({
          statusCode: m.statusCode,
          statusMessage: ui.message(lang, `cart.status.${m.statusCode}`, localNumbers(m.params, lang)),
          entry: m.entry ? view(m.entry) : null,
          quantityAdded: m.quantityAdded,
          replaceModalEntries: m.replaceEntries.map(view),
          cmsComponentId: m.cmsComponentId,
        })),
      };
    },
  });
  app.route<{ Querystring: { entryNumber: number; checkout?: boolean; qty?: number } }>({
    method: paths.deleteEntry.method, url: paths.deleteEntry.path, ...mutation,
    schema: { querystring: { $ref: 'cart.json#/$defs/DeleteEntryQuery' }, response: modResponse },
    handler: async (req) => {
      await deleteEntry(db, req.sessionId!, req.query.entryNumber, req.query.qty);
      return { cart: await respondCart(ctx, req), cartModifications: [] };
    },
  });
  app.route({
    method: paths.deleteCart.method, url: paths.deleteCart.path, ...mutation,
    schema: { querystring: mq, response: modResponse },
    handler: async (req) => { await deleteCart(db, req.sessionId!); return { cart: await respondCart(ctx, req), cartModifications: [] }; },
  });

  app.route<{ Body: { justSteps?: boolean; v2?: boolean } }>({
    method: paths.validateCart.method, url: paths.validateCart.path, ...auth,
    schema: { querystring: { $ref: 'common.json#/$defs/LangQuery' }, body: { $ref: 'cart.json#/$defs/ValidateBody' }, response: { 200: { $ref: 'cart.json#/$defs/ValidateResponse' } } },
    handler: async (req) => {
      const lang = requestLang(req);
      const cart = await getOrCreateCart(db, req.sessionId!);
      const user = await userOfSession(db, req.sessionId);
      const errors = req.body?.justSteps ? [] : await validateCart(db, ui, cart, lang, user === null);
      const entries = await entriesOf(db, cart.id);
      const products = await loadEntryProducts(db, entries);
      const checkoutType = checkoutTypeOf(entries, products);
      const flow = ui.flowFor(checkoutType);
      if (!flow) throw new ApiError(500, 'ServerError', 'error.generic');
      const steps = (flow.json as { steps: Array<{ code: string; path: string; eventName: string; hidden?: boolean }> }).steps;
      return {
        checkoutSteps: steps.map((s) => ({ code: s.code, url: s.path, eventName: s.eventName, hidden: s.hidden === true })),
        checkoutType,
        backToOffer: (flow.json as { backToOffer?: string }).backToOffer ?? null,
        cart: { code: cart.code, customer: user ? { uid: user.email ?? user.username, type: 'REGISTERED', isGuest: false } : { uid: 'anonymous', type: 'GUEST', isGuest: true }, entries: entries.map((e) => ({ entryNumber: e.entryNumber, code: e.variantCode ?? e.productCode })) },
        errors: { errors },
      };
    },
  });

  if (opts.dev) await devCartRoutes(app);
}
