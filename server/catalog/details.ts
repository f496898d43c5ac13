// productDetails (docs/modules/catalog.md; seed 000 §7), productSpecification, productReferences, cmsComponent.
import { notFound } from '../lib/errors';
import type { Lang } from '../lib/lang';
import { money, moneyOrNull } from '../lib/money';
import { currentMonthly, monthlyFee, oneOffPrice, stockLevelStatus, type CatalogProduct, type DevicePriceRow } from './repository';
import type { CatalogSnapshot } from './model';
import { summarize } from './search';
import type { TariffPrice } from '../../schemas/types/api.catalog';
import type { ResponseOf } from '../lib/contract';
import { drawableColor } from '../lib/cms-rules';

/** Whether a tariff priced for a device can be bought with it: a purchasable price plan (add to cart refuses the rest). */
const sellable = (t: TariffPrice) => t.pricePlans.some((pp) => pp.purchasable);

function tariffPrice(t: CatalogProduct, device: CatalogProduct | null, dp: DevicePriceRow[], children: CatalogProduct[], lang: Lang): TariffPrice {
  const fee = monthlyFee(t);
  // for a device, only the children it can be bought with (the parent's "from" price is theirs)
  const offered = children.map((c) => ({ c, price: tariffPrice(c, device, dp, [], lang) })).filter((x) => !device || sellable(x.price));
  const childPrices = offered.map((x) => x.price);
  const childFees = offered.map((x) => monthlyFee(x.c)).filter((x): x is number => x !== null);
  const terms = t.plan?.terms ?? [];
  const rec = (t.plan?.charges ?? []).filter((c) => c.chargeType === 'RECURRING_CHARGE');
  return {
    code: t.product.code,
    name: t.product.name,
    description: t.product.description[lang],
    processType: t.product.processType ?? 'BASIC_OFFER',
    esim: t.product.esim,
    tariffPrice: money(fee ?? (childFees.length ? Math.min(...childFees) : 0), lang),
    highlights: t.product.highlights.map((h) => `${h.name[lang]}: ${h.value[lang]}`),
    chargeEntries: rec.map((c) => ({ chargeType: 'RECURRING_CHARGE', cycleEnd: c.cycleEnd, price: money(c.price, lang), oldPrice: moneyOrNull(c.oldPrice, lang) })),
    subscriptionTerms: terms.map((x) => ({ id: x.id, termOfServiceNumber: x.months, recommended: x.recommended })),
    pricePlans: !device ? [] : terms.flatMap((term) => {
      const d = dp.find((p) => p.tariffCode === t.product.code && p.termMonths === term.months && p.deviceCode === device.product.code);
      if (!d) return [];
      const devicePriceTotal = d.installments && d.installmentPrice !== null ? d.installmentPrice * d.installments + d.upfrontPrice : d.oneTimePrice;
      return [{
        id: d.id,
        subscriptionTermId: term.id,
        purchasable: d.purchasable && (t.plan?.purchasable ?? false) && t.product.type !== 'MTS_DISC_TARIFF' && d.offerType !== 'MTS_DISC_TARIFF',
        recurring: d.installments && d.installmentPrice !== null && d.installmentsAvailable ? {
          installments: d.installments,
          installment: money(d.installmentPrice, lang),
          // the tariff's monthly price now — its promotional first cycle, as the cart charges it (cart service tariffEntry)
          tariffPrice: money(currentMonthly(t)?.price ?? fee ?? 0, lang),
          devicePrice: money(devicePriceTotal, lang),
          upfrontPrice: money(d.upfrontPrice, lang),
          chargeEntries: [{ chargeType: 'RECURRING_CHARGE', cycleEnd: d.installments, price: money(d.installmentPrice, lang), oldPrice: moneyOrNull(d.oldInstallmentPrice, lang) }],
        } : null,
        oneTime: {
          devicePrice: money(d.oneTimePrice, lang),
          chargeEntries: [{ chargeType: 'ONE_TIME_CHARGE', price: money(d.oneTimePrice, lang), oldPrice: moneyOrNull(d.oldOneTimePrice, lang) }],
        },
      }];
    }),
    childTariffs: childPrices,
  };
}

/**
 * Postpaid tariffs grouped for a device page: parents carry their children. Only what add to cart accepts with this
 * device is offered (issue 27): a tariff without a purchasable price plan (no offer for the device, the offer blocked,
 * an MTS_DISC_TARIFF offer) is left out, and a parent whose children are all left out goes too.
 */
function tariffOffers(cat: CatalogSnapshot, device: CatalogProduct | null, lang: Lang) {
  const tariffs = cat.products({ category: 'tarife' }).filter((t) => t.product.type === 'TARIFF');
  const dp = device ? cat.devicePricesOf([device.product.code]) : [];
  const childrenOf = (code: string) => tariffs.filter((t) => t.product.parentCode === code);
  const roots = tariffs.filter((t) => !t.product.parentCode);
  const priced = roots.map((t) => ({ t, price: tariffPrice(t, device, dp, childrenOf(t.product.code), lang) }))
    .filter((x) => sellable(x.price) || x.price.childTariffs.length > 0);
  return {
    topOffer: priced.filter((x) => x.t.product.processType === 'TOP_OFFER').map((x) => x.price),
    basicOffer: priced.filter((x) => x.t.product.processType !== 'TOP_OFFER').map((x) => x.price),
  };
}

/** The details answer, computed once per (product, language) and catalogue revision. */
export function productDetails(cat: CatalogSnapshot, code: string, lang: Lang): ResponseOf<'productDetails'> {
  const p = cat.product(code);
  if (!p) throw notFound(code, 'error.unknownProduct');
  return cat.memo(`details|${lang}|${code}`, () => computeDetails(cat, p, lang), [code]);
}

