// The cart rules configuration (server/cart/rules.config.json): one data file, checked at load.
import { readFileSync } from 'node:fs';

export interface RulesConfig {
  restrictedCategories: Array<{ id: string; productOfferingTypes: string[]; categories: string[]; maxPerCart: number }>;
  /** Most units of one product (per product code) by productOfferingType. */
  maxOrderQuantity: Record<string, number>;
  allowedTotalAmount: { oneTimeRsd: number };
  /** statusCode → id of the CMS component the modal may load (GET cmsComponent?componentId=). */
  cmsComponents: Partial<Record<string, string>>;
  ageRestricted: { productOfferingTypes: string[]; categories: string[]; minAge: number };
  samePaymentMethod: { productOfferingTypes: string[] };
  guestChargeTypes: Array<'ONE_TIME_CHARGE' | 'RECURRING_CHARGE'>;
  vouchers: { minDevicePriceAfterDiscountsRsd: number };
}

/** The productOfferingTypes sold as add-ons of a tariff (add-ons are services in the cart view). */
export const ADDON_TYPES = ['ADDON_POSTPAID', 'ADDON_PREPAID', 'TV_ADDON', 'HOME_NET_ADDON', 'SPECIAL_ADD_ON', 'MTS_TV_GO_ADDON', 'SHARED_NET', 'ADDITIONAL_SERVICE', 'STREAMING_SUBSCRIPTION'];

const FILE = new URL('./rules.config.json', import.meta.url);

function check(c: unknown): RulesConfig {
  const o = c as RulesConfig;
  const fail = (what: string) => { throw new Error(`server/cart/rules.config.json: ${what}`); };
  if (!o || typeof o !== 'object') fail('not an object');
  if (!Array.isArray(o.restrictedCategories)) fail('restrictedCategories must be an array');
  for (const r of o.restrictedCategories) {
    if (typeof r.id !== 'string' || !Array.isArray(r.productOfferingTypes) || !Array.isArray(r.categories) || !Number.isInteger(r.maxPerCart) || r.maxPerCart < 1) fail(`restrictedCategories ${JSON.stringify(r)}`);
  }
  for (const [k, v] of Object.entries(o.maxOrderQuantity ?? fail('maxOrderQuantity missing'))) if (!Number.isInteger(v) || v < 1) fail(`maxOrderQuantity.${k}`);
  if (typeof o.allowedTotalAmount?.oneTimeRsd !== 'number') fail('allowedTotalAmount.oneTimeRsd');
  if (typeof o.ageRestricted?.minAge !== 'number') fail('ageRestricted.minAge');
  if (!Array.isArray(o.samePaymentMethod?.productOfferingTypes)) fail('samePaymentMethod.productOfferingTypes');
  if (!Array.isArray(o.guestChargeTypes) || o.guestChargeTypes.length === 0) fail('guestChargeTypes');
  if (typeof o.vouchers?.minDevicePriceAfterDiscountsRsd !== 'number') fail('vouchers.minDevicePriceAfterDiscountsRsd');
  return { ...o, cmsComponents: o.cmsComponents ?? {} };
}

let cached: RulesConfig | null = null;

export function rulesConfig(): RulesConfig {
  cached ??= check(JSON.parse(readFileSync(FILE, 'utf8')));
  return cached;
}

/** Tests: run with another configuration (null = the file again). */
export function setRulesConfig(c: RulesConfig | null): void {
  cached = c ? check(c) : null;
}
