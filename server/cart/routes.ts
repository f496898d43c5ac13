// Thin cart routes: cart, fullCart, add (tariff / bundle), replace, insurance, add-on, eSIM, charge type,
// coupons, merge result, delete entry / cart, validate. Development servers also get server/cart/dev.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractRoute, type ResponseOf, type RouteOf } from '../lib/contract';
import { requestLang, type Lang } from '../lib/lang';
import { userOfSession } from '../user/index';
import { releaseHoldsOfCart } from '../workflows/cart-numbers';
import { addSuggestedProduct, suggestedProducts } from '../workflows/suggested-products';
import { ADDON_RELATIONS } from '../catalog/index';
import { addBundle, addTariff, deleteCart, deleteEntry, entriesOf, getOrCreateCart, loadEntryProducts, openCartOfLiveSession, type AddResult, type EntryRow } from './service';
import { cartView, checkoutTypeOf, entryView } from './view';
import { checkoutState, checkoutStepsOf, flowOf } from '../flows/index';
import { addAddon, addInsurance, changeChargeType, setEsim } from './extras';
import { addVoucher, removeVoucher } from './vouchers';
import { validateCart } from './validate';
import { devCartRoutes } from './dev';
import { answerMerge } from './merge';
import type { CartModificationResponse } from '../../schemas/types/api.cart';
/** The app's context (server/context.ts, the composition root's): named through Fastify's types, no import upwards. */
type AppContext = FastifyInstance['ctx'];

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
    const started = rows.begin(req.sessionId!);
    cart = await openCartOfLiveSession(ctx.db, req.sessionId!);
    rows.set(req.sessionId!, cart, started);
  }
  return cartView(ctx.db, ctx.ui, cart, requestLang(req), await ctx.catalog.current());
}

async function entryViews(ctx: AppContext, rows: EntryRow[], lang: Lang) {
  const products = await loadEntryProducts(ctx.db, rows, await ctx.catalog.current());
  return rows.map((e) => entryView(e, products, ctx.ui, lang));
}

/** Amounts of a status message (400.000): money in the Serbian locale in both languages, as the specification writes it. */
const AMOUNTS = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
function localNumbers(params: Record<string, string | number> | undefined): Record<string, string | number> {
  const fmt = AMOUNTS;
  return Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? fmt.format(v) : v]));
}

async function respondAdd(ctx: AppContext, req: FastifyRequest, r: AddResult): Promise<CartModificationResponse> {
  const lang = requestLang(req);
  const cart = r.cart ?? await getOrCreateCart(ctx.db, req.sessionId!);
  const view = await cartView(ctx.db, ctx.ui, cart, lang, await ctx.catalog.current(), r.cart && r.entries ? { entries: r.entries, vouchers: r.vouchers, signedIn: r.signedIn } : undefined);
  if (r.verdict) {
    const replace = r.verdict.statusCode === 'productsNeedReplace';
    return { cart: view, cartModifications: [{
      statusCode: r.verdict.statusCode, statusMessage: ctx.ui.message(lang, r.verdict.messageKey, localNumbers(r.verdict.params)),
      // productsNeedReplace: `entry` = what was to be added, `replaceModalEntries` = the cart entries it would replace.
      entry: replace && r.refused[0] ? (await entryViews(ctx, r.refused, lang))[0] : null,
      quantityAdded: 0,
      replaceModalEntries: replace ? await entryViews(ctx, r.replaceEntries, lang) : [],
      cmsComponentId: r.verdict.cmsComponentId ?? null,
    }] };
  }
  return { cart: view, cartModifications: await successes(ctx, r.added, lang, r.quantities) };
}

