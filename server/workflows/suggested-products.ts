// Workflow: the SUGGESTED_PRODUCTS checkout step (seed 001 §3 "Suggested-products data", issues 9 and 10): the add-ons,
// digital services and cross-selling products the catalogue (server/catalog, product_references) offers with the
// cart's tariff or home package, as cart entries under it (server/cart). Free ones: at most the tariff's
// freeAddonsLimit cost nothing; units: at most maxAllowedQuantity (default 100); preselected ones are put in once when
// the step is first shown (isRemovableEntry false: they stay). Both limits hold under the cart's row lock.
import type { Db } from '../db/index';
import { badInput, notFound } from '../lib/errors';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import { addPackageExtra, applyPreselected, entriesOf, freeUnitsUnder, getOrCreateCart, isFreeExtra, type CartEntryRecord } from '../cart/index';
import {
  ACCESSORY_RELATIONS, ADDON_RELATIONS, currentMonthly, oneOffPrice, suggestedOffers, SUGGESTED_PAGE_SIZE,
  type CatalogProduct, type CatalogSnapshot, type SuggestedOffer, type SuggestedRelation,
} from '../catalog/index';
import { HOME_PACKAGE_TYPES } from '../home/index';

const ALL_RELATIONS: SuggestedRelation[] = [...ADDON_RELATIONS, ...ACCESSORY_RELATIONS];

/** The entry the suggestions belong to: the cart's first tariff or home package (top level). */
async function anchorOf(db: Db, cat: CatalogSnapshot, sessionId: string) {
  const cart = await getOrCreateCart(db, sessionId);
  const entries = await entriesOf(db, cart.id);
  const anchor = entries.find((e) => e.parentEntryNumber === null && ['TARIFF', ...HOME_PACKAGE_TYPES].includes(cat.product(e.productCode)?.product.type ?? '')) ?? null;
  return { entries, anchor };
}

const extraOf = (o: SuggestedOffer, freeAddonsLimit: number, type: string) => ({
  code: o.code, free: o.free, freeLimit: freeAddonsLimit, maxQuantity: o.maxAllowedQuantity, types: [type],
  automatic: !o.isRemovableEntry, freeLimitKey: 'suggested.error.freeLimit',
});

/** Seed 001 §3: the target's spec characteristic groups, only VPP_BASIC / VPP_DEFAULT kept (from its highlights). */
function specGroups(p: CatalogProduct, lang: Lang) {
  const h = p.product.highlights;
  if (h.length === 0) return [];
  return [{ type: 'VPP_BASIC' as const, productSpecCharacteristics: h.map((x) => ({ name: x.name[lang], values: [{ value: x.value[lang] }] })) }];
}

/**
 * The step's data for the given relation types (GET …/carts/addons: tariff add-ons and digital services; GET
 * …/carts/references: cross-selling or set-top boxes). The first read puts the preselected ones in the cart.
 */
export async function suggestedProducts(db: Db, cat: CatalogSnapshot, sessionId: string, lang: Lang, relations: readonly SuggestedRelation[], pageSize = SUGGESTED_PAGE_SIZE) {
  let { entries, anchor } = await anchorOf(db, cat, sessionId);
  if (!anchor) return { entryNumber: null, productCode: null, productName: null, freeAddonsLimit: 0, freeSelected: 0, references: [] };
  if (!anchor.suggestionsApplied) {
    const all = await suggestedOffers(db, anchor.productCode, ALL_RELATIONS);
    const items = all.offers.filter((o) => o.preselected).flatMap((o) => {
      const type = cat.product(o.code)?.product.type;
      return type ? [extraOf(o, all.freeAddonsLimit, type)] : [];
    });
    if (await applyPreselected(db, sessionId, anchor.entryNumber, items)) ({ entries, anchor } = await anchorOf(db, cat, sessionId));
  }
  const a = anchor!;
  const { freeAddonsLimit, offers } = await suggestedOffers(db, a.productCode, relations, pageSize);
  const children = entries.filter((e) => e.parentEntryNumber === a.entryNumber);
  const lineOf = (o: SuggestedOffer): CartEntryRecord | undefined => children.find((c) => c.productCode === o.code && (!o.free || isFreeExtra(c)));
  return {
    entryNumber: a.entryNumber, productCode: a.productCode, productName: cat.product(a.productCode)?.product.name ?? a.productCode,
    freeAddonsLimit, freeSelected: freeUnitsUnder(entries, a.entryNumber),
    references: offers.flatMap((o) => {
      const p = cat.product(o.code);
      if (!p) return [];
      const line = lineOf(o);
      const m = currentMonthly(p);
      const one = oneOffPrice(p);
      const image = p.variants[0]?.images[0];
      return [{
        referenceType: o.referenceType,
        target: {
          code: p.product.code, name: p.product.name, description: p.product.description[lang], productOfferingType: p.product.type,
          images: image ? [{ imageType: 'GALLERY' as const, url: image.url, altText: image.altText }] : [],
          pricePlans: p.plan ? [{ id: p.plan.id }] : [],
          tmaProductSpecCharacteristicGroups: specGroups(p, lang),
          monthlyPrice: m ? money(m.price, lang) : null, oneTimePrice: one ? money(one.price, lang) : null,
        },
        maxAllowedQuantity: o.maxAllowedQuantity,
        free: o.free && freeAddonsLimit > 0,
        preselected: !!line,
        quantity: line?.quantity ?? 0,
        isRemovableEntry: !line?.automaticallyAdded && o.isRemovableEntry,
        entryNumber: line?.entryNumber ?? null,
      }];
    }),
  };
}

/** POST …/carts/addaddon with a referenceType: one more unit of an offered product under the tariff or package. */
export async function addSuggestedProduct(db: Db, cat: CatalogSnapshot, sessionId: string, body: { code: string; entryNumber: number; referenceType: SuggestedRelation }): Promise<CartEntryRecord> {
  const { anchor } = await anchorOf(db, cat, sessionId);
  if (!anchor || anchor.entryNumber !== body.entryNumber) throw notFound(String(body.entryNumber), 'error.cart.unknownEntry');
  const { freeAddonsLimit, offers } = await suggestedOffers(db, anchor.productCode, [body.referenceType]);
  const offer = offers.find((o) => o.code === body.code);
  const type = cat.product(body.code)?.product.type;
  if (!offer || !type) throw badInput('suggested.error.notOffered', { code: body.code }, 'code', 'notOffered');
  // a limit of 0: the free ones are sold at their price
  const free = offer.free && freeAddonsLimit > 0;
  return addPackageExtra(db, sessionId, { ...extraOf(offer, freeAddonsLimit, type), free, automatic: false, parentEntryNumber: anchor.entryNumber });
}
