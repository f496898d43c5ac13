// Add-ons and digital services (issue 13; seed 001 §9: /addons/hierarchy?categoryCode, /addons/roaming/countries,
// /ott?categoryCode). The add-ons are catalogue products (ADDON_POSTPAID, ADDON_PREPAID, SHARED_NET, the OTT services
// as STREAMING_SUBSCRIPTION); which category, roaming zone or service page a product belongs to is in its
// `categories` (a subcategory code, `zona:<ZONE>`, `ott:<slug>`). The category tree, the zones and the countries are
// reference data of this file; the country names come from Intl.DisplayNames in the request's language.
import { badInput } from '../lib/errors';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import type { CatalogSnapshot } from './model';
import { monthlyFee, oneOffPrice, type CatalogProduct } from './repository';

type LocalText = { sr: string; en: string };
const t = (sr: string, en: string): LocalText => ({ sr, en });

/** The add-on categories of /dodaci and their subcategories (a product is in a subcategory by its code in `categories`). */
export const ADDON_CATEGORIES: Array<{ code: string; name: LocalText; description: LocalText; subcategories: Array<{ code: string; name: LocalText }> }> = [
  {
    code: 'tarifni', name: t('Dodaci uz tarifu', 'Tariff add-ons'),
    description: t('Više interneta, minuta i poruka uz tvoju postpejd tarifu, iz meseca u mesec.', 'More data, minutes and messages with your postpaid tariff, month after month.'),
    subcategories: [
      { code: 'tarifni-internet', name: t('Internet', 'Data') },
      { code: 'tarifni-razgovori', name: t('Razgovori i poruke', 'Calls and messages') },
    ],
  },
  {
    code: 'mobilni', name: t('Mobilni dodaci', 'Mobile add-ons'),
    description: t('Paketi interneta za pripejd korisnike i internet koji deliš sa porodicom.', 'Data packs for prepaid users and data you share with your family.'),
    subcategories: [
      { code: 'mobilni-pripejd', name: t('Pripejd internet', 'Prepaid data') },
      { code: 'mobilni-deljeni', name: t('Deljeni internet', 'Shared data') },
    ],
  },
  {
    code: 'roming', name: t('Roming dodaci', 'Roaming add-ons'),
    description: t('Internet u inostranstvu po ceni paketa: izaberi zemlju i vidi koji dodaci je pokrivaju.', 'Data abroad at a pack price: choose a country and see which add-ons cover it.'),
    subcategories: [
      { code: 'roming-region', name: t('Zapadni Balkan', 'Western Balkans') },
      { code: 'roming-evropa', name: t('Evropa', 'Europe') },
      { code: 'roming-svet', name: t('Ceo svet', 'Worldwide') },
    ],
  },
];

/** Roaming zones and the countries in each (ISO 3166-1 alpha-2). */
export const ROAMING_ZONES: Array<{ code: string; name: LocalText; countries: string[] }> = [
  { code: 'REGION', name: t('Zona 1 — Zapadni Balkan', 'Zone 1 — Western Balkans'), countries: ['BA', 'ME', 'MK', 'AL'] },
  { code: 'EU', name: t('Zona 2 — Evropa', 'Zone 2 — Europe'), countries: ['AT', 'DE', 'IT', 'FR', 'ES', 'GR', 'HU', 'RO', 'BG', 'HR', 'SI', 'NL', 'BE', 'CH', 'PL', 'CZ', 'SK', 'PT', 'SE', 'NO', 'IS', 'GB', 'TR'] },
  { code: 'WORLD', name: t('Zona 3 — ostatak sveta', 'Zone 3 — rest of the world'), countries: ['US', 'CA', 'AU', 'RU', 'CN', 'AE', 'JP', 'EG'] },
];

/** The digital services of /Digitalni-servisi/<slug> (seed 001 §1) and their products. */
export const OTT_SERVICES: Array<{ slug: string; code: string }> = [
  { slug: 'Deezer', code: 'OTT_DEEZER' },
  { slug: 'Arena-cloud', code: 'OTT_ARENA_CLOUD' },
  { slug: 'Apollon', code: 'OTT_APOLLON' },
  { slug: 'Balkan-myusic', code: 'OTT_BALKAN_MYUSIC' },
  { slug: 'Iris-go', code: 'OTT_IRIS_GO' },
  { slug: 'Nba', code: 'OTT_NBA' },
  { slug: 'Move', code: 'OTT_MOVE' },
];
export const OTT_CATEGORY = 'digitalni-servisi';

/** The productOfferingTypes shown on /dodaci. */
const ADDON_PAGE_TYPES = new Set(['ADDON_POSTPAID', 'ADDON_PREPAID', 'SHARED_NET', 'SPECIAL_ADD_ON', 'STREAMING_SUBSCRIPTION']);