async function successes(ctx: AppContext, rows: EntryRow[], lang: Lang, quantities?: number[]): Promise<CartModificationResponse['cartModifications']> {
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

/** The preHandler sets of the cart routes: what is checked before a handler runs. */
function guardsOf(app: FastifyInstance, ctx: AppContext) {
  const versioned = (req: FastifyRequest, reply: FastifyReply) => checkVersion(ctx, req, reply);
  return {
    auth: { preHandler: app.authenticate },
    mutation: { preHandler: [app.authenticate, versioned] },
    // Reading the cart and adding to it check the session with their own first query (openCartOfLiveSession,
    // lockOpenCart: 401 InvalidTokenError once revoked), so the token's signature is enough up front.
    light: { preHandler: app.authenticateToken },
    // (adding to a cart never changes the catalogue or stock: the read model need not check its revision after it)
    lightMutation: { preHandler: [app.authenticateToken, versioned], config: { catalogUnchanged: true } },
  };
}
type Guards = ReturnType<typeof guardsOf>;

export async function cartRoutes(app: FastifyInstance, opts: { dev?: boolean } = {}): Promise<void> {
  const ctx = app.ctx;
  const { paths } = ctx;
  const guards = guardsOf(app, ctx);
  readRoutes(app, ctx, guards);
  addRoutes(app, ctx, guards);
  extraRoutes(app, ctx, guards);
  voucherRoutes(app, ctx, guards);
  mergeRoute(app, ctx, guards);
  deleteRoutes(app, ctx, guards);
  app.route<RouteOf<'validateCart'>>({
    ...contractRoute(paths, 'validateCart'), ...guards.auth,
    handler: async (req) => answerValidate(ctx, req),
  });

  if (opts.dev) await devCartRoutes(app);
}

/** GET cart / fullCart. */
function readRoutes(app: FastifyInstance, ctx: AppContext, { light }: Guards): void {
  const { paths } = ctx;
  const readOnly = { cartReadOnly: true };
  app.route<RouteOf<'cart'>>({ ...contractRoute(paths, 'cart'), ...light, config: readOnly,
    handler: async (req, reply) => { reply.header('Cache-Control', 'no-cache, no-store'); return readCart(ctx, req); } });
  app.route<RouteOf<'fullCart'>>({ ...contractRoute(paths, 'fullCart'), ...light, config: readOnly,
    handler: async (req) => readCart(ctx, req) });
}

/** Adding a tariff or a bundle, and replacing the cart's entries with one. */
function addRoutes(app: FastifyInstance, ctx: AppContext, { lightMutation }: Guards): void {
  const { db, paths } = ctx;
  app.route<RouteOf<'addToCart'>>({
    ...contractRoute(paths, 'addToCart'), ...lightMutation,
    handler: async (req) => respondAdd(ctx, req, await addTariff(db, req.sessionId!, await ctx.catalog.current(), req.body)),
  });
  app.route<RouteOf<'addBundleToCart'>>({
    ...contractRoute(paths, 'addBundleToCart'), ...lightMutation,
    handler: async (req) => respondAdd(ctx, req, await addBundle(db, req.sessionId!, await ctx.catalog.current(), req.body)),
  });
  // Replace: the add payload again; the entries of the restricted category (productsNeedReplace) are replaced.
  app.route<RouteOf<'replaceCart'>>({
    ...contractRoute(paths, 'replaceCart'), ...lightMutation,
    handler: async (req) => respondAdd(ctx, req, await addTariff(db, req.sessionId!, await ctx.catalog.current(), req.body, true)),
  });
  app.route<RouteOf<'replaceServiceCart'>>({
    ...contractRoute(paths, 'replaceServiceCart'), ...lightMutation,
    handler: async (req) => respondAdd(ctx, req, await addBundle(db, req.sessionId!, await ctx.catalog.current(), req.body, true)),
  });
}

/** What an entry takes besides its product: insurance, add-ons and suggested products, eSIM, charge type. */
function extraRoutes(app: FastifyInstance, ctx: AppContext, { auth, mutation }: Guards): void {
  const { db, paths } = ctx;
  app.route<RouteOf<'addInsurance'>>({
    ...contractRoute(paths, 'addInsurance'), ...mutation,
    handler: async (req) => {
      const row = await addInsurance(db, req.sessionId!, req.query.entryNumber, req.query.insuranceCode);
      return { cart: await respondCart(ctx, req), cartModifications: await successes(ctx, [row], requestLang(req)) };
    },
  });
  app.route<RouteOf<'addAddon'>>({
    ...contractRoute(paths, 'addAddon'), ...mutation,
    handler: async (req) => {
      const { code, entryNumber, referenceType } = req.body;
      // with a referenceType: a SUGGESTED_PRODUCTS offer (free limit, maxAllowedQuantity; workflows/suggested-products.ts)
      const row = referenceType
        ? await addSuggestedProduct(db, await ctx.catalog.current(), req.sessionId!, { code, entryNumber, referenceType })
        : await addAddon(db, req.sessionId!, code, entryNumber);
      return { cart: await respondCart(ctx, req), cartModifications: await successes(ctx, [row], requestLang(req)) };
    },
  });
  // SUGGESTED_PRODUCTS: the checkout add-ons (tariff add-ons, digital services) and accessories (cross-selling, set-top boxes)
  app.route<RouteOf<'checkoutAddons'>>({
    ...contractRoute(paths, 'checkoutAddons'), ...auth,
    handler: async (req) => suggestedProducts(db, await ctx.catalog.current(), req.sessionId!, requestLang(req), ADDON_RELATIONS, req.query.pageSize),
  });
  app.route<RouteOf<'cartReferences'>>({
    ...contractRoute(paths, 'cartReferences'), ...auth,
    handler: async (req) => suggestedProducts(db, await ctx.catalog.current(), req.sessionId!, requestLang(req), [req.query.referenceType], req.query.pageSize),
  });
  app.route<RouteOf<'addEsim'>>({
    ...contractRoute(paths, 'addEsim'), ...mutation,
    handler: async (req) => { await setEsim(db, req.sessionId!, req.body.entryNumber, req.body.esimOptionSelected); return { cart: await respondCart(ctx, req) }; },
  });
  app.route<RouteOf<'changeChargeType'>>({
    ...contractRoute(paths, 'changeChargeType'), ...mutation,
    handler: async (req) => {
      const rows = await changeChargeType(db, req.sessionId!, req.body);
      return { cart: await respondCart(ctx, req), cartModifications: await successes(ctx, rows, requestLang(req)) };
    },
  });
}

/** Adding and removing a voucher (coupon). */
function voucherRoutes(app: FastifyInstance, ctx: AppContext, { mutation }: Guards): void {
  const { db, paths } = ctx;
  app.route<RouteOf<'addVoucher'>>({
    ...contractRoute(paths, 'addVoucher'), ...mutation,
    handler: async (req) => { await addVoucher(db, req.sessionId!, req.body.voucherCode, req.body.entryNumber); return { cart: await respondCart(ctx, req) }; },
  });
  app.route<RouteOf<'removeVoucher'>>({
    ...contractRoute(paths, 'removeVoucher'), ...mutation,
    handler: async (req) => { await removeVoucher(db, req.sessionId!, req.query.voucherCode); return { cart: await respondCart(ctx, req) }; },
  });
}

/** The statuses of the last login merge (answered once, as add answers them); ?productsNeedReplace=true applies the
 *  pending replacement, =false drops it (server/cart/merge.ts). */
function mergeRoute(app: FastifyInstance, ctx: AppContext, { mutation }: Guards): void {
  const { paths } = ctx;
  app.route<RouteOf<'mergeCart'>>({
    ...contractRoute(paths, 'mergeCart'), ...mutation,
    handler: async (req) => {
      const { db, ui } = ctx;
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
          statusMessage: ui.message(lang, `cart.status.${m.statusCode}`, localNumbers(m.params)),
          entry: m.entry ? view(m.entry) : null,
          quantityAdded: m.quantityAdded,
          replaceModalEntries: m.replaceEntries.map(view),
          cmsComponentId: m.cmsComponentId,
        })),
      };
    },
  });
}

