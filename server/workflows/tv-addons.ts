// Workflow: the SUGGESTED_TV_ADDONS step (seed 001 §3 "Suggested-products data", brief of issue 10): the TV add-ons,
// free TV add-ons and set-top boxes offered with the cart's package (server/home) as cart entries under it
// (server/cart). Free add-ons: at most the package's freeAddonsLimit are free; when the limit equals the number of free
// add-ons, all of them are added automatically; the selection is complete when the chosen free add-ons reach the limit;
// a limit of 0 means none are free.
import type { Db } from '../db/index';
import { ApiError, badInput, notFound } from '../lib/errors';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import { addPackageExtra, deleteEntry, entriesOf, getOrCreateCart, isFreeExtra, type CartEntryRecord } from '../cart/index';
import { currentMonthly, oneOffPrice, type CatalogSnapshot } from '../catalog/index';
import { HOME_PACKAGE_TYPES, TV_EXTRA_TYPES, tvAddonOffers } from '../home/index';

type Relation = 'TV_ADDON_RELATION' | 'FREE_TV_ADDON_RELATION' | 'STB_PRODUCT_RELATION';

async function packageOf(db: Db, cat: CatalogSnapshot, sessionId: string) {
  const cart = await getOrCreateCart(db, sessionId);
  const entries = await entriesOf(db, cart.id);
  const pkg = entries.find((e) => e.parentEntryNumber === null && HOME_PACKAGE_TYPES.includes(cat.product(e.productCode)?.product.type ?? ''));
  return { cartId: cart.id, entries, pkg };
}

/** Adds every free add-on when the limit equals their number (idempotent: one already there is skipped). */
async function addAllFree(db: Db, sessionId: string, pkg: CartEntryRecord, entries: CartEntryRecord[], offers: Awaited<ReturnType<typeof tvAddonOffers>>) {
  if (offers.freeAddonsLimit === 0 || offers.freeAddonsLimit !== offers.free.length) return false;
  let added = false;
  for (const f of offers.free) {
    if (entries.some((e) => e.parentEntryNumber === pkg.entryNumber && e.productCode === f.code)) continue;
    try {
      await addPackageExtra(db, sessionId, { parentEntryNumber: pkg.entryNumber, code: f.code, free: true, freeLimit: offers.freeAddonsLimit, automatic: true, types: TV_EXTRA_TYPES });
      added = true;
    } catch (e) {
      // a concurrent request added it first
      if (!(e instanceof ApiError) || (e.reason !== 'addonAlreadyAdded' && e.reason !== 'freeAddonsLimit')) throw e;
    }
  }
  return added;
}

/** The step's data: the package, its limit, the free-add-on count, and each offered product with its state in the cart. */
export async function suggestedTvAddons(db: Db, cat: CatalogSnapshot, sessionId: string, lang: Lang) {
  let { entries, pkg } = await packageOf(db, cat, sessionId);
  if (!pkg) return { packageCode: null, packageName: null, entryNumber: null, freeAddonsLimit: 0, freeSelected: 0, complete: true, references: [] };
  const offers = await tvAddonOffers(db, pkg.productCode);
  if (await addAllFree(db, sessionId, pkg, entries, offers)) ({ entries, pkg } = await packageOf(db, cat, sessionId));
  const children = entries.filter((e) => e.parentEntryNumber === pkg!.entryNumber);
  const ref = (relation: Relation) => (o: { code: string; maxAllowedQuantity: number }) => {
    const p = cat.product(o.code);
    if (!p) return [];
    const child = children.find((c) => c.productCode === o.code);
    const m = currentMonthly(p);
    const one = oneOffPrice(p);
    const free = relation === 'FREE_TV_ADDON_RELATION';
    return [{
      referenceType: relation,
      target: {
        code: p.product.code, name: p.product.name, description: p.product.description[lang], productOfferingType: p.product.type,
        monthlyPrice: m ? money(m.price, lang) : null, oneTimePrice: one ? money(one.price, lang) : null,
      },
      maxAllowedQuantity: o.maxAllowedQuantity,
      preselected: !!child && (free ? isFreeExtra(child) : !isFreeExtra(child)),
      isRemovableEntry: !child?.automaticallyAdded,
      entryNumber: child && (free ? isFreeExtra(child) : !isFreeExtra(child)) ? child.entryNumber : null,
    }];
  };
  const freeSelected = children.filter(isFreeExtra).length;
  const p = pkg!;
  return {
    packageCode: p.productCode, packageName: cat.product(p.productCode)?.product.name ?? p.productCode, entryNumber: p.entryNumber,
    freeAddonsLimit: offers.freeAddonsLimit, freeSelected, complete: freeSelected >= offers.freeAddonsLimit,
    references: [
      ...(offers.freeAddonsLimit > 0 ? offers.free.flatMap(ref('FREE_TV_ADDON_RELATION')) : []),
      ...offers.paid.flatMap(ref('TV_ADDON_RELATION')),
      ...(offers.freeAddonsLimit === 0 ? offers.free.flatMap(ref('TV_ADDON_RELATION')) : []),
      ...offers.stb.flatMap(ref('STB_PRODUCT_RELATION')),
    ],
  };
}

/** Puts an offered add-on or set-top box under the package: free (within the limit) or paid. */
export async function addTvAddon(db: Db, cat: CatalogSnapshot, sessionId: string, body: { code: string; referenceType: Relation }, lang: Lang) {
  const { pkg } = await packageOf(db, cat, sessionId);
  if (!pkg) throw new ApiError(400, 'CartError', 'homeLine.error.noPackage', {}, 'noHomePackage', 'code');
  const offers = await tvAddonOffers(db, pkg.productCode);
  const free = body.referenceType === 'FREE_TV_ADDON_RELATION';
  // with a limit of 0 the free add-ons are sold as paid ones
  const list = free ? offers.free : body.referenceType === 'STB_PRODUCT_RELATION' ? offers.stb : [...offers.paid, ...(offers.freeAddonsLimit === 0 ? offers.free : [])];
  if (!list.some((o) => o.code === body.code)) throw badInput('tvAddons.error.notOffered', { code: body.code }, 'code', 'notOffered');
  if (free && offers.freeAddonsLimit === 0) throw new ApiError(409, 'CartError', 'tvAddons.error.freeLimit', { limit: 0 }, 'freeAddonsLimit', 'code');
  await addPackageExtra(db, sessionId, { parentEntryNumber: pkg.entryNumber, code: body.code, free, freeLimit: offers.freeAddonsLimit, types: TV_EXTRA_TYPES });
  return suggestedTvAddons(db, cat, sessionId, lang);
}

/** Takes an add-on back out; one the shop added automatically (all free add-ons) stays. */
export async function removeTvAddon(db: Db, cat: CatalogSnapshot, sessionId: string, entryNumber: number, lang: Lang) {
  const { entries, pkg } = await packageOf(db, cat, sessionId);
  const child = entries.find((e) => e.entryNumber === entryNumber);
  if (!pkg || !child || child.parentEntryNumber !== pkg.entryNumber) throw notFound(String(entryNumber), 'error.cart.unknownEntry');
  if (child.automaticallyAdded) throw badInput('tvAddons.error.notRemovable', {}, 'entryNumber', 'notRemovable');
  await deleteEntry(db, sessionId, entryNumber);
  return suggestedTvAddons(db, cat, sessionId, lang);
}
