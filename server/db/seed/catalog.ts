// The seed catalogue of "Orbita Telekom": tariffs, prepaid packages, phones, accessories, insurance, and the content the
// seed writes with them (consents, CMS components, banners, delivery slots). The rows are data in ./catalog.json (one
// table per export below, in the shapes declared here); this file types them and derives the phones' specification.
// Prices are RSD here (converted to para when inserted).
import type { LocalText, SpecGroup } from '../tables';
import catalog from './catalog.json';

export interface SeedTariff {
  code: string; name: string; parent?: string; processType: 'TOP_OFFER' | 'BASIC_OFFER';
  esim: 'NONE' | 'ESIM_SIM' | 'ESIM'; fee: number; promo?: { months: number; price: number };
  data: string; minutes: string; sms: string; roaming?: string; description: LocalText;
}

export interface SeedColor { code: string; name: LocalText; hex: string; stock: number }
export interface SeedPhone {
  code: string; brand: string; name: string; price: number; oldPrice?: number; esim: 'NONE' | 'ESIM_SIM';
  rating: number; colors: SeedColor[];
  spec: { display: string; resolution: string; panel: string; camera: string; front: string; battery: number;
    charging: string; ram: string; storage: string; os: string; chip: string; net5g: boolean; weight: number };
  description: LocalText;
}
export interface SeedAccessory {
  code: string; brand: string; name: string; price: number; oldPrice?: number; kind: AccessoryKind;
  hex: string; stock: number; description: LocalText; forBrands: string[] | 'all';
}
const ACCESSORY_KINDS = ['charger', 'earbuds', 'case', 'powerbank', 'watch', 'headphones', 'cable', 'glass', 'band'] as const;
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];
const ESIM = ['NONE', 'ESIM_SIM', 'ESIM'] as const;

/** `value` if it is one of `allowed`: the JSON rows' enumerated fields, which the type checker reads as any string. */
function oneOf<const T extends string>(allowed: readonly T[], value: string, row: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`server/db/seed/catalog.json ${row}: "${value}" is not one of ${allowed.join(', ')}`);
  return value as T;
}

/** Parent tariffs (grouping only; their children are purchasable). */
export const parentTariffs: Array<{ code: string; name: string; processType: 'TOP_OFFER'; esim: 'ESIM_SIM'; description: LocalText }> = catalog.parentTariffs.map((r) => ({ ...r, processType: oneOf(['TOP_OFFER'], r.processType, r.code), esim: oneOf(['ESIM_SIM'], r.esim, r.code) }));
export const postpaidTariffs: SeedTariff[] = catalog.postpaidTariffs.map((r) => ({ ...r, processType: oneOf(['TOP_OFFER', 'BASIC_OFFER'], r.processType, r.code), esim: oneOf(ESIM, r.esim, r.code) }));
export const prepaidPackages: Array<{ code: string; name: string; price: number; esim: 'NONE' | 'ESIM_SIM' | 'ESIM'; data: string; description: LocalText }> = catalog.prepaidPackages.map((r) => ({ ...r, esim: oneOf(ESIM, r.esim, r.code) }));
export const phones: SeedPhone[] = catalog.phones.map((r) => ({ ...r, esim: oneOf(['NONE', 'ESIM_SIM'], r.esim, r.code) }));
export const accessories: SeedAccessory[] = catalog.accessories.map((r) => {
  const brands: string | string[] = r.forBrands;
  return { ...r, kind: oneOf(ACCESSORY_KINDS, r.kind, r.code), forBrands: typeof brands === 'string' ? oneOf(['all'], brands, r.code) : brands };
});
export const insurances: Array<{ code: string; name: string; monthly: number; description: LocalText }> = catalog.insurances;
export const consentTemplates: Array<{ id: string; name: LocalText; description: LocalText; required: boolean; documentUrl: string | null }> = catalog.consentTemplates;
/** CMS components; limitOversteppedPopup is shown for every product code's quantity limit (3 accessories, 2 devices:
 *  schemas/rules/cart-limits.json), next to the server message. */
export const cmsComponents: Array<{ id: string; headline: LocalText; content: LocalText; cta: LocalText | null; mediaUrl: string | null; mediaCode: string | null }> = catalog.cmsComponents;
/** Banners (issue 13): content components with a list (a category code or 'home'), a webPosition (how many products
 *  come before it) and a link. */
export const banners: Array<{ id: string; categoryCode: string; webPosition: number; headline: LocalText; content: LocalText; cta: LocalText; linkUrl: string; accentColor?: string }> = catalog.banners;
export const deliveryTimeSlots: Array<{ code: string; name: LocalText }> = catalog.deliveryTimeSlots;

const d = (sr: string, en: string): LocalText => ({ sr, en });

export function phoneSpecification(p: SeedPhone): SpecGroup[] {
  const s = p.spec;
  const yes = d('Da', 'Yes'); const no = d('Ne', 'No');
  return [
    { name: d('Ekran', 'Display'), items: [
      { name: d('Veličina', 'Size'), value: d(s.display, s.display.replace(',', '.')) },
      { name: d('Rezolucija', 'Resolution'), value: d(s.resolution, s.resolution) },
      { name: d('Tip ekrana', 'Panel'), value: d(s.panel, s.panel) } ] },
    { name: d('Kamera', 'Camera'), items: [
      { name: d('Zadnja kamera', 'Rear camera'), value: d(s.camera, s.camera) },
      { name: d('Prednja kamera', 'Front camera'), value: d(s.front, s.front) } ] },
    { name: d('Baterija', 'Battery'), items: [
      { name: d('Kapacitet', 'Capacity'), value: d(`${s.battery} mAh`, `${s.battery} mAh`) },
      { name: d('Brzo punjenje', 'Fast charging'), value: d(s.charging, s.charging) } ] },
    { name: d('Memorija', 'Memory'), items: [
      { name: d('RAM', 'RAM'), value: d(s.ram, s.ram) },
      { name: d('Interna memorija', 'Storage'), value: d(s.storage, s.storage) } ] },
    { name: d('Platforma', 'Platform'), items: [
      { name: d('Operativni sistem', 'Operating system'), value: d(s.os, s.os) },
      { name: d('Procesor', 'Chipset'), value: d(s.chip, s.chip) } ] },
    { name: d('Mreža', 'Network'), items: [
      { name: d('5G', '5G'), value: s.net5g ? yes : no },
      { name: d('eSIM', 'eSIM'), value: p.esim === 'NONE' ? no : yes } ] },
    { name: d('Dimenzije', 'Dimensions'), items: [
      { name: d('Težina', 'Weight'), value: d(`${s.weight} g`, `${s.weight} g`) } ] },
  ];
}

export function phoneHighlights(p: SeedPhone) {
  return [
    { name: d('Ekran', 'Display'), value: d(p.spec.display, p.spec.display.replace(',', '.')) },
    { name: d('Kamera', 'Camera'), value: d(p.spec.camera, p.spec.camera) },
    { name: d('Baterija', 'Battery'), value: d(`${p.spec.battery} mAh`, `${p.spec.battery} mAh`) },
    { name: d('Memorija', 'Memory'), value: d(`${p.spec.ram} / ${p.spec.storage}`, `${p.spec.ram} / ${p.spec.storage}`) },
  ];
}

/** Device price with a tariff: the richer the tariff and the longer the term, the cheaper the device. */
export function bundleDevicePrice(base: number, fee: number, months: number): number {
  const discount = Math.min(fee * months * (months >= 24 ? 0.12 : 0.07), base * 0.6);
  const price = Math.max(base - discount, 1);
  return Math.max(Math.round(price / 100) * 100 - 1, 1);
}