/** Deleting one entry or the whole cart. */
function deleteRoutes(app: FastifyInstance, ctx: AppContext, { mutation }: Guards): void {
  const { db, paths } = ctx;
  app.route<RouteOf<'deleteEntry'>>({
    ...contractRoute(paths, 'deleteEntry'), ...mutation,
    handler: async (req) => {
      await deleteEntry(db, req.sessionId!, req.query.entryNumber, req.query.qty);
      // the last entry gone: the number held for the cart goes back to the lists; the last home package gone: its
      // home-line setup goes (workflows/cart-numbers.ts)
      await releaseHoldsOfCart(db, req.sessionId!);
      return { cart: await respondCart(ctx, req), cartModifications: [] };
    },
  });
  app.route<RouteOf<'deleteCart'>>({
    ...contractRoute(paths, 'deleteCart'), ...mutation,
    handler: async (req) => {
      await deleteCart(db, req.sessionId!);
      await releaseHoldsOfCart(db, req.sessionId!);
      return { cart: await respondCart(ctx, req), cartModifications: [] };
    },
  });
}

/** validateCart: the checkout steps and type of the cart and, unless only the steps are asked for, its errors. */
async function answerValidate(ctx: AppContext, req: FastifyRequest<RouteOf<'validateCart'>>): Promise<ResponseOf<'validateCart'>> {
  const { db, ui } = ctx;
  const lang = requestLang(req);
  const cart = await getOrCreateCart(db, req.sessionId!);
  const user = await userOfSession(db, req.sessionId);
  const errors = req.body?.justSteps ? [] : await validateCart(db, ui, cart, lang, user === null);
  const entries = await entriesOf(db, cart.id);
  const products = await loadEntryProducts(db, entries);
  const checkoutType = checkoutTypeOf(ui, user !== null, entries, products);
  const flow = flowOf(ui, checkoutType);
  const view = await cartView(db, ui, cart, lang);
  return {
    checkoutSteps: checkoutStepsOf(flow, await checkoutState(db, view, cart.id)),
    checkoutType,
    backToOffer: flow.backToOffer ?? null,
    cart: { code: cart.code, customer: user ? { uid: user.email ?? user.username, type: 'REGISTERED', isGuest: false } : { uid: 'anonymous', type: 'GUEST', isGuest: true }, entries: entries.map((e) => ({ entryNumber: e.entryNumber, code: e.variantCode ?? e.productCode })) },
    errors: { errors },
  };
}