function computeDetails(cat: CatalogSnapshot, p: CatalogProduct, lang: Lang): ResponseOf<'productDetails'> {
  const code = p.product.code;
  const own = oneOffPrice(p);
  const insuranceRefs = cat.referencesOf(code, 'INSURANCE');
  const insurances = cat.products({ codes: insuranceRefs.map((r) => r.targetCode) });
  const accessoryRefs = cat.referencesOf(code, 'ACCESSORIES');
  const isDevice = p.product.type === 'DEVICE';
  return {
    code: p.product.code,
    name: p.product.name,
    description: p.product.description[lang],
    brand: { name: p.product.brand },
    productOfferingType: p.product.type,
    processType: p.product.processType,
    esim: p.product.esim,
    voucherLimit: p.product.voucherLimit,
    variants: p.variants.map((v) => ({
      code: v.code, colorCode: v.colorCode, colorName: v.colorName[lang], colorHex: v.colorHex, images: v.images,
      stock: { stockLevelStatus: stockLevelStatus(v.stockLevel), stockLevel: Math.max(v.stockLevel, 0) },
    })),
    highlights: p.product.highlights.map((h) => ({ name: h.name[lang], value: h.value[lang] })),
    prices: isDevice ? tariffOffers(cat, p, lang) : { topOffer: [], basicOffer: [] },
    oneOff: own ? {
      pricePlanId: p.plan!.id,
      purchasable: p.plan!.purchasable,
      chargeEntries: [{ chargeType: 'ONE_TIME_CHARGE', price: money(own.price, lang), oldPrice: moneyOrNull(own.oldPrice, lang) }],
    } : null,
    monthly: (() => { const m = currentMonthly(p); return m ? { price: money(m.price, lang), oldPrice: moneyOrNull(m.oldPrice, lang), promoPeriod: m.promoPeriod } : null; })(),
    subscriptionTerms: (p.plan?.terms ?? []).map((x) => ({ id: x.id, termOfServiceNumber: x.months, recommended: x.recommended })),
    pricePlanId: p.plan?.id ?? null,
    insurances: insurances.map((i) => ({
      code: i.product.code, name: i.product.name, description: i.product.description[lang], monthlyPrice: money(monthlyFee(i) ?? 0, lang),
    })),
    hasAccessories: accessoryRefs.length > 0,
    // a gift shown only while it is in stock (the cart adds it only then)
    hasGift: cat.products({ codes: cat.referencesOf(code, 'PROMO_PRODUCT').map((r) => r.targetCode) }).some((g) => g.variants.some((v) => v.stockLevel > 0)),
    bestOffer: p.product.bestOffer,
    categories: p.product.categories,
  };
}

export function productSpecification(cat: CatalogSnapshot, code: string, lang: Lang): ResponseOf<'productSpecification'> {
  const p = cat.product(code)?.product;
  if (!p) throw notFound(code, 'error.unknownProduct');
  return {
    code: p.code,
    name: p.name,
    groups: p.specification.map((g) => ({
      name: g.name[lang],
      characteristics: g.items.map((i) => ({ name: i.name[lang], value: i.value[lang] })),
    })),
  };
}

export function productReferences(cat: CatalogSnapshot, code: string, referenceType: string, pageSize: number, lang: Lang): ResponseOf<'productReferences'> {
  if (!cat.product(code)) throw notFound(code, 'error.unknownProduct');
  const refs = cat.referencesOf(code, referenceType).slice(0, pageSize);
  const targets = cat.products({ codes: refs.map((r) => r.targetCode) });
  return {
    references: refs.flatMap((r) => {
      const t = targets.find((x) => x.product.code === r.targetCode);
      if (!t) return [];
      const s = summarize(t, [], lang);
      const v = t.variants[0];
      return [{ referenceType: r.referenceType, preselected: false, target: { ...s, description: t.product.description[lang], variantCode: v?.code ?? null, stock: { stockLevelStatus: s.stock.stockLevelStatus, stockLevel: Math.max(v?.stockLevel ?? 0, 0) } } }];
    }),
  };
}

export function cmsComponent(cat: CatalogSnapshot, id: string, lang: Lang): ResponseOf<'cmsComponent'> {
  const c = cat.cmsComponent(id);
  if (!c) throw notFound(id, 'error.unknownCmsComponent');
  return {
    uid: c.id,
    headline: c.headline[lang],
    content: c.content[lang],
    ctaButtonName: c.ctaButtonName ? c.ctaButtonName[lang] : null,
    media: c.mediaUrl ? { url: c.mediaUrl, code: c.mediaCode ?? c.id } : null,
  };
}

/** GET cmsComponents: the banners of a list (seed 001 §2: content components with a webPosition) in one content slot,
 *  optionally only some component ids. */
export function cmsBanners(cat: CatalogSnapshot, categoryCode: string, componentIds: string | undefined, lang: Lang): ResponseOf<'cmsComponents'> {
  const wanted = componentIds ? new Set(componentIds.split(',').filter(Boolean)) : null;
  const component = cat.bannersOf(categoryCode).filter((c) => !wanted || wanted.has(c.id)).map((c) => ({
    uid: c.id,
    headline: c.headline[lang],
    content: c.content[lang],
    ctaButtonName: c.ctaButtonName ? c.ctaButtonName[lang] : null,
    url: c.linkUrl,
    webPosition: c.webPosition!,
    media: c.mediaUrl ? { url: c.mediaUrl, code: c.mediaCode ?? c.id } : null,
    // the CMS hex-colour rule (seed 000 §5) once more where it is drawn: a colour that breaks it is not answered
    accentColor: drawableColor(c.accentColor),
  }));
  return { contentSlots: { contentSlot: [{ slotId: `${categoryCode}-banners`, components: { component } }] } };
}