/**
 * The kind of tariff a mobile add-on is bought with: ADDON_PREPAID with a prepaid package, the other mobile add-ons
 * (postpaid, shared data, roaming, digital services) with a postpaid tariff; home add-ons (TV…) are not mobile (null).
 */
export function addonRequires(type: string): 'POSTPAID' | 'PREPAID' | null {
  if (type === 'ADDON_PREPAID') return 'PREPAID';
  if (['ADDON_POSTPAID', 'SHARED_NET', 'SPECIAL_ADD_ON', 'STREAMING_SUBSCRIPTION', 'ADDITIONAL_SERVICE'].includes(type)) return 'POSTPAID';
  return null;
}

/** A prepaid package is a TARIFF in the category `pripejd`. */
export const isPrepaidTariff = (p: { categories: string[] }) => p.categories.includes('pripejd');

const zonesOf = (p: CatalogProduct) => p.product.categories.filter((c) => c.startsWith('zona:')).map((c) => c.slice(5));

export function addonView(p: CatalogProduct, lang: Lang) {
  const fee = monthlyFee(p);
  const once = oneOffPrice(p);
  const requires = addonRequires(p.product.type);
  return {
    code: p.product.code,
    name: p.product.name,
    description: p.product.description[lang],
    productOfferingType: p.product.type,
    price: money(fee ?? once?.price ?? 0, lang),
    chargeType: (fee !== null ? 'RECURRING_CHARGE' : 'ONE_TIME_CHARGE') as 'RECURRING_CHARGE' | 'ONE_TIME_CHARGE',
    ...(requires ? { requires } : {}),
    zones: zonesOf(p),
    highlights: p.product.highlights.map((h) => `${h.name[lang]}: ${h.value[lang]}`),
    purchasable: p.plan?.purchasable ?? false,
  };
}

/** GET addonHierarchy ?categoryCode: the categories (or the one asked for, or the category of a subcategory asked for). */
export function addonHierarchy(cat: CatalogSnapshot, categoryCode: string | undefined, lang: Lang) {
  return cat.memo(`addons|${lang}|${categoryCode ?? ''}`, () => {
    let tree = ADDON_CATEGORIES;
    if (categoryCode) {
      const top = ADDON_CATEGORIES.find((c) => c.code === categoryCode);
      const parent = ADDON_CATEGORIES.find((c) => c.subcategories.some((s) => s.code === categoryCode));
      if (top) tree = [top];
      else if (parent) tree = [{ ...parent, subcategories: parent.subcategories.filter((s) => s.code === categoryCode) }];
      else throw badInput('error.addons.unknownCategory', { code: categoryCode }, 'categoryCode');
    }
    const addons = cat.all.filter((p) => ADDON_PAGE_TYPES.has(p.product.type));
    return {
      categories: tree.map((c) => ({
        code: c.code, name: c.name[lang], description: c.description[lang],
        subcategories: c.subcategories.map((s) => ({
          code: s.code, name: s.name[lang],
          addons: addons.filter((p) => p.product.categories.includes(s.code)).map((p) => addonView(p, lang)),
        })),
      })),
    };
  });
}

const regionNames: Record<Lang, Intl.DisplayNames> = {
  sr: new Intl.DisplayNames(['sr-Latn-RS'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};
const collators: Record<Lang, Intl.Collator> = { sr: new Intl.Collator('sr-Latn-RS'), en: new Intl.Collator('en') };

/** GET roamingCountries: every country of a roaming zone, by name in the request's language. */
export function roamingCountries(lang: Lang) {
  const countries = ROAMING_ZONES.flatMap((z) => z.countries.map((isocode) => ({
    isocode, name: regionNames[lang].of(isocode) ?? isocode, zone: z.code, zoneName: z.name[lang],
  })));
  countries.sort((a, b) => collators[lang].compare(a.name, b.name));
  return { countries };
}

/** GET ottServices ?categoryCode: every digital service (digitalni-servisi) or the one of a slug (case-insensitive). */
export function ottServices(cat: CatalogSnapshot, categoryCode: string, lang: Lang) {
  const all = categoryCode.toLowerCase() === OTT_CATEGORY;
  const wanted = all ? OTT_SERVICES : OTT_SERVICES.filter((s) => s.slug.toLowerCase() === categoryCode.toLowerCase());
  if (wanted.length === 0) throw badInput('error.addons.unknownService', { code: categoryCode }, 'categoryCode');
  return {
    categoryCode: all ? OTT_CATEGORY : wanted[0].slug,
    services: wanted.flatMap((s) => {
      const p = cat.product(s.code);
      return p ? [{ slug: s.slug, url: `/Digitalni-servisi/${s.slug}`, addon: addonView(p, lang) }] : [];
    }),
  };
}
