// The cart limits (schemas/rules/cart-limits.json, a rule document checked by npm run schemas:check against
// schemas/meta/rule.schema.json): one data file, read once at start and checked again at load.
import { readFileSync } from 'node:fs';
import type { RuleDocument } from '../../schemas/types/rule';

/** The cart limits: their shape is the meta-schema's (schemas/meta/rule.schema.json "cartLimits"), generated. */
export type RulesConfig = NonNullable<RuleDocument['cartLimits']>;

/** The productOfferingTypes sold as add-ons of a tariff (add-ons are services in the cart view). */
export const ADDON_TYPES = ['ADDON_POSTPAID', 'ADDON_PREPAID', 'TV_ADDON', 'HOME_NET_ADDON', 'SPECIAL_ADD_ON', 'MTS_TV_GO_ADDON', 'SHARED_NET', 'ADDITIONAL_SERVICE', 'STREAMING_SUBSCRIPTION'];

const FILE = new URL('../../schemas/rules/cart-limits.json', import.meta.url);

function check(c: unknown): RulesConfig {
  const o = c as RulesConfig;
  const fail = (what: string) => { throw new Error(`schemas/rules/cart-limits.json: ${what}`); };
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
  if (typeof o.vouchers?.couponValueRsd !== 'number' || o.vouchers.couponValueRsd <= 0) fail('vouchers.couponValueRsd');
  return { ...o, cmsComponents: o.cmsComponents ?? {} };
}

let cached: RulesConfig | null = null;

export function rulesConfig(): RulesConfig {
  cached ??= check((JSON.parse(readFileSync(FILE, 'utf8')) as RuleDocument).cartLimits);
  return cached;
}

/** Tests: run with another configuration (null = the file again). */
export function setRulesConfig(c: RulesConfig | null): void {
  cached = c ? check(c) : null;
}
